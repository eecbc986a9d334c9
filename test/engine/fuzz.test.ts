/**
 * Bad input never crashes: random edits (deletions, insertions of JSON punctuation, truncations) of content
 * files go through updateFile and diagnostics without throwing, and the project then equals a fresh build.
 * Seeded, so a failure replays.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { Project } from '../../server/src/project';
import { modinfo, workspace } from '../helpers/workspace';
import { rng } from '../helpers/random';


const PIECES = ['{', '}', '[', ']', ',', ':', '"', '\\', '//', '/*', '\n', '"copy-from": "mon_a",', '"edit-mode": "modify",', '"type": "MONSTER",', '0', 'é', '\u0000'];

test('random edits never throw and end equal to a fresh build', () => {
  const base = JSON.stringify([
    { type: 'MONSTER', id: 'mon_a', name: { str: 'a' }, description: 'd', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'a', color: 'red', upgrades: { half_life: 3, into: 'mon_b' } },
    { type: 'MONSTER', id: 'mon_b', 'copy-from': 'mon_a', special_attacks: [['BITE', 3], { type: 'gun', cooldown: 2, max_ammo: 5 }] },
    { type: 'recipe', result: 'rag', id_suffix: 'x', components: [[['rag', 1], ['jeans', 2, 'LIST']]], skills_required: ['tailor', 1] },
    { type: 'profession', id: 'p', name: { male: 'm', female: 'f' }, description: 'd', points: 0, items: { both: ['jeans', ['tshirt', 'snippet_x']] } },
    { type: 'scenario', id: 's', name: 'S', description: 'd', points: 0, start_name: 'x', professions: ['p'], missions: ['MISSION_START'] },
  ], null, 2);
  const ws = workspace({ 'm/modinfo.json': modinfo('m'), 'm/a.json': base, 'm/b.json': [{ type: 'MONSTER', id: 'mon_c', 'copy-from': 'mon_b' }] });
  const file = ws.file('m/a.json');
  const random = rng(20261121);
  let text = base;
  for (let step = 0; step < 300; step++) {
    const at = Math.floor(random() * (text.length + 1));
    const op = random();
    if (op < 0.4) text = text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + Math.floor(random() * 20)));
    else if (op < 0.9) text = text.slice(0, at) + PIECES[Math.floor(random() * PIECES.length)] + text.slice(at);
    else if (op < 0.95) text = text.slice(0, at);
    else text = base;
    const affected = ws.project.updateFile(file, text);
    for (const p of affected) ws.project.diagnostics(p);
    if (step % 25 === 24) sameAsFresh(step);
  }

  function sameAsFresh(step: number): void {
    fs.writeFileSync(file, text);
    const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity });
    fresh.load();
    for (const rel of ['m/a.json', 'm/b.json', 'm/modinfo.json']) {
      const got = ws.project.diagnostics(ws.file(rel)).map((d) => `${d.start}-${d.end} ${d.code} ${d.message}`);
      const want = fresh.diagnostics(ws.file(rel)).map((d) => `${d.start}-${d.end} ${d.code} ${d.message}`);
      assert.deepEqual(got, want, `${rel} after step ${step}:\n${text}`);
    }
  }
});
