/**
 * Interactive latency on real files, in process: a keystroke -> the diagnostics to publish, completion and
 * go-to-definition at the references of the game's largest files, and a keystroke in a modinfo.json that changes
 * the mods. Each operation's wall and CPU time is kept (CPU time is what to trust when other processes share the
 * cores). The bench (bench.ts) measures typing, completion and definition itself; this adds the modinfo.json
 * keystroke and a look at one operation at a time. Run alone (with `--copies N`: the game's content N times over,
 * see tenfold.ts, its mods the workspace):
 *   node --expose-gc out/test/bench/latency.js --game DIR [--copies N] [--only keystroke,completion,definition,modinfo]
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { listJsonFiles } from '../../server/src/mods/discover';
import { complete } from '../../server/src/queries/completion';
import { definitions } from '../../server/src/queries/definition';
import type { DefinitionRecord } from '../../server/src/records/record';
import { writeTenfold } from './tenfold';

export interface Stats { readonly p50: number; readonly p95: number; readonly max: number }
export interface Latency { readonly wall: Stats; readonly cpu: Stats; readonly count: number }

function stats(xs: readonly number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? NaN };
}

/** Collects the wall and CPU time of operations. */
export class Timer {
  private readonly wall: number[] = [];
  private readonly cpu: number[] = [];

  time<T>(fn: () => T): T {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const value = fn();
    this.wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    this.cpu.push((c.user + c.system) / 1000);
    return value;
  }

  result(): Latency {
    return { wall: stats(this.wall), cpu: stats(this.cpu), count: this.wall.length };
  }
}

export function formatLatency(l: Latency): string {
  const f = (s: Stats): string => `p50 ${s.p50.toFixed(2)}, p95 ${s.p95.toFixed(2)}, max ${s.max.toFixed(1)}`;
  return `cpu ${f(l.cpu)} ms; wall ${f(l.wall)} ms (n=${l.count})`;
}

/** A project over `roots` with the game as context, loaded, every reported file's diagnostics computed (as a server publishes them). */
export function warmProject(game: string, roots: readonly string[]): Project {
  const project = new Project({ gamePath: game, roots });
  project.load();
  for (const f of project.reportedFiles()) project.diagnostics(f.path);
  return project;
}

/** The `n` largest content files of the game's core data (the files typed in and queried). */
export function largestFiles(game: string, n: number): string[] {
  return listJsonFiles(path.join(game, 'json')).map((f) => ({ f, size: fs.statSync(f).size })).sort((a, b) => b.size - a.size).slice(0, n).map((x) => x.f);
}

/** Applies a new text of `file` and computes the diagnostics of every file the change affects: one keystroke. */
function keystroke(project: Project, file: string, text: string): void {
  for (const p of project.updateFile(file, text)) project.diagnostics(p);
}

/** A reference of a record of the file and the offset of its value's first character (inside the quotes). */
interface Site { readonly record: DefinitionRecord; readonly id: string; readonly at: number }

