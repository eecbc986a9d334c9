/**
 * Where a table closes objects below its top level (records/beyondTables.ts MemberNode): what a game newer than
 * the tables is learned from inside its definitions. Read from the same specs the validation walks
 * (schema/validate.ts: an object spec not `open` reports a member it does not list as `unknown-field`).
 */
import type { MemberNode } from '../records/beyondTables';
import type { FieldSpec, TypeSpec } from './types';
import type { GeneratedTable } from './generated';
import { parsePath, type PathSegment } from './memberPaths';

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

/**
 * The part of a generated table the nodes of its schema are found from (nestedMembersOfFields), given the paths
 * (`sites`, in the tables' syntax) where its readings close an object: the members on the way to each site and
 * to each dialogue container it writes (`containers`: their names, when the version's dialogue language, which
 * may close objects, gives their specs), every member of an object on the way (a closed one lists them), and
 * nothing below the others: a member no site is below holds no closed object, whatever its value is made of.
 * Reading the whole table (mapgen's 450 paths, its whole schema) cost a start 7-10 ms before its loop.
 */
export function tableOnTheWay(table: GeneratedTable, sites: readonly string[], containers: ReadonlySet<string> | undefined): GeneratedTable {
  const onTheWay = new Set<string>(['']);
  const addSite = (segments: readonly PathSegment[], length: number): void => {
    let key = '';
    for (let k = 0; k < length; k++) onTheWay.add(key += segmentKey(segments[k]));
  };
  for (const site of sites) { const segments = parsePath(site); addSite(segments, segments.length); }
  const parsed = Object.keys(table.m).map((p) => ({ p, segments: parsePath(p) }));
  if (containers) {
    for (const { segments } of parsed) {
      const at = segments.findIndex((s) => 'name' in s && containers.has(s.name));
      if (at >= 0) addSite(segments, at + 1);
    }
  }
  const m: Record<string, string> = {};
  for (const { p, segments } of parsed) {
    let parent = '';
    for (let k = 0; k < segments.length - 1; k++) parent += segmentKey(segments[k]);
    if (onTheWay.has(parent)) m[p] = table.m[p];
  }
  return { ...table, m };
}

/** A path segment as a key (a path's: its segments' joined). */
function segmentKey(s: PathSegment): string {
  return 'name' in s ? `.${JSON.stringify(s.name)}` : 'element' in s ? '[]' : 'position' in s ? `[${s.position}]` : '*';
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
