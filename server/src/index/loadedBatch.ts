/**
 * The records of a file a load reads from disk (and does not analyse at once), given to the definition index as a
 * batch (see RecordBatch): the index takes their ids when one of their kinds is first read, not record by record
 * as the load makes them. A start checks a mod's file or a few first, which read some of the hundred and fifty
 * kinds. The records are the file's, made already: the index gets the same objects either way. (A start on the
 * current game with Magiclysm open: 615 -> 560 ms to load, 27 -> 38 ms to check the file first opened.)
 */
import type { RecordBatch } from './definitionIndex';
import type { DefinitionRecord } from '../records/record';
import type { IdSearch } from '../util/closest';

export class LoadedBatch implements RecordBatch {
  readonly kinds: readonly string[];
  /** Per kind, its records; undefined when they are all of one kind (most files: no map for each of thousands). */
  private readonly byKind: Map<string, DefinitionRecord[]> | undefined;
  /** Per kind, its ids as a set, made at the first `defines` (a lookup before the kind is outlined). */
  private idSets: Map<string, ReadonlySet<string>> | undefined;

  /** `all`: at least one record. */
  constructor(private readonly all: readonly DefinitionRecord[], readonly modId: string | undefined) {
    const first = all[0].kind;
    if (all.every((r) => r.kind === first)) {
      this.kinds = [first];
      return;
    }
    this.byKind = new Map();
    for (const r of all) {
      const list = this.byKind.get(r.kind);
      if (list) list.push(r); else this.byKind.set(r.kind, [r]);
    }
    this.kinds = [...this.byKind.keys()];
  }

  private recordsOf(kind: string): readonly DefinitionRecord[] {
    if (this.byKind) return this.byKind.get(kind) ?? [];
    return kind === this.kinds[0] ? this.all : [];
  }

  idsOf(kind: string): readonly (readonly string[])[] {
    return this.recordsOf(kind).map((r) => r.ids);
  }

  defines(kind: string, id: string): boolean {
    let set = (this.idSets ??= new Map()).get(kind);
    if (!set) { set = new Set(this.recordsOf(kind).flatMap((r) => r.ids)); this.idSets.set(kind, set); }
    return set.has(id);
  }

  parentsOf(kind: string): readonly string[] {
    const out: string[] = [];
    for (const r of this.recordsOf(kind)) if (r.copyFrom !== undefined && r.ids.length > 0) out.push(r.copyFrom);
    return out;
  }

  search(kind: string, search: IdSearch): void {
    for (const r of this.recordsOf(kind)) for (const id of r.ids) search.consider(id);
  }

  records(): readonly DefinitionRecord[] {
    return this.all;
  }
}
