/**
 * One fixture per check: a case that must fire and a near-miss that must not. Fixtures are small mods
 * on top of a miniature base game (test/helpers/workspace.ts).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { coveredText, ITEM_BASICS, modinfo, workspace } from '../helpers/workspace';
import { alternativesCount } from '../../server/src/checks/tooComplex';

/** A complete monster; tests override what they need. */
function monster(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'MONSTER', id, name: { str: id }, description: 'test monster', default_faction: 'zombie', bodytype: 'human',
    volume: '62500 ml', weight: '81500 g', hp: 10, speed: 100, symbol: 'Z', color: 'red', ...extra,
  };
}

function recipe(result: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'recipe', result, category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', skills_required: ['tailor', 1], difficulty: 1,
    time: '5 m', autolearn: true, qualities: [], tools: [], components: [[['rag', 1]]], ...extra,
  };
}

function profession(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'profession', id, name: 'Test', description: 'test', points: 0, ...extra };
}

function scenario(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'scenario', id, name: 'Test', description: 'test', points: 0, start_name: 'Field', ...extra };
}

const mod = (files: Record<string, unknown>, deps = ['dda']) => ({ 'm/modinfo.json': modinfo('m', deps), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });

test('a complete monster, profession, scenario and recipe give no diagnostics', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_a'), profession('prof_a'), scenario('scen_a', { professions: ['prof_a'] }), recipe('jeans')] }));
  assert.deepEqual(ws.diagnostics('m/a.json'), []);
  assert.deepEqual(ws.diagnostics('m/modinfo.json'), []);
});

test('json-syntax: a trailing comma fires; the next object is still checked', () => {
  const text = `[\n${JSON.stringify(monster('mon_a'))},\n{ "type": "MONSTER", "id": "mon_b", "edit-mode": "modify", "hp": 3, }\n]`;
  const ws = workspace(mod({ 'a.json': text }));
  const ds = ws.diagnostics('m/a.json');
  // modify-missing sits on the broken object's id, before the syntax error at its end.
  assert.deepEqual(ds.map((d) => d.code), ['modify-missing', 'json-syntax']);
});

test('missing-field: fires for create, not for modify, not when the copy-from parent has it', () => {
  const { description: _d, ...noDescription } = monster('mon_nodesc');
  const ws = workspace(mod({
    'a.json': [
      noDescription,
      { type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modify', hp: 5 },
      { type: 'MONSTER', id: 'mon_child', 'copy-from': 'mon_zombie', name: { str: 'child' } },
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['missing-field']);
  assert.match(ds[0].message, /"description"/);
  assert.equal(coveredText(ws, ds[0]), '"mon_nodesc"');
});

test('missing-field: override needs every mandatory member too', () => {
  const ws = workspace(mod({ 'a.json': [{ type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'override', hp: 5 }] }));
  const missing = ws.diagnostics('m/a.json').filter((d) => d.code === 'missing-field').map((d) => /member "([^"]+)"/.exec(d.message)![1]).sort();
  assert.deepEqual(missing, ['bodytype', 'color', 'default_faction', 'description', 'name', 'speed', 'symbol', 'volume', 'weight']);
});

test('duplicate-id: a create of a core monster fires, with the core definition as related information', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_zombie')] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['duplicate-id']);
  assert.equal(ds[0].related?.length, 1);
  assert.match(ds[0].related![0].path, /json[\\/]monsters\.json$/);
});

test('duplicate-id: near-misses: override, modify, and same id of another kind', () => {
  const ws = workspace(mod({
    'a.json': [
      monster('mon_zombie', { 'edit-mode': 'override' }),
      { type: 'MONSTER', id: 'mon_dog', 'edit-mode': 'modify', hp: 5 },
      { type: 'GENERIC', id: 'mon_zombie', name: 'an item named like a monster', ...ITEM_BASICS },
    ],
  }));
  assert.deepEqual(ws.codes('m/a.json'), []);
});

test('duplicate-id: twice in the same mod, in two files: the later one fires', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_new')], 'b.json': [monster('mon_new')] }));
  assert.deepEqual(ws.codes('m/a.json'), []);
  assert.deepEqual(ws.codes('m/b.json'), ['duplicate-id']);
});

test('duplicate-id: recipes: override false fires, override true and a different id_suffix do not', () => {
  const ws = workspace(mod({ 'a.json': [recipe('rag'), recipe('rag', { override: true }), recipe('rag', { id_suffix: 'alt' })] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['duplicate-id']);
  assert.equal(coveredText(ws, ds[0]), '"rag"');
});

test('duplicate-id: a mod does not clash with an unrelated mod', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'), 'a/m.json': [monster('mon_same')],
    'b/modinfo.json': modinfo('b'), 'b/m.json': [monster('mon_same')],
  });
  assert.deepEqual(ws.codes('a/m.json'), []);
  assert.deepEqual(ws.codes('b/m.json'), []);
});

