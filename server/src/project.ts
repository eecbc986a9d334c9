/**
 * The engine's facade: the files of a workspace and the game data, their records, the definition and
 * reference indexes, and diagnostics per file, kept up to date one file at a time.
 *
 * Data flows one way: text -> parsed objects -> records (+ their own analysis) -> indexes -> checks.
 * Replacing one file's text replaces only that file's contribution and re-checks only the files whose
 * results can change (see `updateFile`).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as jsonc from 'jsonc-parser';
import { compactParsed, objectRange, objectValue, parseContentFile, parsedFromJson, regionAt, reparseContentFile, slotOf, type ParsedFile } from './syntax/parseFile';
import { objectTree, locateInJson, locatePath, type JsonPath, type OffsetRange, type Part } from './syntax/locate';
import { MAX_NESTING } from './syntax/nesting';
import { recordsOf, type DefinitionRecord, type RecordSource } from './records/record';
import { analyzeRecord, type RecordAnalysis } from './records/analyze';
import { DefinitionIndex } from './index/definitionIndex';
import { ReferenceIndex, anyKindKey, refKey } from './index/referenceIndex';
import { interactionParts, interactionsFolder, modInfoFromJson, type ModInfo } from './mods/modInfo';
import { ModGraph } from './mods/modGraph';
import { enclosingModFolder, isUnder, listJsonFiles, siblingModinfos } from './mods/discover';
import { runChecks } from './checks';
import { SourceFile, type FileProblem } from './sourceFile';

export { SourceFile, type FileProblem } from './sourceFile';
import { kindsAlsoAccepting } from './checks/unknownId';
import { LineageCache, type Lineage } from './index/inheritance';
import type { Diagnostic, Severity, SeverityOverrides } from './diagnostic';
import { chooseVersion, registryOf, type VersionChoice } from './registry/versions';
import type { KindRegistry } from './registry/registry';
import { readListedTextFile, readTextFile, stripBom } from './util/text';
import { definesNoId } from './syntax/definesNoId';
import { ReadAhead, type ReadAheadResult } from './index/readAhead';
import { LoadedBatch } from './index/loadedBatch';
import { finish, type Steps } from './util/steps';
import { NearWords, byDistance, type Scored } from './util/closest';
import { IndexCache, type CachedFile, type CacheOptions, type CacheWrite } from './cache/store';
import { cacheKey } from './cache/key';
import { tallyTypes, writtenForOther, type TypeTally, type WrittenForOther } from './registry/versions/writtenFor';
import { underVersionMismatch } from './checks/versionMismatch';
import { PALETTE_KIND } from './mapgen/resolve';

const PALETTE_PREFIX = refKey(PALETTE_KIND, '');

export interface ProjectOptions {
  /** The base game folder (holding `json/` and `mods/`), read as context. */
  readonly gamePath?: string;
  /** Folders (or files) whose diagnostics are reported: workspace folders, or the CLI's paths. */
  readonly roots: readonly string[];
  readonly severity?: SeverityOverrides;
  /** Reads a file from disk; replaceable for tests. */
  readonly readFile?: (p: string) => string;
  /** The game version whose format applies (id or alias, e.g. `0.F`, `current`); empty or `auto`: detected. */
  readonly gameVersion?: string;
  /** Mod folders, or folders of mods, to read as context besides siblings and the game (cdda-lint.config.json). */
  readonly dependencyPaths?: readonly string[];
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
   * files; see startReadAhead). `every-file` (tests): a second thread, whatever the load, reads every file it can,
   * this one none.
   */
  readonly secondThread?: boolean | 'every-file';
}


/**
 * A modinfo.json's value, read tolerantly (a trailing comma or a comment still names the mod). The native parser
 * first: it gives the same value for valid JSON, and a start reads a hundred of these.
 */
function modinfoValue(text: string): unknown {
  const plain = stripBom(text);
  try { return JSON.parse(plain); } catch { return jsonc.parse(plain, [], { allowTrailingComma: true }); }
}

/** Whether two lists of strings are equal (joined, `[]` and `[""]` would look the same). */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function interactionNames(parts: readonly ModInfo[]): string {
  return parts.map((m) => m.interaction!.with).join('\u0000');
}

/** Adds `file` to the set of `key` in `map`. */
function addTo(map: Map<string, Set<SourceFile>>, key: string, file: SourceFile): void {
  let set = map.get(key);
  if (!set) { set = new Set(); map.set(key, set); }
  set.add(file);
}

function addKeys(into: Set<string>, r: DefinitionRecord): void {
  for (const id of r.ids) into.add(refKey(r.kind, id));
}

/** In a path under a mod's interaction folders (see interactionsFolder). */
const INTERACTIONS_SEGMENT = `${path.sep}mod_interactions`;

/**
 * Fewer files than this are read by the loading thread alone. A second thread pays only on large loads: it takes
 * 50-100 ms to start while the first is busy, and a file it reads costs more CPU in all (its summary crosses as
 * JSON text). Cold loads, wall time with a second thread / without (medians of 3): 603, 1,003 and 1,503 of the
 * current game's core files 130 / 127, 201 / 186 and 287 / 279 ms; 0.F with Magiclysm (2,046 files) 299 / 320; the
 * current game with Magiclysm (4,175 files) 578 / 663. A warm start reading a mod's 345 files 216 / 193 ms, 514
 * files 215 / 199.
 */
const MIN_FILES_FOR_A_SECOND_THREAD = 1500;

/** Records dropped from the index; their analysis must not touch the reverse index any more. */
const unindexed = new WeakSet<DefinitionRecord>();

function copyFromKeys(r: DefinitionRecord): string[] {
  return r.copyFrom === undefined ? [] : [refKey(r.kind, r.copyFrom)];
}


export class Project {
  readonly files = new Map<string, SourceFile>();
  readonly defs = new DefinitionIndex();
  readonly refs = new ReferenceIndex<SourceFile>();
  graph: ModGraph = new ModGraph([]);
  severity: SeverityOverrides;
  /** The game version in force and how it was chosen; its registry declares every kind. */
  readonly version: VersionChoice;
  readonly registry: KindRegistry;
  private readonly roots: string[];
  private readonly gamePath: string | undefined;
  private readonly dependencyPaths: readonly string[];
  private readonly readFileFn: (p: string) => string;
  /** Reads a file of a load's listing (known to be a regular file: see readListedFile); `readFile` for one in memory. */
  private readonly readListedFn: (p: string) => string;
  private readonly checkedAfterLoad: ((path: string) => boolean) | undefined;
  /** Which files a second thread may read (see ProjectOptions.inMemory, secondThread); undefined: none. */
  private readonly readableElsewhere: ((path: string) => boolean) | undefined;
  private readonly everyFileElsewhere: boolean;
  /** See ProjectOptions.forOneCheck. */
  readonly forOneCheck: boolean;
  /** modinfo.json path -> its mod (all known, active or not). */
  private readonly modInfos = new Map<string, ModInfo>();
  private readonly diagnosticsCache = new Map<SourceFile, Diagnostic[]>();
  /** Files whose diagnostics name an unknown id of a kind: re-checked when that kind gains or loses an id. */
  private readonly unresolvedByKind = new Map<string, Set<SourceFile>>();
  /** Files whose cached diagnostics name the kinds an id is of: re-checked when any kind gains or loses that id. */
  private readonly kindsNamedById = new Map<string, Set<SourceFile>>();
  /**
   * path -> files whose cached diagnostics have related locations in that file: an edit there moves the places
   * they show, so they are re-checked and re-published with it.
   */
  private readonly relatedInto = new Map<string, Set<SourceFile>>();
  private readonly relatedOf = new Map<SourceFile, string[]>();
  private readonly diskTextCache = new Map<string, string>();
  /** Files that cannot load as a whole (see FileProblem); reported on the file when it is under a root. */
  private readonly fileProblemMap = new Map<string, FileProblem>();
  private readonly keyVersions = new Map<string, number>();
  /** Content key -> its existence key (see existenceKeyOf). */
  private readonly existenceKeys = new Map<string, string>();
  /** Per key an update under way changes: its existence signature before the update (see existenceChanged). */
  private readonly signaturesBefore = new Map<string, string>();
  /** An update that changes the mods is under way: every changed key counts as found elsewhere now. */
  private modsChanging = false;
  /** Whether every reported (resp. every) file's records have been analysed: see analysisOf. */
  private reportedAnalyzed = true;
  private allAnalyzed = true;
  /** How many files of the last load a second thread read and parsed (see startReadAhead). */
  filesReadElsewhere = 0;
  /** Bumped by every update of the files: a query paused in between (see util/steps.ts) knows it is stale. */
  revision = 0;
  /** Copy-from lineages, each valid while its parent key's version is unchanged (see affectedBy). */
  private readonly lineages: LineageCache;
  private readonly cacheOptions: CacheOptions | undefined;
  /** The cache during a load, until saved (see load, saveCacheSteps). */
  private warm: IndexCache | undefined;

