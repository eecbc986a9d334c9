/**
 * Every definition by (kind, id). Several records per key are normal: overrides, edits, duplicates.
 *
 * Two layers: records added one by one (a file read and parsed) are indexed at once; batches added with
 * `addLater` (a warm start's game files, from the on-disk cache) wait. An id asked for is looked up in its
 * kind's batches (a few times: see LOOKUPS_BEFORE_OUTLINE); the mods' ids of a kind are gathered when first
 * asked for; anything else (going through a kind's ids, a change) outlines the kind: its ids indexed, each id's
 * records made when first asked for. What any read answers is what adding every record at once would have made:
 * the same lists (the same arrays once made), in the same order.
 */
import type { DefinitionRecord } from '../records/record';
import { refKey } from './referenceIndex';
import type { IdSearch } from '../util/closest';

const NO_CHILDREN: ReadonlySet<DefinitionRecord> = new Set();
const NO_RECORDS: readonly DefinitionRecord[] = Object.freeze([]);

/**
 * Batches that say together whether one of them may define an id (a cache's files: see cache/store.ts): an
 * unknown id asked for is ruled out once, not by each batch.
 */
export interface BatchGroup {
  /** False when no batch of the group defines `id`, of any kind; true when one may. */
  mayDefine(id: string): boolean;
}

/** A kind's batches are of several groups, or some of none (see KindBatches.group). */
const MIXED = 'mixed';

/**
 * Whether a kind's batches waiting may define an id: asked of their one group (a warm start's: the cache's files)
 * before any of them, else of each batch's group (one answer for a run of batches of a group).
 */
class GroupAnswers {
  private group: BatchGroup | undefined;
  private may = true;
  constructor(private readonly id: string) {}

  /** True when the batches' one group says none of them defines the id: they need not be asked. */
  rulesOutAll(batches: KindBatches): boolean {
    const group = batches.group;
    return group !== undefined && group !== MIXED && !this.mayIn(group);
  }

  /** True when `batch`'s group says it does not define the id (asked of a MIXED kind's batches). */
  rulesOut(batch: RecordBatch): boolean {
    return batch.group !== undefined && !this.mayIn(batch.group);
  }

  private mayIn(group: BatchGroup): boolean {
    if (group !== this.group) { this.group = group; this.may = group.mayDefine(this.id); }
    return this.may;
  }
}

/** Records indexed later (see DefinitionIndex.addLater): their ids before the records themselves. */
export interface RecordBatch {
  /** The batches it answers with (see BatchGroup), if any. */
  readonly group?: BatchGroup;
  /** The kinds of its records, each once. */
  readonly kinds: readonly string[];
  /** The mod of its records (their source's, when they are indexed). */
  readonly modId: string | undefined;
  /** The ids of each of its records of `kind`, in order. */
  idsOf(kind: string): readonly (readonly string[])[];
  /** Whether one of its records of `kind` defines `id`. */
  defines(kind: string, id: string): boolean;
  /** The copy-from ids of its records of `kind` that define ids. */
  parentsOf(kind: string): readonly string[];
  /** Offers the ids of its records of `kind` to `search` (those it can rule out unmade need not be). */
  search(kind: string, search: IdSearch): void;
  /** Its records, all kinds (made at the first call; the same array at every call). */
  records(): readonly DefinitionRecord[];
}

/**
 * How many ids of a kind are looked up in its batches before the kind is outlined: a lookup goes through the
 * batches' meta data (no string, no record made), an outline puts each of the kind's ids in a map.
 */
const LOOKUPS_BEFORE_OUTLINE = 16;

function addChild(children: Map<string, Set<DefinitionRecord>>, record: DefinitionRecord): void {
  const key = refKey(record.kind, record.copyFrom!);
  const set = children.get(key);
  if (set) set.add(record); else children.set(key, new Set([record]));
}

