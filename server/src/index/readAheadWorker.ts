/**
 * The thread of a ReadAhead (see readAhead.ts): reads the files it claims, from the last, and posts what it made
 * of each.
 * Loads little: no registry (the types that keep whole values come with the task), no tolerant parser.
 */
import { workerData } from 'worker_threads';
import { WORKER, type ReadAheadTask, type ReadAheadMessage } from './readAhead';
import { readListedTextFile } from '../util/text';
import { definesNoId } from '../syntax/definesNoId';
import { isPlainObject } from '../util/json';
import { summarize } from '../records/record';

const task = workerData as ReadAheadTask;

/**
 * Numbers whose value JSON text does not give back: negative zero (written `-0`, `-0.0`, or too small a negative)
 * and infinities (too large an exponent or too many digits). A text that may hold one is sent as values. Three
 * searches: one pattern of the three alternatives took half as long again.
 */
const NEGATIVE_ZERO = /-0(?![\d.]*[1-9])/;
const LARGE_EXPONENT = /[eE][+-]?\d\d\d/;
const MANY_DIGITS = /\d{300}/;

function mayNotRoundTrip(text: string): boolean {
  return (text.includes('-0') && NEGATIVE_ZERO.test(text)) || LARGE_EXPONENT.test(text) || MANY_DIGITS.test(text);
}
const keepsFullValue = new Set(task.typesKeepingFullValue);

function keepsWhole(v: Record<string, unknown>): boolean {
  return typeof v.type === 'string' && keepsFullValue.has(v.type);
}

/** An object as the first thread keeps it: whole, or its summary; not an object: a stray, its value unused. */
function reduced(v: unknown): unknown {
  if (!isPlainObject(v)) return v === null || typeof v !== 'object' ? v : null;
  return keepsWhole(v) ? v : summarize(v);
}

/**
 * As JSON text: every object summarized, and the whole objects of the types that keep them in `wholes` by slot,
 * which the first thread parses only when a record's value is first read (most of the game's never are).
 */
function asText(value: unknown): ReadAheadMessage['read'] {
  const objects = Array.isArray(value) ? value : [value];
  const wholes: (string | null)[] = [];
  const summaries = objects.map((v, slot) => {
    if (!isPlainObject(v)) return reduced(v);
    if (keepsWhole(v)) wholes[slot] = JSON.stringify(v);
    return summarize(v);
  });
  return { kind: 'parsed-json', json: JSON.stringify(Array.isArray(value) ? summaries : summaries[0]), wholes };
}

function read(p: string): ReadAheadMessage['read'] {
  let text: string;
  try { text = readListedTextFile(p); } catch { return { kind: 'self' }; }
  if (definesNoId(text)) return { kind: 'defers' };
  let value: unknown;
  try { value = JSON.parse(text); } catch { return { kind: 'self' }; }
  if (!Array.isArray(value) && !isPlainObject(value)) return { kind: 'self' };
  if (!mayNotRoundTrip(text)) return asText(value);
  return { kind: 'parsed', value: Array.isArray(value) ? value.map(reduced) : reduced(value) };
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
  for (let index = task.paths.length - 1; index >= 0; index--) {
    if (Atomics.compareExchange(task.claims, index, 0, WORKER) !== 0) break;
    batch.push({ index, read: read(task.paths[index]) });
    if (batch.length >= BATCH || Atomics.load(task.signal, 2) === 1) post();
  }
  post();
} finally {
  Atomics.store(task.signal, 1, 1);
  Atomics.add(task.signal, 0, 1);
  Atomics.notify(task.signal, 0);
}
