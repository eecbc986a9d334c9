/**
 * What a benchmark measurement is, and small helpers for writing one. A measurement is a function
 * `(ctx: BenchContext) => Reading[]` (or a promise of them) exported by a file of this folder and listed in
 * bench.ts MEASUREMENTS; bench.ts runs it in a fresh child process (`--expose-gc`) once per run and corpus, and
 * prints the median of each figure beside its target.
 */
import * as fs from 'fs';
import * as path from 'path';
import { listJsonFiles } from '../../server/src/mods/discover';
import { gameVersions } from '../../server/src/registry/versions';
import { jsoncParser } from '../../server/src/util/jsonc';

/** A game folder the bench measures on. */
export interface Corpus {
  /** `0.F`, `current`, `10x 0.F`... */
  readonly name: string;
  /** The game folder (json/ and mods/). */
  readonly game: string;
  /** The mod folder a modder has open (the server's headline state): the largest mod of the game. */
  readonly mod: string;
  /** For the 10x case: the name of the corpus it is ten times. */
  readonly tenfoldOf?: string;
}

export interface BenchContext {
  readonly corpus: Corpus;
  /** `--quick`: fewer repetitions inside a measurement (CI runs the bench once to see it work). */
  readonly quick: boolean;
}

export type Unit = 'ms' | 'MB' | 'x' | 'count';

/** One figure of one run. */
export interface Reading {
  /** The row's label: the same in every run and corpus (figures are matched by it). */
  readonly figure: string;
  /** NaN: not available. */
  readonly value: number;
  readonly unit: Unit;
  /** The value must be at most this (no target: a figure for information). */
  readonly target?: number;
  /** Printed beside the value (the median run's). */
  readonly detail?: string;
  /** A time or a memory the 10x case compares with its base corpus (target: at most 11x). */
  readonly scales?: boolean;
}

export type Measure = (ctx: BenchContext) => Reading[] | Promise<Reading[]>;

/**
 * Loads the engine's code before a measure: the in-process figures time the engine's work from `new Project`, not
 * the loading of its modules (the server-start figure counts that). What the engine requires when first used is
 * loaded here, as importing the engine loaded it before: each version and its generated tables (registry/versions),
 * the on-disk cache's modules with Node's hashing and compression (workspace/loader.ts, cache/store.ts),
 * jsonc-parser (util/jsonc.ts) and the formatter a fix uses (queries/codeActions.ts).
 */
export function loadEngineCode(): void {
  for (const v of gameVersions()) if (!v.generatedTables) throw new Error(`bench: version ${v.id} has no tables`);
  for (const m of ['../../server/src/cache/store', '../../server/src/cache/codec', '../../server/src/format/cddaFormat', 'crypto', 'zlib']) require(m);
  jsoncParser();
}

export function ms(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** Wall and CPU time of `fn`, in ms (CPU time is robust when other processes share the cores). */
export function timed<T>(fn: () => T): { wall: number; cpu: number; value: T } {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const value = fn();
  const wall = ms(t0);
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000, value };
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** CPU time (ms) of the child processes this one has waited for (Linux /proc; NaN elsewhere). */
export function childrenCpu(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3): indexes 13 and 14.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Every content file of a game folder (json/ and mods/). */
export function contentFiles(game: string): string[] {
  return [...listJsonFiles(path.join(game, 'json')), ...listJsonFiles(path.join(game, 'mods'))];
}

/** The floor of indexing: reading and `JSON.parse` of the files (the same native parser the engine uses). */
export function readAndParse(files: readonly string[]): void {
  for (const f of files) {
    try { JSON.parse(fs.readFileSync(f, 'utf8')); } catch { /* a broken file costs its read */ }
  }
}

/**
 * The floor as a figure's denominator: the median (by wall time) of three readings of readAndParse, each from a
 * collected heap. One reading moved by up to 30% between runs, and every ratio with it.
 */
export function readAndParseFloor(files: readonly string[]): { wall: number; cpu: number } {
  const readings: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    readings.push(timed(() => readAndParse(files)));
  }
  return readings.sort((a, b) => a.wall - b.wall)[1];
}

/** The memory held now, after a full collection (needs --expose-gc). */
export function memoryNow(): { rss: number; heap: number } {
  global.gc?.();
  global.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss / 1e6, heap: m.heapUsed / 1e6 };
}

export function fmt(value: number, unit: Unit): string {
  if (Number.isNaN(value)) return 'n/a';
  switch (unit) {
    case 'ms': return value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`;
    case 'MB': return `${value.toFixed(0)} MB`;
    case 'x': return `${value.toFixed(2)}x`;
    case 'count': return `${value}`;
  }
}
