/**
 * Walks a JSON value along its TypeSpec, once, reporting shape problems (types, value sets, ranges, units,
 * unknown members) and the references it meets. The same walk serves the checks and the reference index.
 */
import type { JsonPath, Part } from '../syntax/locate';
import type { FieldSpec, Migration, ObjectSpec, TypeSpec } from './types';
import { FORMAT_NAMES, checkQuantity, consoleWidth } from './units';
import { isColorName, nearestColor } from './colors';
import { closest } from '../util/closest';
import { brief } from '../util/brief';
import { MAX_NESTING } from '../syntax/nesting';

export type ValueCode = 'invalid-value' | 'unknown-field' | 'bad-unit' | 'unit-style' | 'missing-field' | 'removed-member' | 'game-rejects';

/** A machine-readable repair, turned into a code action at the edge. */
export type Fix =
  | { readonly kind: 'replaceValue'; readonly text: string }
  | { readonly kind: 'renameKey'; readonly to: string }
  | { readonly kind: 'migrate'; readonly migration: Migration };

export interface ValueProblem {
  readonly code: ValueCode;
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
  readonly path: JsonPath;
  readonly part: Part;
  readonly message: string;
  readonly fixes?: readonly Fix[];
}

export interface FoundReference {
  readonly path: JsonPath;
  readonly kind: string;
  readonly id: string;
  /** The id is the member name at `path` (a map key such as `starting_ammo`'s), not its value. */
  readonly key?: true;
  /** Inferred from little evidence (StringSpec.weakRef): unresolved, a warning. */
  readonly weak?: boolean;
}

export interface ValueSink {
  problem(p: ValueProblem): void;
  reference(r: FoundReference): void;
}

export function isCommentKey(key: string): boolean {
  return key.startsWith('//');
}

