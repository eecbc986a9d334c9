/**
 * One content file as the project holds it: its mod, whether it is reported, its parse and records, and what
 * was derived from them (analysis keys, memoized checks). Below the checks (which see files) and the project
 * (which makes them).
 */
import { objectOffset, type ParsedFile } from './syntax/parseFile';
import type { DefinitionRecord, RecordSource } from './records/record';
import type { RecordMemo } from './checks/report';
import type { RecordAnalysis } from './records/analyze';

/**
 * What stops a whole file from loading: it cannot be read, a modinfo.json declares no mod, a mod id is taken, or
 * it is a link not followed (see mods/discover.ts SkippedLink).
 */
export interface FileProblem {
  readonly code: 'unreadable-file' | 'invalid-modinfo' | 'duplicate-mod' | 'skipped-link';
  readonly message: string;
}

/** What a file's text gives the index. */
export interface FileParts {
  readonly parsed: ParsedFile;
  readonly records: DefinitionRecord[];
}

export class SourceFile implements RecordSource {
  modId: string | undefined = undefined;
  /** Reported: under a root and part of an active mod. */
  reported = false;
  text: string | undefined = undefined;
  /** The compact parse (see compactParsed). */
  get parsed(): ParsedFile {
    if (this.later) this.takeContents();
    return (this.parsedValue ??= { objects: [], problems: [] });
  }
  set parsed(parsed: ParsedFile) {
    if (this.later) this.takeContents();
    this.parsedValue = parsed;
  }
  get records(): DefinitionRecord[] {
    if (this.later) this.takeContents();
    return (this.recordList ??= []);
  }
  set records(records: DefinitionRecord[]) {
    if (this.later) this.takeContents();
    this.recordList = records;
  }
  /**
   * The reference keys of each analysed record (the index's own strings): what the reverse index holds for it.
   * The analyses themselves are recomputed on demand (see Project.analysisOf), a few kept at a time.
   */
  get analyses(): Map<DefinitionRecord, readonly string[]> {
    return (this.analysisMap ??= new Map());
  }
  /** Read but not parsed yet: its text defines no id (map generators only: see definesNoId, ensureParsed). */
  deferred = false;
  /** Memoized checks of each record (see checks/index.ts), valid while the keys they consulted are unchanged. */
  get memo(): Map<DefinitionRecord, RecordMemo> {
    return (this.memoMap ??= new Map());
  }
  /**
   * Keeps the analysis made on loading a record (see ProjectOptions.checkedAfterLoad) until it is checked: per
   * file, where the check looks for it (one map of the whole game's records is slow to search).
   */
  keepLoadedAnalysis(record: DefinitionRecord, analysis: RecordAnalysis): void {
    const kept = (this.loadedMap ??= new Map());
    if (kept.get(record) === undefined) this.loadedLeft++;
    kept.set(record, analysis);
  }
  /** The analysis made on loading a record, handed over once (and forgotten here). */
  takeLoadedAnalysis(record: DefinitionRecord): RecordAnalysis | undefined {
    const a = this.loadedMap?.get(record);
    if (a === undefined) return undefined;
    // Not deleted one by one (a Map rebuilds its table each time it is down to a quarter): gone when all are taken.
    if (--this.loadedLeft === 0) this.loadedMap = undefined; else this.loadedMap!.set(record, undefined);
    return a;
  }
  // Made when first used: most files of the game are never checked nor searched, and an empty Map is not free.
  private analysisMap: Map<DefinitionRecord, readonly string[]> | undefined = undefined;
  private memoMap: Map<DefinitionRecord, RecordMemo> | undefined = undefined;
  private loadedMap: Map<DefinitionRecord, RecordAnalysis | undefined> | undefined = undefined;
  /** How many of loadedMap's analyses are still to be taken. */
  private loadedLeft = 0;
  // Made when first asked for: a file the cache gives gets its own.
  private parsedValue: ParsedFile | undefined = undefined;
  private recordList: DefinitionRecord[] | undefined = undefined;
  /** Where the parse and records come from when first asked for (see contentsLater). */
  private later: { contents(): FileParts } | undefined = undefined;
  constructor(
    readonly path: string,
    private readonly textProvider: (f: SourceFile) => string,
    private readonly valueProvider: (f: SourceFile, objectIndex: number) => Record<string, unknown>,
  ) {}

  /**
   * The parse and records are made when first asked for, by `from` (asked once): a warm start takes the game's
   * files from the on-disk cache without making the records of those no query ever reads.
   */
  contentsLater(from: { contents(): FileParts }): void {
    this.later = from;
  }

  private takeContents(): void {
    const { parsed, records } = this.later!.contents();
    this.later = undefined;
    this.parsedValue = parsed;
    this.recordList = records;
  }

  offsetOf(objectIndex: number, end: boolean): number {
    return objectOffset(this.parsed, this.textOfFile, objectIndex, end);
  }

  /** The file's text, for the offsets of its objects (found when first asked for). */
  private readonly textOfFile = (): string => this.textProvider(this);

  fullValueOf(objectIndex: number): Record<string, unknown> {
    return this.valueProvider(this, objectIndex);
  }
}
