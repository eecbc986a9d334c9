/**
 * Puts a file's records into the indexes and takes them out: parses its text (after an edit, only the objects
 * whose text changed), makes its records, adds them to the definition index and their copy-from links (then,
 * once analysed, all their references) to the reverse index. Files read from disk that define no id (map
 * generators) wait, unparsed, until first asked for.
 */
import { compactParsed, parseContentFile, parsedFromJson, regionAt, reparseContentFile } from '../syntax/parseFile';
import { earlierIn, recordsOf, recordsOfObjects, type DefinitionRecord } from '../records/record';
import { analyzeRecord } from '../records/analyze';
import type { DefinitionIndex } from '../index/definitionIndex';
import { refKey, type ReferenceIndex } from '../index/referenceIndex';
import { LoadedBatch } from '../index/loadedBatch';
import type { ReadAheadResult } from '../index/readAhead';
import { jsonOf, parsedFromText, type OutlinedResult } from '../index/readAheadFile';
import type { CachedFile } from '../cache/store';
import type { KindRegistry } from '../registry/registry';
import { definesNoId } from '../syntax/definesNoId';
import type { FileParts, SourceFile } from '../sourceFile';
import type { Steps } from '../util/steps';
import type { FileStore } from './fileStore';
import type { WorkspaceMods } from './workspaceMods';
import type { KeyVersions } from './keyVersions';
import type { Analyses } from './analyses';
import type { VersionVerdicts } from './versionVerdicts';
import type { CheckResults } from './checkResults';
import type { GameUsage } from './gameUsage';
import { learnBeyondTables, type TableMembers } from '../records/beyondTables';
import { isPlainObject } from '../util/json';
import type { ParsedFile } from '../syntax/parseFile';

/**
 * What a file's text uses beyond the tables (records/beyondTables.ts), for a file indexed without parsing it (see
 * GameUsage.later): the native parse of its text, or the tolerant one for a text that is not strict JSON.
 */
export function learnedFromText(text: string, tables: TableMembers): string[] {
  let values: readonly unknown[];
  try {
    const value = JSON.parse(text) as unknown;
    values = Array.isArray(value) ? value : [value];
  } catch {
    values = parseContentFile(text).objects.map((o) => o.value);
  }
  const learned = new Set<string>();
  for (const v of values) if (isPlainObject(v)) learnBeyondTables(v, tables, learned);
  return [...learned];
}

/** Adds the keys of a record's definitions to `into`. */
export function addKeys(into: Set<string>, r: DefinitionRecord): void {
  for (const id of r.ids) into.add(refKey(r.kind, id));
}

/** The indexes and the rooms an indexer keeps up to date. */
export interface IndexerParts {
  readonly registry: KindRegistry;
  readonly store: FileStore;
  readonly mods: WorkspaceMods;
  readonly defs: DefinitionIndex;
  readonly refs: ReferenceIndex<SourceFile>;
  readonly keys: KeyVersions;
  readonly analyses: Analyses;
  readonly verdicts: VersionVerdicts;
  readonly results: CheckResults;
  /** What the game's own files use beyond the tables, learned as they are loaded. */
  readonly usage: GameUsage;
  /** The reported files analysed on loading (see ProjectOptions.checkedAfterLoad). */
  readonly checkedAfterLoad: ((path: string) => boolean) | undefined;
  /** A project made for one check keeps no reverse index (see ProjectOptions.forOneCheck). */
  readonly forOneCheck: boolean;
}

export class Indexer {
  /** Files indexed from an outline (see indexOutlined), and how many of them had their records made since. */
  readonly outlined = { files: 0, made: 0 };
  /** Whether every reported (resp. every) file's records have been analysed: see analyzeReported, filesReferencingSteps. */
  private reportedAnalyzed = true;
  private allAnalyzed = true;

  constructor(private readonly parts: IndexerParts) {}

