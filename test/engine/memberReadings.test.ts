/**
 * Member readings on generated tables (schema/memberReadings.ts, registry/versions/readings-*.ts): how the game's
 * loaders read a member where its data cannot show it, attached by path or by name, the one mechanism refining the
 * generated tables. Colors: what 0.F's own --check-mods says ("couldn't parse color: i_i_red", "Deprecated foreground
 * color suffix was used: (lt) in (ltred)"; "", "unset", "c_white_red", "i_light_gray", "h_dark_gray" and seasonal
 * arrays load).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, workspace, type FileTree } from '../helpers/workspace';
import { schemaFromTable, type GeneratedTable, type TableContext } from '../../server/src/schema/generated';
import { oneOrManyPaths } from '../../server/src/schema/memberPaths';
import type { MemberReadings } from '../../server/src/schema/memberReadings';
import type { FieldSpec, TypeSpec } from '../../server/src/schema/types';

const mod = (files: FileTree): FileTree => ({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });
const CURRENT_CORE: FileTree = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };
const core = (version: '0.F' | 'current'): FileTree => (version === 'current' ? CURRENT_CORE : {});
const itemType = (version: '0.F' | 'current'): Record<string, unknown> => (version === 'current' ? { type: 'ITEM' } : { type: 'GENERIC' });

function reported(defs: unknown[], version: '0.F' | 'current'): string[] {
  const ws = workspace(mod({ 'defs.json': defs }), core(version), { gameVersion: version });
  return ws.diagnostics('m/defs.json').map((d) => `${d.code}/${d.severity}: ${d.message}`);
}

/** The schema of table `T` read with `readings`, and the readings it had no place for. */
function read(m: GeneratedTable['m'], readings: MemberReadings): { fields: readonly FieldSpec[]; unapplied: readonly string[] } {
  const context: TableContext = { version: 'test', readings };
  const { schema, unapplied } = schemaFromTable({ n: 3, m }, 'T', 'T', context);
  return { fields: schema.fields, unapplied };
}

/** The references a spec's strings name (`[x]`: in an array; `-`: none). */
const refs = (t: TypeSpec): string[] => (t.kind === 'union' ? t.options.flatMap(refs) : t.kind === 'array' ? refs(t.of).map((r) => `[${r}]`) : t.kind === 'string' ? [t.ref ?? '-'] : []);
const field = (fields: readonly FieldSpec[], name: string): FieldSpec => fields.find((f) => f.name === name)!;

test('a reading attached by path says what the table lacks a place for, and why', () => {
  const { unapplied } = read({ a: 'i 3', b: 's 3' }, { T: { a: { ref: 'item' }, gone: { ref: 'item' }, b: { required: true }, 'b.c': { closed: true } } });
  assert.deepEqual(unapplied, [
    'a: the data never writes a string there (i)', 'gone: the table has no such member',
    "b: a top-level member's requiredness is the hand-written tables'", 'b.c: the table has no such member',
  ]);
});

test('a one-or-many path (`[]?`) says one thing of a member read as one value or an array, wherever the table has either', () => {
  assert.deepEqual(oneOrManyPaths('use_action[]?.type'), ['use_action.type', 'use_action[].type']);
  assert.deepEqual(oneOrManyPaths('repeat_responses[]?.for_item[]?'), [
    'repeat_responses.for_item', 'repeat_responses.for_item[]', 'repeat_responses[].for_item', 'repeat_responses[].for_item[]',
  ]);
  // Both forms of `flags` name json_flags; `list`, written as an array only, takes one item too (the generic readers).
  const { fields, unapplied } = read({ flags: 'sa 3', 'flags[]': 's 3', list: 'a 3', 'list[]': 's 3' }, { T: { 'flags[]?': { ref: 'json_flag' }, 'list[]?': { ref: 'item' }, 'nothing[]?': { ref: 'item' } } });
  assert.deepEqual([refs(field(fields, 'flags').type), refs(field(fields, 'list').type)], [['json_flag', '[json_flag]'], ['[item]', 'item']]);
  // Hover says what the reading says of the member's strings.
  assert.equal(field(fields, 'flags').description, "Seen in 3 of 3 definitions: a `json_flag` id or an array (from the game's data, read as its loader reads it).");
  // A one-or-many path none of whose forms the table has is not applied (an error of the committed tables' readings,
  // see gameRules.test.ts).
  assert.deepEqual(unapplied, ['nothing[]?: the table has no such member']);
});

