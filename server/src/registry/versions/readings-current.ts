/**
 * The current game: how its loaders read members of its generated tables where its data cannot show it
 * (schema/memberReadings.ts): readers, value sets, references (also typed by a sibling), each beside the code that
 * reads the member, read from the game's source. All are checked against all of the current game's data
 * (test/engine/realDataCurrent.test.ts).
 */
import { mergeReadings, type MemberReading, type MemberReadings, type TypeReadings, type ValueSet } from '../../schema/memberReadings';
import { BACKGROUND_COLOR_NAMES, COLOR_NAMES, COLOR_READINGS } from '../../schema/colors';
import { BONUS_LIST_CURRENT, BYPRODUCTS, MAPGEN_INT_READERS } from '../../schema/readers';
import type { SiblingRef, TypeSpec } from '../../schema/types';
import { REQUIREMENT_MEMBERS_CURRENT, USING_CURRENT } from '../../schema/current/recipe';
import { INTEGER, NUMBER, OPEN_OBJECT, STRING, arrayOf, ref, union } from '../../schema/kinds/common';
import { CONSTRUCTION_TERRAIN, MAP_EXTRA_GENERATOR, MAPGEN_SET_ID, NPC_CLASS_SKILL, OM_TERRAIN_MATCHED, SPELL_EFFECT_STR_CURRENT, START_LOCATION_READINGS, TECHNIQUE_READINGS } from './shared';

/**
 * Item flags are json_flag ids: Item_factory::finalize_post drops any other ("itype X uses undefined flag Y.
 * Please add corresponding 'json_flag' entry to json."). The generator took no kind because some flags are also
 * ids of other kinds.
 */
const JSON_FLAG: MemberReading = { ref: 'json_flag' };

/**
 * A harvest entry's `drop` (harvest_list::check_consistency, "Harvest list X has invalid entry"): an item, or an
 * item group when the entry's harvest_drop_type is a group one (harvest_drop_type::load reads `"group"` into
 * is_group_, which is_item_group() answers), whichever mod defines the drop type. No type is the null type, an item.
 */
const HARVEST_DROP: SiblingRef = { member: 'type', through: { kind: 'harvest_drop_type', member: 'group' }, kinds: { true: ['item_group'] }, otherwise: ['item'] };

/** requirement_data::load_requirement, the reader of recipes' requirements ("unknown component", "unknown tool"). */
const REQUIREMENTS: TypeReadings = {
  tools: { type: REQUIREMENT_MEMBERS_CURRENT.tools },
  components: { type: REQUIREMENT_MEMBERS_CURRENT.components },
  qualities: { type: REQUIREMENT_MEMBERS_CURRENT.qualities },
};

/**
 * An item's vitamins: `[ vitamin id, amount ]`, the amount a number or a mass (`"3 mg"`); the table could not tell
 * the tuple's positions apart (itype::load, "vitamins").
 */
const VITAMINS: TypeSpec = arrayOf({ kind: 'tuple', items: [ref('vitamin'), union(NUMBER, STRING)], required: 2, names: ['vitamin id', 'amount'] });

const VEHICLE_PART: MemberReading = { ref: 'vehicle_part', variants: true };

/**
 * mutation_branch::load: a body part, or else a sub body part (`restricts_gear`: "leg_hip_l" restricts gear on the
 * hip only; `remove_rigid` alike).
 */
const BODY_PART_OR_SUB_PART: MemberReading = { refBy: { kinds: {}, otherwise: ['body_part', 'sub_body_part'] } };

/**
 * A mutation's override_look (mutation_branch::load: `id` and `tile_category`, both mandatory, read unchecked): the
 * tile drawn for the character, looked up by the tileset as the id of the category's kind (cata_tiles'
 * TILE_CATEGORY names). An id no definition of that kind has draws no such tile: a warning. Categories naming no
 * definition (lighting, weather, bullet...) leave it a plain string.
 */