/** Notes the parents of `batch`'s records of `kind` in `parents` (copy-from id -> batches). */
function addParents(parents: Map<string, RecordBatch[]>, kind: string, batch: RecordBatch): void {
  for (const id of batch.parentsOf(kind)) {
    const batches = parents.get(id);
    if (!batches) parents.set(id, [batch]);
    else if (batches[batches.length - 1] !== batch) batches.push(batch);
  }
}

/**
 * A batch of more records than this is searched through an index of its records of a kind, by id and by copy-from
 * id (made at its first search, kept with the batch): a search per id of a file's 50,000 definitions was
 * quadratic (26 s to index one 10 MB file). Smaller ones (nearly every file) are scanned: no index to keep.
 */
const SCANNED_BATCH = 64;

type Grouped = Map<string, Map<string, DefinitionRecord[]>>;
const byIdOfBatch = new WeakMap<RecordBatch, Grouped>();
const byParentOfBatch = new WeakMap<RecordBatch, Grouped>();

/** The records of `batch` of `kind` that `keysOf` files under `key`, in the batch's order. */
function recordsUnder(batch: RecordBatch, kind: string, key: string, index: WeakMap<RecordBatch, Grouped>, keysOf: (r: DefinitionRecord) => readonly string[]): readonly DefinitionRecord[] {
  const records = batch.records();
  if (records.length <= SCANNED_BATCH) return records.filter((r) => r.kind === kind && keysOf(r).includes(key));
  let perKind = index.get(batch);
  if (!perKind) { perKind = new Map(); index.set(batch, perKind); }
  let grouped = perKind.get(kind);
  if (!grouped) {
    grouped = new Map();
    for (const r of records) {
      if (r.kind !== kind) continue;
      for (const k of keysOf(r)) {
        const list = grouped.get(k);
        if (!list) grouped.set(k, [r]);
        else if (list[list.length - 1] !== r) list.push(r);
      }
    }
    perKind.set(kind, grouped);
  }
  return grouped.get(key) ?? NO_RECORDS;
}

/** The records of `batch` of `kind` defining `id`, in order. */
function recordsOfId(batch: RecordBatch, kind: string, id: string): readonly DefinitionRecord[] {
  return recordsUnder(batch, kind, id, byIdOfBatch, (r) => r.ids);
}

/** The records of `batch` of `kind` (with ids) copying from `id`, in order. */
function childrenInBatch(batch: RecordBatch, kind: string, id: string): readonly DefinitionRecord[] {
  return recordsUnder(batch, kind, id, byParentOfBatch, (r) => (r.copyFrom !== undefined && r.ids.length > 0 ? [r.copyFrom] : NO_IDS_OF_RECORD));
}

const NO_IDS_OF_RECORD: readonly string[] = Object.freeze([]);

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

/** What the entries of a kind ask of their index. */
interface KindHost {
  /** Outlines the kind's batches waiting. */
  outline(kind: string): void;
  /** Records were made from batches. */
  made(records: readonly DefinitionRecord[]): void;
}

/**
 * The ids of a kind and their records: the map `DefinitionIndex.entries` gives. While the kind has batches
 * waiting, an id asked for is looked up in them (its records kept for the outline); going through the ids
 * outlines them; an outlined id gets its records when first asked for.
 */
class KindEntries implements ReadonlyMap<string, readonly DefinitionRecord[]> {
  /** id -> its records, or what will make them. In the order the ids were first defined. */
  readonly map = new Map<string, Slot>();
  /**
   * Bumped whenever a record of the kind is added or removed (see entriesStamp). A field, not a side table keyed by
   * the entries (a WeakMap): indexing adds 80,000 records.
   */
  stamp = 0;
  private unmade = 0;
  /**
   * The ids looked up in the batches waiting, and found there: their records, from all of those batches (see
   * DefinitionIndex.addLater) and before them the map's.
   */
  private early: Map<string, DefinitionRecord[]> | undefined;
  private lookups = 0;
  /**
   * The kind's batches (see DefinitionIndex.addLater), set by the index when it has some: kept here, not asked of
   * the index by kind, since a whole-game check looks up 650,000 ids (counted).
   */
  batches: KindBatches | undefined;
  constructor(readonly kind: string, private readonly host: KindHost) {}

