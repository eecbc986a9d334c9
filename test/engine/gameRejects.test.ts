/**
 * `game-rejects`: spec forms the 0.F game itself refuses to load (each found with the game's --check-mods):
 * edit-mode, `cbms`, recipe `override`, pets as plain ids, psi damage. A warning each; spec-valid otherwise.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, workspace } from '../helpers/workspace';

const mod = (files: Record<string, unknown>) => ({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });
const REPORTED = { severity: {} };

function gameRejects(value: unknown): string[] {
  const ws = workspace(mod({ 'a.json': [value] }), {}, REPORTED);
  return ws.diagnostics('m/a.json').filter((d) => d.code === 'game-rejects').map((d) => `${d.severity}: ${d.message}`);
}

test('game-rejects: each spec form the 0.F game refuses fires once, as a warning', () => {
  assert.deepEqual(gameRejects({ type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modify', hp: 3 }), ['warning: "edit-mode": a spec form the game refuses: 0.F reads no edit-mode ("Invalid or misplaced field name"); redefine the whole definition instead']);
  assert.match(gameRejects({ type: 'profession', id: 'p', name: 'P', description: 'd', points: 0, cbms: ['bio_x'] })[0], /"cbms": .*Invalid or misplaced field name "cbms" \(the game reads "CBMs"\)/);
  assert.match(gameRejects({ type: 'scenario', id: 's', name: 'S', description: 'd', points: 0, start_name: 'x', cbms: ['bio_x'] })[0], /"cbms"/);
  assert.match(gameRejects({ type: 'recipe', result: 'rag', override: true })[0], /"override": .*0\.F replaces an existing recipe id silently/);
  assert.match(gameRejects({ type: 'profession', id: 'p', name: 'P', description: 'd', points: 0, pets: ['mon_dog'] })[0], /"pets\[0\]": "mon_dog": .*tried to start object/);
  assert.match(gameRejects({ type: 'MONSTER', id: 'mon_z', 'copy-from': 'mon_zombie', melee_damage: [{ damage_type: 'psi', amount: 1 }] })[0], /"melee_damage\[0\]\.damage_type": "psi": .*Invalid damage type/);
});

test('game-rejects near-misses: the forms the game reads do not fire', () => {
  assert.deepEqual(gameRejects({ type: 'profession', id: 'p', name: 'P', description: 'd', points: 0, CBMs: ['bio_x'], pets: [{ name: 'mon_dog', amount: 1 }] }), []);
  assert.deepEqual(gameRejects({ type: 'MONSTER', id: 'mon_z', 'copy-from': 'mon_zombie', melee_damage: [{ damage_type: 'cut', amount: 1 }] }), []);
  assert.deepEqual(gameRejects({ type: 'recipe', result: 'rag' }), []);
});