  constructor(options: ProjectOptions) {
    this.roots = options.roots.map((r) => path.resolve(r));
    this.gamePath = options.gamePath ? path.resolve(options.gamePath) : undefined;
    this.severity = options.severity ?? {};
    this.dependencyPaths = (options.dependencyPaths ?? []).map((p) => path.resolve(p));
    this.readFileFn = options.readFile ?? readTextFile;
    this.cacheOptions = options.cache;
    this.checkedAfterLoad = options.checkedAfterLoad;
    this.forOneCheck = options.forOneCheck ?? false;
    const inMemory = options.inMemory ?? (options.readFile ? () => true : undefined);
    // A file no editor holds is the disk's: read as listed (a server's readFile stats each file again).
    this.readListedFn = inMemory ? (p) => (inMemory(p) ? this.readFileFn(p) : readListedTextFile(p)) : readListedTextFile;
    this.readableElsewhere = options.secondThread === false ? undefined : inMemory ? (p) => !inMemory(p) : () => true;
    this.everyFileElsewhere = options.secondThread === 'every-file';
    // Callers validate the setting (CLI usage error, server settings problem); an unknown name falls back.
    let version: VersionChoice;
    try { version = chooseVersion(options.gameVersion, this.gamePath); } catch { version = chooseVersion(undefined, this.gamePath); }
    this.version = version;
    this.registry = registryOf(this.version.version);
    this.lineages = new LineageCache(this, (key) => this.versionOf(key), this.registry.memberNames);
  }

  /** Discovers the mods and files on disk and indexes them. `onProgress` gets (done, total). */
  load(onProgress?: (done: number, total: number) => void): void {
    this.discoverMods();
    this.openCache();
    const paths = this.contentFilesOfActiveMods();
    const reader = this.startReadAhead(paths);
    try {
      paths.forEach((p, i) => {
        this.indexFromDisk(p, reader?.take(p));
        if (onProgress && (i + 1) % 200 === 0) onProgress(i + 1, paths.length);
      });
    } finally {
      reader?.stop();
    }
    this.materializeProblemFiles();
    onProgress?.(paths.length, paths.length);
  }

  /** Indexes a file of the load; `read`: what a second thread made of it (see startReadAhead). */
  private indexFromDisk(p: string, read?: ReadAheadResult): void {
    const warm = this.warm !== undefined && !this.isUnderRoot(p) ? this.warm : undefined;
    const cached = warm?.lookup(p, () => this.fileFor(p));
    if (cached) return this.indexCached(this.fileFor(p), cached);
    const elsewhere = read !== undefined && read.kind !== 'self';
    if (elsewhere) this.filesReadElsewhere++;
    // A file the other thread read comes as its parse (`read`): its text is not needed here.
    const text = elsewhere ? '' : this.safeRead(p, this.readListedFn);
    if (text === undefined) return;
    const file = this.fileFor(p);
    this.indexFile(file, text, true, true, read);
    if (warm && this.files.get(p) === file) warm.indexed(p, file);
  }

  /**
   * A second thread reading the load's files while this one indexes (see index/readAhead.ts), when there are
   * enough of them to pay for a thread. Not those a cache gives (outside the roots, when there is one), nor those
   * analysed on loading (their text and whole values are needed here), nor documents open in an editor. Each file
   * is read by the thread that reaches it first; this one makes the records of all of them.
   */
  private startReadAhead(paths: readonly string[]): { take(p: string): ReadAheadResult | undefined; takeAsync(p: string): Promise<ReadAheadResult | undefined>; stop(): void } | undefined {
    const elsewhere = this.readableElsewhere;
    if (!elsewhere) return undefined;
    const cached = this.warm !== undefined && !this.warm.holdsNothing;
    const analysedOnLoading = this.checkedAfterLoad;
    const context = paths.filter((p) => elsewhere(p) && (this.isUnderRoot(p) ? !analysedOnLoading?.(p) : !cached));
    if (context.length < MIN_FILES_FOR_A_SECOND_THREAD && !this.everyFileElsewhere) return undefined;
    const reader = ReadAhead.start(context, this.registry.typesKeepingFullValue(), { everyFile: this.everyFileElsewhere, inlineEocRoots: this.registry.inlineEocRoots });
    if (!reader) return undefined;
    const indexOf = new Map(context.map((p, k) => [p, k]));
    // A document opened in an editor since the reader started is read here, through readFile.
    const valid = (p: string, read: ReadAheadResult): ReadAheadResult | undefined => (elsewhere(p) ? read : undefined);
    return {
      take: (p) => { const k = indexOf.get(p); return k === undefined ? undefined : valid(p, reader.take(k)); },
      takeAsync: async (p) => { const k = indexOf.get(p); return k === undefined ? undefined : valid(p, await reader.takeAsync(k)); },
      stop: () => reader.stop(),
    };
  }

  // ---------------------------------------------------------------- the on-disk cache (cache/)

  private openCache(): void {
    this.warm = this.cacheOptions && this.gamePath ? new IndexCache(this.cacheOptions, cacheKey(this.registry, this.gamePath)) : undefined;
  }

  /**
   * Indexes a file (outside the roots, read as context) as the cache gives it: what indexFile derived from its
   * text. Its copy-from links are not put in the reverse index: the file is not reported, so no update has to
   * re-check it, and finding references analyses every record (indexing all its references) first.
   * Its parse and records are made when first asked for, by the file or by the index (a read of one of their
   * kinds): the same objects either way.
   */
  private indexCached(file: SourceFile, cached: CachedFile): void {
    this.setModId(file, this.ownerOf(file.path)?.id);
    file.reported = false;
    file.text = undefined;
    file.deferred = cached.deferred;
    file.contentsLater(cached);
    this.defs.addLater(cached);
    if (!cached.deferred) this.allAnalyzed = false;
  }

  /** How many files the last load took from the cache and read from disk instead; undefined without a cache. */
  cacheUse(): { readonly hits: number; readonly misses: number } | undefined {
    return this.warm && { hits: this.warm.hits, misses: this.warm.misses };
  }

  /**
   * After a load with a cache: the cache file to write (what this load read from disk added to it), computed in
   * steps; undefined when the cache on disk is up to date. Call once: the load's bookkeeping is dropped.
   */
  *saveCacheSteps(): Steps<CacheWrite | undefined> {
    const warm = this.warm;
    this.warm = undefined;
    if (!warm) return undefined;
    // A file the active mods own was listed by this load: not looked up, it is gone or now under a root.
    return yield* warm.save((p) => this.findOwner(p) !== undefined);
  }

  // ---------------------------------------------------------------- chunked loading (language server)

  /**
   * As `load`, for a server that must keep answering while it indexes: works in time slices of about
   * `sliceMs`, yielding to the event loop (setImmediate) between slices. Stops early, returning false, when
   * `isCancelled` says a newer load replaced this one. Edits applied with `updateFile` meanwhile are safe: a
   * file indexed later is read through `readFile` (which a server points at its open documents).
   */
  async loadInSlices(
    onProgress?: (done: number, total: number) => void,
    options: { readonly sliceMs?: number; readonly isCancelled?: () => boolean } = {},
  ): Promise<boolean> {
    const sliceMs = options.sliceMs ?? 12;
    this.discoverMods();
    this.openCache();
    const paths = this.contentFilesOfActiveMods();
    const reader = this.startReadAhead(paths);
    try {
      let sliceStart = Date.now();
      let done = 0;
      for (const p of paths) {
        if (Date.now() - sliceStart >= sliceMs) {
          onProgress?.(done, paths.length);
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (options.isCancelled?.()) return false;
          sliceStart = Date.now();
        }
        done++;
        this.indexFromDisk(p, reader && (await reader.takeAsync(p)));
      }
    } finally {
      reader?.stop();
    }
    this.materializeProblemFiles();
    onProgress?.(paths.length, paths.length);
    return true;
  }

  // ---------------------------------------------------------------- discovery

  private discoverMods(): void {
    const game: string[] = [];
    if (this.gamePath) game.push(...siblingModinfos(path.join(this.gamePath, 'mods')));
    const workspace: string[] = [];
    const siblings: string[] = [];
    for (const root of this.roots) {
      const enclosing = enclosingModFolder(root);
      if (enclosing) {
        workspace.push(path.join(enclosing, 'modinfo.json'));
        siblings.push(...siblingModinfos(path.dirname(enclosing)));
      }
      for (const f of listJsonFiles(root)) if (path.basename(f) === 'modinfo.json') workspace.push(f);
    }
    for (const dir of this.dependencyPaths) {
      const own = path.join(dir, 'modinfo.json');
      siblings.push(...(fs.existsSync(own) ? [own] : siblingModinfos(dir)));
    }
    for (const f of [...game, ...siblings, ...workspace]) {
      if (this.modInfos.has(f)) continue;
      const text = this.safeRead(f);
      const info = text === undefined ? undefined : this.modInfoOf(f, text);
      if (info) this.modInfos.set(f, info);
    }
    this.rebuildGraph();
  }