test('modify-missing: fires for an unknown id; not for a core id or one from a dependency', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'), 'a/m.json': [monster('mon_from_a')],
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'b/m.json': [
      { type: 'MONSTER', id: 'mon_zombiee', 'edit-mode': 'modify', hp: 1 },
      { type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modify', hp: 1 },
      { type: 'MONSTER', id: 'mon_from_a', 'edit-mode': 'modify', hp: 1 },
    ],
  });
  const ds = ws.diagnostics('b/m.json');
  assert.deepEqual(ds.map((d) => d.code), ['modify-missing']);
  assert.match(ds[0].message, /did you mean "mon_zombie"/);
});

test('modify-missing: an unrelated mod\'s monster is not visible', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'), 'a/m.json': [monster('mon_from_a')],
    'c/modinfo.json': modinfo('c'), 'c/m.json': [{ type: 'MONSTER', id: 'mon_from_a', 'edit-mode': 'modify', hp: 1 }],
  });
  assert.deepEqual(ws.codes('c/m.json'), ['modify-missing']);
});

test('bad-unit: wrong case and non-integer fire with a fix; a larger exact unit is a unit-style hint', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_a', { volume: '62500 mL' }), monster('mon_b', { weight: '1.5 kg' }), monster('mon_c', { volume: '2000 ml' })] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['bad-unit', 'error'], ['bad-unit', 'error'], ['unit-style', 'hint']]);
  assert.deepEqual(ds.map((d) => d.fixes?.[0]), [{ kind: 'replaceValue', text: '62500 ml', certain: true }, { kind: 'replaceValue', text: '1500 g', certain: true }, { kind: 'replaceValue', text: '2 L' }]);
});

test('bad-unit: a unit one slip from one accepted unit gets that unit as a fix ("10 kgg", "1 kgs", "1 g 5 gg"); one near units of two sizes gets none ("5 gg")', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_a', { weight: '10 kgg' }), monster('mon_b', { weight: '1 kgs' }), monster('mon_c', { weight: '5 gg' }), monster('mon_d', { weight: '1 g 5 kgg' }), monster('mon_e', { volume: '250 mls' })] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), Array(5).fill('bad-unit'));
  assert.deepEqual(ds.map((d) => d.fixes?.[0]), [{ kind: 'replaceValue', text: '10 kg' }, { kind: 'replaceValue', text: '1 kg' }, undefined, { kind: 'replaceValue', text: '1 g 5 kg' }, { kind: 'replaceValue', text: '250 ml' }]);
  assert.equal(ds[0].message, '"weight" "10 kgg" uses unknown unit "kgg" (did you mean "kg"?); accepted units: "kg", "g", "mg"');
  assert.equal(ds[2].message, '"weight" "5 gg" uses unknown unit "gg"; accepted units: "kg", "g", "mg"');
});

test('bad-unit: near-misses: L, ml, g, kg, mg, no space, and weights and times of several terms', () => {
  const ws = workspace(mod({
    'a.json': [
      monster('mon_a', { volume: '250 ml', weight: '40 kg' }), monster('mon_b', { volume: '3L', weight: '500 mg' }),
      monster('mon_c', { weight: '1 kg 500 g' }), recipe('jeans', { time: '1 h 30 m' }), recipe('tshirt', { time: '5m' }),
    ],
  }));
  assert.deepEqual(ws.codes('m/a.json'), []);
});

