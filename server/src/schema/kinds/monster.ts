/**
 * Monster type (`type` = `MONSTER`), spec 2.2, plus the members the 0.F game reads that the spec does not list
 * (`fromGame`). See docs/schema-notes.md for where the real data disagrees with the spec.
 */
import type { FieldSpec, KindSchema, ObjectSpec, StringSpec, TupleSpec, TypeSpec } from '../types';
import { INLINE_ITEM_GROUP_0F } from './itemGroup';
import { COLOR } from '../colors';
import {
  ANY, BOOLEAN, EDIT_MODE_FIELD, INTEGER, NUMBER, OPEN_OBJECT, STRING, SKILL_LEVEL,
  arrayOf, inheritanceFields, object, oneOf, ref, typeField, union,
} from './common';

/**
 * Body types, the most used first: the order of the 0.F data's use (human 117, pig 21, insect 20, spider 14...;
 * unused last), so a fix with no game data loaded proposes the likeliest rather than the alphabet's first.
 */
export const BODYTYPES = [
  'human', 'pig', 'insect', 'spider', 'blob', 'snake', 'flying insect', 'fish', 'bird', 'bear', 'migo', 'crab',
  'gator', 'frog', 'angel', 'quadruped', 'elephant', 'kangaroo', 'lizard',
] as const;

export const DAMAGE_TYPES = [
  'true', 'bash', 'cut', 'stab', 'bullet', 'biological', 'acid', 'heat', 'cold', 'dark', 'light', 'psi', 'electric',
] as const;

/** Species named by the spec ("Known species"); species are data-defined (`SPECIES`), so this is not a closed set. */
export const KNOWN_SPECIES = [
  'HUMAN', 'ROBOT', 'ZOMBIE', 'MAMMAL', 'BIRD', 'FISH', 'REPTILE', 'WORM', 'MOLLUSK', 'AMPHIBIAN', 'INSECT', 'SPIDER',
  'FUNGUS', 'PLANT', 'NETHER', 'MUTANT', 'BLOB', 'HORROR', 'ABERRATION', 'HALLUCINATION', 'UNKNOWN',
] as const;

/**
 * Closed sets the 0.F loader enforces (mtype::load: enum_flags_reader, the death function and attack maps): a
 * value outside them stops the game loading the mod ("invalid monster flag", "invalid monster death function",
 * "Invalid special_attacks"). Taken from the 0.F game (its strings, its data) and checked with its own
 * --check-mods: every value below loads, and so does all of 0.F's data.
 */
export const MONSTER_FLAGS_0F = [
  'SEES', 'HEARS', 'GOODHEARING', 'SMELLS', 'KEENNOSE', 'STUMBLES', 'WARM', 'NOHEAD', 'HARDTOSHOOT', 'GRABS',
  'BASHES', 'GROUP_BASH', 'DESTROYS', 'BORES', 'POISON', 'VENOM', 'BADVENOM', 'PARALYZEVENOM', 'WEBWALK', 'DIGS',
  'CAN_DIG', 'CAN_OPEN_DOORS', 'FLIES', 'AQUATIC', 'SWIMS', 'FISHABLE', 'ATTACKMON', 'ANIMAL', 'PLASTIC', 'SUNDEATH',
  'ELECTRIC', 'ACIDPROOF', 'ACIDTRAIL', 'SHORTACIDTRAIL', 'FIREPROOF', 'SLUDGEPROOF', 'SLUDGETRAIL', 'COLDPROOF',
  'FIREY', 'QUEEN', 'ELECTRONIC', 'FUR', 'LEATHER', 'WOOL', 'CBM_CIV', 'BONES', 'FAT', 'CONSOLE_DESPAWN', 'IMMOBILE',
  'ID_CARD_DESPAWN', 'RIDEABLE_MECH', 'MILITARY_MECH', 'MECH_RECON_VISION', 'MECH_DEFENSIVE', 'HIT_AND_RUN', 'GUILT',
  'PAY_BOT', 'HUMAN', 'NO_BREATHE', 'FLAMMABLE', 'REVIVES', 'CHITIN', 'VERMIN', 'NOGIB', 'ABSORBS', 'ABSORBS_SPLITS',
  'LARVA', 'ARTHROPOD_BLOOD', 'ACID_BLOOD', 'BILE_BLOOD', 'CBM_POWER', 'CBM_SCI', 'CBM_OP', 'CBM_TECH', 'CBM_SUBS',
  'FILTHY', 'SWARMS', 'CLIMBS', 'GROUP_MORALE', 'INTERIOR_AMMO', 'NIGHT_INVISIBILITY', 'REVIVES_HEALTHY', 'NO_NECRO',
  'PACIFIST', 'PUSH_MON', 'PUSH_VEH', 'PATH_AVOID_DANGER_1', 'PATH_AVOID_DANGER_2', 'PATH_AVOID_FALL',
  'PATH_AVOID_FIRE', 'PRIORITIZE_TARGETS', 'NOT_HALLUCINATION', 'CATFOOD', 'CANPLAY', 'CATTLEFODDER', 'BIRDFOOD',
  'PET_MOUNTABLE', 'PET_HARNESSABLE', 'DOGFOOD', 'MILKABLE', 'SHEARABLE', 'NO_BREED', 'PET_WONT_FOLLOW',
  'DRIPS_NAPALM', 'DRIPS_GASOLINE', 'ELECTRIC_FIELD', 'STUN_IMMUNE', 'LOUDMOVES', 'DROPS_AMMO', 'INSECTICIDEPROOF',
  'RANGED_ATTACKER',
] as const;

