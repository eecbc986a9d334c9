/**
 * The engine's own measurements (see measure.ts for the contract; bench.ts lists them). Each runs in a fresh
 * process: what it measures starts cold, as a server or a CLI run does, and its memory is its own.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { Project } from '../../server/src/project';
import { listJsonFiles } from '../../server/src/mods/discover';
import { complete } from '../../server/src/queries/completion';
import { definitions } from '../../server/src/queries/definition';
import { childrenCpu, contentFiles, memoryNow, ms, percentile, readAndParse, readAndParseFloor, timed, type BenchContext, type Reading } from './measure';

const CLI = path.join(__dirname, '../../server/src/cli/cdda-lint.js');

function newProject(game: string, root: string): Project {
  const project = new Project({ gamePath: game, roots: [root] });
  project.load();
  return project;
}

function checkAll(project: Project): number {
  let n = 0;
  for (const f of project.reportedFiles()) n += project.diagnostics(f.path).length;
  return n;
}

function ratioDetail(a: { wall: number; cpu: number }, b: { wall: number; cpu: number }, what: string): string {
  return `${a.wall.toFixed(0)} ms vs ${b.wall.toFixed(0)} ms ${what} (wall); cpu ${a.cpu.toFixed(0)} vs ${b.cpu.toFixed(0)} ms, ratio ${(a.cpu / b.cpu).toFixed(2)}`;
}

/**
 * Indexing all the content (the whole game folder as the workspace) against reading + JSON.parse of the same
 * files, both warm (each done once before: the JIT and the file cache alike), each from a collected heap.
 */
export function measureIndexing(ctx: BenchContext): Reading[] {
  const { game } = ctx.corpus;
  const files = contentFiles(game);
  readAndParse(files);
  newProject(game, game);
  const base = readAndParseFloor(files);
  global.gc?.();
  const index = timed(() => newProject(game, game));
  return [
    { figure: 'content files', value: files.length, unit: 'count' },
    { figure: 'distinct (kind, id) keys', value: index.value.defs.size, unit: 'count' },
    { figure: 'index all content (x read + JSON.parse, warm)', value: index.wall / base.wall, unit: 'x', target: 1.5, detail: ratioDetail(index, base, 'read + parse') },
    { figure: 'index all content, wall', value: index.wall, unit: 'ms', scales: true },
  ];
}

/** The largest content file of a folder (not its modinfo.json). */
export function largestFile(dir: string): string {
  let best = '', size = -1;
  for (const f of listJsonFiles(dir)) {
    if (path.basename(f) === 'modinfo.json') continue;
    const s = fs.statSync(f).size;
    if (s > size) { best = f; size = s; }
  }
  if (!best) throw new Error(`bench: no content file in ${dir}`);
  return best;
}

/**
 * A server's start on a mod: from nothing to the diagnostics of the mod's largest file (the game and the mod
 * indexed, that file checked), in a fresh process, against reading + JSON.parse of every file it read.
 */
export function measureFirstDiagnostics(ctx: BenchContext): Reading[] {
  const { game, mod } = ctx.corpus;
  const opened = largestFile(mod);
  let project: Project | undefined;
  const first = timed(() => {
    project = newProject(game, mod);
    return project.diagnostics(opened).length;
  });
  const files = [...project!.files.keys()];
  project = undefined;
  const base = readAndParseFloor(files);
  return [
    { figure: 'first diagnostics of an opened mod file (x read + JSON.parse)', value: first.wall / base.wall, unit: 'x', target: 1.5, detail: `${path.relative(game, opened)}: ${ratioDetail(first, base, `read + parse of ${files.length} files`)}` },
    { figure: 'first diagnostics of an opened mod file, wall', value: first.wall, unit: 'ms', scales: true },
  ];
}

/**
 * The CLI checking the whole game folder, as a child process from a cold start (`cdda-lint check GAME --game
 * GAME --format json`), against the floor: reading + JSON.parse of the same files in one thread. Wall time.
 */
