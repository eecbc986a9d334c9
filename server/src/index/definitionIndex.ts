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

/** Per kind's map of ids (the object `entries` returns): bumped whenever a record of the kind is added or removed. */
const stamps = new WeakMap<object, number>();

/**
 * A number that changes whenever the definitions in `entries` (a map `DefinitionIndex.entries` returned) change:
 * what is derived from all the ids of a kind (suggestions) can be cached until then.
 */
export function entriesStamp(entries: ReadonlyMap<string, readonly DefinitionRecord[]>): number {
  return stamps.get(entries) ?? 0;
}

export class DefinitionIndex {
  private readonly byKind = new Map<string, Map<string, DefinitionRecord[]>>();
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
    if (!ids) { ids = new Map(); this.byKind.set(record.kind, ids); }
    stamps.set(ids, entriesStamp(ids) + 1);
    for (const id of record.ids) {
      const list = ids.get(id);
      if (list) list.push(record);
      else { ids.set(id, [record]); this.bumpIdSet(record.kind); }
    }
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
    stamps.set(ids, entriesStamp(ids) + 1);
    for (const id of record.ids) {
      const list = ids.get(id);
      if (!list) continue;
      const i = list.indexOf(record);
      if (i >= 0) list.splice(i, 1);
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
