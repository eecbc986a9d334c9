/**
 * One file's contribution to the index (its records, its compact parse, whether it was deferred) as plain data
 * and back. What a record is lives in records/record.ts; this is the one place that knows how it is written, so
 * a change of records changes this file (and CACHE_FORMAT in key.ts).
 *
 * A file is written as its meta data (everything the index needs at load) and its records' values (JSON texts,
 * apart). Values are parsed only when first asked for: a warm start does not build the game's definitions, only
 * their ids. The meta data is binary, for speed: 32-bit integers (see encodeFile), then the file's ids and
 * copy-from names as one UTF-8 text, cut by their lengths (see MetaData).
 */
import type { ParsedFile, SyntaxProblem } from '../syntax/parseFile';
import type { DefinitionRecord, EditMode, RecordSource } from '../records/record';
import { classesOf, type IdSearch } from '../util/closest';

/** What a load derives from one file's text. */
export interface FileContents {
  readonly deferred: boolean;
  readonly parsed: ParsedFile;
  readonly records: readonly DefinitionRecord[];
  /** What the file, one of the game's, uses beyond the tables (see records/beyondTables.ts): kept in the header. */
  readonly learned?: readonly string[];
}

/** Contents decoded: records made for this load (a fresh list). */
export type DecodedContents = FileContents & { readonly records: DefinitionRecord[] };

/** Where the values of decoded records are read from when first asked for. */
export interface ValueSource {
  /** The value written at [from, to); throws when it cannot be read as written. */
  value(from: number, to: number): Record<string, unknown>;
  /** The value of `record` made again from its file, when `value` throws. */
  remade(record: DefinitionRecord): Record<string, unknown>;
}

/**
 * The types and kinds the meta data names by number (a few hundred strings for tens of thousands of records).
 * Only ever appended to: files kept from an older cache still name the same strings.
 */
export class StringTable {
  private readonly numbers = new Map<string, number>();
  constructor(readonly strings: string[] = []) {
    strings.forEach((s, i) => this.numbers.set(s, i));
  }

  numberOf(s: string): number {
    let n = this.numbers.get(s);
    if (n === undefined) { n = this.strings.length; this.strings.push(s); this.numbers.set(s, n); }
    return n;
  }
}

/**
 * Whether JSON writes `v` so that it reads back the same: not for -0, numbers out of range (parsed as Infinity)
 * or undefined members (a broken object's recovered value). Such a file is not cached.
 */
function jsonExact(v: unknown): boolean {
  switch (typeof v) {
    case 'string': case 'boolean': return true;
    case 'number': return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) { for (const x of v) if (!jsonExact(x)) return false; return true; }
      for (const k in v) if (!jsonExact((v as Record<string, unknown>)[k])) return false;
      return true;
    }
    default: return false;
  }
}

const ABSTRACT = 1, SUMMARIZED = 2, EDIT_MODE_SHIFT = 2, EDIT_MODE_MASK = 3, INLINE = 16;
const EDIT_MODES: readonly EditMode[] = ['create', 'override', 'modify', 'unknown'];
const NO_SLOTS = 0, IDENTITY = 1, SLOT_LIST = 2;
/** A file's first integer: flags. */
const DEFERRED = 1, ASCII_TEXT = 2;
/** Integers before a file's lists (see encodeFile). */
const FILE_HEADER = 10;

/**
 * A file's id filter: a Bloom filter of the ids of its records (of any kind), about ID_FILTER_BITS_PER_ID bits an
 * id (a power of two of 32-bit words), three bits set by each (see idProbe): about 3 % of the files that
 * do not define an id say they may. An unknown id is asked of every cached file of every kind (kindsDefining):
 * most files answer from their filter, without going through their records.
 */
const ID_FILTER_BITS_PER_ID = 8;

/**
 * What the id filters are tested with for `id`: three combinations of two hashes of it (h1 + j h2, modulo 2^32, as
 * small integers: no number is allocated per test), each masked by a filter's size to a bit of it.
 */