export function measureCliCold(ctx: BenchContext): Reading[] {
  const { game } = ctx.corpus;
  const floor = readAndParseFloor(contentFiles(game));
  const cpu0 = childrenCpu();
  const t0 = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [CLI, 'check', game, '--game', game, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = ms(t0);
  const cpu = childrenCpu() - cpu0;
  if (run.status !== 0 && run.status !== 1) throw new Error(`bench: cdda-lint exited ${run.status}: ${run.stderr}`);
  const diagnostics = (JSON.parse(run.stdout) as unknown[]).length;
  return [
    { figure: 'CLI cold check of the whole game (x floor, wall)', value: wall / floor.wall, unit: 'x', target: 2.5, detail: `${wall.toFixed(0)} ms vs ${floor.wall.toFixed(0)} ms read + parse (wall); cpu ${cpu.toFixed(0)} ms vs ${floor.cpu.toFixed(0)} ms` },
    { figure: 'CLI cold check of the whole game, wall', value: wall, unit: 'ms', scales: true },
    { figure: 'CLI diagnostics', value: diagnostics, unit: 'count' },
  ];
}

/** Where to type in a text: inside a description-like string near the middle (not an id: that re-checks its users). */
function typingPlace(text: string): number {
  for (const member of ['"description": "', '"name": "', '"str": "', '"//": "', '": "']) {
    const at = text.indexOf(member, text.length >> 1);
    const before = text.lastIndexOf(member, text.length >> 1);
    const found = at >= 0 ? at : before;
    if (found >= 0) return found + member.length;
  }
  return text.lastIndexOf('}', text.length >> 1);
}

/**
 * Keystrokes in `file` (already in the project, reported): a word typed one character at a time and deleted,
 * then an edit that breaks the JSON and one that repairs it; each timed from the new text to the diagnostics of
 * every file it affects (what the server publishes). The first round is not timed (it checks the files the
 * edits affect for the first time). Returns the times of the other rounds.
 */
function typeInto(project: Project, file: string, text: string, rounds: number, at = typingPlace(text)): number[] {
  const word = 'shambling ';
  const edits: string[] = [];
  for (let i = 1; i <= word.length; i++) edits.push(text.slice(0, at) + word.slice(0, i) + text.slice(at));
  for (let i = word.length - 1; i >= 0; i--) edits.push(text.slice(0, at) + word.slice(0, i) + text.slice(at));
  edits.push(text.slice(0, at - 1) + text.slice(at), text);
  const times: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const next of edits) {
      const t0 = process.hrtime.bigint();
      for (const p of project.updateFile(file, next)) project.diagnostics(p);
      if (round > 0) times.push(ms(t0));
    }
  }
  return times;
}

function latency(times: readonly number[]): string {
  return `p50 ${percentile(times, 50).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length} keystrokes`;
}

