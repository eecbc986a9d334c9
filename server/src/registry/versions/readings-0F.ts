/**
 * 0.F: how its loaders read members of its generated tables where its data cannot show it (schema/memberReadings.ts):
 * value sets, references, closed objects and readers, each beside the code that reads the member. Most were found
 * with the real 0.F game's --check-mods (test/recall: a mistake of that kind in a shipped mod is rejected, with the
 * message quoted), and all are checked against all of 0.F's data, which loads cleanly (test/engine/realData.test.ts).
 */
import { mergeReadings, type MemberReading, type MemberReadings, type TypeReadings, type ValueSet } from '../../schema/memberReadings';
import { BACKGROUND_COLOR_NAMES, COLOR_NAMES, COLOR_READINGS } from '../../schema/colors';
import type { TypeSpec } from '../../schema/types';
import { ANY, BOOLEAN, INTEGER, NUMBER, OPEN_OBJECT, arrayOf, ref } from '../../schema/kinds/common';
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


/** Members a loader reads as the data writes them (see MemberReading `read`), by path. */
function readAsWritten(...paths: string[]): TypeReadings {
  return Object.fromEntries(paths.map((p) => [p, READ]));
}
const READ: MemberReading = { read: true };

/**
 * What every item type reads alike (Item_factory::load_basic_info; Item_factory::check_definitions), each confirmed
 * by 0.F --check-mods on a shipped mod (test/recall): weight, volume and prices through the unit reader ("invalid
 * quantity string: unknown unit", "missing unit"), bashing and cutting as numbers ("Expected number"), the symbol
 * as a string (7 there is "Invalid or misplaced field name symbol ... symbol not defined"), materials ("invalid
 * material X"), tool qualities ("invalid tool quality id"), a book's or gun's skill ("uses an invalid skill").
 * Each item type's table has the members its data writes (a TOOLMOD no post-apocalypse price...).
 */
const ITEM_BASICS_0F: Readonly<Record<string, TypeReadings>> = Object.fromEntries(ITEM_TYPES_0F.map((t) => {
  const none = (types: readonly string[]): boolean => !types.includes(t);
  return [t, {
    ...readAsWritten('weight', 'volume', 'price', 'symbol'),
    'material[]?': { ref: 'material' },
    ...(t !== 'TOOLMOD' ? readAsWritten('price_postapoc') : {}),
    ...(none(['ENGINE', 'TOOLMOD', 'BATTERY']) ? readAsWritten('bashing') : {}),
    ...(['AMMO', 'ARMOR', 'GENERIC', 'GUN', 'GUNMOD', 'TOOL'].includes(t) ? readAsWritten('cutting') : {}),
    ...(['AMMO', 'ARMOR', 'GENERIC', 'GUN', 'GUNMOD', 'TOOL', 'TOOL_ARMOR'].includes(t) ? readAsWritten('qualities[][0]') : {}),
    ...(['BOOK', 'GUN'].includes(t) ? readAsWritten('skill') : {}),
  }];
}));

/**
 * Map generators and palettes: a mapping's terrain and furniture, alone or weighted (jmapgen_terrain,
 * jmapgen_furniture: "invalid terrain id", "invalid furniture id" when the game loads), placed monster groups
 * ("no such monster group"), monsters ("no such monster"), loot ("no such item group"): 0.F --check-mods.
 */
