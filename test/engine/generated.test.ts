/**
 * The member tables generated from each version's data (scripts/gen-type-tables.mjs, schema/generated.ts):
 * types without a hand-written table are checked (closed top level, JSON types, units) and their references
 * indexed (unknown-id, find references), for both versions; a hand-written table always wins.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { ITEM_BASICS, modinfo, workspace, type FileTree } from '../helpers/workspace';
import { references } from '../../server/src/queries/references';
import { documentSymbols } from '../../server/src/queries/symbols';
import { hover } from '../../server/src/queries/hover';
import { registryOf, findVersion } from '../../server/src/registry/versions';
import { parsePath } from '../../server/src/schema/memberPaths';
import { dialogueKeyOf } from '../../server/src/schema/dialogueLanguage';
import { TABLES as TABLES_0F } from '../../server/src/registry/versions/generated/tables-0F';
import { TABLES as TABLES_CURRENT } from '../../server/src/registry/versions/generated/tables-current';

const mod = (files: FileTree, id = 'm', deps = ['dda']): FileTree => ({ [`${id}/modinfo.json`]: modinfo(id, deps), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`${id}/${k}`, v])) });

/** The marker of the current game's data, and what its fixtures refer to. */
const CURRENT_CORE: FileTree = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }, { type: 'damage_type', id: 'cut', name: 'cut' }],
  'json/items_current.json': [{ type: 'ITEM', id: 'stick', name: { str: 'stick' }, subtypes: ['TOOL'], weight: '1 kg', volume: '1 L' }],
};

const unknownIds = (ds: readonly { code: string; message: string }[]): string[] => ds.filter((d) => d.code === 'unknown-id').map((d) => d.message);

test('generated tables: every version has one per loaded type without a hand-written table, and they parse', () => {
  for (const [id, tables] of [['0.F', TABLES_0F], ['current', TABLES_CURRENT]] as const) {
    const registry = registryOf(findVersion(id)!);
    assert.ok(Object.keys(tables).length > 100, `${id}: ${Object.keys(tables).length} tables`);
    for (const type of Object.keys(tables)) {
      assert.equal(registry.handWrittenSchemaOfType(type), undefined, `${id} ${type}: a hand-written table exists, the generator must skip it`);
      assert.ok(registry.isKnownType(type), `${id} ${type} is a loaded type`);
      for (const p of Object.keys(tables[type].m)) assert.ok(parsePath(p).length > 0, p);
    }
    // Hand-written always wins (its `extend` lists its list members, see schema/listEdits.ts; its dialogue is
    // given the version's names, see schema/dialogue.ts).
    const others = (fields: readonly { name: string; description: string }[] | undefined) => fields?.filter((f) => f.name !== 'extend').map((f) => `${f.name}: ${f.description}`);
    assert.deepEqual(others(registry.schemaOfType('MONSTER')?.fields), others(registry.handWrittenSchemaOfType('MONSTER')?.fields));
    assert.ok(registry.schemaOfType('item_group'));
    assert.ok(registry.schemaOfType('monstergroup'));
  }
  assert.ok(registryOf(findVersion('0.F')!).schemaOfType('GENERIC'));
  assert.ok(registryOf(findVersion('current')!).schemaOfType('ITEM'));
});

test('generated tables: an effect on condition written in place inside a recipe lends it none of the recipe\'s members', () => {
  // The index keeps such an effect on condition as a record of its own (records/inlineDefinitions.ts) whose value
  // is the whole recipe: the generator must not learn `skill_used` or `result_eocs` as members of effects on condition.
  const eoc = TABLES_CURRENT.effect_on_condition.m;
  assert.deepEqual(['skill_used', 'result_eocs', 'autolearn'].filter((m) => m in eoc), []);
});

test('generated tables: dialogue is kept by member name (the language reads it so), not path by path in each type', () => {
  for (const [id, tables] of [['0.F', TABLES_0F], ['current', TABLES_CURRENT]] as const) {
    const below = Object.values(tables).flatMap((t) => Object.keys(t.m)).filter((p) => dialogueKeyOf(p) !== undefined);
    assert.deepEqual(below.slice(0, 5), [], `${id}: ${below.length} paths below a dialogue container`);
    assert.ok(Object.keys(findVersion(id)!.generatedDialogue ?? {}).length > 100, `${id}: the pooled dialogue`);
  }
});

