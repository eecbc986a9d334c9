/**
 * A workspace many times the size of the game's mods, to see whether a keystroke's cost grows with the workspace:
 * `copies` copies of every mod of a game folder (core excepted), each copy a mod of its own with a renamed mod id
 * (`<id>_c<k>`) and renamed definition ids (every id a mod defines that core does not, wherever a copy names it),
 * so that the copies neither clash with each other nor with the game's own mods, which stay as context.
 * Usage (to keep one on disk): node out/test/bench/copiedMods.js --game DIR --copies 10 --into DIR
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { listJsonFiles } from '../../server/src/mods/discover';

export interface CopiedWorkspace {
  /** The folder holding the copies (the workspace root to give a Project). */
  readonly workspace: string;
  /** For each copy k (1-based): the folder of each copied mod, by the game mod's folder name. */
  readonly modFolders: readonly ReadonlyMap<string, string>[];
  remove(): void;
}

function jsonValues(file: string): unknown[] {
  try {
    const v: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return Array.isArray(v) ? v : [v];
  } catch {
    return [];
  }
}

/** The ids a file's objects define (`id` and `abstract`, as strings or lists). */
function addDefinedIds(file: string, into: Set<string>): void {
  for (const o of jsonValues(file)) {
    if (!o || typeof o !== 'object') continue;
    const rec = o as Record<string, unknown>;
    if (rec.type === 'MOD_INFO') continue;
    for (const v of [rec.id, rec.abstract]) {
      if (typeof v === 'string') into.add(v);
      else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') into.add(x);
    }
  }
}

/** The game's mods other than core: folder -> mod id (from its modinfo.json). */
function gameMods(game: string): Map<string, string> {
  const out = new Map<string, string>();
  const mods = path.join(game, 'mods');
  for (const name of fs.readdirSync(mods).sort()) {
    const info = path.join(mods, name, 'modinfo.json');
    if (!fs.existsSync(info)) continue;
    const mod = jsonValues(info).find((o) => (o as Record<string, unknown>)?.type === 'MOD_INFO') as Record<string, unknown> | undefined;
    if (!mod || typeof mod.id !== 'string' || mod.id === 'dda') continue;
    out.set(name, mod.id);
  }
  return out;
}

function renamed(value: unknown, ids: ReadonlySet<string>, suffix: string): unknown {
  if (typeof value === 'string') return ids.has(value) ? value + suffix : value;
  if (Array.isArray(value)) return value.map((v) => renamed(v, ids, suffix));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = renamed(v, ids, suffix);
    return out;
  }
  return value;
}

function renamedModInfo(o: Record<string, unknown>, modIds: ReadonlySet<string>, suffix: string): Record<string, unknown> {
  const deps = Array.isArray(o.dependencies) ? o.dependencies.map((d) => (typeof d === 'string' && modIds.has(d) ? d + suffix : d)) : o.dependencies;
  return { ...o, id: `${o.id as string}${suffix}`, name: `${String(o.name)} (copy ${suffix})`, dependencies: deps };
}

/** The game's mods copied `copies` times into `into` (a new temporary folder by default). */
export function copyMods(game: string, copies: number, into?: string): CopiedWorkspace {
  const workspace = into ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-copies-'));
  fs.mkdirSync(workspace, { recursive: true });
  const mods = gameMods(game);
  const modIds = new Set(mods.values());
  const coreIds = new Set<string>();
  for (const f of listJsonFiles(path.join(game, 'json'))) addDefinedIds(f, coreIds);
  const ids = new Set<string>();
  const filesOf = new Map<string, string[]>();
  for (const name of mods.keys()) {
    const files = listJsonFiles(path.join(game, 'mods', name));
    filesOf.set(name, files);
    for (const f of files) addDefinedIds(f, ids);
  }
  for (const id of coreIds) ids.delete(id);
  const modFolders: Map<string, string>[] = [];
  for (let k = 1; k <= copies; k++) {
    const suffix = `_c${k}`;
    const folders = new Map<string, string>();
    for (const [name, files] of filesOf) {
      const from = path.join(game, 'mods', name);
      const to = path.join(workspace, name + suffix);
      folders.set(name, to);
      for (const f of files) {
        // An interaction folder is named after the other mod: it follows that mod's new id.
        const rel = path.relative(from, f).split(path.sep).map((seg, i, segs) => (i > 0 && segs[i - 1] === 'mod_interactions' && modIds.has(seg) ? seg + suffix : seg));
        const target = path.join(to, ...rel);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        let text: string;
        try {
          const v: unknown = JSON.parse(fs.readFileSync(f, 'utf8'));
          const list = Array.isArray(v) ? v : [v];
          const out = list.map((o) => ((o as Record<string, unknown>)?.type === 'MOD_INFO' ? renamedModInfo(o as Record<string, unknown>, modIds, suffix) : renamed(o, ids, suffix)));
          text = JSON.stringify(Array.isArray(v) ? out : out[0], null, 2);
        } catch {
          text = fs.readFileSync(f, 'utf8'); // not plain JSON: copied as it is
        }
        fs.writeFileSync(target, text);
      }
    }
    modFolders.push(folders);
  }
  return { workspace, modFolders, remove: () => fs.rmSync(workspace, { recursive: true, force: true }) };
}

if (require.main === module) {
  const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
  const game = arg('--game') ?? '/usr/share/games/cataclysm-dda';
  const made = copyMods(game, Number(arg('--copies') ?? 10), arg('--into'));
  console.log(`${made.modFolders.length} copies of the mods of ${game} in ${made.workspace}`);
}
