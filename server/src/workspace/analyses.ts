/**
 * What each record says on its own (shape problems, outgoing references: records/analyze.ts), computed when asked
 * and a few kept. The first analysis of a record puts its references into the reverse index, in place of its
 * copy-from link.
 */
import { analyzeRecord, type RecordAnalysis } from '../records/analyze';
import { refKey, type ReferenceIndex } from '../index/referenceIndex';
import type { DefinitionRecord } from '../records/record';
import type { KindRegistry } from '../registry/registry';
import type { SourceFile } from '../sourceFile';

/** How many recent analyses are kept: the checks of one record ask for its analysis one after the other. */
const RECENT_ANALYSES = 8;

/** The key of a record's copy-from link in the reverse index (none without a parent). */
export function copyFromKeys(r: DefinitionRecord): string[] {
  return r.copyFrom === undefined ? [] : [refKey(r.kind, r.copyFrom)];
}

export class Analyses {
  /** Records dropped from the index; their analysis must not touch the reverse index any more. */
  private readonly unindexed = new WeakSet<DefinitionRecord>();
  /**
   * The last analyses asked for and their records (the first `recentCount`), most recent last: checks ask for one
   * several times. (Two short lists of a fixed length: a Map's delete and insert at each record checked rebuilt its
   * table again and again, and a list's length set is a call of the engine.)
   */
  private readonly recentRecords: (DefinitionRecord | undefined)[] = new Array(RECENT_ANALYSES).fill(undefined);
  private readonly recentAnalyses: (RecordAnalysis | undefined)[] = new Array(RECENT_ANALYSES).fill(undefined);
  private recentCount = 0;

  /** `keepsReferences`: false for a project made for one check (it keeps no reverse index). */
  constructor(
    private readonly registry: KindRegistry,
    private readonly refs: ReferenceIndex<SourceFile>,
    private readonly keepsReferences: boolean,
  ) {}

  /**
   * What a record says on its own. The first time, its references replace its copy-from link in the reverse
   * index. Only the keys are kept for good: the whole game's references (several hundred thousand, with their
   * paths) would not fit the memory budget, so an analysis is computed again when asked for later (a few recent
   * ones are kept), reading a summarized record's value again from its file (records/record.ts fullValueOf).
   */
  of(record: DefinitionRecord): RecordAnalysis {
    const records = this.recentRecords;
    const last = this.recentCount - 1;
    if (last >= 0 && records[last] === record) return this.recentAnalyses[last]!;
    const k = this.recentIndex(record);
    if (k >= 0) {
      const recent = this.recentAnalyses[k]!;
      this.forgetRecentAt(k);
      this.remember(record, recent);
      return recent;
    }
    const file = record.source as SourceFile;
    const a = file.takeLoadedAnalysis(record) ?? analyzeRecord(record, this.registry);
    if (this.recentCount >= RECENT_ANALYSES) this.forgetRecentAt(0);
    this.remember(record, a);
    // Stale (the file changed since), or indexed; a project for one check keeps no reverse index.
    if (!this.keepsReferences || this.unindexed.has(record) || file.analyses.has(record)) return a;
    this.indexReferences(file, record, a);
    return a;
  }

  /** A record's references replace its copy-from link in the reverse index (see of). */
  indexReferences(file: SourceFile, record: DefinitionRecord, a: RecordAnalysis): void {
    this.refs.remove(file, copyFromKeys(record));
    file.analyses.set(record, a.references.map((ref) => this.refs.add(file, ref.kind, ref.id)));
  }

  /** A record leaves the index: its references leave the reverse index, and a late analysis of it stays out. */
  unindex(file: SourceFile, r: DefinitionRecord): void {
    const keys = file.analyses.get(r);
    this.refs.remove(file, keys ?? copyFromKeys(r));
    const k = this.recentIndex(r);
    if (k >= 0) this.forgetRecentAt(k);
    file.takeLoadedAnalysis(r);
    this.unindexed.add(r);
    file.analyses.delete(r);
  }

  /** Drops the recent analyses (a pass over every record needs none of them again soon). */
  forgetRecent(): void {
    while (this.recentCount > 0) this.forgetRecentAt(this.recentCount - 1);
  }

  private recentIndex(record: DefinitionRecord): number {
    for (let k = 0; k < this.recentCount; k++) if (this.recentRecords[k] === record) return k;
    return -1;
  }

  private remember(record: DefinitionRecord, a: RecordAnalysis): void {
    this.recentRecords[this.recentCount] = record;
    this.recentAnalyses[this.recentCount] = a;
    this.recentCount++;
  }

  /** Drops recent analysis `k` (without splice's array of what it removes). */
  private forgetRecentAt(k: number): void {
    const records = this.recentRecords, analyses = this.recentAnalyses;
    const n = --this.recentCount;
    for (let i = k; i < n; i++) { records[i] = records[i + 1]; analyses[i] = analyses[i + 1]; }
    records[n] = undefined;
    analyses[n] = undefined;
  }
}
