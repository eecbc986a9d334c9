/**
 * Loading a workspace: its mods found on disk, then every content file of the active mods indexed, read by this
 * thread or a second one (index/readAhead.ts), or taken from the on-disk cache of a previous load (cache/) for the
 * files outside the roots that did not change since; at once (the CLI) or in time slices (the language server).
 */
import * as path from 'path';
import { ReadAhead, type ReadAheadCounts, type ReadAheadResult } from '../index/readAhead';
import type { IndexCache, CacheOptions, CacheWrite } from '../cache/store';
import { cacheKey } from '../cache/key';
import type { KindRegistry } from '../registry/registry';
import type { Steps } from '../util/steps';
import type { FileStore } from './fileStore';
import type { FolderReader, WorkspaceMods } from './workspaceMods';
import type { Indexer } from './indexer';
import type { GameUsage } from './gameUsage';
import { tableMembersData } from '../records/beyondTables';

/**
 * Fewer files than this are read by the loading thread alone. A second thread pays only on large loads: it takes
 * 50-100 ms to start while the first is busy, and a file it reads costs more CPU in all (its summary crosses as
 * JSON text). Cold loads, wall time with a second thread / without (medians of 3): 603, 1,003 and 1,503 of the
 * current game's core files 130 / 127, 201 / 186 and 287 / 279 ms; 0.F with Magiclysm (2,046 files) 299 / 320; the
 * current game with Magiclysm (4,175 files) 578 / 663. A warm start reading a mod's 345 files 216 / 193 ms, 514
 * files 215 / 199.
 */
const MIN_FILES_FOR_A_SECOND_THREAD = 1500;

/** How a load reads files. */
export interface LoadOptions {
  /** The base game folder, resolved: the cache is the game's (see cache/key.ts). */
  readonly gamePath: string | undefined;
  readonly cache: CacheOptions | undefined;
  /** Reads a file of a load's listing (known to be a regular file: see readListedFile). */
  readonly readListed: (p: string) => string;
  /** Which files a second thread may read; undefined: none (see ProjectOptions.inMemory, secondThread). */
  readonly readableElsewhere: ((path: string) => boolean) | undefined;
  /** Tests: a second thread, whatever the load, reads every file it can, this one none. */
  readonly everyFileElsewhere: boolean;
  /** The reported files analysed on loading (their text and whole values are needed on this thread). */
  readonly checkedAfterLoad: ((path: string) => boolean) | undefined;
}

/** The second thread of a load, as the loading loop takes its results. */
interface SecondThread {
  take(p: string): ReadAheadResult | undefined;
  takeAsync(p: string, sliceMs: number): Promise<ReadAheadResult | undefined>;
  /** Stops it; returns how many files each thread read. */
  stop(): ReadAheadCounts;
}

export class Loader {
  /** The cache during a load, until saved (see saveCacheSteps). */
  private warm: IndexCache | undefined;
  /** How many files of the last load a second thread read and parsed. */
  filesReadElsewhere = 0;
  /** How many this thread read ahead of their turn, while the second thread read the one it needed (see index/readAhead.ts). */
  filesReadAhead = 0;

  constructor(
    private readonly options: LoadOptions,
    private readonly registry: KindRegistry,
    private readonly store: FileStore,
    private readonly mods: WorkspaceMods,
    private readonly indexer: Indexer,
    private readonly usage: GameUsage,
  ) {}

  /** Lists a folder for the mods' content files: through the cache during a load with one, else from disk. */
  get readFolder(): FolderReader | undefined {
    return this.warm?.readFolder;
  }

  /** Discovers the mods and files on disk and indexes them. `onProgress` gets (done, total). */
  load(onProgress?: (done: number, total: number) => void): void {
    const { paths, reader } = this.start();
    try {
      paths.forEach((p, i) => {
        this.indexFromDisk(p, reader?.take(p));
        if (onProgress && (i + 1) % 200 === 0) onProgress(i + 1, paths.length);
      });
    } finally {
      this.stopReadAhead(reader);
    }
    this.indexer.materializeProblemFiles();
    onProgress?.(paths.length, paths.length);
  }

