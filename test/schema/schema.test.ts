/**
 * Sanity of the schema tables: every field of the spec's section 2 tables is present with the spec's
 * requiredness (the expected lists below are written out from the spec, independently of the tables),
 * descriptions are non-empty, names are unique, and the documented add:/remove: members are there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldOf } from '../../server/src/schema';
import { registryOf } from '../../server/src/registry/versions';
import { VERSION_0F } from '../../server/src/registry/versions/v0F';
import type { FieldSpec, KindSchema, ObjectSpec, TypeSpec } from '../../server/src/schema/types';
import { validateTopLevel } from '../../server/src/schema/topLevel';
import type { FoundReference, ValueProblem } from '../../server/src/schema/valueReports';

const F = registryOf(VERSION_0F);
const schemaForType = (type: string): KindSchema | undefined => F.schemaOfType(type);

interface Expected {
  readonly required: readonly string[];
  readonly optional: readonly string[];
}

// Spec 2.2 (MONSTER): properties are mandatory unless marked optional.
const MONSTER: Expected = {
  required: ['type', 'id', 'name', 'description', 'volume', 'weight', 'symbol', 'color', 'default_faction', 'bodytype', 'speed', 'hp'],
  optional: [
    'edit-mode', 'categories', 'species', 'scent_tracked', 'scent_ignored', 'size', 'material', 'phase', 'attack_cost', 'diff',
    'aggression', 'morale', 'aggro_character', 'mountable_weight_ratio', 'melee_skill', 'dodge', 'melee_damage', 'melee_dice',
    'melee_dice_sides', 'grab_strength', 'melee_cut', 'armor_bash', 'armor_cut', 'armor_stab', 'armor_acid', 'armor_fire',
    'armor_cold', 'armor_electric', 'vision_day', 'vision_night', 'luminance', 'death_drops', 'death_function', 'on_death',
    'harvest', 'emit_field', 'regenerates', 'regeneration_modifiers', 'regenerates_in_dark', 'regen_morale', 'special_attacks',
    'flags', 'fear_triggers', 'anger_triggers', 'placate_triggers', 'revert_to_itype', 'starting_ammo', 'upgrades',
    'reproduction', 'special_when_hit', 'attack_effs',
  ],
};

// Spec 2.3.
const PROFESSION: Expected = {
  required: ['type', 'id', 'description', 'name', 'points'],
  optional: ['edit-mode', 'addictions', 'skills', 'items', 'pets', 'vehicle', 'flags', 'cbms', 'traits'],
};

// Spec 2.4: two forms, so no member but `type` is mandatory on its own.
const SUBSTITUTIONS: Expected = { required: ['type'], optional: ['item', 'trait', 'sub'] };

// Spec 2.5.
const SCENARIO: Expected = {
  required: ['type', 'id', 'description', 'name', 'points', 'start_name'],
  optional: [
    'edit-mode', 'items', 'surround_groups', 'flags', 'cbms', 'traits', 'forced_traits', 'forbidden_traits', 'bionics',
    'forced_bionics', 'forbidden_bionics', 'forbids_bionics', 'allowed_locs', 'professions', 'map_special', 'missions',
  ],
};

// Spec 2.6: its requiredness is "not shown", so the game's: 0.F loads a recipe with only `result`.
const RECIPE: Expected = {
  required: ['type', 'result'],
  optional: [
    'category', 'subcategory', 'skill_used', 'skills_required', 'difficulty', 'time', 'qualities', 'tools', 'components',
    'reversible', 'id_suffix', 'override', 'obsolete', 'delete_flags', 'contained', 'container', 'charges', 'result_mult',
    'book_learn', 'autolearn', 'decomp_learn', 'never_learn', 'batch_time_factors', 'flags', 'construction_blueprint',
    'on_display', 'using',
  ],
};

// Disassembly recipes: the same members and requiredness.
const UNCRAFT: Expected = RECIPE;

const EXPECTED: Record<string, Expected> = {
  MONSTER, profession: PROFESSION, profession_item_substitutions: SUBSTITUTIONS, scenario: SCENARIO, recipe: RECIPE, uncraft: UNCRAFT,
};

/** Kinds a reference may point at (records/kinds.ts names). */
const KNOWN_REF_KINDS = new Set([
  'item', 'MONSTER', 'profession', 'scenario', 'recipe', 'uncraft', 'item_group', 'monstergroup', 'harvest', 'SPECIES',
  'MONSTER_FACTION', 'effect_type', 'material', 'skill', 'start_location', 'mission_definition', 'mutation', 'bionic', 'vehicle',
  'scent_type', 'emit', 'requirement', 'tool_quality', 'update_mapgen', 'recipe_category', 'snippet', 'json_flag',
  'overmap_special', 'map_extra', 'body_part', 'proficiency', 'SPELL', 'monster_attack',
]);

