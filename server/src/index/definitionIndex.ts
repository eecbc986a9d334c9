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

function definedBy(list: readonly DefinitionRecord[], mod: string): boolean {
  for (const r of list) if (r.source.modId === mod) return true;
  return false;
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

interface ModIds { readonly ids: Set<string>; version: number }

const NO_IDS: { readonly ids: ReadonlySet<string>; readonly version: number } = { ids: new Set(), version: 0 };

/** How many changes of a kind's definitions are remembered (see changedSince). */
const JOURNAL_LENGTH = 256;

export class DefinitionIndex {
  private readonly byKind = new Map<string, Map<string, DefinitionRecord[]>>();
  /** Per kind: the ids of its last additions and removals, the last at the kind's current stamp (see changedSince). */
  private readonly journals = new Map<string, (readonly string[])[]>();
  /** Per kind, per mod: the ids the mod defines, with a version bumped whenever that set changes. */
  private readonly byMod = new Map<string, Map<string, ModIds>>();
  /** Per kind: bumped when an id appears or disappears (not when a definition's content changes). */
  private readonly idSetVersions = new Map<string, number>();
  /**
   * (kind, copy-from id) -> the records defining ids that copy from that id (a set: one parent may have tens of
   * thousands; a record without ids has no key to bump when what it inherits changes). Built on first use (the first edit), then kept up to date: indexing the game data does not pay for it.
   */
  private children: Map<string, Set<DefinitionRecord>> | undefined;
  /**
   * Per kind: batches of records added with `addLater`, in the order added, not indexed yet. Every read or change
   * of a kind indexes its batches first, so what the index answers is what eager additions would have made.
   */
  private readonly later = new Map<string, (() => readonly DefinitionRecord[])[]>();

  /**
   * Adds the records of `kinds` among those `records` gives, when one of those kinds is first read or changed:
   * `records` (the same array at every call) is called then. A warm start adds the game's files this way, and
   * most of their records are never asked for.
   */
  addLater(kinds: readonly string[], records: () => readonly DefinitionRecord[]): void {
    for (const kind of kinds) {
      const batches = this.later.get(kind);
      if (batches) batches.push(records); else this.later.set(kind, [records]);
    }
  }

  /** Indexes the records of `kind` added later, if any (see addLater). */
  private settle(kind: string): void {
    if (this.later.size === 0) return;
    const batches = this.later.get(kind);
    if (!batches) return;
    this.later.delete(kind);
    this.addRecords(kind, batches);
  }

  private settleAll(): void {
    for (const kind of [...this.later.keys()]) this.settle(kind);
  }

  add(record: DefinitionRecord): void {
    this.settle(record.kind);
    this.addNow(record);
  }

  private addNow(record: DefinitionRecord): void {
    this.addRecords(record.kind, [() => [record]]);
  }

  /**
   * Indexes the records of `kind` among those of `batches`, in order; what belongs to the kind is looked up once
   * (a kind may have tens of thousands of records to add at once: see settle).
   */
  private addRecords(kind: string, batches: readonly (() => readonly DefinitionRecord[])[]): void {
    let ids = this.byKind.get(kind);
    if (!ids) { ids = new Map(); this.byKind.set(kind, ids); }
    let journal = this.journals.get(kind);
    if (!journal) { journal = []; this.journals.set(kind, journal); }
    let perMod = this.byMod.get(kind);
    let lastMod: string | undefined, lastEntry: ModIds | undefined;
    let added = 0, newIds = 0;
    for (const records of batches) {
      for (const record of records()) {
        if (record.kind !== kind) continue;
        if (this.children && record.copyFrom !== undefined && record.ids.length > 0) addChild(this.children, record);
        added++;
        journal.push(record.ids);
        if (journal.length > 2 * JOURNAL_LENGTH) journal.splice(0, journal.length - JOURNAL_LENGTH);
        const mod = record.source.modId;
        for (const id of record.ids) {
          const list = ids.get(id);
          // A mod's ids: the set's version moves whenever the mod defines an id again.
          if (mod !== undefined && !(list && definedBy(list, mod))) {
            if (mod !== lastMod || !lastEntry) {
              if (!perMod) { perMod = new Map(); this.byMod.set(kind, perMod); }
              lastEntry = perMod.get(mod);
              if (!lastEntry) { lastEntry = { ids: new Set(), version: 0 }; perMod.set(mod, lastEntry); }
              lastMod = mod;
            }
            lastEntry.version++;
            lastEntry.ids.add(id);
          }
          if (list) list.push(record);
          else { ids.set(id, [record]); newIds++; }
        }
      }
    }
    stamps.set(ids, entriesStamp(ids) + added);
    if (newIds > 0) this.idSetVersions.set(kind, (this.idSetVersions.get(kind) ?? 0) + newIds);
  }

  /** The ids of `kind` that `mod` defines, and a version that changes with them. */
  idsOfMod(kind: string, mod: string): { readonly ids: ReadonlySet<string>; readonly version: number } {
    this.settle(kind);
    return this.byMod.get(kind)?.get(mod) ?? NO_IDS;
  }

  /** The set of ids of the record's kind its mod defines (if any), its version bumped: about to lose one. */
  private modIds(record: DefinitionRecord): Set<string> | undefined {
    const mod = record.source.modId;
    const entry = mod === undefined ? undefined : this.byMod.get(record.kind)?.get(mod);
    if (entry) entry.version++;
    return entry?.ids;
  }

  /** A record of the kind is added or removed: the kind's stamp moves on, and the journal remembers its ids. */
  private note(record: DefinitionRecord, ids: Map<string, DefinitionRecord[]>): void {
    stamps.set(ids, entriesStamp(ids) + 1);
    let journal = this.journals.get(record.kind);
    if (!journal) { journal = []; this.journals.set(record.kind, journal); }
    journal.push(record.ids);
    if (journal.length > 2 * JOURNAL_LENGTH) journal.splice(0, journal.length - JOURNAL_LENGTH);
  }

  /**
   * The ids of `kind` whose definitions were added or removed since the kind's stamp was `stamp` (see
   * entriesStamp), when that is recent enough to be remembered: what is derived from all the ids of a kind is
   * brought up to date by them rather than made again. Undefined: too long ago.
   */
  changedSince(kind: string, stamp: number): readonly string[] | undefined {
    const now = entriesStamp(this.entries(kind));
    if (stamp === now) return [];
    const journal = this.journals.get(kind) ?? [];
    if (stamp > now || now - stamp > journal.length) return undefined;
    return journal.slice(journal.length - (now - stamp)).flat();
  }

  /** Changes whenever the set of ids of `kind` changes; the per-id record arrays are updated in place. */
  idSetVersion(kind: string): number {
    this.settle(kind);
    return this.idSetVersions.get(kind) ?? 0;
  }

  private bumpIdSet(kind: string): void {
    this.idSetVersions.set(kind, (this.idSetVersions.get(kind) ?? 0) + 1);
  }

  remove(record: DefinitionRecord): void {
    this.settle(record.kind);
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
      if (i >= 0 && !list.some((r) => r.source.modId === record.source.modId)) this.modIds(record)?.delete(id);
      if (list.length === 0) { ids.delete(id); this.bumpIdSet(record.kind); }
    }
  }

  /** Records (with ids) whose copy-from names (kind, id), whichever definition of it they resolve to. */
  childrenOf(kind: string, id: string): ReadonlySet<DefinitionRecord> {
    if (!this.children) {
      this.settleAll();
      this.children = new Map();
      for (const ids of this.byKind.values()) for (const list of ids.values()) for (const r of list) if (r.copyFrom !== undefined) addChild(this.children, r);
    }
    return this.children.get(refKey(kind, id)) ?? NO_CHILDREN;
  }

  get(kind: string, id: string): readonly DefinitionRecord[] {
    this.settle(kind);
    return this.byKind.get(kind)?.get(id) ?? NO_RECORDS;
  }

  /** All ids of a kind with their records (for completion and "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    this.settle(kind);
    return this.byKind.get(kind) ?? new Map();
  }

  kinds(): IterableIterator<string> {
    this.settleAll();
    return this.byKind.keys();
  }

  get size(): number {
    this.settleAll();
    let n = 0;
    for (const ids of this.byKind.values()) n += ids.size;
    return n;
  }
}
