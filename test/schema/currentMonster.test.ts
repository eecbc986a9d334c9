/**
 * The current game's (0.I / experimental) MONSTER and monster_attack tables: a monster written the current way
 * validates cleanly, 0.F members the game no longer reads are `removed-member` with their rewrite, shapes that
 * changed are `invalid-value`, and what merely looks like an old member does not fire.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEATH_FUNCTIONS_0F, MONSTER_ATTACK_SCHEMA_CURRENT, MONSTER_SCHEMA_CURRENT } from '../../server/src/schema/current/monster';
import { fieldOf } from '../../server/src/schema';
import { registryOf } from '../../server/src/registry/versions';
import { VERSION_CURRENT } from '../../server/src/registry/versions/current';
import type { KindSchema, TypeSpec } from '../../server/src/schema/types';
import { validateTopLevel } from '../../server/src/schema/topLevel';
import type { FoundReference, ValueProblem } from '../../server/src/schema/valueReports';

function check(value: Record<string, unknown>, schema: KindSchema = MONSTER_SCHEMA_CURRENT): { problems: ValueProblem[]; references: FoundReference[] } {
  const problems: ValueProblem[] = [];
  const references: FoundReference[] = [];
  validateTopLevel(value, schema, 'monster', 'create', { problem: (p) => problems.push(p), reference: (r) => references.push(r) });
  return { problems, references };
}

const at = (problems: readonly ValueProblem[], path: string): ValueProblem | undefined => problems.find((p) => p.path.join('.') === path);

/** A monster as the current game's data writes one. */
const CURRENT_MONSTER = {
  type: 'MONSTER', id: 'mon_test_current', name: { str: 'test zombie' }, description: 'A test.', default_faction: 'zombie',
  bodytype: 'human', species: ['ZOMBIE'], volume: '62500 ml', weight: '81500 g', hp: 80, speed: 70, symbol: 'Z', color: 'light_green',
  material: ['flesh'], aggression: 100, morale: 100, melee_skill: 4, dodge: 1, melee_dice: 2, melee_dice_sides: 3,
  melee_damage: [{ damage_type: 'cut', amount: 2 }],
  armor: { bash: 2, cut: 1, bullet: 1, electric: 1, heat: 0 },
  weakpoint_sets: ['wps_zombie_humanoid'], families: ['prof_intro_biology', { proficiency: 'prof_gross_anatomy', bonus: 1 }],
  weakpoints: [{ id: 'eye', name: 'the eye', coverage: 1, is_head: true, armor_mult: { all: 0.5, physical: 0.2 }, difficulty: { melee: 3, ranged: 5 } }],
  death_function: { corpse_type: 'NORMAL', message: 'The %s falls!', effect: { id: 'death_boomer', hit_self: true }, eoc: 'EOC_TEST_DEATH' },
  special_attacks: [['GRAB', 7], ['SHRIEK', 10], { id: 'bite_humanoid', cooldown: 5 }, { type: 'leap', cooldown: 10, max_range: 5 }, { type: 'spell', spell_data: { id: 'test_spell' }, cooldown: { math: ['u_val(\'strength\')'] } }],
  flags: ['SEES', 'HEARS', 'REVIVES'], anger_triggers: ['HURT', 'HOSTILE_SEEN'], fear_triggers: ['BRIGHT_LIGHT'],
  upgrades: { age_grow: 14, into: 'mon_zombie_brute' },
  reproduction: { baby_count: 1, baby_timer: 20, baby_type: { baby_egg: 'egg_chicken' } }, baby_flags: ['SPRING'],
  regeneration_modifiers: [['onfire', -5]], emit_fields: [{ emit_id: 'emit_acid_drip', delay: '1 s' }],
  special_when_hit: ['ZAPBACK', 100], attack_effs: [{ id: 'poison', duration: [5, 10], chance: 50 }],
  harvest: 'zombie', dissect: 'dissect_zombie', zombify_into: 'mon_zombie', move_skills: { swim: 3 },
  path_settings: { max_dist: 30, avoid_dangerous_fields: true }, petfood: { food: ['CATFOOD'] },
};

test('a current-format monster validates cleanly, with its references', () => {
  const { problems, references } = check(CURRENT_MONSTER);
  assert.deepEqual(problems, []);
  const refs = new Set(references.map((r) => `${r.kind} ${r.path.join('.')} ${r.id}`));
  for (const r of [
    'damage_type armor.bash bash', 'damage_type melee_damage.0.damage_type cut', 'weakpoint_set weakpoint_sets.0 wps_zombie_humanoid',
    'monster_flag flags.2 REVIVES', 'monster_attack special_attacks.0.0 GRAB', 'monster_attack special_attacks.2.id bite_humanoid',
    'item reproduction.baby_type.baby_egg egg_chicken', 'MONSTER_FACTION default_faction zombie', 'proficiency families.0 prof_intro_biology',
    'effect_on_condition death_function.eoc EOC_TEST_DEATH', 'SPELL death_function.effect.id death_boomer',
  ]) assert.ok(refs.has(r), r);
  // Attacks built into the game are no reference; the pseudo damage types `all`/`physical` neither.
  assert.ok(!references.some((r) => r.id === 'SHRIEK'));
  assert.ok(!references.some((r) => r.kind === 'damage_type' && (r.id === 'all' || r.id === 'physical')));
  // An inline attack's id is its own name, not a reference.
  assert.deepEqual(check({ type: 'MONSTER', id: 'x', special_attacks: [{ type: 'bite', id: 'my_bite', cooldown: 3 }] }).references.filter((r) => r.kind === 'monster_attack'), []);
});

