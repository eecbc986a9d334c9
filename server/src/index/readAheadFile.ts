/**
 * What a load's reading ahead makes of one file (see readAhead.ts): read, parsed with the native parser, every
 * object reduced to its summary unless its type keeps the whole value (see records/record.ts recordsOf). Done by
 * the second thread for the files it claims, and by the first for the files it reads ahead of its turn while the
 * second is busy with the one it needs: the same result whichever thread made it.
 * Loads little (the second thread's code): no registry, no tolerant parser.
 */
import { readListedTextFile } from '../util/text';
import { definesNoId } from '../syntax/definesNoId';
import { isPlainObject } from '../util/json';
import { summarize } from '../records/record';
import { learnBeyondTables, type TableMembers } from '../records/beyondTables';
import type { InlineEocRoots, InlineEocRootsByType } from '../records/inlineDefinitions';
import { recordsOfObjects, type RecordSource } from '../records/record';
import { recordTypesFrom, type RecordTypes, type TypeFactsData } from '../records/typeFacts';
import { parsedFromJson } from '../syntax/parsed';
import { outlineOf, packedOutline, type BatchOutline, type PackedOutline } from './loadedBatch';

/** What reading ahead made of one file. */
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
  /**
   * The same value as JSON text, parsed when its records are first needed, and what the records made of it tell
   * the index meanwhile (see index/loadedBatch.ts): posted by the second thread when the task gave it the types.
   */
  | OutlinedResult
  /** Its text defines no id (see syntax/definesNoId.ts): parsed when first needed. */
  | { readonly kind: 'defers' }
  /** The first thread reads it itself. */
  | { readonly kind: 'self' };

/**
 * A result as the second thread posts it: its value as JSON text when that text gives the same value back: copying
 * a string between threads is a memory copy, and `JSON.parse` makes the objects faster than the structured clone
 * would (about 1.7x on the game's data).
 */
export type PostedResult = ReadAheadResult | { readonly kind: 'parsed-json'; readonly json: string; readonly inFile: readonly number[]; readonly learned?: readonly string[] };

export interface OutlinedResult {
  /**
   * `utf8`: the JSON text as UTF-8, in a buffer of its own (transferred, not copied): a start makes the records of a
   * dozen of the outlined files, so the others' text never becomes a string on the first thread, whose scavenges
   * would copy it (0.F with Magiclysm: 1.85 MB of text in 629 files).
   */
  readonly kind: 'outlined'; readonly utf8: Uint8Array; readonly inFile: readonly number[]; readonly learned?: readonly string[];
  readonly outline: PackedOutline;
}

const UTF8_DECODER = new TextDecoder();
const UTF8_ENCODER = new TextEncoder();

/** The JSON text of a result posted as text. */
export function jsonOf(read: { readonly json: string } | OutlinedResult): string {
  return 'json' in read ? read.json : UTF8_DECODER.decode(read.utf8);
}

/** A result posted as JSON text, parsed. */
export function parsedFromText(read: ({ readonly json: string } | OutlinedResult) & { readonly inFile: readonly number[]; readonly learned?: readonly string[] }): ReadAheadResult {
  const value = JSON.parse(jsonOf(read)) as unknown;
  return read.learned === undefined ? { kind: 'parsed', value, inFile: read.inFile } : { kind: 'parsed', value, inFile: read.inFile, learned: read.learned };
}

/** How files are reduced: the same on both threads. */
export interface Reduction {
  readonly keepsFullValue: ReadonlySet<string>;
  /** Where the version's types write effects on condition in place, whose ids summaries list (records/inlineDefinitions.ts). */
  readonly inlineEocRoots: InlineEocRootsByType | undefined;
  /** What the tables know, to learn what the files use beyond them; undefined: nothing is learned. */
  readonly tables: TableMembers | undefined;
  /** The types' facts, to outline the records of a file posted as text (see OutlinedResult); undefined: none. */
  readonly types: RecordTypes | undefined;
}

export function reduction(typesKeepingFullValue: readonly string[], inlineEocRoots: InlineEocRoots | undefined, tables: TableMembers | undefined, typeFacts?: TypeFactsData): Reduction {
  const roots = inlineEocRoots && new Map(Object.entries(inlineEocRoots));
  return { keepsFullValue: new Set(typesKeepingFullValue), inlineEocRoots: roots, tables, types: typeFacts && recordTypesFrom(typeFacts, roots) };
}

