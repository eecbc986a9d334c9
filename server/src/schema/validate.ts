/**
 * Walks a JSON value along its TypeSpec, once, reporting shape problems (types, value sets, ranges, units,
 * unknown members) and the references it meets. The same walk serves the checks and the reference index.
 */
import type { JsonPath, Part } from '../syntax/locate';
import type { FieldSpec, Migration, NumberSpec, ObjectSpec, RemovedMember, SiblingRef, StringSpec, TypeSpec, UnionSpec, UnseenMembers } from './types';
import { siblingKinds, siblingRefOf } from './types';
import { FORMAT_NAMES, checkQuantity, consoleWidth, isKnownFine } from './units';
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
  /**
   * Another kind the same string may name, after the reference of its own kind at the same path (see SiblingRef:
   * a spell summoning a monster or a monster group): found by find references and rename; the unknown-id check
   * judges the string once, by its own kind and these.
   */
  readonly alternative?: true;
}

export interface ValueSink {
  problem(p: ValueProblem): void;
  reference(r: FoundReference): void;
  /**
   * A reference given as the walk's own path stack (the sink copies what it keeps), when the sink can take it
   * so: the walk then makes no object for it (references are most of what the walk finds).
   */
  referenceAt?(path: readonly (string | number)[], kind: string, id: string, key: boolean, weak: boolean, alternative?: boolean): void;
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
    case 'string': return spec.format && spec.format !== 'symbol' ? FORMAT_NAMES[spec.format] : 'a string';
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

/**
 * The JSON type of a value, as the specs tell values apart: string, integer, other number (a fraction, or a
 * number out of range), boolean, array, object, null, anything else.
 */
const enum Category { String, Integer, Fraction, Boolean, Array, Object, Null, Other }
const CATEGORIES = 8;

function categoryOf(v: unknown): Category {
  // Tests of `typeof` against constants, which compile to type checks (a switch over `typeof` compares strings).
  if (typeof v === 'string') return Category.String;
  if (typeof v === 'object') return v === null ? Category.Null : Array.isArray(v) ? Category.Array : Category.Object;
  if (typeof v === 'number') return Number.isInteger(v) ? Category.Integer : Category.Fraction;
  if (typeof v === 'boolean') return Category.Boolean;
  return Category.Other;
}

/**
 * A spec's kind as a small integer: the walk switches on it for every value of the game's data, and a switch
 * over integers is a jump, where one over strings compares them in turn.
 */
const enum Shape { Any, String, Integer, Number, Boolean, Array, Tuple, Map, Object, Union }

const SHAPES: Readonly<Record<TypeSpec['kind'], Shape>> = {
  any: Shape.Any, string: Shape.String, integer: Shape.Integer, number: Shape.Number, boolean: Shape.Boolean,
  array: Shape.Array, tuple: Shape.Tuple, map: Shape.Map, object: Shape.Object, union: Shape.Union,
};

/** The categories whose values match a spec's JSON type, as bits (a union's: its options'). */
function maskOf(node: SpecNode): number {
  switch (node.kind) {
    case 'string': return 1 << Category.String;
    case 'integer': return 1 << Category.Integer;
    case 'number': return (1 << Category.Integer) | (1 << Category.Fraction);
    case 'boolean': return 1 << Category.Boolean;
    case 'array': case 'tuple': return 1 << Category.Array;
    case 'object': case 'map': return 1 << Category.Object;
    case 'union': return node.options.reduce((m, o) => m | o.mask, 0);
    case 'any': return (1 << CATEGORIES) - 1;
  }
}

/**
 * Collects into arrays, to compare alternatives of a union before reporting the best fit. Only the number of
 * problems decides: where wording a problem costs a search ("did you mean") or long messages, an alternative's
 * walk counts it (COUNTED) instead, and the best alternative, when it has problems, is walked again into the
 * real sink (see the union case of walk).
 */
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

/** A problem an alternative of a union has, counted but not worded (see BufferSink). */
const COUNTED: ValueProblem = { code: 'invalid-value', severity: 'error', path: [], part: 'value', message: '' };

// SpecNode's defaults, shared: tens of thousands of nodes are compiled, each of one kind.
const NO_CATEGORIES: readonly (readonly SpecNode[])[] = [];
const NO_NODES: readonly SpecNode[] = [];
const NO_FIELDS: ReadonlyMap<string, CompiledField> = new Map();
const NO_NAMES: readonly string[] = [];
const NO_FIELD_SPECS: readonly FieldSpec[] = [];

/** A member of an object spec with its compiled type. */
interface CompiledField {
  readonly field: FieldSpec;
  readonly node: SpecNode;
  /** Its string value names a definition of the kind a sibling selects (see SiblingRef). */
  readonly refBy: SiblingRef | undefined;
}

/**
 * A TypeSpec compiled for the walk: every spec, whatever its kind, as an object of one class (the walk reads
 * its properties over every value of the game's data: one shape keeps those reads cheap), with what the walk
 * derives from it computed once (value sets, member maps, the options of a union per JSON type).
 */
class SpecNode {
  // string
  values: readonly string[] | undefined = undefined;
  valueSet: ReadonlySet<string> | undefined = undefined;
  ref: string | undefined = undefined;
  weakRef = false;
  variants = false;
  format: StringSpec['format'] = undefined;
  unitStyle = true;
  gameRejects: string | undefined = undefined;
  rejectedValues: Readonly<Record<string, string>> | undefined = undefined;
  // integer, number
  min: number | undefined = undefined;
  max: number | undefined = undefined;
  // array, tuple, map
  of: SpecNode | undefined = undefined;
  minItems: number | undefined = undefined;
  maxItems: number | undefined = undefined;
  items: readonly SpecNode[] = NO_NODES;
  required = 0;
  open = false;
  keyAlso: readonly string[] | undefined = undefined;
  // object
  fields: ReadonlyMap<string, CompiledField> = NO_FIELDS;
  fieldNames: readonly string[] = NO_NAMES;
  requiredFields: readonly FieldSpec[] = NO_FIELD_SPECS;
  namedRefs: ReadonlyMap<string, SiblingRef> | undefined = undefined;
  // union
  options: readonly SpecNode[] = NO_NODES;
  /** Per Category, the options a value of it matches (in the union's order), found when first needed. */
  byCategory: readonly (readonly SpecNode[])[] = NO_CATEGORIES;
  /** The categories this spec's JSON type matches (see maskOf). */
  mask = 0;
  readonly shape: Shape;
  constructor(readonly kind: TypeSpec['kind'], readonly spec: TypeSpec) {
    this.shape = SHAPES[kind];
  }
}

/**
 * Where a spec keeps its compiled node: a hidden (symbol-named, non-enumerable) member of the spec itself. A
 * WeakMap of the tens of thousands of specs of the generated tables was slow to fill, and its entries are
 * costly to the garbage collector; a spec that cannot take the member (frozen) goes to the WeakMap.
 */
const COMPILED = Symbol('compiled');
const compiledFrozen = new WeakMap<TypeSpec, SpecNode>();

function compiledNode(spec: TypeSpec): SpecNode | undefined {
  return (spec as { [COMPILED]?: SpecNode })[COMPILED] ?? compiledFrozen.get(spec);
}

function keepCompiled(spec: TypeSpec, node: SpecNode): void {
  if (Object.isExtensible(spec)) Object.defineProperty(spec, COMPILED, { value: node });
  else compiledFrozen.set(spec, node);
}

/** Long value sets as Sets, one per list (the reviewed rules give one list, colors..., to many members). */
const valueSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function valueSetOf(values: readonly string[]): ReadonlySet<string> {
  let set = valueSets.get(values);
  if (!set) { set = new Set(values); valueSets.set(values, set); }
  return set;
}

function compile(spec: TypeSpec): SpecNode {
  let node = compiledNode(spec);
  if (node) return node;
  node = new SpecNode(spec.kind, spec);
  // Cached before its parts: a table may refer to itself.
  keepCompiled(spec, node);
  switch (spec.kind) {
    case 'string':
      node.values = spec.values;
      // Long closed sets (flags, body parts...) as Sets.
      if (spec.values && spec.values.length >= 16) node.valueSet = valueSetOf(spec.values);
      node.ref = spec.ref;
      node.weakRef = spec.weakRef === true;
      node.variants = spec.variants === true;
      node.format = spec.format;
      node.unitStyle = spec.unitStyle !== false;
      node.gameRejects = spec.gameRejects;
      node.rejectedValues = spec.rejectedValues;
      break;
    case 'integer': case 'number':
      node.min = spec.min;
      node.max = spec.max;
      break;
    case 'array':
      node.of = compile(spec.of);
      node.minItems = spec.minItems;
      node.maxItems = spec.maxItems;
      break;
    case 'tuple':
      node.items = spec.items.map(compile);
      node.required = spec.required ?? spec.items.length;
      node.open = spec.open === true;
      break;
    case 'map':
      node.ref = spec.key.ref;
      node.keyAlso = spec.keyAlso;
      node.of = compile(spec.value);
      break;
    case 'object': {
      // A later field of the same name wins, as in a Map built from the list.
      const fields = new Map<string, CompiledField>();
      for (const f of spec.fields) fields.set(f.name, { field: f, node: compile(f.type), refBy: siblingRefOf(f.type) });
      node.fields = fields;
      node.fieldNames = [...fields.keys()];
      node.requiredFields = spec.fields.filter((f) => f.required);
      node.open = spec.open === true;
      node.namedRefs = spec.namedRefs;
      break;
    }
    case 'union':
      node.options = spec.options.map(compile);
      break;
    case 'any':
      node.namedRefs = spec.namedRefs;
      break;
  }
  node.mask = maskOf(node);
  return node;
}

/**
 * The options of a union that a value of category `c` matches. Found for every category at the first value
 * (not when compiled: the options of a table that refers to itself may not have their masks yet).
 */
function optionsFor(node: SpecNode, c: Category): readonly SpecNode[] {
  if (node.byCategory.length === 0) node.byCategory = categoryOptions(node);
  return node.byCategory[c];
}

// The closures of the walk's functions live in helpers like this one: a closure in a function that runs per
// value makes each of its calls allocate a context for what the closure captures.
function categoryOptions(node: SpecNode): (readonly SpecNode[])[] {
  return Array.from({ length: CATEGORIES }, (_, c) => node.options.filter((o) => (maskNow(o) & (1 << c)) !== 0));
}

/**
 * A node's categories once every node is compiled: a union compiled inside a cycle kept the mask its options had
 * then, without those still being compiled (the dialogue language's condition union, first reached through an
 * effect, lacked its object: a recipe's result_eocs written in place was "expected ... an object").
 */
function maskNow(node: SpecNode, depth = 0): number {
  if (node.kind !== 'union') return maskOf(node);
  return depth > 16 ? node.mask : node.options.reduce((m, o) => m | maskNow(o, depth + 1), 0);
}

function wrongType(value: unknown, spec: TypeSpec, path: (string | number)[], sink: ValueSink): void {
  if (sink instanceof BufferSink) return sink.problem(COUNTED);
  sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" is ${show(value)} (${jsonTypeName(value)}); expected ${describeType(spec)}` });
}

/** A number out of range (`1e309`, read as Infinity) is reported on the text (checks/definitionText.ts), nowhere else. */
function isOutOfRange(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}

/**
 * `path` is the walk's own stack (pushed and popped as it descends); reports get copies. Labels are built only
 * when something is reported: this walk runs over every checked definition (every value of the game's data),
 * so the common path allocates nothing but the references it reports.
 */
export function validateValue(value: unknown, spec: TypeSpec, path: (string | number)[], sink: ValueSink): void {
  walk(value, compile(spec), path, sink);
}

/** The label of a path, made when asked for (a function of its own: see matchingOptions). */
function labelOf(path: readonly (string | number)[]): () => string {
  return () => `"${pathLabel(path)}"`;
}

function walk(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  // The walk follows the table, which is shallow; the limit guards against a table that refers to itself.
  if (path.length > MAX_NESTING) return;
  // The common case of a union, one option of the value's JSON type, is that option: walked here, straight into
  // the sink (every value of a generated table is a union's: no second call, no buffers to throw away).
  while (node.shape === Shape.Union) {
    const candidates = optionsFor(node, categoryOf(value));
    if (candidates.length !== 1) return walkUnion(value, node, candidates, path, sink);
    node = candidates[0];
  }
  switch (node.shape) {
    case Shape.Any:
      if (node.namedRefs !== undefined) namedReferencesIn(value, node.namedRefs, path, sink);
      return;
    case Shape.String: {
      if (typeof value !== 'string') { if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink); return; }
      const values = node.values;
      if (values !== undefined && !(node.valueSet !== undefined ? node.valueSet.has(value) : values.includes(value))) {
        if (sink instanceof BufferSink) sink.problem(COUNTED);
        else reportNotInSet(value, values, node, path, sink);
      }
      const rejected = (node.rejectedValues !== undefined && Object.hasOwn(node.rejectedValues, value) ? node.rejectedValues[value] : undefined) ?? node.gameRejects;
      if (rejected) gameRejects(sink, path.slice(), 'value', `"${pathLabel(path)}": ${show(value)}`, rejected);
      const format = node.format;
      if (format === 'symbol') {
        const w = consoleWidth(value);
        if (w !== 1) sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}": ${show(value)} is ${w} console cells wide; a symbol must be exactly one cell wide` });
      } else if (format !== undefined && !isKnownFine(value, format, node.unitStyle)) {
        const p = checkQuantity(value, format, labelOf(path), node.unitStyle);
        // A quantity a larger unit states exactly is a style hint (`unit-style`), apart from real unit errors.
        if (p) sink.problem({ code: p.severity === 'hint' ? 'unit-style' : 'bad-unit', severity: p.severity, path: path.slice(), part: 'value', message: p.message, fixes: p.fix ? [{ kind: 'replaceValue', text: p.fix }] : undefined });
      }
      if (node.ref !== undefined && !namesNothing(value)) {
        const id = node.variants ? withoutVariant(value) : value;
        if (sink.referenceAt !== undefined) sink.referenceAt(path, node.ref, id, false, node.weakRef);
        else sink.reference(node.weakRef ? { path: path.slice(), kind: node.ref, id, weak: true } : { path: path.slice(), kind: node.ref, id });
      }
      return;
    }
    case Shape.Integer:
    case Shape.Number: {
      if (typeof value !== 'number' || (node.shape === Shape.Integer && !Number.isInteger(value))) { if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink); return; }
      if (isOutOfRange(value)) return;
      if ((node.min !== undefined && value < node.min) || (node.max !== undefined && value > node.max)) {
        const spec = node.spec as NumberSpec;
        const range = spec.min !== undefined && spec.max !== undefined ? `from ${spec.min} to ${spec.max}` : spec.min !== undefined ? `at least ${spec.min}` : `at most ${spec.max}`;
        sink.problem({ code: 'invalid-value', severity: spec.rangeSeverity ?? 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" is ${value}; expected ${range}` });
      }
      return;
    }
    case Shape.Boolean:
      if (typeof value !== 'boolean' && !isOutOfRange(value)) wrongType(value, node.spec, path, sink);
      return;
    case Shape.Array: {
      if (!Array.isArray(value)) { if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink); return; }
      if ((node.minItems !== undefined && value.length < node.minItems) || (node.maxItems !== undefined && value.length > node.maxItems)) {
        const want = node.minItems === node.maxItems ? `exactly ${node.minItems}` : node.maxItems === undefined ? `at least ${node.minItems}` : `${node.minItems ?? 0} to ${node.maxItems}`;
        sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" has ${value.length} entries; expected ${want}` });
      }
      const of = node.of!;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        walk(value[i], of, path, sink);
        path.pop();
      }
      return;
    }
    case Shape.Tuple: {
      if (!Array.isArray(value)) { if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink); return; }
      const items = node.items;
      if (value.length < node.required || (!node.open && value.length > items.length)) {
        const want = node.required === items.length ? `${node.required}` : `${node.required} to ${items.length}`;
        sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" has ${value.length} elements; expected ${want}: ${describeType(node.spec)}` });
      }
      for (let i = 0; i < value.length && i < items.length; i++) {
        path.push(i);
        walk(value[i], items[i], path, sink);
        path.pop();
      }
      return;
    }
    case Shape.Map: {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) { if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink); return; }
      const o = value as Record<string, unknown>;
      const keyRef = node.ref, of = node.of!;
      enclosing.push(o);
      try {
        for (const k in o) {
          if (isCommentKey(k)) continue;
          path.push(k);
          if (keyRef !== undefined && !node.keyAlso?.includes(k)) {
            if (sink.referenceAt !== undefined) sink.referenceAt(path, keyRef, k, true, false);
            else sink.reference({ path: path.slice(), kind: keyRef, id: k, key: true });
          }
          walk(o[k], of, path, sink);
          path.pop();
        }
      } finally {
        enclosing.pop();
      }
      return;
    }
    case Shape.Object: {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) { if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink); return; }
      walkMembers(value as Record<string, unknown>, node, path, sink, undefined);
      return;
    }
  }
}