test('bad-unit: the game\'s own rejections (docs/game-behaviour.md): compound or trailing-space volume, "min", "1.5 h"', () => {
  const ws = workspace(mod({
    'a.json': [
      monster('mon_a', { volume: '1 L 500 ml' }), monster('mon_b', { volume: '250 ml ' }), monster('mon_c', { volume: '-5 L' }),
      recipe('jeans', { time: '5 min' }), recipe('tshirt', { time: '1.5 h' }),
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), Array(5).fill(['bad-unit', 'error']));
  assert.deepEqual(ds[0].fixes, [{ kind: 'replaceValue', text: '1500 ml', certain: true }]);
  assert.deepEqual(ds[4].fixes, [{ kind: 'replaceValue', text: '90 m', certain: true }]);
});

test('unknown-id: monster, item, profession, faction references; with did-you-mean', () => {
  const ws = workspace(mod({
    'a.json': [
      monster('mon_a', { upgrades: { half_life: 4, into: 'mon_zombi' }, default_faction: 'zombiee' }),
      profession('prof_a', { items: { both: ['jeans', 'jeanz', ['tshirt', 'snippet_x']] }, pets: ['mon_dog'] }),
      scenario('scen_a', { professions: ['prof_a', 'unemployd'] }),
      recipe('jeans', { components: [[['rag', 1], ['ragg', 2]]] }),
    ],
  }));
  const ds = ws.diagnostics('m/a.json').filter((d) => d.code === 'unknown-id');
  const got = ds.map((d) => coveredText(ws, d)).sort();
  assert.deepEqual(got, ['"jeanz"', '"mon_zombi"', '"ragg"', '"unemployd"', '"zombiee"']);
  const into = ds.find((d) => coveredText(ws, d) === '"mon_zombi"')!;
  assert.match(into.message, /unknown monster "mon_zombi".*did you mean "mon_zombie"/);
});

test('unknown-id: keyed by kind: an item id does not satisfy a monster reference', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_a', { upgrades: { half_life: 4, into: 'jeans' } })] }));
  assert.deepEqual(ws.codes('m/a.json'), ['unknown-id']);
});

test('unknown-id: copy-from a missing parent fires; an abstract parent does not', () => {
  const ws = workspace(mod({
    'a.json': [
      { type: 'MONSTER', id: 'mon_a', 'copy-from': 'mon_nobody' },
      monster('mon_b', { 'copy-from': 'mon_base_template' }),
    ],
  }));
  assert.deepEqual(ws.codes('m/a.json'), ['unknown-id']);
});

test('copy-from-cycle: two records inheriting from each other', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_x', { 'copy-from': 'mon_y' }), monster('mon_y', { 'copy-from': 'mon_x' })] }));
  assert.deepEqual(ws.codes('m/a.json'), ['copy-from-cycle', 'copy-from-cycle']);
});

