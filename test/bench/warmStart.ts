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
import type { BenchContext, Reading } from './measure';

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
  const rows = warmStartRows(ctx.corpus.game, 1);
  const figure = (label: string): number => Number(/ratio ([\d.]+) wall/.exec(rows.find((r) => r[0] === label)?.[2] ?? '')?.[1] ?? NaN);
  return [{ figure: 'warm start from the on-disk cache (x read + JSON.parse)', value: figure('warm start: from the cache'), unit: 'x', target: 0.3, detail: rows[2][1] }];
}

/** The warm-start rows of the bench (label, figures, verdict). */
export function warmStartRows(game: string, runs = 5): [string, string, string][] {
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
    const m = (xs: Measure[], k: 'wall' | 'cpu' | 'rss'): number => median(xs.map((x) => x[k] ?? NaN));
    const ratioWall = m(warm, 'wall') / m(floor, 'wall');
    const ratioCpu = m(warm, 'cpu') / m(floor, 'cpu');
    const fig = (xs: Measure[]): string => `${m(xs, 'wall').toFixed(0)} ms wall, ${m(xs, 'cpu').toFixed(0)} ms cpu`;
    const hits = warm[0].hits ?? 0;
    if (warm.some((w) => w.diagnostics !== cold[0].diagnostics)) throw new Error('warm start bench: warm and cold starts disagree on the diagnostics');
    return [
      [`warm start: floor (${written.files} files read + parsed)`, fig(floor), `median of ${runs}, each in a fresh process`],
      ['warm start: cold load + first diagnostics', fig(cold), `rss ${m(cold, 'rss').toFixed(0)} MB`],
      ['warm start: from the cache', fig(warm), `ratio ${ratioWall.toFixed(2)} wall (target <= 0.3) ${ratioWall <= 0.3 ? 'OK' : 'OVER'}; cpu ${ratioCpu.toFixed(2)}; rss ${m(warm, 'rss').toFixed(0)} MB; ${hits} files from the cache`],
      ['warm start: cache file', `${((written.bytes ?? 0) / 1e6).toFixed(1)} MB`, `encoded and written in ${(written.save ?? 0).toFixed(0)} ms cpu after a cold load`],
    ];
  } finally {
    fs.rmSync(path.dirname(mod.dir), { recursive: true, force: true });
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') {
    const [, mode, game, modDir, modFile, cacheDir, listFile] = argv;
    process.stdout.write(JSON.stringify(child(mode, game, modDir, modFile, cacheDir, listFile)));
  } else {
    const at = argv.indexOf('--game');
    const game = at >= 0 ? argv[at + 1] : '/usr/share/games/cataclysm-dda';
    const runsAt = argv.indexOf('--runs');
    const rows = warmStartRows(game, runsAt >= 0 ? Number(argv[runsAt + 1]) : 5);
    for (const [a, b, c] of rows) console.log(`${a.padEnd(44)} ${b.padEnd(40)} ${c}`);
  }
}
