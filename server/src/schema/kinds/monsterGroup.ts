/**
 * A 0.F monster group's `monsters` entry as MonsterGroupManager::LoadMonsterGroup reads it: `monster`, `freq` and
 * `cost_multiplier` are read without a default ("missing required field"), every member is read, so an unknown
 * one is "Invalid or misplaced field name" (both found with the game's --check-mods).
 */
import type { ObjectSpec } from '../types';
import { INTEGER, STRING, arrayOf, object, ref } from './common';

export const MONSTER_GROUP_ENTRY_0F: ObjectSpec = object([
  { name: 'monster', type: ref('MONSTER'), required: true, description: 'The monster spawned.' },
  { name: 'freq', type: INTEGER, required: true, description: 'Weight of this entry among the group\'s (out of `freq_total`, default 1000).' },
  { name: 'cost_multiplier', type: INTEGER, required: true, description: 'Population cost of one spawn of this entry.' },
  { name: 'pack_size', type: { kind: 'tuple', items: [INTEGER, INTEGER], names: ['min', 'max'] }, description: '`[ min, max ]` monsters spawned together.' },
  { name: 'starts', type: INTEGER, description: 'Hours after the cataclysm before the entry can spawn (scaled by the evolution factor).' },
  { name: 'ends', type: INTEGER, description: 'Hours after the cataclysm after which the entry no longer spawns.' },
  { name: 'conditions', type: arrayOf(STRING), description: 'Times and seasons the entry spawns in: DAY, NIGHT, DUSK, DAWN, SPRING, SUMMER, AUTUMN, WINTER.' },
  {
    name: 'spawn_data', description: 'What the spawned monsters carry.',
    type: object([
      { name: 'ammo', type: arrayOf(object([
        { name: 'ammo_id', type: ref('item'), required: true, description: 'Ammunition item id.' },
        { name: 'qty', type: INTEGER, required: true, description: 'How many rounds.' },
      ])), description: 'Starting ammunition.' },
    ]),
  },
]);