/** ~400 KB of the game's monsters renamed as new ones, as a mod beside the game (the bench's historical case). */
function makeMonsterMod(game: string): { dir: string; file: string; text: string } {
  const out: Record<string, unknown>[] = [];
  let size = 0;
  for (const f of listJsonFiles(path.join(game, 'json'))) {
    if (size > 400_000) break;
    let v: unknown;
    try { v = JSON.parse(fs.readFileSync(f, 'utf8')); } catch { continue; }
    for (const o of (Array.isArray(v) ? v : [v]) as Record<string, unknown>[]) {
      if (!o || o.type !== 'MONSTER' || typeof o.id !== 'string') continue;
      const copy = { ...o, id: `bench_${o.id}` };
      size += JSON.stringify(copy, null, 2).length;
      out.push(copy);
      if (size > 400_000) break;
    }
  }
  if (out.length === 0) throw new Error(`bench: no monsters in ${game}/json`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-bench-'));
  fs.writeFileSync(path.join(dir, 'modinfo.json'), JSON.stringify([{ type: 'MOD_INFO', id: 'bench', name: 'bench', dependencies: ['dda'] }]));
  const file = path.join(dir, 'monsters.json');
  const text = JSON.stringify(out, null, 2);
  fs.writeFileSync(file, text);
  return { dir, file, text };
}

/** Keystroke -> diagnostics in a ~400 KB mod file of renamed monsters, the mod beside the game. */
export function measureKeystrokeMonsterMod(ctx: BenchContext): Reading[] {
  const big = makeMonsterMod(ctx.corpus.game);
  try {
    const project = newProject(ctx.corpus.game, big.dir);
    checkAll(project);
    const times = typeInto(project, big.file, big.text, ctx.quick ? 1 : 4);
    return [{ figure: 'keystroke -> diagnostics, 400 KB mod file, p95', value: percentile(times, 95), unit: 'ms', target: 25, detail: `${latency(times)}; ${(big.text.length / 1000).toFixed(0)} KB of monsters` }];
  } finally {
    fs.rmSync(big.dir, { recursive: true, force: true });
  }
}

/**
 * Keystroke -> diagnostics in the description of an item many definitions name (clean water: recipes, item
 * groups, dialogue...): what an edit of what it says costs the definitions naming it (they need not be checked
 * again: finding a reference depends on whether the id is defined, not on what its definition says).
 */
export function measureKeystrokePopular(ctx: BenchContext): Reading[] {
  const { game } = ctx.corpus;
  const project = newProject(game, game);
  checkAll(project);
  const id = coreId(project, 'item', 'water_clean');
  const record = project.defs.get('item', id).find((r) => r.source.modId === 'dda')!;
  const file = record.source.path;
  const text = fs.readFileSync(file, 'utf8');
  // In its description (or name), inside its own object.
  const inside = (member: string): number => { const at = text.indexOf(member, record.start); return at >= 0 && at < record.end ? at + member.length : -1; };
  const at = [inside('"description": "'), inside('"str": "'), record.start + 1].find((x) => x >= 0)!;
  const referring = project.filesReferencing('item', id).length;
  const times = typeInto(project, file, text, ctx.quick ? 1 : 4, at);
  return [{ figure: 'keystroke -> diagnostics, in a definition many files name, p95', value: percentile(times, 95), unit: 'ms', target: 25, detail: `${latency(times)}; item ${id}, named in ${referring} files` }];
}

/** The three largest content files of the game (one of each name: the 10x case has ten of each). */
function largestFiles(game: string, n: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { f } of contentFiles(game).map((f) => ({ f, size: fs.statSync(f).size })).sort((a, b) => b.size - a.size)) {
    if (seen.has(path.basename(f))) continue;
    seen.add(path.basename(f));
    out.push(f);
    if (out.length === n) break;
  }
  return out;
}

/**
 * Keystroke -> diagnostics in the game's largest files, the whole game folder as the workspace (a game
 * developer's): each file checked, then typed into.
 */
export function measureKeystrokeLargest(ctx: BenchContext): Reading[] {
  const { game } = ctx.corpus;
  const project = newProject(game, game);
  const files = largestFiles(game, 3);
  const times: number[] = [];
  for (const f of files) {
    project.diagnostics(f);
    times.push(...typeInto(project, f, fs.readFileSync(f, 'utf8'), ctx.quick ? 1 : 4));
  }
  const sizes = files.map((f) => `${path.basename(f)} ${(fs.statSync(f).size / 1000).toFixed(0)} KB`).join(', ');
  return [{ figure: 'keystroke -> diagnostics, largest game files, p95', value: percentile(times, 95), unit: 'ms', target: 25, detail: `${latency(times)}; ${sizes}` }];
}

/** An id of `kind` the core defines: `preferred` when it does. */
function coreId(project: Project, kind: string, preferred: string): string {
  if (project.defs.get(kind, preferred).length) return preferred;
  for (const [id, records] of project.entries(kind)) if (records.some((r) => r.source.modId === 'dda' && !r.abstract)) return id;
  throw new Error(`bench: the core defines no ${kind}`);
}