/** Every object spec below `spec`, each once (a table may refer to itself: item group entries hold entries). */
function nestedObjects(spec: TypeSpec, out: ObjectSpec[] = []): ObjectSpec[] {
  switch (spec.kind) {
    case 'object': if (out.includes(spec)) break; out.push(spec); for (const f of spec.fields) nestedObjects(f.type, out); break;
    case 'array': nestedObjects(spec.of, out); break;
    case 'tuple': for (const i of spec.items) nestedObjects(i, out); break;
    case 'map': nestedObjects(spec.value, out); break;
    case 'union': for (const o of spec.options) nestedObjects(o, out); break;
    default: break;
  }
  return out;
}

function refKinds(spec: TypeSpec, out: Set<string> = new Set(), seen: Set<TypeSpec> = new Set()): Set<string> {
  if (seen.has(spec)) return out;
  seen.add(spec);
  switch (spec.kind) {
    case 'string': if (spec.ref) out.add(spec.ref); break;
    case 'object': for (const f of spec.fields) refKinds(f.type, out, seen); break;
    case 'array': refKinds(spec.of, out, seen); break;
    case 'tuple': for (const i of spec.items) refKinds(i, out, seen); break;
    case 'map': refKinds(spec.key, out, seen); refKinds(spec.value, out, seen); break;
    case 'union': for (const o of spec.options) refKinds(o, out, seen); break;
    default: break;
  }
  return out;
}

function allFieldLists(schema: KindSchema): (readonly FieldSpec[])[] {
  return [schema.fields, ...schema.fields.flatMap((f) => nestedObjects(f.type)).map((o) => o.fields)];
}

function nested(schema: KindSchema, path: string): FieldSpec {
  const [top, ...rest] = path.split('.');
  let field = fieldOf(schema, top);
  for (const name of rest) {
    assert.ok(field, `no field on the way to ${path}`);
    const objects = nestedObjects(field.type);
    field = objects.flatMap((o) => o.fields).find((f) => f.name === name);
  }
  assert.ok(field, `no field ${path}`);
  return field;
}

function check(type: string, value: Record<string, unknown>, editMode: 'create' | 'override' | 'modify' = 'create'): { problems: ValueProblem[]; references: FoundReference[] } {
  const schema = schemaForType(type);
  assert.ok(schema);
  const problems: ValueProblem[] = [];
  const references: FoundReference[] = [];
  // Spec forms the 0.F game refuses are valid spec (game-rejects: test/engine/gameRejects.test.ts).
  validateTopLevel(value, schema, F.ofType(type)!.title, editMode, { problem: (p) => { if (p.code !== 'game-rejects') problems.push(p); }, reference: (r) => references.push(r) });
  return { problems, references };
}

test('every spec kind has a schema, found by its JSON type', () => {
  for (const type of Object.keys(EXPECTED)) {
    const schema = schemaForType(type);
    assert.ok(schema, type);
    assert.ok(F.ofType(type)!.types.includes(type));
  }
  // Other types have the table generated from the game's data (schema/generated.ts), no hand-written one.
  assert.equal(F.handWrittenSchemaOfType('GENERIC'), undefined);
  assert.ok(schemaForType('GENERIC')?.fields.some((f) => f.name === 'weight'));
  assert.equal(F.kindOfType('GENERIC'), 'item');
});

