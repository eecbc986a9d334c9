/**
 * Members the game reads with one reader wherever they are written, whatever type holds them: their spec comes
 * from the reader, not from the paths a version's data happened to write (a table learned without a mod must not
 * infer a reference from the two values the other mods wrote). Attached by member name to every generated table of
 * a version (GameVersion.readersByName, schema/generated.ts).
 */
import type { FieldSpec, TypeSpec } from './types';
import { NUMBER, STRING, arrayOf, object, ref } from './kinds/common';

/**
 * The stats a bonus changes: affected_stat_from_string (src/bonuses.cpp, the current game's affected_stat_map);
 * any other value is "Invalid affected stat" (bonus_container::load throws).
 */
export const AFFECTED_STATS_CURRENT: readonly string[] = [
  'hit', 'crit_chance', 'dodge', 'block', 'block_effectiveness', 'speed', 'movecost', 'damage', 'armor', 'arpen', 'target_armor_multiplier',
];

const BONUS_FIELDS_CURRENT: readonly FieldSpec[] = [
  { name: 'stat', type: { kind: 'string', values: AFFECTED_STATS_CURRENT }, description: 'The stat the bonus changes (affected_stat_from_string).', required: true },
  // needs_damage_type: read for damage, armor and arpen ("Invalid damage type" when it names none).
  { name: 'type', type: ref('damage_type'), description: 'The damage type, for the damage, armor and arpen stats.' },
  // effect_scaling: scaling_stat_from_string takes a stat (str, dex, int, per) or a combat skill's short name
  // (bash, melee, unarmed, marksmanship...); any other name scales by nothing. Not a skill id reference.
  { name: 'scaling-stat', type: STRING, description: 'What the bonus scales with: str, dex, int, per, or a combat skill (melee, unarmed, bash...).' },
  { name: 'scale', type: NUMBER, description: 'The bonus (flat), or the factor (mult), per point of scaling-stat when given.', required: true },
];

/**
 * A list of bonuses (bonus_container::load, src/bonuses.cpp): `flat_bonuses` and `mult_bonuses` of martial arts'
 * buffs, techniques and mutations.
 */
export const BONUS_LIST_CURRENT: TypeSpec = arrayOf(object(BONUS_FIELDS_CURRENT, true));