  /**
   * The mod a modinfo.json declares. Read tolerantly (a trailing comma or a comment still names the mod; the
   * syntax error is reported like any file's), so a fresh start and an edit agree. No usable MOD_INFO: a
   * file problem, and the folder is not checked.
   */
  private modInfoOf(file: string, text: string): ModInfo | undefined {
    const value = modinfoValue(text);
    const info = modInfoFromJson(value, file, !this.isUnderRoot(file));
    if (info) {
      if (this.fileProblemMap.get(file)?.code === 'invalid-modinfo') this.fileProblemMap.delete(file);
    } else {
      const why = text.trim() === '' ? 'it is empty' : value === undefined ? 'it is not JSON' : 'it has no object with "type": "MOD_INFO" and a non-empty "id"';
      this.fileProblemMap.set(file, { code: 'invalid-modinfo', message: `This modinfo.json declares no mod (${why}), so the game does not load this folder and nothing in it is checked` });
    }
    return info;
  }

  /** A whole-file problem of `p` (unreadable, no mod declared, mod id taken), if any. */
  fileProblem(p: string): FileProblem | undefined {
    return this.fileProblemMap.get(p);
  }

  /**
   * Files with a whole-file problem under a root get a file of their own, so the problem is reported there
   * (their records, if any, are not indexed: the game does not load them).
   */
  private materializeProblemFiles(): void {
    for (const [p, problem] of this.fileProblemMap) {
      if (!this.isUnderRoot(p)) continue;
      const existing = this.files.get(p);
      if (existing && problem.code === 'unreadable-file') { existing.reported = true; continue; }
      if (existing && existing.records.length > 0) continue; // loaded after all (a duplicate mod's files are not)
      const file = existing ?? this.fileFor(p);
      this.setModId(file, undefined);
      file.reported = true;
      const text = problem.code === 'unreadable-file' ? undefined : file.text ?? this.safeRead(p);
      file.parsed = text === undefined ? { objects: [], problems: [] } : compactParsed(parseContentFile(text));
      this.diagnosticsCache.delete(file);
    }
  }

  /** Picks one mod per id (workspace over siblings over game) and keeps those the workspace needs. */
  private rebuildGraph(): void {
    const byId = new Map<string, ModInfo>();
    this.interactionDirs.clear();
    const score = (m: ModInfo): number => (this.isUnderRoot(m.modinfoFile) ? 2 : this.gamePath && isUnder(m.modinfoFile, this.gamePath) ? 0 : 1);
    // A workspace copy of a game mod wins on purpose; two mods of one id at the same level is a mistake: the
    // first by path is used, the other reported.
    for (const [p, problem] of this.fileProblemMap) if (problem.code === 'duplicate-mod') this.fileProblemMap.delete(p);
    for (const m of [...this.modInfos.values()].sort((a, b) => (a.modinfoFile < b.modinfoFile ? -1 : 1))) {
      const cur = byId.get(m.id);
      if (cur && score(m) === score(cur)) {
        this.fileProblemMap.set(m.modinfoFile, { code: 'duplicate-mod', message: `The mod id "${m.id}" is already used by ${cur.modinfoFile}; the game loads one of them, so this mod is ignored: give it another id` });
        continue;
      }
      if (!cur || score(m) > score(cur)) byId.set(m.id, m);
    }
    // Needed: workspace mods, their dependencies (transitively) and core; then the interaction parts of needed
    // mods whose other mod is known (which pulls that mod in), until nothing changes.
    const needed = new Set<string>();
    const stack = [...byId.values()].filter((m) => this.isUnderRoot(m.modinfoFile) || this.rootsInside(m)).map((m) => m.id);
    // Core is context for the workspace's mods; a workspace without any mod (an unrelated JSON project) loads nothing.
    if (stack.length > 0) stack.push('dda');
    const parts = new Map<string, ModInfo>();
    for (;;) {
      while (stack.length) {
        const id = stack.pop()!;
        if (needed.has(id)) continue;
        needed.add(id);
        const m = byId.get(id) ?? parts.get(id);
        if (m) stack.push(...m.dependencies);
      }
      if (!this.version.version.modInteractions) break;
      for (const id of needed) {
        const m = byId.get(id);
        if (!m) continue;
        const found = this.partsOf(m);
        this.interactionDirs.set(m.modinfoFile, interactionNames(found));
        for (const part of found) if (byId.has(part.interaction!.with) && !parts.has(part.id)) { parts.set(part.id, part); stack.push(part.id); }
      }
      if (stack.length === 0) break;
    }
    for (const [id, part] of parts) byId.set(id, part);
    const before = this.graph;
    // Which files are whose may change with the mods: every mod's count is made again when asked.
    this.writtenForMemo.clear();
    this.modTallies.clear();
    this.graph = new ModGraph([...byId.values()].filter((m) => needed.has(m.id)));
    // Owners are found by the mods' ids and folders (see ownerOf): the same while those are.
    if (this.graph.foldersKey() !== before.foldersKey()) this.ownerCache.clear();
  }

  /** modinfo.json of a needed mod -> the names of its `mod_interactions/` folders when the graph was built. */
  private readonly interactionDirs = new Map<string, string>();

  /**
   * Whether a change at `p` made an interaction folder (current game: `mod_interactions/<mod>/`) of a mod appear or
   * go: that changes the mods loaded and which files belong to which, as a modinfo.json change does. The folders
   * of the mods holding `p` are read again (they are read once otherwise: see partsOf).
   */
  private interactionFoldersChanged(p: string): boolean {
    if (!this.version.version.modInteractions || !p.includes(INTERACTIONS_SEGMENT)) return false;
    // Every known mod's, active or not (one of two mods of an id may be chosen later).
    for (const m of this.modInfos.values()) if (isUnder(p, interactionsFolder(m))) this.parts.delete(m);
    for (const m of this.graph.mods) {
      if (m.interaction || !isUnder(p, interactionsFolder(m))) continue;
      if (interactionNames(this.partsOf(m)) !== (this.interactionDirs.get(m.modinfoFile) ?? '')) return true;
    }
    return false;
  }

  /** The interaction parts of each mod, read once per mod (see interactionFoldersChanged). */
  private readonly parts = new WeakMap<ModInfo, ModInfo[]>();

  private partsOf(m: ModInfo): ModInfo[] {
    let parts = this.parts.get(m);
    if (!parts) { parts = interactionParts(m); this.parts.set(m, parts); }
    return parts;
  }

  /** A root inside a mod's folder (the CLI given one file of a mod) makes the mod a workspace mod. */
  private rootsInside(m: ModInfo): boolean {
    return this.roots.some((r) => isUnder(r, m.folder) || isUnder(r, m.contentRoot));
  }

  private isUnderRoot(p: string): boolean {
    return this.roots.some((r) => isUnder(p, r));
  }

  /** Every content file of the active mods; owners are recorded on the way (a deeper content root wins). */
  private contentFilesOfActiveMods(): string[] {
    const byDepth = [...this.graph.mods].sort((a, b) => a.contentRoot.length - b.contentRoot.length);
    // (During a load with a cache, the folders unchanged since it was written are not read again.)
    for (const m of byDepth) for (const f of listJsonFiles(m.contentRoot, this.warm?.readFolder)) this.ownerCache.set(f, this.owns(m, f) ? m : undefined);
    for (const m of byDepth) if (!m.interaction) this.ownerCache.set(m.modinfoFile, m);
    return [...this.ownerCache.keys()].filter((f) => this.ownerCache.get(f) !== undefined);
  }

  /** Owners found so far; cleared when the mod graph changes. */
  private readonly ownerCache = new Map<string, ModInfo | undefined>();

  /** The active mod a file belongs to: the one with the deepest content root holding it. */
  private ownerOf(file: string): ModInfo | undefined {
    if (this.ownerCache.has(file)) return this.ownerCache.get(file);
    const owner = this.findOwner(file);
    this.ownerCache.set(file, owner);
    return owner;
  }

  private findOwner(file: string): ModInfo | undefined {
    let best: ModInfo | undefined;
    let bestLen = -1;
    for (const m of this.graph.mods) {
      if (file === m.modinfoFile && !m.interaction) return m;
      // The deepest content root holding the file decides, as in contentFilesOfActiveMods (a fresh start): of two
      // equally deep the later mod; when that mod does not own the file (a file directly in its mod_interactions/
      // folder), no shallower mod does either.
      if (isUnder(file, m.contentRoot) && m.contentRoot.length >= bestLen) { best = m; bestLen = m.contentRoot.length; }
    }
    return best && this.owns(best, file) ? best : undefined;
  }