for (const [type, expected] of Object.entries(EXPECTED)) {
  test(`${type}: spec fields present with the spec's requiredness`, () => {
    const schema = schemaForType(type)!;
    for (const name of expected.required) {
      const f = fieldOf(schema, name);
      assert.ok(f, `${type}.${name} missing`);
      assert.equal(f.required, true, `${type}.${name} should be required`);
      assert.ok(!f.fromGame, `${type}.${name} is a spec field`);
    }
    for (const name of expected.optional) {
      const f = fieldOf(schema, name);
      assert.ok(f, `${type}.${name} missing`);
      assert.ok(!f.required, `${type}.${name} should be optional`);
      assert.ok(!f.fromGame, `${type}.${name} is a spec field`);
    }
    // Nothing else is required, and whatever is not in the spec's table is marked as coming from the game.
    const listed = new Set([...expected.required, ...expected.optional]);
    for (const f of schema.fields) {
      if (listed.has(f.name)) continue;
      assert.ok(!f.required, `${type}.${f.name} is required but not a mandatory spec field`);
      assert.ok(f.fromGame || ((type === 'recipe' || type === 'uncraft') && f.name === 'id'), `${type}.${f.name} is neither in the spec table nor marked fromGame`);
    }
  });

  test(`${type}: descriptions non-empty, no duplicate names, known reference kinds`, () => {
    const schema = schemaForType(type)!;
    for (const fields of allFieldLists(schema)) {
      const names = fields.map((f) => f.name);
      assert.equal(new Set(names).size, names.length, `duplicate field in ${type}: ${names.join(', ')}`);
      for (const f of fields) {
        assert.ok(f.description.trim().length > 0, `${type}.${f.name} has no description`);
        assert.ok(!f.name.startsWith('//'), 'comment members are not fields');
      }
    }
    for (const m of schema.editMembers) assert.ok(m.description.trim().length > 0, `${type} ${m.member} has no description`);
    const members = schema.editMembers.map((m) => m.member);
    assert.equal(new Set(members).size, members.length, `duplicate edit member in ${type}`);
    for (const f of schema.fields) {
      for (const k of refKinds(f.type)) assert.ok(KNOWN_REF_KINDS.has(k), `${type}.${f.name} refers to unknown kind ${k}`);
    }
    const editModes = F.ofType(type)!.redefinition === 'edit-mode';
    assert.equal(editModes, ['MONSTER', 'profession', 'scenario'].includes(type));
    assert.equal(!!fieldOf(schema, 'edit-mode'), editModes, `${type}: edit-mode field iff edit modes`);
    for (const f of ['copy-from', 'abstract', 'extend', 'delete', 'relative', 'proportional']) {
      if (type !== 'profession_item_substitutions') assert.ok(fieldOf(schema, f), `${type}.${f}`);
    }
  });
}

test('monster nested shapes and limits (spec 2.2)', () => {
  const s = schemaForType('MONSTER')!;
  assert.equal(nested(s, 'upgrades.half_life').required, true);
  for (const n of ['into_group', 'into', 'age_grow']) assert.ok(!nested(s, `upgrades.${n}`).required);
  for (const n of ['baby_count', 'baby_timer']) assert.equal(nested(s, `reproduction.${n}`).required, true);
  for (const n of ['baby_monster', 'baby_egg', 'baby_flags']) assert.ok(!nested(s, `reproduction.${n}`).required);
  assert.equal(nested(s, 'attack_effs.id').required, true);
  for (const n of ['duration', 'affect_hit_bp', 'bp', 'chance']) assert.ok(!nested(s, `attack_effs.${n}`).required);
  assert.equal(nested(s, 'on_death.spawn_mon_near.distance').required, true);
  assert.ok(!nested(s, 'on_death.spawn_mon_near.ids').required);
  for (const n of ['damage_type', 'amount', 'armor_penetration', 'armor_multiplier', 'damage_multiplier']) nested(s, `melee_damage.${n}`);
  for (const n of ['effect', 'base_mod', 'scaling_mod']) nested(s, `regeneration_modifiers.${n}`);
  for (const n of ['emit_id', 'delay']) nested(s, `emit_field.${n}`);
  for (const n of ['ctxt', 'str', 'str_pl', 'str_sp']) nested(s, `name.${n}`);

  const bodytype = fieldOf(s, 'bodytype')!.type;
  assert.ok(bodytype.kind === 'string' && bodytype.values);
  assert.deepEqual([...bodytype.values].sort(), ['angel', 'bear', 'bird', 'blob', 'crab', 'quadruped', 'elephant', 'fish', 'flying insect', 'frog', 'gator', 'human', 'insect', 'kangaroo', 'lizard', 'migo', 'pig', 'spider', 'snake'].sort());
  const dt = nested(s, 'melee_damage.damage_type').type;
  assert.ok(dt.kind === 'string' && dt.values);
  assert.deepEqual([...dt.values].sort(), ['true', 'bash', 'cut', 'stab', 'bullet', 'biological', 'acid', 'heat', 'cold', 'dark', 'light', 'psi', 'electric'].sort());

  const range = (name: string) => { const t = fieldOf(s, name)!.type; assert.ok(t.kind === 'integer'); return t; };
  assert.deepEqual([range('aggression').min, range('aggression').max, range('aggression').rangeSeverity ?? 'error'], [-99, 100, 'error']);
  assert.deepEqual([range('luminance').min, range('luminance').max, range('luminance').rangeSeverity ?? 'error'], [0, 10, 'error']);
  assert.deepEqual([range('melee_skill').min, range('melee_skill').max, range('melee_skill').rangeSeverity], [0, 10, 'warning']);
  assert.deepEqual([range('dodge').min, range('dodge').max, range('dodge').rangeSeverity], [0, 10, 'warning']);
  const fmt = (name: string) => { const t = fieldOf(s, name)!.type; return t.kind === 'string' ? t.format : undefined; };
  assert.equal(fmt('volume'), 'volume');
  assert.equal(fmt('weight'), 'mass');
  assert.equal(fmt('symbol'), 'symbol');
  assert.equal(fieldOf(s, 'mountable_weight_ratio')!.default, 0.3);
  assert.equal(fieldOf(s, 'grab_strength')!.default, 1);
  assert.equal(fieldOf(s, 'aggro_character')!.default, true);

  const members = s.editMembers.map((m) => m.member).sort();
  assert.deepEqual(members, ['add:death_function', 'add:flags', 'add:material', 'add:species', 'remove:death_function', 'remove:flags', 'remove:material', 'remove:species']);
});

