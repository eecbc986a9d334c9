/**
 * The records of a file a load reads from disk (and does not analyse at once), given to the definition index as a
 * batch (see RecordBatch): the index takes their ids when one of their kinds is first read, not record by record
 * as the load makes them. A start checks a mod's file or a few first, which read some of the hundred and fifty
 * kinds. (A start on the current game with Magiclysm open: 615 -> 560 ms to load, 27 -> 38 ms to check the file
 * first opened.) The batch answers from its outline (kinds, ids, parents); its records are made when first asked
 * for: a file the read-ahead thread outlined (see index/readAheadFile.ts) is parsed then, most of the game's never
 * (a start on 0.F with Magiclysm open makes the records of 12 of its 1,500 files).
 */
import type { RecordBatch } from './definitionIndex';
import type { DefinitionRecord } from '../records/record';
import type { IdSearch } from '../util/closest';

/** What a file's records tell the index before they are made. Plain data: the read-ahead thread posts it. */
export interface BatchOutline {
  /** The kinds of the records, each once, in the order of their first record. */
  readonly kinds: readonly string[];
  /** Per kind (as `kinds`): the ids of each of its records, in order. */
  readonly ids: readonly (readonly (readonly string[])[])[];
  /** Per kind: the copy-from ids of its records that define ids, in order. */
  readonly parents: readonly (readonly string[])[];
}

/**
 * An outline as the read-ahead thread posts it: its ids and parents as JSON text (`[ids, parents]`), made into arrays
 * when one of its kinds is first read. Copying one string between threads and parsing it only then costs less
 * than a structured clone of an array per record, made at once (a start on 0.F with Magiclysm receives about a
 * thousand outlines, of which its first check reads the kinds of a few hundred).
 */
export interface PackedOutline {
  readonly kinds: readonly string[];
  readonly idsAndParents: string;
}

/** `outline` as posted (see PackedOutline). */
export function packedOutline(outline: BatchOutline): PackedOutline {
  return { kinds: outline.kinds, idsAndParents: JSON.stringify([outline.ids, outline.parents]) };
}

/** The outline of `records`. */
export function outlineOf(records: readonly DefinitionRecord[]): BatchOutline {
  const kinds: string[] = [];
  const ids: (readonly string[])[][] = [];
  const parents: string[][] = [];
  let last: string | undefined, at = -1;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.kind !== last) {
      last = r.kind;
      at = kinds.indexOf(last);
      if (at < 0) { at = kinds.length; kinds.push(last); ids.push([]); parents.push([]); }
    }
    ids[at].push(r.ids);
    if (r.copyFrom !== undefined && r.ids.length > 0) parents[at].push(r.copyFrom);
  }
  return { kinds, ids, parents };
}

const NONE: readonly never[] = Object.freeze([]);

export class LoadedBatch implements RecordBatch {
  /** Per kind, its ids as a set, made at the first `defines` (a lookup before the kind is outlined). */
  private idSets: Map<string, ReadonlySet<string>> | undefined;
  private made: readonly DefinitionRecord[] | undefined;

  /** `make`: the records (at least one), as `outline` says; called once, when first asked for. */
  constructor(private outline: BatchOutline | PackedOutline, readonly modId: string | undefined, private readonly make: () => readonly DefinitionRecord[]) {}

  /** A batch of records made already. */
  static of(records: readonly DefinitionRecord[], modId: string | undefined): LoadedBatch {
    return new LoadedBatch(outlineOf(records), modId, () => records);
  }

  get kinds(): readonly string[] {
    return this.outline.kinds;
  }

  idsOf(kind: string): readonly (readonly string[])[] {
    const k = this.outline.kinds.indexOf(kind);
    return k < 0 ? NONE : this.unpacked().ids[k];
  }

  defines(kind: string, id: string): boolean {
    let set = (this.idSets ??= new Map()).get(kind);
    if (!set) { set = new Set(this.idsOf(kind).flat()); this.idSets.set(kind, set); }
    return set.has(id);
  }

  parentsOf(kind: string): readonly string[] {
    const k = this.outline.kinds.indexOf(kind);
    return k < 0 ? NONE : this.unpacked().parents[k];
  }

  private unpacked(): BatchOutline {
    const o = this.outline;
    if (!('idsAndParents' in o)) return o;
    const [ids, parents] = JSON.parse(o.idsAndParents) as [BatchOutline['ids'], BatchOutline['parents']];
    return (this.outline = { kinds: o.kinds, ids, parents });
  }

  search(kind: string, search: IdSearch): void {
    for (const ids of this.idsOf(kind)) for (const id of ids) search.consider(id);
  }

  records(): readonly DefinitionRecord[] {
    return (this.made ??= this.make());
  }
}
