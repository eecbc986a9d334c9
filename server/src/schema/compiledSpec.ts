/**
 * TypeSpecs compiled for the walk of validate.ts: every spec as an object of one class (SpecNode), with what the
 * walk derives from it computed once (value sets, member maps, the options of a union per JSON type), kept on the
 * spec itself. Values are told apart by Category, specs by Shape: small integers the walk switches on.
 */
import type { FieldSpec, SiblingRef, StringSpec, TypeSpec } from './types';
import type { Basis } from '../basis';
import { siblingRefOf } from './types';

/**
 * The JSON type of a value, as the specs tell values apart: string, integer, other number (a fraction, or a
 * number out of range), boolean, array, object, null, anything else.
 */
export const enum Category { String, Integer, Fraction, Boolean, Array, Object, Null, Other }
export const CATEGORIES = 8;

export function categoryOf(v: unknown): Category {
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
export const enum Shape { Any, String, Integer, Number, Boolean, Array, Tuple, Map, Object, Union }

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

// SpecNode's defaults, shared: tens of thousands of nodes are compiled, each of one kind.
const NO_CATEGORIES: readonly (readonly SpecNode[] | undefined)[] = [];
const NO_NODES: readonly SpecNode[] = [];
const NO_FIELDS: ReadonlyMap<string, CompiledField> = new Map();
const NO_NAMES: readonly string[] = [];
const NO_FIELD_SPECS: readonly FieldSpec[] = [];

/**
 * A member of an object spec with its compiled type, compiled when the walk first reaches the member (see
 * compiledField): a table's members are hundreds, a definition's a few.
 */
export class CompiledField {
  /** Undefined until compiledField. */
  node: SpecNode | undefined = undefined;
  /** Its string value names a definition of the kind a sibling selects (see SiblingRef); set with `node`. */
  refBy: SiblingRef | undefined = undefined;
  /** The field's gameRejects, read here for every member the walk meets (field specs are of many shapes). */
  readonly gameRejects: string | undefined;
  constructor(readonly field: FieldSpec) {
    this.gameRejects = field.gameRejects;
  }
}

/** `member` with its type compiled (the walk reads `node` and `refBy` after this). */
export function compiledField(member: CompiledField): SpecNode {
  if (member.node === undefined) {
    member.refBy = siblingRefOf(member.field.type);
    member.node = compile(member.field.type);
  }
  return member.node;
}

/**
 * A TypeSpec compiled for the walk: every spec, whatever its kind, as an object of one class (the walk reads
 * its properties over every value of the game's data: one shape keeps those reads cheap), with what the walk
 * derives from it computed once (value sets, member maps, the options of a union per JSON type).
 */
export class SpecNode {
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
  /**
   * What the verdicts on a string's (or a map's keys') reference and unit, or on a union's forms, rest on, when not
   * on the table's (StringSpec.basis, UnionSpec.basis).
   */
  basis: Basis | undefined = undefined;
  // union
  options: readonly SpecNode[] = NO_NODES;
  /** Per Category, the options a value of it matches (in the union's order), found when first needed. */
  byCategory: readonly (readonly SpecNode[] | undefined)[] = NO_CATEGORIES;
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

export function compile(spec: TypeSpec): SpecNode {
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
      node.basis = spec.basis;
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
      node.basis = spec.key.basis;
      node.keyAlso = spec.keyAlso;
      node.of = compile(spec.value);
      break;
    case 'object': {
      // A later field of the same name wins, as in a Map built from the list.
      const fields = new Map<string, CompiledField>();
      for (const f of spec.fields) fields.set(f.name, new CompiledField(f));
      node.fields = fields;
      node.fieldNames = [...fields.keys()];
      node.requiredFields = spec.fields.filter((f) => f.required);
      node.open = spec.open === true;
      node.namedRefs = spec.namedRefs;
      break;
    }
    case 'union':
      node.options = spec.options.map(compile);
      node.basis = spec.basis;
      break;
    case 'any':
      node.namedRefs = spec.namedRefs;
      break;
  }
  node.mask = maskOf(node);
  return node;
}

/**
 * The options of a union that a value of category `c` matches. Found at the first value of the category (not when
 * compiled: the options of a table that refers to itself may not have their masks yet).
 */
export function optionsFor(node: SpecNode, c: Category): readonly SpecNode[] {
  return node.byCategory[c] ?? categoryOptions(node, c);
}

/**
 * The options of category `c`, kept on the node. A list of none of the options or all of them is shared (the game's
 * data reaches thousands of unions). A helper of its own: a closure in a function that runs per value makes each of
 * its calls allocate a context for what the closure captures.
 */
function categoryOptions(node: SpecNode, c: Category): readonly SpecNode[] {
  const options = node.options;
  const matching = options.filter((o) => (maskNow(o) & (1 << c)) !== 0);
  const list = matching.length === 0 ? NO_NODES : matching.length === options.length ? options : matching;
  const byCategory: (readonly SpecNode[] | undefined)[] = node.byCategory.length === 0 ? new Array(CATEGORIES) : node.byCategory as (readonly SpecNode[] | undefined)[];
  byCategory[c] = list;
  node.byCategory = byCategory;
  return list;
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