/** A value of a union that no option, or several, of its JSON type take: the best fitting option is reported. */
function walkUnion(value: unknown, node: SpecNode, candidates: readonly SpecNode[], path: (string | number)[], sink: ValueSink): void {
  if (isOutOfRange(value)) return;
  if (candidates.length === 0) {
    const spec = node.spec as UnionSpec;
    if (spec.mismatch !== 'warning') return wrongType(value, spec, path, sink);
    sink.problem({ code: 'invalid-value', severity: 'warning', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" is ${show(value)} (${jsonTypeName(value)}); the game's data only writes ${describeType(spec)} here` });
    return;
  }
  let best: BufferSink | undefined, bestNode = candidates[0];
  for (let k = 0; k < candidates.length; k++) {
    const buf = new BufferSink();
    walk(value, candidates[k], path, buf);
    if (!best || buf.problems.length < best.problems.length) { best = buf; bestNode = candidates[k]; }
    if (buf.problems.length === 0) break;
  }
  // The alternatives' problems were counted, not all worded: the best one is walked again to report them.
  if (best!.problems.length === 0 || sink instanceof BufferSink) best!.replay(sink);
  else walk(value, bestNode, path, sink);
}

/** A string outside its spec's closed set, with the nearest value of the set. */
function reportNotInSet(value: string, values: readonly string[], node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const near = closest(value, values);
  sink.problem({
    code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
    message: (node.spec as StringSpec).valuesTitle
      ? `"${pathLabel(path)}": ${show(value)} is not ${(node.spec as StringSpec).valuesTitle} the game knows${near ? `; did you mean "${near}"?` : ''}`
      : `"${pathLabel(path)}": ${show(value)} is not a valid value; expected ${(node.spec as StringSpec).valuesName ?? `one of ${values.map((x) => `"${x}"`).join(', ')}`}${near ? ` (did you mean "${near}"?)` : ''}`,
    fixes: near ? [{ kind: 'replaceValue', text: near }] : undefined,
  });
}

/** A spec form the game refuses (see FieldSpec.gameRejects). */
function gameRejects(sink: ValueSink, path: JsonPath, part: Part, what: string, says: string): void {
  sink.problem({ code: 'game-rejects', severity: 'warning', path, part, message: `${what}: a spec form the game refuses: ${says}` });
}

/**
 * Members of an object: known ones validated, unknown ones reported with the closest known name. Returns
 * whether some member was one `isExtraMember` accepts (left to the caller).
 */
export function validateMembers(
  o: Record<string, unknown>,
  spec: ObjectSpec,
  path: (string | number)[],
  sink: ValueSink,
  isExtraMember?: (key: string) => boolean,
): boolean {
  return walkMembers(o, compile(spec), path, sink, isExtraMember);
}

/** The id of a string that may name a variant of it (`frame#cross`: `frame`; see StringSpec.variants). */
export function withoutVariant(value: string): string {
  const hash = value.indexOf('#');
  return hash < 0 ? value : value.slice(0, hash);
}

/**
 * An empty or blank id is no reference: the game's data blanks an inherited id so (`"smoking_result": " "` on an
 * item that copies a smokable one).
 */
function namesNothing(id: string): boolean {
  return id === '' || (id.charCodeAt(0) <= 0x20 && id.trim() === '');
}

/**
 * The objects the walk is inside, outermost first (each pushed while its members are walked): where a sibling
 * reference finds the object its selecting member is on (SiblingRef.up).
 */
const enclosing: Readonly<Record<string, unknown>>[] = [];

/** The reference of member `key` of `o`, whose kind a sibling selects (see SiblingRef); `path` ends at the member. */
function siblingReference(o: Readonly<Record<string, unknown>>, key: string, by: SiblingRef, path: (string | number)[], sink: ValueSink): void {
  const value = o[key];
  if (typeof value !== 'string' && !Array.isArray(value)) return;
  const selecting = by.up === undefined ? o : enclosing[enclosing.length - 1 - by.up];
  const kinds = selecting === undefined ? undefined : siblingKinds(by, selecting);
  if (kinds === undefined) return;
  if (typeof value === 'string') { referencesOf(value, kinds, by.none, path, sink); return; }
  // A list of ids, each named alike, alone or weighted (`[ id, weight ]`); objects in it are walked by the
  // member's spec.
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    path.push(i);
    if (typeof entry === 'string') referencesOf(entry, kinds, by.none, path, sink);
    else if (isWeightedId(entry)) { path.push(0); referencesOf(entry[0], kinds, by.none, path, sink); path.pop(); }
    path.pop();
  }
}

/**
 * The references of members named so (`u_has_effect`, `run_eocs`...) at any depth of a value no table spells out
 * (AnySpec.dialogue), as a table's open objects have them at their own level.
 */
function namedReferencesIn(value: unknown, named: ReadonlyMap<string, SiblingRef>, path: (string | number)[], sink: ValueSink): void {
  if (value === null || typeof value !== 'object' || path.length > MAX_NESTING) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      namedReferencesIn(value[i], named, path, sink);
      path.pop();
    }
    return;
  }
  const o = value as Record<string, unknown>;
  enclosing.push(o);
  try {
    for (const key in o) {
      path.push(key);
      const by = named.get(key);
      if (by !== undefined) siblingReference(o, key, by, path, sink);
      namedReferencesIn(o[key], named, path, sink);
      path.pop();
    }
  } finally {
    enclosing.pop();
  }
}