test('invalid-value: value sets, ranges, types, symbol width, name forms', () => {
  const ws = workspace(mod({
    'a.json': [
      monster('mon_a', { bodytype: 'dragon' }),
      monster('mon_b', { aggression: 500 }),
      monster('mon_c', { luminance: 11 }),
      monster('mon_d', { symbol: '龍' }),
      monster('mon_e', { hp: '10' }),
      monster('mon_f', { phase: 'FOO' }),
      monster('mon_g', { melee_damage: [{ damage_type: 'fire', amount: 3 }] }),
      profession('prof_a', { name: { male: 'A' } }),
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  // A name object needs both forms: its missing "female" is a missing member of the nested object.
  assert.deepEqual(ds.map((d) => d.code), [...Array(7).fill('invalid-value'), 'missing-field']);
  assert.match(ds[0].message, /"bodytype": "dragon" is not a valid value/);
});

test('invalid-value: near-misses at the limits', () => {
  const ws = workspace(mod({
    'a.json': [
      monster('mon_a', { aggression: -99, luminance: 10, symbol: 'e\u0301', phase: 'PLASMA', melee_damage: [{ damage_type: 'electric', amount: 3 }] }),
      monster('mon_b', { aggression: 100, luminance: 0, symbol: 'é' }),
      monster('mon_c', { symbol: '😀' }),
      profession('prof_a', { name: { male: 'A', female: 'B' } }),
    ],
  }));
  assert.deepEqual(ws.codes('m/a.json'), []);
});

test('invalid-value: add:/remove: members: undocumented or outside edit-mode modify', () => {
  const ws = workspace(mod({
    'a.json': [
      { type: 'profession', id: 'unemployed', 'edit-mode': 'modify', 'add:skils': [] },
      profession('prof_new', { 'add:flags': ['X'] }),
      { type: 'profession', id: 'unemployed', 'edit-mode': 'modify', 'add:flags': ['X'], 'items.add:both': ['jeans', ['tshirt', 'snippet_x']], 'remove:flags': ['Y'] },
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['invalid-value', 'invalid-value']);
  assert.match(ds[0].message, /did you mean "add:skills"/);
});

test('invalid-value: scenario missions must start a game', () => {
  const ws = workspace(mod({ 'a.json': [scenario('s1', { missions: ['MISSION_NPC_ONLY'] }), scenario('s2', { missions: ['MISSION_START'] })] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['invalid-value']);
  assert.equal(coveredText(ws, ds[0]), '"MISSION_NPC_ONLY"');
});

test('unknown-field: a misspelt member fires with the closest name; comments do not', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_a', { speeed: 3, '//': 'a comment', '//2': 'another' })] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['unknown-field']);
  assert.match(ds[0].message, /did you mean "speed"/);
  assert.deepEqual(ds[0].fixes, [{ kind: 'renameKey', to: 'speed' }]);
});

test('too-complex: the game\'s own split (checked with cdda-check: 4 groups x 5 shared items fail, 4 x 3 pass)', () => {
  const items = ['rag', 'jeans', 'tshirt', 'sheet_cotton', 'hammer'].map((i) => [i, 1]);
  const five = items, three = items.slice(0, 3);
  const ws = workspace(mod({
    'a.json': [
      recipe('jeans', { components: [five, five, five, five] }),
      recipe('tshirt', { components: [three, three, three, three] }),
      recipe('rag', { id_suffix: 'b', components: [five, five, five] }),
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['too-complex', 'warning']]);
  assert.match(ds[0].message, /recipe "jeans"/);
});

test('too-complex: alternatives counted as the game counts them', () => {
  const five = ['a', 'b', 'c', 'd', 'e'];
  const three = ['a', 'b', 'c'];
  assert.equal(alternativesCount([['a'], ['b']]), 1);
  assert.equal(alternativesCount([['a', 'b'], ['a']]), 2);
  assert.equal(alternativesCount([five, five, five]), 55);
  assert.equal(alternativesCount([three, three, three, three]), 75);
  assert.equal(alternativesCount([five, five, five, five]), undefined, 'past 100: too complex');
});

test('unknown-dependency and dependency-cycle on modinfo.json', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a', ['dda', 'b']),
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'c/modinfo.json': modinfo('c', ['dda', 'no_such_mod']),
  });
  assert.deepEqual(ws.codes('a/modinfo.json'), ['dependency-cycle']);
  assert.deepEqual(ws.codes('b/modinfo.json'), ['dependency-cycle']);
  const unknown = ws.diagnostics('c/modinfo.json');
  assert.deepEqual(unknown.map((d) => d.code), ['unknown-dependency']);
  assert.equal(coveredText(ws, unknown[0]), '"no_such_mod"');
});

test('a mod with a missing dependency: a near miss of a found id is still reported, an id found nowhere is left to the missing mod, said once', () => {
  const ws = workspace({
    'c/modinfo.json': modinfo('c', ['dda', 'no_such_mod']),
    'c/m.json': [
      { type: 'MONSTER', id: 'mon_c', 'copy-from': 'mon_zombie', upgrades: { into: 'mon_zombi', half_life: 4 } },
      { type: 'MONSTER', id: 'mon_d', 'copy-from': 'mon_of_the_missing_mod' },
    ],
  });
  const ds = ws.diagnostics('c/m.json');
  assert.deepEqual(ds.map((d) => [d.code, coveredText(ws, d)]), [['unknown-id', '"mon_zombi"']]);
  assert.match(ds[0].message, /did you mean "mon_zombie"/);
  const [dependency] = ws.diagnostics('c/modinfo.json');
  assert.match(dependency.message, /^Unknown dependency "no_such_mod": .*; until it is found, an id this mod names that is found nowhere is not reported/);
});

test('missing-field: recipes follow the game: only result, and category when subcategory is given', () => {
  const ws = workspace(mod({
    'a.json': [
      { type: 'recipe', result: 'rag', id_suffix: 'bare' },
      { type: 'uncraft', result: 'jeans' },
      { type: 'recipe', result: 'rag', id_suffix: 'sub_only', subcategory: 'CSC_OTHER_OTHER' },
      { type: 'recipe', id_suffix: 'no_result' },
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => /member "([^"]+)"/.exec(d.message)?.[1]), ['category', 'result']);
});

test('obsolete recipes are not checked: the game stops reading them after their id', () => {
  const ws = workspace(mod({ 'a.json': [{ type: 'recipe', result: 'no_such_item', obsolete: true, components: [[['nothing', 1]]] }] }));
  assert.deepEqual(ws.codes('m/a.json'), []);
});

test('a map-generator-only file is indexed without parsing and still gets its syntax errors', () => {
  const ws = workspace(mod({
    'mapgen.json': '[ { "type": "mapgen", "om_terrain": "field", "object": { "predecessor_mapgen": "field" }, } ]',
    'update.json': [{ type: 'mapgen', update_mapgen_id: 'upd_x', object: {} }],
    'overmap.json': [{ type: 'overmap_terrain', id: 'field' }],
  }));
  assert.equal(ws.project.defs.get('update_mapgen', 'upd_x').length, 1);
  assert.deepEqual(ws.codes('m/mapgen.json'), ['json-syntax']);
});

test('missing-field through copy-from names the parent as related information', () => {
  const { bodytype: _b, ...noBodytype } = monster('mon_parent');
  const ws = workspace(mod({ 'a.json': [noBodytype, { type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_parent' }] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['missing-field', 'missing-field']);
  assert.equal(ds[1].related?.[0].message, 'copy-from parent monster "mon_parent", which lacks "bodytype" too');
});

test('invalid-value (warning): starting ammo above a gun attack\'s max_ammo (spec 2.2.4, section 7)', () => {
  const gun = (max: number) => ({ type: 'gun', cooldown: 1, gun_type: 'hammer', ammo_type: 'rag', max_ammo: max });
  const ws = workspace(mod({
    'a.json': [
      monster('mon_turret', { starting_ammo: { rag: 100 }, special_attacks: [gun(50)] }),
      monster('mon_turret_ok', { starting_ammo: { rag: 100 }, special_attacks: [gun(100)] }),
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['invalid-value', 'warning']]);
  assert.equal(coveredText(ws, ds[0]), '50');
});

test('unknown-id: a half-typed id suggests the ids it begins', () => {
  const ws = workspace(mod({ 'a.json': [monster('mon_a', { upgrades: { half_life: 4, into: 'mon_zo' } })] }));
  const [d] = ws.diagnostics('m/a.json');
  assert.match(d.message, /did you mean "mon_zombie"\?/);
});

test('unknown-id: two swapped letters suggest the id ("hamemr": "hammer"); an id two edits away from all does not', () => {
  const ws = workspace(mod({ 'a.json': [recipe('jeans', { tools: [[['hamemr', -1]]] }), recipe('tshirt', { tools: [[['hxmmxr', -1]]] })] }));
  const messages = ws.diagnostics('m/a.json').filter((d) => d.code === 'unknown-id').map((d) => d.message);
  assert.deepEqual(messages, ['"tools[0][0][0]": unknown item "hamemr"; did you mean "hammer"?', '"tools[0][0][0]": unknown item "hxmmxr"']);
});
