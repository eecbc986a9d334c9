/**
 * The current game's (0.I / experimental) profession, profession group, profession item substitution and
 * scenario tables: current-format definitions validate cleanly, what the game no longer reads is reported
 * with its replacement, and near misses stay quiet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldSpec, KindSchema, TypeSpec } from '../../server/src/schema/types';
import { validateTopLevel } from '../../server/src/schema/topLevel';
import type { FoundReference, ValueProblem } from '../../server/src/schema/valueReports';
import {
  PROFESSION_GROUP_SCHEMA_CURRENT, PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT, PROFESSION_SCHEMA_CURRENT,
} from '../../server/src/schema/current/profession';
import { SCENARIO_SCHEMA_CURRENT } from '../../server/src/schema/current/scenario';

function check(schema: KindSchema, value: Record<string, unknown>): { problems: ValueProblem[]; references: FoundReference[] } {
  const problems: ValueProblem[] = [];
  const references: FoundReference[] = [];
  validateTopLevel(value, schema, 'definition', 'create', { problem: (p) => problems.push(p), reference: (r) => references.push(r) });
  return { problems, references };
}

/** `base` with `changes` applied; an `undefined` change removes the member. */
function edit(base: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ ...base, ...changes }).filter(([, v]) => v !== undefined));
}

const refs = (references: FoundReference[]): string[] => references.map((r) => `${r.path.join('.')}=${r.kind}:${r.id}`);

// Shaped like the game's own data (json/professions.json, json/hobbies.json).
const PROFESSION = {
  type: 'profession',
  id: 'cop',
  name: { male: 'Police Officer', female: 'Police Officer' },
  description: 'Just a small-town deputy when you got the call.',
  points: 2,
  npc_background: 'BG_survival_story_POLICE',
  requirement: 'achievement_reach_police_station',
  skills: [{ level: 3, name: 'gun' }, { level: 3, name: 'pistol' }],
  proficiencies: ['prof_spotting'],
  traits: ['PROF_POLICE', { trait: 'HAIR_CROPPED', variant: 'brown' }],
  CBMs: ['bio_flashlight'],
  pets: [{ name: 'mon_dog_gshepherd', amount: 1 }],
  age_lower: 21,
  starting_cash: 150000,
  missions: ['MISSION_LAST_DELIVERY'],
  addictions: [{ type: 'nicotine', intensity: 10 }],
  items: {
    both: {
      items: ['pants_army', 'socks', 'badge_deputy'],
      entries: [{ group: 'charged_cell_phone' }, { item: 'glock_19', 'ammo-item': '9mm', charges: 15, 'container-item': 'holster' }],
    },
    male: { entries: [{ item: 'boxer_shorts' }] },
    female: ['bra', ['tshirt_text', 'allyourbase']],
  },
  flags: ['NO_BONUS_ITEMS'],
} as Record<string, unknown>;

const HOBBY = {
  type: 'profession',
  subtype: 'hobby',
  id: 'driving_license',
  name: 'Driving License',
  description: 'You can drive.',
  points: 0,
  skills: [{ level: 2, name: 'driving' }],
  starting_styles_choices: ['style_karate', 'style_judo'],
  spells: [{ id: 'create_atomic_light', level: 5 }],
};

// Shaped like json/scenarios.json.
const SCENARIO = {
  type: 'scenario',
  id: 'summer_advanced_start',
  name: 'The Next Summer',
  points: 1,
  description: 'You barely survived the first winter.',
  allowed_locs: ['sloc_field', 'sloc_forest'],
  start_name: 'Wilderness',
  professions: ['unemployed', 'naturalist'],
  hobbies: ['driving_license'],
  whitelist_hobbies: false,
  forced_traits: 'FERAL', // a single id in place of the list, as 28 scenarios of the game write it
  eoc: ['scenario_start_eoc'],
  requirement: 'achievement_survive_one_season',
  hard_requirement: true,
  reveal_locale: false,
  distance_initial_visibility: 5,
  map_extra: 'mx_helicopter',
  surround_groups: [['GROUP_BLACK_ROAD', 70.0]],
  start_of_cataclysm: { hour: 0, day: 56, season: 'spring', year: 1 },
  start_of_game: { hour: 8, day: 1, season: 'summer', year: 2 },
  flags: ['LONE_START'],
};

