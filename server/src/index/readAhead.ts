/**
 * Reading and parsing a load's files on a second thread while the first indexes: on a cold start that is most of
 * the time to the first diagnostics, and the first thread also makes the records of every file.
 *
 * Each file is read by whichever thread claims it first (an atomic flag per file): the first thread goes through
 * the files in the load's order, the worker from the last one back, and they meet where both are done, so the
 * share of each follows how busy the cores are. The worker (readAheadWorker.ts) reads each
 * file it claims, parses it with the native parser and sends back its top-level values, every object reduced to
 * its summary unless its type keeps the whole value (see records/record.ts recordsOf): what the first thread would
 * make of the file, less what it would drop at once. Anything else (an unreadable file, a file that is not strict
 * JSON) is left to the first thread, which reads it again as it would have. A worker that stops answering is
 * given up, and the first thread reads the rest.
 */
import * as path from 'path';
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'worker_threads';
import type { InlineEocRoots } from '../records/inlineDefinitions';
import type { TableMembersData } from '../records/beyondTables';

/** What the worker made of one file. */
export type ReadAheadResult =
  /**
   * The file's JSON value, its objects summarized; the slots of the objects of a type that keeps its whole value in
   * `inFile`: the whole is read from the file's text when its record's value is first read (see ParsedObject.wholeInFile).
   */
  | {
    readonly kind: 'parsed'; readonly value: unknown; readonly inFile?: readonly number[];
    /** What its whole objects use beyond the tables (see records/beyondTables.ts), when the task gave them. */
    readonly learned?: readonly string[];
  }
  /** Its text defines no id (see syntax/definesNoId.ts): parsed when first needed. */
  | { readonly kind: 'defers' }
  /** The first thread reads it itself. */
  | { readonly kind: 'self' };

/**
 * What the worker is given as it starts: before the load has listed its files (a thread takes 25-60 ms to start,
 * the listing and the tables about 25), so that it is ready to read when they come (ReadAheadFiles, on its port).
 */
export interface ReadAheadTask {
  readonly typesKeepingFullValue: readonly string[];
  /** Where the version's types write effects on condition in place, whose ids summaries list (records/inlineDefinitions.ts). */
  readonly inlineEocRoots: InlineEocRoots | undefined;
  readonly port: MessagePort;
  /**
   * [0]: batches posted so far; [1]: 1 once the worker is done (or failed); [2]: 1 once the first thread has
   * waited for a result (the worker then posts each at once); [3]: 1 once the files are posted (ReadAheadFiles),
   * 2 when the worker is not needed after all.
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
}

/** Claims of a file (ReadAheadTask.claims). */
export const WORKER = 1;
export const LOADER = 2;

/**
 * One result as posted (in batches: see readAheadWorker.ts): the index of its path among the task's paths, and the
 * result, its value as JSON text when that text gives the same value back: copying a string between threads is a
 * memory copy, and `JSON.parse` makes the objects faster than the structured clone would (about 1.7x on the game's
 * data).
 */
export interface ReadAheadMessage {
  readonly index: number;
  readonly read: ReadAheadResult | { readonly kind: 'parsed-json'; readonly json: string; readonly inFile: readonly number[]; readonly learned?: readonly string[] };
}

function decoded(read: ReadAheadMessage['read']): ReadAheadResult {
  if (read.kind !== 'parsed-json') return read;
  const value = JSON.parse(read.json) as unknown;
  return read.learned === undefined ? { kind: 'parsed', value, inFile: read.inFile } : { kind: 'parsed', value, inFile: read.inFile, learned: read.learned };
}

/** How long the first thread waits for a result before it gives the worker up (it answers in milliseconds). */
const GIVE_UP_MS = 10_000;

const SELF: ReadAheadResult = { kind: 'self' };

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

export class ReadAhead {
  private readonly received = new Map<number, ReadAheadMessage['read']>();
  private gone = false;
  /** Set by `begin`. */
  private claims: Int32Array = new Int32Array(0);
  private everyFile = false;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    private readonly signal: Int32Array,
    private readonly giveUpMs: number,
  ) {}

  /**
   * A worker reading `paths` from the last back (`boot`, then `begin`); undefined when no thread can be started.
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
  static boot(typesKeepingFullValue: readonly string[], options: { readonly module?: string; readonly giveUpMs?: number; readonly inlineEocRoots?: InlineEocRoots } = {}): ReadAhead | undefined {
    let worker: Worker;
    const { port1, port2 } = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(16));
    try {
      const task: ReadAheadTask = { typesKeepingFullValue, inlineEocRoots: options.inlineEocRoots, port: port2, signal };
      worker = new Worker(startingCode(options.module ?? path.join(__dirname, 'readAheadWorker.js')), { eval: true, workerData: task, transferList: [port2] });
      // Its failure shows as a result that never comes (see take); it must not stop the process.
      worker.on('error', () => undefined);
      worker.unref();
    } catch {
      return undefined;
    }
    return new ReadAhead(worker, port1, signal, options.giveUpMs ?? GIVE_UP_MS);
  }

  /**
   * Gives the booted worker its files. `tableMembers`: what the tables know, to learn what the files use beyond
   * them (made here, while the worker may still be starting: about ten milliseconds on a cold start).
   */
  begin(paths: readonly string[], options: { readonly everyFile?: boolean; readonly tableMembers?: () => TableMembersData } = {}): void {
    this.claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, paths.length)));
    this.everyFile = options.everyFile ?? false;
    let files: ReadAheadFiles;
    try {
      files = { paths, claims: this.claims, tables: options.tableMembers?.() };
    } catch (err) {
      this.stop();
      throw err;
    }
    this.port.postMessage(files);
    Atomics.store(this.signal, 3, 1);
    Atomics.notify(this.signal, 3);
  }

  /**
   * What the worker made of path `index`, waiting for it when the worker has claimed it; `self` when this thread
   * claims it first (or the worker is given up): the caller reads it.
   */
  take(index: number): ReadAheadResult {
    const steps = this.taking(index);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      Atomics.wait(this.signal, 0, step.value.seen, step.value.left);
    }
  }

  /** As `take`, without blocking the thread (a server keeps answering while it loads). */
  async takeAsync(index: number): Promise<ReadAheadResult> {
    const steps = this.taking(index);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      const wait = waitAsync(this.signal, 0, step.value.seen, step.value.left);
      if (wait.async) await wait.value;
    }
  }

  /**
   * Taking path `index`: returns the result, or yields each wait it needs first (how many results were posted
   * when it looked, and for how long at most). `take` and `takeAsync` differ only in how they wait.
   */
  private *taking(index: number): Generator<{ readonly seen: number; readonly left: number }, ReadAheadResult, void> {
    if (this.claimedHere(index)) return SELF;
    const deadline = Date.now() + this.giveUpMs;
    for (;;) {
      const look = this.look(index, deadline);
      if ('found' in look) return look.found;
      this.waiting();
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

  /**
   * Tells the worker that this thread waits: from then on it posts each result at once rather than in batches.
   * (Until the threads meet, this one reads the files it reaches itself and waits for none.)
   */
  private waiting(): void {
    Atomics.store(this.signal, 2, 1);
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
    if (read) { this.received.delete(index); return decoded(read); }
    return done ? this.giveUp() : undefined;
  }

  private giveUp(): ReadAheadResult {
    this.stop();
    return SELF;
  }
}
