/**
 * 0.F: how its loaders read members of its generated tables where its data cannot show it (schema/memberReadings.ts):
 * value sets, references, closed objects and readers, each beside the code that reads the member. Most were found
 * with the real 0.F game's --check-mods (test/recall: a mistake of that kind in a shipped mod is rejected, with the
 * message quoted), and all are checked against all of 0.F's data, which loads cleanly (test/engine/realData.test.ts).
 */
import { mergeReadings, type MemberReading, type MemberReadings, type TypeReadings, type ValueSet } from '../../schema/memberReadings';
import { BACKGROUND_COLOR_NAMES, COLOR_NAMES, COLOR_READINGS } from '../../schema/colors';
import type { TypeSpec } from '../../schema/types';
import { ANY, BOOLEAN, INTEGER, NUMBER, OPEN_OBJECT, STRING, arrayOf, ref, union } from '../../schema/kinds/common';
import { REQUIREMENT_MEMBERS } from '../../schema/kinds/recipe';
import { REQUIREMENT_MEMBERS_CURRENT } from '../../schema/current/recipe';
import { ENTRIES_0F, GROUPS_0F, ITEMS_0F } from '../../schema/kinds/itemGroup';
import { MONSTER_GROUP_ENTRY_0F } from '../../schema/kinds/monsterGroup';
import { MONSTER_FLAGS_0F, MONSTER_TRIGGERS_0F } from '../../schema/kinds/monster';
import { CONSTRUCTION_TERRAIN, ITEM_TYPES_0F, MAP_EXTRA_GENERATOR, MAPGEN_SET_ID, NPC_CLASS_SKILL, SPELL_EFFECT_STR_0F, START_LOCATION_READINGS, TECHNIQUE_READINGS } from './shared';

/** enum phase_id (io::string_to_enum, "invalid enumeration value"). */
const PHASES: ValueSet = { title: 'a phase', values: ['null', 'solid', 'liquid', 'gas', 'plasma'] };

/** Item_factory::load_item_group: anything else is "unknown item group type". */
const ITEM_GROUP_SUBTYPES: ValueSet = { title: 'an item group subtype', values: ['old', 'collection', 'distribution'] };

const MONSTER_TRIGGERS: ValueSet = { title: 'a monster trigger', values: MONSTER_TRIGGERS_0F };

/** harvest_drop_type of 0.F (`null` is "invalid entry: null type" in a harvest definition). */
const HARVEST_DROP_TYPES: ValueSet = { title: 'a harvest drop type', values: ['flesh', 'offal', 'skin', 'bone', 'blood', 'bionic', 'bionic_group'] };

/**
 * Spells (spell_type::load, spell_effect's effect map): an unknown effect is "spell X has invalid effect Y", an
 * unknown energy source or damage type "Invalid enum string". The sets are 0.F's, checked with its --check-mods
 * (`revive`, `emit`, `target_attack`... are later versions' effects; `true` is no damage type of 0.F's).
 */
const SPELL_EFFECTS: ValueSet = {
  title: 'a spell effect',
  values: [
    'area_pull', 'area_push', 'attack', 'banishment', 'bash', 'charm_monster', 'dash', 'directed_push', 'explosion', 'flashbang',
    'map', 'mod_moves', 'morale', 'mutate', 'noise', 'none', 'pain_split', 'recover_energy', 'spawn_item', 'summon',
    'summon_vehicle', 'targeted_polymorph', 'teleport_random', 'ter_transform', 'timed_event', 'translocate', 'vomit',
  ],
};
const SPELL_ENERGY_SOURCES: ValueSet = { title: 'an energy source', values: ['HP', 'MANA', 'STAMINA', 'BIONIC', 'FATIGUE', 'NONE'] };
const SPELL_DAMAGE_TYPES: ValueSet = {
  title: 'a damage type',
  values: ['none', 'pure', 'biological', 'bash', 'cut', 'acid', 'stab', 'heat', 'cold', 'electric', 'bullet'],
};
const SPELL_TARGETS: ValueSet = { title: 'a spell target', values: ['ally', 'hostile', 'self', 'ground', 'none', 'item', 'field'] };
const SPELL_SHAPES: ValueSet = { title: 'a spell shape', values: ['blast', 'cone', 'line'] };
const SPELL_FLAGS: ValueSet = {
  title: 'a spell flag',
  values: [
    'PERMANENT', 'IGNORE_WALLS', 'NO_PROJECTILE', 'HOSTILE_SUMMON', 'HOSTILE_50', 'FRIENDLY_POLY', 'POLYMORPH_GROUP', 'SILENT',
    'LOUD', 'VERBAL', 'SOMATIC', 'NO_HANDS', 'NO_LEGS', 'UNSAFE_TELEPORT', 'SWAP_POS', 'CONCENTRATE', 'RANDOM_AOE',
    'RANDOM_DAMAGE', 'RANDOM_DURATION', 'RANDOM_TARGET', 'RANDOM_CRITTER', 'MUTATE_TRAIT', 'PAIN_NORESIST', 'WITH_CONTAINER',
    'SPAWN_GROUP', 'IGNITE_FLAMMABLE', 'NO_FAIL', 'WONDER', 'MUST_HAVE_CLASS_TO_LEARN',
  ],
};

