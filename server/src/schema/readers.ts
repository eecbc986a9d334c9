/**
 * Members the game reads with one reader wherever they are written, whatever type holds them: their spec comes
 * from the reader, not from the paths a version's data happened to write (a table learned without a mod must not
 * infer a reference from the two values the other mods wrote). Attached to a version's generated tables by member
 * name, at any depth (`**.name` readings in registry/versions/readings-*.ts; schema/memberReadings.ts).
 */
import type { FieldSpec, TypeSpec } from './types';
import { INTEGER, NUMBER, STRING, arrayOf, object, ref, union } from './kinds/common';

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

/** An integer, or a `[ min, max ]` range of them (jmapgen_int takes `[ n ]` as n). */
const INTEGER_OR_RANGE: TypeSpec = union(INTEGER, { kind: 'tuple', items: [INTEGER, INTEGER], required: 1, names: ['min', 'max'] });

/**
 * A map generator's placement coordinates and repeat count: jmapgen_int (src/mapgen.cpp) reads an integer or a
 * `[ min, max ]` range, whichever a placement's data happened to write.
 */
export const MAPGEN_INT_READERS: Readonly<Record<string, TypeSpec>> = { x: INTEGER_OR_RANGE, y: INTEGER_OR_RANGE, repeat: INTEGER_OR_RANGE };

/**
 * A terrain's or furniture's byproducts (of boltcut, hacksaw, oxytorch, prying): an item group's entries
 * (item_group::load_item_group), each an item with a count or charges that Item_group::add_entry reads as an integer
 * or a `[ min, max ]` range.
 */
export const BYPRODUCTS: TypeSpec = arrayOf(object([
  { name: 'item', type: ref('item'), description: 'The item.' },
  { name: 'count', type: INTEGER_OR_RANGE, description: 'How many: a number or a [ min, max ] range.' },
  { name: 'charges', type: INTEGER_OR_RANGE, description: 'Its charges: a number or a [ min, max ] range.' },
  { name: 'prob', type: NUMBER, description: 'The chance of the entry, in percent.' },
], true));
