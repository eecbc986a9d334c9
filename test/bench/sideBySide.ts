/**
 * The CLI side by side with a fixed earlier commit (issue 34: each change was within noise of the one before it,
 * and their sum was 42 % slower). The base commit is built beside the working tree (a git worktree in the cache
 * folder, the working tree's node_modules linked, `npm run build`), then both CLIs check the same inputs in
 * alternating runs (base, now, base, now...), each in a fresh process: the whole game and a mod or two, wall
 * time, CPU time (user + system of the process: what other work on the machine distorts least) and peak RSS.
 * Each figure is the median of its runs; one more than BUDGET worse than the base is flagged. The base is the
 * commit of test/bench/base-commit unless `--base COMMIT` names another (`--base none`: skipped).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync, spawnSync } from 'child_process';

/** A figure more than this fraction worse than the base's is flagged (the budget over a whole turn, not per change). */
export const BUDGET = 0.1;

/** Printed by the reporter preloaded into each CLI run: the process's CPU time and peak RSS at exit. */
const USAGE_MARK = 'SIDE-BY-SIDE-USAGE ';

/** One check of the CLI: its label and its arguments after `check`. */
export interface CheckInput {
  readonly label: string;
  readonly args: readonly string[];
}

/** One run of one CLI on one input. */
export interface RunUsage {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly rssMB: number;
}

/** One line of the comparison: a figure of an input, the base's median and ours. */
export interface Compared {
  readonly input: string;
  readonly figure: 'wall' | 'CPU' | 'peak RSS';
  readonly unit: 'ms' | 'MB';
  readonly base: number;
  readonly now: number;
  /** now / base - 1. */
  readonly change: number;
  /** More than BUDGET worse. */
  readonly worse: boolean;
}

const ROOT = path.join(__dirname, '../../..');

/** The base commit recorded for this turn (test/bench/base-commit: the first word of its first line that is not a comment). */
export function recordedBase(): string | undefined {
  const file = path.join(ROOT, 'test/bench/base-commit');
  if (!fs.existsSync(file)) return undefined;
  const line = fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#'));
  return line?.split(/\s+/)[0];
}

function git(args: readonly string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * The base commit's CLI, built in a worktree of the cache folder (kept between runs: a base built once is
 * reused). Throws with the reason when the commit is unknown or does not build.
 */
