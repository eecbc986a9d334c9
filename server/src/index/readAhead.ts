/**
 * Reading and parsing a load's files on a second thread while the first indexes: on a cold start that is most of
 * the time to the first diagnostics, and the first thread also makes the records of every file.
 *
 * Each file is read by whichever thread claims it first (an atomic flag per file). Both go in the load's order:
 * the first thread indexes the files one by one, reading those nobody claimed; the worker claims the next
 * unclaimed file, a step ahead of it, reads it and posts what it made of it (readAheadWorker.ts, readAheadFile.ts:
 * its top-level values, every object reduced to its summary unless its type keeps the whole value, see
 * records/record.ts recordsOf), which the first thread indexes as it comes. When the first thread needs a file
 * the worker is still reading, it reads the next unclaimed file meanwhile, the same way, and keeps the result
 * until its turn: neither thread waits while a file is left, both end together, and the files are indexed in the
 * load's order whichever thread read them. (The worker reading from the last file back, the first thread indexed
 * all the worker's results after the threads met, alone: 50-60 ms of 0.F's load, 60-100 of the current game's.)
 * Anything else (an unreadable file, a file that is not strict JSON) is left to the first thread, which reads it
 * again as it would have. A worker that stops answering is given up, and the first thread reads the rest.
 */
import * as path from 'path';
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'worker_threads';
import type { InlineEocRoots } from '../records/inlineDefinitions';
import type { TableMembers, TableMembersData } from '../records/beyondTables';
import { parsedFromText, readAheadFile, reduction, type PostedResult, type ReadAheadResult, type Reduction } from './readAheadFile';
import type { TypeFactsData } from '../records/typeFacts';

export type { ReadAheadResult } from './readAheadFile';

/**
 * What the worker is given as it starts: before the load has listed its files (a thread takes 25-60 ms to start,
 * the listing and the tables about 25), so that it is ready to read when they come (ReadAheadFiles, on its port).
 */
export interface ReadAheadTask {
  readonly typesKeepingFullValue: readonly string[];
  /** Where the version's types write effects on condition in place, whose ids summaries list (records/inlineDefinitions.ts). */
  readonly inlineEocRoots: InlineEocRoots | undefined;
  /** The types' facts: with them, the worker outlines each file's records (see readAheadFile.ts OutlinedResult). */
  readonly typeFacts: TypeFactsData | undefined;
  readonly port: MessagePort;
  /**
   * [0]: batches posted so far; [1]: 1 once the worker is done (or failed); [2]: the index of the result the first
   * thread needs, plus one (the worker posts at once when it holds it: see ReadAhead.needs); [3]: 1 once the files
   * are posted (ReadAheadFiles), 2 when the worker is not needed after all.
   */
  readonly signal: Int32Array;
}

/** What the worker reads: posted on its port once the load has listed its files (see ReadAhead.begin). */
export interface ReadAheadFiles {
  readonly paths: readonly string[];
  /** Per path: 0 while unclaimed, then WORKER or LOADER (whichever thread claimed it first reads it). */
  readonly claims: Int32Array;
  /**
   * What the tables know (see readAheadWorker.ts), to learn what the files use beyond them (see
   * records/beyondTables.ts); undefined: nothing is learned.
   */
  readonly tables: TableMembersData | undefined;
  /** Per path, 1 where the worker outlines the file's records (see readAheadFile.ts OutlinedResult); undefined: none. */
  readonly outlined: Uint8Array | undefined;
}

/** Claims of a file (ReadAheadTask.claims). */
export const WORKER = 1;
export const LOADER = 2;

/** One result as posted (in batches: see readAheadWorker.ts): the index of its path among the task's paths, and the result. */
export interface ReadAheadMessage {
  readonly index: number;
  readonly read: PostedResult;
}

function decoded(read: PostedResult): ReadAheadResult {
  return read.kind === 'parsed-json' ? parsedFromText(read) : read;
}

/**
 * The worker's young generation, in megabytes (V8's default grows to 48): what it allocates is the parse of the
 * file at hand, garbage once its summaries are posted, so its scavenges copy little and a small one costs no time.
 * Reading 60-65 % of the files, its heap grew to the end of the load: a start on 0.F with Magiclysm peaked at
 * 141.7 MB RSS (137 MB before, the worker reading half the files), 134.3 with 8 (129.9 with 4), the same wall
 * time and the same share of files (medians of 6 alternating runs); the current game 171.8 -> 166.0 MB.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** How long the first thread waits for a result before it gives the worker up (it answers in milliseconds). */
const GIVE_UP_MS = 10_000;

const SELF: ReadAheadResult = { kind: 'self' };

/** A step of taking a result (see ReadAhead.taking): a file read ahead meanwhile. */
const READ_AHEAD = 'read-ahead';

/** Atomics.waitAsync (Node 16+; not in this project's TypeScript library). */
const waitAsync = (Atomics as unknown as {
  waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: 'ok' | 'not-equal' | 'timed-out' | Promise<'ok' | 'timed-out'> };
}).waitAsync;

