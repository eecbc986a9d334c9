/**
 * The engine's facade: a workspace's files and the game data, their records, the definition and reference
 * indexes, and diagnostics per file, kept up to date one file at a time. It ties the rooms of server/src/workspace/
 * (each with one job: see docs/architecture.md, Layout) and answers queries through their read-only view (WorkspaceView).
 *
 * Data flows one way: text -> parsed objects -> records (+ their own analysis) -> indexes -> checks.
 * Replacing one file's text replaces only that file's contribution and re-checks only the files whose
 * results can change (see workspace/updates.ts, workspace/invalidation.ts).
 */
import * as path from 'path';
import type { DefinitionRecord } from './records/record';
import type { RecordAnalysis } from './records/analyze';
import type { DefinitionIndex } from './index/definitionIndex';
import type { ModGraph, ModsView } from './mods/modGraph';
import { checkRecordsSteps, runChecks } from './checks';
import type { SourceFile, FileProblem } from './sourceFile';
import type { LineageCache, Lineage } from './index/inheritance';
import type { Diagnostic, Severity, SeverityOverrides } from './diagnostic';
import { chooseVersion, findVersion, registryOf, type VersionChoice } from './registry/versions';
import type { KindRegistry } from './registry/registry';
import type { GameVersion } from './registry/declaration';
import { readListedTextFile, readTextFile } from './util/text';
import { finish, type Steps } from './util/steps';
import type { CacheOptions, CacheWrite } from './cache/store';
import type { EraVerdict } from './registry/versions/writtenFor';
import { formsOfRecord } from './workspace/versionVerdicts';
import { builtInSnapshotDir } from './mods/gameSnapshot';
import type { ModsWrittenFor } from './mods/gameFolder';
import { countedForm } from './registry/versions/eras';
import { underVersionMismatch } from './checks/versionMismatch';
import { formerDefaults } from './checks/missingField';
import type { JsonPath, OffsetRange, Part } from './syntax/locate';
import type { FileStore } from './workspace/fileStore';
import type { WorkspaceMods } from './workspace/workspaceMods';
import type { KeyVersions } from './workspace/keyVersions';
import type { Analyses } from './workspace/analyses';
import type { VersionVerdicts } from './workspace/versionVerdicts';
import type { CheckResults } from './workspace/checkResults';
import type { Indexer } from './workspace/indexer';
import type { Loader } from './workspace/loader';
import type { Updates, FileChange } from './workspace/updates';
import type { Lookups } from './workspace/lookups';
import type { GameUsage } from './workspace/gameUsage';
import { wireRooms } from './workspace/rooms';
import type { WorkspaceView, WrittenForVersion } from './workspace/view';

export { SourceFile, type FileProblem } from './sourceFile';
export type { WorkspaceView } from './workspace/view';

export interface ProjectOptions {
  /** The base game folder (holding `json/` and `mods/`), read as context. */
  readonly gamePath?: string;
  /** Folders (or files) whose diagnostics are reported: workspace folders, or the CLI's paths. */
  readonly roots: readonly string[];
  readonly severity?: SeverityOverrides;
  /** Reads a file from disk; replaceable for tests. */
  readonly readFile?: (p: string) => string;
  /**
   * The game version whose format applies (id or alias, e.g. `0.F`, `current`); empty or `auto`: detected. Tests
   * may give a GameVersion itself.
   */
  readonly gameVersion?: string | GameVersion;
  /** Mod folders, or folders of mods, to read as context besides siblings and the game (cdda-lint.config.json). */
  readonly dependencyPaths?: readonly string[];
  /** Whether "builtin" names a game here (the package's snapshot, mods/gameSnapshot.ts); default: whether it has one. */
  readonly builtInGame?: boolean;
  /**
   * An on-disk cache of what loading the files outside the roots (the game, context mods) derives: a warm start
   * takes the unchanged ones from it (see cache/store.ts; written again by `saveCacheSteps`).
   */
  readonly cache?: CacheOptions;
  /**
   * The reported files whose diagnostics the caller asks for right after loading (the CLI: all of them). Their
   * records are analysed, and the offsets of their definitions found, while each file's text and values are at
   * hand on loading, so checking them reads and parses nothing again; the analyses are held until checked.
   */
  readonly checkedAfterLoad?: (path: string) => boolean;
  /**
   * The project is loaded, checked once and dropped (the CLI): it keeps nothing that only serves later edits (the
   * reverse index of references, memoized checks). Updating its files is an error.
   */
  readonly forOneCheck?: boolean;
  /**
   * Whether `readFile` gives a file's text as an editor holds it rather than the disk's (an open document): such a
   * file is read by this thread. Without `readFile`, every file is the disk's.
   */
  readonly inMemory?: (path: string) => boolean;
  /**
   * Read and parse the files on a second thread while this one indexes (default: true, for a load of enough
   * files; see workspace/loader.ts). `every-file` (tests): a second thread, whatever the load, reads every file
   * it can, this one none.
   */
  readonly secondThread?: boolean | 'every-file';
}

