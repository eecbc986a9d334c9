/**
 * Reviewed rules on generated tables (registry/versions/rules-*.ts, MemberRule): what the game's code closes or
 * names and the data cannot show. Colors: what 0.F's own --check-mods says ("couldn't parse color: i_i_red",
 * "Deprecated foreground color suffix was used: (lt) in (ltred)"; "", "unset", "c_white_red", "i_light_gray",
 * "h_dark_gray" and seasonal arrays load).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, workspace, type FileTree } from '../helpers/workspace';
import { oneOrManyPaths, ruleProblems } from '../../server/src/schema/generated';
import { applyOverlay } from '../../server/src/schema/overlay';
import type { KindSchema, TypeSpec } from '../../server/src/schema/types';
import { VERSION_0F } from '../../server/src/registry/versions/v0F';
import { VERSION_CURRENT } from '../../server/src/registry/versions/current';

const mod = (files: FileTree): FileTree => ({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });
const CURRENT_CORE: FileTree = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };
const core = (version: '0.F' | 'current'): FileTree => (version === 'current' ? CURRENT_CORE : {});
const itemType = (version: '0.F' | 'current'): Record<string, unknown> => (version === 'current' ? { type: 'ITEM' } : { type: 'GENERIC' });

function reported(defs: unknown[], version: '0.F' | 'current'): string[] {
  const ws = workspace(mod({ 'defs.json': defs }), core(version), { gameVersion: version });
  return ws.diagnostics('m/defs.json').map((d) => `${d.code}/${d.severity}: ${d.message}`);
}

test('every rule names a path its type\'s generated table has, as a string', () => {
  for (const v of [VERSION_0F, VERSION_CURRENT]) assert.deepEqual(ruleProblems(v.generatedTables!, v.memberRules!), [], v.id);
  assert.deepEqual(ruleProblems({ T: { n: 1, m: { a: 'i 3' } } }, { T: { a: {}, b: {} }, U: { c: {} } }), [
    'T a: the data never writes a string here (i 3)', 'T b: not in the generated table', 'U c: not in the generated table',
  ]);
});

test('a one-or-many path (`[]?`) says one thing of a member read as one value or an array, wherever the table has either', () => {
  assert.deepEqual(oneOrManyPaths('use_action[]?.type'), ['use_action.type', 'use_action[].type']);
  assert.deepEqual(oneOrManyPaths('repeat_responses[]?.for_item[]?'), [
    'repeat_responses.for_item', 'repeat_responses.for_item[]', 'repeat_responses[].for_item', 'repeat_responses[].for_item[]',
  ]);
  // Overlays: both forms of `flags` name json_flags; a table with the array form only is refined there only.
  const strings: TypeSpec = { kind: 'union', options: [{ kind: 'string' }, { kind: 'array', of: { kind: 'string' } }] };
  const schema: KindSchema = { fields: [{ name: 'flags', type: strings, description: '' }, { name: 'list', type: { kind: 'array', of: { kind: 'string' } }, description: '' }], editMembers: [] };
  const refined = applyOverlay(schema, { 'flags[]?': { ref: 'json_flag' }, 'list[]?': { ref: 'item' } }, 'test');
  const refs = (t: TypeSpec): string[] => (t.kind === 'union' ? t.options.flatMap(refs) : t.kind === 'array' ? refs(t.of).map((r) => `[${r}]`) : t.kind === 'string' ? [t.ref ?? '-'] : []);
  assert.deepEqual(refined.schema.fields.map((f) => refs(f.type)), [['json_flag', '[json_flag]'], ['[item]']]);
  // A one-or-many path none of whose forms the table has is not applied (an error of the committed tables' overlay,
  // see gameRules.test.ts); of a rule, a problem.
  assert.match(applyOverlay(schema, { 'nothing[]?': { ref: 'item' } }, 'test').unapplied.join('\n'), /no member "nothing"/);
  assert.deepEqual(ruleProblems({ T: { n: 1, m: { 'color[]': 's 3', size: 'i 2' } } }, { T: { 'color[]?': {}, 'size[]?': {}, 'gone[]?': {} } }), [
    'T size[]?: the data never writes a string here (i 2)', 'T gone[]?: not in the generated table',
  ]);
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