/**
 * The worker's code: its module, or, when that cannot load (a package without it), the signal that it is done,
 * so that the first thread reads every file itself at once instead of waiting for results that never come.
 */
function startingCode(module: string): string {
  return `try { require(${JSON.stringify(module)}); } catch (err) {
  const signal = require('worker_threads').workerData.signal;
  Atomics.store(signal, 1, 1); Atomics.add(signal, 0, 1); Atomics.notify(signal, 0);
}`;
}

/** How many files of a load each thread read (see ReadAhead.counts). */
export interface ReadAheadCounts {
  /** Results of the worker taken (not those it left to this thread). */
  readonly byWorker: number;
  /** Files this thread read ahead of its turn while the worker was busy with the one it needed. */
  readonly aheadHere: number;
}

export class ReadAhead {
  private readonly received = new Map<number, PostedResult>();
  /** What this thread read ahead of its turn, by index, until taken. */
  private readonly readHere = new Map<number, ReadAheadResult>();
  /** Every file before it is claimed (the next this thread may read ahead is here or after). */
  private nextUnclaimed = 0;
  private gone = false;
  /** Set by `begin`. */
  private paths: readonly string[] = [];
  private claims: Int32Array = new Int32Array(0);
  private everyFile = false;
  private reduction: Reduction | undefined;
  private byWorker = 0;
  private aheadHere = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly signal: Int32Array,
    private readonly giveUpMs: number,
    private readonly typesKeepingFullValue: readonly string[],
    private readonly inlineEocRoots: InlineEocRoots | undefined,
  ) {}

  /**
   * A worker reading `paths` (`boot`, then `begin`); undefined when no thread can be started.
   * For tests: `everyFile`, this thread claims none (it waits for the worker's result of each); `module`,
   * `giveUpMs`: a worker whose module is missing, one that never answers.
   */
  static start(paths: readonly string[], typesKeepingFullValue: readonly string[], options: { readonly everyFile?: boolean; readonly module?: string; readonly giveUpMs?: number; readonly inlineEocRoots?: InlineEocRoots } = {}): ReadAhead | undefined {
    const reader = ReadAhead.boot(typesKeepingFullValue, options);
    reader?.begin(paths, { everyFile: options.everyFile });
    return reader;
  }

  /**
   * A worker started before the files it reads are known (see ReadAheadTask): it loads its code meanwhile, then
   * waits for `begin` (or `stop`). Undefined when no thread can be started.
   */
  static boot(typesKeepingFullValue: readonly string[], options: { readonly module?: string; readonly giveUpMs?: number; readonly inlineEocRoots?: InlineEocRoots; readonly typeFacts?: TypeFactsData } = {}): ReadAhead | undefined {
    let worker: Worker;
    const { port1, port2 } = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(16));
    try {
      const task: ReadAheadTask = { typesKeepingFullValue, inlineEocRoots: options.inlineEocRoots, typeFacts: options.typeFacts, port: port2, signal };
      const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
      // Its stdout and stderr not piped to this process's (it writes nothing): piping them made this thread create
      // its own process.stdout and process.stderr, 1-2 ms of a start that writes nowhere yet.
      worker = new Worker(startingCode(options.module ?? path.join(__dirname, 'readAheadWorker.js')), { eval: true, workerData: task, transferList: [port2], resourceLimits, stdout: true, stderr: true });
      // Its failure shows as a result that never comes (see take); it must not stop the process.
      worker.on('error', () => undefined);
      worker.unref();
    } catch {
      return undefined;
    }
    return new ReadAhead(worker, port1, signal, options.giveUpMs ?? GIVE_UP_MS, typesKeepingFullValue, options.inlineEocRoots);
  }

  /**
   * Gives the booted worker its files. `tables`: what the tables know, to learn what the files use beyond them:
   * here, and as data for the worker (made here, while the worker is still starting: 15-20 ms on a cold start,
   * the worker ready about 45 ms after its boot).
   */
  begin(paths: readonly string[], options: { readonly everyFile?: boolean; readonly tables?: { readonly here: TableMembers; readonly data: () => TableMembersData }; readonly outlines?: (p: string) => boolean } = {}): void {
    this.paths = paths;
    this.claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, paths.length)));
    this.everyFile = options.everyFile ?? false;
    this.reduction = reduction(this.typesKeepingFullValue, this.inlineEocRoots, options.tables?.here);
    let files: ReadAheadFiles;
    try {
      const outlines = options.outlines;
      files = { paths, claims: this.claims, tables: options.tables?.data(), outlined: outlines && Uint8Array.from(paths, (p) => (outlines(p) ? 1 : 0)) };
    } catch (err) {
      this.stop();
      throw err;
    }
    this.port.postMessage(files);
    Atomics.store(this.signal, 3, 1);
    Atomics.notify(this.signal, 3);
  }

  /**
   * What the worker (or this thread, reading ahead) made of path `index`, waiting for it when the worker has
   * claimed it and nothing is left to read meanwhile; `self` when this thread claims it first (or the worker is
   * given up): the caller reads it.
   */
  take(index: number): ReadAheadResult {
    const steps = this.taking(index);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      if (step.value !== READ_AHEAD) Atomics.wait(this.signal, 0, step.value.seen, step.value.left);
    }
  }

  /**
   * As `take`, without blocking the thread (a server keeps answering while it loads): reading ahead, it yields to
   * the event loop every `sliceMs` (a file the worker is slow with could leave this thread every other to read).
   */
  async takeAsync(index: number, sliceMs = 12): Promise<ReadAheadResult> {
    const steps = this.taking(index);
    let sliceStart = Date.now();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      if (step.value === READ_AHEAD) {
        if (Date.now() - sliceStart < sliceMs) continue;
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = Date.now();
        continue;
      }
      const wait = waitAsync(this.signal, 0, step.value.seen, step.value.left);
      if (!wait.async) continue;
      // A wait on shared memory does not keep the process alive (the worker is unref'd): a timer does meanwhile.
      const alive = setTimeout(() => undefined, step.value.left);
      try { await wait.value; } finally { clearTimeout(alive); }
    }
  }

  /** How many files each thread read so far. */
  counts(): ReadAheadCounts {
    return { byWorker: this.byWorker, aheadHere: this.aheadHere };
  }

  /**
   * Taking path `index`: returns the result, or yields each wait it needs first (how many results were posted
   * when it looked, and for how long at most), and READ_AHEAD after each file it read meanwhile. `take` and
   * `takeAsync` differ only in how they wait.
   */
  private *taking(index: number): Generator<{ readonly seen: number; readonly left: number } | typeof READ_AHEAD, ReadAheadResult, void> {
    const ahead = this.readHere.get(index);
    if (ahead) { this.readHere.delete(index); return ahead; }
    if (this.claimedHere(index)) return SELF;
    this.needs(index);
    let deadline = Date.now() + this.giveUpMs;
    for (;;) {
      const look = this.look(index, deadline);
      if ('found' in look) return look.found;
      // The worker is reading it: this thread reads the next file meanwhile rather than wait (the worker may be
      // slow to answer for as long as that takes, hence a new deadline).
      if (this.readOneAhead()) { deadline = Date.now() + this.giveUpMs; yield READ_AHEAD; continue; }
      yield look;
    }
  }

  /**
   * The result for `index` if it has come (`self` once the worker is given up, or the deadline is past); else how
   * many results were posted before looking (a wait for more returns when one is posted after the look) and how
   * long to wait.
   */
  private look(index: number, deadline: number): { readonly found: ReadAheadResult } | { readonly seen: number; readonly left: number } {
    const seen = Atomics.load(this.signal, 0);
    const found = this.poll(index);
    if (found) return { found };
    const left = deadline - Date.now();
    return left <= 0 ? { found: this.giveUp() } : { seen, left };
  }

  /** Tells the worker which result this thread needs: it posts its results at once when it holds that one. */
  private needs(index: number): void {
    Atomics.store(this.signal, 2, index + 1);
  }

  /**
   * Reads the next file nobody claimed, kept until its turn (see taking); false when every file is claimed.
   * Files this thread reaches are claimed in order, and so are the ones the worker reads: none before
   * `nextUnclaimed` is left.
   */
  private readOneAhead(): boolean {
    if (this.everyFile || this.gone) return false;
    while (this.nextUnclaimed < this.paths.length) {
      const k = this.nextUnclaimed++;
      if (Atomics.compareExchange(this.claims, k, 0, LOADER) !== 0) continue;
      const read = readAheadFile(this.paths[k], this.reduction!, false) as ReadAheadResult;
      if (read.kind !== 'self') this.aheadHere++;
      this.readHere.set(k, read);
      return true;
    }
    return false;
  }

  /** Stops the worker (its remaining files, if any, are not needed; or it was booted for a load that needs none). */
  stop(): void {
    this.gone = true;
    // A worker still waiting for its files (see begin) returns at once rather than at its termination.
    if (Atomics.compareExchange(this.signal, 3, 0, 2) === 0) Atomics.notify(this.signal, 3);
    this.port.close();
    void this.worker.terminate();
  }

  /** Claims path `index` for this thread, unless the worker has (or the worker is gone). */
  private claimedHere(index: number): boolean {
    return this.gone || (!this.everyFile && Atomics.compareExchange(this.claims, index, 0, LOADER) === 0);
  }

  /** The result for `index` if it has come; `self` when the worker is gone without it. */
  private poll(index: number): ReadAheadResult | undefined {
    if (this.gone) return SELF;
    // Read before draining: a worker done before the drain has every result of it in the port already.
    const done = Atomics.load(this.signal, 1) === 1;
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      for (const { index: i, read } of m.message as ReadAheadMessage[]) this.received.set(i, read);
    }
    const read = this.received.get(index);
    if (read) {
      this.received.delete(index);
      if (read.kind !== 'self') this.byWorker++;
      return decoded(read);
    }
    return done ? this.giveUp() : undefined;
  }

  private giveUp(): ReadAheadResult {
    this.stop();
    return SELF;
  }
}