export class Project implements WorkspaceView {
  /** The definition index (engine tests and scripts; queries read definitionsOf, entries, definedKinds). */
  readonly defs: DefinitionIndex;
  severity: SeverityOverrides;
  /** The game version in force and how it was chosen; its registry declares every kind. */
  readonly version: VersionChoice;
  readonly registry: KindRegistry;
  /** See ProjectOptions.forOneCheck. */
  readonly forOneCheck: boolean;
  private readonly gamePath: string | undefined;
  /** See ProjectOptions.builtInGame: the setting, then what the package holds, asked when first needed. */
  private builtInGame: boolean | undefined;
  private readonly store: FileStore;
  private readonly modSet: WorkspaceMods;
  private readonly keys: KeyVersions;
  private readonly analyses: Analyses;
  private readonly verdicts: VersionVerdicts;
  private readonly results: CheckResults;
  private readonly usage: GameUsage;
  private readonly indexer: Indexer;
  private readonly loader: Loader;
  private readonly updates: Updates;
  private readonly lookups: Lookups;
  /** Copy-from lineages, each valid while its parent key's version is unchanged (see Invalidation). */
  private readonly lineages: LineageCache;

  constructor(options: ProjectOptions) {
    const roots = options.roots.map((r) => path.resolve(r));
    this.gamePath = options.gamePath ? path.resolve(options.gamePath) : undefined;
    this.builtInGame = options.builtInGame;
    this.severity = options.severity ?? {};
    this.forOneCheck = options.forOneCheck ?? false;
    // Callers validate the setting (CLI usage error, server settings problem); an unknown name falls back.
    let version: VersionChoice;
    // A GameVersion itself: tests (tables without some types, standing for a game newer than them).
    const setting = options.gameVersion;
    if (typeof setting === 'object') version = { version: setting, source: 'setting' };
    else try { version = chooseVersion(setting, this.gamePath); } catch { version = chooseVersion(undefined, this.gamePath); }
    this.version = version;
    this.registry = registryOf(version.version);
    const readFile = options.readFile ?? readTextFile;
    const inMemory = options.inMemory ?? (options.readFile ? () => true : undefined);
    const rooms = wireRooms({
      version: version.version, registry: this.registry, readFile, forOneCheck: this.forOneCheck, cache: options.cache,
      roots, gamePath: this.gamePath, dependencyPaths: (options.dependencyPaths ?? []).map((p) => path.resolve(p)),
      // A file no editor holds is the disk's: read as listed (a server's readFile stats each file again).
      readListed: inMemory ? (p) => (inMemory(p) ? readFile(p) : readListedTextFile(p)) : readListedTextFile,
      readableElsewhere: options.secondThread === false ? undefined : inMemory ? (p) => !inMemory(p) : () => true,
      everyFileElsewhere: options.secondThread === 'every-file',
      checkedAfterLoad: options.checkedAfterLoad,
    });
    ({ store: this.store, mods: this.modSet, defs: this.defs, keys: this.keys, analyses: this.analyses, verdicts: this.verdicts, results: this.results,
      usage: this.usage, indexer: this.indexer, loader: this.loader, updates: this.updates, lookups: this.lookups, lineages: this.lineages } = rooms);
  }