/** Up to `count` references of the file's records (not their copy-from), spread over the file. */
export function referenceSites(project: Project, file: string, count: number): Site[] {
  const f = project.files.get(file);
  if (!f) throw new Error(`latency: ${file} is not a project file`);
  const text = project.textOf(f);
  const all: Site[] = [];
  for (const record of f.records) {
    for (const ref of project.analysisOf(record).references) {
      if (ref.key || ref.path[0] === 'copy-from') continue;
      const range = project.locate(record, ref.path);
      if (text[range.start] === '"' && text.slice(range.start + 1, range.start + 1 + ref.id.length) === ref.id) all.push({ record, id: ref.id, at: range.start + 1 });
    }
  }
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

/**
 * Typing in a file: a word into a string in the middle (one character at a time, then deleted), letters appended
 * to an id it names (unknown while typed: "did you mean" each time) and removed, and an edit that breaks the JSON
 * and one that repairs it; `rounds` times.
 */
export function typingLatency(project: Project, file: string, rounds = 3): Latency {
  const original = project.textOf(project.files.get(file)!);
  const edits: string[] = [];
  const typeAt = (at: number, word: string): void => {
    for (let i = 1; i <= word.length; i++) edits.push(original.slice(0, at) + word.slice(0, i) + original.slice(at));
    for (let i = word.length - 1; i >= 0; i--) edits.push(original.slice(0, at) + word.slice(0, i) + original.slice(at));
  };
  const mid = original.length >> 1;
  const description = original.indexOf('"description": "', mid);
  const string = description >= 0 ? description + '"description'.length : original.indexOf('": "', mid);
  if (string < 0) throw new Error(`latency: no string member after the middle of ${file}`);
  typeAt(string + 4, 'shambling ');
  const [ref] = referenceSites(project, file, 1 << 30).filter((s) => s.at > mid);
  if (ref) typeAt(ref.at + ref.id.length, 'xyz');
  edits.push(original.slice(0, string + 3) + original.slice(string + 4), original);
  // The first edit of a file analyses the workspace's files once (see Project.updateFiles): not a keystroke's cost.
  keystroke(project, file, edits[0]);
  keystroke(project, file, original);
  const timer = new Timer();
  for (let round = 0; round < rounds; round++) for (const text of edits) timer.time(() => keystroke(project, file, text));
  keystroke(project, file, original);
  return timer.result();
}

/** Completion at references of the file: with nothing, one and three characters of the id typed. */
export function completionLatency(project: Project, file: string, sites = 40): Latency & { readonly items: number } {
  const found = referenceSites(project, file, sites);
  // The first completion of a kind sorts its ids once (until the kind gains or loses one): not measured.
  for (const s of found) complete(project, file, s.at);
  const timer = new Timer();
  let items = 0;
  for (const s of found) {
    for (const typed of [0, 1, 3]) {
      if (typed > s.id.length) continue;
      items += timer.time(() => complete(project, file, s.at + typed)).items.length;
    }
  }
  return { ...timer.result(), items };
}

/**
 * Completion of the kinds with the most ids, as typed: in a mod beside the game (its own workspace), item ids in a
 * recipe's components and monster ids in a monster's upgrades, one character at a time (the empty prefix first).
 */
export function typedCompletionLatency(game: string, rounds = 3): Latency {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-latency-'));
  try {
    fs.writeFileSync(path.join(dir, 'modinfo.json'), JSON.stringify([{ type: 'MOD_INFO', id: 'latency', name: 'latency', dependencies: ['dda'] }]));
    const file = path.join(dir, 'content.json');
    const text = (item: string, monster: string): string => JSON.stringify([
      { type: 'recipe', result: 'rag', id_suffix: 'latency', components: [[[item, 1]]] },
      { type: 'MONSTER', id: 'mon_latency', 'copy-from': 'mon_zombie', upgrades: { half_life: 4, into: monster } },
    ], null, 2);
    fs.writeFileSync(file, text('', ''));
    const project = warmProject(game, [dir]);
    const timer = new Timer();
    for (let round = 0; round < rounds; round++) {
      for (const [word, isItem] of [['rag', true], ['knife_', true], ['zzz', true], ['mon_zombie', false]] as const) {
        for (let n = 0; n <= word.length; n++) {
          const typed = word.slice(0, n);
          const t = isItem ? text(typed, '') : text('', typed);
          keystroke(project, file, t);
          const at = t.indexOf(`"${typed}"`, t.indexOf(isItem ? '"components"' : '"into"')) + 1 + n;
          timer.time(() => complete(project, file, at));
        }
      }
    }
    return timer.result();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Go to definition from the middle of each reference's id. */
export function definitionLatency(project: Project, file: string, sites = 40): Latency {
  const timer = new Timer();
  let found = 0;
  for (const s of referenceSites(project, file, sites)) if (timer.time(() => definitions(project, file, s.at + (s.id.length >> 1))).length) found++;
  if (found === 0) throw new Error(`latency: no reference of ${file} has a definition`);
  return timer.result();
}

/**
 * Typing a dependency into a mod's modinfo.json as an editor does it (`"dda"` -> `"dda", "<dependency>"`: the comma,
 * a space, both quotes at once, then a character at a time; then deleted the same way): each keystroke changes the
 * mod's dependencies.
 */
export function modinfoLatency(project: Project, modinfo: string, dependency: string, rounds = 1): Latency {
  const original = fs.readFileSync(modinfo, 'utf8');
  const dda = original.indexOf('"dda"');
  if (dda < 0) throw new Error(`latency: ${modinfo} does not name "dda"`);
  const at = dda + 5;
  const typed = [',', ', ', ', ""', ...[...dependency].map((_, i) => `, "${dependency.slice(0, i + 1)}"`)];
  const edits = [...typed, ...typed.slice(0, -1).reverse(), ''].map((t) => original.slice(0, at) + t + original.slice(at));
  // The first edit analyses the workspace's files once (see Project.updateFiles): not a keystroke's cost.
  keystroke(project, modinfo, original + ' ');
  keystroke(project, modinfo, original);
  const timer = new Timer();
  for (let round = 0; round < rounds; round++) for (const text of edits) timer.time(() => keystroke(project, modinfo, text));
  return timer.result();
}

/** The game mod with the most content files (a workspace of its own for the modinfo.json measure). */
function largestMod(game: string): string {
  const mods = path.join(game, 'mods');
  return fs.readdirSync(mods).filter((m) => fs.existsSync(path.join(mods, m, 'modinfo.json')) && m !== 'dda')
    .map((m) => ({ m, n: listJsonFiles(path.join(mods, m)).length })).sort((a, b) => b.n - a.n)[0].m;
}

export type Measure = 'keystroke' | 'completion' | 'definition' | 'modinfo';
const ALL: readonly Measure[] = ['keystroke', 'completion', 'definition', 'modinfo'];

/**
 * The rows of the latency measures on a game folder: typing, completion and definition in its three largest core
 * files (each file the workspace, the game around it), and typing a dependency into its largest mod's modinfo.json
 * (that mod the workspace).
 */
export function latencyRows(game: string, only: readonly Measure[] = ALL): [string, string][] {
  const rows: [string, string][] = [];
  const files = largestFiles(game, 3);
  const want = (m: Measure): boolean => only.includes(m);
  if (want('keystroke') || want('completion') || want('definition')) {
    const per: Record<string, Latency[]> = { keystroke: [], completion: [], definition: [] };
    for (const file of files) {
      const project = warmProject(game, [file]);
      if (want('keystroke')) per.keystroke.push(typingLatency(project, file));
      if (want('completion')) per.completion.push(completionLatency(project, file));
      if (want('definition')) per.definition.push(definitionLatency(project, file));
    }
    const names = files.map((f) => `${path.basename(f)} ${(fs.statSync(f).size / 1000).toFixed(0)} KB`).join(', ');
    for (const m of ['keystroke', 'completion', 'definition'] as const) {
      per[m].forEach((l, i) => rows.push([`${m} in ${names.split(', ')[i]}`, formatLatency(l)]));
    }
  }
  if (want('completion')) rows.push(['completion of item and monster ids, typed in a mod', formatLatency(typedCompletionLatency(game))]);
  if (want('modinfo')) {
    const mod = largestMod(game);
    const project = warmProject(game, [path.join(game, 'mods', mod)]);
    rows.push([`modinfo.json keystroke (${mod}, a dependency typed)`, formatLatency(modinfoLatency(project, path.join(game, 'mods', mod, 'modinfo.json'), 'no_such_mod'))]);
  }
  return rows;
}

/**
 * The same measures on the game's content `copies` times over (tenfold.ts), every mod of it (the originals and
 * their renamed copies) the workspace: typing, completion and definition in the largest file of the first copy of
 * the game's mods, typing a dependency into the modinfo.json of the first copy of the mod with the most files.
 */
export function copiesRows(game: string, copies: number, only: readonly Measure[] = ALL): [string, string][] {
  const made = writeTenfold(game, { copies });
  try {
    const mods = path.join(made.dir, 'mods');
    // Copy 1 of a game mod is the folder `<folder>_x1` (see tenfold.ts).
    const firstCopies = fs.readdirSync(mods).filter((m) => m.endsWith('_x1')).map((m) => path.join(mods, m));
    const folder = path.join(mods, `${largestMod(game)}_x1`);
    const file = firstCopies.flatMap((d) => listJsonFiles(d)).filter((f) => path.basename(f) !== 'modinfo.json')
      .map((f) => ({ f, size: fs.statSync(f).size })).sort((a, b) => b.size - a.size)[0].f;
    const t0 = process.hrtime.bigint();
    const project = warmProject(made.dir, [mods]);
    const rows: [string, string][] = [[`${copies} copies: load and check the workspace`, `${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms wall, ${project.reportedFiles().length} files`]];
    const label = `${path.relative(mods, file)} ${(fs.statSync(file).size / 1000).toFixed(0)} KB`;
    if (only.includes('keystroke')) rows.push([`${copies} copies: keystroke in ${label}`, formatLatency(typingLatency(project, file))]);
    if (only.includes('completion')) rows.push([`${copies} copies: completion in ${label}`, formatLatency(completionLatency(project, file))]);
    if (only.includes('definition')) rows.push([`${copies} copies: definition in ${label}`, formatLatency(definitionLatency(project, file))]);
    if (only.includes('modinfo')) rows.push([`${copies} copies: modinfo.json keystroke (${path.basename(folder)})`, formatLatency(modinfoLatency(project, path.join(folder, 'modinfo.json'), 'no_such_mod'))]);
    return rows;
  } finally {
    made.remove();
  }
}

if (require.main === module) {
  const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
  const game = arg('--game') ?? '/usr/share/games/cataclysm-dda';
  const only = (arg('--only')?.split(',') ?? ALL) as Measure[];
  const copies = arg('--copies');
  const rows = copies ? copiesRows(game, Number(copies), only) : latencyRows(game, only);
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores; ${game}`);
  for (const [a, b] of rows) console.log(`${a.padEnd(60)} ${b}`);
}
