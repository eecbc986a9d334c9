/**
 * Monster type (`type` = `MONSTER`) and data-defined special attacks (`type` = `monster_attack`) in the current
 * game (0.I / experimental), written as the changes from the 0.F table (kinds/monster.ts). Each change was
 * checked against the game's loader (mtype::load, mattack_actor::load and the attack actors, damage maps) and
 * against the current game's own data, which loads:
 * - damage types are data (`damage_type`, mods add their own): `"armor": { <damage type>: n }` replaces
 *   `armor_bash`... (`armor_fire` became the `heat` key), and `melee_damage` names damage types by id (`true` is
 *   now `pure`);
 * - monster flags are data (`monster_flag`); triggers, defenses, phases and death corpse types are still closed
 *   sets in the C++; body types and categories are free strings;
 * - `death_function` is an object (`corpse_type`, `message`, `effect`, `eoc`); `on_death` is gone;
 * - `reproduction` names its offspring in `baby_type`; `upgrades` needs `half_life` or `age_grow`;
 * - only `name`, `symbol` and `default_faction` are mandatory (everything else has a default);
 * - special attacks: `[ id, cooldown ]` still loads; ids name a `monster_attack` definition or one of the
 *   attacks built into the C++ (HARDCODED_ATTACKS); a cooldown may be a number or a dialogue value (`math`).
 */
import type { FieldSpec, KindSchema, MapSpec, NumberSpec, ObjectSpec, TupleSpec, TypeSpec } from '../types';
import { deriveObject, deriveSchema } from '../derive';
import { COLOR } from '../colors';
import {
  ANY, BOOLEAN, DIALOGUE, INTEGER, NUMBER, SKILL_LEVEL, STRING, TRANSLATION,
  arrayOf, object, oneOf, ref, union,
} from '../kinds/common';
import { MONSTER_SCHEMA } from '../kinds/monster';
import { ENTRY_LIST_CURRENT, INLINE_ITEM_GROUP_CURRENT } from '../kinds/itemGroup';

/** Monster triggers (C++ enum mon_trigger): `MEAT` of 0.F is gone, `HOSTILE_SEEN` and `BRIGHT_LIGHT` are new. */
export const MONSTER_TRIGGERS = [
  'STALK', 'PLAYER_WEAK', 'PLAYER_CLOSE', 'HOSTILE_SEEN', 'HURT', 'FIRE', 'FRIEND_DIED', 'FRIEND_ATTACKED', 'SOUND',
  'PLAYER_NEAR_BABY', 'MATING_SEASON', 'BRIGHT_LIGHT',
] as const;

/** Defenses of `special_when_hit` (MonsterGenerator::init_defense). */
export const MONSTER_DEFENSES = ['NONE', 'ZAPBACK', 'ACIDSPLASH', 'RETURN_FIRE'] as const;

/** `death_function.corpse_type` (enum mdeath_type). */
export const CORPSE_TYPES = ['NORMAL', 'SPLATTER', 'BROKEN', 'NO_CORPSE'] as const;

/**
 * The 0.F death functions (`"death_function": [ names ]`, MonsterGenerator::init_death) whose object in this game is
 * certain, by the game's own migration and its source both:
 * - 0.F read the array with a flag reader (mtype::load: `optional( jo, was_loaded, "death_function", dies, ... )`,
 *   a written array replacing the inherited one) and ran each function in turn; an empty array was made
 *   `[ "NORMAL" ]` (`if( dies.empty() ) dies.push_back( mdeath::normal )`);
 * - this game reads an object (mtype::load: `optional( jo, was_loaded, "death_function", mdeath_effect )`,
 *   monster_death_effect::load: `message` default "The %s dies!", `effect`, `corpse_type` default NORMAL, `eoc`);
 *   its `was_loaded` is never set, so a written object replaces the inherited one whole, members it omits at their
 *   defaults; monster::die prints the message, casts the spell, then drops the corpse by `corpse_type`
 *   (mdeath::normal, mdeath::broken, mdeath::splatter; NO_CORPSE none);
 * - the functions that only printed a message and left a corpse or none (0.F mondeath.cpp: mdeath::normal "The %s
 *   dies!" and a corpse, mdeath::broken the broken_ item, mdeath::melt "The %s melts away.", mdeath::disintegrate
 *   "The %s disintegrates!", mdeath::disappear "The %s disappears.") are this object; the game's own 0.F monsters
 *   that kept their id were migrated so: `[ "NORMAL" ]` 243 of 248 dropped the member (the others added a spell),
 *   `[ "BROKEN" ]` 27 of 27 `{ "corpse_type": "BROKEN" }`, `[ "MELT" ]` 13 of 14, `[ "DISINTEGRATE" ]` 4 of 4 and
 *   `[ "DISAPPEAR" ]` 5 of 6 the message with NO_CORPSE.
 * The others did things in C++ that this game does with spells and effect_on_conditions of its own data (`ACID` ->
 * the spell `death_acid`...), one monster at a time and not always alike (`[ "ACID" ]` became `death_slimespring`):
 * left for a person.
 */
export const DEATH_FUNCTIONS_0F: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  NORMAL: {},
  BROKEN: { corpse_type: 'BROKEN' },
  MELT: { message: 'The %s melts away.', corpse_type: 'NO_CORPSE' },
  DISINTEGRATE: { message: 'The %s disintegrates!', corpse_type: 'NO_CORPSE' },
  DISAPPEAR: { message: 'The %s disappears.', corpse_type: 'NO_CORPSE' },
};

/**
 * Body types the game's own data uses. `bodytype` is read as a free string (no closed set any more); these are
 * offered in descriptions only.
 */
export const KNOWN_BODYTYPES = [
  'angel', 'bear', 'bird', 'blob', 'cat', 'cow', 'crab', 'dog', 'elephant', 'fish', 'flying insect', 'frog', 'gator',
  'horse', 'human', 'insect', 'kangaroo', 'lion', 'lizard', 'migo', 'ostrich', 'pig', 'slug', 'snake', 'spider',
  'turtle',
] as const;

/**
 * Special attacks built into the C++ (MonsterGenerator::init_attack): usable by id like `monster_attack`
 * definitions, though no JSON defines them.
 */
