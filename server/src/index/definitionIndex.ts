/** Every definition by (kind, id). Several records per key are normal: overrides, edits, duplicates. */
import type { DefinitionRecord } from '../records/record';
import { refKey } from './referenceIndex';

const NO_CHILDREN: ReadonlySet<DefinitionRecord> = new Set();
const NO_RECORDS: readonly DefinitionRecord[] = Object.freeze([]);

function addChild(children: Map<string, Set<DefinitionRecord>>, record: DefinitionRecord): void {
  const key = refKey(record.kind, record.copyFrom!);
  const set = children.get(key);
  if (set) set.add(record); else children.set(key, new Set([record]));
}

/**
 * A kind's ids with their records (the map `entries` returns), with a stamp bumped whenever a record of the kind
 * is added or removed, and a journal of the ids of its last changes (see changedSince). Fields of the map itself:
 * indexing adds 80,000 records, and a side table keyed by the map (a WeakMap) cost more than the map.
 */
class KindIds extends Map<string, DefinitionRecord[]> {
  stamp = 0;
  /** The ids of the last additions and removals, the last at the current stamp. */
  journal: (readonly string[])[] = [];
}

/**
 * A number that changes whenever the definitions in `entries` (a map `DefinitionIndex.entries` returned) change:
 * what is derived from all the ids of a kind (suggestions) can be cached until then.
 */
export function entriesStamp(entries: ReadonlyMap<string, readonly DefinitionRecord[]>): number {
  return entries instanceof KindIds ? entries.stamp : 0;
}

interface ModIds { readonly ids: Set<string>; version: number }

const NO_IDS: { readonly ids: ReadonlySet<string>; readonly version: number } = { ids: new Set(), version: 0 };

/** How many changes of a kind's definitions are remembered (see changedSince). */
const JOURNAL_LENGTH = 256;

export class DefinitionIndex {
  private readonly byKind = new Map<string, KindIds>();
  /** Per kind, per mod: the ids the mod defines, with a version bumped whenever that set changes. */
  private readonly byMod = new Map<string, Map<string, ModIds>>();
  /** Per kind: bumped when an id appears or disappears (not when a definition's content changes). */
  private readonly idSetVersions = new Map<string, number>();
  /**
   * (kind, copy-from id) -> the records defining ids that copy from that id (a set: one parent may have tens of
   * thousands; a record without ids has no key to bump when what it inherits changes). Built on first use (the first edit), then kept up to date: indexing the game data does not pay for it.
   */
  private children: Map<string, Set<DefinitionRecord>> | undefined;

  add(record: DefinitionRecord): void {
    if (this.children && record.copyFrom !== undefined && record.ids.length > 0) addChild(this.children, record);
    let ids = this.byKind.get(record.kind);
    if (!ids) { ids = new KindIds(); this.byKind.set(record.kind, ids); }
    this.note(record, ids);
    for (const id of record.ids) {
      const list = ids.get(id);
      if (!list?.some((r) => r.source.modId === record.source.modId)) this.modIds(record, true)?.add(id);
      if (list) list.push(record);
      else { ids.set(id, [record]); this.bumpIdSet(record.kind); }
    }
  }

  /** The ids of `kind` that `mod` defines, and a version that changes with them. */
  idsOfMod(kind: string, mod: string): { readonly ids: ReadonlySet<string>; readonly version: number } {
    return this.byMod.get(kind)?.get(mod) ?? NO_IDS;
  }

  /** The set of ids of the record's kind its mod defines, its version bumped: about to change. */
  private modIds(record: DefinitionRecord, create: boolean): Set<string> | undefined {
    const mod = record.source.modId;
    if (mod === undefined) return undefined;
    let perMod = this.byMod.get(record.kind);
    if (!perMod) { if (!create) return undefined; perMod = new Map(); this.byMod.set(record.kind, perMod); }
    let entry = perMod.get(mod);
    if (!entry) { if (!create) return undefined; entry = { ids: new Set(), version: 0 }; perMod.set(mod, entry); }
    entry.version++;
    return entry.ids;
  }

  /** A record of the kind is added or removed: the kind's stamp moves on, and the journal remembers its ids. */
  private note(record: DefinitionRecord, ids: KindIds): void {
    ids.stamp++;
    const journal = ids.journal;
    journal.push(record.ids);
    if (journal.length > 2 * JOURNAL_LENGTH) journal.splice(0, journal.length - JOURNAL_LENGTH);
  }

  /**
   * The ids of `kind` whose definitions were added or removed since the kind's stamp was `stamp` (see
   * entriesStamp), when that is recent enough to be remembered: what is derived from all the ids of a kind is
   * brought up to date by them rather than made again. Undefined: too long ago.
   */
  changedSince(kind: string, stamp: number): readonly string[] | undefined {
    const ids = this.byKind.get(kind);
    const now = ids?.stamp ?? 0;
    if (stamp === now) return [];
    const journal = ids?.journal ?? [];
    if (stamp > now || now - stamp > journal.length) return undefined;
    return journal.slice(journal.length - (now - stamp)).flat();
  }

  /** Changes whenever the set of ids of `kind` changes; the per-id record arrays are updated in place. */
  idSetVersion(kind: string): number {
    return this.idSetVersions.get(kind) ?? 0;
  }

  private bumpIdSet(kind: string): void {
    this.idSetVersions.set(kind, this.idSetVersion(kind) + 1);
  }

  remove(record: DefinitionRecord): void {
    if (this.children && record.copyFrom !== undefined) {
      const key = refKey(record.kind, record.copyFrom);
      const set = this.children.get(key);
      if (set?.delete(record) && set.size === 0) this.children.delete(key);
    }
    const ids = this.byKind.get(record.kind);
    if (!ids) return;
    this.note(record, ids);
    for (const id of record.ids) {
      const list = ids.get(id);
      if (!list) continue;
      const i = list.indexOf(record);
      if (i >= 0) list.splice(i, 1);
      if (i >= 0 && !list.some((r) => r.source.modId === record.source.modId)) this.modIds(record, false)?.delete(id);
      if (list.length === 0) { ids.delete(id); this.bumpIdSet(record.kind); }
    }
  }

  /** Records (with ids) whose copy-from names (kind, id), whichever definition of it they resolve to. */
  childrenOf(kind: string, id: string): ReadonlySet<DefinitionRecord> {
    if (!this.children) {
      this.children = new Map();
      for (const ids of this.byKind.values()) for (const list of ids.values()) for (const r of list) if (r.copyFrom !== undefined) addChild(this.children, r);
    }
    return this.children.get(refKey(kind, id)) ?? NO_CHILDREN;
  }

  get(kind: string, id: string): readonly DefinitionRecord[] {
    return this.byKind.get(kind)?.get(id) ?? NO_RECORDS;
  }

  /** All ids of a kind with their records (for completion and "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    return this.byKind.get(kind) ?? new Map();
  }

  kinds(): IterableIterator<string> {
    return this.byKind.keys();
  }

  get size(): number {
    let n = 0;
    for (const ids of this.byKind.values()) n += ids.size;
    return n;
  }
}