test('current-format professions and hobbies validate cleanly, with their references', () => {
  const prof = check(PROFESSION_SCHEMA_CURRENT, PROFESSION);
  assert.deepEqual(prof.problems, []);
  const r = refs(prof.references);
  for (const want of [
    'npc_background=trait_group:BG_survival_story_POLICE', 'requirement=achievement:achievement_reach_police_station',
    'traits.0=mutation:PROF_POLICE', 'traits.1.trait=mutation:HAIR_CROPPED', 'CBMs.0=bionic:bio_flashlight',
    'pets.0.name=MONSTER:mon_dog_gshepherd', 'addictions.0.type=addiction_type:nicotine', 'missions.0=mission_definition:MISSION_LAST_DELIVERY',
    'items.female.0=item:bra', 'items.female.1.0=item:tshirt_text', 'items.female.1.1=snippet:allyourbase',
  ]) assert.ok(r.includes(want), `${want} in ${r.join(', ')}`);
  const hobby = check(PROFESSION_SCHEMA_CURRENT, HOBBY);
  assert.deepEqual(hobby.problems, []);
  assert.ok(refs(hobby.references).includes('starting_styles_choices.1=martial_art:style_judo'));
});

test('a current-format scenario validates cleanly, with its references', () => {
  const { problems, references } = check(SCENARIO_SCHEMA_CURRENT, SCENARIO);
  assert.deepEqual(problems, []);
  const r = refs(references);
  for (const want of [
    'allowed_locs.1=start_location:sloc_forest', 'professions.0=profession:unemployed', 'hobbies.0=profession:driving_license',
    'forced_traits=mutation:FERAL', 'eoc.0=effect_on_condition:scenario_start_eoc', 'requirement=achievement:achievement_survive_one_season',
    'map_extra=map_extra:mx_helicopter', 'surround_groups.0.0=monstergroup:GROUP_BLACK_ROAD',
  ]) assert.ok(r.includes(want), `${want} in ${r.join(', ')}`);
});

test('profession groups and item substitutions (fractional ratio, group id) validate cleanly', () => {
  assert.deepEqual(check(PROFESSION_GROUP_SCHEMA_CURRENT, { type: 'profession_group', id: 'adult_basic_background', professions: ['driving_license'] }).problems, []);
  assert.deepEqual(check(PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT, {
    type: 'profession_item_substitutions', item: 'meat', sub: [{ present: ['VEGETARIAN'], absent: ['CANNIBAL'], new: [{ item: 'meat_cooked', ratio: 0.72 }, 'fork'] }],
  }).problems, []);
  assert.deepEqual(check(PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT, {
    type: 'profession_item_substitutions', group: 'charged_matches', bonus: { present: ['ALBINO'] },
  }).problems, []);
});

test('custom_initial_date is a removed member, naming start_of_game / start_of_cataclysm, with a migration', () => {
  const { problems } = check(SCENARIO_SCHEMA_CURRENT, edit(SCENARIO, { start_of_game: undefined, custom_initial_date: { season: 'winter' } }));
  assert.equal(problems.length, 1, JSON.stringify(problems));
  const [p] = problems;
  assert.equal(p.code, 'removed-member');
  assert.deepEqual(p.path, ['custom_initial_date']);
  assert.match(p.message, /start_of_game/);
  assert.match(p.message, /start_of_cataclysm/);
  assert.deepEqual(p.fixes, [{ kind: 'migrate', migration: { kind: 'rename', to: 'start_of_game' }, certain: true }]);
});

test('spec names the game spells differently are removed members with a rename', () => {
  const prof = check(PROFESSION_SCHEMA_CURRENT, edit(PROFESSION, { CBMs: undefined, cbms: ['bio_flashlight'] }));
  assert.deepEqual(prof.problems.map((p) => [p.code, p.path.join('.'), p.fixes]), [['removed-member', 'cbms', [{ kind: 'migrate', migration: { kind: 'rename', to: 'CBMs' }, certain: true }]]]);
  const scen = check(SCENARIO_SCHEMA_CURRENT, edit(SCENARIO, { map_extra: undefined, map_special: 'mx_helicopter' }));
  assert.deepEqual(scen.problems.map((p) => [p.code, p.path.join('.')]), [['removed-member', 'map_special']]);
});

test('near misses do not fire: the replacements themselves, comment members, and inheritance edits', () => {
  // start_of_game carries exactly what custom_initial_date did; CBMs / map_extra are the game's names.
  for (const [schema, value] of [
    [SCENARIO_SCHEMA_CURRENT, edit(SCENARIO, { start_of_cataclysm: undefined, start_of_game: { season: 'winter' } })],
    [SCENARIO_SCHEMA_CURRENT, { ...SCENARIO, '//': 'was custom_initial_date in 0.F', '//custom_initial_date': 'note' }],
    [SCENARIO_SCHEMA_CURRENT, { type: 'scenario', id: 'evacuee', 'copy-from': 'evacuee', extend: { professions: ['cop'], map_special: 'x' } }],
    [PROFESSION_SCHEMA_CURRENT, { ...PROFESSION, CBMs: ['bio_flashlight'] }],
  ] as [KindSchema, Record<string, unknown>][]) {
    assert.deepEqual(check(schema, value).problems, [], JSON.stringify(value));
  }
});