export const HARDCODED_ATTACKS = [
  'NONE', 'ABSORB_ITEMS', 'SPLIT', 'BROWSE', 'EAT_CARRION', 'EAT_CROP', 'EAT_FOOD', 'GRAZE', 'CHECK_UP', 'ASSIST',
  'OPERATE', 'PAID_BOT', 'SHRIEK', 'SHRIEK_ALERT', 'SHRIEK_STUN', 'RATTLE', 'ACID', 'ACID_BARF', 'SHOCKSTORM',
  'SHOCKING_REVEAL', 'PULL_METAL_WEAPON', 'BOOMER', 'BOOMER_GLOW', 'RESURRECT', 'SMASH', 'GROWPLANTS', 'GROW_VINE',
  'VINE', 'SPIT_SAP', 'TRIFFID_HEARTBEAT', 'FUNGUS', 'FUNGUS_CORPORATE', 'FUNGUS_HAZE', 'FUNGUS_BIG_BLOSSOM',
  'FUNGUS_INJECT', 'FUNGUS_BRISTLE', 'FUNGUS_GROWTH', 'FUNGUS_SPROUT', 'FUNGUS_FORTIFY', 'FUNGAL_TRAIL', 'PLANT',
  'DISAPPEAR', 'DEPART', 'FORMBLOB', 'CALLBLOBS', 'JACKSON', 'DANCE', 'DOGTHING', 'PARA_STING', 'TRIFFID_GROWTH',
  'PHOTOGRAPH', 'TAZER', 'SEARCHLIGHT', 'SPEAKER', 'COPBOT', 'RATKING', 'GENERATOR', 'UPGRADE', 'BREATHE', 'BRANDISH',
  'FLESH_GOLEM', 'ABSORB_MEAT', 'LUNGE', 'PARROT', 'PARROT_AT_DANGER', 'BLOW_WHISTLE', 'DARKMAN', 'SLIMESPRING',
  'EVOLVE_KILL_STRIKE', 'LEECH_SPAWNER', 'MON_LEECH_EVOLUTION', 'TINDALOS_TELEPORT', 'FLESH_TENDRIL',
  'BIO_OP_BIOJUTSU', 'BIO_OP_TAKEDOWN', 'BIO_OP_IMPALE', 'BIO_OP_DISARM', 'SUICIDE', 'KAMIKAZE', 'GRENADIER',
  'GRENADIER_ELITE', 'RIOTBOT', 'DOOT', 'ZOMBIE_FUSE', 'EAT_CLONE',
] as const;

/** Attack actors a data-defined attack can be (MonsterGenerator::create_actor). */
export const ATTACK_TYPES = ['leap', 'melee', 'bite', 'gun', 'spell', 'eoc', 'polymorph_special'] as const;

const TIME_STRING: TypeSpec = { kind: 'string', format: 'time' };
const intAtLeast = (min: number): NumberSpec => ({ kind: 'integer', min });
const idOrIds = (kind: string): TypeSpec => union(arrayOf(ref(kind)), ref(kind));

/** A number, or a dialogue value the game evaluates (`{ "math": [ "..." ] }`, a variable, or `[ min, max ]`). */
const DBL_OR_VAR: TypeSpec = union(
  NUMBER,
  object([
    { name: 'math', type: arrayOf(STRING), description: 'A dialogue math expression, e.g. `[ "u_val(\'strength\') * 2" ]`.' },
  ], true),
  { kind: 'tuple', items: [ANY, ANY], names: ['min', 'max'] },
);

/** A number or a `[ min, max ]` pair rolled between. */
const INT_OR_RANGE: TypeSpec = union(INTEGER, { kind: 'tuple', items: [INTEGER, INTEGER], names: ['min', 'max'] });

/** `{ <damage type id>: n }`; also the pseudo keys `all`, `physical` and `non_physical`, which fill the rest. */
export function damageTypeMap(value: TypeSpec = NUMBER): MapSpec {
  return { kind: 'map', key: ref('damage_type'), keyAlso: ['all', 'physical', 'non_physical'], value };
}

/** A damage instance entry: `melee_damage`, an attack's `damage_max_instance` (load_damage_unit). */
export const DAMAGE_UNIT_CURRENT: ObjectSpec = object([
  { name: 'damage_type', type: ref('damage_type'), required: true, description: 'Damage type id (`damage_type` definitions: bash, cut, stab, bullet, acid, heat, cold, electric, biological, pure, and those mods add).' },
  { name: 'amount', type: NUMBER, description: 'Damage dealt; default 0.' },
  { name: 'armor_penetration', type: NUMBER, description: 'Armor ignored by this damage; default 0.' },
  { name: 'armor_multiplier', type: NUMBER, description: 'Multiplier on the armor this damage meets; default 1.' },
  { name: 'damage_multiplier', type: NUMBER, description: 'Multiplier on `amount`; default 1.' },
  { name: 'constant_armor_multiplier', type: NUMBER, description: 'Multiplier on armor that is not scaled by anything else; default 1.' },
  { name: 'constant_damage_multiplier', type: NUMBER, description: 'Multiplier on damage that is not scaled by anything else; default 1.' },
  {
    name: 'barrels', description: 'Damage by gun barrel length: objects with `barrel_length` and `amount`.',
    type: arrayOf(object([
      { name: 'barrel_length', type: { kind: 'string', format: 'volume' }, required: true, description: 'Barrel length.' },
      { name: 'amount', type: NUMBER, required: true, description: 'Damage with that barrel length.' },
    ])),
  },
]);

/** A damage instance: an array of damage units, one unit, or `{ "values": [ units ] }`. */
const DAMAGE_INSTANCE: TypeSpec = union(
  arrayOf(DAMAGE_UNIT_CURRENT),
  DAMAGE_UNIT_CURRENT,
  object([{ name: 'values', type: arrayOf(DAMAGE_UNIT_CURRENT), required: true, description: 'Damage units.' }]),
);

/** An effect applied by an attack (mon_effect_data): `attack_effs`, an attack's `effects` and `self_effects*`. */
const MON_EFFECT: ObjectSpec = object([
  { name: 'id', type: ref('effect_type'), required: true, description: 'Effect id to apply.' },
  { name: 'chance', type: { kind: 'number', min: 0, max: 100 }, description: 'Chance in percent (0 to 100) that the effect is applied; default 100.' },
  { name: 'duration', type: INT_OR_RANGE, description: 'Turns the effect lasts: a number, or `[ min, max ]` rolled between; default 1.' },
  { name: 'intensity', type: INT_OR_RANGE, description: 'Intensity: a number, or `[ min, max ]` rolled between.' },
  { name: 'permanent', type: BOOLEAN, description: 'The effect is permanent (`duration` is ignored).' },
  { name: 'affect_hit_bp', type: BOOLEAN, description: 'Apply the effect to the body part hit instead of `bp`.' },
  { name: 'bp', type: ref('body_part'), description: 'Body part the effect goes on; default the whole body.' },
  { name: 'message', type: TRANSLATION, description: 'Message shown to the player when the effect is applied; `%s` is the monster\'s name.' },
]);

/** A spell cast by a monster (fake_spell): `spell_data`, `death_function.effect`. */
const FAKE_SPELL: ObjectSpec = object([
  { name: 'id', type: ref('SPELL'), required: true, description: 'Spell id.' },
  { name: 'hit_self', type: BOOLEAN, description: 'The spell is cast on the monster itself.' },
  { name: 'min_level', type: INTEGER, description: 'Level the spell is cast at (lowest).' },
  { name: 'max_level', type: INTEGER, description: 'Highest level the spell is cast at.' },
  { name: 'once_in', type: INTEGER, description: 'Chance, one in this many, that the spell triggers.' },
], true);