  /**
   * As `load`, for a server that must keep answering while it indexes: works in time slices of about
   * `sliceMs`, yielding to the event loop (setImmediate) between slices. Stops early, returning false, when
   * `isCancelled` says a newer load replaced this one. Edits applied meanwhile are safe: a file indexed later is
   * read through `readFile` (which a server points at its open documents).
   */
  async loadInSlices(
    onProgress?: (done: number, total: number) => void,
    options: { readonly sliceMs?: number; readonly isCancelled?: () => boolean } = {},
  ): Promise<boolean> {
    const sliceMs = options.sliceMs ?? 12;
    const { paths, reader } = this.start();
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
        this.indexFromDisk(p, reader && (await reader.takeAsync(p, sliceMs)));
      }
    } finally {
      this.stopReadAhead(reader);
    }
    this.indexer.materializeProblemFiles();
    onProgress?.(paths.length, paths.length);
    return true;
  }

  private stopReadAhead(reader: SecondThread | undefined): void {
    const counts = reader?.stop();
    this.filesReadElsewhere = counts?.byWorker ?? 0;
    this.filesReadAhead = counts?.aheadHere ?? 0;
  }

  /** The mods found, the cache opened: the files to index, and the second thread reading them if there is one. */
  private start(): { paths: string[]; reader: SecondThread | undefined } {
    const { cache, gamePath } = this.options;
    // The cache's modules (store, codec) are required when a cache is asked for: a check of the command line has none.
    this.warm = cache && gamePath
      ? new (require('../cache/store') as typeof import('../cache/store')).IndexCache(cache, cacheKey(this.registry, gamePath), this.registry)
      : undefined;
    const booted = this.bootReadAhead();
    try {
      this.mods.discover();
      const paths = this.mods.contentFilesOfActiveMods(this.readFolder);
      return { paths, reader: this.startReadAhead(paths, booted) };
    } catch (err) {
      // A thread waiting for files that never come would stay, blocked, for the life of a server.
      booted?.stop();
      throw err;
    }
  }

  /**
   * A second thread started before the mods are found and their files listed, when the load will likely need one
   * (see startReadAhead): it takes 25-60 ms to start, while this thread lists the files (about 10 ms on a cold
   * start) and makes the tables (about 10 more), and the sooner it reads, the larger its share. Likely: the game's
   * own files, thousands, are read from disk and not reported (under no root, no cache holding them).
   */
  private bootReadAhead(): ReadAhead | undefined {
    const { gamePath, readableElsewhere, everyFileElsewhere } = this.options;
    if (!readableElsewhere || (this.warm !== undefined && !this.warm.holdsNothing)) return undefined;
    const gameIsContext = gamePath !== undefined && !this.mods.isUnderRoot(path.join(gamePath, 'json'));
    if (!gameIsContext && !everyFileElsewhere) return undefined;
    return this.bootThread();
  }

  /**
   * A second thread for the load's files. With the types' facts it outlines their records, made here when first
   * asked for (see Indexer.indexOutlined): not for a load with a cache, which writes every file's records at once.
   */
  private bootThread(): ReadAhead | undefined {
    const typeFacts = this.warm === undefined ? this.registry.typeFactsData() : undefined;
    return ReadAhead.boot(this.registry.typesKeepingFullValue(), { inlineEocRoots: this.registry.inlineEocRoots, typeFacts });
  }

  /** Indexes a file of the load; `read`: what a second thread made of it (see startReadAhead). */
  private indexFromDisk(p: string, read?: ReadAheadResult): void {
    const warm = this.warm !== undefined && !this.mods.isUnderRoot(p) ? this.warm : undefined;
    const cached = warm?.lookup(p, this.store);
    if (cached) return this.indexer.indexCached(this.store.fileFor(p), cached);
    const elsewhere = read !== undefined && read.kind !== 'self';
    // A file read ahead (by the other thread, or this one) comes as its parse (`read`): its text is not needed here.
    const text = elsewhere ? '' : this.store.safeRead(p, this.options.readListed);
    if (text === undefined) return;
    const file = this.store.fileFor(p);
    this.indexer.indexFile(file, text, true, true, read);
    if (warm && this.store.holds(file)) warm.indexed(p, { deferred: file.deferred, parsed: file.parsed, records: file.records, learned: this.usage.of(p) });
  }

  /**
   * A second thread reading the load's files while this one indexes (see index/readAhead.ts), when there are
   * enough of them to pay for a thread. Not those a cache gives (outside the roots, when there is one), nor those
   * analysed on loading (their text and whole values are needed here), nor documents open in an editor. Each file
   * is read by the thread that reaches it first; this one makes the records of all of them. `booted`: the thread
   * if started already (see bootReadAhead), stopped here when the load needs none.
   */
  private startReadAhead(paths: readonly string[], booted: ReadAhead | undefined): SecondThread | undefined {
    const elsewhere = this.options.readableElsewhere;
    if (!elsewhere) return undefined;
    const cached = this.warm !== undefined && !this.warm.holdsNothing;
    const analysedOnLoading = this.options.checkedAfterLoad;
    const context = paths.filter((p) => elsewhere(p) && (this.mods.isUnderRoot(p) ? !analysedOnLoading?.(p) : !cached));
    const everyFile = this.options.everyFileElsewhere;
    if (context.length < MIN_FILES_FOR_A_SECOND_THREAD && !everyFile) {
      booted?.stop();
      return undefined;
    }
    const reader = booted ?? this.bootThread();
    if (!reader) return undefined;
    // What the tables know goes with the files when the game's are among those read (see records/beyondTables.ts).
    const tables = context.some((p) => this.mods.isGameData(p))
      ? { here: this.registry, data: () => tableMembersData(this.registry, [...this.registry.knownTypes, ...Object.keys(this.registry.version.retiredTypes ?? {})]) }
      : undefined;
    // Outlined: the files whose records can wait (see Indexer.indexOutlined), outside the roots.
    reader.begin(context, { everyFile, tables, outlines: (p) => !this.mods.isUnderRoot(p) });
    const indexOf = new Map(context.map((p, k) => [p, k]));
    // A document opened in an editor since the reader started is read here, through readFile.
    const valid = (p: string, read: ReadAheadResult): ReadAheadResult | undefined => (elsewhere(p) ? read : undefined);
    return {
      take: (p) => { const k = indexOf.get(p); return k === undefined ? undefined : valid(p, reader.take(k)); },
      takeAsync: async (p, sliceMs) => { const k = indexOf.get(p); return k === undefined ? undefined : valid(p, await reader.takeAsync(k, sliceMs)); },
      stop: () => { reader.stop(); return reader.counts(); },
    };
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
    return yield* warm.save((p) => this.mods.findOwner(p) !== undefined);
  }
}