const AMMUNITION_TYPE: MemberReading = { ref: 'ammunition_type' };
const JSON_FLAG: MemberReading = { ref: 'json_flag' };

/**
 * Terrain and furniture: iexamine_function_from_string ("Could not find an iexamine function matching"), the
 * names of 0.F (later versions' `nanoforge`, `transform`, `portal`... are refused).
 */
const EXAMINE_ACTIONS: ValueSet = {
  title: 'an examine action',
  values: [
    'none', 'deployed_furniture', 'cvdmachine', 'nanofab', 'gaspump', 'atm', 'vending', 'toilet', 'elevator', 'controls_gate',
    'cardreader', 'cardreader_robofac', 'cardreader_fp', 'intercom', 'rubble', 'chainfence', 'bars', 'portable_structure', 'pit',
    'pit_covered', 'slot_machine', 'safe', 'fault', 'pedestal_wyrm', 'pedestal_temple', 'door_peephole', 'fswitch',
    'flower_poppy', 'flower_cactus', 'fungus', 'flower_dahlia', 'flower_marloss', 'egg_sackbw', 'egg_sackcs', 'egg_sackws',
    'dirtmound', 'aggie_plant', 'fvat_empty', 'fvat_full', 'keg', 'harvest_furn_nectar', 'harvest_furn', 'harvest_ter_nectar',
    'harvest_ter', 'harvested_plant', 'shrub_marloss', 'translocator', 'tree_marloss', 'tree_hickory', 'tree_maple',
    'tree_maple_tapped', 'shrub_wildveggies', 'recycle_compactor', 'water_source', 'clean_water_source', 'reload_furniture',
    'curtains', 'sign', 'pay_gas', 'gunsafe_el', 'locked_object', 'locked_object_pickable', 'kiln_empty', 'kiln_full',
    'arcfurnace_empty', 'arcfurnace_full', 'autoclave_empty', 'autoclave_full', 'fireplace', 'ledge', 'autodoc',
    'quern_examine', 'smoker_options', 'open_safe', 'workbench', 'attunement_altar', 'bulletin_board', 'workout',
  ],
};

/**
 * map_bash_info::load and map_deconstruct_info::load read every member of `bash` and `deconstruct` (an unknown
 * one is "Invalid or misplaced field name"), by the object's type: furniture set `furn_set`, terrain `ter_set`
 * (mandatory when terrain is deconstructed: "missing required field"). The members 0.F reads, found with its
 * --check-mods, that its data happens not to write are added.
 */
const BASH_COMMON: TypeReadings = {
  bash: { closed: true },
  'bash.str_max_supported': { type: INTEGER },
  'bash.str_min_supported': { type: INTEGER },
  'bash.str_min_blocked': { type: INTEGER },
  'bash.str_max_blocked': { type: INTEGER },
  'bash.collapse_radius': { type: INTEGER },
  'bash.destroy_only': { type: BOOLEAN },
  'bash.bash_below': { type: BOOLEAN },
  'bash.tent_centers': { type: arrayOf(ref('furniture')) },
  deconstruct: { closed: true },
  'deconstruct.deconstruct_above': { type: BOOLEAN },
  examine_action: { values: EXAMINE_ACTIONS },
};