const OVERRIDE_LOOK: SiblingRef = {
  member: 'tile_category', weak: true,
  kinds: {
    monster: ['MONSTER'], terrain: ['terrain'], furniture: ['furniture'], item: ['item'], trap: ['trap'], field: ['field_type'],
    vehicle_part: ['vehicle_part'], overmap_terrain: ['overmap_terrain'], map_extra: ['map_extra'],
  },
};

/**
 * A dialogue response repeated for each item the player has (talk_topic's repeat_responses, one or an array:
 * for_item, for_category, each one id or an array).
 */
const REPEATED_FOR: TypeReadings = {
  'repeat_responses[]?.for_item[]?': { ref: 'item' }, 'repeat_responses[]?.for_category[]?': { ref: 'ITEM_CATEGORY' },
};

/**
 * An item's use and tick actions, by name or by an object's `type`, one or an array: a name of Item_factory's
 * iuse_function_list, which the item_action definitions name (and a few built-in ids: see VERSION_CURRENT.builtInIds).
 */
const ITEM_ACTION: MemberReading = { ref: 'item_action' };

/**
 * A map generator's or palette's parameter: its `type` (a cata_variant type, cata_variant.h) says what the ids of
 * its default's `distribution` name, alone or weighted (mapgen_parameter::check: "invalid value"). Types naming
 * no definition (string, bool, int...) leave them plain strings.
 */
const MAPGEN_PARAMETER: MemberReading = {
  refBy: {
    member: 'type', up: 1,
    kinds: {
      palette_id: ['palette'], ter_str_id: ['terrain'], ter_id: ['terrain'], furn_str_id: ['furniture'], furn_id: ['furniture'],
      trap_str_id: ['trap'], trap_id: ['trap'], nested_mapgen_id: ['nested_mapgen'], update_mapgen_id: ['update_mapgen'],
      field_type_str_id: ['field_type'], field_type_id: ['field_type'], mongroup_id: ['monstergroup'], mtype_id: ['MONSTER'],
      itype_id: ['item'], item_group_id: ['item_group'], vgroup_id: ['vehicle_group'], npc_template_id: ['npc'],
      oter_type_str_id: ['overmap_terrain'], overmap_special_id: ['overmap_special'], efftype_id: ['effect_type'],
      trait_id: ['mutation'], bionic_id: ['bionic'], spell_id: ['SPELL'], species_id: ['SPECIES'], skill_id: ['skill'],
      proficiency_id: ['proficiency'], faction_id: ['faction'], mutation_category_id: ['mutation_category'],
      ter_furn_transform_id: ['ter_furn_transform'], matype_id: ['martial_art'], widget_id: ['widget'],
    },
  },
};

/**
 * A terrain, furniture or field transform's result (load_transform_results, src/ter_furn_transform.cpp): one id, or
 * a list of ids and [ id, weight ] pairs (load_weighted_list), whatever form the data learned from happened to write.
 */
function transformResult(kind: string): TypeSpec {
  const weighted: TypeSpec = { kind: 'tuple', items: [ref(kind), INTEGER], required: 2, names: [`${kind} id`, 'weight'] };
  return union(ref(kind), arrayOf(union(ref(kind), weighted)));
}

/**
 * What a body part counts as (body_part_type::type, io::enum_to_string in src/bodypart.cpp): read as an enum, any
 * other name is an error.
 */
const BODY_PART_TYPE: ValueSet = { title: 'a body part type', values: ['arm', 'foot', 'hand', 'head', 'leg', 'mouth', 'other', 'sensor', 'tail', 'torso', 'wing'] };

/**
 * A body part's limb types (body_part_type::load): each a type, or a [ type, weight ] pair, whatever form the data
 * learned from happened to write.
 */
const LIMB_TYPES: TypeSpec = (() => {
  const type: TypeSpec = { kind: 'string', values: BODY_PART_TYPE.values, valuesTitle: BODY_PART_TYPE.title };
  return union(type, arrayOf(union(type, { kind: 'tuple', items: [type, NUMBER], required: 2, names: ['body part type', 'weight'] })));
})();