test('a reading by name applies to the member so named at any depth; one by path says more than one by name', () => {
  const range: TypeSpec = { kind: 'union', options: [{ kind: 'string' }, { kind: 'tuple', items: [{ kind: 'number' }, { kind: 'number' }], required: 2 }] };
  const m = { x: 's 3', 'o': 'o 3', 'o.x': 's 3', 'o.y': 's 3', 'p': 'o 3', 'p.x': 's 3' };
  const { fields } = read(m, { '*': { '**.x': { type: range } }, T: { 'p.x': { ref: 'item' }, 'o.new': { type: { kind: 'boolean' } }, 'o.y': { required: true } } });
  assert.deepEqual(field(fields, 'x').type, range);
  const nested = (name: string): readonly FieldSpec[] => { const t = field(fields, name).type; return (t.kind === 'union' ? t.options.find((o) => o.kind === 'object') as { fields: readonly FieldSpec[] } : { fields: [] }).fields; };
  assert.deepEqual(field(nested('o'), 'x').type, range);
  // A reader's spec adds a member the data does not show; a nested member may be required.
  assert.deepEqual(field(nested('o'), 'new').type, { kind: 'boolean' });
  assert.equal(field(nested('o'), 'y').required, true);
  // `p.x` has its own reading by path, read on top of the name's reader: its strings name items.
  assert.deepEqual(refs(field(nested('p'), 'x').type), ['item']);
  assert.deepEqual(refs(field(nested('o'), 'x').type), ['-']);
});

for (const version of ['0.F', 'current'] as const) {
  test(`colors (${version}): an item color outside the game's names is an error, with did-you-mean; every form the game reads passes`, () => {
    const item = (id: string, color: unknown): Record<string, unknown> => ({ ...itemType(version), id, name: { str: id }, description: 'd', weight: '1 g', volume: '1 ml', symbol: 'x', color });
    assert.deepEqual(reported([item('t_a', 'lightred'), item('t_b', 'ltred'), item('t_c', 'c_black_black')], version), [
      'invalid-value/error: "color": "lightred" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "light_red"?)',
      'invalid-value/error: "color": "ltred" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...)',
      'invalid-value/error: "color": "c_black_black" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...)',
    ]);
    const valid = ['light_gray', 'dark_gray_cyan', 'c_white_red', 'i_light_gray', 'h_dark_gray', 'unset', ''];
    assert.deepEqual(reported(valid.map((c, i) => item(`t_ok${i}`, c)), version), []);
  });

  test(`colors (${version}): terrain and furniture, one per season, and a background the game prefixes with i_`, () => {
    const furniture = { type: 'furniture', id: 'f_t', name: 'f', description: 'd', symbol: 'f', move_cost_mod: 0, required_str: -1 };
    const terrain = { type: 'terrain', id: 't_t', name: 't', description: 'd', symbol: 't', move_cost: 2 };
    assert.deepEqual(reported([
      { ...furniture, id: 'f_a', bgcolor: 'i_red' }, { ...furniture, id: 'f_b', bgcolor: 'light_gray' }, { ...furniture, id: 'f_c', color: 'brown' },
      { ...terrain, id: 't_a', color: ['red', 'green', 'brwn', 'white_red'] }, { ...terrain, id: 't_b', color: 'yellow' },
    ], version), [
      'invalid-value/error: "bgcolor": "i_red" is not a valid value; expected a background color name (`white`, `light_gray`, `red`...: the game adds `i_`)',
      'invalid-value/error: "color[2]": "brwn" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "brown"?)',
    ]);
  });

  test(`references (${version}): a robot item's place_monster names a monster: an unknown one fires, a defined one does not`, () => {
    const robot = (id: string, monster: string): Record<string, unknown> => ({
      ...itemType(version), ...(version === 'current' ? { subtypes: ['TOOL'] } : { type: 'TOOL' }), id, name: { str: id }, description: 'd', weight: '1 g', volume: '1 ml', symbol: 'x', color: 'red',
      use_action: { type: 'place_monster', monster_id: monster, moves: 60 },
    });
    assert.deepEqual(reported([robot('t_a', 'mon_zombie'), robot('t_b', 'mon_zombee')], version), ['unknown-id/error: "use_action.monster_id": unknown monster "mon_zombee"; did you mean "mon_zombie"?']);
  });
}

test('colors on the hand-written monster tables too: an unknown name is an error; a missing 0.F color is added as "white", without 259 choices', () => {
  const monster = (id: string, extra: Record<string, unknown>): Record<string, unknown> => ({
    type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 5, speed: 100, symbol: 'x', ...extra,
  });
  for (const version of ['0.F', 'current'] as const) {
    assert.deepEqual(reported([monster('mon_a', { color: 'lightgreen' }), monster('mon_b', { color: 'c_light_green' }), monster('mon_c', { color: 'white_cyan' })], version), [
      'invalid-value/error: "color": "lightgreen" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "light_green"?)',
    ], version);
  }
  const ws = workspace(mod({ 'defs.json': [monster('mon_d', {})] }), {}, { gameVersion: '0.F' });
  const missing = ws.diagnostics('m/defs.json').find((d) => d.code === 'missing-field')!;
  assert.deepEqual(missing.fixes, [{ kind: 'addMembers', members: [{ name: 'color', value: 'white', choices: undefined }] }]);
});