const TRIGGERS: TypeSpec = union(arrayOf(oneOf(...MONSTER_TRIGGERS)), oneOf(...MONSTER_TRIGGERS));
const TRIGGER_LIST = MONSTER_TRIGGERS.join(', ');

/** A special attack named by id: a `monster_attack` definition or an attack built into the C++. */
const ATTACK_ID: TypeSpec = union(oneOf(...HARDCODED_ATTACKS), ref('monster_attack'));

/** Members of the attack actors (leap, melee/bite, gun, spell, eoc, polymorph_special). */
const ATTACK_MEMBERS: FieldSpec[] = [
  { name: 'condition', type: DIALOGUE, description: 'Dialogue condition that must hold for the attack to be used (the monster is `u`; for melee attacks the target is `npc`).' },
  { name: 'move_cost', type: INTEGER, description: 'Moves the attack takes (leap default 150, melee 100, gun 150).' },
  { name: 'allow_no_target', type: BOOLEAN, description: 'leap, spell, eoc: the attack may be used without a target.' },
  // leap
  { name: 'max_range', type: NUMBER, description: 'leap: longest leap (required for leap).' },
  { name: 'min_range', type: NUMBER, description: 'leap: shortest leap; default 1.' },
  { name: 'prefer_leap', type: BOOLEAN, description: 'leap: leap even when already next to the target.' },
  { name: 'random_leap', type: BOOLEAN, description: 'leap: leap anywhere in range, regardless of the target.' },
  { name: 'ignore_dest_terrain', type: BOOLEAN, description: 'leap: may land on terrain the monster does not normally enter.' },
  { name: 'ignore_dest_danger', type: BOOLEAN, description: 'leap: may land on dangerous tiles (open air, fire, traps).' },
  { name: 'min_consider_range', type: NUMBER, description: 'leap: below this distance to the target the monster does not leap; default 0.' },
  { name: 'max_consider_range', type: NUMBER, description: 'leap: beyond this distance to the target the monster does not leap; default 200.' },
  { name: 'message', type: TRANSLATION, description: 'leap: message when the monster leaps; `%s` is its name.' },
  { name: 'self_effects', type: arrayOf(MON_EFFECT), description: 'leap: effects applied to the monster when it leaps.' },
  // melee, bite
  { name: 'damage_max_instance', type: DAMAGE_INSTANCE, description: 'melee/bite: maximum damage (damage units as in `melee_damage`); default 9 bash.' },
  { name: 'min_mul', type: NUMBER, description: 'melee/bite: lowest multiplier on `damage_max_instance`; default 0.5.' },
  { name: 'max_mul', type: NUMBER, description: 'melee/bite: highest multiplier on `damage_max_instance`; default 1.' },
  { name: 'accuracy', type: INTEGER, description: 'melee/bite: accuracy used instead of the monster\'s melee skill.' },
  { name: 'range', type: INTEGER, description: 'melee/bite, eoc: reach in tiles; default 1 (adjacent).' },
  { name: 'no_adjacent', type: BOOLEAN, description: 'melee/bite: the attack cannot target adjacent creatures.' },
  { name: 'dodgeable', type: BOOLEAN, description: 'melee/bite: the attack can be dodged; default true.' },
  { name: 'uncanny_dodgeable', type: BOOLEAN, description: 'melee/bite: uncanny dodge can avoid it; default `dodgeable`.' },
  { name: 'blockable', type: BOOLEAN, description: 'melee/bite: the attack can be blocked; default true.' },
  { name: 'effects_require_dmg', type: BOOLEAN, description: 'melee/bite: `effects` apply only when damage is dealt; default true.' },
  { name: 'effects_require_organic', type: BOOLEAN, description: 'melee/bite: `effects` do not apply to bionic limbs.' },
  { name: 'grab', type: BOOLEAN, description: 'melee/bite: the attack is a grab (`grab_data` then says how).' },
  {
    name: 'grab_data', description: 'melee/bite: how a grab works (with `"grab": true`).',
    type: object([
      { name: 'grab_strength', type: INTEGER, description: 'Grab intensity; default the monster\'s `grab_strength`.' },
      { name: 'pull_chance', type: INTEGER, description: 'Chance in percent to pull the target in; -1 (default) never pulls.' },
      { name: 'pull_weight_ratio', type: NUMBER, description: 'Heaviest target that can be pulled or dragged, as a fraction of the monster\'s weight; default 0.75.' },
      { name: 'grab_effect', type: ref('effect_type'), description: 'Effect applied on a successful grab; default `grabbed`.' },
      { name: 'exclusive_grab', type: BOOLEAN, description: 'Remove other grabs from the target first, failing if that fails.' },
      { name: 'respect_seatbelts', type: BOOLEAN, description: 'Pulls and drags fail on a seat-belted target; default true.' },
      { name: 'drag_distance', type: INTEGER, description: 'Tiles the target is dragged on success (0: no drag).' },
      { name: 'drag_deviation', type: INTEGER, description: 'How far each drag step may stray from a straight line.' },
      { name: 'drag_grab_break_distance', type: INTEGER, description: 'Drag steps that give the target a chance to break free.' },
      { name: 'drag_movecost_mod', type: NUMBER, description: 'Move cost multiplier for drag movement; default 1.' },
      { name: 'pull_msg_u', type: TRANSLATION, description: 'Message when the player is pulled.' },
      { name: 'pull_fail_msg_u', type: TRANSLATION, description: 'Message when pulling the player fails.' },
      { name: 'pull_msg_npc', type: TRANSLATION, description: 'Message when an NPC is pulled.' },
      { name: 'pull_fail_msg_npc', type: TRANSLATION, description: 'Message when pulling an NPC fails.' },
    ]),
  },
  { name: 'attack_amount', type: INT_OR_RANGE, description: 'melee/bite: how many hits the attack makes: a number or `[ min, max ]`; default 1.' },
  { name: 'spread_damage', type: BOOLEAN, description: 'melee/bite: several hits spread over body parts.' },
  { name: 'throw_strength', type: INTEGER, description: 'melee/bite: flings the target (10 per tile); 0 (default) does not.' },
  { name: 'eoc', type: idOrIds('effect_on_condition'), description: 'melee/bite, eoc: effect_on_condition ids run by the attack (the monster is `u`, the target `npc`).' },
  { name: 'hitsize_min', type: INTEGER, description: 'melee/bite: smallest body part hit size the attack can target (bites default to 1).' },
  { name: 'hitsize_max', type: INTEGER, description: 'melee/bite: largest body part hit size the attack can target.' },
  { name: 'attack_upper', type: BOOLEAN, description: 'melee/bite: the attack can reach upper body parts; default true.' },
  { name: 'body_parts', type: arrayOf({ kind: 'tuple', items: [ref('body_part'), INTEGER], names: ['body part id', 'weight'] }), description: 'melee/bite: body parts targeted, as `[ body part id, weight ]` pairs, instead of the regular roll.' },
  { name: 'body_part_types', type: arrayOf({ kind: 'tuple', items: [STRING, INTEGER], names: ['body part type', 'weight'] }), description: 'melee/bite: body part types targeted (`head`, `arm`, `leg`...), as `[ type, weight ]` pairs (newer builds).' },
  { name: 'effects', type: arrayOf(MON_EFFECT), description: 'Effects applied to the target on a hit (entries as in `attack_effs`).' },
  { name: 'self_effects_always', type: arrayOf(MON_EFFECT), description: 'melee/bite: effects applied to the monster whenever it attacks.' },
  { name: 'self_effects_onhit', type: arrayOf(MON_EFFECT), description: 'melee/bite: effects applied to the monster when the attack hits.' },
  { name: 'self_effects_ondmg', type: arrayOf(MON_EFFECT), description: 'melee/bite: effects applied to the monster when the attack deals damage.' },
  { name: 'miss_msg_u', type: TRANSLATION, description: 'melee/bite: message when the attack misses the player.' },
  { name: 'no_dmg_msg_u', type: TRANSLATION, description: 'melee/bite: message when the attack hits the player without damage.' },
  { name: 'hit_dmg_u', type: TRANSLATION, description: 'melee/bite: message when the attack damages the player.' },
  { name: 'miss_msg_npc', type: TRANSLATION, description: 'melee/bite: message when the attack misses an NPC.' },
  { name: 'no_dmg_msg_npc', type: TRANSLATION, description: 'melee/bite: message when the attack hits an NPC without damage.' },
  { name: 'hit_dmg_npc', type: TRANSLATION, description: 'melee/bite: message when the attack damages an NPC.' },
  { name: 'throw_msg_u', type: TRANSLATION, description: 'melee/bite: message when the player is flung.' },
  { name: 'throw_msg_npc', type: TRANSLATION, description: 'melee/bite: message when an NPC is flung.' },
  { name: 'infection_chance', type: INTEGER, description: 'bite: chance in percent of infecting the wound; default 5.' },
  // gun
  { name: 'gun_type', type: ref('item'), description: 'gun: item id of the gun (required for gun).' },
  { name: 'ammo_type', type: ref('item'), description: 'gun: item id of the ammo (default: the gun\'s); the monster should have it in `starting_ammo`.' },
  { name: 'fake_skills', type: arrayOf(SKILL_LEVEL), description: 'gun: skills of the fake shooter, as `[ skill id, level ]` pairs.' },
  { name: 'fake_str', type: INTEGER, description: 'gun: strength of the fake shooter; default 8.' },
  { name: 'fake_dex', type: INTEGER, description: 'gun: dexterity of the fake shooter; default 8.' },
  { name: 'fake_int', type: INTEGER, description: 'gun: intelligence of the fake shooter; default 8.' },
  { name: 'fake_per', type: INTEGER, description: 'gun: perception of the fake shooter; default 8.' },
  {
    name: 'ranges', description: 'gun: firing modes by distance: `[ min range, max range, gun mode ]` entries (the mode may be left out).',
    type: arrayOf({ kind: 'tuple', items: [INTEGER, INTEGER, STRING], required: 2, names: ['min range', 'max range', 'gun mode'] }),
  },
  { name: 'max_ammo', type: INTEGER, description: 'gun: cap on the ammo used.' },
  { name: 'description', type: TRANSLATION, description: 'gun: message when the monster fires (`%1$s` the monster, `%2$s` the gun).' },
  { name: 'failure_msg', type: TRANSLATION, description: 'gun: message when the attack fails for a reason other than ammo.' },
  { name: 'no_ammo_sound', type: TRANSLATION, description: 'gun: sound when out of ammo; default "Click.".' },
  { name: 'targeting_cost', type: INTEGER, description: 'gun: moves spent targeting before the first shot.' },
  { name: 'require_targeting_player', type: BOOLEAN, description: 'gun: the player must be targeted (a warning) before being shot.' },
  { name: 'require_targeting_npc', type: BOOLEAN, description: 'gun: as `require_targeting_player`, for NPCs.' },
  { name: 'require_targeting_monster', type: BOOLEAN, description: 'gun: as `require_targeting_player`, for monsters.' },
  { name: 'targeting_timeout', type: INTEGER, description: 'gun: turns the targeting lasts.' },
  { name: 'targeting_timeout_extend', type: INTEGER, description: 'gun: turns each shot extends the targeting.' },
  { name: 'targeting_sound', type: TRANSLATION, description: 'gun: sound made when targeting; default "Beep.".' },
  { name: 'targeting_volume', type: INTEGER, description: 'gun: volume of the targeting sound (0: silent).' },
  { name: 'laser_lock', type: BOOLEAN, description: 'gun: a new target is laser-locked (and warned) before being shot.' },
  { name: 'target_moving_vehicles', type: BOOLEAN, description: 'gun: moving vehicles are targets.' },
  { name: 'require_sunlight', type: BOOLEAN, description: 'gun: the attack only works in sunlight.' },
  // spell
  { name: 'spell_data', type: FAKE_SPELL, description: 'spell: the spell cast (`id`, `hit_self`, `min_level`...; required for spell).' },
  { name: 'monster_message', type: TRANSLATION, description: 'spell: message when the monster casts (`%1$s` monster, `%2$s` spell, `%3$s` target).' },
  // polymorph_special
  { name: 'mon_id', type: ref('MONSTER'), description: 'polymorph_special: the monster type the monster turns into (required for polymorph_special).' },
  { name: 'poly_keep_speed', type: BOOLEAN, description: 'polymorph_special: keep the current speed; default true.' },
  { name: 'poly_keep_hp', type: BOOLEAN, description: 'polymorph_special: keep the current hit points; default true.' },
  { name: 'poly_keep_anger', type: BOOLEAN, description: 'polymorph_special: keep the current anger; default true.' },
];

