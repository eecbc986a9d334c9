/**
 * Declarations that read the same in every supported version, and a constructor that keeps version files short.
 */
import type { GameVersion, KindDeclaration, LoadRule } from '../declaration';
import type { GeneratedTables } from '../../schema/generated';
import type { MemberReading, TypeReadings } from '../../schema/memberReadings';
import type { SiblingRef } from '../../schema/types';

/** Item types of 0.F (item_factory), all one id space. */
export const ITEM_TYPES_0F = [
  'GENERIC', 'COMESTIBLE', 'ARMOR', 'TOOL', 'AMMO', 'BOOK', 'GUN', 'MAGAZINE', 'GUNMOD', 'TOOL_ARMOR',
  'BIONIC_ITEM', 'PET_ARMOR', 'ENGINE', 'WHEEL', 'TOOLMOD', 'BATTERY',
];

type Options = Partial<Omit<KindDeclaration, 'kind' | 'title'>>;

/** A kind whose only JSON type is its own name, id in `id`, never reported as redefined unless said. */
export function kind(name: string, title: string, options: Options = {}): KindDeclaration {
  return { kind: name, types: [name], title, ids: { from: 'member', member: 'id' }, redefinition: 'ignore', ...options };
}

/** Kinds both versions declare alike: checked only through references to them and copy-from. */
export const PLAIN_KINDS: readonly KindDeclaration[] = [
  kind('SPECIES', 'species'),
  kind('effect_type', 'effect'),
  kind('material', 'material'),
  kind('skill', 'skill'),
  kind('start_location', 'start location'),
  kind('mission_definition', 'mission', { fullValue: true }),
  // A trait the game migrated (TRAIT_MIGRATION: renamed, or removed) is still named where traits are.
  kind('mutation', 'trait', { symbol: 'struct', alsoResolvedBy: ['TRAIT_MIGRATION'] }),
  kind('bionic', 'bionic'),
  kind('vehicle', 'vehicle'),
  // A vehicle group, or a vehicle: every vehicle is also a group of one (the game makes it when it finalizes the
  // prototypes), and map generators name vehicles where a group is read.
  kind('vehicle_group', 'vehicle group', { alsoResolvedBy: ['vehicle'], offersAlsoResolved: true }),
  kind('scent_type', 'scent type'),
  kind('emit', 'field emission'),
  kind('requirement', 'requirement'),
  kind('tool_quality', 'tool quality'),
  kind('recipe_category', 'recipe category', { fullValue: true }),
  kind('ammunition_type', 'ammunition type'),
  kind('json_flag', 'flag'),
  kind('ITEM_CATEGORY', 'item category'),
  kind('overmap_special', 'overmap special'),
  kind('map_extra', 'map special'),
  kind('field_type', 'field type'),
  kind('body_part', 'body part'),
  kind('sub_body_part', 'sub body part'),
  kind('morale_type', 'morale type'),
  kind('npc', 'NPC template'),
  kind('talk_topic', 'dialogue topic'),
  kind('SPELL', 'spell'),
  kind('vehicle_part', 'vehicle part'),
  // A terrain the current game's oter_id_migration migrates away (0.F has none) is gone but for saved games.
  kind('overmap_terrain', 'overmap terrain', { migratedBy: ['oter_id_migration'] }),
  kind('palette', 'mapgen palette'),
  kind('ter_furn_transform', 'terrain and furniture transform'),
  kind('item_action', 'use action'),
  kind('trait_group', 'trait group'),
  kind('clothing_mod', 'clothing mod'),
  kind('martial_art', 'martial art'),
  kind('proficiency', 'proficiency'),
  kind('npc_class', 'NPC class'),
  kind('faction', 'faction'),
  kind('vitamin', 'vitamin'),
  kind('fault', 'fault'),
  kind('harvest', 'harvest entry'),
  kind('item_group', 'item group', { symbol: 'enum' }),
  kind('MIGRATION', 'item migration'),
  kind('MOD_INFO', 'mod', { fullValue: true }),
  kind('mapgen', 'map generator', {
    ids: { from: 'mapgen' },
    definesKinds: [{ kind: 'update_mapgen', title: 'update mapgen function' }, { kind: 'nested_mapgen', title: 'nested mapgen function' }],
  }),
  kind('snippet', 'snippet', { ids: { from: 'snippet' } }),
];