  /**
   * (Re)indexes one file from its text; returns the keys whose definitions changed (added, removed, edited or
   * moved). After an edit only the objects whose text changed are parsed, analysed and re-indexed: the others
   * keep their records, analyses and memoized checks.
   */
  indexFile(file: SourceFile, text: string, fromDisk = false, mayDefer = fromDisk, read?: ReadAheadResult): Set<string> {
    const { mods, verdicts, defs, refs, keys, analyses, registry } = this.parts;
    const owner = mods.ownerOf(file.path);
    const changed = new Set<string>();
    if (!owner) {
      for (const r of file.records) addKeys(changed, r);
      this.dropFile(file);
      return changed;
    }
    verdicts.setModId(file, owner.id);
    file.reported = mods.isUnderRoot(file.path);
    // Files read from disk drop their text (read again, and cached a while, when a location is needed):
    // only edited files keep theirs, which is also what an edit is compared with.
    const previousText = file.text;
    file.text = fromDisk ? undefined : text;
    const checkedAfterLoad = this.parts.checkedAfterLoad;
    const analyzeNow = fromDisk && file.reported && checkedAfterLoad !== undefined && checkedAfterLoad(file.path);
    // A file read from disk that can define no id (map generators for overmap terrains: a quarter of the
    // game's bytes) is parsed only when its diagnostics or its references are asked for (see ensureParsed).
    if (mayDefer && !analyzeNow && (read && read.kind !== 'self' ? read.kind === 'defers' : definesNoId(text))) {
      this.unindexFile(file);
      file.deferred = true;
      // A game's map generators teach too: when first needed (see GameUsage.later), not for every load.
      if (fromDisk) this.parts.usage.later(file.path);
      return changed;
    }
    file.deferred = false;
    if (read?.kind === 'outlined') {
      // Outside the roots, its records wait until first asked for (see indexOutlined); else they are made now.
      if (fromDisk && mayDefer && !analyzeNow && !file.reported && file.records.length === 0) {
        this.indexOutlined(file, read);
        return changed;
      }
      read = parsedFromText(read);
    }
    const canReuse = !fromDisk && previousText !== undefined && file.records.length > 0;
    const { parsed, sameAs } = canReuse ? reparseContentFile(text, previousText!, file.parsed)
      : { parsed: read?.kind === 'parsed' ? parsedFromJson(read.value, true, read.inFile) ?? parseContentFile(text) : parseContentFile(text), sameAs: [] as number[] };
    // What the game's data uses beyond the tables is learned as a load reads it (not from an edit, nor from a
    // file parsed later: the same whatever is asked first).
    if (fromDisk && mayDefer) this.parts.usage.note(file.path, this.learnedFrom(file.path, read, parsed));
    // A file indexed for the first time (every file of a load) has no records to keep: no map, no set.
    const oldByIndex = file.records.length > 0 ? new Map<number, DefinitionRecord[]>() : undefined;
    for (const r of file.records) {
      const list = oldByIndex!.get(r.index);
      if (list) list.push(r); else oldByIndex!.set(r.index, [r]);
    }
    const kept = new Set<DefinitionRecord>();
    const records: DefinitionRecord[] = [];
    // Outside the roots, a whole value is read again from the file when first asked for (most of the game's never are).
    const wholesInFile = fromDisk && !file.reported;
    // Its object as parsed (or summarized: what identifies it), not its record's value (which may be read from the
    // file, see ParsedObject.wholeInFile, whose parse is not in place yet).
    const earlier = earlierIn(records, parsed.objects);
    const objects = parsed.objects;
    for (let i = 0; i < objects.length; i++) {
      const obj = objects[i];
      const old = sameAs[i] ?? -1;
      if (old === i) {
        for (const r of oldByIndex?.get(i) ?? []) { records.push(r); kept.add(r); }
        continue;
      }
      // Moved but unchanged: new records (the index changed) over the already parsed value.
      const value = old >= 0 ? oldByIndex?.get(old)?.[0]?.value ?? obj.value : obj.value;
      const made = recordsOf(value === obj.value ? obj : { value, slot: obj.slot }, i, file, registry, earlier, wholesInFile);
      for (let k = 0; k < made.length; k++) records.push(made[k]);
    }
    for (const r of file.records) if (!kept.has(r)) this.unindexRecord(file, r, changed);
    const fresh = kept.size > 0 ? records.filter((r) => !kept.has(r)) : records;
    // A file read from disk and not analysed now goes to the index as a batch: its kinds are indexed when first
    // read (see index/loadedBatch.ts).
    const asBatch = fromDisk && !analyzeNow && fresh.length > 0;
    if (asBatch) defs.addLater(LoadedBatch.of(fresh, file.modId));
    // A file read from disk outside the roots links nothing in the reverse index, as one the cache gives (see
    // indexCached): it is not reported, so no edit re-checks it; what inherits is found through the definition
    // index; finding references analyses it first.
    const linksCopyFrom = !this.parts.forOneCheck && (file.reported || !fromDisk);
    for (const r of fresh) {
      if (!fromDisk) keys.noteSignaturesBefore(r);
      if (!asBatch) defs.add(r);
      // Only the copy-from link is indexed now (an edit's analysis, once the file's new parse is in place below,
      // replaces it with all its references; a record read from disk waits until it is first checked or searched).
      if (r.copyFrom !== undefined && linksCopyFrom) refs.add(file, r.kind, r.copyFrom);
      if (!fromDisk) addKeys(changed, r);
    }
    if (fromDisk) { this.allAnalyzed = false; if (file.reported) this.reportedAnalyzed = false; }
    const previous = file.records;
    file.records = records;
    // (A well-formed file's objects as parsed are what its records' whole values are read again as.)
    if (analyzeNow && parsed.wellFormed) verdicts.countFromWhole(records, (r) => (parsed.objects[r.index].reduced ? undefined : parsed.objects[r.index].value));
    verdicts.retally(file, previous);
    if (analyzeNow) {
      // The offsets (found with what the definitions' text hides, see regionAt) and the analyses, while the
      // text and the whole values are at hand.
      regionAt(parsed, text, 0);
      for (const r of fresh) {
        // A record keeping its whole value is analysed when checked (Analyses.of): the same work, but what it
        // makes then is garbage at once, not kept through the load (copied by each scavenge meanwhile).
        if (this.parts.forOneCheck && !r.summarized) continue;
        const a = analyzeRecord(r, registry, parsed.objects[r.index].value);
        if (!this.parts.forOneCheck) analyses.indexReferences(file, r, a);
        file.keepLoadedAnalysis(r, a);
      }
    }
    // Only the records keep values (summaries for unchecked types): the parsed objects keep their slots.
    file.parsed = compactParsed(parsed);
    // An edit is analysed at once (it is about to be checked), once the file's parse is in place: a summarized
    // record's whole value is read from the new text at its new position.
    if (!fromDisk) for (const r of fresh) analyses.of(r);
    return changed;
  }

