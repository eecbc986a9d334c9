/**
 * Where a table closes objects below its top level (records/beyondTables.ts MemberNode): what a game newer than
 * the tables is learned from inside its definitions. Read from the same specs the validation walks
 * (schema/validate.ts: an object spec not `open` reports a member it does not list as `unknown-field`).
 */
import type { MemberNode } from '../records/beyondTables';
import type { FieldSpec, TypeSpec } from './types';

/** What was made of each spec (undefined: no closed object below it), and of each pair of nodes merged. */
interface Made {
  readonly specs: Map<TypeSpec, MemberNode | undefined>;
  readonly merged: Map<MemberNode, Map<MemberNode, MemberNode>>;
}

/** The node of a top level with these members; undefined when no closed object is below them. */
export function nestedMembersOfFields(fields: readonly FieldSpec[]): MemberNode | undefined {
  return namedNode(fields, { specs: new Map(), merged: new Map() });
}

/** Whether a closed object is below or at this spec (a refinement that may close one: see registry.ts nestedMembersOf). */
export function specClosesAnObject(spec: TypeSpec): boolean {
  return nodeOf(spec, { specs: new Map(), merged: new Map() }) !== undefined;
}

function namedNode(fields: readonly FieldSpec[], made: Made): MemberNode | undefined {
  let named: Map<string, MemberNode> | undefined;
  for (const f of fields) {
    const child = nodeOf(f.type, made);
    // A later field of the same name wins, as in the compiled spec (compiledSpec.ts).
    if (child !== undefined) (named ??= new Map()).set(f.name, child);
    else named?.delete(f.name);
  }
  return named && { named };
}

function nodeOf(spec: TypeSpec, made: Made): MemberNode | undefined {
  if (made.specs.has(spec)) return made.specs.get(spec);
  // Kept before its parts: a table may refer to itself (a cycle then, taken as holding a closed object).
  const node: MemberNode = {};
  made.specs.set(spec, node);
  let out: MemberNode | undefined = node;
  switch (spec.kind) {
    case 'object': {
      const below = namedNode(spec.fields, made);
      if (below) node.named = below.named;
      if (spec.open !== true) node.known = new Set([...spec.fields.map((f) => f.name), ...(spec.removed ?? []).map((r) => r.name)]);
      else if (!below) out = undefined;
      break;
    }
    case 'array':
      node.element = nodeOf(spec.of, made);
      if (!node.element) out = undefined;
      break;
    case 'tuple': {
      const positions = spec.items.map((item) => nodeOf(item, made));
      if (positions.some((p) => p !== undefined)) node.positions = positions; else out = undefined;
      break;
    }
    case 'map':
      node.mapValue = nodeOf(spec.value, made);
      if (!node.mapValue) out = undefined;
      break;
    case 'union': {
      let merged: MemberNode | undefined;
      for (const option of spec.options) {
        const n = nodeOf(option, made);
        if (n) merged = merged ? merge(merged, n, made) : n;
      }
      if (merged) Object.assign(node, merged); else out = undefined;
      break;
    }
    default:
      out = undefined;
  }
  made.specs.set(spec, out);
  return out;
}

/** The options of a union as one node: a member any option lists is known, each place's nodes merged alike. */
function merge(a: MemberNode, b: MemberNode, made: Made): MemberNode {
  if (a === b) return a;
  const done = made.merged.get(a)?.get(b);
  if (done) return done;
  const out: MemberNode = {};
  let byA = made.merged.get(a);
  if (!byA) made.merged.set(a, byA = new Map());
  byA.set(b, out);
  const both = (x: MemberNode | undefined, y: MemberNode | undefined): MemberNode | undefined => (x && y ? merge(x, y, made) : x ?? y);
  if (a.known || b.known) out.known = new Set([...(a.known ?? []), ...(b.known ?? [])]);
  if (a.named || b.named) {
    out.named = new Map(a.named);
    for (const [name, n] of b.named ?? []) out.named.set(name, both(out.named.get(name), n)!);
  }
  out.mapValue = both(a.mapValue, b.mapValue);
  out.element = both(a.element, b.element);
  if (a.positions || b.positions) {
    const length = Math.max(a.positions?.length ?? 0, b.positions?.length ?? 0);
    out.positions = Array.from({ length }, (_, i) => both(a.positions?.[i], b.positions?.[i]));
  }
  for (const k of ['mapValue', 'element', 'positions'] as const) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * The closed objects below the top level of a version's tables (MemberNodes, by JSON type) as plain data: the nodes
 * in one list, each naming the others by their place in it (a table may refer to itself: an item group's entries).
 * See GameVersion.closedMembers.
 */
export interface ClosedMembersData {
  /** JSON type -> the place of its top level's node. */
  readonly types: Readonly<Record<string, number>>;
  readonly nodes: readonly ClosedNodeData[];
}

/** A MemberNode: `known`, `named` (member name, node), `mapValue`, `element`, `positions` (null: none there). */
export interface ClosedNodeData {
  readonly known?: readonly string[];
  readonly named?: readonly (readonly [string, number])[];
  readonly mapValue?: number;
  readonly element?: number;
  readonly positions?: readonly (number | null)[];
}

/** The nodes of `byType` as data (see ClosedMembersData). */
export function closedMembersData(byType: ReadonlyMap<string, MemberNode>): ClosedMembersData {
  const places = new Map<MemberNode, number>();
  const nodes: ClosedNodeData[] = [];
  const placeOf = (node: MemberNode): number => {
    const known = places.get(node);
    if (known !== undefined) return known;
    const at = nodes.length;
    places.set(node, at);
    nodes.push({});
    const data: { -readonly [K in keyof ClosedNodeData]: ClosedNodeData[K] } = {};
    if (node.known) data.known = [...node.known].sort();
    if (node.named) data.named = [...node.named].map(([name, child]) => [name, placeOf(child)] as const);
    if (node.mapValue) data.mapValue = placeOf(node.mapValue);
    if (node.element) data.element = placeOf(node.element);
    if (node.positions) data.positions = node.positions.map((p) => (p ? placeOf(p) : null));
    nodes[at] = data;
    return at;
  };
  const types: Record<string, number> = {};
  for (const [type, node] of [...byType].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) types[type] = placeOf(node);
  return { types, nodes };
}

/** The nodes back, by JSON type (shared and cyclic as they were). */
export function closedMembersFrom(data: ClosedMembersData): Map<string, MemberNode> {
  const nodes: MemberNode[] = data.nodes.map(() => ({}));
  data.nodes.forEach((d, k) => {
    const node = nodes[k];
    if (d.known) node.known = new Set(d.known);
    if (d.named) node.named = new Map(d.named.map(([name, at]) => [name, nodes[at]]));
    if (d.mapValue !== undefined) node.mapValue = nodes[d.mapValue];
    if (d.element !== undefined) node.element = nodes[d.element];
    if (d.positions) node.positions = d.positions.map((at) => (at === null ? undefined : nodes[at]));
  });
  return new Map(Object.entries(data.types).map(([type, at]) => [type, nodes[at]]));
}