/**
 * Completion and go-to-definition on the game's data, in a mod beside it: item ids in a recipe's components
 * (every visible item: thousands) for several typed prefixes, and a monster id in upgrades.into.
 */
export function measureQueries(ctx: BenchContext): Reading[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-bench-q-'));
  try {
    fs.writeFileSync(path.join(dir, 'modinfo.json'), JSON.stringify([{ type: 'MOD_INFO', id: 'benchq', name: 'benchq', dependencies: ['dda'] }]));
    const file = path.join(dir, 'content.json');
    fs.writeFileSync(file, '[]');
    const project = newProject(ctx.corpus.game, dir);
    const monster = coreId(project, 'MONSTER', 'mon_zombie_brute');
    const text = JSON.stringify([
      { type: 'recipe', result: coreId(project, 'item', 'rag'), id_suffix: 'bench', components: [[['PREFIX', 1]]] },
      { type: 'MONSTER', id: 'mon_bench', 'copy-from': coreId(project, 'MONSTER', 'mon_zombie'), upgrades: { half_life: 4, into: monster } },
    ], null, 2);
    const completion: number[] = [];
    let candidates = 0;
    for (let round = 0; round < (ctx.quick ? 2 : 10); round++) {
      for (const prefix of ['', 'a', 'ra', 'mon_', 'knife_', 'zzz']) {
        const t = text.replace('PREFIX', prefix);
        project.updateFile(file, t);
        const at = t.indexOf(`"${prefix}"`, t.indexOf('"components"')) + 1 + prefix.length;
        const t0 = process.hrtime.bigint();
        const result = complete(project, file, at);
        completion.push(ms(t0));
        if (prefix === '') candidates = result.items.length;
      }
    }
    project.updateFile(file, text);
    const definition: number[] = [];
    const at = text.indexOf(`"${monster}"`) + 3;
    for (let i = 0; i < 50; i++) {
      const t0 = process.hrtime.bigint();
      const found = definitions(project, file, at);
      definition.push(ms(t0));
      if (found.length === 0) throw new Error('bench: definition found nothing');
    }
    return [
      { figure: 'completion (item ids, 6 prefixes), p95', value: percentile(completion, 95), unit: 'ms', target: 10, detail: `p50 ${percentile(completion, 50).toFixed(2)} ms; ${candidates} items returned for ""` },
      { figure: 'go to definition (monster id), p95', value: percentile(definition, 95), unit: 'ms', target: 5, detail: `p50 ${percentile(definition, 50).toFixed(3)} ms` },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The server's steady state with a mod open: the game indexed (what the mod needs), the mod's files checked. */
export function measureMemoryModOpen(ctx: BenchContext): Reading[] {
  const project = newProject(ctx.corpus.game, ctx.corpus.mod);
  const n = checkAll(project);
  const m = memoryNow();
  // The 250 MB budget is the real game's; the 10x case is held to its scaling (bench.ts).
  return [{ figure: 'memory: game indexed, a mod open (its files checked), rss', value: m.rss, unit: 'MB', target: ctx.corpus.tenfoldOf ? undefined : 250, scales: true, detail: `heap ${m.heap.toFixed(0)} MB; ${path.basename(ctx.corpus.mod)}: ${project.reportedFiles().length} files, ${n} diagnostics; ${project.files.size} files indexed` }];
}

/** The whole game folder as the workspace: everything indexed and checked (time of the check, memory held after). */
export function measureMemoryAllChecked(ctx: BenchContext): Reading[] {
  const project = newProject(ctx.corpus.game, ctx.corpus.game);
  const check = timed(() => checkAll(project));
  const m = memoryNow();
  return [
    { figure: 'check every file (in process, after indexing), wall', value: check.wall, unit: 'ms', scales: true, detail: `${check.value} diagnostics; cpu ${check.cpu.toFixed(0)} ms` },
    { figure: 'memory: all content indexed and checked, rss', value: m.rss, unit: 'MB', scales: true, detail: `heap ${m.heap.toFixed(0)} MB` },
  ];
}
