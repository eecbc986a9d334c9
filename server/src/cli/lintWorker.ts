/** A worker thread of a parallel check (see parallelLint.ts): lints its share and sends the diagnostics back. */
import { parentPort, workerData } from 'worker_threads';
import { lintShare, type ShareTask } from './parallelLint';

parentPort!.postMessage(lintShare(workerData as ShareTask));
