/**
 * The on-disk cache of the game's index: what a load derived from each file outside the workspace (the game and
 * the mods read as context, which the user does not edit), keyed by the file's path, size, modification and
 * change times. A warm start stats every file it lists and takes the records of the unchanged ones from here;
 * the others are read and indexed as usual, and the cache is written again afterwards.
 *
 * Layout of a cache file:
 *   MAGIC (8 bytes) | header length (u32 LE) | checksum of the rest (u32 LE) | header | meta data | values
 * The header (JSON) holds the key (key.ts), per file its stat and where its meta data and values are, the
 * folders listed with their entries (a warm start lists only the changed ones again), and per file of the game
 * what it uses beyond the tables (records/beyondTables.ts; few, and none when the tables are the game's own); meta data and values are
 * as codec.ts writes them. A file that is unreadable, truncated, corrupt (checksum) or of
 * another key is ignored, with a log line, and replaced after the load. Written to a temporary file renamed into
 * place: a reader sees the old file or the new one, never half of one. The temporary file is removed when the
 * process exits meanwhile, or, killed, at the next start; the folder keeps the MAX_CACHE_FILES most recently used
 * cache files (see tidyCacheFolder).
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { decodeFile, definesId, encodeFile, idsOfKind, MetaData, parentsOfKind, scanFile, StringTable, type DecodedContents, type FileContents, type FileOutline, type ValueSource } from './codec';
import { cacheFileOf, keyDifference, type CacheKey } from './key';
import type { DefinitionRecord, RecordSource } from '../records/record';
import type { RecordBatch } from '../index/definitionIndex';
import type { Steps } from '../util/steps';
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

const MAGIC = Buffer.from('CDDAIDX\n', 'latin1');
const PREFIX = MAGIC.length + 8;

/** The checksum of the cache's contents: CRC-32 where the runtime has it (Node 20.15+), else SHA-1's first bytes. */
function checksum(parts: readonly Buffer[]): number {
  const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (crc32) { let c = 0; for (const p of parts) c = crc32(p, c); return c >>> 0; }
  const h = crypto.createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest().readUInt32LE(0);
}

/** A file's identity on disk: any change of its content changes one of these. */
interface Stamp { readonly size: number; readonly mtimeMs: number; readonly ctimeMs: number }

/** Header entry: path, stamp, then [from, to) of its meta data and of its values in their regions. */
type Entry = [string, number, number, number, number, number, number, number];

/**
 * A folder listed by a load (see listJsonFiles): its path, modification and change times (an entry added,
 * removed or renamed changes them), its content files and its subfolders.
 */
type Folder = [string, number, number, string[], string[]];

interface Header {
  readonly key: CacheKey; readonly strings: string[]; readonly metaBytes: number; readonly valueBytes: number; readonly entries: Entry[]; readonly folders: Folder[];
  /** Path -> what the file uses beyond the tables (files that use nothing are left out). */
  readonly learned: Record<string, string[]>;
}

/** The values of the records a cache gave: all of the cache file's, kept as long as one of those records is. */
class CachedValues implements ValueSource {
  constructor(private readonly buffer: Buffer) {}

  value(from: number, to: number): Record<string, unknown> {
    return JSON.parse(this.buffer.toString('utf8', from, to)) as Record<string, unknown>;
  }
}

/**
 * A file the cache gives: its outline now; its ids by kind, its parse and records when first asked for (made
 * once, from the cache's meta data, which is kept until then).
 */
export class CachedFile implements FileOutline, RecordBatch {
  private decoded: DecodedContents | undefined;
  constructor(
    private readonly cache: CacheContents,
    private readonly entry: Entry,
    private readonly source: RecordSource,
    readonly deferred: boolean,
    readonly kinds: readonly string[],
    /** What the file uses beyond the tables (see FileContents.learned). */
    readonly learned: readonly string[],
  ) {}

  get modId(): string | undefined {
    return this.source.modId;
  }

  idsOf(kind: string): string[][] {
    return this.cache.idsOf(this.entry, kind);
  }

  defines(kind: string, id: string): boolean {
    return this.cache.defines(this.entry, kind, id);
  }