/** `melee_damage[0].damage_type` style label of a path. */
export function pathLabel(path: JsonPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

export function jsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function show(v: unknown): string {
  return brief(v, 40);
}

/** What a spec expects, in words, for messages. */
export function describeType(spec: TypeSpec): string {
  switch (spec.kind) {
    case 'string': return spec.format === 'color' ? 'a color name' : spec.format && spec.format !== 'symbol' ? FORMAT_NAMES[spec.format] : 'a string';
    case 'integer': return 'an integer';
    case 'number': return 'a number';
    case 'boolean': return 'true or false';
    case 'array': return `an array of ${describeType(spec.of).replace(/^an? /, '')}s`.replace(/ss$/, 's');
    case 'tuple': return `an array [${(spec.names ?? spec.items.map((i) => describeType(i))).join(', ')}]`;
    case 'object': case 'map': return 'an object';
    case 'union': return spec.options.map(describeType).join(' or ');
    case 'any': return 'any value';
  }
}

function matchesJsonType(v: unknown, spec: TypeSpec): boolean {
  switch (spec.kind) {
    case 'string': return typeof v === 'string';
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'number': return typeof v === 'number';
    case 'boolean': return typeof v === 'boolean';
    case 'array': case 'tuple': return Array.isArray(v);
    case 'object': case 'map': return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'union': return spec.options.some((o) => matchesJsonType(v, o));
    case 'any': return true;
  }
}

/** Collects into arrays, to compare alternatives of a union before reporting the best fit. */
class BufferSink implements ValueSink {
  readonly problems: ValueProblem[] = [];
  readonly references: FoundReference[] = [];
  problem(p: ValueProblem): void { this.problems.push(p); }
  reference(r: FoundReference): void { this.references.push(r); }
  replay(into: ValueSink): void {
    for (const p of this.problems) into.problem(p);
    for (const r of this.references) into.reference(r);
  }
}

/**
 * `path` is the walk's own stack (pushed and popped as it descends); reports get copies. Labels are built only
 * when something is reported: this walk runs over every checked definition at indexing time.
 */
export function validateValue(value: unknown, spec: TypeSpec, path: (string | number)[], sink: ValueSink): void {
  // The walk follows the table, which is shallow; the limit guards against a table that refers to itself.
  if (path.length > MAX_NESTING) return;
  // A number out of range (`1e309`, read as Infinity) is reported on the text (checks/definitionText.ts).
  if (typeof value === 'number' && !Number.isFinite(value)) return;
  const at = (): JsonPath => path.slice();
  const wrongType = (): void => sink.problem({ code: 'invalid-value', severity: 'error', path: at(), part: 'value', message: `"${pathLabel(path)}" is ${show(value)} (${jsonTypeName(value)}); expected ${describeType(spec)}` });
  switch (spec.kind) {
    case 'any':
      return;
    case 'string': {
      if (typeof value !== 'string') return wrongType();
      if (spec.values && !spec.values.includes(value)) {
        const near = closest(value, spec.values);
        sink.problem({
          code: 'invalid-value', severity: 'error', path: at(), part: 'value',
          message: spec.valuesTitle
            ? `"${pathLabel(path)}": ${show(value)} is not ${spec.valuesTitle} the game knows${near ? `; did you mean "${near}"?` : ''}`
            : `"${pathLabel(path)}": ${show(value)} is not a valid value; expected one of ${spec.values.map((x) => `"${x}"`).join(', ')}${near ? ` (did you mean "${near}"?)` : ''}`,
          fixes: near ? [{ kind: 'replaceValue', text: near }] : undefined,
        });
      }
      const rejected = spec.rejectedValues?.[value] ?? spec.gameRejects;
      if (rejected) gameRejects(sink, at(), 'value', `"${pathLabel(path)}": ${show(value)}`, rejected);
      if (spec.format === 'symbol') {
        const w = consoleWidth(value);
        if (w !== 1) sink.problem({ code: 'invalid-value', severity: 'error', path: at(), part: 'value', message: `"${pathLabel(path)}": ${show(value)} is ${w} console cells wide; a symbol must be exactly one cell wide` });
      } else if (spec.format === 'color') {
        if (!isColorName(value)) {
          const near = nearestColor(value);
          sink.problem({ code: 'invalid-value', severity: 'error', path: at(), part: 'value', message: `"${pathLabel(path)}": ${show(value)} is not a color the game knows${near ? `; did you mean "${near}"?` : ''}`, fixes: near ? [{ kind: 'replaceValue', text: near }] : undefined });
        }
      } else if (spec.format) {
        const p = checkQuantity(value, spec.format, `"${pathLabel(path)}"`, spec.unitStyle !== false);
        // A quantity a larger unit states exactly is a style hint (`unit-style`), apart from real unit errors.
        if (p) sink.problem({ code: p.severity === 'hint' ? 'unit-style' : 'bad-unit', severity: p.severity, path: at(), part: 'value', message: p.message, fixes: p.fix ? [{ kind: 'replaceValue', text: p.fix }] : undefined });
      }
      if (spec.ref && value !== '') sink.reference(spec.weakRef ? { path: at(), kind: spec.ref, id: value, weak: true } : { path: at(), kind: spec.ref, id: value });
      return;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || (spec.kind === 'integer' && !Number.isInteger(value))) return wrongType();
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
        const range = spec.min !== undefined && spec.max !== undefined ? `from ${spec.min} to ${spec.max}` : spec.min !== undefined ? `at least ${spec.min}` : `at most ${spec.max}`;
        sink.problem({ code: 'invalid-value', severity: spec.rangeSeverity ?? 'error', path: at(), part: 'value', message: `"${pathLabel(path)}" is ${value}; expected ${range}` });
      }
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean') wrongType();
      return;
    case 'array': {
      if (!Array.isArray(value)) return wrongType();
      if ((spec.minItems !== undefined && value.length < spec.minItems) || (spec.maxItems !== undefined && value.length > spec.maxItems)) {
        const want = spec.minItems === spec.maxItems ? `exactly ${spec.minItems}` : spec.maxItems === undefined ? `at least ${spec.minItems}` : `${spec.minItems ?? 0} to ${spec.maxItems}`;
        sink.problem({ code: 'invalid-value', severity: 'error', path: at(), part: 'value', message: `"${pathLabel(path)}" has ${value.length} entries; expected ${want}` });
      }
      for (let i = 0; i < value.length; i++) descend(value[i], spec.of, path, i, sink);
      return;
    }
    case 'tuple': {
      if (!Array.isArray(value)) return wrongType();
      const required = spec.required ?? spec.items.length;
      if (value.length < required || (!spec.open && value.length > spec.items.length)) {
        const want = required === spec.items.length ? `${required}` : `${required} to ${spec.items.length}`;
        sink.problem({ code: 'invalid-value', severity: 'error', path: at(), part: 'value', message: `"${pathLabel(path)}" has ${value.length} elements; expected ${want}: ${describeType(spec)}` });
      }
      for (let i = 0; i < value.length && i < spec.items.length; i++) descend(value[i], spec.items[i], path, i, sink);
      return;
    }
    case 'map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrongType();
      for (const [k, v] of Object.entries(value)) {
        if (isCommentKey(k)) continue;
        if (spec.key.ref && !spec.keyAlso?.includes(k)) sink.reference({ path: [...path, k], kind: spec.key.ref, id: k, key: true });
        descend(v, spec.value, path, k, sink);
      }
      return;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrongType();
      validateMembers(value as Record<string, unknown>, spec, path, sink);
      return;
    }
    case 'union': {
      // The common case, one option of the value's JSON type, walks straight into the sink (this runs for every
      // value of a generated table: no buffers to throw away).
      let only: TypeSpec | undefined;
      let count = 0;
      for (const o of spec.options) if (matchesJsonType(value, o)) { only = o; count++; }
      if (count === 1) return validateValue(value, only!, path, sink);
      const candidates = count === 0 ? [] : spec.options.filter((o) => matchesJsonType(value, o));
      if (candidates.length === 0) {
        if (spec.mismatch !== 'warning') return wrongType();
        sink.problem({ code: 'invalid-value', severity: 'warning', path: at(), part: 'value', message: `"${pathLabel(path)}" is ${show(value)} (${jsonTypeName(value)}); the game's data only writes ${describeType(spec)} here` });
        return;
      }
      let best: BufferSink | undefined;
      for (const c of candidates) {
        const buf = new BufferSink();
        validateValue(value, c, path, buf);
        if (!best || buf.problems.length < best.problems.length) best = buf;
        if (buf.problems.length === 0) break;
      }
      best!.replay(sink);
      return;
    }
  }
}

