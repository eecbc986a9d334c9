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
 * `schema` with each refinement of `overlay` applied (a path the table does not have is an error of the overlay;
 * a one-or-many path, `flags[]?`, is refined wherever the table has one of the paths it stands for, see
 * oneOrManyPaths).
 */
export function applyOverlay(schema: KindSchema, overlay: TableOverlay, what: string): KindSchema {
  let fields = schema.fields;
  for (const [written, refinement] of Object.entries(overlay)) {
    const paths = oneOrManyPaths(written);
    if (paths.length === 1) { fields = refineAt(fields, written, refinement, what); continue; }
    let refined = 0;
    let first: unknown;
    for (const p of paths) {
      try { fields = refineAt(fields, p, refinement, what); refined++; } catch (e) { first ??= e; }
    }
    if (!refined) throw first;
  }
  return { ...schema, fields };
}

/** `fields` with `refinement` applied at the member path `p`. */
function refineAt(fields: readonly FieldSpec[], p: string, refinement: Refinement, what: string): readonly FieldSpec[] {
  const [first, ...rest] = parsePath(p);
  if (!first || !('name' in first)) throw new Error(`${what}: overlay path ${p} must start with a member name`);
  const i = fields.findIndex((f) => f.name === first.name);
  if (i < 0) {
    if (rest.length || !('type' in refinement)) throw new Error(`${what}: overlay path ${p}: no member "${first.name}"`);
    return [...fields, { name: first.name, type: refinement.type, description: 'Read by the game (its data does not show it).', fromGame: true }];
  }
  const field: FieldSpec = { ...fields[i], type: refine(fields[i].type, rest, refinement, `${what}: overlay path ${p}`) };
  return [...fields.slice(0, i), field, ...fields.slice(i + 1)];
}

function refine(spec: TypeSpec, path: readonly PathSegment[], r: Refinement, where: string): TypeSpec {
  if (path.length === 0) return apply(spec, r, where);
  const [step, ...rest] = path;
  let reached = false;
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
        reached = true;
        if (rest.length === 0 && 'required' in r) return { ...s, fields: s.fields.map((f, j) => (j === i ? { ...f, required: true } : f)) };
        return { ...s, fields: s.fields.map((f, j) => (j === i ? { ...f, type: refine(f.type, rest, r, where) } : f)) };
      }
      case 'array':
        if (!('element' in step)) return s;
        reached = true;
        return { ...s, of: refine(s.of, rest, r, where) };
      case 'tuple':
        if (!('position' in step) || step.position >= s.items.length) return s;
        reached = true;
        return { ...s, items: s.items.map((x, j) => (j === step.position ? refine(x, rest, r, where) : x)) };
      case 'map':
        if (!('mapValue' in step)) return s;
        reached = true;
        return { ...s, value: refine(s.value, rest, r, where) };
      default:
        return s;
    }
  };
  const out = go(spec);
  if (!reached) throw new Error(`${where}: the table has no such member`);
  return out;
}

function apply(spec: TypeSpec, r: Refinement, where: string): TypeSpec {
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
    return { ...s, values: r.values.values, valuesTitle: r.values.title } satisfies StringSpec;
  };
  const out = go(spec);
  if (!reached) throw new Error(`${where}: no ${'closed' in r ? 'object' : 'string'} there to refine`);
  return out;
}

/** Overlays by JSON type, merged (for a path given twice, the later one). */
export function mergeOverlays(...all: readonly Readonly<Record<string, TableOverlay>>[]): Record<string, TableOverlay> {
  const out: Record<string, TableOverlay> = {};
  for (const overlays of all) for (const [type, overlay] of Object.entries(overlays)) out[type] = { ...out[type], ...overlay };
  return out;
}