  parentsOf(kind: string): string[] {
    return this.cache.parentsOf(this.entry, kind);
  }

  contents(): DecodedContents {
    return (this.decoded ??= this.cache.decode(this.entry, this.source));
  }

  records(): DefinitionRecord[] {
    return this.contents().records;
  }
}

/** A cache file read and checked. Its meta data and values are kept as long as a file it gave is not decoded. */
class CacheContents {
  readonly entries = new Map<string, Entry>();
  readonly folders = new Map<string, Folder>();
  readonly learned = new Map<string, string[]>();
  readonly strings: string[];
  /** The number of each string of the table. */
  private readonly numbers = new Map<string, number>();
  readonly meta: MetaData;
  private readonly valueSource: CachedValues;
  constructor(header: Header, meta: Buffer, readonly values: Buffer) {
    this.strings = header.strings;
    this.strings.forEach((str, n) => this.numbers.set(str, n));
    for (const e of header.entries) this.entries.set(e[0], e);
    for (const f of header.folders) this.folders.set(f[0], f);
    for (const [p, learned] of Object.entries(header.learned)) this.learned.set(p, learned);
    this.meta = new MetaData(meta);
    this.valueSource = new CachedValues(values);
  }

  /** The file of entry `e`; throws when its meta data is malformed. */
  file(e: Entry, source: RecordSource): CachedFile {
    const { deferred, kinds } = scanFile(this.meta.ints, e[4], e[5], this.strings);
    const learned = this.learned.get(e[0]) ?? [];
    if (!Array.isArray(learned) || !learned.every((x) => typeof x === 'string')) throw new Error('malformed entries of what it uses beyond the tables');
    return new CachedFile(this, e, source, deferred, kinds, learned);
  }

  idsOf(e: Entry, kind: string): string[][] {
    return idsOfKind(this.meta, e[4], this.numbers.get(kind) ?? -1);
  }

  parentsOf(e: Entry, kind: string): string[] {
    return parentsOfKind(this.meta, e[4], this.numbers.get(kind) ?? -1);
  }

  defines(e: Entry, kind: string, id: string): boolean {
    return definesId(this.meta, e[4], this.numbers.get(kind) ?? -1, id);
  }