export interface IdProbe { readonly id: string; readonly b0: number; readonly b1: number; readonly b2: number }

export function idProbe(id: string): IdProbe {
  // FNV-1a over the UTF-16 units, and a second hash mixed from it (odd: its multiples reach every bit).
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  let g = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  g = Math.imul(g ^ (g >>> 13), 0xc2b2ae35);
  const h1 = h | 0, h2 = (g ^ (g >>> 16)) | 1;
  return { id, b0: h1, b1: (h1 + h2) | 0, b2: (h1 + 2 * h2) | 0 };
}

/** The words of a filter of `ids` ids: none without ids. */
function filterWords(ids: number): number {
  if (ids === 0) return 0;
  let words = 1;
  while (words * 32 < ids * ID_FILTER_BITS_PER_ID) words *= 2;
  return words;
}

/**
 * A file's meta data (a multiple of 4 bytes) and values. The integers:
 *   flags (DEFERRED, ASCII_TEXT), slots (NO_SLOTS | IDENTITY | SLOT_LIST), object count, slot count, stray count (-1: none),
 *   record count, count of all the integers, byte length of the text, words of the id filter, count of all the ids;
 *   the slots, the strays;
 *   per record: type and kind (numbers in `strings`), flags and edit mode, object index, value length (UTF-8
 *   bytes: values follow each other), id count, copy-from length (-1: none), each id's length (UTF-16);
 *   each id's character classes in lower case (util/closest.ts classesOf: "did you mean" rules most ids out by
 *   them, no string made), in the order of the records;
 *   the id filter (see idProbe).
 * Undefined when the file cannot be written exactly (see jsonExact).
 */
export function encodeFile(contents: FileContents, strings: StringTable): { meta: Buffer; values: string } | undefined {
  const { parsed } = contents;
  if (parsed.objects.length > 0 || parsed.problems.length > 0) return undefined; // not compacted; broken: read again
  const slots = parsed.slots === undefined ? [] : parsed.slots === 'identity' ? [] : parsed.slots;
  const strays = parsed.strays;
  const ints: number[] = [
    contents.deferred ? DEFERRED : 0, parsed.slots === undefined ? NO_SLOTS : parsed.slots === 'identity' ? IDENTITY : SLOT_LIST,
    parsed.objectCount ?? 0, slots.length, strays ? strays.length : -1, contents.records.length, 0, 0, 0, 0,
    ...slots, ...(strays ?? []),
  ];
  const ids: string[] = [];
  const classes: number[] = [];
  const texts: string[] = [];
  const values: string[] = [];
  for (const r of contents.records) {
    if (!jsonExact(r.value)) return undefined;
    const value = JSON.stringify(r.value);
    values.push(value);
    const flags = (r.abstract ? ABSTRACT : 0) | (r.summarized ? SUMMARIZED : 0) | (EDIT_MODES.indexOf(r.editMode) << EDIT_MODE_SHIFT) | (r.inline ? INLINE : 0);
    ints.push(strings.numberOf(r.type), strings.numberOf(r.kind), flags, r.index, Buffer.byteLength(value), r.ids.length, r.copyFrom === undefined ? -1 : r.copyFrom.length);
    for (const id of r.ids) { ints.push(id.length); texts.push(id); ids.push(id); classes.push(classesOf(id)); }
    if (r.copyFrom !== undefined) texts.push(r.copyFrom);
  }
  ints[9] = classes.length;
  for (const c of classes) ints.push(c);
  const filter = idFilterOf(ids);
  ints[8] = filter.length;
  for (const w of filter) ints.push(w);
  const joined = texts.join('');
  const text = Buffer.from(joined);
  if (text.length === joined.length) ints[0] |= ASCII_TEXT;
  ints[6] = ints.length;
  ints[7] = text.length;
  // In the machine's byte order, as the reader's Int32Array sees it (the key names the byte order).
  const meta = Buffer.alloc(ints.length * 4 + ((text.length + 3) & ~3));
  Buffer.from(Int32Array.from(ints).buffer).copy(meta);
  text.copy(meta, ints.length * 4);
  return { meta, values: values.join('') };
}

