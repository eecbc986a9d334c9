/**
 * Every definition by (kind, id). Several records per key are normal: overrides, edits, duplicates.
 *
 * Two layers: records added one by one (a file read and parsed) are indexed at once; batches added with
 * `addLater` (a warm start's game files, from the on-disk cache) wait until their kind is first read, when only
 * their ids are indexed (an outline), and the records of an id are made when that id is first asked for. What
 * any read answers is what adding every record at once would have made: the same lists, in the same order.
 */
import type { DefinitionRecord } from '../records/record';
import { refKey } from './referenceIndex';

const NO_CHILDREN: ReadonlySet<DefinitionRecord> = new Set();
const NO_RECORDS: readonly DefinitionRecord[] = Object.freeze([]);

/** Records indexed later (see DefinitionIndex.addLater): their ids before the records themselves. */
export interface RecordBatch {
  /** The kinds of its records, each once. */
  readonly kinds: readonly string[];
  /** The mod of its records (their source's, when the outline is made). */
  readonly modId: string | undefined;
  /** The ids of each of its records of `kind`, in order. */
  idsOf(kind: string): readonly (readonly string[])[];
  /** Its records, all kinds (made at the first call; the same array at every call). */
  records(): readonly DefinitionRecord[];
}

function addChild(children: Map<string, Set<DefinitionRecord>>, record: DefinitionRecord): void {
  const key = refKey(record.kind, record.copyFrom!);
  const set = children.get(key);
  if (set) set.add(record); else children.set(key, new Set([record]));
}

function definedBy(list: readonly DefinitionRecord[], mod: string | undefined): boolean {
  for (const r of list) if (r.source.modId === mod) return true;
  return false;
}

/** An outlined id whose records are not made yet, defined in more than one batch: those, in order. */
class Unmade {
  constructor(readonly batches: RecordBatch[]) {}
}

/** What an id maps to: its records, or the batch (the batches) that will make them. */
type Slot = DefinitionRecord[] | RecordBatch | Unmade;

/**
 * The ids of a kind and their records: the map `DefinitionIndex.entries` gives. An id outlined from batches gets
 * its records when first asked for (`get`); going through all of them makes them all.
 */
class KindEntries implements ReadonlyMap<string, readonly DefinitionRecord[]> {
  /** id -> its records, or what will make them. In the order the ids were first defined. */
  readonly map = new Map<string, Slot>();
  private unmade = 0;
  constructor(readonly kind: string, private readonly made: (records: readonly DefinitionRecord[]) => void) {}

  /**
   * Notes that `batch` defines `id` (its records of the id are made later; at once when the id's records are,
   * the list growing in place as it would have). True when the id is new.
   */
  outline(id: string, batch: RecordBatch): boolean {
    const v = this.map.get(id);
    if (v === undefined) { this.map.set(id, batch); this.unmade++; return true; }
    if (v instanceof Unmade) {
      if (v.batches[v.batches.length - 1] !== batch) v.batches.push(batch);
    } else if (!Array.isArray(v)) {
      if (v !== batch) this.map.set(id, new Unmade([v, batch]));
    } else if (!v.some((r) => batch.records().includes(r))) {
      // (Rare: a file read and indexed between two cached ones defines the id, and it was asked for.)
      const from = v.length;
      this.collect(id, batch, v);
      this.made(v.slice(from));
    }
    return false;
  }

  private collect(id: string, batch: RecordBatch, into: DefinitionRecord[]): void {
    for (const r of batch.records()) if (r.kind === this.kind && r.ids.includes(id)) into.push(r);
  }

  /** The records of `id` (made now if outlined), undefined when it has none. */
  list(id: string): DefinitionRecord[] | undefined {
    const v = this.map.get(id);
    return v === undefined || Array.isArray(v) ? v : this.make(id, v);
  }

  private make(id: string, unmade: RecordBatch | Unmade): DefinitionRecord[] {
    const list: DefinitionRecord[] = [];
    if (unmade instanceof Unmade) for (const batch of unmade.batches) this.collect(id, batch, list);
    else this.collect(id, unmade, list);
    this.map.set(id, list);
    this.unmade--;
    this.made(list);
    return list;
  }