/**
 * Ids both versions define in code, never in data: the null objects of their factories (`t_null`, `f_null`,
 * `mon_null`, overmap terrain and nested mapgen `null`), the empty item group, the dialogue topics npctalk.cpp
 * answers itself (dynamic_line, gen_responses: TALK_DONE, TALK_NONE, training, missions...), the map generator
 * names the lab generator runs from C++, and the pseudo
 * items an ammunition type may name as its default (ammunition_type::check_consistency skips "components"
 * and "thrown").
 */
/**
 * What the `id` of a map generator's `set` entry names, by its `point`, `line` or `square` (mapgen.cpp
 * jmapgen_setmap: terrain, furniture, trap, and the trap `trap_remove` removes; the other operations take no id
 * of a definition: `variable` names a variable).
 */
/** A member naming a definition of `kind` wherever it is written (no sibling selects it). */
export function named(kind: string): SiblingRef {
  return { kinds: {}, otherwise: [kind] };
}

/** A trait, an effect, an item, named so wherever written (see `named`). */
export const TRAIT = named('mutation');
export const EFFECT = named('effect_type');
export const ITEM = named('item');

/**
 * Dialogue conditions and effects both versions read alike, wherever written (a response, a mission's start or
 * end, an effect on condition): each names one definition of one kind (doc/NPCs.md of 0.F; the current game's
 * doc/JSON/EFFECT_ON_CONDITION.md and NPCs.md). An object in their place (a variable) names nothing here.
 */
export const DIALOGUE_REFERENCES: Readonly<Record<string, SiblingRef>> = {
  topic: named('talk_topic'),
  u_has_trait: TRAIT, npc_has_trait: TRAIT, u_has_any_trait: TRAIT, npc_has_any_trait: TRAIT,
  u_add_trait: TRAIT, npc_add_trait: TRAIT, u_lose_trait: TRAIT, npc_lose_trait: TRAIT,
  u_has_effect: EFFECT, npc_has_effect: EFFECT, u_add_effect: EFFECT, npc_add_effect: EFFECT, u_lose_effect: EFFECT, npc_lose_effect: EFFECT,
  u_has_mission: named('mission_definition'),
  u_has_item: ITEM, npc_has_item: ITEM, u_sell_item: ITEM, u_consume_item: ITEM, npc_consume_item: ITEM, u_remove_item_with: ITEM, npc_remove_item_with: ITEM,
  u_learn_recipe: named('recipe'),
};

export const MAPGEN_SET_ID: SiblingRef = {
  member: 'point', or: ['line', 'square'],
  kinds: { terrain: ['terrain'], furniture: ['furniture'], trap: ['trap'], trap_remove: ['trap'] },
};

/**
 * A construction's `pre_terrain` and `post_terrain`: a furniture when the id begins with `f_`, else a terrain
 * (construction.cpp load_construction); either kind resolves it here.
 */
/** npc_class::load, both versions: a skill ("Invalid skill"), or "ALL": every skill the class lists no other way. */
export const NPC_CLASS_SKILL: SiblingRef = { kinds: {}, otherwise: ['skill'], none: ['ALL'] };

/**
 * map_extra::check, both versions: an update_mapgen generator's id ("invalid update mapgen function"); a
 * map_extra_function's names a function of the game's code, a mapgen one an overmap terrain's map generators.
 */
export const MAP_EXTRA_GENERATOR: SiblingRef = { member: 'generator_method', kinds: { update_mapgen: ['update_mapgen'] } };

/** ma_technique::load, both versions: the skills a technique needs (not checked; an unknown one reads as level 0): warnings. */
export const TECHNIQUE_READINGS: TypeReadings = { 'skill_requirements[].name': { ref: 'skill', weak: true } };

/**
 * start_location::load, both versions: the overmap terrains a start may be on, matched by type (every rotation)
 * unless an object names another match. Not checked (0.F --check-mods is silent): a start on none fails when a
 * game begins ("Unable to generate a valid starting location"): warnings.
 */
export const START_LOCATION_READINGS: TypeReadings = { 'terrain[]': { ref: 'overmap_terrain', weak: true } };

