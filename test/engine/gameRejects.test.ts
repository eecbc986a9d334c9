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
  assert.deepEqual(gameRejects({ type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modify', hp: 3 }), ['warning: "edit-mode": a spec form the game refuses: 0.F reads no edit-mode ("Invalid or misplaced field name"); redefine the whole definition instead, or write "copy-from" its own id with only the members to change']);
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

test('duplicate-id on 0.F advises what the 0.F game reads, not the edit-mode or override it refuses; a copy-from of its own id is the 0.F way to change a definition', () => {
  const monster = { type: 'MONSTER', id: 'mon_zombie', name: { str: 'zombie' }, description: 'd', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 5, speed: 100, symbol: 'Z', color: 'white' };
  const recipe = { type: 'recipe', result: 'rag', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 0, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[['sheet_cotton', 1]]] };
  const dog = { type: 'MONSTER', id: 'mon_dog', 'copy-from': 'mon_dog', hp: 30 };
  const ws = workspace(mod({ 'a.json': [monster, recipe, dog], 'b.json': [{ ...dog, hp: 40 }] }), {}, REPORTED);
  assert.deepEqual(ws.diagnostics('m/a.json').map((d) => `${d.code} ${d.message}`), [
    'duplicate-id monster "mon_zombie" is already defined in mod "dda"; the 0.F game loads this one in its place (it reads no "edit-mode"); to change only some of its members, write "copy-from": "mon_zombie" with just those, or pick another id',
    'duplicate-id recipe "rag" is already defined in mod "dda"; the 0.F game loads this one in its place (it reads no "override"); to change only some of its members, write "copy-from": "rag" with just those, or give this recipe an "id_suffix"',
  ]);
  // A second copy of its own id in the same mod is applied on top of the first (0.F: "Duplicate profession X in scenario Y").
  assert.deepEqual(ws.diagnostics('m/b.json').map((d) => `${d.code} ${d.message}`), [
    'duplicate-id monster "mon_dog" is already defined in another file of this mod; this copy-from of its own id changes that one again (a list it extends gets its entries twice); merge the two',
  ]);
});