test('unknown-id: an item group entry naming a missing item fires, with did-you-mean; an existing one does not', () => {
  const ws = workspace(mod({
    'groups.json': [
      { type: 'item_group', id: 'g_bad', subtype: 'collection', entries: [{ item: 'jeens', prob: 50 }, { group: 'g_good' }] },
      { type: 'item_group', id: 'g_good', subtype: 'distribution', entries: [{ item: 'jeans', prob: 50 }, { item: 'hammer', prob: 10 }] },
    ],
  }));
  const ds = ws.diagnostics('m/groups.json');
  assert.deepEqual(unknownIds(ds), ['"entries[0].item": unknown item "jeens"; did you mean "jeans"?']);
  assert.equal(ds.length, 1);
});

test('unknown-id: a monster group entry naming a missing monster fires; an existing one does not', () => {
  const ws = workspace(mod({
    'groups.json': [
      { type: 'monstergroup', name: 'GROUP_TEST', default: 'mon_zombie', monsters: [{ monster: 'mon_zombei', freq: 10, cost_multiplier: 1 }, { monster: 'mon_dog', freq: 5, cost_multiplier: 1 }] },
    ],
  }));
  // 0.F reads a monster there (a reading): an error, on the game's reader.
  assert.deepEqual(unknownIds(ws.diagnostics('m/groups.json')), ['"monsters[0].monster": unknown monster "mon_zombei"; did you mean "mon_zombie"?']);
  assert.deepEqual(ws.diagnostics('m/groups.json').map((d) => `${d.severity}/${d.basis}`), ['error/reader']);
  // The current game: keyed by id, same table shape generated from its own data.
  const current = workspace(mod({
    'groups.json': [{ type: 'monstergroup', id: 'GROUP_TEST', monsters: [{ monster: 'mon_zombei', weight: 10 }, { monster: 'mon_dog', weight: 5 }] }],
  }), CURRENT_CORE);
  // The current game reads a monster there too (MonsterGroupManager::check_group_definitions, a reading).
  assert.deepEqual(unknownIds(current.diagnostics('m/groups.json')), ['"monsters[0].monster": unknown monster "mon_zombei"; did you mean "mon_zombie"?']);
  assert.deepEqual(current.diagnostics('m/groups.json').map((d) => `${d.severity}/${d.basis}`), ['error/reader']);
});

test('bad-unit: an item weight in an unknown unit fires (0.F GENERIC, current ITEM); valid units do not', () => {
  const f = workspace(mod({ 'items.json': [{ type: 'GENERIC', id: 'my_rock', name: { str: 'rock' }, ...ITEM_BASICS, weight: '500 gr', volume: '250 ml' }, { type: 'GENERIC', id: 'my_stone', name: { str: 'stone' }, ...ITEM_BASICS, weight: '500 g', volume: '1 L' }] }));
  const ds = f.diagnostics('m/items.json');
  assert.deepEqual(ds.map((d) => d.code), ['bad-unit']);
  assert.match(ds[0].message, /"weight" "500 gr" uses unknown unit "gr"/);
  // No style hint from a generated table ("1000 g" is fine): that is the spec's rule for the spec's kinds.
  assert.deepEqual(workspace(mod({ 'items.json': [{ type: 'GENERIC', id: 'my_rock', name: { str: 'rock' }, ...ITEM_BASICS, weight: '1000 g' }] })).diagnostics('m/items.json'), []);
  const c = workspace(mod({ 'items.json': [{ type: 'ITEM', id: 'my_rock', name: { str: 'rock' }, ...ITEM_BASICS, weight: '500 gr', volume: '250 ml', price: '2 USD', longest_side: '10 cm' }] }), CURRENT_CORE);
  assert.deepEqual(c.diagnostics('m/items.json').map((d) => d.code), ['bad-unit']);
});