  /**
   * Indexes a file (outside the roots, read as context) as the cache gives it: what indexFile derived from its
   * text. Its copy-from links are not put in the reverse index: the file is not reported, so no update has to
   * re-check it, and finding references analyses every record (indexing all its references) first.
   * Its parse and records are made when first asked for, by the file or by the index (a read of one of their
   * kinds): the same objects either way.
   */
  indexCached(file: SourceFile, cached: CachedFile): void {
    // A deferred file that taught nothing when the cache was written may not have been asked yet (see GameUsage.later).
    if (cached.deferred && cached.learned.length === 0) this.parts.usage.later(file.path);
    else this.parts.usage.note(file.path, cached.learned);
    this.parts.verdicts.setModId(file, this.parts.mods.ownerOf(file.path)?.id);
    file.reported = false;
    file.text = undefined;
    file.deferred = cached.deferred;
    file.contentsLater(cached);
    this.parts.defs.addLater(cached);
    if (!cached.deferred) this.allAnalyzed = false;
  }

  /**
   * What a file of the game read from disk uses beyond the tables (see records/beyondTables.ts): what the
   * second thread learned from its whole objects, or learned here; nothing for a file that is not the game's.
   */
  private learnedFrom(p: string, read: ReadAheadResult | undefined, parsed?: ParsedFile): readonly string[] | undefined {
    if (!this.parts.mods.isGameData(p)) return undefined;
    if (read?.kind === 'parsed' || read?.kind === 'outlined') return read.learned;
    const learned = new Set<string>();
    for (const obj of parsed?.objects ?? []) if (!obj.reduced) learnBeyondTables(obj.value, this.parts.registry, learned);
    return [...learned];
  }