  // ---------------------------------------------------------------- loading (workspace/loader.ts)

  /** Discovers the mods and files on disk and indexes them. `onProgress` gets (done, total). */
  load(onProgress?: (done: number, total: number) => void): void {
    this.loader.load(onProgress);
  }

  /** As `load`, in time slices, for a server that must keep answering while it indexes (see Loader.loadInSlices). */
  loadInSlices(
    onProgress?: (done: number, total: number) => void,
    options: { readonly sliceMs?: number; readonly isCancelled?: () => boolean } = {},
  ): Promise<boolean> {
    return this.loader.loadInSlices(onProgress, options);
  }

  /** How many files of the last load a second thread read and parsed. */
  get filesReadElsewhere(): number {
    return this.loader.filesReadElsewhere;
  }

  /** How many files of the last load this thread read ahead of their turn while the second thread read the one it needed. */
  get filesReadAhead(): number {
    return this.loader.filesReadAhead;
  }

  /**
   * Files the second thread outlined (see Indexer.indexOutlined): their ids indexed, their records made when first
   * asked for (`made`: how many so far). Counted over the project's life.
   */
  get filesOutlined(): { readonly files: number; readonly made: number } {
    return this.indexer.outlined;
  }

  /** How many files the last load took from the cache and read from disk instead; undefined without a cache. */
  cacheUse(): { readonly hits: number; readonly misses: number } | undefined {
    return this.loader.cacheUse();
  }

  /** After a load with a cache: the cache file to write, in steps (see Loader.saveCacheSteps). Call once. */
  saveCacheSteps(): Steps<CacheWrite | undefined> {
    return this.loader.saveCacheSteps();
  }

  // ---------------------------------------------------------------- updates (workspace/updates.ts)

  /**
   * Replaces a file's text (`undefined`: the file was deleted). Returns the reported files whose diagnostics
   * may have changed, the updated one included.
   */
  updateFile(filePath: string, text: string | undefined): string[] {
    return this.updateFiles([{ path: filePath, text }]);
  }

  /**
   * Replaces several files' texts at once (a folder moved or deleted, a branch switched): each file is
   * re-indexed, then what depends on all the changes is computed once. Returns the reported files whose
   * diagnostics may have changed.
   */
  updateFiles(batch: readonly FileChange[]): string[] {
    if (this.forOneCheck) throw new Error('a project made for one check keeps no reverse index: it cannot be updated');
    return this.updates.updateFiles(batch);
  }

  get revision(): number {
    return this.updates.revision;
  }

  // ---------------------------------------------------------------- the workspace's inputs (engine tests, scripts, the LSP edge)

  /** Every file held, by absolute path (engine tests and scripts; queries read fileAt). */
  get files(): ReadonlyMap<string, SourceFile> {
    return this.store.all;
  }

  /** The mod graph (engine tests and scripts; queries and checks read `mods`). */
  get graph(): ModGraph {
    return this.modSet.graph;
  }

  /** Indexes a deferred file (a map generator read from disk): see Indexer.ensureParsed. */
  ensureParsed(file: SourceFile, keepText = true): void {
    this.indexer.ensureParsed(file, keepText);
  }

  // ---------------------------------------------------------------- the read-only view (WorkspaceView)

  fileAt(filePath: string): SourceFile | undefined {
    return this.store.get(filePath);
  }

  /** The file at a path, resolved: one given as the store keeps it (the CLI gives a file's own path) is found as it is. */
  private storedFile(filePath: string): SourceFile | undefined {
    return this.store.get(filePath) ?? this.store.get(path.resolve(filePath));
  }

  reportedFiles(): SourceFile[] {
    return [...this.store.all.values()].filter((f) => f.reported);
  }

  /** What the game's own data uses beyond the version's tables (see workspace/gameUsage.ts). */
  get gameUsage(): GameUsage {
    return this.usage;
  }

  fileProblem(p: string): FileProblem | undefined {
    return this.store.problemOf(p);
  }

  textOf(file: SourceFile): string {
    return this.store.textOf(file);
  }

  locate(record: DefinitionRecord, memberPath: JsonPath, part: Part = 'value'): OffsetRange {
    return this.store.locate(record, memberPath, part);
  }

