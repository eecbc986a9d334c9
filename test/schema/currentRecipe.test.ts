/**
 * The current game's recipe tables (schema/current/recipe.ts): a recipe in the 0.I format validates cleanly,
 * what 0.I no longer reads is reported as removed, and members next to those do not set that off.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NESTED_CATEGORY_SCHEMA_CURRENT, PRACTICE_SCHEMA_CURRENT, RECIPE_SCHEMA_CURRENT, UNCRAFT_SCHEMA_CURRENT,
} from '../../server/src/schema/current/recipe';
import { fieldOf } from '../../server/src/schema';
import { validateTopLevel } from '../../server/src/schema/topLevel';
import type { KindSchema } from '../../server/src/schema/types';
import type { FoundReference, ValueProblem } from '../../server/src/schema/valueReports';

function check(schema: KindSchema, value: Record<string, unknown>): { problems: ValueProblem[]; references: FoundReference[] } {
  const problems: ValueProblem[] = [];
  const references: FoundReference[] = [];
  validateTopLevel(value, schema, 'recipe', 'create', { problem: (p) => problems.push(p), reference: (r) => references.push(r) });
  return { problems, references };
}

const RECIPE = {
  type: 'recipe', result: 'knife_steak', variant: 'serrated', id_suffix: 'forged', activity_level: 'MODERATE_EXERCISE',
  category: 'CC_WEAPON', subcategory: 'CSC_WEAPON_CUTTING', skill_used: 'fabrication', difficulty: 3, time: '1 h 30 m',
  skills_required: ['survival', 1], autolearn: true, reversible: { time: '30 s' },
  book_learn: { textbook_fabrication: { skill_level: 3, recipe_name: 'Steak knife' }, manual_knives: { skill_level: 2, hidden: true } },
  proficiencies: [
    { proficiency: 'prof_metalworking', skill_penalty: 0.5, time_multiplier: 1.5 },
    { proficiency: 'prof_blacksmithing', required: true, max_experience: '15 m', learning_time_multiplier: 2 },
  ],
  using: [['blacksmithing_standard', 2], ['forging_standard', 1, 'LIST']],
  qualities: [{ id: 'HAMMER', level: 2 }, [{ id: 'CUT', level: 1 }, { id: 'SAW_M', level: 1, amount: 2 }]],
  tools: [[['forge', 20], ['char_forge', 4], 'anvil'], 'tongs', [['welding_standard', 5, 'LIST']]],
  components: [[['steel_chunk', 1], ['scrap', 3, 'NO_RECOVER']], [['cordage', 1, 'LIST']]],
  result_eocs: ['EOC_FORGED_SOMETHING', { id: 'EOC_INLINE_FORGE', effect: [] }],
  container: 'sheath', container_variant: 'leather', sealed: false, charges: 1, name: { str: 'serrated steak knife' },
};

test('a recipe in the current format validates cleanly, with its references', () => {
  const { problems, references } = check(RECIPE_SCHEMA_CURRENT, RECIPE);
  assert.deepEqual(problems, []);
  const has = (kind: string, id: string) => references.some((r) => r.kind === kind && r.id === id);
  assert.ok(has('recipe_category', 'CC_WEAPON'));
  assert.ok(has('requirement', 'cordage'), 'a LIST component names a requirement');
  assert.ok(has('requirement', 'welding_standard'), 'a LIST tool names a requirement');
  assert.ok(has('requirement', 'forging_standard'));
  assert.ok(has('item', 'anvil') && has('item', 'tongs'), 'bare tool ids are items');
  assert.ok(has('item', 'textbook_fabrication'), 'book_learn object keys are books');
  assert.ok(has('effect_on_condition', 'EOC_FORGED_SOMETHING'));
  assert.ok(has('proficiency', 'prof_blacksmithing'));
  assert.ok(!has('item', 'cordage'));

  assert.deepEqual(check(PRACTICE_SCHEMA_CURRENT, {
    type: 'practice', id: 'prac_knives', name: 'knife sharpening', description: 'Practice.', activity_level: 'LIGHT_EXERCISE',
    category: 'CC_PRACTICE', subcategory: 'CSC_PRACTICE_FABRICATION', skill_used: 'fabrication', time: '1 h',
    practice_data: { min_difficulty: 0, max_difficulty: 2, skill_limit: 3 }, autolearn: [['fabrication', 0]],
    byproduct_group: [{ item: 'scrap', count: 1 }], tools: [['hammer']],
  }).problems, []);
  assert.deepEqual(check(NESTED_CATEGORY_SCHEMA_CURRENT, {
    type: 'nested_category', id: 'nested_knives', name: 'knives', description: 'Knives.', activity_level: 'NO_EXERCISE',
    category: 'CC_WEAPON', subcategory: 'CSC_WEAPON_CUTTING', skill_used: 'fabrication', difficulty: 1,
    nested_category_data: ['knife_steak_serrated_forged', 'knife_butcher'],
  }).problems, []);
  assert.deepEqual(check(UNCRAFT_SCHEMA_CURRENT, {
    type: 'uncraft', result: 'knife_steak', activity_level: 'LIGHT_EXERCISE', time: '30 s', components: [[['steel_chunk', 1]]],
  }).problems, []);
});

test('"fail_multiplier" in a proficiency entry is a removed member, without a rename offered', () => {
  const { problems } = check(RECIPE_SCHEMA_CURRENT, { ...RECIPE, proficiencies: [{ proficiency: 'prof_metalworking', fail_multiplier: 1.5 }] });
  assert.equal(problems.length, 1);
  const [p] = problems;
  assert.equal(p.code, 'removed-member');
  assert.deepEqual(p.path, ['proficiencies', 0, 'fail_multiplier']);
  assert.match(p.message, /skill_penalty/);
  // skill_penalty = fail_multiplier - 1 in the game: renaming the key would change the value.
  assert.equal(p.fixes, undefined);
});

test('near misses do not report a removed member', () => {
  // fail_multiplier was only ever a proficiency-entry member: at the top level it is merely unknown.
  const top = check(RECIPE_SCHEMA_CURRENT, { ...RECIPE, fail_multiplier: 1.5 }).problems;
  assert.deepEqual(top.map((p) => p.code), ['unknown-field']);
  // Its replacement and a misspelling of it are not "removed".
  assert.deepEqual(check(RECIPE_SCHEMA_CURRENT, { ...RECIPE, proficiencies: [{ proficiency: 'prof_metalworking', skill_penalty: 0.5 }] }).problems, []);
  const typo = check(RECIPE_SCHEMA_CURRENT, { ...RECIPE, proficiencies: [{ proficiency: 'prof_metalworking', skill_penalties: 0.5 }] }).problems;
  assert.deepEqual(typo.map((p) => [p.code, p.fixes]), [['unknown-field', [{ kind: 'renameKey', to: 'skill_penalty' }]]]);
});

test('0.F integer recipe time (moves): the string read to the same moves is certain; none exact: the nearest, no fix', () => {
  const problemOf = (schema: KindSchema, base: Record<string, unknown>, time: unknown) => check(schema, { ...base, time }).problems.find((p) => p.path.join('.') === 'time');
  const certain = [{ kind: 'migrate', migration: { kind: 'moves' }, certain: true }];
  const uncraft = { type: 'uncraft', result: 'knife_steak', activity_level: 'LIGHT_EXERCISE' };
  for (const [moves, text] of [[6000, '1 m'], [40000, '6 m 40 s'], [100, '1 s'], [0, '0 s'], [540000, '1 h 30 m'], [8640000, '1 d']] as const) {
    const p = problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, moves);
    assert.equal(p?.code, 'invalid-value');
    assert.deepEqual(p?.fixes, certain, String(moves));
    assert.ok(p!.message.includes(`write ${JSON.stringify(text)} (the same ${moves} moves)`), p!.message);
    assert.deepEqual(problemOf(UNCRAFT_SCHEMA_CURRENT, uncraft, moves)?.fixes, certain, 'an uncraft recipe alike');
    assert.deepEqual(problemOf(RECIPE_SCHEMA_CURRENT, { ...RECIPE, 'copy-from': 'knife_steak' }, moves)?.fixes, certain, 'an inheriting one: the value replaces the parent\'s in both');
  }
  // Near misses: no whole number of seconds, negative, a fraction, a string already, the other time members.
  const odd = problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 150)!;
  assert.equal(odd.fixes, undefined);
  assert.match(odd.message, /no time string reads to exactly 150 moves .*write the nearest, "1 s" or "2 s"/);
  assert.match(problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 50)!.message, /write the nearest, "1 s"$/);
  assert.equal(problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, -100)?.fixes, undefined);
  assert.equal(problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 6000.5)?.fixes, undefined);
  assert.equal(problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, '1 m'), undefined);
  const reversible = check(RECIPE_SCHEMA_CURRENT, { ...RECIPE, reversible: { time: 6000 } }).problems.find((p) => p.path.join('.') === 'reversible.time');
  assert.equal(reversible?.fixes, undefined, 'the uncraft time of "reversible" was never read as moves: not this rewrite');
});

test('0.F activity_level "fake" (read by 0.F as MODERATE_EXERCISE) has that certain rewrite; other values a guess', () => {
  const problemOf = (schema: KindSchema, base: Record<string, unknown>, level: unknown) => check(schema, { ...base, activity_level: level }).problems.find((p) => p.path.join('.') === 'activity_level');
  const certain = [{ kind: 'replaceValue', text: 'MODERATE_EXERCISE', certain: true }];
  const fake = problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 'fake')!;
  assert.equal(fake.code, 'invalid-value');
  assert.deepEqual(fake.fixes, certain);
  assert.match(fake.message, /"fake" is not a value of this game; 0\.F read it as "MODERATE_EXERCISE": write that/);
  assert.deepEqual(problemOf(UNCRAFT_SCHEMA_CURRENT, { type: 'uncraft', result: 'knife_steak' }, 'fake')?.fixes, certain);
  assert.deepEqual(problemOf(RECIPE_SCHEMA_CURRENT, { ...RECIPE, 'copy-from': 'knife_steak' }, 'fake')?.fixes, certain);
  // Near misses: another case, a misspelt level (a guess, never certain), a level of the game.
  assert.ok(!problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 'FAKE')!.fixes?.some((f) => f.certain), 'the game compares the exact string');
  assert.deepEqual(problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 'MODERATE_EXERCIS')?.fixes, [{ kind: 'replaceValue', text: 'MODERATE_EXERCISE' }]);
  assert.equal(problemOf(RECIPE_SCHEMA_CURRENT, RECIPE, 'MODERATE_EXERCISE'), undefined);
});

test('what the current game refuses or requires', () => {
  const codeAt = (schema: KindSchema, value: Record<string, unknown>) => new Map(check(schema, value).problems.map((p) => [p.path.join('.'), p.code]));
  const r = codeAt(RECIPE_SCHEMA_CURRENT, { ...RECIPE, override: true, time: 1000, activity_level: 'fake', difficulty: 11 });
  assert.equal(r.get('override'), 'removed-member');
  assert.equal(r.get('time'), 'invalid-value', 'an integer time is no longer read');
  assert.equal(r.get('activity_level'), 'invalid-value', '"fake" is gone');
  assert.equal(r.get('difficulty'), 'invalid-value');
  assert.equal(codeAt(RECIPE_SCHEMA_CURRENT, { ...RECIPE, components: [[['scrap', 3, false]]] }).get('components.0.0.2'), 'invalid-value');
  assert.equal(codeAt(UNCRAFT_SCHEMA_CURRENT, { type: 'uncraft', result: 'x', activity_level: 'NO_EXERCISE', category: 'CC_OTHER' }).get('category'), 'unknown-field');
  assert.equal(codeAt(PRACTICE_SCHEMA_CURRENT, { type: 'practice', id: 'p', result: 'x' }).get('result'), 'unknown-field');
  assert.equal(codeAt(NESTED_CATEGORY_SCHEMA_CURRENT, { type: 'nested_category', id: 'n', autolearn: true }).get('autolearn'), 'unknown-field');

  const required = (schema: KindSchema) => schema.fields.filter((f) => f.required).map((f) => f.name).sort();
  assert.deepEqual(required(RECIPE_SCHEMA_CURRENT), ['activity_level', 'category', 'subcategory', 'type']);
  assert.deepEqual(required(UNCRAFT_SCHEMA_CURRENT), ['activity_level', 'type']);
  assert.deepEqual(required(PRACTICE_SCHEMA_CURRENT), ['activity_level', 'category', 'id', 'name', 'practice_data', 'subcategory', 'type']);
  assert.deepEqual(required(NESTED_CATEGORY_SCHEMA_CURRENT), ['activity_level', 'category', 'id', 'name', 'nested_category_data', 'subcategory', 'type']);
  const subcategory = fieldOf(RECIPE_SCHEMA_CURRENT, 'subcategory')!.type;
  assert.ok(subcategory.kind === 'string' && !subcategory.values && !subcategory.ref, 'subcategories are data-defined: a plain string');
});