  /**
   * Whether a file under a mod's content root is the mod's: the interaction folders of a mod (current game)
   * belong to its interaction parts, loaded only when the other mod is known (see ModInfo.interaction).
   */
  private owns(m: ModInfo, file: string): boolean {
    if (!isUnder(file, m.contentRoot)) return false;
    return m.interaction !== undefined || !this.version.version.modInteractions || !isUnder(file, interactionsFolder(m));
  }

  // What every file reads its text and values through (one pair for the thousands of files).
  private readonly textOfFile = (file: SourceFile): string => this.textOf(file);
  private readonly valueOfObject = (file: SourceFile, i: number): Record<string, unknown> => this.objectValueOf(file, i);

  /** Each mod's files (what writtenFor reads): kept with SourceFile.modId, which is set only here. */
  private readonly filesByMod = new Map<string, Set<SourceFile>>();

  private setModId(file: SourceFile, modId: string | undefined): void {
    if (file.modId === modId) return;
    if (file.modId !== undefined) this.filesByMod.get(file.modId)?.delete(file);
    file.modId = modId;
    if (modId !== undefined) addTo(this.filesByMod, modId, file);
  }

  private fileFor(p: string): SourceFile {
    let f = this.files.get(p);
    if (!f) { f = new SourceFile(p, this.textOfFile, this.valueOfObject); this.files.set(p, f); }
    return f;
  }

  // ---------------------------------------------------------------- indexing

  /**
   * (Re)indexes one file from its text; returns the keys whose definitions changed (added, removed, edited or
   * moved). After an edit only the objects whose text changed are parsed, analysed and re-indexed: the others
   * keep their records, analyses and memoized checks.
   */
  private indexFile(file: SourceFile, text: string, fromDisk = false, mayDefer = fromDisk, read?: ReadAheadResult): Set<string> {
    const owner = this.ownerOf(file.path);
    const changed = new Set<string>();
    if (!owner) {
      for (const r of file.records) addKeys(changed, r);
      this.dropFile(file);
      return changed;
    }
    this.setModId(file, owner.id);
    file.reported = this.isUnderRoot(file.path);
    // Files read from disk drop their text (read again, and cached a while, when a location is needed):
    // only edited files keep theirs, which is also what an edit is compared with.
    const previousText = file.text;
    file.text = fromDisk ? undefined : text;
    const analyzeNow = fromDisk && file.reported && this.checkedAfterLoad !== undefined && this.checkedAfterLoad(file.path);
    // A file read from disk that can define no id (map generators for overmap terrains: a quarter of the
    // game's bytes) is parsed only when its diagnostics or its references are asked for (see ensureParsed).
    if (mayDefer && !analyzeNow && (read && read.kind !== 'self' ? read.kind === 'defers' : definesNoId(text))) {
      this.unindexFile(file);
      file.deferred = true;
      return changed;
    }
    file.deferred = false;
    const canReuse = !fromDisk && previousText !== undefined && file.records.length > 0;
    const { parsed, sameAs } = canReuse ? reparseContentFile(text, previousText!, file.parsed)
      : { parsed: read?.kind === 'parsed' ? parsedFromJson(read.value, true, read.wholes) ?? parseContentFile(text) : parseContentFile(text), sameAs: [] as number[] };
    const oldByIndex = new Map<number, DefinitionRecord[]>();
    for (const r of file.records) {
      const list = oldByIndex.get(r.index);
      if (list) list.push(r); else oldByIndex.set(r.index, [r]);
    }
    const kept = new Set<DefinitionRecord>();
    const records: DefinitionRecord[] = [];
    const earlier = (kind: string, id: string): DefinitionRecord | undefined => {
      for (let k = records.length - 1; k >= 0; k--) if (records[k].kind === kind && records[k].ids.includes(id)) return records[k];
      return undefined;
    };
    parsed.objects.forEach((obj, i) => {
      const old = sameAs[i] ?? -1;
      if (old === i) {
        for (const r of oldByIndex.get(i) ?? []) { records.push(r); kept.add(r); }
        return;
      }
      // Moved but unchanged: new records (the index changed) over the already parsed value.
      const value = old >= 0 ? oldByIndex.get(old)?.[0]?.value ?? obj.value : obj.value;
      records.push(...recordsOf(value === obj.value ? obj : { value, slot: obj.slot }, i, file, this.registry, earlier));
    });
    for (const r of file.records) if (!kept.has(r)) this.unindexRecord(file, r, changed);
    const fresh = records.filter((r) => !kept.has(r));
    // A file read from disk and not analysed now goes to the index as a batch: its kinds are indexed when first
    // read (see index/loadedBatch.ts).
    const asBatch = fromDisk && !analyzeNow && fresh.length > 0;
    if (asBatch) this.defs.addLater(new LoadedBatch(fresh, file.modId));
    for (const r of fresh) {
      if (!fromDisk) this.noteSignaturesBefore(r);
      if (!asBatch) this.defs.add(r);
      // Only the copy-from link is indexed now (an edit's analysis, once the file's new parse is in place below,
      // replaces it with all its references; a record read from disk waits until it is first checked or searched).
      if (r.copyFrom !== undefined && !this.forOneCheck) this.refs.add(file, r.kind, r.copyFrom);
      if (!fromDisk) addKeys(changed, r);
    }
    if (fromDisk) { this.allAnalyzed = false; if (file.reported) this.reportedAnalyzed = false; }
    const previous = file.records;
    file.records = records;
    this.retally(file, previous);
    if (analyzeNow) {
      // The offsets (found with what the definitions' text hides, see regionAt) and the analyses, while the
      // text and the whole values are at hand.
      regionAt(parsed, text, 0);
      for (const r of fresh) {
        const a = analyzeRecord(r, this.registry, parsed.objects[r.index].value);
        if (!this.forOneCheck) this.indexReferences(file, r, a);
        file.keepLoadedAnalysis(r, a);
      }
    }
    // Only the records keep values (summaries for unchecked types): the parsed objects keep their slots.
    file.parsed = compactParsed(parsed);
    // An edit is analysed at once (it is about to be checked), once the file's parse is in place: a summarized
    // record's whole value is read from the new text at its new position.
    if (!fromDisk) for (const r of fresh) this.analysisOf(r);
    return changed;
  }

  private unindexRecord(file: SourceFile, r: DefinitionRecord, changed?: Set<string>): void {
    if (changed) this.noteSignaturesBefore(r);
    this.defs.remove(r);
    const keys = file.analyses.get(r);
    this.refs.remove(file, keys ?? copyFromKeys(r));
    this.recentAnalyses.delete(r);
    if (this.lastAnalysis?.record === r) this.lastAnalysis = undefined;
    file.takeLoadedAnalysis(r);
    unindexed.add(r);
    file.analyses.delete(r);
    file.memo.delete(r);
    if (changed) addKeys(changed, r);
  }

  private unindexFile(file: SourceFile): void {
    for (const r of file.records) this.unindexRecord(file, r);
    const previous = file.records;
    file.records = [];
    this.retally(file, previous);
    file.parsed = { objects: [], problems: [] };
    this.diagnosticsCache.delete(file);
  }

  /** Forgets a file (deleted, or no active mod owns it any more), and what was noted about its diagnostics. */
  private dropFile(file: SourceFile): void {
    this.unindexFile(file);
    this.files.delete(file.path);
    this.setModId(file, undefined);
    this.forgetUnresolved(file);
    for (const p of this.relatedOf.get(file) ?? []) this.relatedInto.get(p)?.delete(file);
    this.relatedOf.delete(file);
  }

  /** The reverse index's copy of the key of (kind, id) (see refKey), when it has one: memos keep that, not a new string. */
  sharedKeyOf(kind: string, id: string): string | undefined {
    return this.refs.sharedKeyOf(kind, id);
  }

  /** See CheckHost.existenceKeyOf: made once per key. */
  existenceKeyOf(kind: string, id: string): string {
    const key = this.sharedKeyOf(kind, id) ?? refKey(kind, id);
    let existence = this.existenceKeys.get(key);
    if (existence === undefined) {
      existence = `${key}\u0001`;
      this.existenceKeys.set(key, existence);
    }
    return existence;
  }

  /**
   * What finding (kind, id) depends on: each definition's mod, whether it is abstract and its edit mode (what
   * the checks' `accepts` read: a `modify` is no target of another `modify`, see checks/modifyMissing.ts).
   */
  private existenceSignature(kind: string, id: string): string {
    let out = '';
    for (const r of this.defs.get(kind, id)) out += `${r.source.modId ?? ''}\u0002${r.abstract ? 1 : 0}\u0002${r.editMode}\u0003`;
    return out;
  }

