/**
 * The on-disk cache of the game's index: what a load derived from each file outside the workspace (the game and
 * the mods read as context, which the user does not edit), keyed by the file's path, size, modification and
 * change times. A warm start stats every file it lists and takes the records of the unchanged ones from here;
 * the others are read and indexed as usual, and the cache is written again afterwards.
 *
 * Layout of a cache file:
 *   MAGIC (8 bytes) | header length (u32 LE) | checksum of the header, entries, id filter and meta data (u32 LE) |
 *   header | entries | id filter | meta data | values
 * The header (JSON) holds the key (key.ts), the path of each file, the
 * folders listed with their entries (a warm start lists only the changed ones again), and per file of the game
 * what it uses beyond the tables (records/beyondTables.ts; few, and none when the tables are the game's own). The
 * entries are ENTRY_NUMBERS doubles per file, in the machine's byte order: its stat, where its meta data and values
 * are, and the checksum of its values (a start reads the header, entries, id filter and meta data; a file's values
 * when its records are first made). The id filter is a Bloom filter of the ids of all the files (as each file's
 * own, codec.ts idProbe): an id it rules out (an unknown id asked for) is asked of none of the files. Meta data
 * and values are as codec.ts writes them. A file that is unreadable, truncated, corrupt (checksum) or of
 * another key is ignored, with a log line, and replaced after the load; a file's values found corrupt when read
 * are made again from its text (with a log line), and its entry is dropped by the next save. Written to a temporary file renamed into
 * place: a reader sees the old file or the new one, never half of one. The temporary file is removed when the
 * process exits meanwhile, or, killed, at the next start; the folder keeps the MAX_CACHE_FILES most recently used
 * cache files (see tidyCacheFolder).
 */
import * as fs from 'fs';
import * as path from 'path';
import { decodeFile, definesId, encodeFile, filterHas, idFilterOf, idProbe, idsOfFile, idsOfKind, mayDefine, type IdProbe, MetaData, parentsOfKind, scanFile, searchIdsOfKind, StringTable, type DecodedContents, type FileContents, type FileOutline, type ValueSource } from './codec';
import { cacheFileOf, keyDifference, type CacheKey } from './key';
import { recordsOf, type DefinitionRecord, type RecordSource } from '../records/record';
import type { KindRegistry } from '../registry/registry';
import type { BatchGroup, RecordBatch } from '../index/definitionIndex';
import type { Steps } from '../util/steps';
import type { IdSearch } from '../util/closest';
import { readFolder, type FolderEntries } from '../mods/discover';

export interface CacheOptions {
  /** The folder of the cache files (created when first written). */
  readonly dir: string;
  /** Where what happened is told: a cache not used and why, a cache written, a failure. */
  readonly log?: (message: string) => void;
  /** Files whose text is not the disk's (documents open in an editor): neither taken from the cache nor written to it. */
  readonly inMemory?: (p: string) => boolean;
  /** Take nothing from the cache (every file is read), only write it afresh: a reindex asked for by the user. */
  readonly rewrite?: boolean;
}

// Required when first used: a check of the command line neither reads nor writes a cache (Node's modules for
// hashing and compression are 2-3 ms of a start).
const crypto = (): typeof import('crypto') => require('crypto');
const zlib = (): typeof import('zlib') => require('zlib');

const MAGIC = Buffer.from('CDDAIDX\n', 'latin1');
const PREFIX = MAGIC.length + 8;