/** A spec form the game refuses (see FieldSpec.gameRejects). */
function gameRejects(sink: ValueSink, path: JsonPath, part: Part, what: string, says: string): void {
  sink.problem({ code: 'game-rejects', severity: 'warning', path, part, message: `${what}: a spec form the game refuses: ${says}` });
}

function descend(value: unknown, spec: TypeSpec, path: (string | number)[], step: string | number, sink: ValueSink): void {
  path.push(step);
  validateValue(value, spec, path, sink);
  path.pop();
}

/** Members of an object: known ones validated, unknown ones reported with the closest known name. */
export function validateMembers(
  o: Record<string, unknown>,
  spec: ObjectSpec,
  path: (string | number)[],
  sink: ValueSink,
  isExtraMember?: (key: string) => boolean,
): void {
  const fields = fieldMap(spec);
  // Mandatory members of nested objects (`upgrades.half_life`...); the top level is checked with inheritance
  // in checks/missingField.ts.
  if (path.length > 0) {
    for (const f of spec.fields) {
      if (f.required && !(f.name in o)) {
        sink.problem({ code: 'missing-field', severity: 'error', path: path.slice(), part: 'key', message: `"${pathLabel(path)}" is missing its mandatory member "${f.name}"` });
      }
    }
  }
  for (const [key, v] of Object.entries(o)) {
    if (isCommentKey(key)) continue;
    const field = fields.get(key);
    if (field) {
      if (field.gameRejects) gameRejects(sink, [...path, key], 'key', `"${key}"`, field.gameRejects);
      descend(v, field.type, path, key, sink);
      continue;
    }
    if (spec.open || isExtraMember?.(key)) continue;
    const removed = spec.removed?.find((r) => r.name === key);
    if (removed) {
      sink.problem({
        code: 'removed-member', severity: 'error', path: [...path, key], part: 'key',
        message: `"${key}"${path.length ? ` in "${pathLabel(path)}"` : ''} is no longer read by this game version; write ${removed.instead} instead`,
        fixes: removed.migration ? [{ kind: 'migrate', migration: removed.migration }] : undefined,
      });
      continue;
    }
    const near = closest(key, [...fields.keys()]);
    const where = path.length ? ` in "${pathLabel(path)}"` : '';
    sink.problem({
      code: 'unknown-field', severity: 'warning', path: [...path, key], part: 'key',
      message: `Unknown member "${key}"${where}${near ? `; did you mean "${near}"?` : ''}`,
      fixes: near ? [{ kind: 'renameKey', to: near }] : undefined,
    });
  }
}

const fieldMaps = new WeakMap<ObjectSpec, Map<string, FieldSpec>>();
function fieldMap(spec: ObjectSpec): Map<string, FieldSpec> {
  let m = fieldMaps.get(spec);
  if (!m) { m = new Map(spec.fields.map((f) => [f.name, f])); fieldMaps.set(spec, m); }
  return m;
}
