/**
 * The built-in game: a snapshot of the current game's content files (data/json and data/mods) shipped in the
 * package, made when packaging (scripts/snapshot.mjs), used when no game folder is given or found anywhere
 * (see gameFolder.ts), so a first check or a CI run needs no game download.
 *
 * It is unpacked once into the cache folder (game-snapshot-ID/, ID from its digest) and then read as any game
 * folder: every check, copy-from, lookup, go-to-definition and the disk cache of the index behave as with the
 * game's own folder (its files are the game's, byte for byte), and the second thread reads it as it reads any.
 * Reading it in memory instead would hold its 57 MB of text (or inflate files again for every location asked).
 *
 * The package's folder `game-snapshot/` holds:
 *   manifest.json   what it is (SnapshotManifest): version, date of the game data, origin, attribution, digest
 *   game-data.bin   MAGIC (8 bytes) | header length (u32 LE) | header (JSON: per block its compressed length and
 *                   its files, each [path relative to the game's data folder, length]) | the blocks, each the
 *                   concatenated files compressed with Brotli (blocks of ~BLOCK_BYTES: unpacking holds one at a time)
 *   ATTRIBUTION.txt the game's CC-BY-SA 3.0 attribution
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { listJsonFiles } from './discover';

// Required when first used (making, unpacking): a check with a game folder uses none of them (Node's modules for
// child processes, hashing and compression are 3-4 ms of a start).
const childProcess = (): typeof import('child_process') => require('child_process');
const crypto = (): typeof import('crypto') => require('crypto');
const zlib = (): typeof import('zlib') => require('zlib');

/** The package's folder holding the snapshot (see package.json "files"). */
export const SNAPSHOT_FOLDER = 'game-snapshot';
const MANIFEST = 'manifest.json';
const DATA = 'game-data.bin';
const ATTRIBUTION_FILE = 'ATTRIBUTION.txt';
const MAGIC = Buffer.from('CDDASNP1', 'latin1');
const FORMAT = 1;
/** Raw bytes per compressed block: unpacking holds one block and its files at a time. */
const BLOCK_BYTES = 4 << 20;

/** The game's license terms for its data, as its README states them (CleverRaven/Cataclysm-DDA, LICENSE.txt). */
export const GAME_ATTRIBUTION =
  'The game data in this snapshot (data/json and data/mods, unchanged, other files left out) is from Cataclysm: Dark Days Ahead, '
  + 'https://github.com/CleverRaven/Cataclysm-DDA, by its contributors, released under the Creative Commons Attribution-ShareAlike 3.0 '
  + 'license (https://creativecommons.org/licenses/by-sa/3.0/; see LICENSE.txt in the game\'s repository). It is shared under the same license.';

export interface SnapshotManifest {
  readonly format: number;
  /** The game version id this tool's registry detects in the data (registry/versions: "current"). */
  readonly gameVersion: string;
  /** The version's title ("current (0.I / experimental)"), for messages. */
  readonly gameVersionTitle: string;
  /** The date of the game data (YYYY-MM-DD): its last commit, else its newest file. */
  readonly date: string;
  /** Where the data came from: the game's repository and commit, or the folder's name. */
  readonly source: string;
  /** When the snapshot was made (ISO time). */
  readonly made: string;
  readonly files: number;
  /** Bytes of the files, and of game-data.bin. */
  readonly bytes: number;
  readonly packedBytes: number;
  /** SHA-1 of game-data.bin: the unpacked folder's name, so a new snapshot is never mixed with an old one. */
  readonly digest: string;
  readonly attribution: string;
}

interface Block { readonly size: number; readonly files: [string, number][] }

/** The game data folder's files that a load reads (json/ and mods/, as listJsonFiles lists them), relative, with '/' separators. */
function snapshotFiles(gameDir: string): string[] {
  const out: string[] = [];
  for (const top of ['json', 'mods']) {
    for (const f of listJsonFiles(path.join(gameDir, top))) out.push(path.relative(gameDir, f).split(path.sep).join('/'));
  }
  return out;
}