  /** Notes the existence signatures of a record's keys before an update changes them (once per key and update). */
  private noteSignaturesBefore(r: DefinitionRecord): void {
    if (this.modsChanging) return;
    for (const id of r.ids) {
      const key = refKey(r.kind, id);
      if (!this.signaturesBefore.has(key)) this.signaturesBefore.set(key, this.existenceSignature(r.kind, id));
    }
  }

  /**
   * The changed keys whose definitions changed where they are or whether they are abstract, not only what they
   * say: those noted before the update with another signature now, and those not noted (conservatively).
   */
  private existenceChanged(changed: Iterable<string>): Set<string> {
    const out = new Set<string>();
    for (const key of changed) {
      const before = this.signaturesBefore.get(key);
      const at = key.indexOf('\u0000');
      if (before === undefined || before !== this.existenceSignature(key.slice(0, at), key.slice(at + 1))) out.add(key);
    }
    this.signaturesBefore.clear();
    return out;
  }

  /** Version of a key (or of a whole kind, `kind\u0000*`): bumped whenever its definitions, or what they inherit, change. */
  versionOf(key: string): number {
    return this.keyVersions.get(key) ?? 0;
  }

  /** Bumps each key's version. */
  private bumpVersions(changed: Iterable<string>): void {
    for (const key of changed) this.bump(key);
  }

  private bump(key: string): void {
    this.keyVersions.set(key, this.versionOf(key) + 1);
  }

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
  updateFiles(batch: readonly { readonly path: string; readonly text: string | undefined }[]): string[] {
    if (this.forOneCheck) throw new Error('a project made for one check keeps no reverse index: it cannot be updated');
    const changes = lastChangeOfEachFile(batch);
    const mods = (): Set<string> => new Set(changes.map((c) => this.files.get(path.resolve(c.path))?.modId).filter((m): m is string => m !== undefined));
    const before = new Map([...mods()].map((m) => [m, this.writtenFor(m)]));
    const out = this.applyUpdates(changes);
    for (const m of mods()) if (!before.has(m)) before.set(m, undefined);
    return [...new Set([...out, ...this.filesOfChangedVerdicts(before)])];
  }

  /**
   * The reported files whose diagnostics a change of their mod's game-version verdict changes (see writtenFor):
   * the modinfo.json whose notice names the count, and every file of the mod when the notice comes or goes.
   */
  private filesOfChangedVerdicts(before: ReadonlyMap<string, WrittenForOther | undefined>): string[] {
    const out: string[] = [];
    for (const [modId, was] of before) {
      const now = this.writtenFor(modId);
      if (was?.version === now?.version && was?.count === now?.count && was?.example === now?.example) continue;
      const mod = this.graph.get(modId);
      const whole = (was === undefined) !== (now === undefined);
      for (const f of this.filesByMod.get(modId) ?? []) {
        if (f.reported && (whole || f.path === mod?.modinfoFile || !this.files.get(mod?.modinfoFile ?? '')?.reported)) out.push(f.path);
      }
    }
    return out;
  }

  private applyUpdates(changes: readonly { readonly path: string; readonly text: string | undefined }[]): string[] {
    this.revision++;
    // Signatures noted by an earlier update that ended without comparing them (a mod changed: memos were dropped
    // instead) say nothing about this one.
    this.signaturesBefore.clear();
    this.analyzeReported();
    const out = new Set<string>();
    const changed = new Set<string>();
    const modinfos: { p: string; text: string | undefined }[] = [];
    let interactionFolders = false;
    for (const c of changes) {
      const p = path.resolve(c.path);
      // The text read for it before (see textOf) is out of date, whether the file is indexed now or later.
      this.diskTextCache.delete(p);
      if (path.basename(p) === 'modinfo.json' && this.modinfoChanges(p, c.text)) modinfos.push({ p, text: c.text });
      else for (const x of this.applyText(p, c.text, changed)) out.add(x);
      for (const x of this.relatedDependents(p)) out.add(x);
      if (this.interactionFoldersChanged(p)) interactionFolders = true;
    }
    // A mod changed: what depends on which mods there are and what each sees is derived again, once, for the batch.
    if (modinfos.length || interactionFolders) {
      // What each mod sees may change: no signature taken under the old mods tells whether an id is still found.
      this.signaturesBefore.clear();
      this.modsChanging = true;
      try {
        return [...new Set([...out, ...this.updateModinfos(modinfos, changes, changed)])];
      } finally {
        this.modsChanging = false;
      }
    }
    for (const x of this.affectedBy(changed)) out.add(x);
    return [...out];
  }

  /** Files whose diagnostics point into `p` (related locations): their cached lists are dropped; the reported ones returned. */
  private relatedDependents(p: string): string[] {
    const out: string[] = [];
    for (const f of this.relatedInto.get(p) ?? []) {
      this.diagnosticsCache.delete(f);
      if (f.reported && this.files.get(f.path) === f) out.push(f.path);
    }
    return out;
  }

  /** Records which other files a file's diagnostics point into (see relatedInto). */
  private noteRelated(file: SourceFile, diagnostics: readonly Diagnostic[]): void {
    for (const p of this.relatedOf.get(file) ?? []) this.relatedInto.get(p)?.delete(file);
    const paths = new Set<string>();
    for (const d of diagnostics) for (const r of d.related ?? []) if (r.path !== file.path) paths.add(r.path);
    if (paths.size === 0) { this.relatedOf.delete(file); return; }
    this.relatedOf.set(file, [...paths]);
    for (const p of paths) {
      let set = this.relatedInto.get(p);
      if (!set) { set = new Set(); this.relatedInto.set(p, set); }
      set.add(file);
    }
  }

  /** One file's new text (undefined: deleted), its changed keys added to `changed`; returns the file if reported. */
  private applyText(p: string, text: string | undefined, changed: Set<string>): string[] {
    // A modinfo.json that is not an active mod's own and still is after this edit (it declares no mod, or a mod
    // whose id is taken: see modinfoChanges): its problem is read again, and it is reported with it (as content of
    // an enclosing mod when there is one, else as a file of its own: see materializeProblemFiles).
    if (text !== undefined && path.basename(p) === 'modinfo.json' && this.ownerOf(p)?.modinfoFile !== p) {
      this.modInfoOf(p, text);
      const out = this.applyContentText(p, text, changed);
      this.materializeProblemFiles();
      const file = this.files.get(p);
      if (!file) return out;
      if (file.records.length === 0) file.text = text;
      this.diagnosticsCache.delete(file);
      return file.reported ? [p] : [];
    }
    const existing = this.files.get(p);
    if (text === undefined) {
      this.fileProblemMap.delete(p);
      if (!existing) return [];
      for (const r of existing.records) addKeys(changed, r);
      this.dropFile(existing);
      return existing.reported ? [p] : [];
    }
    return this.applyContentText(p, text, changed);
  }

  private applyContentText(p: string, text: string, changed: Set<string>): string[] {
    const existing = this.files.get(p);
    if (!existing && !this.ownerOf(p)) return [];
    const file = existing ?? this.fileFor(p);
    for (const k of this.indexFile(file, text)) changed.add(k);
    this.diagnosticsCache.delete(file);
    return file.reported ? [p] : [];
  }