/**
 * An overmap terrain matched by its id (EXACT, or TYPE, the default) or by part of it (ot_match_type in
 * overmap.h: PREFIX, CONTAINS and SUBTYPE read the string as a pattern, naming no one terrain).
 */
export const OM_TERRAIN_MATCHED: SiblingRef = { member: 'om_terrain_match_type', kinds: {}, noIdWhen: ['PREFIX', 'CONTAINS', 'SUBTYPE'], otherwise: ['overmap_terrain'] };

export const CONSTRUCTION_TERRAIN: SiblingRef = { kinds: {}, otherwise: ['terrain', 'furniture'] };

export const BUILT_IN_IDS: Readonly<Record<string, readonly string[]>> = {
  terrain: ['t_null'],
  furniture: ['f_null'],
  trap: ['tr_null'],
  MONSTER: ['mon_null'],
  item_group: ['EMPTY_GROUP'],
  item: ['components', 'thrown'],
  // Item_factory::read_use_function: a repair_item use action registers its own name (item_action_type).
  item_action: ['repair_item'],
  // trait_NONE: no trait (a spell's spell_class).
  mutation: ['NONE'],
  talk_topic: [
    'TALK_DONE', 'TALK_NONE', 'TALK_NPC_NOFACE', 'TALK_NOFACE', 'TALK_DEAF', 'TALK_DEAF_ANGRY', 'TALK_MUTE', 'TALK_MUTE_ANGRY',
    'TALK_SEDATED', 'TALK_MISSION_DESCRIBE', 'TALK_MISSION_DESCRIBE_URGENT', 'TALK_MISSION_OFFER', 'TALK_MISSION_ACCEPTED',
    'TALK_MISSION_REJECTED', 'TALK_MISSION_ADVICE', 'TALK_MISSION_INQUIRE', 'TALK_MISSION_SUCCESS', 'TALK_MISSION_SUCCESS_LIE',
    'TALK_MISSION_FAILURE', 'TALK_MISSION_LIST', 'TALK_MISSION_LIST_ASSIGNED', 'TALK_TRAIN', 'TALK_TRAIN_START', 'TALK_TRAIN_NPC',
    'TALK_TRAIN_NPC_START', 'TALK_TRAIN_SEMINAR', 'TALK_TRAIN_SEMINAR_START', 'TALK_HOW_MUCH_FURTHER', 'TALK_DESCRIBE_MISSION',
    'TALK_SHOUT', 'TALK_SIZE_UP', 'TALK_LOOK_AT', 'TALK_OPINION', 'TALK_MIND_CONTROL',
  ],
  // Map generators may also be keyed by the names the C++ lab generator runs (mapgen_factory::get_usages).
  overmap_terrain: ['null', 'lab_1side', 'lab_4side', 'lab_finale_1level'],
  nested_mapgen: ['null'],
};

/**
 * Ids both versions derive: a martial art's buff `x` is the effect `mabuff:x` (martialarts.cpp); an overmap
 * terrain `x` is placed as `x_north`, `x_east`... (rotations) and, when linear (roads, tunnels), as `x_ns`,
 * `x_end_north`... with map generators `x_straight`, `x_curved`... (overmap_terrain.cpp), which overmap specials,
 * city buildings and map generators name.
 */
const LINEAR_SUFFIXES = ['_isolated', '_end_south', '_end_west', '_ne', '_end_north', '_ns', '_es', '_nes', '_end_east', '_wn', '_ew', '_new', '_sw', '_nsw', '_esw', '_nesw'];
export const DERIVED_IDS: NonNullable<GameVersion['derivedIds']> = [
  { kind: 'effect_type', prefix: 'mabuff:' },
  {
    kind: 'overmap_terrain', from: 'overmap_terrain',
    suffixes: ['_north', '_east', '_south', '_west', '_straight', '_curved', '_end', '_tee', '_four_way', ...LINEAR_SUFFIXES],
  },
];

/**
 * What a spell's `effect_str` names, by its `effect` (spell_effect.cpp; doc/JSON/MAGIC.md). Where the game picks
 * the kind by a flag (`SPAWN_GROUP`: a monster group or item group; `POLYMORPH_GROUP`; `MUTATE_TRAIT`: a trait,
 * else a mutation category), either kind is accepted: copy-from may inherit the flags. Effects that read it as
 * something else (recover_energy's energy source, timed_event's event, guilt's and revive's species) or not at
 * all are left out: their effect_str names no definition checked here.
 */