/** effect_type::load_mod_data: the members of `base_mods` and `scaling_mods`, each `[ value, ... ]`. */
const EFFECT_MOD_KEYS: readonly string[] = [
  'str_mod', 'dex_mod', 'per_mod', 'int_mod', 'speed_mod',
  ...['pain', 'hurt', 'sleep', 'pkill', 'stim', 'health', 'h_mod', 'rad', 'hunger', 'thirst', 'fatigue', 'stamina'].flatMap((g) => ['amount', 'min', 'max', 'chance', 'chance_bot', 'tick'].map((x) => `${g}_${x}`)),
  ...['pain', 'pkill', 'stim', 'health', 'h_mod', 'rad', 'hunger', 'thirst', 'fatigue', 'stamina'].map((g) => `${g}_max_val`),
  ...['stim', 'health', 'h_mod', 'hunger', 'thirst', 'fatigue'].map((g) => `${g}_min_val`),
  'cough_chance', 'cough_chance_bot', 'cough_tick', 'vomit_chance', 'vomit_chance_bot', 'vomit_tick',
  'healing_rate', 'healing_head', 'healing_torso', 'dodge_mod', 'hit_mod', 'bash_mod', 'cut_mod', 'size_mod',
];
const EFFECT_MODS: TypeSpec = {
  kind: 'object',
  fields: EFFECT_MOD_KEYS.map((name) => ({ name, type: arrayOf(NUMBER), description: 'The modifier: `[ value ]`, or `[ value, value at the top of the chance ]`.' })),
};

/**
 * A map generator's `object`: mapgen_function_json_base::setup_common and the palette mappings read every member
 * (an unknown one is "Invalid or misplaced field name"); those 0.F reads that its data does not write are added.
 */
const MAPGEN_OBJECT_EXTRAS: TypeReadings = {
  'object.place_computers': { type: arrayOf(ANY) },
  'object.translate_ter': { type: arrayOf(ANY) },
  'object.computers': { type: OPEN_OBJECT },
  'object.graffiti': { type: OPEN_OBJECT },
  'object.rubble': { type: OPEN_OBJECT },
  'object.zones': { type: OPEN_OBJECT },
  'object.translate': { type: OPEN_OBJECT },
  'object.faction_owner_character': { type: OPEN_OBJECT },
};

/**
 * An item's use actions, by name or by an object's `type`: "Received unrecognized iuse function X, using iuse::none
 * instead" (Item_factory::usage_from_string; 0.F --check-mods): one name or object, or an array of them (`[]?`, the
 * members each item type's table has).
 */
const ITEM_ACTION: MemberReading = { ref: 'item_action' };
const REQUIREMENT: MemberReading = { ref: 'requirement' };
const USE_ACTION: TypeReadings = { 'use_action[]?': ITEM_ACTION, 'use_action[]?.type': ITEM_ACTION };

/**
 * conditional_name: a FLAG condition names an item flag (not checked when loading, but a flag nothing defines is on
 * no item: the name never shows). A COMPONENT_ID condition is left alone, as in the current game.
 */
const CONDITIONAL_NAME: TypeReadings = { 'conditional_names[].condition': { refBy: { member: 'type', kinds: { FLAG: ['json_flag'] } } } };