test('what the current game does not read: edit-mode, add:/remove:, pets as ids, scenario items and bionics', () => {
  const codes = (schema: KindSchema, v: Record<string, unknown>): string[] => check(schema, v).problems.map((p) => `${p.code} ${p.path.join('.')}`);
  assert.deepEqual(codes(PROFESSION_SCHEMA_CURRENT, { ...PROFESSION, 'edit-mode': 'modify' }), ['unknown-field edit-mode']);
  assert.deepEqual(codes(PROFESSION_SCHEMA_CURRENT, { ...PROFESSION, 'add:traits': ['X'] }), ['invalid-value add:traits']);
  assert.deepEqual(codes(PROFESSION_SCHEMA_CURRENT, { ...PROFESSION, pets: ['mon_dog'] }), ['invalid-value pets.0']);
  assert.deepEqual(codes(SCENARIO_SCHEMA_CURRENT, { ...SCENARIO, items: { both: ['rock'] }, forbids_bionics: true }), ['unknown-field items', 'unknown-field forbids_bionics']);
  assert.deepEqual(codes(SCENARIO_SCHEMA_CURRENT, { ...SCENARIO, name: { male: 'a', female: 'b' } }), ['invalid-value name']);
  assert.deepEqual(codes(SCENARIO_SCHEMA_CURRENT, { ...SCENARIO, allowed_locs: [] }), ['invalid-value allowed_locs']);
  const typo = check(PROFESSION_SCHEMA_CURRENT, { ...HOBBY, subtype: 'hobbby' }).problems;
  assert.deepEqual(typo.map((p) => p.fixes), [[{ kind: 'replaceValue', text: 'hobby' }]]);
  assert.deepEqual(codes(SCENARIO_SCHEMA_CURRENT, { ...SCENARIO, start_of_game: { season: 'fall' } }), ['invalid-value start_of_game.season']);
});

/** The field lists of every object inside `spec`, each once (item group entries nest: the specs are recursive). */
function nestedFields(spec: TypeSpec, seen = new Set<TypeSpec>()): (readonly FieldSpec[])[] {
  if (seen.has(spec)) return [];
  seen.add(spec);
  switch (spec.kind) {
    case 'object': return [spec.fields, ...spec.fields.flatMap((f) => nestedFields(f.type, seen))];
    case 'array': return nestedFields(spec.of, seen);
    case 'tuple': return spec.items.flatMap((t) => nestedFields(t, seen));
    case 'map': return nestedFields(spec.value, seen);
    case 'union': return spec.options.flatMap((t) => nestedFields(t, seen));
    default: return [];
  }
}

test('current tables: described, no duplicates, no edit members, required members as the game requires them', () => {
  const tables: Record<string, KindSchema> = {
    profession: PROFESSION_SCHEMA_CURRENT, profession_group: PROFESSION_GROUP_SCHEMA_CURRENT,
    profession_item_substitutions: PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT, scenario: SCENARIO_SCHEMA_CURRENT,
  };
  for (const [type, schema] of Object.entries(tables)) {
    assert.deepEqual(schema.editMembers, [], type);
    assert.ok(!schema.fields.some((f) => f.name === 'edit-mode'), `${type} has edit-mode`);
    for (const fields of [schema.fields, ...schema.fields.flatMap((f) => nestedFields(f.type))]) {
      const names = fields.map((f) => f.name);
      assert.equal(new Set(names).size, names.length, `${type}: duplicate in ${names.join(', ')}`);
      for (const f of fields) assert.ok(f.description.trim().length > 0, `${type}.${f.name} has no description`);
    }
  }
  const required = (s: KindSchema): string[] => s.fields.filter((f) => f.required).map((f) => f.name).sort();
  assert.deepEqual(required(PROFESSION_SCHEMA_CURRENT), ['description', 'id', 'name', 'points', 'type']);
  assert.deepEqual(required(SCENARIO_SCHEMA_CURRENT), ['allowed_locs', 'description', 'id', 'name', 'points', 'start_name', 'type']);
  assert.deepEqual(required(PROFESSION_GROUP_SCHEMA_CURRENT), ['id', 'type']);
  assert.deepEqual(required(PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT), ['type']);
  assert.deepEqual(SCENARIO_SCHEMA_CURRENT.removed?.map((r) => r.name), ['custom_initial_date', 'map_special']);
});