const NO_OBJECTS: ParsedFile['objects'] = Object.freeze([]) as ParsedFile['objects'];
const NO_PROBLEMS: readonly SyntaxProblem[] = Object.freeze([]) as readonly SyntaxProblem[];

/**
 * A cache's meta data (each file's at a multiple of 4 bytes): its bytes, as 32-bit integers, and each file's text
 * (its ids and copy-from names), decoded when first needed and kept: the ids are cut from it. (Not the whole meta
 * data as one latin-1 text: a start's first diagnostics need the texts of a fifth of the files, 0.F.)
 */
export class MetaData {
  readonly ints: Int32Array;
  private readonly texts = new Map<number, string>();
  constructor(readonly bytes: Buffer) {
    this.ints = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  }

  /** The text of the file at `at`. */
  textOf(at: number): string {
    let text = this.texts.get(at);
    if (text === undefined) {
      const i = at >> 2;
      const start = at + this.ints[i + 6] * 4, bytes = this.ints[i + 7];
      text = this.bytes.toString(this.ints[i] & ASCII_TEXT ? 'latin1' : 'utf8', start, start + bytes);
      this.texts.set(at, text);
    }
    return text;
  }
}

/** What a warm start needs of a cached file before its records are made (see scanFile). */
export interface FileOutline {
  readonly deferred: boolean;
  /** The kinds of its records, each once. */
  readonly kinds: readonly string[];
}

function bad(what: string): never {
  throw new Error(`malformed cache entry (${what})`);
}

/**
 * The outline of the file whose meta data is [at, to) in `ints`' bytes, its integers checked so that decodeFile
 * of it stays within them and names strings of the table (a malformed entry throws here, not when its records
 * are first asked for). `oneKind`: the kinds of a file of one kind, by its number, shared by such files (most of
 * a start's thousands: one array each was a tenth of what a warm start's index holds).
 */
export function scanFile(ints: Int32Array, at: number, to: number, strings: readonly string[], oneKind: (readonly string[] | undefined)[]): FileOutline {
  const end = to >> 2;
  let i = at >> 2;
  if (at % 4 !== 0 || i + FILE_HEADER > end || end > ints.length) bad('bounds');
  const flags = ints[i], slotsKind = ints[i + 1], slotCount = ints[i + 3], strayCount = ints[i + 4];
  const recordCount = ints[i + 5], intCount = ints[i + 6], textBytes = ints[i + 7], words = ints[i + 8], idCount = ints[i + 9];
  if ((flags & ~(DEFERRED | ASCII_TEXT)) !== 0 || slotsKind < NO_SLOTS || slotsKind > SLOT_LIST || slotCount < 0 || strayCount < -1 || recordCount < 0) bad('header');
  if (words < 0 || (words & (words - 1)) !== 0) bad('id filter');
  if (idCount < 0) bad('header');
  if (intCount < FILE_HEADER || textBytes < 0 || (at >> 2) + intCount + ((textBytes + 3) >> 2) !== end) bad('lengths');
  const intsEnd = (at >> 2) + intCount;
  i += FILE_HEADER + slotCount + Math.max(strayCount, 0);
  // The kinds' numbers, each once; more than one: their names.
  let first = -1, kinds: string[] | undefined, ids = 0;
  for (let k = 0; k < recordCount; k++) {
    if (i + 7 > intsEnd) bad('records');
    const type = ints[i], kind = ints[i + 1], flags = ints[i + 2], recordIds = ints[i + 5];
    if (type < 0 || type >= strings.length || kind < 0 || kind >= strings.length || flags < 0 || flags > (INLINE | (EDIT_MODE_MASK << EDIT_MODE_SHIFT) | SUMMARIZED | ABSTRACT)) bad('record');
    if (ints[i + 4] < 0 || recordIds < 0 || ints[i + 6] < -1 || i + 7 + recordIds > intsEnd) bad('record');
    if (first < 0) first = kind;
    else if (kind !== first && !(kinds ??= [strings[first]]).includes(strings[kind])) kinds.push(strings[kind]);
    ids += recordIds;
    i += 7 + recordIds;
  }
  if (ids !== idCount || i + idCount + words !== intsEnd) bad('length');
  return { deferred: (flags & DEFERRED) !== 0, kinds: kinds ?? (first < 0 ? NO_KINDS : (oneKind[first] ??= Object.freeze([strings[first]]))) };
}