/**
 * Writes a snapshot of the game data folder `gameDir` (holding json/ and mods/) into `outDir` (replaced).
 * `describe` gives what the manifest says of it besides its contents.
 */
export function writeSnapshot(gameDir: string, outDir: string, describe: Pick<SnapshotManifest, 'gameVersion' | 'gameVersionTitle' | 'date' | 'source'>): SnapshotManifest {
  const files = snapshotFiles(gameDir);
  if (!files.some((f) => f.startsWith('json/'))) throw new Error(`${gameDir}: no .json file under json/: not the game's data folder`);
  const blocks: Block[] = [];
  const packed: Buffer[] = [];
  let bytes = 0;
  let pending: Buffer[] = [], pendingFiles: [string, number][] = [], pendingBytes = 0;
  const flush = (): void => {
    if (pendingFiles.length === 0) return;
    const raw = Buffer.concat(pending);
    const { brotliCompressSync, constants } = zlib();
    const c = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 22, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    blocks.push({ size: c.length, files: pendingFiles });
    packed.push(c);
    pending = []; pendingFiles = []; pendingBytes = 0;
  };
  for (const f of files) {
    const b = fs.readFileSync(path.join(gameDir, ...f.split('/')));
    pending.push(b); pendingFiles.push([f, b.length]); pendingBytes += b.length; bytes += b.length;
    if (pendingBytes >= BLOCK_BYTES) flush();
  }
  flush();
  const header = Buffer.from(JSON.stringify({ blocks }));
  const prefix = Buffer.alloc(MAGIC.length + 4);
  MAGIC.copy(prefix);
  prefix.writeUInt32LE(header.length, MAGIC.length);
  const data = Buffer.concat([prefix, header, ...packed]);
  const manifest: SnapshotManifest = {
    format: FORMAT, ...describe, made: new Date().toISOString(), files: files.length, bytes, packedBytes: data.length,
    digest: crypto().createHash('sha1').update(data).digest('hex'), attribution: GAME_ATTRIBUTION,
  };
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, DATA), data);
  fs.writeFileSync(path.join(outDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, ATTRIBUTION_FILE), `Built-in game snapshot: ${describe.gameVersionTitle}, game data of ${describe.date} (${describe.source}).\n\n${GAME_ATTRIBUTION}\n`);
  return manifest;
}

/** A snapshot folder's manifest, or why it cannot be used. */
export function readManifest(dir: string): SnapshotManifest | string {
  let m: SnapshotManifest;
  try { m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as SnapshotManifest; } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : `${path.join(dir, MANIFEST)} unreadable (${err instanceof Error ? err.message : String(err)})`;
  }
  if (typeof m !== 'object' || m === null || m.format !== FORMAT || typeof m.digest !== 'string' || !/^[0-9a-f]{40}$/.test(m.digest)) return `${path.join(dir, MANIFEST)}: not a snapshot of this tool's format`;
  return m;
}

/**
 * The snapshot shipped with this tool: the `game-snapshot/` folder of the package holding this module (out/server/src/mods/
 * in the npm package, dist/ in a bundle), or undefined.
 */