  /** The kind's batches, when some of them are not outlined yet. */
  private waiting(): KindBatches | undefined {
    const batches = this.batches;
    return batches !== undefined && batches.outlined < batches.all.length ? batches : undefined;
  }

  /** Whether ids were looked up in the batches waiting (see `early`). */
  get lookedUp(): boolean {
    return this.early !== undefined;
  }

  /** Notes that `batch` defines `id` (its records of the id are made later); true when the id is new. */
  outline(id: string, batch: RecordBatch): boolean {
    const v = this.map.get(id);
    if (v === undefined) {
      // Looked up before: its records come from every batch being outlined.
      const early = this.early?.get(id);
      if (early) this.map.set(id, early);
      else { this.map.set(id, batch); this.unmade++; }
      return true;
    }
    if (v !== batch && !this.early?.has(id)) this.outlineAgain(id, v, batch);
    return false;
  }

  /** The ids looked up before are in the map now. */
  outlined(): void {
    this.early = undefined;
  }

  /** `id`, which maps to `v`, is defined in `batch` too. */
  private outlineAgain(id: string, v: Slot, batch: RecordBatch): void {
    if (v instanceof Unmade) {
      if (v.batches[v.batches.length - 1] !== batch) v.batches.push(batch);
    } else if (!Array.isArray(v)) {
      this.map.set(id, new Unmade([v, batch]));
    } else if (!v.some((r) => recordsOfId(batch, this.kind, id).includes(r))) {
      // Its records are made (a file read and indexed between two cached ones defines it, and it was asked for):
      // the list grows in place, as it would have.
      const from = v.length;
      this.collect(id, batch, v);
      this.host.made(v.slice(from));
    }
  }

  private collect(id: string, batch: RecordBatch, into: DefinitionRecord[]): void {
    for (const r of recordsOfId(batch, this.kind, id)) into.push(r);
  }

  /** The records of `id` (made now if need be), undefined when it has none. */
  list(id: string): DefinitionRecord[] | undefined {
    const waiting = this.waiting();
    if (waiting) {
      const early = this.early?.get(id);
      if (early) return early;
      if (this.lookups < LOOKUPS_BEFORE_OUTLINE) { this.lookups++; return this.lookUp(id, waiting); }
      this.host.outline(this.kind);
    }
    const v = this.map.get(id);
    return v === undefined || Array.isArray(v) ? v : this.make(id, v);
  }

  /**
   * The records of `id`: those indexed (added before the batches waiting), then those of the batches waiting that
   * define it, kept for the outline (which leaves the id alone).
   */
  private lookUp(id: string, waiting: KindBatches): DefinitionRecord[] | undefined {
    const v = this.map.get(id);
    const list = v === undefined || Array.isArray(v) ? v : this.make(id, v);
    let found: DefinitionRecord[] | undefined;
    const groups = new GroupAnswers(id);
    const mixed = waiting.group === MIXED;
    for (let b = groups.rulesOutAll(waiting) ? waiting.all.length : waiting.outlined; b < waiting.all.length; b++) {
      const batch = waiting.all[b];
      if ((mixed && groups.rulesOut(batch)) || !batch.defines(this.kind, id)) continue;
      found ??= list ?? [];
      const from = found.length;
      this.collect(id, batch, found);
      this.host.made(found.slice(from));
    }
    if (found) (this.early ??= new Map()).set(id, found);
    return found ?? list;
  }

  private make(id: string, unmade: RecordBatch | Unmade): DefinitionRecord[] {
    const list: DefinitionRecord[] = [];
    if (unmade instanceof Unmade) for (const batch of unmade.batches) this.collect(id, batch, list);
    else this.collect(id, unmade, list);
    this.map.set(id, list);
    this.unmade--;
    this.host.made(list);
    return list;
  }