  /**
   * Bumps the versions of the changed keys, and of the keys of their copy-from descendants whose lineage (what
   * they inherit) changed with them: memoized checks and lineages depend on the parent's key only. Returns the
   * reported files whose diagnostics depend on a bumped key (defining or referring to it), and those with
   * unknown ids of a kind that gained or lost an id ("did you mean" may change).
   */
  private affectedBy(changedKeys: Set<string>, seeOtherwise: ReadonlySet<DefinitionRecord> = new Set()): string[] {
    // Every record below a changed key (children, their children...), found through the copy-from index; and
    // the records whose mod sees other mods now (their parents may be others), with everything below them.
    const below = new Set<DefinitionRecord>(seeOtherwise);
    const seen = new Set(changedKeys);
    const queue = [...changedKeys];
    for (const r of seeOtherwise) {
      for (const id of r.ids) {
        const k = refKey(r.kind, id);
        if (!seen.has(k)) { seen.add(k); queue.push(k); }
      }
    }
    while (queue.length) {
      const key = queue.pop()!;
      const at = key.indexOf('\u0000');
      for (const r of this.defs.childrenOf(key.slice(0, at), key.slice(at + 1))) {
        if (below.has(r)) continue;
        below.add(r);
        for (const id of r.ids) {
          const k = refKey(r.kind, id);
          if (!seen.has(k)) { seen.add(k); queue.push(k); }
        }
      }
    }
    // What the definitions say changed for every changed key; whether and where they are, for some only: those
    // bump their existence keys, and their kinds' (the ids "did you mean" offers may have changed).
    const existence = this.existenceChanged(changedKeys);
    this.bumpVersions(changedKeys);
    for (const key of existence) {
      const at = key.indexOf('\u0000');
      this.bump(key.slice(0, at) + '\u0000*');
      this.bump(anyKindKey(key.slice(at + 1)));
      const e = this.existenceKeys.get(key);
      if (e !== undefined) this.bump(e);
    }
    const bumped = new Set(changedKeys);
    const inherited: string[] = [];
    for (const r of this.lineages.refresh(below)) {
      for (const id of r.ids) {
        const k = refKey(r.kind, id);
        if (!bumped.has(k)) { bumped.add(k); inherited.push(k); }
      }
    }
    for (const k of this.palettesIncluding(bumped)) inherited.push(k);
    // What a definition inherits is not one of its kind's ids: "did you mean" lists stay valid.
    this.bumpVersions(inherited);
    const affected = new Set<SourceFile>();
    const kinds = new Set<string>();
    for (const key of existence) kinds.add(key.slice(0, key.indexOf('\u0000')));
    const referencing = (kind: string, id: string): void => {
      for (const f of this.refs.filesReferencing(kind, id)) affected.add(f);
      // References of other kinds that this id also satisfies (an item reference resolved by a migration).
      for (const other of [...this.registry.alsoResolves(kind), ...kindsAlsoAccepting(kind)]) {
        for (const f of this.refs.filesReferencing(other, id)) affected.add(f);
      }
    };
    for (const key of bumped) {
      const at = key.indexOf('\u0000');
      const kind = key.slice(0, at), id = key.slice(at + 1);
      for (const r of this.defs.get(kind, id)) affected.add(r.source as SourceFile);
      referencing(kind, id);
    }
    // The ids the game derives from a definition that came or went (an overmap terrain's rotations) came or went
    // with it: a file naming one is checked again (its memo depends on the definition's key, see unknownId.ts).
    for (const key of existence) {
      const at = key.indexOf('\u0000');
      for (const d of this.registry.derivedIdsOf(key.slice(0, at), key.slice(at + 1))) referencing(d.kind, d.id);
    }
    for (const kind of kinds) for (const f of this.unresolvedByKind.get(kind) ?? []) affected.add(f);
    for (const key of existence) for (const f of this.kindsNamedById.get(key.slice(key.indexOf('\u0000') + 1)) ?? []) affected.add(f);
    const out: string[] = [];
    for (const f of affected) {
      this.diagnosticsCache.delete(f);
      if (f.reported && this.files.get(f.path) === f) out.push(f.path);
    }
    return out;
  }

  /**
   * The keys of the palettes that name a changed palette, directly or through others (added to `bumped`): a
   * palette includes the palettes it names (mapgen/resolve.ts), so the map generators using any of them are
   * checked again. Found through the reverse index: the palettes of analysed files (those edited or reported).
   */
  private palettesIncluding(bumped: Set<string>): string[] {
    const out: string[] = [];
    const queue = [...bumped].filter((k) => k.startsWith(PALETTE_PREFIX));
    while (queue.length) {
      const key = queue.pop()!;
      const id = key.slice(PALETTE_PREFIX.length);
      for (const f of this.refs.filesReferencing(PALETTE_KIND, id)) {
        for (const r of f.records) {
          if (r.kind !== PALETTE_KIND || !f.analyses.get(r)?.includes(key)) continue;
          for (const other of r.ids) {
            const k = refKey(PALETTE_KIND, other);
            if (!bumped.has(k)) { bumped.add(k); out.push(k); queue.push(k); }
          }
        }
      }
    }
    return out;
  }

  /**
   * Whether an edit of a modinfo.json changes what the mod is (id, dependencies, content folder), read as a
   * fresh start reads it (tolerantly: see modInfoOf); a change re-derives which files belong to which mod.
   */
  private modinfoChanges(p: string, text: string | undefined): boolean {
    const before = this.modInfos.get(p);
    if (text === undefined) return before !== undefined;
    const after = modInfoFromJson(modinfoValue(text), p, !this.isUnderRoot(p));
    if (!before && !after) return false; // still declares no mod
    return !before || !after || before.id !== after.id || before.contentRoot !== after.contentRoot || !sameList(before.dependencies, after.dependencies);
  }

  /**
   * The mods changed (`modinfos`: the modinfo.json files whose mod changed; `all`: every change of the batch, the
   * others already applied, their keys in `changed`). Files keep their records, analyses and memoized checks
   * unless what they depend on changed: a file that changes mod (or leaves) is indexed again, but only when the
   * mods' folders changed; a mod whose view of the graph changed (see ModGraph.viewOf) has its definitions checked
   * again and their copy-from lineages computed again (a parent may be another definition now). Typing in a
   * modinfo.json does not read the game again.
   */
  private updateModinfos(modinfos: readonly { p: string; text: string | undefined }[], all: readonly { readonly path: string; readonly text: string | undefined }[], changed: Set<string>): string[] {
    const oldGraph = this.graph;
    const problemsBefore = new Map(this.fileProblemMap);
    for (const { p, text } of modinfos) {
      if (text === undefined) this.fileProblemMap.delete(p);
      const info = text === undefined ? undefined : this.modInfoOf(p, text);
      if (info) this.modInfos.set(p, info); else this.modInfos.delete(p);
    }
    this.rebuildGraph();
    const touched = new Set<SourceFile>();
    const gone: string[] = [];
    if (this.graph.foldersKey() !== oldGraph.foldersKey()) {
      // Which mod each file belongs to is derived again. Texts held in memory (edited files) and those of this
      // batch survive; the other files that change mod are read from disk again.
      const texts = new Map<string, string>();
      for (const c of all) { const p = path.resolve(c.path); if (c.text !== undefined) texts.set(p, c.text); else texts.delete(p); }
      const active = this.contentFilesOfActiveMods();
      for (const f of [...this.files.values()]) {
        const owner = this.ownerOf(f.path);
        if (owner && owner.id === f.modId) continue;
        if (f.text !== undefined && !texts.has(f.path)) texts.set(f.path, f.text);
        for (const r of f.records) addKeys(changed, r);
        if (f.reported) gone.push(f.path);
        this.dropFile(f);
      }
      for (const p of active) {
        if (this.files.has(p)) continue;
        const held = texts.get(p);
        const t = held ?? this.safeRead(p);
        if (t === undefined) continue;
        const file = this.fileFor(p);
        this.indexFile(file, t, held === undefined);
        // Read from disk or not, its definitions are new to the index.
        for (const r of file.records) addKeys(changed, r);
        touched.add(file);
      }
    }
    // The edited modinfo.json files' own texts (their records, syntax).
    for (const { p, text } of modinfos) {
      for (const x of this.applyText(p, text, changed)) gone.push(x);
      const file = this.files.get(p);
      if (file) touched.add(file);
    }
    // Mods that see other mods now, or see them in another order (while the mods, their folders and their load
    // order stay, only those that see an edited mod can): their definitions are checked again, their lineages
    // computed again. A mod that now sees an unknown dependency: only the checks that found unknown ids run again
    // (they are silenced: see checkUnknownIds); one that no longer does: all of them (a silenced check noted
    // nothing of what it would have looked up).
    const edited = new Set<string>();
    for (const { p } of modinfos) for (const g of [oldGraph, this.graph]) for (const m of g.mods) if (m.modinfoFile === p) edited.add(m.id);
    const everyMod = this.graph.foldersKey() !== oldGraph.foldersKey() || this.graph.loadOrder() !== oldGraph.loadOrder();
    const sees = (m: ModInfo): boolean => {
      for (const id of edited) if (this.graph.visibleFrom(m.id).has(id) || oldGraph.visibleFrom(m.id).has(id)) return true;
      return false;
    };
    const moved = new Set<string>();
    const woken = new Set<string>();
    const silenced = new Set<string>();
    for (const m of this.graph.mods) {
      if (!everyMod && !sees(m)) continue;
      if (!oldGraph.get(m.id) || oldGraph.viewOf(m.id) !== this.graph.viewOf(m.id)) moved.add(m.id);
      else if (oldGraph.seesUnknownDependency(m.id) !== this.graph.seesUnknownDependency(m.id)) (this.graph.seesUnknownDependency(m.id) ? silenced : woken).add(m.id);
    }
    const seeOtherwise = new Set<DefinitionRecord>();
    if (moved.size || woken.size || silenced.size) {
      for (const f of this.files.values()) {
        if (f.modId === undefined) continue;
        if (moved.has(f.modId)) {
          f.memo.clear();
          for (const r of f.records) seeOtherwise.add(r);
        } else if (woken.has(f.modId)) {
          f.memo.clear();
        } else if (silenced.has(f.modId)) {
          let some = false;
          // A record whose check found nothing keeps its memo; one that reported anything (an unknown id, a
          // copy-from loop: the silenced check reports both) is checked again.
          for (const [r, memo] of f.memo) if (memo.unresolvedKinds.length || memo.reports.length) { f.memo.delete(r); some = true; }
          if (!some) continue;
        } else continue;
        touched.add(f);
      }
    }
    // "Defined in a mod this one does not depend on" names the first such mod in load order: the checks that
    // found unknown ids run again when that order changes.
    if (this.graph.loadOrder() !== oldGraph.loadOrder()) {
      for (const set of this.unresolvedByKind.values()) {
        for (const f of set) {
          for (const [r, memo] of f.memo) if (memo.unresolvedKinds.length) f.memo.delete(r);
          touched.add(f);
        }
      }
    }
    // A mod's dependency problems are reported on its modinfo.json.
    const problemFiles = new Set<string>();
    for (const m of new Set([...oldGraph.mods, ...this.graph.mods])) {
      if ((everyMod || sees(m)) && oldGraph.problemsOf(m.id) !== this.graph.problemsOf(m.id)) problemFiles.add(m.modinfoFile);
    }
    this.materializeProblemFiles();
    for (const p of new Set([...problemsBefore.keys(), ...this.fileProblemMap.keys()])) {
      if (problemsBefore.get(p)?.message !== this.fileProblemMap.get(p)?.message) problemFiles.add(p);
    }
    for (const p of problemFiles) { const f = this.files.get(p); if (f) touched.add(f); }
    const out = new Set(gone);
    for (const f of touched) {
      this.diagnosticsCache.delete(f);
      if (f.reported && this.files.get(f.path) === f) out.add(f.path);
    }
    for (const x of this.affectedBy(changed, seeOtherwise)) out.add(x);
    return [...out];
  }