test('profession and scenario edit members (spec 2.3, 2.5)', () => {
  const p = schemaForType('profession')!;
  const pm = new Map(p.editMembers.map((m) => [m.member, m]));
  for (const prop of ['addictions', 'skills', 'flags', 'CBMs', 'traits']) {
    assert.ok(pm.has(`add:${prop}`), `add:${prop}`);
    assert.ok(pm.has(`remove:${prop}`), `remove:${prop}`);
  }
  for (const g of ['both', 'male', 'female']) {
    assert.ok(pm.has(`items.add:${g}`));
    assert.ok(pm.has(`items.remove:${g}`));
  }
  assert.equal(pm.get('add:CBMs')!.property, 'cbms');
  // Removal takes ids only.
  assert.equal(pm.get('remove:skills')!.entry.kind, 'string');
  assert.equal(pm.get('remove:addictions')!.entry.kind, 'string');
  assert.equal(pm.get('items.remove:both')!.entry.kind, 'string');
  assert.equal(pm.get('add:skills')!.entry.kind, 'object');
  assert.equal(pm.size, 16);

  const s = schemaForType('scenario')!;
  const sm = new Set(s.editMembers.map((m) => m.member));
  for (const prop of ['flags', 'CBMs', 'traits', 'forced_traits', 'forbidden_traits', 'bionics', 'forced_bionics', 'forbidden_bionics']) {
    assert.ok(sm.has(`add:${prop}`), `add:${prop}`);
    assert.ok(sm.has(`remove:${prop}`), `remove:${prop}`);
  }
  for (const g of ['both', 'male', 'female']) {
    assert.ok(sm.has(`items.add:${g}`));
    assert.ok(sm.has(`items.remove:${g}`));
  }
  assert.equal(sm.size, 22);
  for (const t of ['profession_item_substitutions', 'recipe', 'uncraft']) assert.equal(schemaForType(t)!.editMembers.length, 0);
});

