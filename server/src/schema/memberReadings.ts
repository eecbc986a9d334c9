/**
 * How the game reads members of the generated tables (schema/generated.ts), where its data alone cannot show it:
 * written by hand from the game's loaders, each beside the function it follows (registry/versions/readings-*.ts).
 * The generated tables say which members exist and the forms the data writes; a reading says what the game's
 * reader takes there:
 * - a reader's whole spec (`{ type }`: a `[ min, max ]` range, a bonus list, a transform's weighted results...),
 *   which also adds a member the data does not show;
 * - a closed set of values the loader enforces (colors, enums), a reference (an unknown id is an error; `weak`: a
 *   warning, where the game does something else with it), a reference whose kind a sibling selects, a unit format;
 * - an object whose members the loader reads all of (unknown ones are "Invalid or misplaced field name"), a
 *   member an object cannot do without;
 * - that the loader reads the member in the forms and kinds the data writes (`read`): the table's spec stands, on the
 *   reader's word rather than the data's.
 *
 * A reading is attached either at a member path of a type's table (`entries[].type`; `flags[]?` for the generic
 * readers' one-or-many, see oneOrManyPaths), or by name (`**.flat_bonuses`): to every member so named at any
 * depth of the type's table, for a member the game reads with one reader wherever it is written. The type `*`
 * gives readings to every type. One mechanism for both: they are applied while a table becomes a schema.
 */
import type { FieldSpec, SiblingRef, StringFormat, StringSpec, TypeSpec } from './types';

/**
 * A closed set of strings the game reads a member from. Messages call a value of it `title` ("is not a monster
 * flag the game knows"), or, where the set is a grammar more than a list (colors: prefixes and backgrounds), say
 * what is `expected` with examples.
 */
export type ValueSet =
  | { readonly values: readonly string[]; readonly title: string }
  | { readonly values: readonly string[]; readonly expected: string };

export type MemberReading =
  /** The string values at the member must be one of these. */
  | { readonly values: ValueSet }
  /**
   * The string values at the member name definitions of this kind (a reference, unresolved ids are errors; `weak`:
   * warnings, where the game does something else with an unknown id; `variants`: see StringSpec.variants).
   */
  | { readonly ref: string; readonly weak?: true; readonly variants?: true }
  /** The string values at the member name definitions of the kind a sibling member selects (see SiblingRef). */
  | { readonly refBy: SiblingRef }
  /** The string values at the member are of this format (a mass, a duration). */
  | { readonly format: StringFormat }
  /** The objects at the member are closed: a member the table does not list is `unknown-field`. */
  | { readonly closed: true }
  /** The member is mandatory in its object ("missing required field"); top-level ones are the hand-written tables'. */
  | { readonly required: true }
  /** The reader's spec, replacing what the data showed (also adds a member the data does not show). */
  | { readonly type: TypeSpec }
  /**
   * The loader reads the member as the data writes it: a number with a number getter ("Expected number" on a
   * string), a quantity with the unit reader, a string naming the kind the data names (an unknown one is refused).
   * The table's spec is kept, as what the game reads there.
   */
  | { readonly read: true };

/** Member path, or `**.name` (by name, at any depth) -> how the game reads it. */
export type TypeReadings = Readonly<Record<string, MemberReading>>;

/** Readings by JSON type (`*`: of every type). */
export type MemberReadings = Readonly<Record<string, TypeReadings>>;

/** The prefix of a reading attached by member name, at any depth. */
const BY_NAME = '**.';

/** The member name of a reading attached by name, else undefined (a path). */
export function readingName(key: string): string | undefined {
  return key.startsWith(BY_NAME) ? key.slice(BY_NAME.length) : undefined;
}

/** Readings by JSON type, merged (for a key given twice, the later one). */
export function mergeReadings(...all: readonly MemberReadings[]): Record<string, TypeReadings> {
  const out: Record<string, TypeReadings> = {};
  for (const readings of all) for (const [type, typeReadings] of Object.entries(readings)) out[type] = { ...out[type], ...typeReadings };
  return out;
}