const COOLDOWN: FieldSpec = { name: 'cooldown', type: DBL_OR_VAR, required: true, description: 'Turns before the attack can be used again: a number, or a dialogue value such as `{ "math": [ "..." ] }`.' };

/** `[ attack id, cooldown ]`: an existing attack with its cooldown. */
const OLD_STYLE_ATTACK: TupleSpec = { kind: 'tuple', items: [ATTACK_ID, DBL_OR_VAR], names: ['attack id', 'cooldown'] };

/** An existing attack by `id` (no `type`, or `"monster_attack"`), adjusted by the members given. */
const ATTACK_BY_ID: ObjectSpec = object([
  { name: 'id', type: ATTACK_ID, required: true, description: 'Id of the attack used: a `monster_attack` definition or an attack built into the game.' },
  { name: 'type', type: oneOf('monster_attack'), description: '`monster_attack` (the default): the attack named by `id`.' },
  { ...COOLDOWN, required: false, description: 'Turns before the attack can be used again; default the attack\'s own.' },
  ...ATTACK_MEMBERS,
]);

/** A new attack of an actor type, defined in place. */
const INLINE_ATTACK: ObjectSpec = object([
  { name: 'type', type: oneOf(...ATTACK_TYPES, 'monster_attack'), required: true, description: `Attack actor: ${ATTACK_TYPES.join(', ')} (or \`monster_attack\` with \`attack_type\`).` },
  { name: 'attack_type', type: oneOf(...ATTACK_TYPES), description: 'Attack actor, when `type` is `monster_attack`.' },
  { name: 'id', type: STRING, description: 'Name of this attack (default its type); two attacks of one monster need different ids.' },
  COOLDOWN,
  ...ATTACK_MEMBERS,
]);