test('spec-shaped definitions validate cleanly', () => {
  const monster = check('MONSTER', {
    type: 'MONSTER', id: 'mon_test', name: { str: 'test' }, description: 'd', volume: '62500 ml', weight: '81500 g', symbol: 'Z',
    color: 'green', default_faction: 'zombie', bodytype: 'human', speed: 100, hp: 80, species: ['ZOMBIE'], aggression: 100,
    special_attacks: [['GRAB', 7], { type: 'leap', cooldown: 10, max_range: 5, min_range: 1 }, { type: 'gun', cooldown: 1, gun_type: 'm4', ammo_type: '556', fake_skills: [['gun', 4]] }],
    upgrades: { half_life: 14, into_group: 'GROUP_ZOMBIE_UPGRADE' }, reproduction: { baby_monster: 'mon_x', baby_count: 1, baby_timer: 5 },
    starting_ammo: { '556': 100 }, special_when_hit: ['ZAPBACK', 100], attack_effs: [{ id: 'paralyzepoison', duration: 10 }],
    melee_damage: [{ damage_type: 'cut', amount: 5 }],
  });
  assert.deepEqual(monster.problems, []);
  assert.ok(monster.references.some((r) => r.kind === 'MONSTER_FACTION' && r.id === 'zombie'));
  assert.ok(monster.references.some((r) => r.kind === 'item' && r.id === '556' && r.path.join('.') === 'starting_ammo.556'));
  assert.deepEqual(check('MONSTER', { upgrades: false, type: 'MONSTER', id: 'x' }, 'modify').problems, []);
  assert.equal(check('MONSTER', { type: 'MONSTER', id: 'x', upgrades: { into: 'mon_y' } }, 'modify').problems[0]?.code, 'missing-field');

  const profession = check('profession', {
    type: 'profession', id: 'p', name: { male: 'Butler', female: 'Maid' }, description: 'd', points: 2,
    skills: [{ name: 'melee', level: 2 }], addictions: [{ type: 'nicotine', intensity: 10 }],
    items: { both: ['jeans', ['note', 'letter_snippet']], male: ['boxer_shorts'], female: ['bra'] }, cbms: ['bio_power_storage'],
  });
  assert.deepEqual(profession.problems, []);
  assert.ok(profession.references.some((r) => r.kind === 'snippet' && r.id === 'letter_snippet'));
  assert.deepEqual(check('profession', { type: 'profession', id: 'p', 'edit-mode': 'modify', 'add:CBMs': ['bio_x'], 'items.remove:both': ['jeans'], 'remove:skills': ['melee'] }, 'modify').problems, []);

  assert.deepEqual(check('profession_item_substitutions', { type: 'profession_item_substitutions', item: 'sunglasses', sub: [{ present: ['HYPEROPIC'], new: ['fitover_sunglasses'] }] }).problems, []);
  assert.deepEqual(check('profession_item_substitutions', { type: 'profession_item_substitutions', trait: 'WOOLALLERGY', sub: [{ item: 'sweater', new: [{ item: 'sweatshirt', ratio: 1 }] }] }).problems, []);

  assert.deepEqual(check('scenario', {
    type: 'scenario', id: 's', name: 'S', description: 'd', points: 0, start_name: 'Somewhere', surround_groups: [['GROUP_BLACK_ROAD', 70.0]],
    items: { both: ['water'] }, professions: ['unemployed'], allowed_locs: ['sloc_field'], missions: ['MISSION_GET_BOOK'], map_special: 'mx_helicopter',
  }).problems, []);

  const recipe = check('recipe', {
    type: 'recipe', result: 'knife', category: 'CC_WEAPON', subcategory: 'CSC_WEAPON_CUTTING', skill_used: 'fabrication', skills_required: [['survival', 1]],
    difficulty: 2, time: '30 m', autolearn: true, book_learn: [['textbook_fabrication', 2, 'Knife']], batch_time_factors: [50, 3],
    qualities: [{ id: 'HAMMER', level: 1 }], tools: [[['forge', 20], ['char_forge', 4]]], components: [[['steel_chunk', 1], ['scrap', 3, false]], [['cordage', 1, 'LIST']]],
    using: [['forging_standard', 1]],
  });
  assert.deepEqual(recipe.problems, []);
  assert.ok(recipe.references.some((r) => r.kind === 'requirement' && r.id === 'cordage'), 'a LIST entry names a requirement');
  assert.ok(recipe.references.some((r) => r.kind === 'item' && r.id === 'steel_chunk'));
  assert.ok(!recipe.references.some((r) => r.kind === 'item' && r.id === 'cordage'));
});

test('spec value sets and limits are enforced', () => {
  const bad = check('MONSTER', { type: 'MONSTER', id: 'x', bodytype: 'dragon', aggression: 150, luminance: 11, dodge: 12, phase: 'SOLIDISH', categories: ['CLASICC'] }, 'modify');
  const byPath = new Map(bad.problems.map((p) => [p.path.join('.'), p]));
  assert.equal(byPath.get('bodytype')?.code, 'invalid-value');
  assert.equal(byPath.get('aggression')?.severity, 'error');
  assert.equal(byPath.get('luminance')?.severity, 'error');
  assert.equal(byPath.get('dodge')?.severity, 'warning');
  assert.equal(byPath.get('phase')?.code, 'invalid-value');
  assert.equal(byPath.get('categories.0')?.code, 'invalid-value');
  assert.equal(check('MONSTER', { type: 'MONSTER', id: 'x', volume: '62.5 L' }, 'modify').problems[0]?.code, 'bad-unit');
  assert.equal(check('MONSTER', { type: 'MONSTER', id: 'x', 'add:flag': ['X'] }, 'modify').problems[0]?.code, 'invalid-value');
  assert.equal(check('MONSTER', { type: 'MONSTER', id: 'x', speeed: 100 }, 'modify').problems[0]?.code, 'unknown-field');
});
