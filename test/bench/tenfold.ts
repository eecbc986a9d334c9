/**
 * The 10x case of the benchmark: a game folder holding ten times a game's content, written to a temp dir.
 *
 * The choice (so that every scenario grows tenfold: opening any mod sees ten times the core, and checking the
 * whole folder checks ten times everything):
 *  - `json/` is the core as it is, plus `json/tenfold_x1/` ... `json/tenfold_x9/`: nine renamed copies of it,
 *    still part of the core (every mod sees them);
 *  - `mods/` holds every mod as it is, plus `mods/<folder>_x1/` ... `_x9/`: renamed copies whose mod id is
 *    suffixed (`Magiclysm_x3`), their dependencies too (the core stays `dda`), and their
 *    `mod_interactions/<mod>/` folders.
 * Copy k prefixes every definition id with `xk_`, and every reference to an id the game defines, so a copy
 * resolves within itself exactly as the original does. A prefix, not a suffix, so that ids the game builds
 * from others stay consistent: a recipe's id is its `result` + `_variant` + `_id_suffix` (the result is always
 * renamed), an overmap terrain's rotations are its id + `_north`... References are the places the engine's
 * own analysis resolves (records/analyze.ts): an id the engine does not read as a reference stays as written,
 * and is not checked either; so does an id the checks give a meaning by name (`CC_BUILDING`). Only string
 * literals are rewritten, in place: the formatting of the files is kept and their sizes nearly. A copy
 * therefore has the original's diagnostics (the bench prints both counts; test/bench/tenfold.test.ts checks
 * it on a small game).
 *
 * Usage: node out/test/bench/tenfold.js GAME_DIR [--copies N] [--into PARENT_DIR]  (prints the folder made)
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project, type SourceFile } from '../../server/src/project';
import { fullValueOf, type DefinitionRecord } from '../../server/src/records/record';
import { refKey } from '../../server/src/index/referenceIndex';
import { isUnder } from '../../server/src/mods/discover';
import { derivedBases, type KindRegistry } from '../../server/src/registry/registry';
import type { JsonPath, Part } from '../../server/src/syntax/locate';

export interface Tenfold {
  /** The game folder (json/ and mods/). */
  readonly dir: string;
  readonly copies: number;
  /** Content files written (all copies, the originals included). */
  readonly files: number;
  readonly bytes: number;
  /** Deletes the folder. */
  remove(): void;
}

/** A string literal to rewrite in a file's text: `[start, end)` holds an id, which copy k names `rename(k)`. */
interface Site {
  readonly start: number;
  readonly end: number;
  readonly rename: (k: number) => string;
}

/** How copy k names an id. */
const renamed = (id: string, k: number): string => `x${k}_${id}`;
/** How copy k names a mod (id or folder). */
const suffixed = (mod: string, k: number): string => `${mod}_x${k}`;

/**
 * Ids the checks give a meaning by name (checks/unknownId.ts: a CC_BUILDING recipe's result may be an overmap
 * terrain): references to them are kept as written (they resolve to the original core, which every mod sees).
 */
const MEANINGFUL: ReadonlySet<string> = new Set(['CC_BUILDING']);

/** Which references copy k renames, and how. */
class Renamer {
  constructor(private readonly defined: ReadonlySet<string>, private readonly registry: KindRegistry) {}

  private isDefined(kind: string, id: string): boolean {
    return this.defined.has(refKey(kind, id));
  }

  /**
   * How copy k names a reference to (kind, id): an id defined (in the kind, or one that also resolves it)
   * renamed; an id the game derives from a defined one (`<terrain>_north`, `pseudo_dormant_<monster>`)
   * derived from the renamed one; undefined: left as written.
   */
  reference(kind: string, id: string, k: number): string | undefined {
    if (MEANINGFUL.has(id)) return undefined;
    if ([kind, ...this.registry.alsoResolvedBy(kind)].some((kk) => this.isDefined(kk, id))) return renamed(id, k);
    for (const d of this.registry.version.derivedIds ?? []) {
      if (d.kind !== kind || d.from === undefined) continue;
      for (const base of derivedBases(d, id)) {
        if (this.isDefined(d.from, base)) return d.prefix !== undefined ? d.prefix + renamed(base, k) : renamed(id, k);
      }
    }
    return undefined;
  }
}

