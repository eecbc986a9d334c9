/**
 * References that ids of another kind also satisfy: an item reference resolved by a migration (registry
 * alsoResolvedBy), a building recipe's result by an overmap terrain. The other kinds are looked up only when the
 * reference's own kind has no such id (the memo of a record whose references resolve keeps no migration keys),
 * and an edit of either kind re-checks the references it decides.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { modinfo, workspace } from '../helpers/workspace';

const RECIPE = { type: 'recipe', result: 'rag', id_suffix: 'mine', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 0, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[['old_cloth', 1]]] };

function mod(items: unknown[]) {
  return {
    'm/modinfo.json': modinfo('m'),
    'm/recipes.json': [RECIPE],
    'm/items.json': items,
  };
}

test('a reference resolved by an item keeps no migration key; a migration resolves it when the item goes', () => {
  const ws = workspace(mod([{ type: 'GENERIC', id: 'old_cloth', name: { str: 'old cloth' } }]));
  assert.deepEqual(ws.codes('m/recipes.json'), []);
  const file = ws.project.files.get(ws.file('m/recipes.json'))!;
  const deps = [...file.memo.values()].flatMap((m) => m.deps.filter((d): d is string => typeof d === 'string'));
  // Whether the item is there, not what it says (see CheckHost.existenceKeyOf).
  assert.ok(deps.includes(ws.project.existenceKeyOf('item', 'old_cloth')));
  assert.ok(!deps.some((d) => d.startsWith('MIGRATION\u0000')), `no migration keys: ${deps.join(', ')}`);
  // The item becomes a migration to another item: the reference still resolves.
  const migration = [{ type: 'MIGRATION', id: 'old_cloth', replace: 'rag' }];
  ws.project.updateFile(ws.file('m/items.json'), JSON.stringify(migration));
  assert.deepEqual(ws.codes('m/recipes.json'), []);
  // The migration goes too: unknown.
  ws.project.updateFile(ws.file('m/items.json'), '[]');
  assert.deepEqual(ws.codes('m/recipes.json'), ['unknown-id']);
  // A migration alone resolves it again (the unresolved reference depends on the migration key).
  ws.project.updateFile(ws.file('m/items.json'), JSON.stringify(migration));
  assert.deepEqual(ws.codes('m/recipes.json'), []);
  fs.rmSync(ws.mods, { recursive: true, force: true });
  fs.rmSync(ws.game, { recursive: true, force: true });
});

test('a building recipe whose result is an overmap terrain is re-checked when the terrain comes and goes', () => {
  const building = { ...RECIPE, id_suffix: undefined, result: 'camp_hut', category: 'CC_BUILDING', subcategory: 'CSC_ALL', components: [[['rag', 1]]] };
  const terrain = [{ type: 'overmap_terrain', id: 'camp_hut', name: 'hut' }];
  const category = { 'json/building.json': [{ type: 'recipe_category', id: 'CC_BUILDING', recipe_subcategories: ['CSC_ALL'] }] };
  const ws = workspace({ 'm/modinfo.json': modinfo('m'), 'm/recipes.json': [building], 'm/overmap.json': terrain }, category);
  assert.deepEqual(ws.codes('m/recipes.json'), []);
  ws.project.updateFile(ws.file('m/overmap.json'), '[]');
  assert.deepEqual(ws.codes('m/recipes.json'), ['unknown-id']);
  ws.project.updateFile(ws.file('m/overmap.json'), JSON.stringify(terrain));
  assert.deepEqual(ws.codes('m/recipes.json'), []);
  fs.rmSync(ws.mods, { recursive: true, force: true });
  fs.rmSync(ws.game, { recursive: true, force: true });
});
