/**
 * What a game's own data uses that the version's tables do not know: a game folder newer than the committed
 * tables (a later experimental) has definition types and members they lack. Learned while the game's files are
 * indexed (workspace/gameUsage.ts), kept in the disk cache, so that a mod written for that game is not flagged for
 * what the game itself uses. No imports but plain helpers: the read-ahead thread learns too.
 *
 * An entry is a type the tables do not know (`"mod_tileset"`), or a type and the path of a member its table lacks,
 * joined by MEMBER_SEPARATOR: a top-level member (`"ITEM\tnew_member"`), or one inside an object a generated
 * table closes (`"mapgen\tobject.new_member"`, `"terrain\tbash.new_member"`; see KindRegistry.nestedMembersOf), in
 * the tables' path syntax (schema/generated.ts parsePath): a member learned inside an object is accepted there only.
 */
import { isCommentKey, isEditMemberName } from '../schema/memberKeys';
import { MAX_NESTING } from '../syntax/nesting';

/** What the tables know: the types, and each type's top-level members (see KindRegistry.tableMembersOf). */
export interface TableMembers {
  /** Whether the tables say what the game does with the type (see KindRegistry.knowsType). */
  knowsType(type: string): boolean;
  /** Undefined: the type has no table (its members are not checked, so none is learned). */
  tableMembersOf(type: string): ReadonlySet<string> | undefined;
  /** The objects below the top level its table closes (see MemberNode); undefined: none (all open). */
  nestedMembersOf(type: string): MemberNode | undefined;
}

/**
 * Where a table closes objects below the top level (a member it does not list is `unknown-field` there): the
 * table's values as a tree, kept only along the paths that lead to a closed object. The node of the top level
 * has no `known` (tableMembersOf says it). A table that refers to itself (an item group's entries) makes a cycle.
 * Plain data (Maps and Sets, which the read-ahead thread's task clones, cycles too).
 */
export interface MemberNode {
  /** Closed objects here: the members the table lists (undefined: open, or no object here). */
  known?: ReadonlySet<string>;
  /** The members' values (`.name`). */
  named?: Map<string, MemberNode>;
  /** A map's values (`.*`: any key that is not a member of `named`). */
  mapValue?: MemberNode;
  /** An array's elements (`[]`). */
  element?: MemberNode;
  /** A tuple's positions (`[n]`), when it is no array of like elements. */
  positions?: (MemberNode | undefined)[];
}

/** The same as plain data, for the read-ahead thread. */
export interface TableMembersData {
  readonly types: readonly string[];
  readonly members: Readonly<Record<string, readonly string[]>>;
  readonly nested: Readonly<Record<string, MemberNode>>;
}

export const MEMBER_SEPARATOR = '\t';