export const SPECIAL_ATTACK_CURRENT: TypeSpec = union(OLD_STYLE_ATTACK, ATTACK_BY_ID, INLINE_ATTACK);

/** A weakpoint (weakpoint::load): inline `weakpoints` and the entries of a `weakpoint_set`. */
const WEAKPOINT_KEYS = 'Keys `all`, `bash`, `cut`, `stab`, `ranged`, `melee` (bash, cut, stab), `point` (stab, ranged), `broad` (bash, cut).';
export const WEAKPOINT: ObjectSpec = object([
  { name: 'id', type: STRING, description: 'Id of the weakpoint (default its `name`); a later set or the monster overrides a weakpoint with the same id. The empty id is the default weakpoint.' },
  { name: 'name', type: TRANSLATION, description: 'Name used in hit messages, e.g. "the eye".' },
  { name: 'coverage', type: NUMBER, description: 'Base chance in percent of hitting the weakpoint.' },
  { name: 'is_good', type: BOOLEAN, description: 'Hitting it helps the attacker (like a headshot); false for armored parts. Default true.' },
  { name: 'is_head', type: BOOLEAN, description: 'The weakpoint is part of the head (headshots); needs `is_good`.' },
  { name: 'coverage_mult', type: { kind: 'map', key: oneOf('all', 'bash', 'cut', 'stab', 'ranged', 'melee', 'point', 'broad'), value: NUMBER }, description: `Coverage multipliers by weapon type. ${WEAKPOINT_KEYS}` },
  { name: 'difficulty', type: { kind: 'map', key: oneOf('all', 'bash', 'cut', 'stab', 'ranged', 'melee', 'point', 'broad'), value: NUMBER }, description: `Skill the attacker needs by weapon type (at equal skill, coverage is halved). ${WEAKPOINT_KEYS}` },
  { name: 'armor_mult', type: damageTypeMap(), description: 'Multipliers on the monster\'s armor by damage type (`all`, `physical`, `non_physical` fill the rest).' },
  { name: 'armor_penalty', type: damageTypeMap(), description: 'Flat reductions of the monster\'s armor by damage type, after `armor_mult`.' },
  { name: 'damage_mult', type: damageTypeMap(), description: 'Multipliers on damage after armor, by damage type.' },
  { name: 'crit_mult', type: damageTypeMap(), description: 'Multipliers on critical damage after armor, by damage type; default `damage_mult`.' },
  { name: 'condition', type: DIALOGUE, description: 'Dialogue condition for the weakpoint to count (`u` the attacker, `npc` the monster).' },
  {
    name: 'effects', description: 'Effects that hitting the weakpoint may apply to the monster.',
    type: arrayOf(object([
      { name: 'effect', type: ref('effect_type'), description: 'Effect applied.' },
      { name: 'effect_on_conditions', type: arrayOf(ref('effect_on_condition')), description: 'effect_on_condition ids run (`u` the attacker, `npc` the monster).' },
      { name: 'chance', type: NUMBER, description: 'Chance in percent; default 100.' },
      { name: 'duration', type: INT_OR_RANGE, description: 'Duration in turns: a number or `[ min, max ]`.' },
      { name: 'permanent', type: BOOLEAN, description: 'The effect is permanent.' },
      { name: 'intensity', type: INT_OR_RANGE, description: 'Intensity: a number or `[ min, max ]`.' },
      { name: 'damage_required', type: { kind: 'tuple', items: [NUMBER, NUMBER], names: ['min', 'max'] }, description: 'Damage, in percent of maximum hit points, the hit must deal: `[ min, max ]`.' },
      { name: 'instant_death_chance', type: union(NUMBER, { kind: 'tuple', items: [NUMBER, NUMBER], names: ['min', 'max'] }), description: 'Chance in percent that the hit kills the monster outright (or `[ min, max ]` rolled).' },
      { name: 'message', type: TRANSLATION, description: 'Message when the player triggers the effect; `%s` is the monster\'s name.' },
    ])),
  },
]);

/** A weakpoint family: a proficiency id, or an object. */
const FAMILY: TypeSpec = union(
  ref('proficiency'),
  object([
    { name: 'id', type: STRING, description: 'Id of the family; default the proficiency.' },
    { name: 'proficiency', type: ref('proficiency'), required: true, description: 'Proficiency that helps against the family\'s weakpoints.' },
    { name: 'bonus', type: NUMBER, description: 'Weakpoint skill bonus with the proficiency.' },
    { name: 'penalty', type: NUMBER, description: 'Weakpoint skill penalty without the proficiency.' },
  ]),
);

const REPRODUCTION: ObjectSpec = deriveObject(MONSTER_SCHEMA.fields.find((f) => f.name === 'reproduction')!.type as ObjectSpec, {
  removed: [
    { name: 'baby_monster', instead: '`"baby_type": { "baby_monster": ... }`', migration: { kind: 'moveInto', object: 'baby_type', key: 'baby_monster' } },
    { name: 'baby_egg', instead: '`"baby_type": { "baby_egg": ... }`', migration: { kind: 'moveInto', object: 'baby_type', key: 'baby_egg' } },
    { name: 'baby_flags', instead: 'a top-level `"baby_flags"` member' },
  ],
  replace: [
    { name: 'baby_count', type: INTEGER, required: true, description: 'Creatures or eggs spawned per reproduction.' },
    { name: 'baby_timer', type: union(INTEGER, TIME_STRING), required: true, description: 'Time between reproductions: days as a number, or a time string such as "14 d".' },
  ],
  add: [
    {
      name: 'baby_type', required: true, description: 'What is born: exactly one of `baby_monster`, `baby_monster_group`, `baby_egg`, `baby_egg_group`.',
      type: object([
        { name: 'baby_monster', type: ref('MONSTER'), description: 'Monster id born alive.' },
        { name: 'baby_monster_group', type: ref('monstergroup'), description: 'Monster group the newborn is drawn from.' },
        { name: 'baby_egg', type: ref('item'), description: 'Egg item id laid.' },
        { name: 'baby_egg_group', type: ref('item_group'), description: 'Item group the egg is drawn from.' },
      ]),
    },
  ],
});