/** 0.F death functions (MonsterGenerator::init_death; `DETONATE` of older versions is gone). */
export const DEATH_FUNCTIONS_0F = [
  'NORMAL', 'SPLATTER', 'ACID', 'BOOMER', 'BOOMER_GLOW', 'KILL_VINES', 'VINE_CUT', 'TRIFFID_HEART', 'FUNGUS',
  'DISINTEGRATE', 'WORM', 'DISAPPEAR', 'GUILT', 'BRAINBLOB', 'BLOBSPLIT', 'JACKSON', 'MELT', 'AMIGARA', 'THING',
  'EXPLODE', 'FOCUSEDBEAM', 'BROKEN', 'RATKING', 'DARKMAN', 'GAS', 'KILL_BREATHERS', 'BROKEN_AMMO', 'SMOKEBURST',
  'FUNGALBURST', 'JABBERWOCKY', 'GAMEOVER', 'PREG_ROACH', 'FIREBALL', 'CONFLAGRATION', 'NECRO_BOOMER',
] as const;

/** 0.F monster triggers (enum mon_trigger). */
export const MONSTER_TRIGGERS_0F = [
  'STALK', 'MEAT', 'PLAYER_WEAK', 'PLAYER_CLOSE', 'HURT', 'FIRE', 'FRIEND_DIED', 'FRIEND_ATTACKED', 'SOUND',
  'PLAYER_NEAR_BABY', 'MATING_SEASON',
] as const;

/**
 * 0.F special attacks built into the C++ (MonsterGenerator::init_attack): an old-style `[ id, cooldown ]` names
 * one of these or a `monster_attack` definition.
 */
export const HARDCODED_ATTACKS_0F = [
  'NONE', 'EAT_CROP', 'EAT_FOOD', 'ANTQUEEN', 'CHECK_UP', 'ASSIST', 'OPERATE', 'PAID_BOT', 'SHRIEK', 'SHRIEK_ALERT',
  'SHRIEK_STUN', 'RATTLE', 'HOWL', 'ACID', 'ACID_BARF', 'ACID_ACCURATE', 'SHOCKSTORM', 'SHOCKING_REVEAL',
  'PULL_METAL_WEAPON', 'BOOMER', 'BOOMER_GLOW', 'RESURRECT', 'SMASH', 'SCIENCE', 'GROWPLANTS', 'GROW_VINE', 'VINE',
  'SPIT_SAP', 'TRIFFID_HEARTBEAT', 'FUNGUS', 'FUNGUS_CORPORATE', 'FUNGUS_HAZE', 'FUNGUS_BIG_BLOSSOM', 'FUNGUS_INJECT',
  'FUNGUS_BRISTLE', 'FUNGUS_GROWTH', 'FUNGUS_SPROUT', 'FUNGUS_FORTIFY', 'DERMATIK', 'DERMATIK_GROWTH', 'FUNGAL_TRAIL',
  'PLANT', 'DISAPPEAR', 'FORMBLOB', 'CALLBLOBS', 'JACKSON', 'DANCE', 'DOGTHING', 'TENTACLE', 'GENE_STING',
  'PARA_STING', 'TRIFFID_GROWTH', 'STARE', 'FEAR_PARALYZE', 'PHOTOGRAPH', 'TAZER', 'SEARCHLIGHT', 'SPEAKER',
  'FLAMETHROWER', 'COPBOT', 'CHICKENBOT', 'MULTI_ROBOT', 'RATKING', 'GENERATOR', 'UPGRADE', 'BREATHE', 'IMPALE',
  'BRANDISH', 'FLESH_GOLEM', 'ABSORB_MEAT', 'LUNGE', 'LONGSWIPE', 'PARROT', 'PARROT_AT_DANGER', 'DARKMAN',
  'SLIMESPRING', 'EVOLVE_KILL_STRIKE', 'LEECH_SPAWNER', 'MON_LEECH_EVOLUTION', 'TINDALOS_TELEPORT', 'FLESH_TENDRIL',
  'BIO_OP_BIOJUTSU', 'BIO_OP_TAKEDOWN', 'BIO_OP_IMPALE', 'BIO_OP_DISARM', 'SUICIDE', 'KAMIKAZE', 'GRENADIER',
  'GRENADIER_ELITE', 'RIOTBOT', 'STRETCH_ATTACK', 'STRETCH_BITE', 'RANGED_PULL', 'GRAB', 'GRAB_DRAG', 'DOOT',
  'ZOMBIE_FUSE',
] as const;

