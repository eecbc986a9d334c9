/**
 * Cataclysm: DDA 0.F ("Frank", 2021): the format the spec documents (spec part 2), with `edit-mode` and
 * `add:`/`remove:` members, one JSON type per item category, monster groups and monster factions keyed by `name`.
 */
import { COLORS_0F } from '../../schema/colors';
import type { GameVersion } from '../declaration';
import { HARDCODED_ATTACKS_0F } from '../../schema/kinds/monster';
import { MONSTER_SCHEMA, PROFESSION_SCHEMA, PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA, SCENARIO_SCHEMA, RECIPE_SCHEMA, UNCRAFT_SCHEMA } from '../../schema';
import { LOAD_RULES_0F, BUILT_IN_IDS, DERIVED_IDS, DIALOGUE_REFERENCES, ITEM, ITEM_TYPES_0F, PLAIN_KINDS, kind } from './shared';
import { READINGS_0F } from './readings-0F';
import { KNOWN_TYPES } from './generated/types-0F';
import { CLOSED_MEMBERS } from './generated/closed-0F';
import { MEMBER_NAMES } from './generated/members-0F';
import { IDENTITY_0F } from './identities';

/**
 * The variants 0.F's vehicle parts take (veh_type.h vpart_variants; `frame_vertical_left` is the part `frame`,
 * variant `vertical_left`). Found against 0.F --check-mods: `frame_cover`, `frame_cross_unconnected`,
 * `frame_vertical_T_right`, `frame_nw_edge` load; `frame_wheel_left` and `frame_cover_left` do not (later versions'
 * `wheel_left`, `cover_left`): "unknown vehicle part frame_wheel".
 */
const VEHICLE_PART_VARIANTS_0F = [
  'cross_unconnected', 'cross', 'horizontal_front_edge', 'horizontal_front', 'horizontal_rear_edge', 'horizontal_rear',
  'horizontal_2_front', 'horizontal_2_rear', 'ne_edge', 'nw_edge', 'se_edge', 'sw_edge', 'vertical_right', 'vertical_left',
  'vertical_2_right', 'vertical_2_left', 'vertical_T_right', 'vertical_T_left', 'front_right', 'front_left', 'rear_right',
  'rear_left', 'cover', 'vertical', 'horizontal', 'vertical_2', 'horizontal_2', 'ne', 'nw', 'se', 'sw', 'front', 'rear',
  'left', 'right',
];

export const VERSION_0F: GameVersion = {
  ...IDENTITY_0F,
  modInteractions: false,
  editModes: true,
  damageInheritance: 'matching-units',
  // 0.F's setup_common reads the first rows and cells it needs and ignores the rest; it returns "no terrain map"
  // for rows without a terrain mapping, even with a fill_ter (0.F --check-mods).
  mapgenRows: { exactSize: false, rowsNeedTerrain: true },
  // 0.F mapdata.cpp: one connect_group, set by the flags WALL and CONNECT_TO_WALL (map_data_common_t::set_flag)
  // and replaced by "connects_to" (set_connects); a terrain connects to its own group (connects_to( group )).
  terrainConnections: { groupsMember: 'connects_to', connectsMember: 'connects_to', flagGroups: { WALL: 'WALL', CONNECT_TO_WALL: 'WALL' }, memberReplacesFlags: true },
  knownTypes: KNOWN_TYPES,
  // Loaded when first read: a start loads the tables of its own version only (0.F's take 7 ms, the current's 11).
  get generatedTables() { return (require('./generated/tables-0F') as typeof import('./generated/tables-0F')).TABLES; },
  get generatedDialogue() { return (require('./generated/tables-0F') as typeof import('./generated/tables-0F')).DIALOGUE; },
  memberReadings: READINGS_0F,
  closedMembers: { data: CLOSED_MEMBERS, madeFrom: () => { const t = require('./generated/tables-0F') as typeof import('./generated/tables-0F'); return [t.TABLES, t.DIALOGUE, READINGS_0F]; } },
  colors: COLORS_0F,
  memberNames: MEMBER_NAMES,
  // 0.F's u_buy_item has no use_item_group: an item.
  referencesByName: { ...DIALOGUE_REFERENCES, u_buy_item: ITEM },
  // 0.F's ammunition_type::check_consistency also skips the default ammo "UPS".
  // A spell's field_id "none" is no field (spell_type::load).
  builtInIds: { ...BUILT_IN_IDS, item: [...BUILT_IN_IDS.item, 'UPS'], monster_attack: HARDCODED_ATTACKS_0F, field_type: ['none'] },
  loadRules: LOAD_RULES_0F,
  // An item flag LIGHT_<n> is a light level, no json_flag (Item_factory::finalize). A vehicle prototype's part
  // may name a variant: the part's id, "_" and one of VEHICLE_PART_VARIANTS_0F (get_vpart_id_variant).
  derivedIds: [...DERIVED_IDS, { kind: 'json_flag', prefix: 'LIGHT_' }, { kind: 'vehicle_part', from: 'vehicle_part', suffixes: VEHICLE_PART_VARIANTS_0F.map((v) => `_${v}`) }],
  kinds: [
    { ...kind('item', 'item', { symbol: 'constant', keyFields: ['category', 'description'], alsoResolvedBy: ['MIGRATION'] }), types: ITEM_TYPES_0F },
    kind('MONSTER', 'monster', {
      schema: MONSTER_SCHEMA, redefinition: 'edit-mode', symbol: 'class',
      keyFields: ['hp', 'speed', 'volume', 'weight', 'diff', 'species', 'default_faction', 'bodytype', 'melee_skill', 'melee_dice', 'melee_dice_sides', 'armor_bash', 'upgrades'],
    }),
    kind('profession', 'profession', { schema: PROFESSION_SCHEMA, redefinition: 'edit-mode', symbol: 'interface', keyFields: ['points', 'skills', 'traits'] }),
    kind('profession_item_substitutions', 'profession item substitution', { schema: PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA, ids: { from: 'none' }, symbol: 'struct' }),
    kind('scenario', 'scenario', { schema: SCENARIO_SCHEMA, redefinition: 'edit-mode', symbol: 'module', keyFields: ['points', 'start_name', 'professions', 'allowed_locs'] }),
    kind('recipe', 'recipe', {
      schema: RECIPE_SCHEMA, ids: { from: 'recipe', suffixed: true }, redefinition: 'override-flag', symbol: 'function',
      keyFields: ['result', 'category', 'subcategory', 'skill_used', 'difficulty', 'time'],
    }),
    kind('uncraft', 'disassembly recipe', {
      schema: UNCRAFT_SCHEMA, ids: { from: 'recipe', suffixed: false }, redefinition: 'override-flag', symbol: 'function',
      keyFields: ['result', 'skill_used', 'difficulty', 'time'],
    }),
    kind('monstergroup', 'monster group', { ids: { from: 'member', member: 'name' }, symbol: 'enum' }),
    kind('MONSTER_FACTION', 'monster faction', { ids: { from: 'member', member: 'name' } }),
    kind('monster_attack', 'monster attack'),
    ...PLAIN_KINDS,
  ],
};