/** The checksum of the cache's contents: CRC-32 where the runtime has it (Node 20.15+), else SHA-1's first bytes. */
function checksum(parts: readonly Buffer[]): number {
  const crc32 = (zlib() as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (crc32) { let c = 0; for (const p of parts) c = crc32(p, c); return c >>> 0; }
  const h = crypto().createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest().readUInt32LE(0);
}

/** A file's identity on disk: any change of its content changes one of these. */
interface Stamp { readonly size: number; readonly mtimeMs: number; readonly ctimeMs: number }

/**
 * A file's entry: its stamp, [from, to) of its meta data and of its values in their regions, its values' checksum.
 * Binary, not in the JSON header: parsing their decimals took two thirds of the header's time (1.9 of 2.8 ms, 0.F).
 */
const ENTRY_NUMBERS = 8;
const SIZE = 0, MTIME = 1, CTIME = 2, META_FROM = 3, META_TO = 4, VALUES_FROM = 5, VALUES_TO = 6, VALUES_SUM = 7;

/**
 * A folder listed by a load (see listJsonFiles): its path, modification and change times (an entry added,
 * removed or renamed changes them), its content files and its subfolders.
 */
type Folder = [string, number, number, string[], string[]];

interface Header {
  readonly key: CacheKey; readonly strings: string[]; readonly idFilterBytes: number; readonly metaBytes: number; readonly valueBytes: number;
  /** The path of each file; its numbers are its entry (see ENTRY_NUMBERS). */
  readonly entries: string[];
  readonly folders: Folder[];
  /** Path -> what the file uses beyond the tables (files that use nothing are left out). */
  readonly learned: Record<string, string[]>;
}

/**
 * The values of one file's records, read from the cache file when the first of them is asked for (and checked
 * against their checksum), kept as long as one of those records is.
 */
class FileValues implements ValueSource {
  /** Null: they are not what was written. */
  private bytes: Buffer | null | undefined;
  constructor(private readonly cache: CacheContents, private readonly entry: number, private readonly path: string) {}

  value(from: number, to: number): Record<string, unknown> {
    if (this.bytes === undefined) {
      this.bytes = this.cache.valuesOf(this.entry) ?? null;
      if (this.bytes === null) this.cache.log(`cache values of ${this.path} not used: corrupt (checksum); made again from the file`);
    }
    if (this.bytes === null) throw new Error('corrupt values');
    const base = this.cache.offset(this.entry, VALUES_FROM);
    return JSON.parse(this.bytes.toString('utf8', from - base, to - base)) as Record<string, unknown>;
  }

  remade(record: DefinitionRecord): Record<string, unknown> {
    return remadeValue(record, this.cache.registry);
  }
}

/** The value a fresh load gives `record` (records/record.ts recordsOf), from the whole object in its file. */
function remadeValue(record: DefinitionRecord, registry: KindRegistry): Record<string, unknown> {
  const whole = record.source.fullValueOf(record.index);
  const again = recordsOf({ value: whole, slot: record.index }, record.index, record.source, registry);
  const same = again.find((r) => r.kind === record.kind && r.type === record.type && r.ids.join('\u0000') === record.ids.join('\u0000'));
  return (same ?? again.find((r) => r.type === record.type))?.value ?? whole;
}

/** What most files use beyond the tables: nothing (see Header.learned). */
const NOTHING_LEARNED: readonly string[] = Object.freeze([]);

/** Closes the cache file of contents dropped before their values were all read (a load replaced unsaved). */
const closeWhenDropped = new FinalizationRegistry<number>((fd) => { try { fs.closeSync(fd); } catch { /* closed */ } });

/**
 * A file the cache gives: its outline now; its ids by kind, its parse and records when first asked for (made
 * once, from the cache's meta data, which is kept until then).
 */
export class CachedFile implements FileOutline, RecordBatch {
  private decoded: DecodedContents | undefined;
  constructor(
    private readonly cache: CacheContents,
    /** Its entry, and where its meta data starts. */
    private readonly entry: number,
    private readonly metaAt: number,
    private readonly path: string,
    private readonly source: RecordSource,
    readonly deferred: boolean,
    readonly kinds: readonly string[],
    /** What the file uses beyond the tables (see FileContents.learned). */
    readonly learned: readonly string[],
  ) {}

  get modId(): string | undefined {
    return this.source.modId;
  }

  /** The cache's files: asked once whether one of them may define an id (see CacheContents.mayDefine). */
  get group(): BatchGroup {
    return this.cache;
  }

  idsOf(kind: string): string[][] {
    return this.cache.idsOf(this.metaAt, kind);
  }

  defines(kind: string, id: string): boolean {
    return this.cache.defines(this.metaAt, kind, id);
  }

  parentsOf(kind: string): string[] {
    return this.cache.parentsOf(this.metaAt, kind);
  }

  search(kind: string, search: IdSearch): void {
    this.cache.search(this.metaAt, kind, search);
  }

  contents(): DecodedContents {
    return (this.decoded ??= this.cache.decode(this.entry, this.path, this.source));
  }

  records(): DefinitionRecord[] {
    return this.contents().records;
  }
}

/**
 * A cache file read and checked, open until its values are all read (see `allValues`: a save, which follows each
 * load that used the cache; else when these contents are collected). Its meta data is kept as long as a file it
 * gave is not decoded.
 */
class CacheContents implements BatchGroup {
  /** Path -> number of its entry in `table`. */
  readonly entries = new Map<string, number>();
  readonly table: Float64Array;
  /** Per entry, 1 when this load took its file from the cache. */
  readonly given: Uint8Array;
  readonly folders = new Map<string, Folder>();
  readonly learned = new Map<string, string[]>();
  readonly strings: string[];
  /** The number of each string of the table. */
  private readonly numbers = new Map<string, number>();
  /** The kinds of a file of one kind, by its number (see scanFile). */
  private readonly oneKind: (readonly string[] | undefined)[] = [];
  readonly meta: MetaData;
  /** The cache file, and where its values start in it; all its values once read (then it is closed). */
  private fd: number | undefined;
  private readonly valuesAt: number;
  private readonly valueBytes: number;
  private values: Buffer | undefined;
  /** The filter of every file's ids (see the top of this file). */
  private readonly idFilter: Int32Array;
  constructor(header: Header, table: Float64Array, idFilter: Int32Array, meta: Buffer, fd: number, valuesAt: number, readonly registry: KindRegistry, readonly log: (message: string) => void) {
    this.idFilter = idFilter;
    this.strings = header.strings;
    this.strings.forEach((str, n) => this.numbers.set(str, n));
    this.table = table;
    this.given = new Uint8Array(header.entries.length);
    header.entries.forEach((p, n) => this.entries.set(p, n));
    for (const f of header.folders) this.folders.set(f[0], f);
    for (const [p, learned] of Object.entries(header.learned)) this.learned.set(p, learned);
    this.meta = new MetaData(meta);
    this.fd = fd;
    this.valuesAt = valuesAt;
    this.valueBytes = header.valueBytes;
    closeWhenDropped.register(this, fd, this);
  }

  /** The values of entry `n`, as they were written; undefined when they cannot be read or are not (checksum). */
  valuesOf(n: number): Buffer | undefined {
    const from = this.offset(n, VALUES_FROM), length = this.offset(n, VALUES_TO) - from;
    if (!(length >= 0)) return undefined;
    let bytes: Buffer;
    if (this.values) bytes = this.values.subarray(from, from + length);
    else if (this.fd === undefined) return undefined;
    else try { bytes = readAt(this.fd, this.valuesAt + from, length); } catch { return undefined; }
    return bytes.length === length && checksum([bytes]) === this.at(n, VALUES_SUM) ? bytes : undefined;
  }

  /** All the values, read now if need be (what a save copies); the cache file is closed then. */
  allValues(): Buffer {
    if (!this.values) {
      try { this.values = this.fd === undefined ? Buffer.alloc(0) : readAt(this.fd, this.valuesAt, this.valueBytes); } catch { this.values = Buffer.alloc(0); }
      if (this.fd !== undefined) { try { fs.closeSync(this.fd); } catch { /* closed */ } closeWhenDropped.unregister(this); this.fd = undefined; }
    }
    return this.values;
  }

  /** Number `k` (SIZE, MTIME...) of entry `n`. */
  at(n: number, k: number): number {
    return this.table[n * ENTRY_NUMBERS + k];
  }

  /**
   * Offset `k` (META_FROM...) of entry `n`, as a small integer: the meta data's readers index bytes with it, which
   * costs several times more with a double (a Float64Array's element) in code not yet optimized.
   */
  offset(n: number, k: number): number {
    return this.table[n * ENTRY_NUMBERS + k] | 0;
  }

  /** Whether entry `n` was written with the file's present size, modification and change times. */
  isCurrent(n: number, st: fs.Stats): boolean {
    // (The table read here, not through `at`: once per file of a start, in code not yet optimized.)
    const table = this.table, e = n * ENTRY_NUMBERS;
    return table[e + SIZE] === st.size && table[e + MTIME] === st.mtimeMs && table[e + CTIME] === st.ctimeMs;
  }

  /** The file of entry `n`, at `p`; throws when its meta data is malformed. */
  file(p: string, n: number, source: RecordSource): CachedFile {
    const table = this.table, e = n * ENTRY_NUMBERS;
    const metaAt = table[e + META_FROM] | 0;
    const { deferred, kinds } = scanFile(this.meta.ints, metaAt, table[e + META_TO] | 0, this.strings, this.oneKind);
    const learned = this.learned.get(p) ?? NOTHING_LEARNED;
    if (learned !== NOTHING_LEARNED && (!Array.isArray(learned) || !learned.every((x) => typeof x === 'string'))) throw new Error('malformed entries of what it uses beyond the tables');
    return new CachedFile(this, n, metaAt, p, source, deferred, kinds, learned);
  }

  idsOf(metaAt: number, kind: string): string[][] {
    return idsOfKind(this.meta, metaAt, this.numbers.get(kind) ?? -1);
  }

  parentsOf(metaAt: number, kind: string): string[] {
    return parentsOfKind(this.meta, metaAt, this.numbers.get(kind) ?? -1);
  }

  search(metaAt: number, kind: string, search: IdSearch): void {
    searchIdsOfKind(this.meta, metaAt, this.numbers.get(kind) ?? -1, search);
  }

  /** The id `defines` was last asked about: an unknown id is asked of every file of every kind in turn. */
  private probe: IdProbe | undefined;

  defines(metaAt: number, kind: string, id: string): boolean {
    return mayDefine(this.meta, metaAt, this.probeOf(id)) && definesId(this.meta, metaAt, this.numbers.get(kind) ?? -1, id);
  }

  /** False when none of the cache's files defines `id`, of any kind; true when one may. */
  mayDefine(id: string): boolean {
    const words = this.idFilter.length;
    return words !== 0 && filterHas(this.idFilter, 0, words, this.probeOf(id));
  }

  private probeOf(id: string): IdProbe {
    if (this.probe?.id !== id) this.probe = idProbe(id);
    return this.probe;
  }

  /** Every id of entry `n`'s file (see save). */
  allIdsOf(n: number): string[] {
    return idsOfFile(this.meta, this.offset(n, META_FROM));
  }

  decode(n: number, p: string, source: RecordSource): DecodedContents {
    return decodeFile(this.meta, this.offset(n, META_FROM), this.strings, source, new FileValues(this, n, p), this.offset(n, VALUES_FROM));
  }
}

/** Reads `length` bytes at `position` of an open file (fewer at its end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const b = Buffer.allocUnsafeSlow(length); // not pooled: its own memory, aligned for the meta data's integers
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, b, done, length - done, position + done);
    if (n === 0) return b.subarray(0, done);
    done += n;
  }
  return b;
}

/** What a cache file is read with: the key it must have, and what its contents need (see CacheContents). */
interface ReadContext { readonly key: CacheKey; readonly registry: KindRegistry; readonly log: (message: string) => void }

/** Reads and checks a cache file, left open for its values; a reason for the log when it cannot be used. */
function readCache(file: string, context: ReadContext): CacheContents | string {
  let fd: number;
  try { fd = fs.openSync(file, 'r'); } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'none yet' : `unreadable (${code ?? String(err)})`;
  }
  let read: CacheContents | string;
  try {
    read = readParts(fd, context);
  } catch (err) {
    read = `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  if (typeof read === 'string') fs.closeSync(fd);
  return read;
}

/** The cache file's header and meta data, checked (the values are read when asked for: see CacheContents). */
function readParts(fd: number, { key, registry, log }: ReadContext): CacheContents | string {
  const size = fs.fstatSync(fd).size;
  const prefix = readAt(fd, 0, PREFIX);
  if (prefix.length < PREFIX || !prefix.subarray(0, MAGIC.length).equals(MAGIC)) return 'not a cache file of this tool';
  const headerBytes = prefix.readUInt32LE(MAGIC.length);
  if (PREFIX + headerBytes > size) return 'truncated';
  const headerBuffer = readAt(fd, PREFIX, headerBytes);
  let header: Header;
  try { header = JSON.parse(headerBuffer.toString('utf8')) as Header; } catch { return 'corrupt (header)'; }
  if (typeof header !== 'object' || header === null || typeof header.key !== 'object' || header.key === null) return 'corrupt (header)';
  const differs = keyDifference(key, header.key);
  if (differs) return `made with another ${differs === 'code' ? 'build of the tool' : differs === 'registry' ? 'registry' : differs === 'gameVersion' ? 'game version' : differs}`;
  if (!Number.isInteger(header.idFilterBytes) || !Number.isInteger(header.metaBytes) || !Number.isInteger(header.valueBytes) || !Array.isArray(header.entries) || !Array.isArray(header.strings) || !Array.isArray(header.folders)) return 'corrupt (header)';
  if (typeof header.learned !== 'object' || header.learned === null || Array.isArray(header.learned)) return 'corrupt (header)';
  if (headerBytes % 4 !== 0 || header.metaBytes % 4 !== 0 || header.metaBytes < 0 || header.valueBytes < 0) return 'corrupt (header)';
  const filterWords = header.idFilterBytes / 4;
  if (!Number.isInteger(filterWords) || filterWords < 0 || (filterWords & (filterWords - 1)) !== 0) return 'corrupt (header)';
  const tableBytes = header.entries.length * ENTRY_NUMBERS * 8;
  const bodyBytes = tableBytes + header.idFilterBytes + header.metaBytes;
  const total = PREFIX + headerBytes + bodyBytes + header.valueBytes;
  if (total !== size) return size < total ? 'truncated' : 'corrupt (length)';
  // The entries, the id filter and the meta data in one buffer: its own memory, aligned for the doubles, then
  // the integers.
  const body = readAt(fd, PREFIX + headerBytes, bodyBytes);
  if (body.length !== bodyBytes) return 'truncated';
  if (checksum([headerBuffer, body]) !== prefix.readUInt32LE(MAGIC.length + 4)) return 'corrupt (checksum)';
  const table = new Float64Array(body.buffer, body.byteOffset, header.entries.length * ENTRY_NUMBERS);
  const idFilter = new Int32Array(body.buffer, body.byteOffset + tableBytes, filterWords);
  return new CacheContents(header, table, idFilter, body.subarray(tableBytes + header.idFilterBytes), fd, PREFIX + headerBytes + bodyBytes, registry, log);
}

/** A folder's modification and change times; undefined when it is not a folder. */
function folderStampOf(p: string): [number, number] | undefined {
  try {
    const st = fs.statSync(p);
    return st.isDirectory() ? [st.mtimeMs, st.ctimeMs] : undefined;
  } catch {
    return undefined;
  }
}

/** A regular file's stat; undefined for anything else. */
function fileStatOf(p: string): fs.Stats | undefined {
  try {
    const st = fs.statSync(p); // (no options object: parsing one costs more than the call, thousands of times)
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes of a cache file and where they go; see writeCacheSync and writeCache. */
export interface CacheWrite {
  readonly file: string;
  readonly parts: readonly Buffer[];
  /** Files in it, and how many of them were read from disk in this load. */
  readonly files: number;
  readonly fresh: number;
}

/**
 * The cache during one load: what it holds, the files it gave and the files read from disk instead (with the
 * stamp taken before reading them: a file changed since is read again next time), until `save`.
 */
export class IndexCache {
  readonly file: string;
  private readonly contents: CacheContents | undefined;
  private readonly stamps = new Map<string, Stamp>();
  private readonly fresh = new Map<string, FileContents>();
  private readonly held = new Set<string>();
  /** Folders listed in this load: from the cache (unchanged) or read again, for the next cache. */
  private readonly folders = new Map<string, Folder>();
  private foldersRead = 0;
  private readonly goneFolders = new Set<string>();
  /** Files given by the cache, and read from disk though cacheable. */
  hits = 0;
  misses = 0;

  /** `registry`: what makes a record's value again when the cache's is corrupt (see FileValues). */
  constructor(private readonly options: CacheOptions, private readonly key: CacheKey, registry: KindRegistry) {
    this.file = cacheFileOf(options.dir, key);
    tidyCacheFolder(options.dir, this.file, options.log);
    const read = options.rewrite ? 'none yet' : readCache(this.file, { key, registry, log: (m) => this.log(m) });
    if (typeof read === 'string') {
      if (read !== 'none yet') this.log(`cache ${this.file} not used: ${read}; the game's files are read again`);
      this.contents = undefined;
    } else {
      this.contents = read;
    }
  }

  /** True when there is no usable cache file: every file is read from disk. */
  get holdsNothing(): boolean {
    return this.contents === undefined;
  }

  private log(message: string): void {
    this.options.log?.(message);
  }

  /**
   * The contents of `p` when the cache has them and the file is unchanged; `sources` gives the records' source
   * (asked for only then: an object, not a closure made for each of a start's files). Otherwise undefined: the
   * caller reads the file and reports it with `indexed`.
   */
  lookup(p: string, sources: { fileFor(p: string): RecordSource }): CachedFile | undefined {
    // A document open in an editor: its text is not the disk's; its entry is kept for when it is closed.
    if (this.options.inMemory?.(p)) { this.held.add(p); return undefined; }
    const st = fileStatOf(p);
    if (!st) return undefined;
    const n = this.contents?.entries.get(p);
    if (n === undefined || !this.contents!.isCurrent(n, st)) return this.miss(p, st);
    let contents: CachedFile;
    try {
      contents = this.contents!.file(p, n, sources.fileFor(p));
    } catch (err) {
      this.log(`cache entry of ${p} not used: ${err instanceof Error ? err.message : String(err)}`);
      return this.miss(p, st);
    }
    this.contents!.given[n] = 1;
    this.hits++;
    return contents;
  }

  private miss(p: string, st: fs.Stats): undefined {
    this.stamps.set(p, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs });
    this.misses++;
    return undefined;
  }

  /**
   * A folder's entries (see listJsonFiles), from the cache when its modification and change times are those it
   * had when listed (taken before listing it: a change while it is read is seen next time).
   */
  readonly readFolder = (dir: string): FolderEntries | undefined => {
    const stamp = folderStampOf(dir);
    if (!stamp) {
      this.folders.delete(dir);
      if (this.contents?.folders.has(dir)) this.goneFolders.add(dir);
      return readFolder(dir);
    }
    this.goneFolders.delete(dir);
    const f = this.contents?.folders.get(dir);
    if (f && f[1] === stamp[0] && f[2] === stamp[1]) {
      this.folders.set(dir, f);
      return { files: f[3], folders: f[4] };
    }
    const entries = readFolder(dir);
    // A folder holding a link is listed again by the next start (the cache keeps no links): a broken one is said
    // again, one to a folder is known as a link (see FolderEntries.links) without a stat of each subfolder.
    if (entries?.brokenLinks || entries?.links) this.goneFolders.add(dir);
    else if (entries) { this.folders.set(dir, [dir, stamp[0], stamp[1], [...entries.files], [...entries.folders]]); this.foldersRead++; }
    return entries;
  };

  /** A file looked up and missed, then read and indexed: its contents go to the next cache. */
  indexed(p: string, contents: FileContents): void {
    // A copy: the file's fields change with later edits, what it held when read is what goes to the cache.
    if (this.stamps.has(p)) this.fresh.set(p, { deferred: contents.deferred, parsed: contents.parsed, records: contents.records, learned: contents.learned });
  }

  /**
   * The next cache file: the files given by the cache as they were, the ones read from disk encoded, and the
   * cache's other files (mods this load did not need) unless `obsolete` says they are gone or not cacheable now.
   * Undefined when the cache on disk is already that. Pauses between files (the server encodes in slices).
   */
  *save(obsolete: (p: string) => boolean): Steps<CacheWrite | undefined> {
    const metas: Buffer[] = [];
    const values: Buffer[] = [];
    const entries: string[] = [];
    const numbers: number[] = [];
    const learned: Record<string, string[]> = {};
    /** The old entries kept and the records of the files encoded: their ids go in the id filter. */
    const keptEntries: number[] = [];
    const encodedRecords: (readonly DefinitionRecord[])[] = [];
    let metaBytes = 0, valueBytes = 0, fresh = 0, dropped = 0;
    const add = (p: string, stamp: Stamp, meta: Buffer, vals: Buffer, valuesSum = checksum([vals])): void => {
      entries.push(p);
      numbers.push(stamp.size, stamp.mtimeMs, stamp.ctimeMs, metaBytes, metaBytes + meta.length, valueBytes, valueBytes + vals.length, valuesSum);
      metas.push(meta);
      values.push(vals);
      metaBytes += meta.length;
      valueBytes += vals.length;
    };
    const old = this.contents;
    const strings = new StringTable(old ? [...old.strings] : []);
    if (old) {
      old.allValues();
      for (const [p, n] of old.entries) {
        if (this.fresh.has(p)) continue;
        if (!old.given[n] && !this.held.has(p) && obsolete(p)) { dropped++; continue; }
        // Values that are not what was written (see FileValues): the file is read again next time.
        const vals = old.valuesOf(n);
        if (!vals) { dropped++; continue; }
        const stamp = { size: old.at(n, SIZE), mtimeMs: old.at(n, MTIME), ctimeMs: old.at(n, CTIME) };
        add(p, stamp, old.meta.bytes.subarray(old.offset(n, META_FROM), old.offset(n, META_TO)), vals, old.at(n, VALUES_SUM));
        keptEntries.push(n);
        const kept = old.learned.get(p);
        if (kept !== undefined) learned[p] = kept;
      }
    }
    let n = 0;
    for (const [p, contents] of this.fresh) {
      const encoded = encodeFile(contents, strings);
      if (encoded) {
        add(p, this.stamps.get(p)!, encoded.meta, Buffer.from(encoded.values));
        encodedRecords.push(contents.records);
        if (contents.learned !== undefined && contents.learned.length > 0) learned[p] = [...contents.learned];
        fresh++;
      }
      if (++n % 20 === 0) yield;
    }
    if (fresh === 0 && dropped === 0 && this.foldersRead === 0 && this.goneFolders.size === 0 && old) return undefined;
    if (entries.length === 0 && !old) return undefined;
    // The folders listed now, and the others the cache had (checked when listed again).
    const folders = [...this.folders.values()];
    if (old) for (const [p, f] of old.folders) if (!this.folders.has(p) && !this.goneFolders.has(p)) folders.push(f);
    const ids: string[] = [];
    for (const k of keptEntries) for (const id of old!.allIdsOf(k)) ids.push(id);
    for (const records of encodedRecords) for (const r of records) for (const id of r.ids) ids.push(id);
    yield;
    const idFilter = Buffer.from(idFilterOf(ids).buffer);
    const json = JSON.stringify({ key: this.key, strings: strings.strings, idFilterBytes: idFilter.length, metaBytes, valueBytes, entries, folders, learned });
    // Padded with spaces to a multiple of 4 bytes: the meta data after it is read as 32-bit integers.
    const jsonBytes = Buffer.byteLength(json);
    const header = Buffer.from(json + ' '.repeat((4 - (jsonBytes % 4)) % 4));
    yield;
    const prefix = Buffer.alloc(PREFIX);
    MAGIC.copy(prefix);
    prefix.writeUInt32LE(header.length, MAGIC.length);
    // In the machine's byte order, as the reader's Float64Array sees it (the key names the byte order).
    const table = Buffer.from(Float64Array.from(numbers).buffer);
    prefix.writeUInt32LE(checksum([header, table, idFilter, ...metas]), MAGIC.length + 4);
    return { file: this.file, parts: [prefix, header, table, idFilter, ...metas, ...values], files: entries.length, fresh };
  }
}

