/**
 * Profession (`type` = `profession`), spec 2.3, plus the members the 0.F game reads that the spec does not
 * list (`fromGame`). See docs/schema-notes.md for where the real data disagrees with the spec.
 */
import type { EditMemberSpec, FieldSpec, KindSchema, ObjectSpec, TupleSpec, TypeSpec } from '../types';
import {
  EDIT_MODE_FIELD, INTEGER, STRING, TRANSLATION, arrayOf, inheritanceFields, object, ref,
  typeField, union,
} from './common';
import { INLINE_ITEM_GROUP_0F } from './itemGroup';

/** Name of a profession or scenario: a gender-neutral string, or `{ "male": ..., "female": ... }`. */
export const GENDERED_NAME: TypeSpec = union(
  STRING,
  object([
    { name: 'male', type: STRING, required: true, description: 'Name for male characters.' },
    { name: 'female', type: STRING, required: true, description: 'Name for female characters.' },
  ]),
);

/** `[ item id, snippet id ]`: an item with a given snippet (e.g. a specific letter text). */
const ITEM_WITH_SNIPPET: TupleSpec = { kind: 'tuple', items: [ref('item'), ref('snippet')], names: ['item id', 'snippet id'] };

/** A starting item entry: an item id, or `[ item id, snippet id ]`. */
export const PROFESSION_ITEM_ENTRY: TypeSpec = union(ref('item'), ITEM_WITH_SNIPPET);

export const ITEM_LIST: TypeSpec = arrayOf(PROFESSION_ITEM_ENTRY);

export const ADDICTION: ObjectSpec = object([
  { name: 'type', type: STRING, required: true, description: 'Addiction type id (values not shown).' },
  { name: 'intensity', type: INTEGER, required: true, description: 'Intensity of the addiction.' },
]);

export const SKILL: ObjectSpec = object([
  { name: 'name', type: ref('skill'), required: true, description: 'Skill id.' },
  { name: 'level', type: INTEGER, required: true, description: 'Levels added to the level chosen in character creation.' },
]);

export const PET: ObjectSpec = object([
  { name: 'name', type: ref('MONSTER'), required: true, description: 'Monster id of the pet.' },
  { name: 'amount', type: INTEGER, required: true, description: 'How many of them.' },
]);

export const ITEMS: ObjectSpec = object([
  {
    name: 'both', type: union(ITEM_LIST, INLINE_ITEM_GROUP_0F),
    description: 'Items for every character: item ids or `[ item id, snippet id ]` pairs; an id listed n times gives n items. The game also reads an inline item group (collection) here.',
  },
  { name: 'male', type: ITEM_LIST, description: 'Items for male characters only (same entry forms as `both`).' },
  { name: 'female', type: ITEM_LIST, description: 'Items for female characters only (same entry forms as `both`).' },
]);

const FIELDS: FieldSpec[] = [
  typeField(['profession']),
  { name: 'id', type: STRING, required: true, description: 'Unique profession id.' },
  EDIT_MODE_FIELD,
  { name: 'description', type: TRANSLATION, required: true, description: 'In-game description.' },
  { name: 'name', type: GENDERED_NAME, required: true, description: 'Name: a gender-neutral string, or an object with `male` and `female` strings.' },
  { name: 'points', type: INTEGER, required: true, description: 'Point cost: positive costs points, negative grants points.' },
  { name: 'addictions', type: arrayOf(ADDICTION), description: 'Starting addictions: objects with `type` (addiction id) and `intensity`.' },
  { name: 'skills', type: union(arrayOf(SKILL), SKILL), description: 'Starting skills: objects with `name` (skill id) and `level`, added to the level chosen in character creation.' },
  { name: 'items', type: ITEMS, description: 'Starting items: optional `both` (every character), `male`, `female` lists of item ids or `[ item id, snippet id ]` pairs.' },
  { name: 'pets', type: arrayOf(union({ ...ref('MONSTER'), gameRejects: 'it reads only { "name": monster id, "amount": n } objects ("tried to start object")' }, PET)), description: 'Monsters the character starts with as tamed pets: monster ids (spec) or, as the game reads them, `{ "name": monster id, "amount": n }`.' },
  { name: 'vehicle', type: ref('vehicle'), description: 'Vehicle prototype id, placed on the nearest road and remembered on the overmap.' },
  { name: 'flags', type: arrayOf(STRING), description: 'Profession flags (values not shown).' },
  { name: 'cbms', type: arrayOf(ref('bionic')), description: 'CBM (bionic) ids implanted in the character. The game reads this list as `CBMs`.', gameRejects: 'Invalid or misplaced field name "cbms" (the game reads "CBMs")' },
  { name: 'traits', type: arrayOf(ref('mutation')), description: 'Trait (mutation) ids applied to the character.' },

  // Read by the 0.F game, not listed by the spec.
  { name: 'CBMs', type: arrayOf(ref('bionic')), description: 'CBM (bionic) ids implanted in the character: the member name the game reads (see `cbms`).', fromGame: true },
  { name: 'proficiencies', type: arrayOf(ref('proficiency')), description: 'Proficiency ids the character starts with.', fromGame: true },
  {
    name: 'spells', description: 'Spells the character starts with: objects with `id` (spell id) and `level`.', fromGame: true,
    type: arrayOf(object([
      { name: 'id', type: ref('SPELL'), required: true, description: 'Spell id.' },
      { name: 'level', type: INTEGER, required: true, description: 'Starting spell level.' },
    ])),
  },
  { name: 'no_bonus', type: ref('item'), description: 'Item id excluded from the bonus given by other starting items.', fromGame: true },
  ...inheritanceFields('profession'),
];

/** `add:` / `remove:` members of a profession (spec 2.3 table). */
function listEdits(property: string, name: string, add: TypeSpec, remove: TypeSpec, what: string): EditMemberSpec[] {
  return [
    { member: `add:${name}`, property, entry: add, description: `Adds ${what} to an existing profession (needs "edit-mode": "modify").` },
    { member: `remove:${name}`, property, entry: remove, description: `Removes ${what} from an existing profession, by id only.` },
  ];
}

const ITEM_EDITS: EditMemberSpec[] = ['both', 'male', 'female'].flatMap((g): EditMemberSpec[] => [
  { member: `items.add:${g}`, property: `items.${g}`, entry: PROFESSION_ITEM_ENTRY, description: `Adds starting items to \`items.${g}\` (item ids or \`[ item id, snippet id ]\` pairs).` },
  { member: `items.remove:${g}`, property: `items.${g}`, entry: ref('item'), description: `Removes starting items from \`items.${g}\` by item id; one occurrence per listed id.` },
]);

export const PROFESSION_SCHEMA: KindSchema = {
  basis: 'spec',
  fields: FIELDS,
  editMembers: [
    ...listEdits('addictions', 'addictions', ADDICTION, STRING, 'addictions (objects with `type` and `intensity`; removal by addiction type id)'),
    ...listEdits('skills', 'skills', SKILL, ref('skill'), 'skills (objects with `name` and `level`; removal by skill id)'),
    ...ITEM_EDITS,
    ...listEdits('flags', 'flags', STRING, STRING, 'profession flags'),
    ...listEdits('cbms', 'CBMs', ref('bionic'), ref('bionic'), 'CBM ids'),
    ...listEdits('traits', 'traits', ref('mutation'), ref('mutation'), 'trait ids'),
  ],
};