export function builtInSnapshotDir(): string | undefined {
  let dir = __dirname;
  for (let up = 0; up < 5; up++) {
    if (fs.existsSync(path.join(dir, SNAPSHOT_FOLDER, MANIFEST))) return path.join(dir, SNAPSHOT_FOLDER);
    if (fs.existsSync(path.join(dir, 'package.json'))) return undefined;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Unpacked snapshot folders not used for this long are removed when another is unpacked. */
const UNUSED_AFTER_MS = 24 * 60 * 60 * 1000;
const UNPACKED = /^game-snapshot-[0-9a-f]{16}(\.\d+\.[0-9a-f]+\.tmp)?$/;

/** Unpacks game-data.bin of `snapshotDir` into `into` (a new folder); the number of files. */
export function unpackInto(snapshotDir: string, into: string): number {
  const fd = fs.openSync(path.join(snapshotDir, DATA), 'r');
  try {
    const readAt = (position: number, length: number): Buffer => {
      const b = Buffer.alloc(length);
      let done = 0;
      while (done < length) {
        const n = fs.readSync(fd, b, done, length - done, position + done);
        if (n === 0) throw new Error(`${DATA} is truncated`);
        done += n;
      }
      return b;
    };
    const prefix = readAt(0, MAGIC.length + 4);
    if (!prefix.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error(`${DATA} is not a snapshot`);
    const headerBytes = prefix.readUInt32LE(MAGIC.length);
    const { blocks } = JSON.parse(readAt(prefix.length, headerBytes).toString('utf8')) as { blocks: Block[] };
    let position = prefix.length + headerBytes;
    let count = 0;
    const made = new Set<string>();
    for (const block of blocks) {
      const raw = zlib().brotliDecompressSync(readAt(position, block.size));
      position += block.size;
      let at = 0;
      for (const [rel, length] of block.files) {
        // Paths stay inside the folder: a snapshot is data, not a script.
        if (rel.split('/').some((s) => s === '..' || s === '') || path.isAbsolute(rel)) throw new Error(`${DATA}: bad path ${rel}`);
        if (at + length > raw.length) throw new Error(`${DATA}: block shorter than its files`);
        const file = path.join(into, ...rel.split('/'));
        const dir = path.dirname(file);
        if (!made.has(dir)) { fs.mkdirSync(dir, { recursive: true }); made.add(dir); }
        fs.writeFileSync(file, raw.subarray(at, at + length));
        at += length;
        count++;
      }
    }
    return count;
  } finally {
    fs.closeSync(fd);
  }
}

/** The script that unpacks in a process of its own (see unpackApart); absent from a bundle. */
const UNPACK_SCRIPT = path.join(__dirname, 'unpackSnapshotMain.js');

/**
 * unpackInto in a child process when the script is there: the 57 MB it inflates are freed with that process.
 * In this one they stayed in its memory (freed buffers the allocator keeps, not the JavaScript heap's): a first
 * check's peak was 234 MB against 192 MB once unpacked. A bundle (the VS Code extension) unpacks in-process.
 */
function unpackApart(snapshotDir: string, into: string): void {
  if (!fs.existsSync(UNPACK_SCRIPT)) { unpackInto(snapshotDir, into); return; }
  const r = childProcess().spawnSync(process.execPath, [UNPACK_SCRIPT, snapshotDir, into], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(r.stderr?.trim() || (r.error ? r.error.message : `the unpacking process ended with ${r.status ?? r.signal}`));
}

/** Removes unpacked snapshots other than `keep` unused for a day, and abandoned temporary folders. */
function tidy(parent: string, keep: string): void {
  let names: string[];
  try { names = fs.readdirSync(parent); } catch { return; }
  const now = Date.now();
  for (const name of names) {
    const p = path.join(parent, name);
    if (p === keep || !UNPACKED.test(name)) continue;
    try { if (now - fs.statSync(p).mtimeMs > UNUSED_AFTER_MS) fs.rmSync(p, { recursive: true, force: true }); } catch { /* gone meanwhile */ }
  }
}

export interface UnpackedSnapshot {
  /** The game data folder (holding json/ and mods/) to check against. */
  readonly path: string;
  readonly manifest: SnapshotManifest;
  /** Whether this call unpacked it (else it was there from an earlier run), and in how long. */
  readonly unpacked: boolean;
  readonly ms: number;
}

/**
 * The snapshot of `snapshotDir` as a game folder under `cacheDir` (else the temporary folder when that cannot be
 * written): unpacked there unless it already is. Unpacked into a temporary folder renamed into place, so a
 * process never sees half of it (two unpacking at once: the second's copy is dropped). Throws with the reason.
 */
export function unpackSnapshot(snapshotDir: string, cacheDir: string, sharedTemp = os.tmpdir()): UnpackedSnapshot {
  const manifest = readManifest(snapshotDir);
  if (typeof manifest === 'string') throw new Error(manifest === 'none' ? `${snapshotDir}: no ${MANIFEST}` : manifest);
  const t0 = Date.now();
  const name = `game-snapshot-${manifest.digest.slice(0, 16)}`;
  const fallback = privateFolderIn(sharedTemp);
  const parents = typeof fallback === 'string' ? [cacheDir, fallback] : [cacheDir];
  for (const parent of parents) {
    const target = path.join(parent, name);
    if (fs.existsSync(path.join(target, 'json'))) {
      // Its modification time says it is in use (see tidy).
      try { const now = new Date(); fs.utimesSync(target, now, now); } catch { /* read-only: still usable */ }
      return { path: target, manifest, unpacked: false, ms: Date.now() - t0 };
    }
  }
  // The first folder that can be written (the cache folder may be read-only: a CI image, a locked-down home).
  let target: string | undefined, temp: string | undefined, lastError: unknown;
  for (const parent of parents) {
    target = path.join(parent, name);
    temp = `${target}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`;
    try { fs.mkdirSync(temp, { recursive: true }); break; } catch (err) { lastError = err; temp = undefined; }
  }
  if (!target || !temp) {
    const refused = typeof fallback === 'string' ? '' : `; not into the temporary folder either: ${fallback.refused}`;
    throw new Error(`the built-in game snapshot could not be unpacked into ${parents.join(' or ')}: ${lastError instanceof Error ? lastError.message : String(lastError)}${refused}`);
  }
  try {
    unpackApart(snapshotDir, temp);
    try { fs.renameSync(temp, target); } catch (err) {
      if (!fs.existsSync(path.join(target, 'json'))) throw err;
      fs.rmSync(temp, { recursive: true, force: true }); // another process unpacked it first
    }
  } catch (err) {
    try { fs.rmSync(temp, { recursive: true, force: true }); } catch { /* nothing to clean */ }
    throw new Error(`the built-in game snapshot could not be unpacked into ${path.dirname(target)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  tidy(path.dirname(target), target);
  return { path: target, manifest, unpacked: true, ms: Date.now() - t0 };
}

/**
 * This user's own folder in a shared temporary folder (`cdda-lint-UID`), for when the cache folder cannot be
 * written: created with mode 0700, and used only while it is a real folder (not a link) owned by this user that no
 * one else can write. A predictable name in a world-writable folder could otherwise be made first by another user,
 * who would then choose the game data this user's checks read. `{ refused }` says why it is not used.
 */
export function privateFolderIn(sharedTemp: string): string | { readonly refused: string } {
  const uid = process.getuid?.();
  const dir = path.join(sharedTemp, `cdda-lint-${uid ?? os.userInfo().username}`);
  try { fs.mkdirSync(dir, { mode: 0o700 }); } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return { refused: `${dir} cannot be made (${err instanceof Error ? err.message : String(err)})` };
  }
  let st: fs.Stats;
  try { st = fs.lstatSync(dir); } catch (err) { return { refused: `${dir} cannot be read (${err instanceof Error ? err.message : String(err)})` }; }
  if (!st.isDirectory()) return { refused: `${dir} is not a folder${st.isSymbolicLink() ? ' but a link' : ''}` };
  if (uid !== undefined && st.uid !== uid) return { refused: `${dir} belongs to another user (uid ${st.uid})` };
  // Windows has no POSIX modes (and its temporary folder is the user's own).
  if (process.platform !== 'win32' && (st.mode & 0o077) !== 0) return { refused: `${dir} is open to other users (mode ${(st.mode & 0o777).toString(8)}); it must be 700` };
  return dir;
}

/** "the current game (0.I / experimental), game data of 2026-11-20 (CleverRaven/Cataclysm-DDA at abc123)". */
export function describeSnapshot(m: SnapshotManifest): string {
  return `${m.gameVersionTitle}, game data of ${m.date} (${m.source})`;
}