  decode(e: Entry, source: RecordSource): DecodedContents {
    return decodeFile(this.meta, e[4], this.strings, source, this.valueSource, e[6]);
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

/** Reads and checks a cache file; a reason for the log when it cannot be used. */
function readCache(file: string, key: CacheKey): CacheContents | string {
  let fd: number;
  try { fd = fs.openSync(file, 'r'); } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'none yet' : `unreadable (${code ?? String(err)})`;
  }
  try {
    return readParts(fd, key);
  } catch (err) {
    return `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  } finally {
    fs.closeSync(fd);
  }
}

/** The cache file's parts, read apart: the meta data is let go after the load, the values are kept. */
function readParts(fd: number, key: CacheKey): CacheContents | string {
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
  if (!Number.isInteger(header.metaBytes) || !Number.isInteger(header.valueBytes) || !Array.isArray(header.entries) || !Array.isArray(header.strings) || !Array.isArray(header.folders)) return 'corrupt (header)';
  if (typeof header.learned !== 'object' || header.learned === null || Array.isArray(header.learned)) return 'corrupt (header)';
  if (headerBytes % 4 !== 0 || header.metaBytes % 4 !== 0 || header.metaBytes < 0 || header.valueBytes < 0) return 'corrupt (header)';
  const total = PREFIX + headerBytes + header.metaBytes + header.valueBytes;
  if (total !== size) return size < total ? 'truncated' : 'corrupt (length)';
  const meta = readAt(fd, PREFIX + headerBytes, header.metaBytes);
  const values = readAt(fd, PREFIX + headerBytes + header.metaBytes, header.valueBytes);
  if (meta.length + values.length !== header.metaBytes + header.valueBytes) return 'truncated';
  if (checksum([headerBuffer, meta, values]) !== prefix.readUInt32LE(MAGIC.length + 4)) return 'corrupt (checksum)';
  return new CacheContents(header, meta, values);
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

function stampOf(p: string): Stamp | undefined {
  try {
    const st = fs.statSync(p); // (no options object: parsing one costs more than the call, thousands of times)
    return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs } : undefined;
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
  private readonly used = new Set<string>();
  private readonly fresh = new Map<string, FileContents>();
  private readonly held = new Set<string>();
  /** Folders listed in this load: from the cache (unchanged) or read again, for the next cache. */
  private readonly folders = new Map<string, Folder>();
  private foldersRead = 0;
  private readonly goneFolders = new Set<string>();
  /** Files given by the cache, and read from disk though cacheable. */
  hits = 0;
  misses = 0;

  constructor(private readonly options: CacheOptions, private readonly key: CacheKey) {
    this.file = cacheFileOf(options.dir, key);
    tidyCacheFolder(options.dir, this.file, options.log);
    const read = options.rewrite ? 'none yet' : readCache(this.file, key);
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
   * The contents of `p` when the cache has them and the file is unchanged; `sourceOf` gives the records' source
   * (asked for only then). Otherwise undefined: the caller reads the file and reports it with `indexed`.
   */
  lookup(p: string, sourceOf: () => RecordSource): CachedFile | undefined {
    // A document open in an editor: its text is not the disk's; its entry is kept for when it is closed.
    if (this.options.inMemory?.(p)) { this.held.add(p); return undefined; }
    const stamp = stampOf(p);
    if (!stamp) return undefined;
    const e = this.contents?.entries.get(p);
    if (!e || e[1] !== stamp.size || e[2] !== stamp.mtimeMs || e[3] !== stamp.ctimeMs) return this.miss(p, stamp);
    let contents: CachedFile;
    try {
      contents = this.contents!.file(e, sourceOf());
    } catch (err) {
      this.log(`cache entry of ${p} not used: ${err instanceof Error ? err.message : String(err)}`);
      return this.miss(p, stamp);
    }
    this.used.add(p);
    this.hits++;
    return contents;
  }

  private miss(p: string, stamp: Stamp): undefined {
    this.stamps.set(p, stamp);
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
    const entries: Entry[] = [];
    const learned: Record<string, string[]> = {};
    let metaBytes = 0, valueBytes = 0, fresh = 0, dropped = 0;
    const add = (p: string, stamp: Stamp, meta: Buffer, vals: Buffer): void => {
      entries.push([p, stamp.size, stamp.mtimeMs, stamp.ctimeMs, metaBytes, metaBytes + meta.length, valueBytes, valueBytes + vals.length]);
      metas.push(meta);
      values.push(vals);
      metaBytes += meta.length;
      valueBytes += vals.length;
    };
    const old = this.contents;
    const strings = new StringTable(old ? [...old.strings] : []);
    if (old) {
      for (const [p, e] of old.entries) {
        if (this.fresh.has(p)) continue;
        if (!this.used.has(p) && !this.held.has(p) && obsolete(p)) { dropped++; continue; }
        const stamp = { size: e[1], mtimeMs: e[2], ctimeMs: e[3] };
        add(p, stamp, old.meta.bytes.subarray(e[4], e[5]), old.values.subarray(e[6], e[7]));
        const kept = old.learned.get(p);
        if (kept !== undefined) learned[p] = kept;
      }
    }
    let n = 0;
    for (const [p, contents] of this.fresh) {
      const encoded = encodeFile(contents, strings);
      if (encoded) {
        add(p, this.stamps.get(p)!, encoded.meta, Buffer.from(encoded.values));
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
    const json = JSON.stringify({ key: this.key, strings: strings.strings, metaBytes, valueBytes, entries, folders, learned });
    // Padded with spaces to a multiple of 4 bytes: the meta data after it is read as 32-bit integers.
    const jsonBytes = Buffer.byteLength(json);
    const header = Buffer.from(json + ' '.repeat((4 - (jsonBytes % 4)) % 4));
    yield;
    const prefix = Buffer.alloc(PREFIX);
    MAGIC.copy(prefix);
    prefix.writeUInt32LE(header.length, MAGIC.length);
    const body = [header, ...metas, ...values];
    prefix.writeUInt32LE(checksum(body), MAGIC.length + 4);
    return { file: this.file, parts: [prefix, ...body], files: entries.length, fresh };
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
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
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