/** The paths where a record may write the ids it defines (id, abstract, alias, mapgen ids, snippet ids). */
function idPaths(record: DefinitionRecord, value: Record<string, unknown>): JsonPath[] {
  const out: JsonPath[] = [];
  const add = (p: (string | number)[], v: unknown): void => {
    if (typeof v === 'string') out.push(p);
    else if (Array.isArray(v)) v.forEach((x, i) => { if (typeof x === 'string') out.push([...p, i]); });
  };
  for (const m of ['id', 'abstract', 'alias', 'name', 'update_mapgen_id', 'nested_mapgen_id']) add([m], value[m]);
  if (Array.isArray(value.text)) {
    value.text.forEach((t, i) => { if (t && typeof t === 'object' && !Array.isArray(t)) add(['text', i, 'id'], (t as Record<string, unknown>).id); });
  }
  return out.filter((p) => record.ids.includes(valueAt(value, p) as string));
}

function valueAt(value: unknown, p: JsonPath): unknown {
  let v = value;
  for (const step of p) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[step] : undefined;
  return v;
}

/** The literal at `[start, end)` when it is the JSON string `id` (in whatever escapes it is written). */
function isLiteralOf(text: string, start: number, end: number, id: string): boolean {
  if (text.charCodeAt(start) !== 0x22 || text.charCodeAt(end - 1) !== 0x22 || end - start < 2) return false;
  try { return JSON.parse(text.slice(start, end)) === id; } catch { return false; }
}

/** Every literal of a file to rewrite in the copies: the ids its records define and the defined ids they name. */
function sitesOf(project: Project, file: SourceFile, renamer: Renamer): { text: string; sites: Site[] } {
  project.ensureParsed(file, false);
  const text = project.textOf(file);
  const byStart = new Map<number, Site>();
  const add = (r: DefinitionRecord, p: JsonPath, part: Part, id: string, rename: (k: number) => string): void => {
    const { start, end } = project.locate(r, p, part);
    if (!byStart.has(start) && isLiteralOf(text, start, end, id)) byStart.set(start, { start, end, rename });
  };
  for (const r of file.records) {
    const value = fullValueOf(r);
    for (const p of idPaths(r, value)) {
      const id = valueAt(value, p) as string;
      add(r, p, 'value', id, (k) => renamed(id, k));
    }
    // A recipe's result is renamed whether or not it names an item: ids are built from it (see Renamer).
    const result = value.result;
    if (project.registry.idRuleOf(r.type).from === 'recipe' && typeof result === 'string') add(r, ['result'], 'value', result, (k) => renamed(result, k));
    for (const ref of project.analysisOf(r).references) {
      if (renamer.reference(ref.kind, ref.id, 1) !== undefined) add(r, ref.path, ref.key ? 'key' : 'value', ref.id, (k) => renamer.reference(ref.kind, ref.id, k)!);
    }
  }
  return { text, sites: [...byStart.values()].sort((a, b) => a.start - b.start) };
}

function rewrite(text: string, sites: readonly Site[], k: number): string {
  let out = '';
  let last = 0;
  for (const s of sites) {
    out += text.slice(last, s.start) + JSON.stringify(s.rename(k));
    last = s.end;
  }
  return out + text.slice(last);
}

/**
 * A modinfo.json of copy k, from its renamed text (definitions besides the MOD_INFO) and its original one: the
 * MOD_INFO's id and dependencies suffixed (not the core's).
 */