/**
 * A nested map's neighbors (jmapgen_nested's neighborhood_check): per direction, overmap terrains matched with their
 * om_terrain_match_type ("ncpt" with PREFIX is a pattern, no terrain's id).
 */
const NEIGHBORS: TypeReadings = Object.fromEntries(['north', 'east', 'south', 'west', 'north_east', 'north_west', 'south_east', 'south_west']
  .map((dir) => [`object.place_nested[].neighbors.${dir}[].om_terrain`, { refBy: OM_TERRAIN_MATCHED }]));

/**
 * A mapping's traps (load_place_mapings<jmapgen_trap>, load_place_mapings_alternatively in src/mapgen.cpp): one trap
 * id, an object, or alternatives, each an id, an object, or [ id or object, count ] (the count repeats it). An unknown
 * trap is "unknown trap type" when the game loads the map.
 */
const TRAP_MAPPING: TypeSpec = (() => {
  const one = union(ref('trap'), OPEN_OBJECT);
  return union(ref('trap'), OPEN_OBJECT, arrayOf(union(ref('trap'), OPEN_OBJECT, { kind: 'tuple', items: [one, INTEGER], required: 2, names: ['trap', 'count'] })));
})();

/** The parameters of map generators (under `object`) and palettes. */
function parameters(at: string): TypeReadings {
  return { [`${at}.*.default.distribution[]`]: MAPGEN_PARAMETER, [`${at}.*.default.distribution[][0]`]: MAPGEN_PARAMETER };
}


/** Members a loader reads as the data writes them (see MemberReading `read`), by path. */
function readAsWritten(...paths: string[]): TypeReadings {
  return Object.fromEntries(paths.map((p) => [p, READ]));
}
const READ: MemberReading = { read: true };

/**
 * An enchantment, alone or in place (enchantment::load): the spells cast on hitting and on being hit
 * (fake_spell::load: a spell_id), its effects, the damage types of its damage and armor modifiers
 * (load_add_and_multiply<damage_type_id>), each written as the data writes them.
 */
function enchantment(at: string, written: readonly string[]): TypeReadings {
  return readAsWritten(...written.map((m) => `${at}${m}`));
}

/**
 * A map generator's and a palette's mappings (mapgen.cpp: mapgen_value<ter_id> and <furn_id> read an id, a
 * parameter, a switch or a weighted list; jmapgen_terrain, jmapgen_furniture, jmapgen_item_group, jmapgen_loot,
 * jmapgen_monster_group, jmapgen_nested): terrain, furniture, palettes, nested chunks, item groups, monsters, as the
 * data writes them (0.F --check-mods refuses each unknown id when loading: "invalid terrain id", "no such item
 * group", "no such monster group"; the current game checks them in mapgen_function_json_base::check).
 */
const MAPPINGS_CURRENT = (at: string): TypeReadings => readAsWritten(
  `${at}terrain.*`, `${at}terrain.*[]`, `${at}terrain.*[][0]`, `${at}furniture.*`, `${at}furniture.*[]`, `${at}furniture.*[][0]`,
  `${at}nested.*.chunks[]`, `${at}nested.*.chunks[][0]`, `${at}items.*.item`, `${at}items.*[].item`, `${at}monster.*.monster`,
);