/** The source of the records outlined here: only their kinds and ids are read. */
const OUTLINED: RecordSource = {
  path: '', modId: undefined,
  offsetOf: () => { throw new Error('read-ahead: an outlined record has no offsets'); },
  fullValueOf: () => { throw new Error('read-ahead: an outlined record has no value'); },
};

/**
 * The outline of the records the first thread will make of `sent` (the summaries, as it parses them from the JSON
 * text) when first asked for: the same function over the same objects (see Indexer.indexOutlined).
 */
function outlineOfSummaries(sent: unknown, inFile: readonly number[], types: RecordTypes): BatchOutline {
  const parsed = parsedFromJson(sent, true, inFile)!;
  return outlineOf(recordsOfObjects(parsed.objects, OUTLINED, types, true));
}

/**
 * Whether a value holds a number that JSON text does not give back: negative zero (JSON text writes 0) or an
 * infinity (a literal too large for a double; JSON text writes null). Such a file's values are sent as values.
 * Only what is sent is searched (summaries): a search of the
 * file's text for the literals took twice as long over the game's files, and flagged 65 whose numbers were fine.
 * Iterative: a value may nest thousands deep.
 */
function holdsUnfaithfulNumber(root: unknown): boolean {
  if (typeof root !== 'object' || root === null) return typeof root === 'number' && unfaithful(root);
  // Only objects and arrays are stacked: the summaries' values are mostly strings (stacking every value cost the
  // worker 12 of the 150 ms it reads 0.F's files in).
  const stack: object[] = [root];
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const v: unknown = o[i];
        if (typeof v === 'object') { if (v !== null) stack.push(v); } else if (typeof v === 'number' && unfaithful(v)) return true;
      }
    } else {
      for (const k in o) {
        const v: unknown = (o as Record<string, unknown>)[k];
        if (typeof v === 'object') { if (v !== null) stack.push(v); } else if (typeof v === 'number' && unfaithful(v)) return true;
      }
    }
  }
  return false;
}

/** Negative zero (JSON text writes 0) or an infinity (JSON text writes null). */
function unfaithful(v: number): boolean {
  return v === 0 ? Object.is(v, -0) : !Number.isFinite(v);
}

/**
 * What the first thread is given of a file's value: every object summarized (not an object: a stray, its value
 * unused); the slots of the objects whose types keep their whole value in `inFile`: the first thread reads those from
 * the file's text when a record's value is first read (most of the game's never are). `asText`: as JSON text when
 * that gives the same values back (to cross threads).
 */
function reducedValue(value: unknown, how: Reduction, asText: boolean, outline: boolean): PostedResult {
  const array = Array.isArray(value);
  const objects: unknown[] = array ? value : [value];
  const inFile: number[] = [];
  const summaries = objects.map((v, slot) => {
    if (!isPlainObject(v)) return v === null || typeof v !== 'object' ? v : null;
    if (typeof v.type === 'string' && how.keepsFullValue.has(v.type)) inFile.push(slot);
    return summarize(v, how.inlineEocRoots);
  });
  // Summaries drop most members: what the whole objects use beyond the tables is learned here.
  const learned: { learned?: string[] } = {};
  if (how.tables) {
    const found = new Set<string>();
    for (const v of objects) if (isPlainObject(v)) learnBeyondTables(v, how.tables, found);
    learned.learned = [...found];
  }
  const sent = array ? summaries : summaries[0];
  if (!asText || summaries.some(holdsUnfaithfulNumber)) return { kind: 'parsed', value: sent, inFile, ...learned };
  const json = JSON.stringify(sent);
  if (how.types === undefined || !outline) return { kind: 'parsed-json', json, inFile, ...learned };
  return { kind: 'outlined', utf8: UTF8_ENCODER.encode(json), inFile, ...learned, outline: packedOutline(outlineOfSummaries(sent, inFile, how.types)) };
}

/**
 * What reading ahead makes of file `p`: `self` for anything but strict JSON holding an object or an array.
 * `outline`: with `asText` and the types' facts, its records outlined (a file whose records can wait).
 */
export function readAheadFile(p: string, how: Reduction, asText: boolean, outline = false): PostedResult {
  let text: string;
  try { text = readListedTextFile(p); } catch { return { kind: 'self' }; }
  if (definesNoId(text)) return { kind: 'defers' };
  let value: unknown;
  try { value = JSON.parse(text); } catch { return { kind: 'self' }; }
  if (!Array.isArray(value) && !isPlainObject(value)) return { kind: 'self' };
  return reducedValue(value, how, asText, outline);
}