function isWeightedId(entry: unknown): entry is [string, number] {
  return Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'number';
}

/** A string naming one of `kinds` (the first its own, the others its alternatives), unless it is one of `none`. */
function referencesOf(id: string, kinds: readonly string[], none: readonly string[] | undefined, path: (string | number)[], sink: ValueSink): void {
  if (namesNothing(id) || none?.includes(id)) return;
  for (let k = 0; k < kinds.length; k++) {
    if (sink.referenceAt !== undefined) sink.referenceAt(path, kinds[k], id, false, false, k > 0);
    else sink.reference(k > 0 ? { path: path.slice(), kind: kinds[k], id, alternative: true } : { path: path.slice(), kind: kinds[k], id });
  }
}

function walkMembers(o: Record<string, unknown>, node: SpecNode, path: (string | number)[], sink: ValueSink, isExtraMember: ((key: string) => boolean) | undefined): boolean {
  // Mandatory members of nested objects (`upgrades.half_life`...); the top level is checked with inheritance
  // in checks/missingField.ts.
  if (path.length > 0) {
    for (const f of node.requiredFields) {
      if (!(f.name in o)) {
        sink.problem({ code: 'missing-field', severity: 'error', path: path.slice(), part: 'key', message: `"${pathLabel(path)}" is missing its mandatory member "${f.name}"` });
      }
    }
  }
  enclosing.push(o);
  try {
    return walkFields(o, node, path, sink, isExtraMember);
  } finally {
    enclosing.pop();
  }
}