test('a duration the data writes as a time string may be an integer number of turns (time_duration::deserialize); not a boolean', () => {
  const item = (spoils: unknown) => ({ type: 'ITEM', subtypes: ['COMESTIBLE'], id: 'my_bread', name: { str: 'bread' }, ...ITEM_BASICS, weight: '100 g', volume: '250 ml', spoils_in: spoils });
  assert.deepEqual(workspace(mod({ 'items.json': [item(0)] }), CURRENT_CORE).codes('m/items.json'), []);
  assert.deepEqual(workspace(mod({ 'items.json': [item('2 days')] }), CURRENT_CORE).codes('m/items.json'), []);
  assert.deepEqual(workspace(mod({ 'items.json': [item(true)] }), CURRENT_CORE).codes('m/items.json'), ['invalid-value']);
});

test('a list of ids may be written as its one id (the generic readers take a single value); the id is still a reference', () => {
  const trait = (id: string, cancels: unknown) => ({ type: 'mutation', id, name: { str: id }, description: 'd', points: 0, cancels });
  const ws = workspace(mod({ 'traits.json': [trait('MY_THINSKIN', []), trait('MY_A', 'MY_THINSKIN'), trait('MY_B', ['MY_THINSKIN']), trait('MY_C', 'MY_THINSKNI')] }), CURRENT_CORE);
  assert.deepEqual(unknownIds(ws.diagnostics('m/traits.json')), ['"cancels": unknown trait "MY_THINSKNI"; did you mean "MY_THINSKIN"?']);
  assert.deepEqual(ws.codes('m/traits.json'), ['unknown-id']);
});

test('unknown-field: a generated table closes the top level (did you mean), keeps nested objects open, accepts inheritance members', () => {
  const ws = workspace(mod({
    'groups.json': [
      { type: 'item_group', id: 'g1', subtype: 'collection', itms: [['jeans', 50]] },
      { type: 'item_group', id: 'g2', 'copy-from': 'g1', extend: { items: ['rag'] }, '//': 'comment' },
      // A nested object stays open (0.F's item group entries are closed by a hand refinement: test/engine/gameRules.test.ts).
      { type: 'SPELL', id: 's1', name: 'S', description: 'd', effect: 'attack', extra_effects: [{ id: 's1', some_future_member: 1 }] },
    ],
  }));
  const ds = ws.diagnostics('m/groups.json');
  assert.deepEqual(ds.map((d) => d.code), ['unknown-field']);
  assert.match(ds[0].message, /Unknown member "itms"; did you mean "items"\?/);
});