const MONSTER_FLAG: StringSpec = { kind: 'string', values: MONSTER_FLAGS_0F, valuesTitle: 'a monster flag' };
const DEATH_FUNCTION: StringSpec = { kind: 'string', values: DEATH_FUNCTIONS_0F, valuesTitle: 'a death function' };
const MONSTER_TRIGGER: StringSpec = { kind: 'string', values: MONSTER_TRIGGERS_0F, valuesTitle: 'a monster trigger' };

const NAME: TypeSpec = union(
  STRING,
  object([
    { name: 'ctxt', type: STRING, description: 'Translation context, to tell homonyms apart.' },
    { name: 'str', type: STRING, description: 'Singular name. Without a plural form, the plural is the singular plus "s".' },
    { name: 'str_pl', type: STRING, description: 'Plural name.' },
    { name: 'str_sp', type: STRING, description: 'One form used for both singular and plural.' },
  ]),
);

/** A `melee_damage` entry (spec 2.2.3); also the entries of a bite's `damage_max_instance`. */
export const DAMAGE_UNIT: ObjectSpec = object([
  { name: 'damage_type', type: { ...oneOf(...DAMAGE_TYPES), rejectedValues: { psi: '"Invalid damage type" (0.F has no psi damage)' } }, description: 'Kind of damage: true, bash, cut, stab, bullet, biological, acid, heat, cold, dark, light, psi or electric.' },
  { name: 'amount', type: NUMBER, description: 'Damage dealt.' },
  { name: 'armor_penetration', type: NUMBER, description: 'Armor ignored by this damage instance.' },
  { name: 'armor_multiplier', type: NUMBER, description: 'Multiplier applied to `armor_penetration`.' },
  { name: 'damage_multiplier', type: NUMBER, description: 'Multiplier applied to `amount`.' },
]);

/** An `attack_effs` entry (spec 2.2.6). */
const ATTACK_EFFECT: ObjectSpec = object([
  { name: 'id', type: ref('effect_type'), required: true, description: 'Effect id to apply.' },
  { name: 'duration', type: INTEGER, description: 'Turns the effect lasts.' },
  { name: 'affect_hit_bp', type: BOOLEAN, description: 'Apply the effect to the body part that was hit instead of `bp`.' },
  { name: 'bp', type: ref('body_part'), description: 'Body part to apply the effect to; default is the whole body.' },
  { name: 'chance', type: INTEGER, description: 'Chance (percent) that the effect is applied.' },
]);

/** Old-style special attack: `[ attack id, cooldown ]` (spec 2.2.4). */
const OLD_STYLE_ATTACK: TupleSpec = { kind: 'tuple', items: [ref('monster_attack'), INTEGER], names: ['attack id', 'cooldown'] };