const NO_KINDS: readonly string[] = Object.freeze([]);

/**
 * The ids of each of the file's records of `kind` (a number in `strings`), in order, from its meta data at `at`
 * (checked by scanFile): what the index needs of a kind before the records are made.
 */
export function idsOfKind(meta: MetaData, at: number, kind: number): string[][] {
  const ints = meta.ints;
  let i = at >> 2;
  const slotCount = ints[i + 3], strayCount = ints[i + 4], recordCount = ints[i + 5];
  i += FILE_HEADER + slotCount + Math.max(strayCount, 0);
  const text = meta.textOf(at);
  const out: string[][] = [];
  let t = 0;
  for (let k = 0; k < recordCount; k++) {
    const idCount = ints[i + 5], copyFromLength = ints[i + 6];
    if (ints[i + 1] === kind) {
      const ids: string[] = new Array(idCount);
      for (let n = 0; n < idCount; n++) { const len = ints[i + 7 + n]; ids[n] = text.slice(t, t + len); t += len; }
      out.push(ids);
    } else {
      for (let n = 0; n < idCount; n++) t += ints[i + 7 + n];
    }
    if (copyFromLength >= 0) t += copyFromLength;
    i += 7 + idCount;
  }
  return out;
}

/** The copy-from ids of the file's records of `kind` that define ids, from its meta data at `at` (see idsOfKind). */
export function parentsOfKind(meta: MetaData, at: number, kind: number): string[] {
  const ints = meta.ints;
  let i = at >> 2;
  const slotCount = ints[i + 3], strayCount = ints[i + 4], recordCount = ints[i + 5];
  i += FILE_HEADER + slotCount + Math.max(strayCount, 0);
  const text = meta.textOf(at);
  const out: string[] = [];
  let t = 0;
  for (let k = 0; k < recordCount; k++) {
    const idCount = ints[i + 5], copyFromLength = ints[i + 6];
    for (let n = 0; n < idCount; n++) t += ints[i + 7 + n];
    if (copyFromLength >= 0) {
      if (ints[i + 1] === kind && idCount > 0) out.push(text.slice(t, t + copyFromLength));
      t += copyFromLength;
    }
    i += 7 + idCount;
  }
  return out;
}

/**
 * Offers the ids of the file's records of `kind` (a number in `strings`) to `search`, from its meta data at `at`
 * (checked by scanFile): an ASCII text's ids are ruled out by their lengths and classes as kept there (an ASCII id
 * is as long in lower case), and only those left are made strings.
 */
export function searchIdsOfKind(meta: MetaData, at: number, kind: number, search: IdSearch): void {
  const ints = meta.ints;
  let i = at >> 2;
  const slotCount = ints[i + 3], strayCount = ints[i + 4], recordCount = ints[i + 5], words = ints[i + 8];
  const ascii = (ints[i] & ASCII_TEXT) !== 0;
  // Each id's classes, before the id filter.
  let c = i + ints[i + 6] - words - ints[i + 9];
  i += FILE_HEADER + slotCount + Math.max(strayCount, 0);
  const shortest = search.shortest, longest = search.longest;
  let t = 0;
  for (let k = 0; k < recordCount; k++) {
    const idCount = ints[i + 5], copyFromLength = ints[i + 6];
    const mine = ints[i + 1] === kind;
    for (let n = 0; n < idCount; n++, c++) {
      const len = ints[i + 7 + n];
      if (mine && (!ascii || (len >= shortest && len <= longest && search.mayFind(len, ints[c])))) search.consider(meta.textOf(at).slice(t, t + len));
      t += len;
    }
    if (copyFromLength >= 0) t += copyFromLength;
    i += 7 + idCount;
  }
}