/** A member name as a path segment: as it is, or quoted where the path syntax would misread it (`["a.b"]`). */
function segment(name: string): string {
  return name !== '' && !/[.[\]"]/.test(name) && name[0] !== '*' ? name : `[${JSON.stringify(name)}]`;
}

/** `path` (a path in the tables' syntax, empty for the top level) followed by member `name`. */
function memberPath(path: string, name: string): string {
  return joined(path, segment(name));
}

/** The node below `node` that a member `name` of an object at it leads to (its own, else a map's value). */
function memberChild(node: MemberNode, name: string): { readonly child: MemberNode; readonly path: string } | undefined {
  const own = node.named?.get(name);
  if (own !== undefined) return { child: own, path: segment(name) };
  return node.mapValue !== undefined ? { child: node.mapValue, path: '*' } : undefined;
}

/** The node below `node` that element `i` of an array at it leads to. */
function elementChild(node: MemberNode, i: number): { readonly child: MemberNode; readonly path: string } | undefined {
  if (node.element !== undefined) return { child: node.element, path: '[]' };
  const at = node.positions?.[i];
  return at !== undefined ? { child: at, path: `[${i}]` } : undefined;
}

/** `path` followed by one step (`name`, `*`, `[]`, `[n]`, `["a.b"]`). */
function joined(path: string, step: string): string {
  return path === '' || step[0] === '[' ? path + step : `${path}.${step}`;
}

/**
 * The path in the tables' syntax of a member at JSON path `at` (member names and array indices, the member last)
 * of a definition of `type`: each map key written `*`, each array element `[]` as the table has it. Undefined
 * where the table has no closed object on the way (nothing is learned there).
 */
export function tablePathOf(tables: Pick<TableMembers, 'nestedMembersOf'>, type: string, at: readonly (string | number)[]): string | undefined {
  if (at.length === 0 || typeof at[at.length - 1] !== 'string') return undefined;
  let node = at.length > 1 ? tables.nestedMembersOf(type) : undefined;
  let path = '';
  for (let k = 0; k < at.length - 1; k++) {
    if (node === undefined) return undefined;
    const s = at[k];
    const next = typeof s === 'number' ? elementChild(node, s) : memberChild(node, s);
    if (next === undefined) return undefined;
    node = next.child;
    path = joined(path, next.path);
  }
  return memberPath(path, at[at.length - 1] as string);
}

/** What learnBeyondTables asks the tables of a type. */
interface TypeTables {
  readonly knowsType: boolean;
  /** Undefined: the type has no table, or is not known. */
  readonly members: ReadonlySet<string> | undefined;
  /** Asked only of a type with a table. */
  readonly nested: MemberNode | undefined;
}

/** Each tables' answers by type, asked once per type: a load learns from every definition (0.F: 43,665 of 125 types). */
const typeTablesOf = new WeakMap<TableMembers, Map<string, TypeTables>>();
let lastTables: TableMembers | undefined;
let lastByType: Map<string, TypeTables> | undefined;

function typeTables(tables: TableMembers, type: string): TypeTables {
  if (tables !== lastTables) {
    lastByType = typeTablesOf.get(tables);
    if (lastByType === undefined) typeTablesOf.set(tables, (lastByType = new Map()));
    lastTables = tables;
  }
  let t = lastByType!.get(type);
  if (t === undefined) {
    const knowsType = tables.knowsType(type);
    const members = knowsType ? tables.tableMembersOf(type) : undefined;
    t = { knowsType, members, nested: members !== undefined ? tables.nestedMembersOf(type) : undefined };
    lastByType!.set(type, t);
  }
  return t;
}

/** Adds to `into` what the object `o` (a definition, whole) uses beyond the tables. */
export function learnBeyondTables(o: Record<string, unknown>, tables: TableMembers, into: Set<string>): void {
  const type = o.type;
  if (typeof type !== 'string') return;
  const { knowsType, members: known, nested } = typeTables(tables, type);
  if (!knowsType) { into.add(type); return; }
  if (known === undefined) return;
  // `for in`, not Object.keys: the keys of JSON.parse's objects of one shape are listed once, on their shape; Object.keys
  // copies the list for every object (13 MB while the current game loads).
  for (const key in o) {
    if (!known.has(key) && !isCommentKey(key) && !isEditMemberName(key)) into.add(type + MEMBER_SEPARATOR + memberPath('', key));
  }
  // Below the top level, only where the table closes an object: most types have none, the walk follows no value.
  if (nested !== undefined) learnMembers(o, nested, '', type + MEMBER_SEPARATOR, into, 0);
}

/** Learns below `node` (the top level's node: its members' values only) what the value `v` uses beyond the table. */
function learnMembers(v: unknown, node: MemberNode, path: string, prefix: string, into: Set<string>, depth: number): void {
  if (v === null || typeof v !== 'object' || depth > MAX_NESTING) return;
  if (Array.isArray(v)) {
    if (node.element === undefined && node.positions === undefined) return;
    for (let i = 0; i < v.length; i++) {
      const next = elementChild(node, i);
      if (next !== undefined) learnMembers(v[i], next.child, joined(path, next.path), prefix, into, depth + 1);
    }
    return;
  }
  const o = v as Record<string, unknown>;
  const known = depth > 0 ? node.known : undefined;
  if (known === undefined && node.named === undefined && node.mapValue === undefined) return;
  for (const key in o) {
    if (isCommentKey(key)) continue;
    if (known !== undefined && !known.has(key) && !isEditMemberName(key)) { into.add(prefix + memberPath(path, key)); continue; }
    const next = memberChild(node, key);
    if (next !== undefined) learnMembers(o[key], next.child, joined(path, next.path), prefix, into, depth + 1);
  }
}

/** What the tables know, as plain data: the types of `types` (those they know: see knowsType) and their members. */
export function tableMembersData(tables: TableMembers, types: Iterable<string>): TableMembersData {
  const known: string[] = [];
  const members: Record<string, readonly string[]> = {};
  const nested: Record<string, MemberNode> = {};
  for (const t of types) {
    if (!tables.knowsType(t)) continue;
    known.push(t);
    const m = tables.tableMembersOf(t);
    if (m) members[t] = [...m];
    const n = tables.nestedMembersOf(t);
    if (n) nested[t] = n;
  }
  return { types: known, members, nested };
}

/** The plain data back (on the read-ahead thread). */
export function tableMembersFrom(data: TableMembersData): TableMembers {
  const types = new Set(data.types);
  const members = new Map(Object.entries(data.members).map(([t, m]) => [t, new Set(m)]));
  const nested = new Map(Object.entries(data.nested));
  return { knowsType: (t) => types.has(t), tableMembersOf: (t) => members.get(t), nestedMembersOf: (t) => nested.get(t) };
}