const LOADERS_0F: MemberReadings = {
  // Item_factory::load_basic_info reads `phase` as the enum.
  AMMO: { phase: { values: PHASES }, 'use_action[]?': ITEM_ACTION },
  // Item flags are json_flag ids ("itype X uses undefined flag Y. Please add corresponding 'json_flag' entry",
  // Item_factory::finalize; LIGHT_<n> is read as a light level, see builtInIds). Where the data's flags include
  // those light levels the generator took no kind.
  ARMOR: { 'flags[]': JSON_FLAG, ...USE_ACTION, 'valid_mods[]': { ref: 'clothing_mod' } },
  COMESTIBLE: { phase: { values: PHASES }, 'flags[]': JSON_FLAG, ...USE_ACTION, ...CONDITIONAL_NAME },
  // consume_drug_iuse::load: the effects a drug gives.
  GENERIC: { 'flags[]': JSON_FLAG, ...USE_ACTION, 'use_action.effects[].id': { ref: 'effect_type' }, ...CONDITIONAL_NAME },
  BOOK: USE_ACTION,
  GUN: USE_ACTION,
  GUNMOD: USE_ACTION,
  BIONIC_ITEM: { 'use_action[]?': ITEM_ACTION },
  // A tool's or magazine's ammunition types: "ammo type X is not known" (Item_factory::check_definitions). The
  // data's values are all ammunition types, but some are item ids as well (`battery`), so the generator left
  // the single-string form without a kind.
  TOOL: { ammo: AMMUNITION_TYPE, 'flags[]': JSON_FLAG, ...USE_ACTION },
  TOOL_ARMOR: { 'ammo[]?': AMMUNITION_TYPE, 'flags[]': JSON_FLAG, ...USE_ACTION },
  MAGAZINE: { ammo_type: AMMUNITION_TYPE },
  // Entries are read member by member: an unknown one is "Invalid or misplaced field name" (schema/kinds/itemGroup.ts).
  item_group: { subtype: { values: ITEM_GROUP_SUBTYPES }, items: { type: ITEMS_0F }, entries: { type: ENTRIES_0F }, groups: { type: GROUPS_0F } },
  monstergroup: { 'monsters[]': { type: MONSTER_GROUP_ENTRY_0F } },
  terrain: { ...BASH_COMMON, 'deconstruct.furn_set': { type: ref('furniture') }, 'deconstruct.ter_set': { required: true } },
  furniture: BASH_COMMON,
  // jmapgen_vehicle: a vehicle group or a vehicle ("no such vehicle type or group", 0.F --check-mods).
  mapgen: {
    object: { closed: true }, ...MAPGEN_OBJECT_EXTRAS, 'object.place_vehicles[].vehicle': { ref: 'vehicle_group' }, 'object.vehicles.*.vehicle': { ref: 'vehicle_group' },
    'object.set[].id': { refBy: MAPGEN_SET_ID },
  },
  // Not checked when the game loads (0.F --check-mods is silent), but an unknown trait or bionic is never given.
  trait_group: { 'traits[].trait': { ref: 'mutation' } },
  npc_class: { 'bionics[].id': { ref: 'bionic' }, 'traits[].group': { ref: 'trait_group' }, 'skills[].skill': { refBy: NPC_CLASS_SKILL } },
  map_extra: { 'generator.generator_id': { refBy: MAP_EXTRA_GENERATOR } },
  technique: TECHNIQUE_READINGS,
  start_location: START_LOCATION_READINGS,
  // vpart_info::check: "vehicle part X has unknown or incorrectly specified install requirements Y" (0.F
  // --check-mods), for removal alike; a requirement given alone or as [ id, count ].
  vehicle_part: {
    'requirements.install.using': REQUIREMENT, 'requirements.install.using[][0]': REQUIREMENT,
    'requirements.removal.using': REQUIREMENT, 'requirements.removal.using[][0]': REQUIREMENT,
  },
  // vehicle_prototype::finalize: each part of a vehicle prototype ("unknown vehicle part X in Y", 0.F
  // --check-mods), alone or as an object's `part`.
  vehicle: { 'parts[].part': { ref: 'vehicle_part' }, 'parts[].parts[]': { ref: 'vehicle_part' } },
  // effect_type::load: the traits that make the character immune to the effect.
  effect_type: { base_mods: { type: EFFECT_MODS }, scaling_mods: { type: EFFECT_MODS }, 'resist_traits[]': { ref: 'mutation' } },
  // ter_furn_transform::load: the furniture a transform applies to, a furn_str_id key of its map, never checked: one
  // nothing defines is never transformed (a warning; the game's --check-mods passes a mod with one).
  ter_furn_transform: { 'furniture[].valid_furniture[]': { ref: 'furniture', weak: true } },
  SPELL: {
    // spell_type::load: the trait of the spell's school (NONE: none), the requirement casting consumes, the only
    // monsters the spell affects.
    spell_class: { ref: 'mutation' }, components: { ref: 'requirement' }, 'targeted_monster_ids[]': { ref: 'MONSTER' },
    effect: { values: SPELL_EFFECTS },
    energy_source: { values: SPELL_ENERGY_SOURCES },
    damage_type: { values: SPELL_DAMAGE_TYPES },
    'valid_targets[]': { values: SPELL_TARGETS },
    shape: { values: SPELL_SHAPES },
    'flags[]': { values: SPELL_FLAGS },
    // "invalid field types id" (`none`: no field, a built-in id).
    field_id: { ref: 'field_type' },
    effect_str: { refBy: SPELL_EFFECT_STR_0F },
  },
  // species_type::load reads the monsters' flag and trigger sets ("invalid monster flag"...).
  SPECIES: {
    'anger_triggers[]': { values: MONSTER_TRIGGERS },
    'fear_triggers[]': { values: MONSTER_TRIGGERS },
    placate_triggers: { type: { kind: 'array', of: { kind: 'string', values: MONSTER_TRIGGERS.values, valuesTitle: MONSTER_TRIGGERS.title } } },
    flags: { type: { kind: 'array', of: { kind: 'string', values: MONSTER_FLAGS_0F, valuesTitle: 'a monster flag' } } },
  },
  // harvest_list::check_consistency: a drop is an item, or an item group when the entry's type is
  // `bionic_group` (checks/unknownId.ts accepts the group then).
  // harvest_entry::load reads every member of an entry ("Invalid or misplaced field name"), and
  // harvest_list::check_consistency its type ("Harvest list X has invalid entry: Y").
  harvest: { 'entries[]': { closed: true }, 'entries[].drop': { ref: 'item' }, 'entries[].type': { values: HARVEST_DROP_TYPES } },
  // requirement_data::load_requirement is the recipes' reader: tools, components and qualities name items
  // and tool qualities ("unknown component", "unknown tool" at finalize).
  requirement: {
    tools: { type: REQUIREMENT_MEMBERS.tools },
    components: { type: REQUIREMENT_MEMBERS.components },
    qualities: { type: REQUIREMENT_MEMBERS.qualities },
  },
  // construction::load reads its requirements in place with the same reader, whose tool groups also take a bare
  // tool id (the constructions of 0.F's data write `[ "paint_brush" ]`); pre_ and post_terrain name a furniture
  // (`f_` ids) or a terrain.
  construction: {
    tools: { type: REQUIREMENT_MEMBERS_CURRENT.tools },
    components: { type: REQUIREMENT_MEMBERS.components },
    qualities: { type: REQUIREMENT_MEMBERS.qualities },
    pre_terrain: { refBy: CONSTRUCTION_TERRAIN },
    post_terrain: { refBy: CONSTRUCTION_TERRAIN },
  },
};

