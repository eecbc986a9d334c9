/**
 * The thread of a ReadAhead (see readAhead.ts): reads the files it claims, in the load's order, and posts what it
 * made of each (see readAheadFile.ts).
 * Loads little: no registry (the types that keep whole values come with the task), no tolerant parser.
 */
import { receiveMessageOnPort, workerData } from 'worker_threads';
import { WORKER, type ReadAheadTask, type ReadAheadFiles, type ReadAheadMessage } from './readAhead';
import { readAheadFile, reduction } from './readAheadFile';
import { tableMembersFrom } from '../records/beyondTables';

const task = workerData as ReadAheadTask;

/**
 * The files to read and what the tables know, posted once the load has listed them (see ReadAhead.begin);
 * undefined when the load needs no second thread after all (then this thread reads nothing).
 */
function filesOfTask(): ReadAheadFiles | undefined {
  Atomics.wait(task.signal, 3, 0);
  if (Atomics.load(task.signal, 3) !== 1) return undefined;
  const posted = receiveMessageOnPort(task.port);
  if (!posted) throw new Error('read-ahead: the files were not posted');
  return posted.message as ReadAheadFiles;
}
const files = filesOfTask();
const how = reduction(task.typesKeepingFullValue, task.inlineEocRoots, files?.tables && tableMembersFrom(files.tables), task.typeFacts);

/**
 * Results are posted in batches (receiving one message per file cost the first thread about 10 µs each), and at
 * once when the first thread needs one of them (see ReadAhead.needs): it reads ahead itself meanwhile.
 */
const BATCH = 64;
const batch: ReadAheadMessage[] = [];

function post(): void {
  if (batch.length === 0) return;
  const texts: ArrayBuffer[] = [];
  for (const { read } of batch) if (read.kind === 'outlined') texts.push(read.utf8.buffer as ArrayBuffer);
  task.port.postMessage(batch.splice(0), texts);
  Atomics.add(task.signal, 0, 1);
  Atomics.notify(task.signal, 0);
}

try {
  // In the load's order, as the first thread indexes them, skipping the files it claimed: it takes each result as
  // it comes, and both threads read until the last file is claimed.
  const { paths, claims, outlined } = files ?? { paths: [], claims: new Int32Array(0), outlined: undefined };
  for (let index = 0; index < paths.length; index++) {
    if (Atomics.compareExchange(claims, index, 0, WORKER) !== 0) continue;
    batch.push({ index, read: readAheadFile(paths[index], how, true, outlined?.[index] === 1) });
    // signal[2]: the index the first thread needs, plus one.
    if (batch.length >= BATCH || batch[0].index < Atomics.load(task.signal, 2)) post();
  }
  post();
} finally {
  Atomics.store(task.signal, 1, 1);
  Atomics.add(task.signal, 0, 1);
  Atomics.notify(task.signal, 0);
}