export const SPELL_EFFECT_STR_0F: SiblingRef = {
  member: 'effect',
  kinds: {
    attack: ['effect_type'],
    morale: ['morale_type'],
    mutate: ['mutation_category', 'mutation'],
    spawn_item: ['item', 'item_group'],
    summon: ['MONSTER', 'monstergroup'],
    summon_vehicle: ['vehicle'],
    targeted_polymorph: ['MONSTER', 'monstergroup'],
    ter_transform: ['ter_furn_transform'],
  },
};

/** What the current game's spells' effect_str names: as in 0.F, and for the effects 0.F did not have. */
export const SPELL_EFFECT_STR_CURRENT: SiblingRef = {
  member: 'effect',
  kinds: {
    ...SPELL_EFFECT_STR_0F.kinds,
    add_trap: ['trap'],
    effect_on_condition: ['effect_on_condition'],
    emit: ['emit'],
    remove_effect: ['effect_type'],
    remove_field: ['field_type'],
  },
};

/**
 * is_physical (item_factory.cpp, both versions): an item with one of these flags may weigh nothing and take no room
 * (checked with 0.F's --check-mods, each flag alone).
 */
const NOT_PHYSICAL = ['AURA', 'CORPSE', 'IRREMOVABLE', 'NO_DROP', 'NO_UNWIELD', 'PERSONAL', 'PSEUDO', 'ZERO_WEIGHT'];

/**
 * What both versions report of a loaded (non-abstract) item after copy-from: Item_factory::check_definitions
 * ("warnings for type x:" then each line) and Item_factory::finalize_pre (zero volume). The game goes on loading.
 */
const ITEM_CONSISTENCY: readonly LoadRule[] = [
  { member: 'symbol', when: 'empty', stops: false, says: 'symbol not defined', where: 'Item_factory::check_definitions' },
  { member: 'description', when: 'empty', stops: false, says: 'empty description', where: 'Item_factory::check_definitions' },
  {
    member: 'weight', when: 'zero', unlessFlags: NOT_PHYSICAL, stops: false,
    says: 'zero weight (if zero weight is intentional you can suppress this error with the ZERO_WEIGHT flag)', where: 'Item_factory::check_definitions',
  },
  {
    member: 'volume', when: 'zero', unlessFlags: NOT_PHYSICAL, stops: false,
    says: 'item has zero volume (if zero volume is intentional you can suppress this error with the ZERO_WEIGHT flag)', where: 'Item_factory::finalize_pre',
  },
];

/**
 * recipe::load, both versions (recipes and disassembly alike): a `decomp_learn` level is one of `skill_used`, which
 * the recipe or its copy-from chain must set (the array form names its skills).
 */
const DECOMP_LEARN: LoadRule = { member: 'skill_used', when: 'absent', withNumber: 'decomp_learn', abstractToo: true, stops: true, says: 'decomp_learn specified with no skill_used', where: 'recipe::load' };
const RECIPE_LOAD_RULES = { recipe: [DECOMP_LEARN], uncraft: [DECOMP_LEARN] };

/**
 * 0.F: Item_factory::load_basic_info reads `name` anew at every item definition, abstract or copying ("name
 * unspecified for item type"), and stops loading the mod.
 */
export const LOAD_RULES_0F: GameVersion['loadRules'] = {
  item: [{ member: 'name', when: 'absent', own: true, abstractToo: true, stops: true, says: 'name unspecified for item type', where: 'Item_factory::load_basic_info' }, ...ITEM_CONSISTENCY],
  ...RECIPE_LOAD_RULES,
};

/** The current game: itype::load reads `name` as mandatory, which a definition with copy-from inherits. */
export const LOAD_RULES_CURRENT: GameVersion['loadRules'] = {
  item: [{ member: 'name', when: 'absent', own: true, exceptCopies: true, abstractToo: true, stops: true, says: 'object beginning at next line missing mandatory member "name"', where: 'itype::load, generic_factory mandatory' }, ...ITEM_CONSISTENCY],
  ...RECIPE_LOAD_RULES,
};