const color: MemberReading = { values: COLOR_NAMES };
const background: MemberReading = { values: BACKGROUND_COLOR_NAMES };

/** Colors, and references its data's own mistakes kept the generator's inference from. */
const COLORS_AND_REFERENCES_0F: MemberReadings = {
  // Item_factory::load_basic_info: color_from_string( jo.get_string( "color" ) ).
  ...Object.fromEntries(ITEM_TYPES_0F.map((t) => [t, { color }])),
  TOOL: {
    color,
    // explosion_iuse::load.
    'use_action.draw_explosion_color': color,
    // place_monster_iuse::load: an mtype_id (Aftershock's mon_laserturret_x-ray, a data bug, kept the
    // inference below its bar).
    'use_action.monster_id': { ref: 'MONSTER' },
  },
  GENERIC: { color, 'use_action.monster_id': { ref: 'MONSTER' } },
  // map_data_common_t::load_symbol: color_from_string, or bgcolor_from_string; one per season in an array.
  terrain: { 'color[]?': color },
  furniture: { color, 'bgcolor[]?': background },
};

const TRAITS: TypeSpec = union(ref('mutation'), arrayOf(ref('mutation')));
const TIME: MemberReading = { format: 'time' };
const VOLUME: MemberReading = { format: 'volume' };
const NUMBER_READ: MemberReading = { type: NUMBER };
const TERRAIN: MemberReading = { ref: 'terrain' };
const FURNITURE: MemberReading = { ref: 'furniture' };
const ITEM: MemberReading = { ref: 'item' };

/** Item types whose data writes `[ quality, level ]` qualities (the others' tables have no such member). */
const QUALITY_TYPES_0F = ['GENERIC', 'ARMOR', 'TOOL', 'AMMO', 'GUN', 'GUNMOD', 'TOOL_ARMOR'];

/**
 * Item_factory::load_basic_info, which every item type's loader calls: the melee damage (assign, "Expected
 * number"), the price, volume and weight as quantity strings ("invalid quantity string: unknown unit", "missing
 * unit"), the symbol a string, the materials ("invalid material", Item_factory::check_definitions) and tool
 * qualities ("item X has unknown quality", "invalid tool quality id"). Each found with the 0.F game's --check-mods
 * on a single-mistake copy of a shipped mod (test/recall).
 */