// ---------------------------------------------------------------- the cache folder stays bounded

/** Cache files kept in a folder: one per game folder and version (see cacheFileOf), the most recently used. */
export const MAX_CACHE_FILES = 6;
/** A temporary file this old is abandoned even when its writer's process id is alive again (reused). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const TEMP_FILE = /^index-[0-9a-f]+\.cache\.(\d+)\.[0-9a-f]+\.tmp$/;
const CACHE_FILE = /^index-[0-9a-f]+\.cache$/;

/** Temporary files this process is writing: removed when it exits before renaming them (see removeOnExit). */
const writing = new Set<string>();

function removeWriting(): void {
  for (const t of writing) { try { fs.rmSync(t, { force: true }); } catch { /* nothing to clean */ } }
  writing.clear();
}

let exitHooked = false;
/**
 * Removes the temporary files being written on every exit the process sees: a normal end or process.exit (the
 * server's `exit` notification), and SIGTERM, SIGINT, SIGHUP (a closed window, a killed server), after which the
 * signal ends the process as it would have. A SIGKILL leaves them: the next start removes them (tidyCacheFolder).
 */
function removeOnExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', removeWriting);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      removeWriting();
      // Nobody else handles the signal: it does what it would have done without this listener.
      if (process.listenerCount(signal) === 1) { process.removeListener(signal, onSignal); process.kill(process.pid, signal); }
    };
    process.on(signal, onSignal);
  }
}

