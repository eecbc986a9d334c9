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