  locator(record: DefinitionRecord): (memberPath: JsonPath, part?: Part) => OffsetRange {
    return this.store.locator(record);
  }

  /** The mods as they are now (a snapshot, replaced when they change). */
  get mods(): ModsView {
    return this.modSet.graph;
  }

  definitionsOf(kind: string, id: string): readonly DefinitionRecord[] {
    return this.defs.get(kind, id);
  }

  definitionsOfTypes(types: ReadonlySet<string>): DefinitionRecord[] {
    const out: DefinitionRecord[] = [];
    for (const file of this.store.all.values()) for (const r of file.records) if (types.has(r.type)) out.push(r);
    return out;
  }

  definedKinds(): Iterable<string> {
    return this.defs.kinds();
  }

  idsChangedSince(kind: string, stamp: number): readonly string[] | undefined {
    return this.defs.changedSince(kind, stamp);
  }

  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    return this.defs.entries(kind);
  }

  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[] {
    return this.lookups.visibleDefinitions(kind, id, modId);
  }

  kindsDefining(id: string, modId: string | undefined): string[] {
    return this.lookups.kindsDefining(id, modId);
  }

  anyVisibleDefinition(kind: string, id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean {
    return this.lookups.anyVisibleDefinition(kind, id, modId, accepts);
  }

  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number {
    return this.lookups.compareLoadOrder(a, b);
  }

  nearIds(kind: string, id: string, modId: string | undefined): string[] {
    return this.lookups.nearIds(kind, id, modId);
  }

  idsBeginning(kind: string, prefix: string, modId: string | undefined): string[] {
    return this.lookups.idsBeginning(kind, prefix, modId);
  }

  analysisOf(record: DefinitionRecord): RecordAnalysis {
    return this.analyses.of(record);
  }

  lineageOf(record: DefinitionRecord): Lineage {
    return this.lineages.of(record);
  }

  versionOf(key: string): number {
    return this.keys.versionOf(key);
  }

  sharedKeyOf(kind: string, id: string): string | undefined {
    return this.keys.sharedKeyOf(kind, id);
  }

  existenceKeyOf(kind: string, id: string): string {
    return this.keys.existenceKeyOf(kind, id);
  }

  filesReferencing(kind: string, id: string): SourceFile[] {
    return finish(this.filesReferencingSteps(kind, id));
  }

  filesReferencingSteps(kind: string, id: string): Steps<SourceFile[]> {
    return this.indexer.filesReferencingSteps(kind, id);
  }

  /** The format a mod's own content is written for, when the checked game cannot read it (see VersionVerdicts). */
  writtenFor(modId: string): EraVerdict | undefined {
    return this.verdicts.writtenFor(modId);
  }

  /**
   * A reported file's checks made ahead in steps, one record per step (see checks/index.ts checkRecordsSteps):
   * `diagnostics` then costs little. For a server that must answer between the records of a big file.
   */
  *diagnosticsSteps(filePath: string): Steps<void> {
    const file = this.storedFile(filePath);
    if (!file || !file.reported || this.results.cached(file)) return;
    this.indexer.ensureParsed(file);
    yield* checkRecordsSteps(this, file);
  }

  diagnostics(filePath: string): Diagnostic[] {
    const file = this.storedFile(filePath);
    if (!file || !file.reported) return [];
    const modId = file.modId;
    const verdict = modId !== undefined ? this.verdicts.writtenFor(modId) : undefined;
    const cached = formerDefaults(this.checkResults(file), verdict?.fitsVersion);
    if (!verdict || modId === undefined) return this.applySeverity(cached);
    const context = { checked: this.version.version, verdict, gamePath: this.gamePath, builtInGame: this.hasBuiltInGame() };
    let topLevel: DefinitionRecord[] | undefined;
    return this.applySeverity(underVersionMismatch(file.path, cached, context, {
      at: this.modIdAt(file),
      formsAt: (offset) => {
        // The file's own definitions, in the order of its text (those written inside one lie within it).
        topLevel ??= file.records.filter((r) => !r.inline);
        const record = recordAt(topLevel, offset);
        return record ? formsOfRecord(record) : [];
      },
      example: (formId) => {
        const record = this.verdicts.firstShowing(modId, formId);
        if (!record) return undefined;
        const form = verdict.against.find((a) => a.form.id === formId)?.form;
        const member = form && !('types' in form.match) ? form.match.has : undefined;
        const at = this.locate(record, member && !('entriesOf' in form!.match) ? [member] : ['type'], member ? 'key' : 'value');
        return { path: record.source.path, start: at.start, end: at.end, message: 'the first of them' };
      },
    }));
  }

  /**
   * The version some mods (the CLI's checked mods, the server's workspace mods) are written for, when one of them is
   * decided for another supported version than the checked one (its verdict) and every other one fits it too.
   */
  writtenForOther(modIds: Iterable<string>): ModsWrittenFor | undefined {
    const ids = [...modIds];
    for (const modId of ids) {
      const verdict = this.verdicts.writtenFor(modId);
      const version = verdict?.fitsVersion;
      if (!verdict || version === undefined || !ids.every((m) => this.verdicts.fits(m, version))) continue;
      const evidence = verdict.against.map((c) => countedForm(c.form, c.count)).join(', ');
      return { version, versionTitle: findVersion(version)?.title ?? version, mod: this.modSet.graph.get(modId)?.name ?? modId, evidence };
    }
    return undefined;
  }

  /** Whether this installation has the built-in snapshot of the current game (asked once, when a verdict needs it). */
  private hasBuiltInGame(): boolean {
    this.builtInGame ??= builtInSnapshotDir() !== undefined;
    return this.builtInGame;
  }

  /** A file's diagnostics as its checks found them, before a version verdict counts their root causes: what migrate repairs. */
  diagnosticsForMigration(filePath: string, writtenFor?: WrittenForVersion): Diagnostic[] {
    const file = this.storedFile(filePath);
    if (!file || !file.reported) return [];
    // The version the mod is written for decides what a missing member was read as there (checks/missingField.ts).
    const version = writtenFor ? writtenFor.version : this.writtenForVersion(file.modId);
    return this.applySeverity(formerDefaults(this.checkResults(file), version));
  }

  /** The supported game version a mod is written for, when its verdict names another than the checked one. */
  writtenForVersion(modId: string | undefined): string | undefined {
    return modId !== undefined ? this.verdicts.writtenFor(modId)?.fitsVersion : undefined;
  }

  private checkResults(file: SourceFile): Diagnostic[] {
    this.indexer.ensureParsed(file);
    return this.results.cached(file) ?? this.results.keep(file, runChecks(this, file));
  }

  /**
   * Where a notice about the whole mod goes: the mod's id in its modinfo.json, or, when that file is not reported
   * (the CLI given one file of the mod), the first definition's type in this file. Undefined for the mod's other files.
   */
  private modIdAt(file: SourceFile): OffsetRange | undefined {
    const mod = file.modId !== undefined ? this.modSet.graph.get(file.modId) : undefined;
    if (!mod) return undefined;
    if (file.path === mod.modinfoFile) {
      const record = file.records.find((r) => r.type === 'MOD_INFO' && r.ids.includes(mod.id));
      return record && this.locate(record, ['id']);
    }
    if (this.store.get(mod.modinfoFile)?.reported) return undefined;
    const first = file.records[0];
    return first && this.locate(first, ['type']);
  }

  private applySeverity(list: Diagnostic[]): Diagnostic[] {
    if (Object.keys(this.severity).length === 0) return list;
    const out: Diagnostic[] = [];
    for (const d of list) {
      const s = this.severity[d.code];
      if (s === 'off') continue;
      out.push(s ? { ...d, severity: s as Severity } : d);
    }
    return out;
  }
}

/** The record whose object holds `offset`: a binary search of records that do not overlap, in the order of their text. */
function recordAt(records: readonly DefinitionRecord[], offset: number): DefinitionRecord | undefined {
  let lo = 0, hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = records[mid];
    if (offset < r.start) hi = mid - 1;
    else if (offset >= r.end) lo = mid + 1;
    else return r;
  }
  return undefined;
}
