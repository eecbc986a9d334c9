/** A game for the tests of `migrate` (test/engine/migrate.test.ts, test/cli/migrate.test.ts, the LSP's). */
import { ITEM_BASICS, MINI_CORE, type FileTree } from './workspace';

/** A current-format stand-in for the game: ITEM types, and one migration of each kind the game migrates. */
export const MIGRATING_CORE: FileTree = {
  ...MINI_CORE,
  'json/items.json': [
    { type: 'ITEM', subtypes: ['ARMOR'], id: 'jeans', name: { str: 'pair of jeans' }, ...ITEM_BASICS },
    { type: 'ITEM', id: 'rag', name: { str: 'rag' }, ...ITEM_BASICS },
    { type: 'ITEM', id: 'sheet_cotton', name: { str: 'cotton sheet' }, ...ITEM_BASICS },
    { type: 'ITEM', subtypes: ['TOOL'], id: 'hammer', name: { str: 'hammer' }, ...ITEM_BASICS },
    { type: 'ITEM', subtypes: ['COMESTIBLE'], id: 'apple', name: { str: 'apple' }, ...ITEM_BASICS },
  ],
  'json/obsoletion_and_migration_0.I/migrations.json': [
    { type: 'MIGRATION', id: 'old_rag', replace: 'rag' },
    { type: 'TRAIT_MIGRATION', id: 'OLD_TRAIT', trait: 'NEW_TRAIT' },
    { type: 'TRAIT_MIGRATION', id: 'GONE_TRAIT', remove: true },
    { type: 'oter_id_migration', oter_ids: { old_house: 'house', old_shed: 'omt_obsolete' } },
    { type: 'overmap_special_migration', id: 'old_special', new_id: 'special' },
    { type: 'overmap_special_migration', id: 'gone_special' },
    { type: 'ter_furn_migration', from_ter: 't_old_floor', to_ter: 't_floor' },
    { type: 'ter_furn_migration', from_ter: 't_old_atm', to_ter: 't_floor', to_furn: 'f_chair' },
    { type: 'ter_furn_migration', from_furn: 'f_old_chair', to_furn: 'f_chair' },
    { type: 'trap_migration', from_trap: 'tr_old', to_trap: 'tr_new' },
    { type: 'vehicle_part_migration', from: 'old_seat', to: 'seat' },
  ],
  'json/world.json': [
    { type: 'mutation', id: 'NEW_TRAIT', name: 'x', description: 'x', points: 1 },
    { type: 'overmap_terrain', id: ['house', 'field'], name: 'x', sym: '.', color: 'white' },
    { type: 'terrain', id: 't_floor', name: 'floor', symbol: '.', color: 'white', move_cost: 2 },
    { type: 'furniture', id: 'f_chair', name: 'chair', symbol: '#', color: 'white', move_cost_mod: 1, required_str: 1 },
    { type: 'trap', id: 'tr_new', name: 'trap', color: 'white', symbol: '^', visibility: 1, avoidance: 1, difficulty: 1 },
    { type: 'vehicle_part', id: 'seat', name: 'seat', item: 'rag', location: 'center', symbol: '#', color: 'white', broken_symbol: '#', broken_color: 'white', durability: 1 },
  ],
};