const MAPPINGS_0F = (at: string): TypeReadings => readAsWritten(
  `${at}terrain.*`, `${at}terrain.*[]`, `${at}terrain.*[][0]`, `${at}furniture.*`, `${at}furniture.*[]`, `${at}furniture.*[][0]`, `${at}monster.*.monster`,
);

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
  // MonsterGroupManager::check_group_definitions: "monster group X has unknown default monster Y".
  monstergroup: { 'monsters[]': { type: MONSTER_GROUP_ENTRY_0F }, default: READ },
  // harvest_entry::load: base_num and scale_num as a pair of numbers ("Expected json array encoding pair"), max and
  // mass_ratio as numbers ("Expected number"), 0.F --check-mods.
  // ter_t::check: "invalid terrain X for opening / closing", "invalid transforms_into"; the items bashing and
  // deconstructing drop ("item id X is unknown (in entry within map_bash_info"); move_cost, coverage, required_str as
  // numbers ("Expected number"), max_volume through the unit reader: 0.F --check-mods.
  terrain: {
    ...BASH_COMMON, 'deconstruct.furn_set': { type: ref('furniture') }, 'deconstruct.ter_set': { required: true },
    ...readAsWritten('open', 'close', 'transforms_into', 'bash.items[].item', 'deconstruct.items[].item', 'move_cost', 'coverage', 'max_volume'),
  },
  furniture: {
    ...BASH_COMMON,
    ...readAsWritten('open', 'close', 'bash.items[].item', 'deconstruct.items[].item', 'move_cost_mod', 'required_str', 'coverage', 'max_volume', 'comfort'),
  },
  // jmapgen_vehicle: a vehicle group or a vehicle ("no such vehicle type or group", 0.F --check-mods).
  mapgen: {
    object: { closed: true }, ...MAPGEN_OBJECT_EXTRAS, ...MAPPINGS_0F('object.'),
    ...readAsWritten('object.place_monsters[].monster', 'object.place_loot[].group', 'object.place_loot[].item', 'object.place_furniture[].furn', 'object.place_terrain[].ter', 'object.place_items[].item', 'object.place_item[].item'), 'object.place_vehicles[].vehicle': { ref: 'vehicle_group' }, 'object.vehicles.*.vehicle': { ref: 'vehicle_group' },
    'object.set[].id': { refBy: MAPGEN_SET_ID },
  },
  // Not checked when the game loads (0.F --check-mods is silent), but an unknown trait or bionic is never given.
  trait_group: { 'traits[].trait': { ref: 'mutation' } },
  npc_class: { 'bionics[].id': { ref: 'bionic' }, 'traits[].group': { ref: 'trait_group' }, 'skills[].skill': { refBy: NPC_CLASS_SKILL } },
  map_extra: { 'generator.generator_id': { refBy: MAP_EXTRA_GENERATOR } },
  technique: TECHNIQUE_READINGS,
  start_location: START_LOCATION_READINGS,
  // dialogue::dynamic_line (npctalk.cpp): a topic neither json_talk_topics nor the built-in ones have has no line (the
  // game's bug line); doc/NPCs.md: a response sets the next topic.
  talk_topic: { 'responses[].topic': { ref: 'talk_topic' }, 'repeat_responses[]?.response.topic': { ref: 'talk_topic' } },
  palette: { ...MAPPINGS_0F(''), ...readAsWritten('monsters.*[].monster', 'items.*[].item', 'item.*.item') },
  // vpart_info::check: "vehicle part X has unknown or incorrectly specified install requirements Y" (0.F
  // --check-mods), for removal alike; a requirement given alone or as [ id, count ]. vpart_info::load and
  // vpart_info::check: "uses undefined item", "uses undefined fuel", "has unknown flag", "has unknown removal
  // skill", the items it breaks into ("item id X is unknown (in entry within breaks_into"); durability, power,
  // damage_modifier... as numbers ("Expected number"), times through the unit reader: 0.F --check-mods.
  vehicle_part: {
    ...readAsWritten(
      'item', 'breaks_into', 'breaks_into[].item', 'fuel_type', 'flags[]', 'durability', 'power', 'epower', 'bonus', 'damage_modifier', 'size', 'folded_volume',
      'requirements.install.time', 'requirements.removal.time', 'requirements.repair.time',
      'requirements.install.skills[][0]', 'requirements.removal.skills[][0]', 'requirements.repair.skills[][0]',
    ),
    'requirements.install.using': REQUIREMENT, 'requirements.install.using[][0]': REQUIREMENT,
    'requirements.removal.using': REQUIREMENT, 'requirements.removal.using[][0]': REQUIREMENT,
  },
  // vehicle_prototype::finalize: each part of a vehicle prototype ("unknown vehicle part X in Y", 0.F
  // --check-mods), alone or as an object's `part`.
  vehicle: { 'parts[].part': { ref: 'vehicle_part' }, 'parts[].parts[]': { ref: 'vehicle_part' } },
  // effect_type::load: the traits that make the character immune to the effect; durations through the unit
  // reader ("invalid quantity string"), its rating a string, its descriptions an array ("Expected json array"),
  // numbers and booleans ("not a boolean value"): 0.F --check-mods.
  effect_type: {
    base_mods: { type: EFFECT_MODS }, scaling_mods: { type: EFFECT_MODS }, 'resist_traits[]': { ref: 'mutation' },
    ...readAsWritten(
      'max_duration', 'int_dur_factor', 'rating', 'desc', 'desc[]', 'show_in_info', 'max_intensity', 'int_add_val', 'dur_add_perc', 'int_decay_step',
      'int_decay_tick', 'max_effective_intensity', 'main_parts_only', 'pain_sizing', 'hurt_sizing', 'harmful_cough', 'pkill_addict_reduces', 'part_descs', 'show_intensity',
    ),
  },
  // ter_furn_transform::load: the furniture a transform applies to (f_null: none).
  ter_furn_transform: { 'furniture[].valid_furniture[]': { ref: 'furniture' } },
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
    // fake_spell::load: the spells it casts too ("invalid spell id"); spell_type::load reads its numbers with
    // optional() ("Expected number"): 0.F --check-mods.
    ...readAsWritten(
      'extra_effects[].id', 'base_casting_time', 'base_energy_cost', 'difficulty', 'max_level', 'min_damage', 'max_damage', 'damage_increment', 'min_range',
      'max_range', 'range_increment', 'min_aoe', 'max_aoe', 'aoe_increment', 'min_duration', 'max_duration', 'duration_increment', 'final_casting_time', 'final_energy_cost',
    ),
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
  harvest: {
    'entries[]': { closed: true }, 'entries[].drop': { ref: 'item' }, 'entries[].type': { values: HARVEST_DROP_TYPES },
    ...readAsWritten('entries[].base_num', 'entries[].base_num[]', 'entries[].scale_num', 'entries[].scale_num[]', 'entries[].max', 'entries[].mass_ratio'),
  },
  // mutation_branch::load; mutation_branch::check_consistency: "mutation X refers to undefined prereq / threshreq /
  // cancels Y", "refers to undefined mutation type"; points, visibility and ugliness as numbers ("Expected
  // number"); a list of traits as strings ("expected string"): 0.F --check-mods.
  mutation: {
    ...readAsWritten('prereqs', 'prereqs[]', 'prereqs2[]', 'changes_to[]', 'leads_to[]', 'types[]', 'points', 'visibility', 'ugliness'),
    'threshreq[]?': { ref: 'mutation' }, 'cancels[]?': { ref: 'mutation' },
  },
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

export const READINGS_0F: MemberReadings = mergeReadings(COLOR_READINGS, COLORS_AND_REFERENCES_0F, ITEM_BASICS_0F, LOADERS_0F);