/** False when the file whose meta data is at `at` defines no id of the probe's (see idProbe); true when it may. */
export function mayDefine(meta: MetaData, at: number, p: IdProbe): boolean {
  const ints = meta.ints, i = at >> 2, words = ints[i + 8];
  return words !== 0 && filterHas(ints, i + ints[i + 6] - words, words, p);
}

/** Whether the filter of `words` words (a power of two) at `filter` in `ints` has the probe's three bits. */
export function filterHas(ints: Int32Array, filter: number, words: number, p: IdProbe): boolean {
  const last = words * 32 - 1;
  const b0 = p.b0 & last, b1 = p.b1 & last, b2 = p.b2 & last;
  return (ints[filter + (b0 >> 5)] & (1 << (b0 & 31))) !== 0 && (ints[filter + (b1 >> 5)] & (1 << (b1 & 31))) !== 0
    && (ints[filter + (b2 >> 5)] & (1 << (b2 & 31))) !== 0;
}

/** A filter of `ids` as a file's (see idProbe): none without ids. */
export function idFilterOf(ids: readonly string[]): Int32Array {
  const words = filterWords(ids.length), filter = new Int32Array(words), last = words * 32 - 1;
  const set = (bit: number): void => { filter[bit >> 5] |= 1 << (bit & 31); };
  for (const id of ids) { const p = idProbe(id); set(p.b0 & last); set(p.b1 & last); set(p.b2 & last); }
  return filter;
}

/** Every id of the file whose meta data is at `at` (checked by scanFile), in order; its text is not kept. */
export function idsOfFile(meta: MetaData, at: number): string[] {
  const ints = meta.ints;
  let i = at >> 2;
  const slotCount = ints[i + 3], strayCount = ints[i + 4], recordCount = ints[i + 5];
  const start = at + ints[i + 6] * 4;
  const text = meta.bytes.toString(ints[i] & ASCII_TEXT ? 'latin1' : 'utf8', start, start + ints[i + 7]);
  i += FILE_HEADER + slotCount + Math.max(strayCount, 0);
  const out: string[] = [];
  let t = 0;
  for (let k = 0; k < recordCount; k++) {
    const idCount = ints[i + 5], copyFromLength = ints[i + 6];
    for (let n = 0; n < idCount; n++) { const len = ints[i + 7 + n]; out.push(text.slice(t, t + len)); t += len; }
    if (copyFromLength >= 0) t += copyFromLength;
    i += 7 + idCount;
  }
  return out;
}

/**
 * Whether one of the file's records of `kind` (a number in `strings`) defines `id`, from its meta data at `at`
 * (checked by scanFile): ids are compared where they lie, no string made (an ASCII text's bytes are its chars).
 */
export function definesId(meta: MetaData, at: number, kind: number, id: string): boolean {
  const ints = meta.ints;
  let i = at >> 2;
  const slotCount = ints[i + 3], strayCount = ints[i + 4], recordCount = ints[i + 5], intCount = ints[i + 6];
  const ascii = (ints[i] & ASCII_TEXT) !== 0;
  i += FILE_HEADER + slotCount + Math.max(strayCount, 0);
  const bytes = meta.bytes;
  let t = at + intCount * 4; // (where the text's next id starts, in bytes: when `ascii`)
  let chars = 0; // (the same in chars, for a text that is not)
  let text: string | undefined;
  for (let k = 0; k < recordCount; k++) {
    const idCount = ints[i + 5], copyFromLength = ints[i + 6];
    const mine = ints[i + 1] === kind;
    for (let n = 0; n < idCount; n++) {
      const len = ints[i + 7 + n];
      if (mine && len === id.length) {
        if (ascii) {
          let j = 0;
          while (j < len && bytes[t + j] === id.charCodeAt(j)) j++;
          if (j === len) return true;
        } else if ((text ??= meta.textOf(at)).slice(chars, chars + len) === id) {
          return true;
        }
      }
      t += len;
      chars += len;
    }
    if (copyFromLength >= 0) { t += copyFromLength; chars += copyFromLength; }
    i += 7 + idCount;
  }
  return false;
}