function walkFields(o: Record<string, unknown>, node: SpecNode, path: (string | number)[], sink: ValueSink, isExtraMember: ((key: string) => boolean) | undefined): boolean {
  let extra = false;
  const fields = node.fields;
  for (const key in o) {
    if (isCommentKey(key)) continue;
    const member = fields.get(key);
    if (member !== undefined) {
      if (member.field.gameRejects) gameRejects(sink, [...path, key], 'key', `"${key}"`, member.field.gameRejects);
      path.push(key);
      if (member.refBy !== undefined) siblingReference(o, key, member.refBy, path, sink);
      walk(o[key], member.node, path, sink);
      path.pop();
      continue;
    }
    if (node.open) {
      // A member the table does not list, named so that it is a reference wherever it is written.
      const by = node.namedRefs?.get(key);
      if (by !== undefined) { path.push(key); siblingReference(o, key, by, path, sink); path.pop(); }
      continue;
    }
    if (isExtraMember !== undefined && isExtraMember(key)) { extra = true; continue; }
    const removed = removedMember(node.spec as ObjectSpec, key);
    if (removed) {
      sink.problem({
        code: 'removed-member', severity: 'error', path: [...path, key], part: 'key',
        message: `"${key}"${path.length ? ` in "${pathLabel(path)}"` : ''} is no longer read by this game version; write ${removed.instead} instead`,
        fixes: removed.migration ? [{ kind: 'migrate', migration: removed.migration }] : undefined,
      });
      continue;
    }
    // Only a member the game reads can be no problem (judgeUnknownMember): the others are counted unworded.
    if (sink instanceof BufferSink && (node.spec as ObjectSpec).unseen?.gameReads?.has(key) !== true) { sink.problem(COUNTED); continue; }
    const judged = judgeUnknownMember(key, node.fieldNames, (node.spec as ObjectSpec).unseen, path.length ? ` in "${pathLabel(path)}"` : '');
    if (judged) {
      sink.problem({
        code: 'unknown-field', severity: judged.severity, path: [...path, key], part: 'key', message: judged.message,
        fixes: judged.near ? [{ kind: 'renameKey', to: judged.near }] : undefined,
      });
    }
  }
  return extra;
}