export function buildBase(commit: string, log: (m: string) => void): { cli: string; commit: string } {
  const full = git(['rev-parse', '--verify', `${commit}^{commit}`]);
  const cacheRoot = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  const dir = path.join(cacheRoot, 'cdda-lint-bench', `base-${full.slice(0, 12)}`);
  const cli = path.join(dir, 'out/server/src/cli/cdda-lint.js');
  if (fs.existsSync(cli)) {
    linkModules(dir);
    return { cli, commit: full };
  }
  if (!fs.existsSync(path.join(dir, '.git'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    git(['worktree', 'prune']);
    log(`side by side: checking out ${full.slice(0, 12)} in ${dir}`);
    git(['worktree', 'add', '--detach', dir, full]);
  }
  linkModules(dir);
  log(`side by side: building ${full.slice(0, 12)}`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (build.status !== 0 || !fs.existsSync(cli)) throw new Error(`the base commit ${full.slice(0, 12)} does not build:\n${build.stdout}${build.stderr}`);
  return { cli, commit: full };
}

/**
 * The base's node_modules: a link to the working tree's real folder (the working tree's may itself be a link, and
 * go with its worktree); a link left dangling by an earlier run is replaced.
 */
function linkModules(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  if (fs.existsSync(modules)) return;
  fs.rmSync(modules, { force: true });
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), modules, 'dir');
}

/** The preloaded reporter: at exit, the whole process's CPU time and peak RSS on stderr. */
function reporter(): string {
  const file = path.join(os.tmpdir(), `cdda-lint-side-by-side-${process.pid}.js`);
  // Preloaded into the CLI's worker threads too (the read-ahead): only the main thread reports, at the process's exit.
  fs.writeFileSync(file, `if (require('worker_threads').isMainThread) process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeSync(2, '\\n${USAGE_MARK}' + JSON.stringify({ cpuMs: (u.user + u.system) / 1000, rssMB: process.resourceUsage().maxRSS / 1024 }) + '\\n'); });\n`);
  return file;
}

/** One run of a CLI on an input (its output discarded: the CLI's exit status says there were errors, not that it failed). */
function runOnce(cli: string, preload: string, input: CheckInput): RunUsage {
  const t0 = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['-r', preload, cli, 'check', ...input.args, '--format', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const line = run.stderr?.split('\n').reverse().find((l) => l.startsWith(USAGE_MARK));
  // Exit 1 is also what a crash gives: a run counts only when it printed its report.
  if (!line || (run.status !== 0 && run.status !== 1) || !printedReport(run.stdout)) throw new Error(`${cli} check ${input.args.join(' ')} failed (exit ${run.status ?? run.signal}):\n${run.stderr}`);
  const usage = JSON.parse(line.slice(USAGE_MARK.length)) as { cpuMs: number; rssMB: number };
  return { wallMs, ...usage };
}

/** The CLI's JSON report was printed whole (a crashed CLI prints none, or a part). */
function printedReport(stdout: string | null): boolean {
  try {
    return stdout !== null && typeof JSON.parse(stdout) === 'object';
  } catch {
    return false;
  }
}

/** The median (of an even count, the lower middle: as the bench's other figures). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1];
}

/** Each figure of each input: the medians of the base's runs and ours, and the change. */
export function compare(input: string, base: readonly RunUsage[], now: readonly RunUsage[]): Compared[] {
  const figures: [Compared['figure'], Compared['unit'], (u: RunUsage) => number][] = [['wall', 'ms', (u) => u.wallMs], ['CPU', 'ms', (u) => u.cpuMs], ['peak RSS', 'MB', (u) => u.rssMB]];
  return figures.map(([figure, unit, of]) => {
    const b = median(base.map(of)), n = median(now.map(of));
    const change = n / b - 1;
    return { input, figure, unit, base: b, now: n, change, worse: change > BUDGET };
  });
}

/**
 * Runs both CLIs on each input, alternating (base first), `runs` times each; the comparison of each figure.
 * `nowCli`: the working tree's CLI.
 */
export function sideBySide(baseCli: string, nowCli: string, inputs: readonly CheckInput[], runs: number, log: (m: string) => void): Compared[] {
  const preload = reporter();
  try {
    return inputs.flatMap((input) => {
      const base: RunUsage[] = [], now: RunUsage[] = [];
      for (let k = 0; k < runs; k++) {
        log(`side by side: ${input.label} (run ${k + 1} of ${runs})`);
        base.push(runOnce(baseCli, preload, input));
        now.push(runOnce(nowCli, preload, input));
      }
      return compare(input.label, base, now);
    });
  } finally {
    fs.rmSync(preload, { force: true });
  }
}

/** The inputs of the table on a game: the whole game, then Magiclysm and Aftershock when it has them. */
export function inputsOf(game: string): CheckInput[] {
  const inputs: CheckInput[] = [{ label: 'whole game (json + mods)', args: [path.join(game, 'json'), path.join(game, 'mods'), '--game', game] }];
  for (const mod of ['Magiclysm', 'Aftershock']) {
    const dir = path.join(game, 'mods', mod);
    if (fs.existsSync(path.join(dir, 'modinfo.json'))) inputs.push({ label: `mods/${mod}`, args: [dir, '--game', game] });
  }
  return inputs;
}

/** Rows for the bench's tables: figure, base, now, change, verdict. */
export function comparisonRows(compared: readonly Compared[]): [string, string, string, string, string][] {
  const show = (v: number, unit: string): string => (unit === 'MB' ? `${v.toFixed(0)} MB` : `${(v / 1000).toFixed(2)} s`);
  return compared.map((c) => [
    `${c.input}: ${c.figure}`,
    show(c.base, c.unit),
    show(c.now, c.unit),
    `${c.change >= 0 ? '+' : ''}${(c.change * 100).toFixed(1)} %`,
    c.worse ? `WORSE (over +${BUDGET * 100} %)` : 'ok',
  ]);
}
