/** Every definition by (kind, id). Several records per key are normal: overrides, edits, duplicates. */
import type { DefinitionRecord } from '../records/record';
import { refKey } from './referenceIndex';

const NO_CHILDREN: ReadonlySet<DefinitionRecord> = new Set();

export class DefinitionIndex {
  private readonly byKind = new Map<string, Map<string, DefinitionRecord[]>>();
  /** Per kind: bumped when an id appears or disappears (not when a definition's content changes). */
  private readonly idSetVersions = new Map<string, number>();
  /** (kind, copy-from id) -> the records copying from that id (a set: one parent may have tens of thousands). */
  private readonly children = new Map<string, Set<DefinitionRecord>>();

  add(record: DefinitionRecord): void {
    if (record.copyFrom !== undefined) {
      const key = refKey(record.kind, record.copyFrom);
      const set = this.children.get(key);
      if (set) set.add(record); else this.children.set(key, new Set([record]));
    }
    let ids = this.byKind.get(record.kind);
    if (!ids) { ids = new Map(); this.byKind.set(record.kind, ids); }
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
    if (record.copyFrom !== undefined) {
      const key = refKey(record.kind, record.copyFrom);
      const set = this.children.get(key);
      if (set?.delete(record) && set.size === 0) this.children.delete(key);
    }
    const ids = this.byKind.get(record.kind);
    if (!ids) return;
    for (const id of record.ids) {
      const list = ids.get(id);
      if (!list) continue;
      const i = list.indexOf(record);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) { ids.delete(id); this.bumpIdSet(record.kind); }
    }
  }

  /** Records whose copy-from names (kind, id), whichever definition of it they resolve to. */
  childrenOf(kind: string, id: string): ReadonlySet<DefinitionRecord> {
    return this.children.get(refKey(kind, id)) ?? NO_CHILDREN;
  }

  get(kind: string, id: string): readonly DefinitionRecord[] {
    return this.byKind.get(kind)?.get(id) ?? [];
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