function copiedModinfo(original: string, copy: string, coreIds: ReadonlySet<string>, k: number): string {
  const before: unknown = JSON.parse(original);
  const value: unknown = JSON.parse(copy);
  const entries = Array.isArray(value) ? value : [value];
  const originals = Array.isArray(before) ? before : [before];
  entries.forEach((o, i) => {
    if (!o || typeof o !== 'object' || o.type !== 'MOD_INFO') return;
    const info = { ...originals[i] };
    info.id = suffixed(info.id, k);
    if (typeof info.name === 'string') info.name = `${info.name} (copy ${k})`;
    if (Array.isArray(info.dependencies)) info.dependencies = info.dependencies.map((d: unknown) => (typeof d === 'string' && !coreIds.has(d) ? suffixed(d, k) : d));
    entries[i] = info;
  });
  return JSON.stringify(Array.isArray(value) ? entries : entries[0], null, 2);
}

/**
 * Where a game file goes in copy k (0: the original): core files under json/tenfold_xk/, a mod's under its
 * suffixed folder, with the folder of a mod interaction named after the other mod's suffixed id.
 */
function destination(game: string, dir: string, file: string, coreIds: ReadonlySet<string>, k: number): string {
  const rel = path.relative(game, file);
  const parts = rel.split(path.sep);
  if (k === 0) return path.join(dir, rel);
  if (parts[0] === 'json') return path.join(dir, 'json', suffixed('tenfold', k), ...parts.slice(1));
  if (parts[0] !== 'mods' || parts.length < 3) throw new Error(`tenfold: ${file} is neither core nor a mod's`);
  const out = ['mods', suffixed(parts[1], k), ...parts.slice(2)];
  const at = out.indexOf('mod_interactions');
  if (at > 0 && at + 2 < out.length && !coreIds.has(out[at + 1])) out[at + 1] = suffixed(out[at + 1], k);
  return path.join(dir, ...out);
}

function write(p: string, text: string): void {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}

/** Writes the game's content `copies` times (the original and copies - 1 renamed ones) into a new temp folder. */
export function writeTenfold(game: string, options: { readonly copies?: number; readonly into?: string } = {}): Tenfold {
  const copies = options.copies ?? 10;
  const source = path.resolve(game);
  const project = new Project({ gamePath: source, roots: [source] });
  project.load();
  const defined = new Set<string>();
  for (const kind of project.defs.kinds()) for (const id of project.defs.entries(kind).keys()) defined.add(refKey(kind, id));
  const renamer = new Renamer(defined, project.registry);
  const mods = [...project.graph.mods].filter((m) => !m.interaction);
  const coreIds = new Set(mods.filter((m) => m.core).map((m) => m.id));
  const modinfos = new Map(mods.map((m) => [m.modinfoFile, m]));
  const dir = fs.mkdtempSync(path.join(options.into ?? os.tmpdir(), 'cdda-tenfold-'));
  let files = 0, bytes = 0;
  const put = (p: string, text: string): void => { write(p, text); files++; bytes += text.length; };
  try {
    for (const file of [...project.files.values()]) {
      if (!isUnder(file.path, source)) throw new Error(`tenfold: ${file.path} is outside ${source}`);
      // A modinfo.json may hold definitions besides its MOD_INFO: renamed like any content.
      const modinfo = modinfos.get(file.path);
      const { text, sites } = sitesOf(project, file, renamer);
      put(destination(source, dir, file.path, coreIds, 0), text);
      if (modinfo?.core) continue; // the core's copies are under json/, in the core
      for (let k = 1; k < copies; k++) {
        const copy = rewrite(text, sites, k);
        put(destination(source, dir, file.path, coreIds, k), modinfo ? copiedModinfo(text, copy, coreIds, k) : copy);
      }
    }
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, copies, files, bytes, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const opt = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const game = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
  if (!game) {
    console.error('usage: tenfold GAME_DIR [--copies N] [--into PARENT_DIR]');
    process.exit(2);
  }
  const t = writeTenfold(game, { copies: opt('--copies') ? Number(opt('--copies')) : undefined, into: opt('--into') });
  process.stdout.write(`${JSON.stringify({ dir: t.dir, files: t.files, bytes: t.bytes })}\n`);
}
