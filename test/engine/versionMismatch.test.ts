/**
 * A mod's game-version verdict (registry/versions/writtenFor.ts) follows edits: the edit that makes a mod read as
 * written for another format returns every reported file of the mod (the uses of its root causes become
 * information, nothing is held back), and the edit that undoes it returns them again.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const item = (i: number): Record<string, unknown> => ({ type: 'ITEM', subtypes: ['TOOL'], id: `new_${i}`, name: { str: 'x' }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' });

test('an edit that makes a mod one of another format returns all its files; undoing it returns them again', () => {
  const game = writeTree(MINI_CORE);
  const ws = writeTree({
    'mine/modinfo.json': modinfo('mine'),
    'mine/monsters.json': '[ { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "speeed": 1 } ]\n',
    'mine/items.json': '[]\n',
  });
  const p = new Project({ gamePath: game, roots: [ws] });
  p.load();
  const file = (rel: string): string => path.join(ws, 'mine', rel);
  const codes = (rel: string): string[] => p.diagnostics(file(rel)).map((d) => d.code);
  assert.deepEqual(codes('monsters.json'), ['unknown-field']);
  assert.deepEqual(codes('modinfo.json'), []);
  // One ITEM decides it (0.F never loads one).
  const changed = p.updateFile(file('items.json'), JSON.stringify([item(0)]));
  assert.deepEqual(changed.map((f) => path.basename(f)).sort(), ['items.json', 'modinfo.json', 'monsters.json']);
  assert.deepEqual(codes('monsters.json'), ['unknown-field'], 'not held back');
  assert.deepEqual(p.diagnostics(file('items.json')).map((d) => [d.code, d.severity]), [['unknown-type', 'information']]);
  assert.deepEqual(codes('modinfo.json'), ['game-version-mismatch', 'game-version-mismatch']);
  assert.match(p.diagnostics(file('modinfo.json'))[1].message, /^1 definition of "type": "ITEM"/);
  // More items: the notices' counts change, the other files' diagnostics do not.
  const more = p.updateFile(file('items.json'), JSON.stringify(Array.from({ length: 9 }, (_, i) => item(i))));
  assert.deepEqual(more.map((f) => path.basename(f)).sort(), ['items.json', 'modinfo.json']);
  assert.match(p.diagnostics(file('modinfo.json'))[1].message, /^9 definitions of "type": "ITEM"/);
  const undone = p.updateFile(file('items.json'), '[]');
  assert.deepEqual(undone.map((f) => path.basename(f)).sort(), ['items.json', 'modinfo.json', 'monsters.json']);
  assert.deepEqual(codes('monsters.json'), ['unknown-field']);
  assert.deepEqual(codes('modinfo.json'), []);
});