/** Members of new-style special attacks documented by the spec (leap, bite, gun) plus those the game reads. */
const ATTACK_MEMBERS: FieldSpec[] = [
  // leap
  { name: 'max_range', type: NUMBER, description: 'leap: maximal range (required for leap).' },
  { name: 'min_range', type: NUMBER, description: 'leap: minimal range needed (required for leap).' },
  { name: 'allow_no_target', type: BOOLEAN, description: 'leap: prevents use on empty space.' },
  { name: 'move_cost', type: INTEGER, description: 'Moves to complete the attack; 100 move_cost at speed 100 is one second (one turn).' },
  { name: 'min_consider_range', type: NUMBER, description: 'leap: minimal range considered for using the attack.' },
  { name: 'max_consider_range', type: NUMBER, description: 'leap: maximal range considered for using the attack.' },
  // bite
  { name: 'damage_max_instance', type: arrayOf(DAMAGE_UNIT), description: 'bite: maximum damage of one bite (damage entries as in `melee_damage`).' },
  { name: 'min_mul', type: NUMBER, description: 'bite: lower multiplier of how hard it is to get free of the bite without killing the attacker.' },
  { name: 'max_mul', type: NUMBER, description: 'bite: upper multiplier of how hard it is to get free of the bite without killing the attacker.' },
  { name: 'accuracy', type: INTEGER, description: 'bite: accuracy of the attack.' },
  { name: 'no_infection_chance', type: INTEGER, description: 'bite: chance of giving no infection.' },
  // gun
  { name: 'gun_type', type: ref('item'), description: 'gun: item id of the gun (required for gun). If friendly, the attack avoids harming the player.' },
  { name: 'ammo_type', type: ref('item'), description: 'gun: item id of the ammo (required for gun); the monster should also have it in `starting_ammo`.' },
  { name: 'max_ammo', type: INTEGER, description: 'gun: cap on ammo; exceeding it prints a debug message.' },
  { name: 'fake_str', type: INTEGER, description: 'gun: strength of the fake NPC firing the gun; default 8.', default: 8 },
  { name: 'fake_dex', type: INTEGER, description: 'gun: dexterity of the fake NPC firing the gun; default 8.', default: 8 },
  { name: 'fake_int', type: INTEGER, description: 'gun: intelligence of the fake NPC firing the gun; default 8.', default: 8 },
  { name: 'fake_per', type: INTEGER, description: 'gun: perception of the fake NPC firing the gun; default 8.', default: 8 },
  { name: 'fake_skills', type: arrayOf(SKILL_LEVEL), description: 'gun: skills of the fake NPC, as `[ skill id, level ]` pairs.' },
  { name: 'require_targeting_player', type: BOOLEAN, description: 'gun: the monster must first target the player (spending `targeting_cost` moves, with warning sounds), giving a grace period.' },
  { name: 'require_targeting_npc', type: BOOLEAN, description: 'gun: as `require_targeting_player`, for NPCs.' },
  { name: 'require_targeting_monster', type: BOOLEAN, description: 'gun: as `require_targeting_player`, for monsters.' },
  { name: 'targeting_timeout', type: INTEGER, description: 'gun: turns the targeting status lasts (on the turret, not the target).' },
  { name: 'targeting_timeout_extend', type: INTEGER, description: 'gun: turns a successful attack extends targeting; may be negative.' },
  { name: 'targeting_cost', type: INTEGER, description: 'gun: move cost of targeting; applied only when the target was not targeted within the last 5 turns.' },
  { name: 'no_crits', type: BOOLEAN, description: 'gun: if true, no ranged critical hits, and good hits tend to land on body and limbs.' },
  { name: 'laser_lock', type: BOOLEAN, description: 'gun: if true, an untargeted target is laser-locked first (the monster wastes the attack and the player is warned).' },
  { name: 'range', type: INTEGER, description: 'gun: maximum range at which targets are acquired.' },
  { name: 'range_no_burst', type: INTEGER, description: 'gun: maximum range at which targets are attacked with a burst.' },
  { name: 'burst_limit', type: INTEGER, description: 'gun: limit on burst size.' },
  { name: 'description', type: STRING, description: 'gun: text shown when the player sees the attack.' },
  { name: 'targeting_sound', type: STRING, description: 'gun: text of the targeting sound.' },
  { name: 'targeting_volume', type: INTEGER, description: 'gun: volume of the targeting sound.' },
  { name: 'no_ammo_sound', type: STRING, description: 'gun: text of the sound made when out of ammo.' },
  // read by the game, not in the spec
  { name: 'ranges', type: arrayOf(arrayOf(ANY)), description: 'gun: `[ min range, max range, gun mode ]` entries choosing the firing mode by distance.', fromGame: true },
  { name: 'require_sunlight', type: BOOLEAN, description: 'gun: the attack only works in sunlight.', fromGame: true },
  { name: 'effects', type: arrayOf(ATTACK_EFFECT), description: 'Effects applied to the target on a hit (entries as in `attack_effs`).', fromGame: true },
  // Not checked when 0.F loads (--check-mods is silent): an unknown spell fails when the monster casts it.
  { name: 'spell_data', type: object([{ name: 'id', type: ref('SPELL'), description: 'Spell id.' }], true), description: 'spell: the spell cast (`id`, `min_level`...).', fromGame: true },
  { name: 'monster_message', type: STRING, description: 'spell: message shown when the monster casts the spell.', fromGame: true },
];