  /** Reads a file; a failure other than "no such file" (a deletion) is a file problem reported on it. */
  private safeRead(p: string, read = this.readFileFn): string | undefined {
    try {
      const text = read(p);
      if (this.fileProblemMap.get(p)?.code === 'unreadable-file') this.fileProblemMap.delete(p);
      return text;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e?.code !== 'ENOENT') this.fileProblemMap.set(p, { code: 'unreadable-file', message: `This file cannot be read (${e?.code ?? String(err)}), so it is not checked` });
      return undefined;
    }
  }

  // ---------------------------------------------------------------- queries

  reportedFiles(): SourceFile[] {
    return [...this.files.values()].filter((f) => f.reported);
  }

  /** The text of a file: kept for edited files, read from disk (and cached a while) for the others. */
  textOf(file: SourceFile): string {
    if (file.text !== undefined) return file.text;
    // A small least-recently-used cache: checking or publishing a file asks for its text several times.
    let t = this.diskTextCache.get(file.path);
    if (t === undefined) {
      t = this.safeRead(file.path) ?? '';
      if (this.diskTextCache.size >= 32) this.diskTextCache.delete(this.diskTextCache.keys().next().value!);
    } else {
      this.diskTextCache.delete(file.path);
    }
    this.diskTextCache.set(file.path, t);
    return t;
  }

  /** The values of the file last read again for a whole value (records are checked file by file). */
  private lastValues: { readonly file: SourceFile; readonly text: string; readonly values: readonly unknown[] | undefined } | undefined;
  /** The edited text of which one object was parsed alone (see objectValueOf): a second object of it parses the whole. */
  private lastSingle: { readonly file: SourceFile; readonly text: string } | undefined;

  /** Object `i` of a file, parsed again from its text: the whole file at once, kept until another is asked. */
  private objectValueOf(file: SourceFile, i: number): Record<string, unknown> {
    // A reported file's text is about to locate its diagnostics: cached. Another's is read without caching it:
    // a pass over every file (find references) should not fill the cache with texts it reads once.
    const text = file.reported ? this.textOf(file)
      : file.text ?? this.diskTextCache.get(file.path) ?? (this.lastValues?.file === file ? this.lastValues.text : this.safeRead(file.path) ?? '');
    let c = this.lastValues;
    if (!c || c.file !== file || c.text !== text) {
      // In an edited text the first object asked is parsed alone: after a keystroke only the edited definition
      // is analysed and checked, and parsing its whole file (hundreds of KB) for it was most of the keystroke.
      const first = this.lastSingle;
      if (file.text === text && (!first || first.file !== file || first.text !== text)) {
        this.lastSingle = { file, text };
        return objectValue(file.parsed, text, i);
      }
      let values: unknown[] | undefined;
      try { const whole: unknown = JSON.parse(text); values = Array.isArray(whole) ? whole : [whole]; } catch { values = undefined; }
      c = this.lastValues = { file, text, values };
    }
    const v = c.values?.[slotOf(file.parsed, i)];
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    return objectValue(file.parsed, text, i);
  }

  /** The text range of a member of a record. */
  locate(record: DefinitionRecord, memberPath: JsonPath, part: Part = 'value'): OffsetRange {
    const file = record.source as SourceFile;
    const text = this.textOf(file);
    if (text.slice(record.start, record.start + 1) !== '{') return { start: record.start, end: record.start + 1 };
    // A well-formed file's member is found by a scan (nesting within the limit, as a parse tree would see it).
    if (file.parsed.wellFormed && memberPath.length < MAX_NESTING - 1) return locateInJson(text, record.start, memberPath, part);
    return locatePath(objectTree(file.parsed, text, record.start, record.end), record.start, memberPath, part);
  }

  /** Definitions of (kind, id) that a definition in `modId` can see, in load order. */
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[] {
    const records = this.defs.get(kind, id);
    if (records.length === 0) return [];
    const visible = this.graph.visibleFrom(modId);
    const out = records.filter((r) => r.source.modId !== undefined && visible.has(r.source.modId));
    return out.length > 1 ? out.sort((a, b) => this.compareLoadOrder(a, b)) : out;
  }

  /** The kinds with a definition of `id` that `modId` can see (see DefinitionIndex.kindsDefining). */
  kindsDefining(id: string, modId: string | undefined): string[] {
    return this.defs.kindsDefining(id, this.graph.visibleFrom(modId));
  }

  /** Whether some definition of (kind, id) that `modId` can see is one `accepts` takes. */
  anyVisibleDefinition(kind: string, id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean {
    const records = this.defs.get(kind, id);
    if (records.length === 0) return false;
    const visible = this.graph.visibleFrom(modId);
    for (const r of records) if (r.source.modId !== undefined && visible.has(r.source.modId) && accepts(r)) return true;
    return false;
  }

  /** Negative when `a` loads before `b`: by mod load order, then path, then position in the file. */
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number {
    const ra = this.graph.loadRank(a.source.modId), rb = this.graph.loadRank(b.source.modId);
    if (ra !== rb) return ra - rb;
    if (a.source.path !== b.source.path) return a.source.path < b.source.path ? -1 : 1;
    return a.index - b.index;
  }

  /** Every id of a kind with its records (completion, "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    return this.defs.entries(kind);
  }

  /**
   * "Did you mean": the ids of a kind near `id` among those of the mods `modId` sees, nearest first. Each mod's
   * ids of a kind are searched apart (kept until they change), so that an edit in one mod, or a workspace of many
   * mods, costs no search of every id.
   */
  nearIds(kind: string, id: string, modId: string | undefined): string[] {
    const found = new Map<string, Scored>();
    for (const mod of this.visibleMods(modId)) for (const s of this.wordsOf(kind, mod).scored(id)) found.set(s.c, s);
    return [...found.values()].sort(byDistance).map((s) => s.c);
  }

  /** The ids of a kind beginning with `prefix` (itself excepted), among those of the mods `modId` sees, shortest first. */
  idsBeginning(kind: string, prefix: string, modId: string | undefined): string[] {
    const found = new Set<string>();
    for (const mod of this.visibleMods(modId)) for (const c of this.wordsOf(kind, mod).words) if (c !== prefix && c.startsWith(prefix)) found.add(c);
    return [...found].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  }

  /** The mods a definition in `modId` sees that the graph has (a dependency being typed names no mod). */
  private visibleMods(modId: string | undefined): string[] {
    return [...this.graph.visibleFrom(modId)].filter((m) => this.graph.get(m));
  }

  /** The ids a mod defines of a kind, searchable (see NearWords), made again when they change. */
  private wordsOf(kind: string, mod: string): NearWords {
    const { ids, version } = this.defs.idsOfMod(kind, mod);
    const key = `${kind}\u0000${mod}`;
    const cached = this.nearWords.get(key);
    if (cached && cached.version === version) return cached.words;
    const words = new NearWords([...ids]);
    this.nearWords.set(key, { version, words });
    return words;
  }

  private readonly nearWords = new Map<string, { readonly version: number; readonly words: NearWords }>();

  /** The last analyses asked for (record -> analysis), most recent last: checks ask for one several times. */
  private readonly recentAnalyses = new Map<DefinitionRecord, RecordAnalysis>();
  /** The most recent of them (see analysisOf). */
  private lastAnalysis: { readonly record: DefinitionRecord; readonly analysis: RecordAnalysis } | undefined;

  /**
   * What a record says on its own (shape problems, outgoing references). The first time, its references
   * replace its copy-from link in the reverse index. Only the keys are kept for good: the whole game's
   * references (several hundred thousand, with their paths) would not fit the memory budget, so an analysis
   * is computed again when asked for later (a few recent ones are kept), reading a summarized record's value
   * again from its file (records/record.ts fullValueOf).
   */
  analysisOf(record: DefinitionRecord): RecordAnalysis {
    // The checks of one record ask for its analysis one after the other.
    if (this.lastAnalysis?.record === record) return this.lastAnalysis.analysis;
    const recent = this.recentAnalyses.get(record);
    if (recent) {
      this.recentAnalyses.delete(record);
      this.recentAnalyses.set(record, recent);
      this.lastAnalysis = { record, analysis: recent };
      return recent;
    }
    const file = record.source as SourceFile;
    const a = file.takeLoadedAnalysis(record) ?? analyzeRecord(record, this.registry);
    if (this.recentAnalyses.size >= 8) this.recentAnalyses.delete(this.recentAnalyses.keys().next().value!);
    this.recentAnalyses.set(record, a);
    this.lastAnalysis = { record, analysis: a };
    // Stale (the file changed since), or indexed; a project for one check keeps no reverse index.
    if (this.forOneCheck || unindexed.has(record) || file.analyses.has(record)) return a;
    this.indexReferences(file, record, a);
    return a;
  }

  /** A record's references replace its copy-from link in the reverse index (see analysisOf). */
  private indexReferences(file: SourceFile, record: DefinitionRecord, a: RecordAnalysis): void {
    this.refs.remove(file, copyFromKeys(record));
    file.analyses.set(record, a.references.map((ref) => this.refs.add(file, ref.kind, ref.id)));
  }

  /** What a record inherits through copy-from (cached per record; see LineageCache). */
  lineageOf(record: DefinitionRecord): Lineage {
    return this.lineages.of(record);
  }

  /** Reported files' references complete the reverse index before an edit asks who depends on it. */
  private analyzeReported(): void {
    if (this.reportedAnalyzed) return;
    for (const f of this.files.values()) {
      if (!f.reported) continue;
      this.ensureParsed(f);
      // Records already checked have their references indexed.
      for (const r of f.records) if (!f.analyses.has(r)) this.analysisOf(r);
    }
    this.reportedAnalyzed = true;
  }

  /** Files referring to (kind, id), with every file's references indexed first (find references, rename). */
  filesReferencing(kind: string, id: string): SourceFile[] {
    return finish(this.filesReferencingSteps(kind, id));
  }

  /** As `filesReferencing`, pausing between records while it analyses them (the first search reads them all). */
  *filesReferencingSteps(kind: string, id: string): Steps<SourceFile[]> {
    if (!this.allAnalyzed) {
      for (const f of this.files.values()) {
        this.ensureParsed(f, false);
        for (const r of f.records) {
          if (!f.analyses.has(r)) { this.analysisOf(r); yield; }
        }
      }
      this.allAnalyzed = true;
      // Nothing of that pass is needed again soon.
      this.lastValues = undefined;
      this.lastSingle = undefined;
      this.recentAnalyses.clear();
      this.lastAnalysis = undefined;
    }
    return [...this.refs.filesReferencing(kind, id)];
  }

  /**
   * Indexes a deferred file: its records define no id, but are checked and refer to other definitions.
   * `keepText`: the text goes to the recent-texts cache (its diagnostics are about to locate ranges in it).
   */
  ensureParsed(file: SourceFile, keepText = true): void {
    if (!file.deferred) return;
    file.deferred = false;
    this.indexFile(file, keepText ? this.textOf(file) : this.safeRead(file.path) ?? '', true, false);
  }

  /** Forgets what a file's last check noted of unknown ids (see unresolvedByKind, kindsNamedById). */
  private forgetUnresolved(file: SourceFile): void {
    for (const set of this.unresolvedByKind.values()) set.delete(file);
    for (const set of this.kindsNamedById.values()) set.delete(file);
  }

  diagnostics(filePath: string): Diagnostic[] {
    const file = this.files.get(path.resolve(filePath));
    if (!file || !file.reported) return [];
    this.ensureParsed(file);
    let cached = this.diagnosticsCache.get(file);
    if (!cached) {
      const { diagnostics, unresolvedKinds, kindsOfIds } = runChecks(this, file);
      this.forgetUnresolved(file);
      for (const k of unresolvedKinds) addTo(this.unresolvedByKind, k, file);
      for (const id of kindsOfIds) addTo(this.kindsNamedById, id, file);
      this.noteRelated(file, diagnostics);
      cached = diagnostics;
      this.diagnosticsCache.set(file, cached);
    }
    const other = file.modId !== undefined ? this.writtenFor(file.modId) : undefined;
    if (other) cached = underVersionMismatch(file.path, cached, { checked: this.version.version, other, gamePath: this.gamePath, at: this.modIdAt(file) });
    return this.applySeverity(cached);
  }

  /** Per file's records (a new list on each re-index), how many have each type. */
  private readonly typeTallies = new WeakMap<readonly DefinitionRecord[], TypeTally>();
  /**
   * Per mod counted so far, how many of its definitions have each type: kept up to date as its files are indexed
   * again (retally), so a keystroke costs the edited file's types, not a pass over every file of its mod.
   */
  private readonly modTallies = new Map<string, Map<string, number>>();

  private tallyOf(records: readonly DefinitionRecord[]): TypeTally {
    let own = this.typeTallies.get(records);
    if (!own) { own = tallyTypes(records.map((r) => r.type)); this.typeTallies.set(records, own); }
    return own;
  }

  /** A file's records changed from `previous`: its mod's type count follows, and its verdict is asked again. */
  private retally(file: SourceFile, previous: readonly DefinitionRecord[]): void {
    const modId = file.modId;
    if (modId === undefined) return;
    this.writtenForMemo.delete(modId);
    const tally = this.modTallies.get(modId);
    if (!tally || previous === file.records) return;
    for (const [t, n] of this.tallyOf(previous)) {
      const left = (tally.get(t) ?? 0) - n;
      if (left > 0) tally.set(t, left); else tally.delete(t);
    }
    for (const [t, n] of this.tallyOf(file.records)) tally.set(t, (tally.get(t) ?? 0) + n);
  }
  /** Per mod asked about, the other version its content is written for (undefined: none); cleared on any re-index. */
  private readonly writtenForMemo = new Map<string, WrittenForOther | undefined>();

  /**
   * The other game version a reported mod's own content is written for, if it is (registry/versions/writtenFor.ts).
   * After an edit, one pass over the mod's files' memoized type counts (only the edited file's is counted again).
   */
  writtenFor(modId: string): WrittenForOther | undefined {
    if (this.writtenForMemo.has(modId)) return this.writtenForMemo.get(modId);
    let tally = this.modTallies.get(modId);
    if (!tally) {
      tally = new Map<string, number>();
      // Every file of the mod, reported or not (a check of one of its files reads them all).
      for (const f of this.filesByMod.get(modId) ?? []) {
        this.ensureParsed(f);
        for (const [t, n] of this.tallyOf(f.records)) tally.set(t, (tally.get(t) ?? 0) + n);
      }
      this.modTallies.set(modId, tally);
    }
    const verdict = writtenForOther(this.version.version, tally);
    this.writtenForMemo.set(modId, verdict);
    return verdict;
  }

  /**
   * Where a notice about the whole mod goes: the mod's id in its modinfo.json, or, when that file is not reported
   * (the CLI given one file of the mod), the first definition's type in this file. Undefined for the mod's other files.
   */
  private modIdAt(file: SourceFile): OffsetRange | undefined {
    const mod = file.modId !== undefined ? this.graph.get(file.modId) : undefined;
    if (!mod) return undefined;
    if (file.path === mod.modinfoFile) {
      const record = file.records.find((r) => r.type === 'MOD_INFO' && r.ids.includes(mod.id));
      return record && this.locate(record, ['id']);
    }
    if (this.files.get(mod.modinfoFile)?.reported) return undefined;
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

/**
 * A batch's last change of each file, in the order of those: a folder deleted and created again in one batch
 * (a `git checkout`) is what the disk holds now, not a mod removed by its first half and a content file added by
 * its second.
 */
function lastChangeOfEachFile<C extends { readonly path: string }>(changes: readonly C[]): C[] {
  const last = new Map<string, C>();
  for (const c of changes) {
    const p = path.resolve(c.path);
    last.delete(p);
    last.set(p, c);
  }
  return last.size === changes.length ? [...changes] : [...last.values()];
}
