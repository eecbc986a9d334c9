/**
 * Scenario (`type` = `scenario`), spec 2.5, plus the members the 0.F game reads that the spec does not list
 * (`fromGame`). See docs/schema-notes.md for where the real data disagrees with the spec.
 */
import type { EditMemberSpec, FieldSpec, KindSchema, ObjectSpec, TypeSpec } from '../types';
import {
  BOOLEAN, EDIT_MODE_FIELD, INTEGER, NUMBER, STRING, TRANSLATION, arrayOf, inheritanceFields, object, oneOf, ref,
  typeField,
} from './common';
import { GENDERED_NAME } from './profession';

const ITEM_IDS: TypeSpec = arrayOf(ref('item'));

/** A date as scenarios give it: `hour`, `day` (of the season), `season`, `year`, each optional. */
export const GAME_DATE: ObjectSpec = object([
  { name: 'hour', type: INTEGER, description: 'Hour of the day (0-23).' },
  { name: 'day', type: INTEGER, description: 'Day of the season.' },
  { name: 'season', type: oneOf('spring', 'summer', 'autumn', 'winter'), description: 'Season: spring, summer, autumn or winter.' },
  { name: 'year', type: INTEGER, description: 'Year (1 is the first year).' },
]);

const FIELDS: FieldSpec[] = [
  typeField(['scenario']),
  { name: 'id', type: STRING, required: true, description: 'Unique scenario id.' },
  EDIT_MODE_FIELD,
  { name: 'description', type: TRANSLATION, required: true, description: 'In-game description.' },
  { name: 'name', type: GENDERED_NAME, required: true, description: 'Name: a string, or an object with `male` and `female` strings.' },
  { name: 'points', type: INTEGER, required: true, description: 'Point cost: positive costs points, negative grants points.' },
  { name: 'start_name', type: STRING, required: true, description: 'Name shown for the starting location; useful when several locations are allowed but cannot all be listed.' },
  {
    name: 'items', description: 'Starting items: `both`, `male`, `female` arrays of item ids (repeats give repeated items). No snippet pairs.',
    type: object([
      { name: 'both', type: ITEM_IDS, description: 'Item ids for every character.' },
      { name: 'male', type: ITEM_IDS, description: 'Item ids for male characters.' },
      { name: 'female', type: ITEM_IDS, description: 'Item ids for female characters.' },
    ]),
  },
  {
    name: 'surround_groups', description: 'Monster groups spawned around the start: `[ monster group id, density ]` pairs. Replaces the `SUR_START` flag; density 70.0 reproduces it.',
    type: arrayOf({ kind: 'tuple', items: [ref('monstergroup'), NUMBER], names: ['monster group id', 'spawn density'] }),
  },
  { name: 'flags', type: arrayOf(STRING), description: 'Scenario flags (values not shown).' },
  { name: 'cbms', type: arrayOf(ref('bionic')), description: 'CBM (bionic) ids implanted.', gameRejects: 'Invalid or misplaced field name "cbms"' },
  { name: 'traits', type: arrayOf(ref('mutation')), description: 'Trait ids that may be chosen even if not starting traits.' },
  { name: 'forced_traits', type: arrayOf(ref('mutation')), description: 'Trait ids automatically added to the character.' },
  { name: 'forbidden_traits', type: arrayOf(ref('mutation')), description: 'Trait ids that cannot be selected in character creation.' },
  { name: 'bionics', type: arrayOf(ref('bionic')), description: 'Bionic ids that may be chosen even if not starting bionics.' },
  { name: 'forced_bionics', type: arrayOf(ref('bionic')), description: 'Bionic ids automatically added.' },
  { name: 'forbidden_bionics', type: arrayOf(ref('bionic')), description: 'Bionic ids that cannot be selected.' },
  { name: 'forbids_bionics', type: BOOLEAN, description: 'Prohibits adding bionics in the character-creation bionics tab.' },
  { name: 'allowed_locs', type: arrayOf(ref('start_location')), description: 'Start location ids selectable with this scenario.' },
  { name: 'professions', type: arrayOf(ref('profession')), description: 'Allowed profession ids; the first is the default. Empty means all professions are allowed.' },
  { name: 'map_special', type: ref('map_extra'), description: 'A map special added to the starting location.' },
  { name: 'missions', type: arrayOf(ref('mission_definition')), description: 'Mission ids started at game start (origin `ORIGIN_GAME_START` only); the last listed becomes the active mission.' },

  // Read by the 0.F game, not listed by the spec.
  { name: 'map_extra', type: ref('map_extra'), description: 'Map extra (map special) id added to the starting location: the name the game reads (see `map_special`).', fromGame: true },
  { name: 'vehicle', type: ref('vehicle'), description: 'Vehicle prototype id the character starts with.', fromGame: true },
  { name: 'blacklist_professions', type: BOOLEAN, description: 'When true, `professions` lists the professions that are forbidden instead of allowed.', fromGame: true },
  { name: 'add_professions', type: BOOLEAN, description: 'When true, `professions` are added to the generic professions instead of replacing them.', fromGame: true },
  { name: 'custom_initial_date', description: 'Overrides the start date: `hour`, `day`, `season`, `year`.', fromGame: true, type: GAME_DATE },
  ...inheritanceFields('scenario'),
];

function listEdits(property: string, name: string, entry: TypeSpec, what: string): EditMemberSpec[] {
  return [
    { member: `add:${name}`, property, entry, description: `Adds ${what} to an existing scenario (needs "edit-mode": "modify").` },
    { member: `remove:${name}`, property, entry, description: `Removes ${what} from an existing scenario.` },
  ];
}

const ITEM_EDITS: EditMemberSpec[] = ['both', 'male', 'female'].flatMap((g): EditMemberSpec[] => [
  { member: `items.add:${g}`, property: `items.${g}`, entry: ref('item'), description: `Adds item ids to \`items.${g}\`.` },
  { member: `items.remove:${g}`, property: `items.${g}`, entry: ref('item'), description: `Removes item ids from \`items.${g}\`.` },
]);

export const SCENARIO_SCHEMA: KindSchema = {
  basis: 'spec',
  fields: FIELDS,
  editMembers: [
    ...ITEM_EDITS,
    ...listEdits('flags', 'flags', STRING, 'scenario flags'),
    ...listEdits('cbms', 'CBMs', ref('bionic'), 'CBM ids'),
    ...listEdits('traits', 'traits', ref('mutation'), 'trait ids'),
    ...listEdits('forced_traits', 'forced_traits', ref('mutation'), 'forced trait ids'),
    ...listEdits('forbidden_traits', 'forbidden_traits', ref('mutation'), 'forbidden trait ids'),
    ...listEdits('bionics', 'bionics', ref('bionic'), 'bionic ids'),
    ...listEdits('forced_bionics', 'forced_bionics', ref('bionic'), 'forced bionic ids'),
    ...listEdits('forbidden_bionics', 'forbidden_bionics', ref('bionic'), 'forbidden bionic ids'),
  ],
};