export interface UnknownMemberVerdict {
  readonly severity: 'warning' | 'information';
  readonly message: string;
  /** The known member it is a near miss of. */
  readonly near?: string;
}

/**
 * A member a table lacks (`where`: ` in "path"` below the top level). A hand-written table lists what the game
 * reads: a warning. A table generated from data (`unseen`, see UnseenMembers) lists what the data uses:
 * - a near miss of a known member is a warning with the suggestion, or information when the game reads a
 *   member of that name (somewhere: maybe here, a rare member, maybe not);
 * - else, where the game's names are known, one it never reads is a warning and one it reads is accepted
 *   (rare is not wrong); without them, information (the game may not read it).
 */
export function judgeUnknownMember(key: string, known: Iterable<string>, unseen: UnseenMembers | undefined, where = ''): UnknownMemberVerdict | undefined {
  const near = closest(key, known);
  const reads = unseen?.gameReads?.has(key);
  if (near) {
    // A name the version's data uses elsewhere is no misspelling of the near one (UnseenMembers.namesShown).
    return reads || (reads === undefined && unseen?.namesShown?.has(key) === true)
      ? { severity: 'information', message: `No ${unseen!.type} in the ${unseen!.version} game's data has a member "${key}"${where}, which the game reads elsewhere; did you mean "${near}"?`, near }
      : { severity: 'warning', message: `Unknown member "${key}"${where}; did you mean "${near}"?`, near };
  }
  if (!unseen) return { severity: 'warning', message: `Unknown member "${key}"${where}` };
  if (reads === undefined) return { severity: 'information', message: `No ${unseen.type} in the game's data has a member "${key}"${where}; the game may not read it` };
  return reads ? undefined : { severity: 'warning', message: `Unknown member "${key}"${where}: the ${unseen.version} game reads no member of this name` };
}

function removedMember(spec: ObjectSpec, key: string): RemovedMember | undefined {
  return spec.removed?.find((r) => r.name === key);
}
