/**
 * Warm start from the on-disk cache (server/src/cache): a mod beside the game that depends on every game mod
 * (so the whole game is indexed), started in fresh processes as a server starts:
 *  - floor: reading + JSON.parse of every file the load indexes;
 *  - cold: load without a cache, then the mod file's first diagnostics;
 *  - warm: the same from a cache written by an earlier run; target <= 0.3x the floor.
 * Runs alternate (floor, cold, warm) and medians are reported; memory is the resident set after the load and
 * the diagnostics (after a full GC), cold against warm.
 * Used by bench.ts; alone: node --expose-gc out/test/bench/warmStart.js [--game DIR] [--runs N]
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { Project } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync } from '../../server/src/cache/store';
import { wholeGameMod } from '../helpers/workspace';
import { applyEngineFlags } from '../../server/src/util/engineFlags';
import { loadEngineCode, type BenchContext, type Reading } from './measure';

interface Measure { readonly wall: number; readonly cpu: number; readonly rss?: number; readonly save?: number; readonly files?: number; readonly hits?: number; readonly diagnostics?: number; readonly bytes?: number }

function measure(fn: () => Partial<Measure>): Measure {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const extra = fn();
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  global.gc?.();
  return { wall, cpu: (c.user + c.system) / 1000, rss: process.memoryUsage().rss / 1e6, ...extra };
}

/** One measurement in this (fresh) process; see `warmStartRows` for the modes. */
function child(mode: string, game: string, modDir: string, modFile: string, cacheDir: string, listFile: string): Measure {
  if (mode === 'floor') {
    const files = JSON.parse(fs.readFileSync(listFile, 'utf8')) as string[];
    return measure(() => {
      // A file that is not strict JSON (a small test game's) still costs its read and its parse attempt.
      for (const f of files) { const text = fs.readFileSync(f, 'utf8'); try { JSON.parse(text); } catch { /* counted as read */ } }
      return { files: files.length };
    });
  }
  let project: Project | undefined;
  const log = (m: string): void => { process.stderr.write(`${m}\n`); };
  const m = measure(() => {
    project = new Project({ gamePath: game, roots: [modDir], cache: mode === 'cold' ? undefined : { dir: cacheDir, log } });
    project.load();
    const diagnostics = project.diagnostics(modFile).length;
    return { files: project.files.size, hits: project.cacheUse()?.hits, diagnostics };
  });
  if (mode === 'write') {
    const save = measure(() => {
      const w = finish(project!.saveCacheSteps());
      if (!w || !writeCacheSync(w, log)) throw new Error('warm start bench: no cache written');
      return { bytes: fs.statSync(w.file).size };
    });
    fs.writeFileSync(listFile, JSON.stringify([...project!.files.keys()]));
    return { ...m, save: save.cpu, bytes: save.bytes };
  }
  return m;
}

function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1];
}

/** The warm-start figures as the bench's readings (bench.ts MEASUREMENTS): one round of floor, cold and warm. */
export function measureWarmStart(ctx: BenchContext): Reading[] {
  const f = warmStartFigures(ctx.corpus.game, 1);
  return [{ figure: 'warm start from the on-disk cache (x read + JSON.parse)', value: f.ratioWall, unit: 'x', target: 0.3, detail: describe(f.warm) }];
}

/** What `warmStartFigures` measured: medians of each kind of run. */
export interface WarmStartFigures {
  readonly runs: number;
  /** The cold load that wrote the cache: files indexed, cache file size and the CPU time of writing it. */
  readonly written: Measure;
  readonly floor: Median;
  readonly cold: Median;
  readonly warm: Median;
  /** Warm over floor, wall and CPU. */
  readonly ratioWall: number;
  readonly ratioCpu: number;
  /** Files the warm runs took from the cache. */
  readonly hits: number;
}

interface Median { readonly wall: number; readonly cpu: number; readonly rss: number }

function describe(m: Median): string {
  return `${m.wall.toFixed(0)} ms wall, ${m.cpu.toFixed(0)} ms cpu`;
}

/** Floor, cold and warm runs (`runs` of each, alternating, each in a fresh process) on the game's data. */
export function warmStartFigures(game: string, runs = 5): WarmStartFigures {
  const mod = wholeGameMod(game);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-warm-cache-'));
  const listFile = path.join(cacheDir, 'files.json');
  const run = (mode: string): Measure => {
    const r = spawnSync(process.execPath, ['--expose-gc', __filename, '--child', mode, game, mod.dir, mod.file, cacheDir, listFile], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`warm start bench: the ${mode} run failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Measure;
  };
  try {
    const written = run('write');
    const floor: Measure[] = [], cold: Measure[] = [], warm: Measure[] = [];
    for (let i = 0; i < runs; i++) { floor.push(run('floor')); cold.push(run('cold')); warm.push(run('warm')); }
    if (warm.some((w) => w.diagnostics !== cold[0].diagnostics)) throw new Error('warm start bench: warm and cold starts disagree on the diagnostics');
    const medianOf = (xs: Measure[]): Median => ({ wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)), rss: median(xs.map((x) => x.rss ?? NaN)) });
    const f = { floor: medianOf(floor), cold: medianOf(cold), warm: medianOf(warm) };
    return { runs, written, ...f, ratioWall: f.warm.wall / f.floor.wall, ratioCpu: f.warm.cpu / f.floor.cpu, hits: warm[0].hits ?? 0 };
  } finally {
    fs.rmSync(path.dirname(mod.dir), { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** The figures as rows of a table (label, measured, detail). */
export function warmStartRows(f: WarmStartFigures): [string, string, string][] {
  return [
    [`warm start: floor (${f.written.files} files read + parsed)`, describe(f.floor), `median of ${f.runs}, each in a fresh process`],
    ['warm start: cold load + first diagnostics', describe(f.cold), `rss ${f.cold.rss.toFixed(0)} MB`],
    ['warm start: from the cache', describe(f.warm), `ratio ${f.ratioWall.toFixed(2)} wall (target <= 0.3) ${f.ratioWall <= 0.3 ? 'OK' : 'OVER'}; cpu ${f.ratioCpu.toFixed(2)}; rss ${f.warm.rss.toFixed(0)} MB; ${f.hits} files from the cache`],
    ['warm start: cache file', `${((f.written.bytes ?? 0) / 1e6).toFixed(1)} MB`, `encoded and written in ${(f.written.save ?? 0).toFixed(0)} ms cpu after a cold load`],
  ];
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') {
    const [, mode, game, modDir, modFile, cacheDir, listFile] = argv;
    // As the server runs (lsp/bin.ts): its engine's V8 settings. (They were not set here: the warm and cold starts
    // were measured about 10% slower than a server starts.)
    applyEngineFlags();
    loadEngineCode();
    process.stdout.write(JSON.stringify(child(mode, game, modDir, modFile, cacheDir, listFile)));
  } else {
    const at = argv.indexOf('--game');
    const game = at >= 0 ? argv[at + 1] : '/usr/share/games/cataclysm-dda';
    const runsAt = argv.indexOf('--runs');
    const rows = warmStartRows(warmStartFigures(game, runsAt >= 0 ? Number(argv[runsAt + 1]) : 5));
    for (const [a, b, c] of rows) console.log(`${a.padEnd(44)} ${b.padEnd(40)} ${c}`);
  }
}
