/**
 * The current game: Cataclysm: DDA 0.I and the experimental builds after it (2025-2026). What changed since
 * 0.F, as far as the index is concerned (each fact checked against the game's data):
 * - items are one JSON type, `ITEM`, with `"subtypes": [...]` (0.F: GENERIC, TOOL, ARMOR...);
 * - monster groups are keyed by `id` (0.F: `name`);
 * - damage types are data (`damage_type`), as are monster attacks, weakpoint sets, profession groups...;
 * - there is no `edit-mode` and no `add:`/`remove:` member: a mod that defines an existing id replaces it.
 */
import { COLORS_CURRENT } from '../../schema/colors';
import { ARGUMENT_READERS, DIALOGUE_OPERATORS, OPERATOR_ARGUMENTS, OPERATOR_REFERENCES } from '../../schema/dialogueOperators';
import type { GameVersion } from '../declaration';
import type { SiblingRef } from '../../schema/types';
import type { InlineEocRoots } from '../../records/inlineDefinitions';
import { LOAD_RULES_CURRENT, BUILT_IN_IDS, DERIVED_IDS, DIALOGUE_REFERENCES, EFFECT, ITEM_TYPES_0F, PLAIN_KINDS, TRAIT, kind, named, OM_TERRAIN_MATCHED } from './shared';
import { KNOWN_TYPES } from './generated/types-current';
import { CLOSED_MEMBERS } from './generated/closed-current';
import { READINGS_CURRENT } from './readings-current';
import { DOCUMENTED_MEMBERS } from './generated/documented-current';
import { MONSTER_ATTACK_SCHEMA_CURRENT, MONSTER_SCHEMA_CURRENT } from '../../schema/current/monster';
import { PROFESSION_GROUP_SCHEMA_CURRENT, PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT, PROFESSION_SCHEMA_CURRENT } from '../../schema/current/profession';
import { SCENARIO_SCHEMA_CURRENT } from '../../schema/current/scenario';
import { NESTED_CATEGORY_SCHEMA_CURRENT, PRACTICE_SCHEMA_CURRENT, RECIPE_SCHEMA_CURRENT, UNCRAFT_SCHEMA_CURRENT } from '../../schema/current/recipe';
import { IDENTITY_CURRENT } from './identities';

/**
 * 0.F item types: now `ITEM` with subtypes (TOOL_ARMOR is a tool and an armor; BATTERY has no subtype left). The
 * game has no loader for them any more: items::load (generic_factory<itype>) reads `ITEM`, itype::load_slots its
 * `subtypes`, and DynamicDataLoader::load_object throws "unrecognized JSON object" at any other type, which stops
 * the mod's loading. Their ids are still indexed as items (KindRegistry.kindOfType): reported once per
 * definition, not again at each use or copy-from.
 */
const ITEM_SUBTYPES_OF_0F: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(ITEM_TYPES_0F.map((t) => [t, [t]])),
  GENERIC: [], TOOL_ARMOR: ['TOOL', 'ARMOR'], BATTERY: [],
};
const RETIRED_ITEM_TYPES: GameVersion['retiredTypes'] = Object.fromEntries(Object.entries(ITEM_SUBTYPES_OF_0F).map(([t, subtypes]) => [t, subtypes.length === 0
  ? { instead: '"type": "ITEM"', to: 'ITEM' }
  : { instead: `"type": "ITEM" with "subtypes": ${JSON.stringify(subtypes).replace(/,/g, ', ')}`, to: 'ITEM', addMembers: { subtypes } }]));

/**
 * Dialogue effects that spawn an item or a monster, wherever an effect is written (doc/JSON/EFFECT_ON_CONDITION.md;
 * the names the game's data writes): an item id, or an item group's with `"use_item_group": true`; a monster id, or
 * a monster group's with `"group": true`. The flag is in the same object (an effect inherits nothing), so it says
 * which kind the id must be.
 */
/**
 * The recipe forgotten, or with `"category": true` (or a `subcategory`) the recipe category whose recipes are
 * (talk_effect_fun_t::set_forget_recipe; EFFECT_ON_CONDITION.md: `{ "u_forget_recipe": "CC_XEDRA", "category": true }`).
 */
const FORGET_RECIPE = { member: 'category', kinds: { true: ['recipe_category'] }, present: { subcategory: ['recipe_category'] }, otherwise: ['recipe'] } as const;


