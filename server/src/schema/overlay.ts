/**
 * Refinements of a generated member table (schema/generated.ts), written by hand where the game's loader is
 * stricter than what its data shows: a closed set of values the loader enforces (colors, flags read as C++
 * enums), a reference the data alone cannot prove (a harvest entry's `drop`), an object whose members the
 * loader reads all of (unknown ones are "Invalid or misplaced field name"), or a whole shape. Each is data,
 * keyed by the generated table's member paths (`entries[].type`, `components[][]`), and found against the real
 * game (its --check-mods), not guessed.
 */
import type { FieldSpec, KindSchema, SiblingRef, StringFormat, StringSpec, TypeSpec } from './types';
import { oneOrManyPaths, parsePath, type PathSegment } from './generated';

/** A named closed set of strings (the name is how messages call a value of it: "a color name"). */
export interface ValueSet {
  readonly title: string;
  readonly values: readonly string[];
}

export type Refinement =
  /** The string values at the path must be one of these. */
  | { readonly values: ValueSet }
  /**
   * The string values at the path name definitions of this kind (a reference, unresolved ids are errors; `weak`:
   * warnings, where the game does something else with an unknown id; `variants`: see StringSpec.variants).
   */
  | { readonly ref: string; readonly weak?: true; readonly variants?: true }
  /** The string values at the path name definitions of the kind a sibling member selects (see SiblingRef). */
  | { readonly refBy: SiblingRef }
  /** The string values at the path are of this format (a color name). */
  | { readonly format: StringFormat }
  /** The objects at the path are closed: a member the table does not list is `unknown-field`. */
  | { readonly closed: true }
  /** The member at the path is mandatory in its object ("missing required field"). */
  | { readonly required: true }
  /** The spec at the path, replacing the generated one (also adds a member the data does not show). */
  | { readonly type: TypeSpec };

/** Member path (generated-table syntax) -> refinement. */
export type TableOverlay = Readonly<Record<string, Refinement>>;

/**
 * `schema` with each refinement of `overlay` that its table has a place for applied, and the paths it has none for.
 * A one-or-many path (`flags[]?`) is refined wherever the table has one of the paths it stands for (see
 * oneOrManyPaths). A table learned from other data than the committed one (the game without a mod, a newer game)
 * may lack a path an overlay refines: that table simply does not get the refinement (its members there stay as the
 * data showed them); for the committed tables every path must apply (a test checks `unapplied` is empty).
 */
export function applyOverlay(schema: KindSchema, overlay: TableOverlay, what: string): { readonly schema: KindSchema; readonly unapplied: readonly string[] } {
  let fields = schema.fields;
  const unapplied: string[] = [];
  for (const [written, refinement] of Object.entries(overlay)) {
    let missing: string | undefined;
    let refined = false;
    for (const p of oneOrManyPaths(written)) {
      const out = refineAt(fields, p, refinement, what);
      if (typeof out === 'string') missing ??= out;
      else { fields = out; refined = true; }
    }
    if (!refined && missing !== undefined) unapplied.push(missing);
  }
  return { schema: { ...schema, fields }, unapplied };
}

/** `fields` with `refinement` applied at the member path `p`, or why the table has no place for it. */
function refineAt(fields: readonly FieldSpec[], p: string, refinement: Refinement, what: string): readonly FieldSpec[] | string {
  const [first, ...rest] = parsePath(p);
  if (!first || !('name' in first)) throw new Error(`${what}: overlay path ${p} must start with a member name`);
  const i = fields.findIndex((f) => f.name === first.name);
  if (i < 0) {
    if (rest.length || !('type' in refinement)) return `${what}: overlay path ${p}: no member "${first.name}"`;
    return [...fields, { name: first.name, type: refinement.type, description: 'Read by the game (its data does not show it).', fromGame: true }];
  }
  const type = refine(fields[i].type, rest, refinement, `${what}: overlay path ${p}`);
  if (typeof type === 'string') return type;
  return [...fields.slice(0, i), { ...fields[i], type }, ...fields.slice(i + 1)];
}

/** The spec with the refinement applied at `path`, or why it has no place for it. */
function refine(spec: TypeSpec, path: readonly PathSegment[], r: Refinement, where: string): TypeSpec | string {
  if (path.length === 0) return apply(spec, r, where);
  const [step, ...rest] = path;
  let reached = false;
  let missing: string | undefined;
  const deeper = (s: TypeSpec): TypeSpec => {
    const out = refine(s, rest, r, where);
    if (typeof out === 'string') { missing ??= out; return s; }
    reached = true;
    return out;
  };
  const go = (s: TypeSpec): TypeSpec => {
    switch (s.kind) {
      case 'union': return { ...s, options: s.options.map(go) };
      case 'object': {
        if (!('name' in step)) return s;
        const i = s.fields.findIndex((f) => f.name === step.name);
        if (i < 0) {
          if (rest.length || !('type' in r)) return s;
          reached = true;
          return { ...s, fields: [...s.fields, { name: step.name, type: r.type, description: 'Read by the game (its data does not show it).', fromGame: true }] };
        }
        if (rest.length === 0 && 'required' in r) { reached = true; return { ...s, fields: s.fields.map((f, j) => (j === i ? { ...f, required: true } : f)) }; }
        return { ...s, fields: s.fields.map((f, j) => (j === i ? { ...f, type: deeper(f.type) } : f)) };
      }
      case 'array':
        if (!('element' in step)) return s;
        return { ...s, of: deeper(s.of) };
      case 'tuple':
        if (!('position' in step) || step.position >= s.items.length) return s;
        return { ...s, items: s.items.map((x, j) => (j === step.position ? deeper(x) : x)) };
      case 'map':
        if (!('mapValue' in step)) return s;
        return { ...s, value: deeper(s.value) };
      default:
        return s;
    }
  };
  const out = go(spec);
  return reached ? out : missing ?? `${where}: the table has no such member`;
}

function apply(spec: TypeSpec, r: Refinement, where: string): TypeSpec | string {
  if ('type' in r) return r.type;
  if ('required' in r) throw new Error(`${where}: a top-level member's requiredness is the hand-written tables'`);
  let reached = false;
  const go = (s: TypeSpec): TypeSpec => {
    if (s.kind === 'union') return { ...s, options: s.options.map(go) };
    if ('closed' in r) {
      if (s.kind !== 'object') return s;
      reached = true;
      const { open: _open, ...closed } = s;
      return closed;
    }
    if (s.kind !== 'string') return s;
    reached = true;
    const { weakRef: _weak, ...rest } = s;
    if ('ref' in r) return { ...rest, ref: r.ref, ...(r.weak ? { weakRef: true } : {}), ...(r.variants ? { variants: true } : {}) };
    if ('refBy' in r) { const { ref: _ref, ...plain } = rest; return { ...plain, refBy: r.refBy }; }
    if ('format' in r) return { ...s, format: r.format };
    // A closed set the game reads (an enum) replaces a reference the table inferred from values that happen to be ids.
    const { ref: _ref, ...plain } = rest;
    return { ...plain, values: r.values.values, valuesTitle: r.values.title } satisfies StringSpec;
  };
  const out = go(spec);
  return reached ? out : `${where}: no ${'closed' in r ? 'object' : 'string'} there to refine`;
}

/** Overlays by JSON type, merged (for a path given twice, the later one). */
export function mergeOverlays(...all: readonly Readonly<Record<string, TableOverlay>>[]): Record<string, TableOverlay> {
  const out: Record<string, TableOverlay> = {};
  for (const overlays of all) for (const [type, overlay] of Object.entries(overlays)) out[type] = { ...out[type], ...overlay };
  return out;
}