test('0.F armor members are removed-member, rewritten into "armor" (armor_fire is the heat key)', () => {
  const { problems } = check({ type: 'MONSTER', id: 'x', armor_bash: 4, armor_fire: 2, armor_electric: 1 });
  const bash = at(problems, 'armor_bash');
  assert.equal(bash?.code, 'removed-member');
  assert.equal(bash?.severity, 'error');
  assert.deepEqual(bash?.fixes, [{ kind: 'migrate', migration: { kind: 'moveInto', object: 'armor', key: 'bash' }, certain: true }]);
  assert.match(bash!.message, /"armor": \{ "bash"/);
  assert.deepEqual(at(problems, 'armor_fire')?.fixes, [{ kind: 'migrate', migration: { kind: 'moveInto', object: 'armor', key: 'heat' }, certain: true }]);
  assert.deepEqual(at(problems, 'armor_electric')?.fixes, [{ kind: 'migrate', migration: { kind: 'moveInto', object: 'armor', key: 'electric' }, certain: true }]);
  // The old reproduction members move into baby_type.
  const more = check({ type: 'MONSTER', id: 'x', melee_cut: 3, reproduction: { baby_monster: 'mon_x', baby_count: 1, baby_timer: 5, baby_type: { baby_monster: 'mon_x' } } }).problems;
  assert.equal(at(more, 'melee_cut')?.code, 'removed-member');
  assert.deepEqual(at(more, 'reproduction.baby_monster')?.fixes, [{ kind: 'migrate', migration: { kind: 'moveInto', object: 'baby_type', key: 'baby_monster' }, certain: true }]);
});

test('0.F melee_cut is a cut unit of melee_damage: certain only when that is the sum 0.F made', () => {
  const fixOf = (o: Record<string, unknown>): unknown => at(check({ type: 'MONSTER', id: 'x', ...o }).problems, 'melee_cut')?.fixes;
  const migration = { kind: 'damageUnit', array: 'melee_damage', damageType: 'cut' };
  assert.deepEqual(fixOf({ melee_cut: 3 }), [{ kind: 'migrate', migration, certain: true }]);
  assert.deepEqual(fixOf({ melee_cut: 3, melee_damage: [{ damage_type: 'bash', amount: 2 }] }), [{ kind: 'migrate', migration, certain: true }]);
  // Near misses: inherited melee_damage (0.F added the cut to the parent's), a cut unit to merge with, a number
  // 0.F's has_int would not read: offered, not certain. melee_damage written another way: no rewrite.
  assert.deepEqual(fixOf({ melee_cut: 3, 'copy-from': 'mon_zombie' }), [{ kind: 'migrate', migration }]);
  assert.deepEqual(fixOf({ melee_cut: 3, melee_damage: [{ damage_type: 'cut', amount: 2 }] }), [{ kind: 'migrate', migration }]);
  assert.deepEqual(fixOf({ melee_cut: 2.5 }), [{ kind: 'migrate', migration }]);
  assert.equal(fixOf({ melee_cut: 3, melee_damage: { damage_type: 'cut', amount: 2 } }), undefined);
});

test('0.F death_function arrays: a certain rewrite for one name the game migrated alike (or none), else what to write', () => {
  const problemOf = (v: unknown, o: Record<string, unknown> = {}): ValueProblem | undefined => at(check({ type: 'MONSTER', id: 'x', ...o, death_function: v }).problems, 'death_function');
  const certain = [{ kind: 'migrate', migration: { kind: 'deathFunctions', names: DEATH_FUNCTIONS_0F }, certain: true }];
  for (const v of [['NORMAL'], ['BROKEN'], ['MELT'], ['DISINTEGRATE'], ['DISAPPEAR'], []]) {
    assert.equal(problemOf(v)?.code, 'invalid-value');
    assert.deepEqual(problemOf(v)?.fixes, certain, JSON.stringify(v));
    assert.deepEqual(problemOf(v, { 'copy-from': 'mon_zombie' })?.fixes, certain, 'both versions replace the inherited value whole');
  }
  // Near misses: a name with no certain equivalent, two names, an object already, something that is not names.
  assert.equal(problemOf(['ACID'])?.fixes, undefined);
  assert.match(problemOf(['ACID', 'NORMAL'])!.message, /the old death function "ACID" has no certain equivalent in this game: write an object/);
  assert.match(problemOf(['NORMAL', 'BROKEN'])!.message, /the old death functions "NORMAL", "BROKEN" together have no certain equivalent/);
  assert.equal(problemOf(['NORMAL', 'BROKEN'])?.fixes, undefined);
  assert.equal(problemOf({ corpse_type: 'BROKEN' }), undefined);
  assert.equal(problemOf([3])?.fixes, undefined);
});

test('shapes the current game rejects are invalid-value', () => {
  const { problems } = check({ type: 'MONSTER', id: 'x', death_function: ['NORMAL'], special_when_hit: ['ZAPBAK', 50], anger_triggers: ['MEAT'], phase: 'SOLIDISH' });
  assert.equal(at(problems, 'death_function')?.code, 'invalid-value');
  assert.equal(at(problems, 'special_when_hit.0')?.code, 'invalid-value');
  assert.equal(at(problems, 'anger_triggers.0')?.code, 'invalid-value', 'MEAT is no longer a trigger');
  assert.equal(at(problems, 'phase')?.code, 'invalid-value');
  assert.equal(check({ type: 'MONSTER', id: 'x', death_function: { corpse_type: 'GIBS' } }).problems[0]?.code, 'invalid-value');
  assert.equal(check({ type: 'MONSTER', id: 'x', 'add:flags': ['SEES'] }).problems[0]?.code, 'invalid-value', 'no add:/remove: members');
});

test('near misses do not fire: current members that look like old ones', () => {
  // `armor` keyed by damage types (even mod-defined ones and the pseudo keys), open body types and categories,
  // upgrades by age_grow alone, a string flag, an old-style attack with a math cooldown.
  const { problems } = check({
    type: 'MONSTER', id: 'x', armor: { bash: 3, all: 1, non_physical: 2, afs_laser: 40 }, bodytype: 'ostrich', categories: ['DINOSAUR'],
    upgrades: { age_grow: 7, into_group: 'GROUP_X' }, flags: 'SEES', special_attacks: [['LUNGE', { math: ['rng(5, 10)'] }]], luminance: 200,
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(check({ type: 'MONSTER', id: 'x', upgrades: false }).problems, []);
  // Only name, symbol and default_faction are mandatory now.
  assert.deepEqual(MONSTER_SCHEMA_CURRENT.fields.filter((f) => f.required).map((f) => f.name).sort(), ['default_faction', 'id', 'name', 'symbol', 'type']);
  assert.ok(!fieldOf(MONSTER_SCHEMA_CURRENT, 'edit-mode'));
  assert.equal(MONSTER_SCHEMA_CURRENT.editMembers.length, 0);
});

test('monster_attack definitions validate; every reference kind is declared by the current version', () => {
  assert.deepEqual(check({
    type: 'monster_attack', attack_type: 'melee', id: 'grab', cooldown: 20, move_cost: 100, grab: true, grab_data: { grab_effect: 'grabbed', pull_chance: 50 },
    damage_max_instance: [{ damage_type: 'bash', amount: 3 }], body_parts: [['arm_l', 1]], condition: { not: { u_has_flag: 'GRAB_FILTER' } },
    hit_dmg_u: '%1$s grabs your %2$s!', effects: [{ id: 'downed', duration: 2 }],
  }, MONSTER_ATTACK_SCHEMA_CURRENT).problems, []);
  assert.equal(check({ type: 'monster_attack', id: 'x', attack_type: 'kick', cooldown: 1 }, MONSTER_ATTACK_SCHEMA_CURRENT).problems[0]?.code, 'invalid-value');

  const kinds = new Set<string>();
  // Each spec once: item group entries nest (the specs are recursive).
  const seen = new Set<TypeSpec>();
  const walk = (t: TypeSpec): void => {
    if (seen.has(t)) return;
    seen.add(t);
    switch (t.kind) {
      case 'string': if (t.ref) kinds.add(t.ref); break;
      case 'object': for (const f of t.fields) walk(f.type); break;
      case 'array': walk(t.of); break;
      case 'tuple': t.items.forEach(walk); break;
      case 'map': walk(t.key); walk(t.value); break;
      case 'union': t.options.forEach(walk); break;
      default: break;
    }
  };
  for (const f of [...MONSTER_SCHEMA_CURRENT.fields, ...MONSTER_ATTACK_SCHEMA_CURRENT.fields]) walk(f.type);
  const registry = registryOf(VERSION_CURRENT);
  for (const k of kinds) assert.ok(registry.ofKind(k), `reference kind ${k} is not declared by the current version`);
  for (const fields of [MONSTER_SCHEMA_CURRENT.fields, MONSTER_ATTACK_SCHEMA_CURRENT.fields]) {
    const names = fields.map((f) => f.name);
    assert.equal(new Set(names).size, names.length);
    for (const f of fields) assert.ok(f.description.trim().length > 0, f.name);
  }
});