/**
 * A file's contents from its meta data at `at` in `meta`; `strings` is the cache's string table. Its records read their values from `values`, the first at
 * `valuesAt`.
 */
export function decodeFile(meta: MetaData, at: number, strings: readonly string[], source: RecordSource, values: ValueSource, valuesAt: number): DecodedContents {
  const ints = meta.ints;
  let i = at >> 2;
  const flags = ints[i], slotsKind = ints[i + 1], objectCount = ints[i + 2], slotCount = ints[i + 3], strayCount = ints[i + 4];
  const recordCount = ints[i + 5];
  i += FILE_HEADER;
  const slotList = slotsKind === SLOT_LIST ? Array.from(ints.subarray(i, i + slotCount)) : undefined;
  i += slotCount;
  const strays = strayCount >= 0 ? Array.from(ints.subarray(i, i + strayCount)) : undefined;
  i += Math.max(strayCount, 0);
  const parsed: ParsedFile = slotsKind === NO_SLOTS ? { objects: NO_OBJECTS, problems: NO_PROBLEMS } : {
    objects: NO_OBJECTS, problems: NO_PROBLEMS, slots: slotList ?? 'identity', objectCount, ...(strays ? { strays } : {}),
  };
  const text = meta.textOf(at);
  let t = 0;
  const records: DefinitionRecord[] = new Array(recordCount);
  let v = valuesAt;
  for (let k = 0; k < recordCount; k++) {
    const flags = ints[i + 2], idCount = ints[i + 5], copyFromLength = ints[i + 6];
    const ids: string[] = new Array(idCount);
    for (let n = 0; n < idCount; n++) { const len = ints[i + 7 + n]; ids[n] = text.slice(t, t + len); t += len; }
    let copyFrom: string | undefined;
    if (copyFromLength >= 0) { copyFrom = text.slice(t, t + copyFromLength); t += copyFromLength; }
    const to = v + ints[i + 4];
    records[k] = new CachedRecord(
      strings[ints[i]], strings[ints[i + 1]], ids, (flags & ABSTRACT) !== 0, (flags & SUMMARIZED) !== 0,
      source, ints[i + 3], EDIT_MODES[(flags >> EDIT_MODE_SHIFT) & EDIT_MODE_MASK], copyFrom, values, v, to, (flags & INLINE) !== 0,
    );
    v = to;
    i += 7 + idCount;
  }
  return { deferred: (flags & DEFERRED) !== 0, parsed, records };
}

/** A record read from the cache: as records/record.ts makes it, its value parsed when first asked for. */
class CachedRecord implements DefinitionRecord {
  private parsedValue: Record<string, unknown> | undefined;
  constructor(
    readonly type: string,
    readonly kind: string,
    readonly ids: readonly string[],
    readonly abstract: boolean,
    readonly summarized: boolean,
    readonly source: RecordSource,
    readonly index: number,
    readonly editMode: EditMode,
    readonly copyFrom: string | undefined,
    private readonly values: ValueSource,
    private readonly valueFrom: number,
    private readonly valueTo: number,
    inline: boolean,
  ) {
    if (inline) this.inline = true;
  }

  declare readonly inline?: true;

  get value(): Record<string, unknown> {
    if (this.parsedValue === undefined) {
      // Values found corrupt (or a bug): the file's own text is the truth then.
      try { this.parsedValue = this.values.value(this.valueFrom, this.valueTo); } catch { this.parsedValue = this.values.remade(this); }
    }
    return this.parsedValue;
  }

  get start(): number {
    return this.source.offsetOf(this.index, false);
  }

  get end(): number {
    return this.source.offsetOf(this.index, true);
  }
}