function basicInfo(type: string): TypeReadings {
  return {
    ...(type === 'ENGINE' || type === 'TOOLMOD' || type === 'BATTERY' ? {} : { bashing: NUMBER_READ }),
    price: { format: 'money' }, volume: VOLUME, weight: { format: 'mass' }, symbol: { type: STRING },
    'material[]?': { ref: 'material' },
    ...(QUALITY_TYPES_0F.includes(type) ? { 'qualities[][0]': { ref: 'tool_quality' } } : {}),
  };
}

/**
 * Readings found with the 0.F game's --check-mods on single-mistake copies of shipped mods (test/recall: each
 * mistake rejected with the message quoted), where a kind or form only the data showed would otherwise leave the
 * finding at information (see Basis).
 */
const CHECKED_BY_THE_GAME_0F: MemberReadings = {
  ...Object.fromEntries(ITEM_TYPES_0F.map((t) => [t, basicInfo(t)])),
  // islot_gun's skill: "uses an invalid skill" (Item_factory::check_definitions).
  GUN: { ...basicInfo('GUN'), skill: { ref: 'skill' } },
  // MonsterGroupManager::LoadMonsterGroup: "monster group X has unknown default monster" (mongroup.cpp).
  monstergroup: { default: { ref: 'MONSTER' } },
  // harvest_entry::load: `base_num` a pair ("Expected json array encoding pair"), `max` and `mass_ratio` numbers.
  harvest: { 'entries[].base_num': { type: { kind: 'tuple', items: [NUMBER, NUMBER], names: ['min', 'max'] } }, 'entries[].max': NUMBER_READ, 'entries[].mass_ratio': NUMBER_READ },
  // mutation_branch::load reads trait lists as strings ("expected string"), and check_consistency each id ("refers
  // to undefined prereq / cancels / threshreq", "refers to undefined mutation type"); ugliness and visibility numbers.
  mutation: {
    prereqs: { type: TRAITS }, prereqs2: { type: TRAITS }, cancels: { type: TRAITS }, threshreq: { type: TRAITS },
    types: { type: union(ref('mutation_type'), arrayOf(ref('mutation_type'))) }, ugliness: NUMBER_READ, visibility: NUMBER_READ,
  },
  // spell_type::load: numbers ("Expected number"); fake_spell::load, an extra effect's spell ("invalid spell id").
  SPELL: { base_energy_cost: NUMBER_READ, max_level: NUMBER_READ, 'extra_effects[].id': { ref: 'SPELL' } },
  // load_effect_type: durations ("invalid quantity string"), `rating` a string, `desc` an array of strings
  // ("Expected json array"), `show_in_info` a boolean ("not a boolean value").
  effect_type: { int_dur_factor: TIME, max_duration: TIME, rating: { type: STRING }, desc: { type: arrayOf(STRING) }, show_in_info: { type: BOOLEAN } },
  // map_data_common_t::load and check_consistency: open, close and transforms_into name one of the same kind
  // (mapdata.cpp: "has invalid open / close / transforms_into"); bash items are an item group's entries ("unknown
  // item", item_group.cpp); numbers and quantities as above.
  terrain: { open: TERRAIN, close: TERRAIN, transforms_into: TERRAIN, 'bash.items[].item': ITEM, move_cost: NUMBER_READ },
  furniture: { open: FURNITURE, close: FURNITURE, 'bash.items[].item': ITEM, max_volume: VOLUME, required_str: NUMBER_READ },
  // jmapgen_terrain / jmapgen_furniture ("invalid terrain id", "invalid furniture id" when the map is finalized),
  // jmapgen_loot ("no such item group"), jmapgen_monster ("no such monster"), jmapgen_monster_group ("no such
  // monster group"): the mapgen reader stops loading the mod.
  // mapgen_palette::get: "Requested palette with unknown id".
  mapgen: {
    'object.palettes[]': { ref: 'palette' },
    'object.terrain.*[]?': TERRAIN, 'object.furniture.*[]?': FURNITURE, 'object.place_furniture[].furn': FURNITURE,
    'object.place_loot[].group': { ref: 'item_group' }, 'object.monster.*.monster': { ref: 'MONSTER' }, 'object.monster.*[].monster': { ref: 'MONSTER' },
    'object.place_monsters[].monster': { ref: 'monstergroup' },
  },
  palette: { 'terrain.*[]?': TERRAIN, 'terrain.*[][0]': TERRAIN, 'furniture.*[]?': FURNITURE, 'furniture.*[][0]': FURNITURE },
  // vpart_info::load and check: numbers ("Expected number"), the part's item ("uses undefined item"), its fuel
  // ("uses undefined fuel"), flags ("has unknown flag"), skills ("has unknown removal skill"), times; what it
  // breaks into is an item group's entries ("unknown item", item_group.cpp).
  vehicle_part: {
    power: NUMBER_READ, durability: NUMBER_READ, damage_modifier: NUMBER_READ, item: ITEM, fuel_type: ITEM, 'flags[]': JSON_FLAG,
    'breaks_into[].item': ITEM, 'requirements.install.time': TIME, 'requirements.removal.time': TIME, 'requirements.repair.time': TIME,
    'requirements.install.skills[][0]': { ref: 'skill' }, 'requirements.removal.skills[][0]': { ref: 'skill' }, 'requirements.repair.skills[][0]': { ref: 'skill' },
  },
};

