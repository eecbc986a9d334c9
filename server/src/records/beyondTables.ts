/**
 * What a game's own data uses that the version's tables do not know: a game folder newer than the committed
 * tables (a later experimental) has definition types and top-level members they lack. Learned while the game's
 * files are indexed (workspace/gameUsage.ts), kept in the disk cache, so that a mod written for that game is not
 * flagged for what the game itself uses. No imports but plain helpers: the read-ahead thread learns too.
 *
 * An entry is a type the tables do not know (`"mod_tileset"`), or a type and a member its table lacks, joined by
 * MEMBER_SEPARATOR (`"ITEM\tnew_member"`).
 */
import { isCommentKey, isEditMemberName } from '../schema/memberKeys';

/** What the tables know: the types, and each type's top-level members (see KindRegistry.tableMembersOf). */
export interface TableMembers {
  /** Whether the tables say what the game does with the type (see KindRegistry.knowsType). */
  knowsType(type: string): boolean;
  /** Undefined: the type has no table (its members are not checked, so none is learned). */
  tableMembersOf(type: string): ReadonlySet<string> | undefined;
}

/** The same as plain data, for the read-ahead thread. */
export interface TableMembersData {
  readonly types: readonly string[];
  readonly members: Readonly<Record<string, readonly string[]>>;
}

export const MEMBER_SEPARATOR = '\t';

/** Adds to `into` what the object `o` (a definition, whole) uses beyond the tables. */
export function learnBeyondTables(o: Record<string, unknown>, tables: TableMembers, into: Set<string>): void {
  const type = o.type;
  if (typeof type !== 'string') return;
  if (!tables.knowsType(type)) { into.add(type); return; }
  const known = tables.tableMembersOf(type);
  if (known === undefined) return;
  // Object.keys: JSON.parse's objects of one shape share their keys' list (faster than `for in` over the game).
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (!known.has(key) && !isCommentKey(key) && !isEditMemberName(key)) into.add(type + MEMBER_SEPARATOR + key);
  }
}

/** What the tables know, as plain data: the types of `types` (those they know: see knowsType) and their members. */
export function tableMembersData(tables: TableMembers, types: Iterable<string>): TableMembersData {
  const known: string[] = [];
  const members: Record<string, readonly string[]> = {};
  for (const t of types) {
    if (!tables.knowsType(t)) continue;
    known.push(t);
    const m = tables.tableMembersOf(t);
    if (m) members[t] = [...m];
  }
  return { types: known, members };
}

/** The plain data back (on the read-ahead thread). */
export function tableMembersFrom(data: TableMembersData): TableMembers {
  const types = new Set(data.types);
  const members = new Map(Object.entries(data.members).map(([t, m]) => [t, new Set(m)]));
  return { knowsType: (t) => types.has(t), tableMembersOf: (t) => members.get(t) };
}