const LOADERS_CURRENT: MemberReadings = {
  ITEM: {
    'flags[]?': JSON_FLAG,
    'use_action[]?': ITEM_ACTION, 'use_action[]?.type': ITEM_ACTION,
    'tick_action[]?': ITEM_ACTION, 'tick_action[]?.type': ITEM_ACTION,
    // pocket_data::load: the magazine a magazine well comes with; consume_drug_iuse::load: the effects a drug
    // gives; the clothing mods the item takes.
    'pocket_data[].default_magazine': { ref: 'item' }, 'use_action.effects[].id': { ref: 'effect_type' }, 'valid_mods[]': { ref: 'clothing_mod' },
    // conditional_name: a FLAG or VITAMIN condition names one (COMPONENT_ID names an item, matched exactly, but the
    // game's data keeps 21 that name none, never matching: left out; COMPONENT_ID_SUBSTRING, VAR, SNIPPET_ID
    // name no definition).
    'conditional_names[].condition': { refBy: { member: 'type', kinds: { FLAG: ['json_flag'], VITAMIN: ['vitamin'] } } },
    vitamins: { type: VITAMINS },
    // islot_comestible: the item it becomes when smoked.
    smoking_result: { ref: 'item' },
    // An unknown category is replaced by one the game computes (Item_factory::finalize_pre): a warning.
    category: { ref: 'ITEM_CATEGORY', weak: true },
    // itype::load and Item_factory::check_definitions: weight, volume, lengths and pocket limits through the unit
    // reader; the symbol a string (0.F --check-mods: a number there is "symbol not defined"); materials ("invalid material"), tool qualities ("unknown quality"), the body parts armor covers; a
    // relic's passive enchantments (enchantment::load). Its weapon categories, a set of weapon_category_id: one
    // nothing defines puts it in no category a martial art names (a warning).
    ...readAsWritten(
      'weight', 'volume', 'longest_side', 'material', 'material[]', 'material[].type', 'qualities[][0]', 'armor[].covers[]', 'armor[].specifically_covers[]',
      'armor[].material[].type', 'pocket_data[].max_contains_volume', 'pocket_data[].max_contains_weight', 'symbol',
      // Item_factory::check_definitions: an ammunition's or magazine's ammunition types, the martial arts
      // techniques it gives; islot_comestible: its spoiling time through the unit reader.
      'ammo_type', 'ammo_type[]', 'techniques[]', 'spoils_in',
    ),
    'weapon_category[]': { ref: 'weapon_category', weak: true },
    ...enchantment('passive_effects[].', ['hit_me_effect[].id', 'hit_you_effect[].id', 'incoming_damage_mod[].type', 'melee_damage_bonus[].type', 'ench_effects[].effect']),
  },
  // Item_factory::load_item_group and its entries' readers: every item an item id ("item id X is unknown"), every
  // group an item group ("item group id X is unknown"), Single_item_creator::check_consistency, at any depth.
  // Its probabilities are numbers: an entry's prob (get_int), a pair's second member ("Expected number" otherwise).
  item_group: {
    ...readAsWritten('items[]', 'items[][0]', 'groups[]', 'groups[][0]', 'items[][1]', 'items[].prob', 'entries[].prob'),
    ...Object.fromEntries(['item', 'group', 'container-item', 'contents-item', 'ammo-item', 'container-group', 'contents-group'].map((name) => [`**.${name}`, READ])),
  },
  // MonsterGroupManager::LoadMonsterGroup and check_group_definitions: "monster group X has unknown monster Y", its
  // default alike (the message 0.F --check-mods gives for a misspelt default), a nested group.
  monstergroup: readAsWritten('monsters[].monster', 'monsters[].group', 'default', 'monsters[].starts', 'monsters[].ends'),
  // overmap_special::load, fixed_overmap_special_data::check: "In overmap special X, terrain Y is invalid" (when the
  // game loads; city buildings are overmap specials).
  // Each terrain's point a tripoint, read as numbers.
  overmap_special: readAsWritten('overmaps[].overmap', 'overmaps[].point[]'),
  city_building: readAsWritten('overmaps[].overmap', 'overmaps[].point[]'),
  // VehicleGroup::load: a vehicle group's vehicles, each a vehicle (a group of its own, see VERSION_CURRENT).
  vehicle_group: readAsWritten('vehicles[][0]'),
  enchantment: enchantment('', ['hit_me_effect[].id', 'hit_you_effect[].id', 'incoming_damage_mod[].type', 'melee_damage_bonus[].type', 'ench_effects[].effect']),
  bionic: enchantment('enchantments[].', ['hit_you_effect[].id', 'incoming_damage_mod[].type', 'melee_damage_bonus[].type', 'ench_effects[].effect']),
  talk_topic: REPEATED_FOR,
  // Trait_group: each entry a trait or a trait group (the game does not check the traits when it loads, but an
  // unknown one is never given; the game's own data has 22 such, tests name them).
  trait_group: { 'traits[].trait': { ref: 'mutation' } },
  // npc_class::load: the bionics an NPC of the class gets; a shopkeeper's price rule for an item group's items;
  // its skills.
  npc_class: { 'bionics[].id': { ref: 'bionic' }, 'shopkeeper_price_rules[].group': { ref: 'item_group' }, 'skills[].skill': { refBy: NPC_CLASS_SKILL } },
  // sub_body_part_type::load: the body part it is part of (bp_null: none, a built-in id).
  sub_body_part: { parent: { ref: 'body_part' } },
  // mutation_branch::check_consistency: "mutation X refers to undefined prereqs / threshreq / cancels / changes_to /
  // leads_to Y", "refers to undefined mutation type"; its enchantments (enchantment::load).
  mutation: {
    'restricts_gear[]': BODY_PART_OR_SUB_PART, 'remove_rigid[]': BODY_PART_OR_SUB_PART, 'override_look.id': { refBy: OVERRIDE_LOOK },
    ...readAsWritten('prereqs', 'prereqs[]', 'prereqs2[]', 'threshreq[]', 'cancels[]', 'changes_to[]', 'leads_to[]', 'types[]'),
    'threshreq': { ref: 'mutation' }, 'cancels': { ref: 'mutation' },
    ...enchantment('enchantments[].', ['hit_me_effect[].id', 'hit_you_effect[].id', 'incoming_damage_mod[].type', 'incoming_damage_mod_post_absorbed[].type', 'melee_damage_bonus[].type', 'ench_effects[].effect']),
  },
  // effect_type::load: the traits and effects that make the character immune to the effect.
  // The effects it removes (and blocks): ids the game never checks, an unknown one removes nothing: warnings.
  effect_type: {
    'resist_traits[]': { ref: 'mutation' }, 'resist_effects[]': { ref: 'effect_type' }, 'removes_effects[]': { ref: 'effect_type', weak: true },
    ...enchantment('enchantments[].', ['hit_me_effect[].id', 'incoming_damage_mod[].type', 'melee_damage_bonus[].type']),
  },
  map_extra: { 'generator.generator_id': { refBy: MAP_EXTRA_GENERATOR } },
  technique: TECHNIQUE_READINGS,
  start_location: START_LOCATION_READINGS,
  // ter_furn_transform::load: a transform's result (load_transform_results: one id, or a list of ids and
  // [ id, weight ] pairs). The terrain and the furniture it applies to are read as ter_str_id and furn_str_id, keys
  // of its maps, never checked: one nothing defines is never transformed (a warning; the 0.F game's --check-mods
  // passes a mod with an unknown valid_terrain and valid_furniture).
  ter_furn_transform: {
    'terrain[].result': { type: transformResult('terrain') }, 'furniture[].result': { type: transformResult('furniture') },
    'furniture[].valid_furniture[]': { ref: 'furniture', weak: true }, 'field[].result': { type: transformResult('field_type') },
    'terrain[].valid_terrain[]': { ref: 'terrain', weak: true },
  },
  // widget::load reads a layout's child widgets; widget::check: "widget X references unknown child widget Y".
  widget: { 'widgets[]': { ref: 'widget' } },
  // A vehicle group, or a vehicle (each vehicle is a group of its own too, see VERSION_CURRENT's vehicle_group).
  // mapgen_function_json_base::setup_common: the rows are strings, the map's size numbers.
  // mapgen_palette::get: "Requested palette with unknown id" (a palette named by its id; a parameter's object names none).
  mapgen: {
    'object.palettes[]': { ref: 'palette' },
    ...MAPPINGS_CURRENT('object.'), ...readAsWritten('object.rows[]', 'object.mapgensize[]', 'object.place_monster[].group', 'object.place_monster[].monster', 'object.place_monster[].monster[]'),
    ...readAsWritten('object.place_nested[].chunks[]', 'object.place_nested[].chunks[][0]', 'object.place_items[].item', 'object.fill_ter', 'object.place_loot[].item',
      'object.place_loot[].group', 'object.place_monsters[].monster', 'object.place_item[].item', 'object.place_furniture[].furn', 'object.place_terrain[].ter'),
    'object.place_vehicles[].vehicle': { ref: 'vehicle_group' }, 'object.set[].id': { refBy: MAPGEN_SET_ID }, ...parameters('object.parameters'), ...NEIGHBORS,
    'object.traps.*': { type: TRAP_MAPPING }, 'object.mapping.*.traps': { type: TRAP_MAPPING },
  },
  palette: { ...MAPPINGS_CURRENT(''), 'palettes[]': { ref: 'palette' }, ...parameters('parameters'), 'traps.*': { type: TRAP_MAPPING }, 'mapping.*.traps': { type: TRAP_MAPPING } },
  // map_data_common_t::load: the terrain above (t_null: none). ter_t::check: "invalid terrain X for opening /
  // closing", "invalid transforms_into"; map_bash_info::load and map_deconstruct_info::load: the terrain left, the
  // items dropped (an inline item group: "item id X is unknown"), as 0.F --check-mods refuses each.
  terrain: {
    roof: { ref: 'terrain' },
    ...readAsWritten('open', 'close', 'transforms_into', 'bash.ter_set', 'deconstruct.ter_set', 'bash.items[].item', 'deconstruct.items[].item'),
  },
  furniture: readAsWritten('bash.furn_set', 'deconstruct.furn_set', 'bash.items[].item', 'deconstruct.items[].item'),
  // A vehicle prototype's parts (vehicles::finalize_prototypes, "unknown vehicle part"): a part id, with one of its
  // variants after a "#" (`frame#cross`); turret_<gun> parts are made from the gun items.
  // vehicle_prototype::load: each part's place, x and y, numbers (get_int).
  vehicle: {
    'parts[].parts[]': VEHICLE_PART, 'parts[].parts[].part': VEHICLE_PART, ...readAsWritten('parts[].x', 'parts[].y'),
    // vehicle_prototype::finalize: the items and item groups it spawns with ("unknown item", "unknown item group").
    'items[].items[]?': { ref: 'item' }, ...readAsWritten('items[].item_groups', 'items[].item_groups[]'),
  },
  // vpart_info::load and vpart_info::check: "uses undefined item", the items it breaks into (an item group, or an
  // inline one: "item id X is unknown"), "has unknown flag" (0.F --check-mods refuses each).
  vehicle_part: readAsWritten('item', 'breaks_into', 'breaks_into[].item', 'flags[]'),
  // relic_procgen_data: the spells an artifact may cast.
  relic_procgen_data: { 'active_procgen_values[].spell_id': { ref: 'SPELL' } },
  // harvest_list::check_consistency: an entry's type that names no drop type is "invalid type".
  harvest: { 'entries[].drop': { refBy: HARVEST_DROP }, 'entries[].type': { ref: 'harvest_drop_type' } },
  requirement: REQUIREMENTS,
  // construction::load reads its requirements in place with the same reader, and `using` as recipes do.
  // check_constructions: "Unknown skill X in construction Y".
  construction: { ...REQUIREMENTS, 'required_skills[][0]': READ, using: { type: USING_CURRENT }, pre_terrain: { refBy: CONSTRUCTION_TERRAIN }, post_terrain: { refBy: CONSTRUCTION_TERRAIN } },
  // Its data names effects, monsters, items, EOCs... in effect_str: which, only the spell's effect tells.
  // spell_type::load: the field the spell creates ("none": no field, a built-in id).
  // spell_class: the trait of the spell's school (NONE: none); components: the requirement casting consumes;
  // targeted_monster_ids: the only monsters the spell affects.
  // skill: the skill that trains by casting; ignored_monster_species: the species the spell leaves alone (neither
  // checked when the game loads: warnings).
  // fake_spell::load: the spells it casts too (0.F --check-mods: "invalid spell id").
  SPELL: {
    'extra_effects[].id': READ,
    effect_str: { refBy: SPELL_EFFECT_STR_CURRENT }, field_id: { ref: 'field_type' },
    spell_class: { ref: 'mutation' }, components: { ref: 'requirement' }, 'targeted_monster_ids[]': { ref: 'MONSTER' },
    skill: { ref: 'skill', weak: true }, 'ignored_monster_species[]': { ref: 'SPECIES', weak: true },
  },
  body_part: { limb_types: { type: LIMB_TYPES } },
  // attack_vector::load: limb_req, [ body part type, count ] pairs.
  attack_vector: { 'limb_req[][0]': { values: BODY_PART_TYPE } },
  // overmap::load_oter_id_camp_migration reads the overmap terrain type a camp migration puts a camp on unchecked
  // (an oter_type_str_id, no check when loading); overmap::unserialize places the camp on a saved terrain of that
  // type that it did not migrate (not overmap::is_oter_id_obsolete). A name no terrain has (a typo, or a terrain an
  // oter_id_migration migrates away) loads, and no camp is ever placed: a warning.
  camp_migration: { 'camp_migrations.overmap_terrain': { ref: 'overmap_terrain', weak: true } },
  // mutation_category_trait::load: the vitamin mutating in the category takes ("null": none; warnings: not checked
  // when loading).
  mutation_category: { vitamin: { ref: 'vitamin', weak: true } },
};

