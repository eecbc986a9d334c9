/**
 * Profession item substitutions (`type` = `profession_item_substitutions`), spec 2.4. Two forms, told apart by
 * `item` or `trait`; the 0.F game reads a third (`group` + `bonus`). These records have no id.
 */
import type { FieldSpec, KindSchema, ObjectSpec, TypeSpec } from '../types';
import { INTEGER, arrayOf, object, ref, typeField, union } from './common';
import { INLINE_ITEM_GROUP_0F } from './itemGroup';

/** `{ "item": id, "ratio": n }`: a replacement item with how many are produced per replaced item. */
export const REPLACEMENT_WITH_RATIO: ObjectSpec = object([
  { name: 'item', type: ref('item'), required: true, description: 'Replacement item id.' },
  { name: 'ratio', type: INTEGER, required: true, description: 'Number of items produced per replaced item.' },
]);

/** A replacement entry: an item id (one item), or `{ "item": id, "ratio": n }`. */
const REPLACEMENT: TypeSpec = union(ref('item'), REPLACEMENT_WITH_RATIO);

/** A `sub` entry: `present` + `new` in the by-item form, `item` + `new` in the by-trait form. */
export const SUB_ENTRY: ObjectSpec = object([
  { name: 'present', type: arrayOf(ref('mutation')), description: 'By-item form: trait ids; the rule applies when the character has the trait.' },
  { name: 'absent', type: arrayOf(ref('mutation')), description: 'By-item form: trait ids; the rule applies only when the character lacks them.', fromGame: true },
  { name: 'item', type: ref('item'), description: 'By-trait form: item id to replace.' },
  { name: 'new', type: arrayOf(REPLACEMENT), required: true, description: 'Replacement entries: item ids or `{ "item", "ratio" }` objects.' },
]);

const FIELDS: FieldSpec[] = [
  typeField(['profession_item_substitutions']),
  { name: 'item', type: ref('item'), description: 'By-item form: the item id to replace, according to the traits in `sub`.' },
  { name: 'trait', type: ref('mutation'), description: 'By-trait form: the trait id whose characters get the replacements in `sub`.' },
  { name: 'sub', type: arrayOf(SUB_ENTRY), description: 'Substitution rules: `present` + `new` (by item), or `item` + `new` (by trait).' },
  { name: 'group', type: INLINE_ITEM_GROUP_0F, description: 'Bonus form: an inline item group given to characters matching `bonus`.', fromGame: true },
  {
    name: 'bonus', description: 'Bonus form: which characters get the items of `group`.', fromGame: true,
    type: object([
      { name: 'present', type: arrayOf(ref('mutation')), description: 'Trait ids the character must have.' },
      { name: 'absent', type: arrayOf(ref('mutation')), description: 'Trait ids the character must not have.' },
    ]),
  },
];

export const PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA: KindSchema = {
  basis: 'spec',
  fields: FIELDS,
  editMembers: [],
};