  /** Every id's records made. */
  makeAll(): Map<string, DefinitionRecord[]> {
    if (this.unmade > 0) for (const [id, v] of this.map) if (!Array.isArray(v)) this.make(id, v);
    return this.map as Map<string, DefinitionRecord[]>;
  }

  get(id: string): readonly DefinitionRecord[] | undefined {
    return this.list(id);
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  get size(): number {
    return this.map.size;
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  values(): IterableIterator<readonly DefinitionRecord[]> {
    return this.makeAll().values();
  }

  entries(): IterableIterator<[string, readonly DefinitionRecord[]]> {
    return this.makeAll().entries();
  }

  [Symbol.iterator](): IterableIterator<[string, readonly DefinitionRecord[]]> {
    return this.entries();
  }

  forEach(fn: (value: readonly DefinitionRecord[], key: string, map: ReadonlyMap<string, readonly DefinitionRecord[]>) => void): void {
    for (const [k, v] of this.makeAll()) fn(v, k, this);
  }
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
  private readonly byKind = new Map<string, KindEntries>();
  /** Per kind: the ids of its last additions and removals, the last at the kind's current stamp (see changedSince). */
  private readonly journals = new Map<string, (readonly string[])[]>();
  /** Per kind, per mod: the ids the mod defines, with a version bumped whenever that set changes. */
  private readonly byMod = new Map<string, Map<string, ModIds>>();
  /** Per kind: bumped when an id appears or disappears (not when a definition's content changes). */
  private readonly idSetVersions = new Map<string, number>();
  /**
   * (kind, copy-from id) -> the records defining ids that copy from that id (a set: one parent may have tens of
   * thousands; a record without ids has no key to bump when what it inherits changes). Built on first use (the
   * first edit), then kept up to date: indexing the game data does not pay for it.
   */
  private children: Map<string, Set<DefinitionRecord>> | undefined;
  /** Per kind: the batches added with `addLater` and not outlined yet, in the order added. */
  private readonly later = new Map<string, RecordBatch[]>();
  /** Records made from batches (see KindEntries.make) join the children of their parents, once those are kept. */
  private readonly made = (records: readonly DefinitionRecord[]): void => {
    if (this.children) for (const r of records) if (r.copyFrom !== undefined && r.ids.length > 0) addChild(this.children, r);
  };

  /**
   * Adds the records of a batch, indexed when one of their kinds is first read or changed, each id's records
   * made when that id is first asked for. A warm start adds the game's files this way: most of their records are
   * never asked for.
   */
  addLater(batch: RecordBatch): void {
    for (const kind of batch.kinds) {
      const batches = this.later.get(kind);
      if (batches) batches.push(batch); else this.later.set(kind, [batch]);
    }
  }

  /** The entries of `kind` (undefined when it has none), its batches outlined first. */
  private kindEntries(kind: string): KindEntries | undefined {
    if (this.later.size > 0) this.outline(kind);
    return this.byKind.get(kind);
  }

  private entriesOf(kind: string): KindEntries {
    let ids = this.kindEntries(kind);
    if (!ids) { ids = new KindEntries(kind, this.made); this.byKind.set(kind, ids); }
    return ids;
  }

  private journalOf(kind: string): (readonly string[])[] {
    let journal = this.journals.get(kind);
    if (!journal) { journal = []; this.journals.set(kind, journal); }
    return journal;
  }

  /** The set of ids `mod` defines of `kind`, made when `create`. */
  private modIdsOf(kind: string, mod: string, create: boolean): ModIds | undefined {
    let perMod = this.byMod.get(kind);
    if (!perMod) { if (!create) return undefined; perMod = new Map(); this.byMod.set(kind, perMod); }
    let entry = perMod.get(mod);
    if (!entry && create) { entry = { ids: new Set(), version: 0 }; perMod.set(mod, entry); }
    return entry;
  }

  /**
   * Indexes the ids of the batches of `kind` waiting (see addLater), as adding their records one by one would:
   * the same ids in the same order, mods' ids and versions, stamp and journal.
   */
  private outline(kind: string): void {
    const batches = this.later.get(kind);
    if (!batches) return;
    this.later.delete(kind);
    // The same order as byKind would have had: the kind is there from its first record on.
    const ids = this.entriesOf(kind);
    const journal = this.journalOf(kind);
    let added = 0, newIds = 0;
    for (const batch of batches) {
      const mod = batch.modId;
      const modIds = mod === undefined ? undefined : this.modIdsOf(kind, mod, true);
      for (const recordIds of batch.idsOf(kind)) {
        added++;
        journal.push(recordIds);
        if (journal.length > 2 * JOURNAL_LENGTH) journal.splice(0, journal.length - JOURNAL_LENGTH);
        for (const id of recordIds) {
          if (ids.outline(id, batch)) newIds++;
          if (modIds && !modIds.ids.has(id)) { modIds.version++; modIds.ids.add(id); }
        }
      }
    }
    stamps.set(ids, entriesStamp(ids) + added);
    if (newIds > 0) this.idSetVersions.set(kind, (this.idSetVersions.get(kind) ?? 0) + newIds);
  }

  private outlineAll(): void {
    for (const kind of [...this.later.keys()]) this.outline(kind);
  }

  add(record: DefinitionRecord): void {
    if (this.children && record.copyFrom !== undefined && record.ids.length > 0) addChild(this.children, record);
    const ids = this.entriesOf(record.kind);
    this.note(record, ids);
    const mod = record.source.modId;
    for (const id of record.ids) {
      const list = ids.list(id);
      if (mod !== undefined && !(list && definedBy(list, mod))) {
        const modIds = this.modIdsOf(record.kind, mod, true)!;
        modIds.version++;
        modIds.ids.add(id);
      }
      if (list) list.push(record);
      else { ids.map.set(id, [record]); this.bumpIdSet(record.kind); }
    }
  }

  /** The ids of `kind` that `mod` defines, and a version that changes with them. */
  idsOfMod(kind: string, mod: string): { readonly ids: ReadonlySet<string>; readonly version: number } {
    this.kindEntries(kind);
    return this.byMod.get(kind)?.get(mod) ?? NO_IDS;
  }

  /** A record of the kind is added or removed: the kind's stamp moves on, and the journal remembers its ids. */
  private note(record: DefinitionRecord, ids: KindEntries): void {
    stamps.set(ids, entriesStamp(ids) + 1);
    const journal = this.journalOf(record.kind);
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
    this.kindEntries(kind);
    return this.idSetVersions.get(kind) ?? 0;
  }

  private bumpIdSet(kind: string): void {
    this.idSetVersions.set(kind, (this.idSetVersions.get(kind) ?? 0) + 1);
  }

  remove(record: DefinitionRecord): void {
    if (this.children && record.copyFrom !== undefined) {
      const key = refKey(record.kind, record.copyFrom);
      const set = this.children.get(key);
      if (set?.delete(record) && set.size === 0) this.children.delete(key);
    }
    const ids = this.kindEntries(record.kind);
    if (!ids) return;
    this.note(record, ids);
    const mod = record.source.modId;
    for (const id of record.ids) {
      const list = ids.list(id);
      if (!list) continue;
      const i = list.indexOf(record);
      if (i >= 0) list.splice(i, 1);
      if (i >= 0 && mod !== undefined && !definedBy(list, mod)) {
        const modIds = this.modIdsOf(record.kind, mod, false);
        if (modIds) { modIds.version++; modIds.ids.delete(id); }
      }
      if (list.length === 0) { ids.map.delete(id); this.bumpIdSet(record.kind); }
    }
  }

  /** Records (with ids) whose copy-from names (kind, id), whichever definition of it they resolve to. */
  childrenOf(kind: string, id: string): ReadonlySet<DefinitionRecord> {
    if (!this.children) {
      this.outlineAll();
      this.children = new Map();
      for (const ids of this.byKind.values()) for (const list of ids.makeAll().values()) for (const r of list) if (r.copyFrom !== undefined) addChild(this.children, r);
    }
    return this.children.get(refKey(kind, id)) ?? NO_CHILDREN;
  }

  get(kind: string, id: string): readonly DefinitionRecord[] {
    return this.kindEntries(kind)?.list(id) ?? NO_RECORDS;
  }

  /** All ids of a kind with their records (for completion and "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    return this.kindEntries(kind) ?? new Map();
  }

  kinds(): IterableIterator<string> {
    this.outlineAll();
    return this.byKind.keys();
  }

  get size(): number {
    this.outlineAll();
    let n = 0;
    for (const ids of this.byKind.values()) n += ids.size;
    return n;
  }
}