const color: MemberReading = { values: COLOR_NAMES };
const background: MemberReading = { values: BACKGROUND_COLOR_NAMES };

/** Colors, and references its data's own mistakes kept the generator's inference from. */
const COLORS_AND_REFERENCES_CURRENT: MemberReadings = {
  ITEM: {
    // itype::load: color_from_string; explosion_iuse::load for a countdown explosion.
    color,
    'countdown_action.draw_explosion_color': color,
    // place_monster_iuse::load: an mtype_id (Aftershock's mon_copbot, mon_eyebot, mon_milbot_308... that no
    // monster is any more kept the inference below its bar).
    'use_action.monster_id': { ref: 'MONSTER' },
  },
  // map_data_common_t::load_symbol: color_from_string, or bgcolor_from_string; one per season in an array.
  terrain: { 'color[]?': color, bgcolor: background },
  furniture: { 'color[]?': color, 'bgcolor[]?': background },
};

/**
 * Members read with one reader wherever they are written, by name at any depth (schema/readers.ts): a table learned
 * without a mod must not infer a reference from the two values the other mods wrote.
 */
const BY_NAME_CURRENT: MemberReadings = {
  '*': { '**.flat_bonuses': { type: BONUS_LIST_CURRENT }, '**.mult_bonuses': { type: BONUS_LIST_CURRENT } },
  mapgen: Object.fromEntries(Object.entries(MAPGEN_INT_READERS).map(([name, type]) => [`**.${name}`, { type }])),
  terrain: { '**.byproducts': { type: BYPRODUCTS } },
  furniture: { '**.byproducts': { type: BYPRODUCTS } },
};

export const READINGS_CURRENT: MemberReadings = mergeReadings(COLOR_READINGS, COLORS_AND_REFERENCES_CURRENT, BY_NAME_CURRENT, LOADERS_CURRENT);
