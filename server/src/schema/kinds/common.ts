/**
 * Shapes shared by the kind tables: the common members (spec 2.1), the inheritance members every kind
 * accepts, and small constructors that keep the tables readable. Plain data only.
 */
import type { ArraySpec, FieldSpec, NumberSpec, ObjectSpec, StringSpec, TupleSpec, TypeSpec, UnionSpec } from '../types';

export const STRING: StringSpec = { kind: 'string' };
export const INTEGER: NumberSpec = { kind: 'integer' };
export const NUMBER: NumberSpec = { kind: 'number' };
export const BOOLEAN: TypeSpec = { kind: 'boolean' };
export const ANY: TypeSpec = { kind: 'any' };
/** A dialogue condition or effect, or an effect on condition written in place (see AnySpec.dialogue). */
export const DIALOGUE: TypeSpec = { kind: 'any', dialogue: true };
/** A color name (schema/colors.ts). */

/** A string naming a definition of `kind`. */
export function ref(kind: string): StringSpec {
  return { kind: 'string', ref: kind };
}

export function oneOf(...values: string[]): StringSpec {
  return { kind: 'string', values };
}

export function arrayOf(of: TypeSpec): ArraySpec {
  return { kind: 'array', of };
}

export function union(...options: TypeSpec[]): UnionSpec {
  return { kind: 'union', options };
}

export function object(fields: readonly FieldSpec[], open = false): ObjectSpec {
  return open ? { kind: 'object', fields, open } : { kind: 'object', fields };
}

/** An object whose members are not shown: anything is accepted. */
export const OPEN_OBJECT: ObjectSpec = { kind: 'object', fields: [], open: true };

/** `[ skill id, level ]`. */
export const SKILL_LEVEL: TupleSpec = { kind: 'tuple', items: [ref('skill'), INTEGER], names: ['skill id', 'level'] };

/** A translatable text as the game reads it: a string, or `{ "str": ..., "ctxt": ... }`. */
export const TRANSLATION: UnionSpec = union(
  STRING,
  object([
    { name: 'str', type: STRING, description: 'The text (singular form).' },
    { name: 'str_pl', type: STRING, description: 'Plural form, when it is not the singular plus "s".' },
    { name: 'str_sp', type: STRING, description: 'One form used for both singular and plural.' },
    { name: 'ctxt', type: STRING, description: 'Translation context, to tell homonyms apart.' },
  ]),
);

/**
 * An inline item group as the game reads it (item groups' own schema is not shown by the spec: the members
 * listed are the common ones, others are accepted).
 */
export const INLINE_ITEM_GROUP: ObjectSpec = object([
  { name: 'subtype', type: oneOf('collection', 'distribution', 'old'), description: 'Group subtype: `collection` (every entry rolled on its own) or `distribution` (one entry chosen by weight).' },
  { name: 'items', type: arrayOf(ANY), description: 'Item entries: item ids, `[ item id, probability ]` pairs or entry objects.' },
  { name: 'groups', type: arrayOf(ANY), description: 'Item group entries: group ids, `[ group id, probability ]` pairs or entry objects.' },
  { name: 'entries', type: arrayOf(ANY), description: 'Entry objects (`item` or `group`, with `prob`, `count`, `charges`...).' },
  { name: 'ammo', type: INTEGER, description: 'Chance (percent) that a gun spawns with ammo.' },
  { name: 'magazine', type: INTEGER, description: 'Chance (percent) that a gun spawns with a magazine.' },
], true);

/** `type`, with the JSON type values the schema covers. */
export function typeField(values: string[]): FieldSpec {
  return { name: 'type', type: oneOf(...values), required: true, description: `String member naming the record kind: ${values.map((v) => `\`${v}\``).join(' or ')}.` };
}

export const EDIT_MODE_FIELD: FieldSpec = {
  name: 'edit-mode',
  type: oneOf('create', 'override', 'modify'),
  description: '`create` (default when absent) registers a new record, an error if the id exists; `override` replaces any existing record wholesale (all mandatory members needed); `modify` changes an existing record, an error if none exists.',
  default: 'create',
  gameRejects: '0.F reads no edit-mode ("Invalid or misplaced field name"); redefine the whole definition instead, or write "copy-from" its own id with only the members to change',
};

/** The inheritance members every kind accepts (JSON_INHERITANCE): `copy-from` names a parent of `kind`. */
export function inheritanceFields(kind: string): FieldSpec[] {
  return [
    { name: 'copy-from', type: ref(kind), description: 'Id of a definition of the same kind to inherit every member from; members given here replace the inherited ones.', fromGame: true },
    { name: 'abstract', type: STRING, description: 'Id of an abstract template: the definition is only a base for `copy-from` and is never loaded as a record itself.', fromGame: true },
    { name: 'extend', type: OPEN_OBJECT, description: 'Entries added to inherited list members (e.g. `{ "flags": [ ... ] }`).', fromGame: true },
    { name: 'delete', type: OPEN_OBJECT, description: 'Entries removed from inherited list members (e.g. `{ "flags": [ ... ] }`).', fromGame: true },
    { name: 'relative', type: OPEN_OBJECT, description: 'Numbers added to inherited numeric members (e.g. `{ "hp": 10 }`).', fromGame: true },
    { name: 'proportional', type: OPEN_OBJECT, description: 'Factors applied to inherited numeric members (e.g. `{ "speed": 1.5 }`).', fromGame: true },
  ];
}
