/**
 * The thread of a ReadAhead (see readAhead.ts): reads the files it claims, from the last, and posts what it made
 * of each.
 * Loads little: no registry (the types that keep whole values come with the task), no tolerant parser.
 */
import { receiveMessageOnPort, workerData } from 'worker_threads';
import { WORKER, type ReadAheadTask, type ReadAheadFiles, type ReadAheadMessage } from './readAhead';
import { readListedTextFile } from '../util/text';
import { definesNoId } from '../syntax/definesNoId';
import { isPlainObject } from '../util/json';
import { summarize } from '../records/record';
import { learnBeyondTables, tableMembersFrom } from '../records/beyondTables';

const task = workerData as ReadAheadTask;

/**
 * Whether a value holds a number that JSON text does not give back: negative zero (JSON text writes 0) or an
 * infinity (a literal too large for a double; JSON text writes null). Such a file's values are sent as values.
 * Only what is sent is searched (summaries): a search of the
 * file's text for the literals took twice as long over the game's files, and flagged 65 whose numbers were fine.
 * Iterative: a value may nest thousands deep.
 */
function holdsUnfaithfulNumber(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (v === 0 ? Object.is(v, -0) : !Number.isFinite(v)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object') {
      for (const k in v) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return false;
}
const keepsFullValue = new Set(task.typesKeepingFullValue);
const inlineEocRoots = task.inlineEocRoots && new Map(Object.entries(task.inlineEocRoots));
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
const tables = files?.tables && tableMembersFrom(files.tables);

function keepsWhole(v: Record<string, unknown>): boolean {
  return typeof v.type === 'string' && keepsFullValue.has(v.type);
}

/**
 * What the first thread is sent of a file's value: every object summarized (not an object: a stray, its value
 * unused); the slots of the objects whose types keep their whole value in `inFile`: the first thread reads those from
 * the file's text when a record's value is first read (most of the game's never are). As JSON text when that gives
 * the same values back.
 */
function reducedValue(value: unknown): ReadAheadMessage['read'] {
  const array = Array.isArray(value);
  const objects: unknown[] = array ? value : [value];
  const inFile: number[] = [];
  const summaries = objects.map((v, slot) => {
    if (!isPlainObject(v)) return v === null || typeof v !== 'object' ? v : null;
    if (keepsWhole(v)) inFile.push(slot);
    return summarize(v, inlineEocRoots);
  });
  // Summaries drop most members: what the whole objects use beyond the tables is learned here.
  const learned: { learned?: string[] } = {};
  if (tables) {
    const found = new Set<string>();
    for (const v of objects) if (isPlainObject(v)) learnBeyondTables(v, tables, found);
    learned.learned = [...found];
  }
  const sent = array ? summaries : summaries[0];
  if (summaries.some(holdsUnfaithfulNumber)) return { kind: 'parsed', value: sent, inFile, ...learned };
  return { kind: 'parsed-json', json: JSON.stringify(sent), inFile, ...learned };
}

function read(p: string): ReadAheadMessage['read'] {
  let text: string;
  try { text = readListedTextFile(p); } catch { return { kind: 'self' }; }
  if (definesNoId(text)) return { kind: 'defers' };
  let value: unknown;
  try { value = JSON.parse(text); } catch { return { kind: 'self' }; }
  if (!Array.isArray(value) && !isPlainObject(value)) return { kind: 'self' };
  return reducedValue(value);
}

/**
 * Results are posted in batches: the first thread takes none before the threads meet (it reads the files it
 * reaches itself until then), and receiving one message per file cost it about 10 µs each.
 */
const BATCH = 64;
const batch: ReadAheadMessage[] = [];

function post(): void {
  if (batch.length === 0) return;
  task.port.postMessage(batch.splice(0));
  Atomics.add(task.signal, 0, 1);
  Atomics.notify(task.signal, 0);
}

try {
  // From the last file back, while the first thread goes forward: they meet where both are done, and the first
  // waits only there (going the same way, it would often reach the file this one has just claimed).
  const { paths, claims } = files ?? { paths: [], claims: new Int32Array(0) };
  for (let index = paths.length - 1; index >= 0; index--) {
    if (Atomics.compareExchange(claims, index, 0, WORKER) !== 0) break;
    batch.push({ index, read: read(paths[index]) });
    if (batch.length >= BATCH || Atomics.load(task.signal, 2) === 1) post();
  }
  post();
} finally {
  Atomics.store(task.signal, 1, 1);
  Atomics.add(task.signal, 0, 1);
  Atomics.notify(task.signal, 0);
}