const UPGRADES: TypeSpec = union(
  BOOLEAN,
  object([
    { name: 'half_life', type: INTEGER, description: 'Days in which half of the monsters upgrade (exponential progression), scaled by the evolution factor. This or `age_grow` must be given.' },
    { name: 'age_grow', type: INTEGER, description: 'Days after which the monster changes (not scaled by the evolution factor). This or `half_life` must be given.' },
    { name: 'into_group', type: ref('monstergroup'), description: 'Monster group the upgraded type is drawn from (not with `into`).' },
    { name: 'into', type: ref('MONSTER'), description: 'Upgraded monster type id (not with `into_group`).' },
    { name: 'multiple_spawns', type: BOOLEAN, description: 'With `into_group`: spawn as many monsters as the group entry\'s pack size.' },
    { name: 'spawn_range', type: INTEGER, description: 'With `multiple_spawns`: how far from the original monster the upgrades may spawn (mandatory then).' },
    { name: 'despawn_when_null', type: BOOLEAN, description: 'With `into_group`: when the group yields `mon_null`, the monster vanishes instead of dying. Default false.' },
  ]),
);

const PATH_SETTINGS: ObjectSpec = object([
  { name: 'max_dist', type: INTEGER, description: 'Maximum straight-line distance of a path; default 0.' },
  { name: 'max_length', type: INTEGER, description: 'Maximum length of a path; default 5 times `max_dist`.' },
  { name: 'bash_strength', type: union(damageTypeMap(INTEGER), INTEGER), description: 'Bash strength assumed when pathing through obstacles, by damage type; default the monster\'s `bash_skill`.' },
  { name: 'allow_open_doors', type: BOOLEAN, description: 'The monster knows how to open doors.' },
  { name: 'allow_unlock_doors', type: BOOLEAN, description: 'The monster knows how to unlock doors.' },
  { name: 'avoid_traps', type: BOOLEAN, description: 'The monster avoids traps.' },
  { name: 'allow_climb_stairs', type: BOOLEAN, description: 'The monster may climb stairs; default true.' },
  { name: 'avoid_rough_terrain', type: BOOLEAN, description: 'The monster avoids rough terrain such as rubble.' },
  { name: 'avoid_sharp', type: BOOLEAN, description: 'The monster avoids sharp terrain and furniture.' },
  { name: 'avoid_dangerous_fields', type: BOOLEAN, description: 'The monster avoids dangerous fields such as fire or acid.' },
]);

const MOVE_SKILL: NumberSpec = { kind: 'integer', min: 0, max: 10 };

const ARMOR_MOVES: readonly [string, string][] = [
  ['armor_bash', 'bash'], ['armor_cut', 'cut'], ['armor_stab', 'stab'], ['armor_bullet', 'bullet'], ['armor_acid', 'acid'],
  ['armor_fire', 'heat'], ['armor_cold', 'cold'], ['armor_electric', 'electric'],
];

const extendWith = (f: FieldSpec, attacks: TypeSpec, description: string): FieldSpec =>
  ({ ...f, description, type: object([{ name: 'special_attacks', type: attacks, description: 'Special attacks added or removed.' }], true) });
const baseField = (name: string): FieldSpec => MONSTER_SCHEMA.fields.find((f) => f.name === name)!;