const ITEM_OR_GROUP = { member: 'use_item_group', kinds: { true: ['item_group'] }, otherwise: ['item'] } as const;
const MONSTER_OR_GROUP = { member: 'group', kinds: { true: ['monstergroup'] }, otherwise: ['MONSTER'] } as const;

const EOC = named('effect_on_condition');
const FLAG = named('json_flag');
const SPECIES = named('SPECIES');
const MARTIAL_ART = named('martial_art');
const MORALE = named('morale_type');
/** A bionic, or `ANY` (any bionic installed). */
const ANY_BIONIC: SiblingRef = { ...named('bionic'), none: ['ANY'] };

/**
 * Where the current game's definitions write effects on condition in place, which may define ids (see
 * records/inlineDefinitions.ts): what KindRegistry.deriveInlineEocRoots finds in the tables (a test keeps them
 * equal; regenerate with the tables).
 */
const INLINE_EOC_ROOTS: InlineEocRoots = {
    ITEM: ['tick_action', 'use_action'],
    MONSTER: ['death_function', 'extend', 'special_attacks', 'weakpoints'],
    ammo_effect: ['eoc'],
    bionic: ['activated_eocs', 'deactivated_eocs', 'processed_eocs'],
    damage_type: ['ondamage_eocs', 'onhit_eocs'],
    effect_on_condition: ['effect', 'false_effect'],
    furniture: ['examine_action'],
    magic_type: ['failure_eocs'],
    martial_art: ['onblock_eocs', 'ondodge_eocs', 'ongethit_eocs', 'onhit_eocs', 'onkill_eocs', 'onmove_eocs', 'onpause_eocs', 'static_eocs'],
    mission_definition: ['end', 'start'],
    monster_attack: ['eoc'],
    mutation: ['activated_eocs', 'deactivated_eocs', 'processed_eocs'],
    nested_category: ['result_eocs'],
    npc: ['death_eocs'],
    overmap_special: ['eoc'],
    practice: ['result_eocs'],
    profession: ['effect_on_conditions'],
    recipe: ['result_eocs'],
    scenario: ['eoc'],
    talk_topic: ['responses', 'speaker_effect'],
    technique: ['eocs'],
    terrain: ['examine_action'],
    trap: ['eocs'],
    uncraft: ['result_eocs'],
};