test('invalid-value: a generated table checks JSON types by the forms the data uses (information, on the data alone)', () => {
  const ws = workspace(mod({ 'groups.json': [{ type: 'monstergroup', name: 'GROUP_T', monsters: 'mon_zombie' }] }));
  const ds = ws.diagnostics('m/groups.json');
  // Information: the table knows the forms the data uses, not every form the game reads.
  assert.deepEqual(ds.map((d) => `${d.code}/${d.severity}/${d.basis}`), ['invalid-value/information/data']);
  assert.match(ds[0].message, /"monsters" is "mon_zombie": the game's data never writes a string here \(only an array of objects\); check that the game reads one/);
});

test('find references: a monster is named by the monster groups that spawn it and the map generators that place it', () => {
  const ws = workspace(mod({
    'monsters.json': [{ type: 'MONSTER', id: 'mon_test_spawn', name: { str: 'x' }, description: 'x', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'x', color: 'red' }],
    'groups.json': [{ type: 'monstergroup', name: 'GROUP_SPAWN', default: 'mon_zombie', monsters: [{ monster: 'mon_test_spawn', freq: 10, cost_multiplier: 1 }] }],
    'mapgen.json': [{ type: 'mapgen', method: 'json', om_terrain: 'field', object: { rows: [], place_monster: [{ monster: 'mon_test_spawn', x: 1, y: 1 }] } }],
    'overmap.json': [{ type: 'overmap_terrain', id: 'field' }],
  }));
  const file = ws.file('m/monsters.json');
  const text = fs.readFileSync(file, 'utf8');
  const sites = references(ws.project, file, text.indexOf('mon_test_spawn') + 2, false);
  const where = sites.map((s) => `${s.path.slice(s.path.lastIndexOf('/') + 1)}:${fs.readFileSync(s.path, 'utf8').slice(s.start, s.end)}`);
  assert.ok(where.includes('groups.json:"mon_test_spawn"'), where.join(', '));
  assert.ok(where.includes('mapgen.json:"mon_test_spawn"'), where.join(', '));
  // A map generator without an id is a record (checked, indexed), listed by the terrain it generates.
  assert.deepEqual(documentSymbols(ws.project, ws.file('m/mapgen.json')).map((s) => s.name), ['mapgen field']);
});

test('unknown-id: map generator and palette symbols name terrain and furniture; the null ids the game defines in code resolve', () => {
  const core: FileTree = {
    'json/terrain.json': [{ type: 'terrain', id: 't_floor', name: 'floor' }, { type: 'terrain', id: 't_wall', name: 'wall' }],
    'json/furniture.json': [{ type: 'furniture', id: 'f_chair', name: 'chair' }],
  };
  const ws = workspace(mod({
    'palette.json': [{ type: 'palette', id: 'pal_t', terrain: { '.': 't_floor', '#': 't_wal', ' ': 't_null' }, furniture: { c: 'f_chair', x: 'f_null' } }],
    'overmap.json': [{ type: 'overmap_terrain', id: 'field' }],
  }), core);
  // A palette's terrain is read as an id of terrain (0.F jmapgen_terrain: "invalid terrain id"): unknown.
  assert.deepEqual(unknownIds(ws.diagnostics('m/palette.json')), ['"terrain.#": unknown terrain "t_wal"; did you mean "t_wall"?']);
});

test('a template (abstract) may name another template; a concrete definition may not', () => {
  const ws = workspace(mod({
    'items.json': [{ type: 'GENERIC', abstract: 'rock_abstract', name: { str: 'rock' } }],
    'groups.json': [{ type: 'item_group', id: 'g', entries: [{ item: 'rock_abstract' }] }],
    'parts.json': [{ type: 'vehicle_part', abstract: 'part_abstract', item: 'rock_abstract' }, { type: 'vehicle_part', id: 'part_rock', 'copy-from': 'part_abstract', item: 'rock_abstract' }],
  }));
  assert.deepEqual(unknownIds(ws.diagnostics('m/groups.json')), ['"entries[0].item": unknown item "rock_abstract"']);
  // A vehicle part's item, read as an item (0.F vpart_info::check: "uses undefined item"): a template is none.
  assert.deepEqual(unknownIds(ws.diagnostics('m/parts.json')), ['"item": unknown item "rock_abstract"']);
});

test('dialogue members mean the same at any depth: an effect an effect-on-condition adds, deep in an if/then, is a reference', () => {
  const core: FileTree = { ...CURRENT_CORE, 'json/effects.json': [{ type: 'effect_type', id: 'stunned' }, { type: 'effect_type', id: 'downed' }] };
  const ws = workspace(mod({
    'eocs.json': [{
      type: 'effect_on_condition', id: 'EOC_TEST',
      effect: [{ if: { u_has_effect: 'downed' }, then: [{ u_add_effect: 'stuned', duration: '1 m' }], else: [{ u_add_effect: 'stunned', duration: '1 m' }] }],
    }],
  }), core);
  assert.deepEqual(unknownIds(ws.diagnostics('m/eocs.json')), ['"effect[0].then[0].u_add_effect": unknown effect "stuned"; did you mean "stunned"?']);
});

test('dialogue values: a spell member the data writes as a number may be a math object; a translatable name may be either form', () => {
  const ws = workspace(mod({
    'spells.json': [{ type: 'SPELL', id: 'sp_test', name: { str: 'test' }, description: 'A test.', valid_targets: ['self'], effect: 'attack', min_damage: { math: ['u_spell_level(\'sp_test\') * 2'] }, max_damage: 10 }],
  }), CURRENT_CORE);
  assert.deepEqual(ws.diagnostics('m/spells.json').filter((d) => d.code === 'invalid-value'), []);
});

test('hover on an item reference shows its key fields, read again from its file (items keep a summary)', () => {
  const ws = workspace(mod({ 'groups.json': [{ type: 'item_group', id: 'g', subtype: 'collection', entries: [{ item: 'stick' }] }] }), CURRENT_CORE);
  const file = ws.file('m/groups.json');
  const text = fs.readFileSync(file, 'utf8');
  const h = hover(ws.project, file, text.indexOf('"stick"') + 2);
  assert.ok(h, 'a hover');
  assert.match(h.markdown, /\| weight \| `"1 kg"` \|/);
  assert.match(h.markdown, /\| subtypes \| `\["TOOL"\]` \|/);
});