export const MONSTER_SCHEMA_CURRENT: KindSchema = deriveSchema(MONSTER_SCHEMA, {
  removed: [
    { name: 'edit-mode', instead: 'no member: a definition with the same id in a later mod replaces the monster (use `copy-from` to start from it)' },
    ...ARMOR_MOVES.map(([name, key]) => ({ name, instead: `\`"armor": { "${key}": ... }\``, migration: { kind: 'moveInto' as const, object: 'armor', key } })),
    { name: 'melee_cut', instead: 'a `melee_damage` entry `{ "damage_type": "cut", "amount": ... }`', migration: { kind: 'damageUnit', array: 'melee_damage', damageType: 'cut' } },
    { name: 'on_death', instead: '`"death_function": { "corpse_type": ..., "message": ..., "effect": ..., "eoc": ... }`' },
    { name: 'size', instead: 'nothing: the size follows from `volume`' },
    { name: 'emit_field', instead: '`"emit_fields"`', migration: { kind: 'rename', to: 'emit_fields' } },
    { name: 'scent_tracked', instead: '`"scents_tracked"`', migration: { kind: 'rename', to: 'scents_tracked' } },
    { name: 'scent_ignored', instead: '`"scents_ignored"`', migration: { kind: 'rename', to: 'scents_ignored' } },
  ],
  replace: [
    { name: 'description', type: TRANSLATION, description: 'In-game description: a string or `{ "str": ... }`.' },
    { name: 'death_drops', type: union(ref('item_group'), INLINE_ITEM_GROUP_CURRENT, ENTRY_LIST_CURRENT), description: 'Item group spawned on death: a group id, or an inline group (default subtype `distribution`).' },
    { name: 'categories', type: arrayOf(STRING), description: 'Monster categories, e.g. `CLASSIC`, `WILDLIFE`, `NULL` (mods add their own, e.g. `DINOSAUR`). A monster in neither `CLASSIC` nor `WILDLIFE` does not spawn in classic mode.' },
    { name: 'volume', type: { kind: 'string', format: 'volume' }, description: 'Volume: an integer with unit `L` or `ml`, e.g. "62500 ml"; sets the monster\'s size. Default 62499 ml.' },
    { name: 'weight', type: { kind: 'string', format: 'mass' }, description: 'Weight: an integer with unit `g` or `kg`, e.g. "81500 g". Default 81499 g.' },
    { name: 'color', type: COLOR, description: 'Color name used with the symbol (one of the game\'s: `white`, `light_gray`, `c_red`, `i_green`, `white_red`...); default white.' },
    { name: 'material', type: union(ref('material'), arrayOf(union(ref('material'), { kind: 'tuple', items: [ref('material'), INTEGER], names: ['material id', 'portion'] }))), description: 'Material ids, or `[ material id, portion ]` pairs; default flesh.' },
    { name: 'bodytype', type: STRING, description: `Body type, a general description of the body's layout; the game's data uses ${KNOWN_BODYTYPES.join(', ')}.` },
    { name: 'diff', type: intAtLeast(0), description: 'Difficulty added to the computed one (which counts damage, armor, dodge, hit points, speed, vision...): for special attacks the computation misses. Most monsters need 0; above 30 a kill is recorded in the memorial log.' },
    { name: 'aggression', type: { kind: 'integer', min: -100, max: 100 }, description: 'Baseline anger, from -100 to 100: above 10 the monster is hostile; below 0 it ignores or flees.' },
    { name: 'mountable_weight_ratio', type: NUMBER, description: 'Heaviest rider as a fraction of the mount\'s weight; default 0.2.', default: 0.2 },
    { name: 'melee_damage', type: DAMAGE_INSTANCE, description: 'Damage added to the melee dice roll: damage units with `damage_type` (a damage type id), `amount`, `armor_penetration`, `armor_multiplier`, `damage_multiplier`.' },
    { name: 'grab_strength', type: intAtLeast(0), description: 'Base intensity of the grab effect of `grab` attacks (unless their `grab_data` says otherwise); default 1. A default zombie has 20.', default: 1 },
    { name: 'vision_day', type: intAtLeast(0), description: 'Vision range in full daylight; default 40.' },
    { name: 'vision_night', type: intAtLeast(0), description: 'Vision range in total darkness; default 1.' },
    { name: 'luminance', type: NUMBER, description: 'Light emitted by the monster; default 0.' },
    // The 0.F spec's "0 to 10 in base content" convention: the current game sets no upper limit (its own data
    // has dodge 14 and 99, melee_skill 100 and 1000).
    { name: 'melee_skill', type: intAtLeast(0), description: 'Melee skill: 4 is average; most monsters have 0 to 10.' },
    { name: 'dodge', type: intAtLeast(0), description: 'Dodge skill: most monsters have 0 to 10.' },
    { name: 'hp', type: intAtLeast(1), description: 'Hit points (at least 1).' },
    { name: 'speed', type: intAtLeast(0), description: 'Speed: 100 is normal human speed; higher is faster. Default 0.' },
    { name: 'attack_cost', type: intAtLeast(0), description: 'Moves per regular attack; default 100.' },
    {
      name: 'death_function', description: 'What happens when the monster dies: an object (an array of death functions is no longer read).',
      type: {
        ...object([
          { name: 'corpse_type', type: oneOf(...CORPSE_TYPES), description: `Corpse left: ${CORPSE_TYPES.join(', ')}; default NORMAL.` },
          { name: 'message', type: TRANSLATION, description: 'Death message; `%s` is the monster\'s name. Default "The %s dies!".' },
          { name: 'effect', type: FAKE_SPELL, description: 'Spell cast on death (`id`, `hit_self`, `min_level`...).' },
          { name: 'eoc', type: ref('effect_on_condition'), description: 'effect_on_condition run on death (`u` the killer, if any; `npc` the monster).' },
        ]),
        formerly: { form: 'array', migration: { kind: 'deathFunctions', names: DEATH_FUNCTIONS_0F } },
      },
    },
    { name: 'regeneration_modifiers', type: arrayOf(union({ kind: 'tuple', items: [ref('effect_type'), INTEGER], names: ['effect id', 'amount'] }, ref('effect_type'))), description: 'While the monster has an effect, its regeneration changes by an amount: `[ effect id, amount ]` pairs (never below 0).' },
    { name: 'special_attacks', type: arrayOf(SPECIAL_ATTACK_CURRENT), description: 'Special attacks: `[ attack id, cooldown ]`, `{ "id": attack id, ... }` adjusting an existing attack, or an attack defined in place with `type` (leap, melee, bite, gun, spell...) and `cooldown`. Attack ids name `monster_attack` definitions or attacks built into the game.' },
    { name: 'flags', type: idOrIds('monster_flag'), description: 'Monster flags: ids of `monster_flag` definitions (SEES, HEARS, SMELLS, STUMBLES, REVIVES...).' },
    { name: 'fear_triggers', type: TRIGGERS, description: `What frightens the monster: ${TRIGGER_LIST}.` },
    { name: 'anger_triggers', type: TRIGGERS, description: `What angers the monster: ${TRIGGER_LIST}.` },
    { name: 'placate_triggers', type: TRIGGERS, description: `What calms the monster: ${TRIGGER_LIST}.` },
    { name: 'upgrades', type: UPGRADES, default: false, description: '`false` (default) disables upgrading; an object says how and when the monster upgrades: `half_life` or `age_grow`, and `into` or `into_group`.' },
    { name: 'reproduction', type: REPRODUCTION, description: 'Reproduction: `baby_type` (what is born), `baby_count` and `baby_timer`.' },
    { name: 'special_when_hit', type: { kind: 'tuple', items: [oneOf(...MONSTER_DEFENSES), INTEGER], names: ['defense', 'chance'] }, description: `Defense when hit: \`[ defense, chance in percent ]\`; defenses ${MONSTER_DEFENSES.join(', ')}.` },
    { name: 'attack_effs', type: arrayOf(MON_EFFECT), description: 'Effects applied to a creature the monster hits: objects with `id`, `chance`, `duration`, `intensity`, `permanent`, `affect_hit_bp`, `bp`, `message`.' },
    { name: 'path_settings', type: PATH_SETTINGS, description: 'How the monster finds paths: distance, doors, traps, stairs, obstacles.', fromGame: true },
    {
      name: 'biosignature', description: 'Droppings the monster leaves periodically.', fromGame: true,
      type: object([
        { name: 'biosig_item', type: ref('item'), required: true, description: 'Item id dropped (e.g. feces).' },
        { name: 'biosig_timer', type: union(INTEGER, TIME_STRING), required: true, description: 'Time between drops: days as a number, or a time string.' },
      ]),
    },
    extendWith(baseField('extend'), arrayOf(SPECIAL_ATTACK_CURRENT), 'Entries added to inherited members (`flags`, `special_attacks`, `weakpoint_sets`, `weakpoints`, `families`, `armor`...); `special_attacks` entries use the syntax of the member itself.'),
    extendWith(baseField('delete'), arrayOf(STRING), 'Entries removed from inherited members; `special_attacks` gives attack ids only.'),
  ],
  add: [
    { name: 'ascii_picture', type: STRING, description: 'Id of the `ascii_art` shown for the monster.', fromGame: true },
    { name: 'armor', type: damageTypeMap(), description: 'Protection by damage type: `{ "bash": 7, "cut": 7, "acid": 4 }`, keyed by `damage_type` ids (mods add their own); `all`, `physical` and `non_physical` set the rest. Replaces 0.F\'s `armor_bash`, `armor_cut`...', fromGame: true },
    { name: 'weakpoints', type: arrayOf(WEAKPOINT), description: 'Weakpoints in the monster\'s protection; they override weakpoints with the same id from `weakpoint_sets`.', fromGame: true },
    { name: 'weakpoint_sets', type: arrayOf(ref('weakpoint_set')), description: 'Ids of `weakpoint_set` definitions applied in order, each overriding weakpoints of the same id from the ones before.', fromGame: true },
    { name: 'families', type: arrayOf(FAMILY), description: 'Weakpoint families: proficiency ids, or objects with `proficiency`, `id`, `bonus`, `penalty`.', fromGame: true },
    { name: 'status_chance_multiplier', type: { kind: 'number', min: 0, max: 5 }, description: 'Multiplier, 0 to 5, on the chance of status effects from damage (being zapped by electric damage); default 1.', fromGame: true },
    { name: 'tracking_distance', type: intAtLeast(3), description: 'Tiles the monster keeps between itself and the creature it tracks or follows (at least 3).', fromGame: true },
    { name: 'trap_avoids', type: arrayOf(STRING), description: 'Ids of traps the monster does not trigger.', fromGame: true },
    { name: 'melee_dice_ap', type: INTEGER, description: 'Armor penetration of the melee dice\'s bash damage.', fromGame: true },
    { name: 'melee_training_cap', type: INTEGER, description: 'Highest melee skill level a character can learn by fighting the monster; default `melee_skill` + 2.', fromGame: true },
    { name: 'hitsize_min', type: INTEGER, description: 'Smallest body part hit size the monster\'s melee attack targets.', fromGame: true },
    { name: 'hitsize_max', type: INTEGER, description: 'Largest body part hit size the monster\'s melee attack targets.', fromGame: true },
    { name: 'bash_skill', type: union(damageTypeMap(INTEGER), INTEGER), description: 'Damage done when bashing obstacles, by damage type; default computed from the melee dice and the BASHES, DESTROYS, BORES flags.', fromGame: true },
    { name: 'bleed_rate', type: INTEGER, description: 'Percent multiplier on the duration of bleeding; 0 is immune. Default 100.', fromGame: true },
    { name: 'absorb_ml_per_hp', type: INTEGER, description: 'ABSORB_ITEMS attack: milliliters absorbed per hit point gained; default 250.', fromGame: true },
    { name: 'absorb_move_cost_per_ml', type: NUMBER, description: 'ABSORB_ITEMS attack: moves per milliliter absorbed; default 0.025.', fromGame: true },
    { name: 'absorb_move_cost_min', type: INTEGER, description: 'ABSORB_ITEMS attack: least moves an absorption takes; default 1.', fromGame: true },
    { name: 'absorb_move_cost_max', type: INTEGER, description: 'ABSORB_ITEMS attack: most moves an absorption takes; -1 (default) is no limit.', fromGame: true },
    { name: 'absorb_material', type: idOrIds('material'), description: 'ABSORB_ITEMS attack: materials the monster absorbs (default all).', fromGame: true },
    { name: 'no_absorb_material', type: idOrIds('material'), description: 'ABSORB_ITEMS attack: materials the monster cannot absorb; overrides `absorb_material`.', fromGame: true },
    { name: 'split_move_cost', type: INTEGER, description: 'SPLIT attack: moves splitting takes; default 200.', fromGame: true },
    {
      name: 'petfood', description: 'Taming by feeding: `food` categories accepted, `feed` and `pet` messages (`%s` the monster\'s name).', fromGame: true,
      type: object([
        { name: 'food', type: arrayOf(STRING), required: true, description: 'Pet food categories the monster accepts (e.g. CATFOOD, DOGFOOD).' },
        { name: 'feed', type: TRANSLATION, description: 'Message when the monster is fed.' },
        { name: 'pet', type: TRANSLATION, description: 'Message when playing with the pet.' },
      ]),
    },
    {
      name: 'move_skills', description: 'Movement skills, 0 to 10, on difficult terrain.', fromGame: true,
      type: object([
        { name: 'swim', type: MOVE_SKILL, description: 'Swimming: a flat move cost on swimmable terrain instead of its terrain cost.' },
        { name: 'dig', type: MOVE_SKILL, description: 'Digging: a flat move cost on diggable terrain instead of its terrain cost.' },
        { name: 'climb', type: MOVE_SKILL, description: 'Climbing: the monster can climb climbable terrain and furniture and use ladders.' },
      ]),
    },
    { name: 'broken_itype', type: ref('item'), description: 'Item left when the monster dies with `corpse_type` BROKEN; default `broken_` plus the monster id.', fromGame: true },
    {
      name: 'mount_items', description: 'Mount equipment the monster spawns with.', fromGame: true,
      type: object([
        { name: 'tied', type: ref('item'), description: 'Item the mount is tied with.' },
        { name: 'tack', type: ref('item'), description: 'Tack item.' },
        { name: 'armor', type: ref('item'), description: 'Armor item.' },
        { name: 'storage', type: ref('item'), description: 'Storage item.' },
      ]),
    },
    {
      name: 'revive_forms', description: 'Conditional revival (an advanced `zombify_into`): the first entry whose condition holds decides what the corpse rises as.', fromGame: true,
      type: arrayOf(object([
        { name: 'condition', type: DIALOGUE, description: 'Dialogue condition (no talkers; context values `loc` and `corpse_damage`); always true when left out.' },
        { name: 'monster', type: ref('MONSTER'), description: 'Monster id revived as (this or `monster_group`).' },
        { name: 'monster_group', type: ref('monstergroup'), description: 'Monster group the revived monster is drawn from.' },
      ])),
    },
    { name: 'fungalize_into', type: ref('MONSTER'), description: 'Monster id the monster turns into when fungalized by spores.', fromGame: true },
    { name: 'dissect', type: ref('harvest'), description: 'Harvest entry for dissecting the corpse.', fromGame: true },
    { name: 'decay', type: ref('harvest'), description: 'Harvest entry left when the corpse rots away.', fromGame: true },
    {
      name: 'shearing', description: 'Items given when the monster is sheared: `result` with `amount` (a number or `[ min, max ]`), `ratio_mass` or `ratio_volume`.', fromGame: true,
      type: arrayOf(object([
        { name: 'result', type: ref('item'), required: true, description: 'Item id given.' },
        { name: 'amount', type: INT_OR_RANGE, description: 'Exact amount, or `[ min, max ]`.' },
        { name: 'ratio_mass', type: NUMBER, description: 'Amount as a fraction of the monster\'s mass (kg).' },
        { name: 'ratio_volume', type: NUMBER, description: 'Amount as a fraction of the monster\'s volume (L).' },
      ])),
    },
    { name: 'speed_description', type: STRING, description: 'Id of the `speed_description` describing the monster\'s speed; default DEFAULT.', fromGame: true },
    { name: 'chat_topics', type: arrayOf(ref('talk_topic')), description: 'Dialogue topic when talking to the (friendly, or CONVERSATION-flagged) monster; one entry.', fromGame: true },
  ],
});

/** `type: "monster_attack"`: a special attack defined on its own, used by id from monsters. */
export const MONSTER_ATTACK_SCHEMA_CURRENT: KindSchema = {
  basis: 'reader',
  fields: [
    { name: 'type', type: oneOf('monster_attack'), required: true, description: 'String member naming the record kind: `monster_attack`.' },
    { name: 'id', type: STRING, required: true, description: 'Attack id, used by monsters\' `special_attacks` (a later definition with the same id replaces it).' },
    { name: 'attack_type', type: oneOf(...ATTACK_TYPES), description: `Attack actor: ${ATTACK_TYPES.join(', ')}. Without it, \`id\` must name an existing attack, which this definition adjusts.` },
    COOLDOWN,
    ...ATTACK_MEMBERS,
  ],
  editMembers: [],
};