/** New-style special attack: an object with `type` and `cooldown` plus type-specific members (spec 2.2.4). */
const NEW_STYLE_ATTACK: ObjectSpec = object([
  { name: 'type', type: STRING, required: true, description: 'Attack type: `leap`, `bite`, `gun`, or another type (not shown).' },
  { name: 'cooldown', type: INTEGER, required: true, description: 'Turns before the attack can be used again.' },
  { name: 'id', type: STRING, description: 'Attack id, when it differs from the type.', fromGame: true },
  ...ATTACK_MEMBERS,
], true);

/** The game also accepts an object naming an existing attack by `id` (0.F), with members that adjust it. */
const ATTACK_BY_ID: ObjectSpec = object([
  { name: 'id', type: ref('monster_attack'), required: true, description: 'Id of a predefined attack (a `monster_attack` or built-in special attack) to use, adjusted by the members given.', fromGame: true },
  { name: 'type', type: STRING, description: 'Attack type.' },
  { name: 'cooldown', type: INTEGER, description: 'Turns before the attack can be used again.' },
  ...ATTACK_MEMBERS,
], true);

export const SPECIAL_ATTACK: TypeSpec = union(OLD_STYLE_ATTACK, NEW_STYLE_ATTACK, ATTACK_BY_ID);

const EMIT_ENTRY: ObjectSpec = object([
  { name: 'emit_id', type: ref('emit'), required: true, description: 'Field emission id.' },
  { name: 'delay', type: { kind: 'string', format: 'time' }, required: true, description: 'How often the field is emitted: a time string such as "1 s", "5 m", "1 h".' },
]);

const ID_OR_IDS = (kind: string): TypeSpec => union(ref(kind), arrayOf(ref(kind)));

/** A list of ids; the game also reads a single string as a one-entry list. */
const idList = (kind?: string): TypeSpec => union(arrayOf(kind ? ref(kind) : STRING), kind ? ref(kind) : STRING);