export const VERSION_CURRENT: GameVersion = {
  ...IDENTITY_CURRENT,
  modInteractions: true,
  editModes: false,
  // setup_common: rows and row cells must be exactly the map's size ("check mapgensize if applicable"); a nested
  // or update map's rows may map no terrain (it draws over a map).
  mapgenRows: { exactSize: true, rowsNeedTerrain: false },
  // mapdata.cpp (doc/JSON/JSON_INFO.md "connect_groups"): a terrain is in its "connect_groups" and connects to its
  // "connects_to"; the flags WALL and CONNECT_WITH_WALL imply the group WALL for both.
  terrainConnections: { groupsMember: 'connect_groups', connectsMember: 'connects_to', flagGroups: { WALL: 'WALL', CONNECT_WITH_WALL: 'WALL' }, memberReplacesFlags: false },
  knownTypes: KNOWN_TYPES,
  retiredTypes: RETIRED_ITEM_TYPES,
  // Loaded when first read (see VERSION_0F).
  get generatedTables() { return (require('./generated/tables-current') as typeof import('./generated/tables-current')).TABLES; },
  get generatedDialogue() { return (require('./generated/tables-current') as typeof import('./generated/tables-current')).DIALOGUE; },
  memberReadings: READINGS_CURRENT,
  closedMembers: { data: CLOSED_MEMBERS, madeFrom: () => { const t = require('./generated/tables-current') as typeof import('./generated/tables-current'); return [t.TABLES, t.DIALOGUE, READINGS_CURRENT]; } },
  // No program to read names from: the names its documentation gives are accepted (doc/JSON, see the file).
  documentedMembers: DOCUMENTED_MEMBERS,
  colors: COLORS_CURRENT,
  inlineEocRoots: INLINE_EOC_ROOTS,
  referencesByName: {
    ...DIALOGUE_REFERENCES,
    // The operators whose reading of an id the table reviews against the game's reader (several kinds, words that
    // name no id, a harmless unknown: schema/dialogueOperators.ts).
    ...Object.fromEntries(OPERATOR_REFERENCES),
    u_spawn_item: ITEM_OR_GROUP, u_spawn_monster: MONSTER_OR_GROUP, u_buy_item: ITEM_OR_GROUP,
    // Effects on condition run (an id, a list of ids, or objects written in place: those may define ids of their
    // own, see records/inlineDefinitions.ts).
    run_eocs: EOC, queue_eocs: EOC, test_eoc: EOC, true_eocs: EOC, false_eocs: EOC, u_run_npc_eocs: EOC, npc_run_npc_eocs: EOC,
    // doc/JSON/EFFECT_ON_CONDITION.md and NPCs.md: the names below take one id (or a list) of one kind; an object
    // (a variable, an EOC written in place) is no reference here.
    offer_mission: named('mission_definition'), u_is_on_terrain: named('terrain'),
    u_has_any_effect: EFFECT, npc_has_any_effect: EFFECT,
    u_activate_trait: TRAIT, npc_activate_trait: TRAIT, u_deactivate_trait: TRAIT, npc_deactivate_trait: TRAIT,
    u_add_bionic: named('bionic'), npc_add_bionic: named('bionic'), u_has_bionics: ANY_BIONIC, npc_has_bionics: ANY_BIONIC, npc_learn_recipe: named('recipe'), u_know_recipe: named('recipe'),
    u_has_worn_with_flag: FLAG, npc_has_worn_with_flag: FLAG, u_has_wielded_with_flag: FLAG, npc_has_wielded_with_flag: FLAG,
    u_has_species: SPECIES, npc_has_species: SPECIES,
    u_has_proficiency: named('proficiency'), npc_has_proficiency: named('proficiency'),
    u_has_martial_art: MARTIAL_ART, npc_has_martial_art: MARTIAL_ART, u_learn_martial_art: MARTIAL_ART, npc_learn_martial_art: MARTIAL_ART,
    // An NPC template (npc_template::load).
    u_spawn_npc: named('npc'), npc_spawn_npc: named('npc'),
    u_add_morale: MORALE, npc_add_morale: MORALE, u_lose_morale: MORALE, npc_lose_morale: MORALE,
    u_set_field: named('field_type'), npc_set_field: named('field_type'),
    // The update map generator an effect runs, the trait a mutation heads for, the category one mutates in, the
    // activity assigned, the recipe forgotten, the item category tested.
    mapgen_update: named('update_mapgen'), u_mutate_towards: TRAIT, npc_mutate_towards: TRAIT,
    u_mutate_category: named('mutation_category'), npc_mutate_category: named('mutation_category'),
    u_assign_activity: named('activity_type'), npc_assign_activity: named('activity_type'),
    u_forget_recipe: FORGET_RECIPE, npc_forget_recipe: FORGET_RECIPE,
    u_has_item_category: named('ITEM_CATEGORY'), npc_has_item_category: named('ITEM_CATEGORY'),
  },
  // get_duration_or_var (dialogue.h): a time string, turns, a variable or [min, max]. talk_effect_fun_t::set_add_effect
  // takes "PERMANENT" (the effect never ends), set_queue_eocs "infinite" (EFFECT_ON_CONDITION.md: queue_eocs).
  dialogue: {
    durations: { duration: ['PERMANENT'], time_in_future: ['infinite'] },
    // A location's overmap terrain (target_params, u_location_variable: talk_effect_fun_t's target_om), or a
    // pattern of ids with its om_terrain_match_type.
    references: { om_terrain: OM_TERRAIN_MATCHED },
    // Every effect and condition operator the game's docs list, with its arguments (schema/dialogueOperators.ts).
    operators: DIALOGUE_OPERATORS,
    operatorArguments: OPERATOR_ARGUMENTS,
    argumentReaders: ARGUMENT_READERS,
  },
  // The ammunition type NULL is data in 0.F, code here (item_factory's ammo_NULL).
  // A spell's field_id "none" is no field (spell_type::load), nor is fd_null, the null field (a transform's result
  // that removes the field); bp_null is no body part (a sub body part's parent).
  // Item_factory::init registers these use functions (tick actions, most of them) that no item_action names. The
  // null vitamin ("null", a mutation category's none) is no definition either.
  builtInIds: {
    ...BUILT_IN_IDS, ammunition_type: ['NULL'], field_type: ['none', 'fd_null'], body_part: ['bp_null'], vitamin: ['null'],
    item_action: [
      ...BUILT_IN_IDS.item_action, 'DIVE_TANK', 'EHANDCUFFS_TICK', 'EPIC_MUSIC', 'FISH_TRAP_TICK', 'FOODPERSON_VOICE', 'GASMASK', 'GEIGER_ACTIVE',
      'MP3_ON', 'MULTICOOKER_TICK', 'RADIOCONTROL_TICK', 'RADIO_TICK', 'REMOTEVEH_TICK', 'TAZER2', 'emit_actor',
    ],
  },
  loadRules: LOAD_RULES_CURRENT,
  // MonsterGenerator::finalize_mtypes: a GEN_DORMANT monster gets a pseudo_dormant_<id> twin.
  // An item flag LIGHT_<n> is a light level, no json_flag (Item_factory::finalize_pre reads and drops it).
  derivedIds: [...DERIVED_IDS, { kind: 'MONSTER', prefix: 'pseudo_dormant_', from: 'MONSTER' }, { kind: 'json_flag', prefix: 'LIGHT_' },
    // vpart_info: a gun an item turret mounts is the vehicle part turret_<gun id>.
    { kind: 'vehicle_part', prefix: 'turret_', from: 'item' }],
  kinds: [
    kind('item', 'item', { types: ['ITEM'], symbol: 'constant', keyFields: ['subtypes', 'category', 'weight', 'volume', 'material'], alsoResolvedBy: ['MIGRATION'] }),
    kind('MONSTER', 'monster', {
      schema: MONSTER_SCHEMA_CURRENT, redefinition: 'replace', symbol: 'class',
      keyFields: ['hp', 'speed', 'volume', 'weight', 'diff', 'species', 'default_faction', 'bodytype', 'melee_skill', 'melee_dice', 'melee_dice_sides', 'armor', 'upgrades'],
    }),
    kind('profession', 'profession', { schema: PROFESSION_SCHEMA_CURRENT, redefinition: 'replace', symbol: 'interface', keyFields: ['subtype', 'points', 'skills', 'traits'] }),
    kind('profession_group', 'profession group', { schema: PROFESSION_GROUP_SCHEMA_CURRENT }),
    kind('profession_item_substitutions', 'profession item substitution', { schema: PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT, ids: { from: 'none' }, symbol: 'struct' }),
    kind('scenario', 'scenario', { schema: SCENARIO_SCHEMA_CURRENT, redefinition: 'replace', symbol: 'module', keyFields: ['points', 'start_name', 'professions', 'allowed_locs'] }),
    // Practice and nested-category recipes load into the game's one recipe dictionary: one id space.
    kind('recipe', 'recipe', {
      types: ['recipe', 'practice', 'nested_category'], ids: { from: 'recipe', suffixed: true, variant: true }, symbol: 'function',
      schema: RECIPE_SCHEMA_CURRENT, typeSchemas: { practice: PRACTICE_SCHEMA_CURRENT, nested_category: NESTED_CATEGORY_SCHEMA_CURRENT },
      redefinition: 'replace',
      keyFields: ['result', 'category', 'subcategory', 'skill_used', 'difficulty', 'time'],
    }),
    kind('uncraft', 'disassembly recipe', {
      schema: UNCRAFT_SCHEMA_CURRENT, ids: { from: 'recipe', suffixed: false }, redefinition: 'replace', symbol: 'function',
      keyFields: ['result', 'skill_used', 'difficulty', 'time'],
    }),
    kind('monstergroup', 'monster group', { symbol: 'enum', formerIdMember: 'name' }),
    kind('MONSTER_FACTION', 'monster faction', { ids: { from: 'member', member: 'name' } }),
    kind('damage_type', 'damage type'),
    kind('monster_attack', 'monster attack', { schema: MONSTER_ATTACK_SCHEMA_CURRENT }),
    kind('addiction_type', 'addiction'),
    kind('achievement', 'achievement'),
    kind('weakpoint_set', 'weakpoint set'),
    kind('monster_flag', 'monster flag'),
    kind('effect_on_condition', 'effect on condition'),
    kind('terrain', 'terrain'),
    kind('furniture', 'furniture'),
    // overmap::load_oter_id_migration: the overmap terrains a saved game may hold that the game (or a mod) removed,
    // each migrated to another when the save's overmap is read (overmap::unserialize). Only saves are migrated: a
    // definition naming one names no terrain (it is reported, saying what the name is).
    kind('oter_id_migration', 'overmap terrain migrated away (oter_id_migration)', {
      ids: { from: 'keys', member: 'oter_ids', suffixes: ['_north', '_east', '_south', '_west'] },
    }),
    ...PLAIN_KINDS,
  ],
};
