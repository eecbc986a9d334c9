/**
 * A check on several threads (cdda-lint --jobs N): each worker thread loads the whole project (every file is
 * needed to judge any one: ids, copy-from parents) and checks its share of the files, found by a hash of their
 * paths; the shares' diagnostics are put back in the one-thread order (by file, then as each file lists them).
 *
 * Not the default: loading is repeated per thread and only checking is divided, while one thread already keeps a
 * second core busy (V8 collects garbage and compiles on helper threads). On 2 cores, 2 threads take ~1.7x the CPU
 * of one for no gain in wall time; with idle cores to spare they can shorten it. Passing the shares' loaded
 * files between the threads instead of loading everything in each would remove most of the repeated work.
 */
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { JsonDiagnostic, LintOptions, LintTotals } from './lint';
import type { VersionChoice } from '../registry/versions';

/** What a worker is given: the options (without functions) and which share of the files is its own. */
export interface ShareTask {
  readonly options: Omit<LintOptions, 'share'>;
  readonly share: number;
  readonly shares: number;
}

/** What a worker sends back. */
export interface ShareResult {
  readonly list: JsonDiagnostic[];
  readonly filesChecked: number;
  readonly version: { readonly id: string; readonly source: VersionChoice['source'] };
  readonly learned: LintTotals['learned'];
  readonly writtenFor: LintTotals['writtenFor'];
}

/** Which of `shares` shares a file belongs to (a hash of its path: the game's files split evenly by size). */
export function shareOf(file: string, shares: number): number {
  let h = 0;
  for (let i = 0; i < file.length; i++) h = (Math.imul(h, 31) + file.charCodeAt(i)) | 0;
  return (h >>> 0) % shares;
}

/** The diagnostics of the files under the paths, as `toJsonDiagnostics(lint(options))` lists them, on `threads` threads. */
export async function lintInParallel(options: Omit<LintOptions, 'share'>, threads: number): Promise<{ totals: LintTotals; list: JsonDiagnostic[] }> {
  // The engine is loaded where it runs: the workers start as soon as the options are known, not after this
  // thread has loaded (and compiled) it too.
  if (threads <= 1) {
    const { lint, toJsonDiagnostics } = await import('./lint');
    const result = lint(options);
    return { totals: result, list: toJsonDiagnostics(result) };
  }
  // Every thread reads the cache; the first writes it.
  const workers = Array.from({ length: threads }, (_, share) =>
    runWorker({ options: { ...options, cache: options.cache && { ...options.cache, write: share === 0 && options.cache.write !== false } }, share, shares: threads }));
  const { findVersion } = await import('../registry/versions');
  const results = await Promise.all(workers);
  // One file's diagnostics all come from one share: a stable sort by file restores the one-thread order.
  const list = results.flatMap((r) => r.list).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const version = findVersion(results[0].version.id);
  if (!version) throw new Error(`cdda-lint: a worker checked an unknown game version ${results[0].version.id}`);
  // Every share loads the same game and mods: what it learned, and what the mods are written for, is the same.
  return { totals: { version: { version, source: results[0].version.source }, filesChecked: results.reduce((n, r) => n + r.filesChecked, 0), learned: results[0].learned, writtenFor: results[0].writtenFor }, list };
}

function runWorker(task: ShareTask): Promise<ShareResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'lintWorker.js'), { workerData: task });
    let result: ShareResult | undefined;
    worker.once('message', (r: ShareResult) => { result = r; });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`cdda-lint: a checking thread stopped (exit code ${code})`))));
  });
}