/** Members a loader reads as the data writes them (see MemberReading `read`), by path. */
function readAsWritten(...paths: string[]): TypeReadings {
  return Object.fromEntries(paths.map((p) => [p, READ]));
}
const READ: MemberReading = { read: true };

/**
 * The other members the loaders above read with the same readers (the same number getters, unit reader and id
 * checks whose messages 0.F --check-mods gave on a sibling member), as the data writes them.
 */
const READ_ALIKE_0F: MemberReadings = {
  ...Object.fromEntries(ITEM_TYPES_0F.map((t) => [t, {
    // Item_factory::load_basic_info: the post-apocalypse price a quantity, cutting damage a number.
    ...(t !== 'TOOLMOD' ? readAsWritten('price_postapoc') : {}),
    ...(['AMMO', 'ARMOR', 'GENERIC', 'GUN', 'GUNMOD', 'TOOL'].includes(t) ? readAsWritten('cutting') : {}),
    // islot_book's skill, checked as a gun's is (Item_factory::check_definitions).
    ...(t === 'BOOK' ? readAsWritten('skill') : {}),
  }])),
  harvest: readAsWritten('entries[].scale_num', 'entries[].scale_num[]'),
  // mutation_branch::check_consistency: changes_to and leads_to as the other trait lists; points a number.
  mutation: readAsWritten('changes_to[]', 'leads_to[]', 'points'),
  // map_data_common_t::load: what deconstructing drops, as bashing; numbers and the furniture's capacity.
  terrain: readAsWritten('deconstruct.items[].item', 'coverage', 'max_volume'),
  furniture: readAsWritten('deconstruct.items[].item', 'move_cost_mod', 'coverage', 'comfort'),
  // jmapgen_terrain and jmapgen_furniture in weighted lists, jmapgen_item_group ("no such item group"),
  // jmapgen_loot's item, jmapgen_spawn_item, jmapgen_terrain placed alone.
  mapgen: readAsWritten(
    'object.terrain.*[][0]', 'object.furniture.*[][0]', 'object.place_loot[].item', 'object.place_terrain[].ter', 'object.place_items[].item', 'object.place_item[].item',
  ),
  palette: readAsWritten('monster.*.monster', 'monsters.*[].monster', 'items.*[].item', 'item.*.item'),
  // vpart_info::load: what it breaks into (an item group, or its entries), numbers, the folded volume.
  vehicle_part: readAsWritten('breaks_into', 'epower', 'bonus', 'size', 'folded_volume'),
  // load_effect_type: its other numbers and booleans.
  effect_type: readAsWritten(
    'max_intensity', 'int_add_val', 'dur_add_perc', 'int_decay_step', 'int_decay_tick', 'max_effective_intensity', 'main_parts_only', 'pain_sizing',
    'hurt_sizing', 'harmful_cough', 'pkill_addict_reduces', 'part_descs', 'show_intensity',
  ),
  // spell_type::load: its other numbers (optional(), "Expected number").
  SPELL: readAsWritten(
    'base_casting_time', 'difficulty', 'min_damage', 'max_damage', 'damage_increment', 'min_range', 'max_range', 'range_increment', 'min_aoe', 'max_aoe',
    'aoe_increment', 'min_duration', 'max_duration', 'duration_increment', 'final_casting_time', 'final_energy_cost',
  ),
};

export const READINGS_0F: MemberReadings = mergeReadings(COLOR_READINGS, COLORS_AND_REFERENCES_0F, CHECKED_BY_THE_GAME_0F, READ_ALIKE_0F, LOADERS_0F);