/** The readings of one type: every type's, then its own (its own win). */
export function readingsOfType(readings: MemberReadings | undefined, type: string): TypeReadings | undefined {
  if (!readings) return undefined;
  const all = readings['*'];
  const own = type !== '*' && Object.prototype.hasOwnProperty.call(readings, type) ? readings[type] : undefined;
  return own ? { ...all, ...own } : all;
}

/** A member a reading adds where the data shows none. */
export function fieldAddedBy(name: string, type: TypeSpec): FieldSpec {
  return { name, type, description: 'Read by the game (its data does not show it).', fromGame: true };
}

/**
 * `spec` (what the data showed at a member) read as `reading` says, or why it has no place for it. A reader's
 * spec replaces it; a value set, reference or format applies to its strings, `closed` to its objects.
 */
export function applyReading(spec: TypeSpec, reading: MemberReading): TypeSpec | string {
  if ('type' in reading) return reading.type;
  if ('required' in reading) return spec;
  if ('read' in reading) return asTheGameReads(spec);
  let reached = false;
  const go = (s: TypeSpec): TypeSpec => {
    if (s.kind === 'union') return { ...s, options: s.options.map(go) };
    if ('closed' in reading) {
      if (s.kind !== 'object') return s;
      reached = true;
      const { open: _open, ...closed } = s;
      return closed;
    }
    if (s.kind !== 'string') return s;
    reached = true;
    // What the data showed the string to be (StringSpec.basis) gives way to what the reading says.
    const { weakRef: _weak, basis: _learned, ...rest } = s;
    if ('ref' in reading) return { ...rest, ref: reading.ref, ...(reading.weak ? { weakRef: true } : {}), ...(reading.variants ? { variants: true } : {}) };
    if ('refBy' in reading) { const { ref: _ref, ...plain } = rest; return { ...plain, refBy: reading.refBy }; }
    // A format read so; a reference kind the data showed beside it stays the data's.
    if ('format' in reading) return { ...rest, ...(s.weakRef ? { weakRef: s.weakRef } : {}), format: reading.format, ...(s.ref !== undefined && s.basis !== undefined ? { basis: s.basis } : {}) };
    // A closed set the game reads (an enum) replaces a reference the table inferred from values that happen to be ids.
    const { ref: _ref, ...plain } = rest;
    return { ...plain, ...valueSetSpec(reading.values) };
  };
  const out = go(spec);
  return reached ? out : `no ${'closed' in reading ? 'object' : 'string'} there to read so`;
}

/**
 * A table's spec, stated by the game's reader (a `read` reading): its forms, reference kinds and units stand as what
 * the game reads, not only what the data happened to write, so a value outside them is refused like any other
 * (no `data` basis, no mismatch softened to a warning). Through unions and arrays; an object's members have
 * paths, and readings, of their own.
 */
function asTheGameReads(spec: TypeSpec): TypeSpec {
  if (spec.kind === 'union') { const { basis: _learned, mismatch: _soft, ...rest } = spec; return { ...rest, options: spec.options.map(asTheGameReads) }; }
  if (spec.kind === 'array') return { ...spec, of: asTheGameReads(spec.of) };
  if (spec.kind === 'tuple') return { ...spec, items: spec.items.map(asTheGameReads) };
  if (spec.kind === 'string') { const { basis: _learned, ...rest } = spec; return rest; }
  return spec;
}

/** The members of a string spec that a value set gives it. */
export function valueSetSpec(set: ValueSet): Pick<StringSpec, 'values' | 'valuesName' | 'valuesTitle'> {
  return 'title' in set ? { values: set.values, valuesTitle: set.title } : { values: set.values, valuesName: set.expected };
}

/** What a reading says a member's strings are, for hover ("a color name"), when it says so. */
export function stringWordsOf(reading: MemberReading): string | undefined {
  if ('values' in reading) return 'title' in reading.values ? reading.values.title : reading.values.expected;
  if ('ref' in reading) return `a \`${reading.ref}\` id`;
  return undefined;
}
