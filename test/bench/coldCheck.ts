/**
 * The cold check as a modder's CI runs it: the real `cdda-lint check GAME --game GAME --format json` (a fresh
 * process: every file read, indexed and checked, on as many threads as it picks), against the floor: reading
 * every content file and `JSON.parse` on one thread, warm page cache. Target (issue 7): wall <= 2.5x the floor.
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { listJsonFiles } from '../../server/src/mods/discover';

const BIN = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');

/** Runs the CLI's main in a child and reports its resource usage (all threads) on the last line of stderr. */
const REPORTING_CHILD = `
const [bin, ...args] = process.argv.slice(1);
require(bin).main(args).then((code) => {
  const r = process.resourceUsage();
  process.stderr.write('\\n' + JSON.stringify({ code, cpu: (r.userCPUTime + r.systemCPUTime) / 1000, maxRss: r.maxRSS / 1024 }) + '\\n');
});`;

export interface ColdCheckRun {
  readonly wall: number;
  /** User + system CPU of all its threads, ms. */
  readonly cpu: number;
  /** Peak resident memory, MB. */
  readonly maxRss: number;
}

export interface ColdCheckFigures {
  /** Reading every content file + JSON.parse, one thread (median), ms. */
  readonly floor: number;
  readonly runs: readonly ColdCheckRun[];
  /** Median run by wall time. */
  readonly median: ColdCheckRun;
  /** Median wall / floor. */
  readonly ratio: number;
}

function medianOf<T>(xs: readonly T[], by: (x: T) => number): T {
  return [...xs].sort((a, b) => by(a) - by(b))[xs.length >> 1];
}

function floorOnce(files: readonly string[]): number {
  const t0 = process.hrtime.bigint();
  for (const f of files) JSON.parse(fs.readFileSync(f, 'utf8'));
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** `runs` cold checks of the whole game folder, each in a fresh process, alternating with floor measurements. */
export function coldCheckFigures(game: string, runs = 3, extraArgs: readonly string[] = []): ColdCheckFigures {
  const files = [...listJsonFiles(path.join(game, 'json')), ...listJsonFiles(path.join(game, 'mods'))];
  floorOnce(files); // warm the page cache
  const floors: number[] = [];
  const out: ColdCheckRun[] = [];
  for (let i = 0; i < runs; i++) {
    floors.push(floorOnce(files));
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['-e', REPORTING_CHILD, BIN, 'check', game, '--game', game, '--format', 'json', ...extraArgs], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const wall = Number(process.hrtime.bigint() - t0) / 1e6;
    const usage = JSON.parse(r.stderr.trim().split('\n').pop() || '{}') as { code?: number; cpu?: number; maxRss?: number };
    if (usage.cpu === undefined) throw new Error(`cold check: cdda-lint failed: ${r.stderr}`);
    out.push({ wall, cpu: usage.cpu, maxRss: usage.maxRss ?? 0 });
  }
  const floor = medianOf(floors, (x) => x);
  const median = medianOf(out, (x) => x.wall);
  return { floor, runs: out, median, ratio: median.wall / floor };
}

/** One line of the bench's table. */
export function coldCheckRow(f: ColdCheckFigures): [string, string, string] {
  return [
    `cold check (CLI path) / floor (median of ${f.runs.length})`,
    `${f.median.wall.toFixed(0)} ms wall, ${f.median.cpu.toFixed(0)} ms cpu, ${f.median.maxRss.toFixed(0)} MB rss`,
    `ratio ${f.ratio.toFixed(2)} to ${f.floor.toFixed(0)} ms (target <= 2.5) ${f.ratio <= 2.5 ? 'OK' : 'OVER'}`,
  ];
}

if (require.main === module) {
  // npm run build && node out/test/bench/coldCheck.js GAME [RUNS] [cdda-lint options...]
  const [game = '/usr/share/games/cataclysm-dda', runs = '3', ...extra] = process.argv.slice(2);
  const f = coldCheckFigures(game, Number(runs), extra);
  for (const r of f.runs) console.log(`run: ${r.wall.toFixed(0)} ms wall, ${r.cpu.toFixed(0)} ms cpu, ${r.maxRss.toFixed(0)} MB rss`);
  console.log(coldCheckRow(f).join('  '));
}