  /**
   * Indexes a file read from disk outside the roots that the second thread outlined (see index/readAheadFile.ts
   * OutlinedResult), as indexFile would, but for its parse and records: the index takes its ids from the outline,
   * and both are made from its JSON text when first asked for, by the file or by the index (the same objects
   * either way). A start makes few of them: most of the game's files are never read.
   */
  private indexOutlined(file: SourceFile, read: OutlinedResult): void {
    const { defs, verdicts, registry, usage } = this.parts;
    usage.note(file.path, this.learnedFrom(file.path, read));
    let parts: FileParts | undefined;
    const contents = (): FileParts => {
      if (parts) return parts;
      this.outlined.made++;
      const parsed = parsedFromJson(JSON.parse(jsonOf(read)), true, read.inFile)!;
      return (parts = { parsed: compactParsed(parsed), records: recordsOfObjects(parsed.objects, file, registry, true) });
    };
    this.outlined.files++;
    const previous = file.records;
    file.contentsLater({ contents });
    if (read.outline.kinds.length > 0) defs.addLater(new LoadedBatch(read.outline, file.modId, () => contents().records));
    this.allAnalyzed = false;
    verdicts.retally(file, previous);
  }

  /** Takes a record out of the indexes; with `changed`, its keys are noted as changed (and their signatures before). */
  private unindexRecord(file: SourceFile, r: DefinitionRecord, changed?: Set<string>): void {
    if (changed) this.parts.keys.noteSignaturesBefore(r);
    this.parts.defs.remove(r);
    this.parts.analyses.unindex(file, r);
    file.memo.delete(r);
    if (changed) addKeys(changed, r);
  }

  private unindexFile(file: SourceFile): void {
    for (const r of file.records) this.unindexRecord(file, r);
    const previous = file.records;
    file.records = [];
    this.parts.verdicts.retally(file, previous);
    file.parsed = { objects: [], problems: [] };
    this.parts.results.invalidate(file);
  }

  /** Forgets a file (deleted, or no active mod owns it any more), and what was noted about its diagnostics. */
  dropFile(file: SourceFile): void {
    this.unindexFile(file);
    this.parts.store.forget(file.path);
    this.parts.verdicts.setModId(file, undefined);
    this.parts.results.forget(file);
  }

  /**
   * Indexes a deferred file: its records define no id, but are checked and refer to other definitions.
   * `keepText`: the text goes to the recent-texts cache (its diagnostics are about to locate ranges in it).
   */
  ensureParsed(file: SourceFile, keepText = true): void {
    if (!file.deferred) return;
    file.deferred = false;
    const store = this.parts.store;
    this.indexFile(file, keepText ? store.textOf(file) : store.safeRead(file.path) ?? '', true, false);
  }

  /**
   * Files with a whole-file problem under a root get a file of their own, so the problem is reported there
   * (their records, if any, are not indexed: the game does not load them).
   */
  materializeProblemFiles(): void {
    const { store, mods } = this.parts;
    for (const [p, problem] of store.problemEntries()) {
      if (!mods.isUnderRoot(p)) continue;
      const existing = store.get(p);
      if (existing && problem.code === 'unreadable-file') { existing.reported = true; continue; }
      if (existing && existing.records.length > 0) continue; // loaded after all (a duplicate mod's files are not)
      const file = existing ?? store.fileFor(p);
      this.parts.verdicts.setModId(file, undefined);
      file.reported = true;
      const text = problem.code === 'unreadable-file' || problem.code === 'skipped-link' ? undefined : file.text ?? store.safeRead(p);
      file.parsed = text === undefined ? { objects: [], problems: [] } : compactParsed(parseContentFile(text));
      this.parts.results.invalidate(file);
    }
  }

  /** Reported files' references complete the reverse index before an edit asks who depends on it. */
  analyzeReported(): void {
    if (this.reportedAnalyzed) return;
    for (const f of this.parts.store.all.values()) {
      if (!f.reported) continue;
      this.ensureParsed(f);
      // Records already checked have their references indexed.
      for (const r of f.records) if (!f.analyses.has(r)) this.parts.analyses.of(r);
    }
    this.reportedAnalyzed = true;
  }

  /** As Project.filesReferencing, pausing between records while it analyses them (the first search reads them all). */
  *filesReferencingSteps(kind: string, id: string): Steps<SourceFile[]> {
    const { store, analyses, refs } = this.parts;
    if (!this.allAnalyzed) {
      for (const f of store.all.values()) {
        this.ensureParsed(f, false);
        for (const r of f.records) {
          if (!f.analyses.has(r)) { analyses.of(r); yield; }
        }
      }
      this.allAnalyzed = true;
      // Nothing of that pass is needed again soon.
      store.forgetValues();
      analyses.forgetRecent();
    }
    return [...refs.filesReferencing(kind, id)];
  }
}