/** A new temporary file for `file`, named after this process (see tidyCacheFolder), removed if it exits meanwhile. */
export function tempFileFor(file: string): string {
  const temp = `${file}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
  removeOnExit();
  writing.add(temp);
  return temp;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}

/**
 * Keeps a cache folder bounded, at every start with a cache: removes the temporary files of writers that are gone
 * (a process killed while writing: its id is not alive, or the file is an hour old), and the cache files beyond
 * the MAX_CACHE_FILES most recently used (`current`, the one this start uses, is kept). Files of other names are
 * not this tool's: left alone. Failures are logged, never thrown.
 */
export function tidyCacheFolder(dir: string, current: string, log?: (message: string) => void): void {
  let names: string[];
  try { names = fs.readdirSync(dir); } catch { return; }
  const caches: { file: string; usedMs: number }[] = [];
  let removed = 0;
  const now = Date.now();
  for (const name of names) {
    const file = path.join(dir, name);
    const temp = TEMP_FILE.exec(name);
    try {
      if (temp) {
        if (writing.has(file)) continue;
        if (!isAlive(Number(temp[1])) || now - fs.statSync(file).mtimeMs > ABANDONED_AFTER_MS) { fs.rmSync(file, { force: true }); removed++; }
      } else if (CACHE_FILE.test(name) && file !== current) {
        // Last written or read (as far as the file system keeps access times).
        const st = fs.statSync(file);
        caches.push({ file, usedMs: Math.max(st.atimeMs, st.mtimeMs) });
      }
    } catch { /* gone meanwhile */ }
  }
  caches.sort((a, b) => b.usedMs - a.usedMs);
  for (const c of caches.slice(MAX_CACHE_FILES - 1)) { try { fs.rmSync(c.file, { force: true }); removed++; } catch { /* gone meanwhile */ } }
  if (removed) log?.(`cache folder ${dir}: ${removed} abandoned or least recently used file(s) removed`);
}

/** Writes a cache file (temporary file, then renamed into place); a failure is logged, never thrown. */
export function writeCacheSync(w: CacheWrite, log?: (message: string) => void): boolean {
  const temp = tempFileFor(w.file);
  try {
    fs.mkdirSync(path.dirname(w.file), { recursive: true });
    fs.writeFileSync(temp, Buffer.concat(w.parts));
    fs.renameSync(temp, w.file);
    return true;
  } catch (err) {
    log?.(`cache ${w.file} not written: ${err instanceof Error ? err.message : String(err)}`);
    try { fs.rmSync(temp, { force: true }); } catch { /* nothing to clean */ }
    return false;
  } finally {
    writing.delete(temp);
  }
}

/** As writeCacheSync, without blocking: for the language server. */
export async function writeCache(w: CacheWrite, log?: (message: string) => void): Promise<boolean> {
  const temp = tempFileFor(w.file);
  try {
    await fs.promises.mkdir(path.dirname(w.file), { recursive: true });
    await fs.promises.writeFile(temp, Buffer.concat(w.parts));
    await fs.promises.rename(temp, w.file);
    return true;
  } catch (err) {
    log?.(`cache ${w.file} not written: ${err instanceof Error ? err.message : String(err)}`);
    await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    return false;
  } finally {
    writing.delete(temp);
  }
}