  /** Every id outlined. */
  settle(): Map<string, Slot> {
    if (this.waiting()) this.host.outline(this.kind);
    return this.map;
  }

  /** Every id's records made. */
  makeAll(): Map<string, DefinitionRecord[]> {
    const map = this.settle();
    if (this.unmade > 0) for (const [id, v] of map) if (!Array.isArray(v)) this.make(id, v);
    return map as Map<string, DefinitionRecord[]>;
  }

  get(id: string): readonly DefinitionRecord[] | undefined {
    return this.list(id);
  }

  has(id: string): boolean {
    return this.settle().has(id);
  }

  get size(): number {
    return this.settle().size;
  }

  keys(): IterableIterator<string> {
    return this.settle().keys();
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

/**
 * A number that changes whenever the definitions in `entries` (a map `DefinitionIndex.entries` returned) change:
 * what is derived from all the ids of a kind (suggestions) can be cached until then.
 */
export function entriesStamp(entries: ReadonlyMap<string, readonly DefinitionRecord[]>): number {
  if (!(entries instanceof KindEntries)) return 0;
  entries.settle();
  return entries.stamp;
}

interface ModIds { readonly ids: Set<string>; version: number }

const NO_IDS: { readonly ids: ReadonlySet<string>; readonly version: number } = { ids: new Set(), version: 0 };

/** How many changes of a kind's definitions are remembered (see changedSince). */
const JOURNAL_LENGTH = 256;

/**
 * Keeps what a journal keeps of its changes when they are pushed one by one, trimmed back to JOURNAL_LENGTH
 * whenever longer than twice that: pushed in a batch, the same last ones.
 */
function trimJournal(journal: unknown[]): void {
  const keep = JOURNAL_LENGTH + ((journal.length - (2 * JOURNAL_LENGTH + 1)) % (JOURNAL_LENGTH + 1));
  journal.splice(0, journal.length - keep);
}

/** A kind's batches (see DefinitionIndex.addLater). */
interface KindBatches {
  /** All of them, in the order added. */
  readonly all: RecordBatch[];
  /** How many of them (the first) are outlined, and in the mods' ids (see idsOfMod): the others wait. */
  outlined: number;
  inModIds: number;
  /** Copy-from id -> the batches with records copying from it (made on first use: see childrenOf). */
  parents: Map<string, RecordBatch[]> | undefined;
  /** The one group of all of them (see BatchGroup), or MIXED. */
  group: BatchGroup | typeof MIXED;
}

export class DefinitionIndex {
  private readonly byKind = new Map<string, KindEntries>();
  /** Every kind added (records or batches), in the order first added: the order of `kinds`. */
  private readonly order = new Set<string>();
  /** Per kind: the ids of its last additions and removals, the last at the kind's current stamp (see changedSince). */
  private readonly journals = new Map<string, (readonly string[])[]>();
  /** Per kind, per mod: the ids the mod defines, with a version bumped whenever that set changes. */
  private readonly byMod = new Map<string, Map<string, ModIds>>();
  /** Per kind: bumped when an id appears or disappears (not when a definition's content changes). */
  private readonly idSetVersions = new Map<string, number>();
  /** The kind `get` found entries of last, and those (a kind's entries, once made, are kept for good). */
  private lastKind: string | undefined;
  private lastEntries: KindEntries | undefined;
  /** How many times kindsDefining was asked. */
  private kindsAsked = 0;
  /**
   * (kind, copy-from id) -> the records added one by one defining ids that copy from that id (a set: one parent
   * may have tens of thousands; a record without ids has no key to bump when what it inherits changes). Built on
   * first use (the first edit), then kept up to date: indexing the game data does not pay for it. Those of batches
   * are found through `parents`.
   */
  private children: Map<string, Set<DefinitionRecord>> | undefined;
  /** Per kind: the batches added with `addLater`. */
  private readonly batches = new Map<string, KindBatches>();
  /** Records made from batches, and records removed (a batch's records are its file's when it was added). */
  private readonly fromBatches = new WeakSet<DefinitionRecord>();
  private readonly removed = new WeakSet<DefinitionRecord>();

  private readonly host: KindHost = {
    outline: (kind) => this.outline(kind),
    made: (records) => { for (const r of records) this.fromBatches.add(r); },
  };

  /**
   * Adds the records of a batch, indexed when one of their kinds is read or changed (see the top of this file).
   * A load adds the files it reads from disk this way (the cache's, and those it parses, see index/loadedBatch.ts):
   * most of their records are never asked for.
   */
  addLater(batch: RecordBatch): void {
    // (Indexed: once per file of a load, in code not yet optimized, where for-of makes an iterator result a step.)
    const kinds = batch.kinds;
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[k];
      const batches = this.batches.get(kind);
      if (!batches) {
        const made: KindBatches = { all: [batch], outlined: 0, inModIds: 0, parents: undefined, group: batch.group ?? MIXED };
        this.batches.set(kind, made);
        const entries = this.byKind.get(kind);
        if (entries) entries.batches = made;
        this.order.add(kind);
        continue;
      }
      batches.all.push(batch);
      if (batches.group !== batch.group) batches.group = MIXED;
      if (batches.parents) addParents(batches.parents, kind, batch);
      // The records of the ids looked up are those of all the batches waiting: this one too, now.
      if (this.byKind.get(kind)?.lookedUp) this.outline(kind);
    }
  }

  /** The batches of `kind`, when some of them are not outlined yet. */
  private waiting(kind: string): KindBatches | undefined {
    const batches = this.batches.get(kind);
    return batches && batches.outlined < batches.all.length ? batches : undefined;
  }

  /** The entries of `kind`, made if need be (not outlined). */
  private entriesOf(kind: string): KindEntries {
    let ids = this.byKind.get(kind);
    if (!ids) { ids = new KindEntries(kind, this.host); ids.batches = this.batches.get(kind); this.byKind.set(kind, ids); }
    return ids;
  }

  /** The entries of `kind` as they are (undefined when it has neither records nor batches waiting). */
  private existing(kind: string): KindEntries | undefined {
    return this.byKind.get(kind) ?? (this.batches.has(kind) ? this.entriesOf(kind) : undefined);
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

  /** Adds the ids of the batches of `kind` not there yet to their mods' sets, as adding their records would. */
  private addModIds(kind: string, batches: KindBatches): void {
    for (; batches.inModIds < batches.all.length; batches.inModIds++) {
      const batch = batches.all[batches.inModIds];
      const mod = batch.modId;
      if (mod === undefined) continue;
      const modIds = this.modIdsOf(kind, mod, true)!;
      const set = modIds.ids;
      const before = set.size;
      // (The set's version moves when the mod defines an id it did not: by as many as the set grows. Indexed
      // loops: see addLater.)
      const records = batch.idsOf(kind);
      for (let r = 0; r < records.length; r++) {
        const recordIds = records[r];
        for (let k = 0; k < recordIds.length; k++) set.add(recordIds[k]);
      }
      modIds.version += set.size - before;
    }
  }

  /**
   * Indexes the ids of the batches of `kind` waiting, as adding their records one by one would: the same ids in
   * the same order, mods' ids and versions, stamp and journal.
   */
  private outline(kind: string): void {
    const waiting = this.waiting(kind);
    if (!waiting) return;
    this.addModIds(kind, waiting);
    const from = waiting.outlined;
    waiting.outlined = waiting.all.length;
    const ids = this.entriesOf(kind);
    const journal = this.journalOf(kind);
    let added = 0, newIds = 0;
    for (let b = from; b < waiting.all.length; b++) {
      const batch = waiting.all[b];
      const records = batch.idsOf(kind);
      added += records.length;
      for (let r = 0; r < records.length; r++) {
        const recordIds = records[r];
        journal.push(recordIds);
        for (let k = 0; k < recordIds.length; k++) if (ids.outline(recordIds[k], batch)) newIds++;
      }
      if (journal.length > 2 * JOURNAL_LENGTH) trimJournal(journal);
    }
    ids.outlined();
    ids.stamp += added;
    if (newIds > 0) this.idSetVersions.set(kind, (this.idSetVersions.get(kind) ?? 0) + newIds);
  }

  /** The entries of `kind`, outlined (made if need be). */
  private outlinedEntries(kind: string): KindEntries {
    this.outline(kind);
    return this.entriesOf(kind);
  }

  private outlineAll(): void {
    for (const kind of this.batches.keys()) this.outline(kind);
  }

  add(record: DefinitionRecord): void {
    this.order.add(record.kind);
    if (this.children && record.copyFrom !== undefined && record.ids.length > 0) addChild(this.children, record);
    const ids = this.outlinedEntries(record.kind);
    this.note(record, ids);
    const mod = record.source.modId;
    for (const id of record.ids) {
      const list = ids.list(id);
      // An id the record names again (`"id": ["a", "a"]`, an alias repeating its id): it is listed once, as a
      // batch lists it (recordsUnder), and was pushed last just before.
      if (list && list[list.length - 1] === record) continue;
      if (mod !== undefined && !(list && definedBy(list, mod))) {
        const modIds = this.modIdsOf(record.kind, mod, true)!;
        modIds.version++;
        modIds.ids.add(id);
      }
      if (list) list.push(record);
      else { ids.map.set(id, [record]); this.bumpIdSet(record.kind); }
    }
  }

  /**
   * The ids of `kind` that `mod` defines, and a version that changes with them. Without `gather`, those of the
   * batches not in the mods' ids yet are left out (see searchBatches).
   */
  idsOfMod(kind: string, mod: string, gather = true): { readonly ids: ReadonlySet<string>; readonly version: number } {
    const batches = this.batches.get(kind);
    if (batches && gather) this.addModIds(kind, batches);
    return this.byMod.get(kind)?.get(mod) ?? NO_IDS;
  }

  /**
   * Offers `search` the ids of `kind` of the batches of the mods in `mods` that are not in the mods' ids yet: with
   * `idsOfMod(kind, mod, false)`, the ids each mod defines. False when there are none such (the mods' ids are
   * whole).
   */
  searchBatches(kind: string, mods: ReadonlySet<string>, search: IdSearch): boolean {
    const batches = this.batches.get(kind);
    if (!batches || batches.inModIds === batches.all.length) return false;
    for (let b = batches.inModIds; b < batches.all.length; b++) {
      const batch = batches.all[b];
      if (batch.modId !== undefined && mods.has(batch.modId)) batch.search(kind, search);
    }
    return true;
  }

  /** A record of the kind is added or removed: the kind's stamp moves on, and the journal remembers its ids. */
  private note(record: DefinitionRecord, ids: KindEntries): void {
    ids.stamp++;
    const journal = this.journalOf(record.kind);
    journal.push(record.ids);
    if (journal.length > 2 * JOURNAL_LENGTH) trimJournal(journal);
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
    this.outline(kind);
    return this.idSetVersions.get(kind) ?? 0;
  }

  private bumpIdSet(kind: string): void {
    this.idSetVersions.set(kind, (this.idSetVersions.get(kind) ?? 0) + 1);
  }

  remove(record: DefinitionRecord): void {
    this.removed.add(record);
    if (this.children && record.copyFrom !== undefined) {
      const key = refKey(record.kind, record.copyFrom);
      const set = this.children.get(key);
      if (set?.delete(record) && set.size === 0) this.children.delete(key);
    }
    this.outline(record.kind);
    const ids = this.byKind.get(record.kind);
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
      this.children = new Map();
      // The records added one by one are in the lists made (the others are the batches').
      for (const ids of this.byKind.values()) {
        for (const list of ids.map.values()) {
          if (Array.isArray(list)) for (const r of list) if (r.copyFrom !== undefined && !this.fromBatches.has(r)) addChild(this.children, r);
        }
      }
    }
    const added = this.children.get(refKey(kind, id));
    const batches = this.parentsIn(kind)?.get(id);
    if (!batches) return added ?? NO_CHILDREN;
    const out = new Set(added);
    for (const batch of batches) {
      for (const r of childrenInBatch(batch, kind, id)) if (!this.removed.has(r)) out.add(r);
    }
    return out;
  }

  /** The copy-from ids of the batches' records of `kind` (see KindBatches.parents). */
  private parentsIn(kind: string): Map<string, RecordBatch[]> | undefined {
    const batches = this.batches.get(kind);
    if (batches && !batches.parents) {
      batches.parents = new Map();
      for (const batch of batches.all) addParents(batches.parents, kind, batch);
    }
    return batches?.parents;
  }

  get(kind: string, id: string): readonly DefinitionRecord[] {
    // A kind that never had batches maps each id to its records (the CLI's whole-game check: every reference is
    // looked up here, and the engine runs without inlining, so each call on the way counts). Most lookups ask the
    // kind the one before asked (a recipe's components, a map's terrains): its entries are at hand.
    let entries = this.lastEntries;
    if (kind !== this.lastKind) {
      entries = this.byKind.get(kind);
      if (entries !== undefined) { this.lastKind = kind; this.lastEntries = entries; }
    }
    if (entries !== undefined && entries.batches === undefined) return (entries.map.get(id) as DefinitionRecord[] | undefined) ?? NO_RECORDS;
    return this.existing(kind)?.list(id) ?? NO_RECORDS;
  }

  /** All ids of a kind with their records (for completion and "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    return this.existing(kind) ?? new Map();
  }

  /**
   * The kinds with a definition of `id` in one of `mods`: what an id no definition of its own kind has names
   * instead (the unknown-id check's hint, hover). The first asks index no kind (its ids so far, then its batches
   * waiting); see below for the rest.
   */
  kindsDefining(id: string, mods: ReadonlySet<string>): string[] {
    // A look through the batches waiting takes a few milliseconds; checks ask for every unknown id (and again as
    // one is typed): past a few asks every kind is outlined once, and each ask is a map lookup per kind.
    if (++this.kindsAsked > LOOKUPS_BEFORE_OUTLINE) this.outlineAll();
    const inMods = (modId: string | undefined): boolean => modId !== undefined && mods.has(modId);
    const groups = new GroupAnswers(id);
    const out: string[] = [];
    for (const kind of this.order) {
      const v = this.byKind.get(kind)?.map.get(id);
      let found = Array.isArray(v) ? v.some((r) => inMods(r.source.modId))
        : v instanceof Unmade ? v.batches.some((b) => inMods(b.modId)) : v !== undefined && inMods(v.modId);
      const waiting = found ? undefined : this.waiting(kind);
      if (!waiting || groups.rulesOutAll(waiting)) { if (found) out.push(kind); continue; }
      const mixed = waiting.group === MIXED;
      for (let b = waiting.outlined; !found && b < waiting.all.length; b++) {
        const batch = waiting.all[b];
        found = inMods(batch.modId) && !(mixed && groups.rulesOut(batch)) && batch.defines(kind, id);
      }
      if (found) out.push(kind);
    }
    return out;
  }

  kinds(): IterableIterator<string> {
    this.outlineAll();
    return this.order.values();
  }

  get size(): number {
    this.outlineAll();
    let n = 0;
    for (const ids of this.byKind.values()) n += ids.size;
    return n;
  }
}
