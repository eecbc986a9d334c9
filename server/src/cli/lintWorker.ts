/** A worker thread of a parallel check (see parallelLint.ts): lints its share and sends the diagnostics back. */
import { parentPort, workerData } from 'worker_threads';
import { lint, toJsonDiagnostics } from './lint';
import { shareOf, type ShareResult, type ShareTask } from './parallelLint';

/** Lints one share of the files. */
export function lintShare(task: ShareTask): ShareResult {
  const result = lint({ ...task.options, share: (p) => shareOf(p, task.shares) === task.share });
  return { list: toJsonDiagnostics(result), filesChecked: result.filesChecked, version: { id: result.version.version.id, source: result.version.source }, learned: result.learned, writtenFor: result.writtenFor };
}

if (parentPort) parentPort.postMessage(lintShare(workerData as ShareTask));
