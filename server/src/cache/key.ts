/**
 * What a cache of the game's index must have been made with to be used: the same cache format, the same engine
 * code, the same rules of the registry in use, the same game folder and version, the same runtime. Anything else
 * is another cache: ignored, and replaced after the next load.
 */
import * as os from 'os';
import * as path from 'path';
import * as fs from 'fs';
import type { KindRegistry } from '../registry/registry';

/** Bumped whenever what is written changes shape (see codec.ts and store.ts). */
export const CACHE_FORMAT = 11;

/** Compared in this order: the log names the first difference. */
export interface CacheKey {
  readonly format: number;
  readonly gameVersion: string;
  readonly gamePath: string;
  /** The runtime and machine: meta data is written in the machine's byte order. */
  readonly runtime: string;
  /** The registry's rules that shape records (type -> kind, id rule, whole value or summary). */
  readonly registry: string;
  /** The compiled engine code that makes records: each of its files' size and modification time. */
  readonly code: string;
}

function digest(text: string): string {
  // Required here: a check of the command line makes no key (Node's hashing modules are about 2 ms of a start).
  return (require('crypto') as typeof import('crypto')).createHash('sha1').update(text).digest('hex');
}

/**
 * Folders of the engine whose code does not shape what a load derives from a file (checks, queries, the
 * editor and command-line edges): the CLI and the server load different ones, and share a cache.
 */
const NOT_RECORD_CODE = ['checks', 'cli', 'config', 'format', 'index', 'lsp', 'queries'];

/**
 * The engine's compiled files loaded in this process (a bundle: the bundle itself), by size and modification
 * time: a rebuild or an update of the tool is another code. Cheap: a stat per module.
 */
function codeStamp(): string {
  const root = path.resolve(__dirname, '..');
  const skip = NOT_RECORD_CODE.map((d) => path.join(root, d) + path.sep);
  const parts: string[] = [];
  for (const file of Object.keys(require.cache).sort()) {
    if (!file.startsWith(root + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`) || skip.some((s) => file.startsWith(s))) continue;
    try {
      const st = fs.statSync(file);
      // (Its path below the root as path.relative gives it, cut: path.relative resolves both paths, per module.)
      parts.push(`${file.slice(root.length + 1)}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push(`${file}:?`);
    }
  }
  return digest(parts.join('\n'));
}

let code: string | undefined;
const registryDigests = new WeakMap<KindRegistry, string>();

/** What makes the records of a type: its kind, where its ids are, whether its whole value is kept. */
function registryDigest(registry: KindRegistry): string {
  let d = registryDigests.get(registry);
  if (d === undefined) {
    const rules = registry.kinds.map((k) => [k.kind, k.ids, k.types.map((t) => [t, registry.kindOfType(t), registry.keepsFullValue(t)])]);
    const retired = Object.keys(registry.version.retiredTypes ?? {}).map((t) => [t, registry.kindOfType(t)]);
    d = digest(JSON.stringify([registry.version.id, rules, retired]));
    registryDigests.set(registry, d);
  }
  return d;
}

export function cacheKey(registry: KindRegistry, gamePath: string): CacheKey {
  return {
    format: CACHE_FORMAT,
    gameVersion: registry.version.id,
    gamePath,
    runtime: `node ${process.versions.node} ${process.arch} ${os.endianness()}`,
    registry: registryDigest(registry),
    code: (code ??= codeStamp()),
  };
}

/** Which part of two keys differs (for the log), or undefined when they are the same. */
export function keyDifference(a: CacheKey, b: Partial<CacheKey>): string | undefined {
  for (const k of Object.keys(a) as (keyof CacheKey)[]) if (a[k] !== b[k]) return k;
  return undefined;
}

/** The cache file of a game folder and version in a cache folder. */
export function cacheFileOf(dir: string, key: CacheKey): string {
  return path.join(dir, `index-${digest(`${key.gamePath}\u0000${key.gameVersion}`).slice(0, 16)}.cache`);
}

/** The default cache folder: $XDG_CACHE_HOME/cdda-lint, else ~/.cache/cdda-lint. */
export function defaultCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache'), 'cdda-lint');
}