const FIELDS: FieldSpec[] = [
  typeField(['MONSTER']),
  { name: 'id', type: STRING, required: true, description: 'Unique monster type id; conventionally starts with `mon_`.' },
  EDIT_MODE_FIELD,
  { name: 'name', type: NAME, required: true, description: 'Display name: a string, or an object with `str` (singular), `str_pl` (plural) or `str_sp` (both), and `ctxt` (translation context). Without a plural, the plural is the singular plus "s".' },
  { name: 'description', type: STRING, required: true, description: 'In-game description.' },
  { name: 'categories', type: arrayOf(oneOf('NULL', 'CLASSIC', 'WILDLIFE')), description: 'Values `NULL`, `CLASSIC`, `WILDLIFE`. A monster in neither `CLASSIC` nor `WILDLIFE` does not spawn in classic mode.' },
  { name: 'species', type: idList('SPECIES'), description: `Species ids; the triggers of each species are added to the monster's own. Known species: ${KNOWN_SPECIES.join(', ')}.` },
  { name: 'volume', type: { kind: 'string', format: 'volume' }, required: true, description: 'Volume: an integer with unit `L` or `ml` (not `l` / `mL`), e.g. "62500 ml".' },
  { name: 'weight', type: { kind: 'string', format: 'mass' }, required: true, description: 'Weight: an integer with unit `g` or `kg`, e.g. "81500 g".' },
  { name: 'scent_tracked', type: arrayOf(ref('scent_type')), description: 'Scent type ids the monster tracks.' },
  { name: 'scent_ignored', type: arrayOf(ref('scent_type')), description: 'Scent type ids the monster ignores.' },
  { name: 'symbol', type: { kind: 'string', format: 'symbol' }, required: true, description: 'Map symbol: a UTF-8 string exactly one console cell wide (may be several Unicode characters).' },
  { name: 'color', type: COLOR, required: true, description: 'Color name used with the symbol (one of the game\'s: `white`, `light_gray`, `c_red`, `i_green`, `white_red`...; 0.F reports any other).' },
  { name: 'size', type: STRING, description: 'A size flag (values not shown).' },
  { name: 'material', type: arrayOf(ref('material')), description: 'Material ids; default is an empty array (no specific material), which is allowed.', default: [] },
  { name: 'phase', type: oneOf('SOLID', 'LIQUID', 'GAS', 'PLASMA', 'NULL'), description: 'Phase: `SOLID`, `LIQUID`, `GAS`, `PLASMA` or `NULL`. No gameplay effect.' },
  { name: 'default_faction', type: ref('MONSTER_FACTION'), required: true, description: 'Monster faction id; affects which other monsters it fights.' },
  { name: 'bodytype', type: oneOf(...BODYTYPES), required: true, description: `Body type: one of ${BODYTYPES.join(', ')}.` },
  { name: 'attack_cost', type: INTEGER, description: 'Moves per regular attack.' },
  { name: 'diff', type: INTEGER, description: 'Baseline difficulty: shades the monster\'s label; above 30 a kill is recorded in the memorial log. Suggested: 0 most monsters, 2 weak specials, 5 limited ranged, 10 powerful ranged, 15-20 with hazards or powerful specials, 30 deadly ranged.' },
  { name: 'aggression', type: { kind: 'integer', min: -99, max: 100 }, description: 'From -99 (totally passive) to 100 (guaranteed hostility on detection).' },
  { name: 'morale', type: INTEGER, description: 'Percent of maximum HP below which the monster retreats.' },
  { name: 'aggro_character', type: BOOLEAN, description: 'Default true. When false the monster ignores characters (NPCs, player) as targets until one trips an anger trigger.', default: true },
  { name: 'speed', type: INTEGER, required: true, description: 'Speed: 100 is normal human speed; higher is faster.' },
  { name: 'mountable_weight_ratio', type: NUMBER, description: 'Default 0.3: a rider may weigh at most this fraction of the mount\'s weight.', default: 0.3 },
  { name: 'melee_skill', type: { kind: 'integer', min: 0, max: 10, rangeSeverity: 'warning' }, description: 'Melee skill: generally 0 to 10 in base content, 4 average; higher is anomalous.' },
  { name: 'dodge', type: { kind: 'integer', min: 0, max: 10, rangeSeverity: 'warning' }, description: 'Dodge skill: 0 to 10 in base content.' },
  { name: 'melee_damage', type: arrayOf(DAMAGE_UNIT), description: 'Melee damage instances: objects with `damage_type`, `amount`, `armor_penetration`, `armor_multiplier`, `damage_multiplier`.' },
  { name: 'melee_dice', type: INTEGER, description: 'Number of dice rolled on a melee attack (bash damage).' },
  { name: 'melee_dice_sides', type: INTEGER, description: 'Sides of each melee die.' },
  { name: 'grab_strength', type: INTEGER, description: 'Default 1. With a GRAB attack and the GRABS flag: acts as n zombies grabbing; max(Str, Dex) <= n cannot break free.', default: 1 },
  { name: 'melee_cut', type: INTEGER, description: 'Cutting damage added to the melee die roll.' },
  { name: 'armor_bash', type: INTEGER, description: 'Protection against bash damage.' },
  { name: 'armor_cut', type: INTEGER, description: 'Protection against cut damage.' },
  { name: 'armor_stab', type: INTEGER, description: 'Protection against stab damage.' },
  { name: 'armor_acid', type: INTEGER, description: 'Protection against acid damage.' },
  { name: 'armor_fire', type: INTEGER, description: 'Protection against fire damage.' },
  { name: 'armor_cold', type: INTEGER, description: 'Protection against cold damage.' },
  { name: 'armor_electric', type: INTEGER, description: 'Protection against electric damage.' },
  { name: 'vision_day', type: INTEGER, description: 'Vision range in full daylight.' },
  { name: 'vision_night', type: INTEGER, description: 'Vision range in total darkness.' },
  { name: 'luminance', type: { kind: 'integer', min: 0, max: 10 }, description: 'Light passively emitted, 0 to 10.' },
  { name: 'hp', type: INTEGER, required: true, description: 'Hit points.' },
  { name: 'death_drops', type: union(ref('item_group'), INLINE_ITEM_GROUP_0F, arrayOf(ANY)), description: 'Item group spawned on death: a group id, or an inline group (default subtype `distribution`).' },
  { name: 'death_function', type: arrayOf(DEATH_FUNCTION), description: `Death behaviors: ${DEATH_FUNCTIONS_0F.join(', ')}.` },
  {
    name: 'on_death', description: 'Death behaviors; when present, the top-level `death_function` is skipped.',
    type: object([
      { name: 'death_function', type: arrayOf(DEATH_FUNCTION), description: 'Death behaviors.' },
      { name: 'spawn_mon', type: ref('MONSTER'), description: 'Monster id spawned at the death location.' },
      {
        name: 'spawn_mon_near', description: 'Monsters spawned near the death location.',
        type: object([
          { name: 'distance', type: INTEGER, required: true, description: 'Maximum distance from the death location.' },
          { name: 'ids', type: ID_OR_IDS('MONSTER'), description: 'Monster id(s) to try to spawn.' },
        ]),
      },
    ]),
  },
  { name: 'harvest', type: ref('harvest'), description: 'Harvest entry used when butchering or dissecting the corpse; defaults to the human entry.' },
  { name: 'emit_field', type: arrayOf(EMIT_ENTRY), description: 'Fields emitted: objects with `emit_id` and `delay` (time string). The spec\'s sample spells it `emit_fields`, the name the game reads.' },
  { name: 'regenerates', type: INTEGER, description: 'Hit points regenerated per turn.' },
  {
    name: 'regeneration_modifiers', description: 'Regeneration modifiers by effect: stack additively across effect intensity, applied multiplicatively.',
    type: arrayOf(object([
      { name: 'effect', type: ref('effect_type'), description: 'Effect id.' },
      { name: 'base_mod', type: NUMBER, description: 'Base modifier.' },
      { name: 'scaling_mod', type: NUMBER, description: 'Modifier added per intensity level.' },
    ])),
  },
  { name: 'regenerates_in_dark', type: BOOLEAN, description: 'Regenerates very quickly in poorly lit tiles.' },
  { name: 'regen_morale', type: BOOLEAN, description: 'Stops fleeing at max HP and regenerates anger and morale.' },
  { name: 'special_attacks', type: arrayOf(SPECIAL_ATTACK), description: 'Special attacks: old style `[ attack id, cooldown ]` or new style objects with `type`, `cooldown` and type-specific members. Modifying a type with this member replaces the whole list.' },
  { name: 'flags', type: arrayOf(MONSTER_FLAG), description: 'Monster flags (SEES, HEARS, SMELLS, STUMBLES, REVIVES...).' },
  { name: 'fear_triggers', type: arrayOf(MONSTER_TRIGGER), description: `What frightens the monster: ${MONSTER_TRIGGERS_0F.join(', ')}.` },
  { name: 'anger_triggers', type: arrayOf(MONSTER_TRIGGER), description: `What angers the monster: ${MONSTER_TRIGGERS_0F.join(', ')}.` },
  { name: 'placate_triggers', type: arrayOf(MONSTER_TRIGGER), description: `What calms the monster: ${MONSTER_TRIGGERS_0F.join(', ')}.` },
  { name: 'revert_to_itype', type: ref('item'), description: 'If non-empty and a valid item id, a friendly monster can be converted by the player into this item.' },
  { name: 'starting_ammo', type: { kind: 'map', key: ref('item'), value: INTEGER }, description: 'Map from ammo item id to the count given to newly spawned monsters.' },
  {
    name: 'upgrades', default: false, description: '`false` (default) disables upgrading; an object says how and when the monster upgrades.',
    type: union(BOOLEAN, object([
      { name: 'half_life', type: INTEGER, required: true, description: 'Days in which half of the monsters upgrade (exponential progression), scaled by the evolution factor (default 4 days).' },
      { name: 'into_group', type: ref('monstergroup'), description: 'Monster group the upgraded type is drawn from.' },
      { name: 'into', type: ref('MONSTER'), description: 'Upgraded monster type id.' },
      { name: 'age_grow', type: INTEGER, description: 'Days needed to change into another monster.' },
    ])),
  },
  {
    name: 'reproduction', description: 'Reproduction: needs `baby_monster` or `baby_egg`, with `baby_count` and `baby_timer`.',
    type: object([
      { name: 'baby_monster', type: ref('MONSTER'), description: 'Monster id spawned for live births; this or `baby_egg` must be given.' },
      { name: 'baby_egg', type: ref('item'), description: 'Egg item id for egg layers.' },
      { name: 'baby_count', type: INTEGER, required: true, description: 'Creatures or eggs spawned per reproduction.' },
      { name: 'baby_timer', type: INTEGER, required: true, description: 'Days between reproduction events.' },
      { name: 'baby_flags', type: arrayOf(STRING), description: 'Seasons during which reproduction is possible (e.g. `SPRING`, `SUMMER`).' },
    ]),
  },
  { name: 'special_when_hit', type: { kind: 'tuple', items: [STRING, INTEGER], names: ['defense attack id', 'chance'] }, description: 'Defense when hit: `[ defense attack id, chance to trigger ]`.' },
  { name: 'attack_effs', type: arrayOf(ATTACK_EFFECT), description: 'Effects applied to an attacked creature on a successful attack: objects with `id`, `duration`, `affect_hit_bp`, `bp`, `chance`.' },

  // Read by the 0.F game, not listed by the spec.
  { name: 'emit_fields', type: arrayOf(EMIT_ENTRY), description: 'Fields emitted: objects with `emit_id` (field emission id) and `delay` (time string). The name the game reads (see `emit_field`).', fromGame: true },
  { name: 'scents_tracked', type: idList('scent_type'), description: 'Scent type ids the monster tracks (the name the game reads; see `scent_tracked`).', fromGame: true },
  { name: 'scents_ignored', type: idList('scent_type'), description: 'Scent type ids the monster ignores (the name the game reads; see `scent_ignored`).', fromGame: true },
  { name: 'armor_bullet', type: INTEGER, description: 'Protection against bullet damage.', fromGame: true },
  { name: 'looks_like', type: STRING, description: 'Id of a monster (or other thing) whose tile is used when this monster has no tile of its own.', fromGame: true },
  { name: 'baby_flags', type: arrayOf(STRING), description: 'Seasons during which reproduction is possible (e.g. `SPRING`); the game reads it at the top level, next to `reproduction`.', fromGame: true },
  {
    name: 'path_settings', description: 'Pathfinding settings.', fromGame: true,
    type: object([
      { name: 'max_dist', type: INTEGER, description: 'Maximum distance (straight line) to a target the monster paths to.' },
      { name: 'max_length', type: INTEGER, description: 'Maximum length of a path.' },
      { name: 'bash_strength', type: INTEGER, description: 'Bash strength assumed when pathing through obstacles.' },
      { name: 'allow_open_doors', type: BOOLEAN, description: 'The monster may open doors on its path.' },
      { name: 'avoid_traps', type: BOOLEAN, description: 'The monster avoids traps.' },
      { name: 'allow_climb_stairs', type: BOOLEAN, description: 'The monster may climb stairs.' },
      { name: 'avoid_sharp', type: BOOLEAN, description: 'The monster avoids sharp terrain and furniture.' },
    ]),
  },
  {
    name: 'biosignature', description: 'Droppings the monster leaves periodically.', fromGame: true,
    type: object([
      { name: 'biosig_item', type: ref('item'), required: true, description: 'Item id dropped (e.g. feces).' },
      { name: 'biosig_timer', type: INTEGER, required: true, description: 'Days between drops.' },
    ]),
  },
  { name: 'burn_into', type: ref('MONSTER'), description: 'Monster id this monster turns into when it dies by fire.', fromGame: true },
  { name: 'zombify_into', type: ref('MONSTER'), description: 'Monster id the corpse revives as when zombified.', fromGame: true },
  { name: 'mech_weapon', type: ref('item'), description: 'Mech: item id of the weapon wielded by the rider.', fromGame: true },
  { name: 'mech_str_bonus', type: INTEGER, description: 'Mech: strength bonus given to the rider.', fromGame: true },
  { name: 'mech_battery', type: ref('item'), description: 'Mech: item id of the battery the mech uses.', fromGame: true },
  { name: 'alias', type: union(STRING, arrayOf(STRING)), description: 'Former id(s) of this monster type, still accepted as references to it.', fromGame: true },
  ...inheritanceFields('MONSTER').map((f): FieldSpec => {
    if (f.name === 'extend') {
      return { ...f, description: 'Entries added to inherited list members; `special_attacks` entries use the same syntax as the member itself.', type: object([{ name: 'special_attacks', type: arrayOf(SPECIAL_ATTACK), description: 'Special attacks added.' }], true) };
    }
    if (f.name === 'delete') {
      return { ...f, description: 'Entries removed from inherited list members; `special_attacks` gives attack ids only (no brackets, no cooldown).', type: object([{ name: 'special_attacks', type: arrayOf(STRING), description: 'Ids of the special attacks removed.' }], true) };
    }
    return f;
  }),
];

export const MONSTER_SCHEMA: KindSchema = {
  basis: 'spec',
  fields: FIELDS,
  editMembers: [
    { member: 'add:flags', property: 'flags', entry: STRING, description: 'Monster flags added to an existing monster (also used for categories adjustments).' },
    { member: 'remove:flags', property: 'flags', entry: STRING, description: 'Monster flags removed from an existing monster.' },
    { member: 'add:species', property: 'species', entry: ref('SPECIES'), description: 'Species ids added to an existing monster.' },
    { member: 'remove:species', property: 'species', entry: ref('SPECIES'), description: 'Species ids removed from an existing monster.' },
    { member: 'add:material', property: 'material', entry: ref('material'), description: 'Material ids added to an existing monster.' },
    { member: 'remove:material', property: 'material', entry: ref('material'), description: 'Material ids removed from an existing monster.' },
    { member: 'add:death_function', property: 'death_function', entry: STRING, description: 'Death behaviors added to an existing monster.' },
    { member: 'remove:death_function', property: 'death_function', entry: STRING, description: 'Death behaviors removed from an existing monster.' },
  ],
};
