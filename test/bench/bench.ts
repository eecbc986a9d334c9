/**
 * The benchmark the product is held to: each figure beside its target, for the 0.F game, the current game and
 * a 10x case, as medians of several runs; written with the date and the machine to BENCHMARKS.md. Targets are
 * mostly ratios within one run (machines are noisy): see each measurement. The same through the real server
 * over stdio: test/lsp/lspBench.ts (npm run bench:lsp).
 *
 * Usage: npm run bench [-- options]
 *   --game DIR           the 0.F game (default /usr/share/games/cataclysm-dda)
 *   --current DIR        the current game (default $CDDA_CURRENT_GAME; skipped when absent)
 *   --runs N             runs per figure, each in a fresh process (default 3; the median is shown)
 *   --tenfold-runs N     runs per figure of the 10x case (default 1: a run there takes minutes)
 *   --tenfold-of NAME    the corpus the 10x case copies: 0.F (default) or current
 *   --only ID,ID         only these measurements (ids of MEASUREMENTS)
 *   --quick              one run, and the 10x case of a small game: to see the bench work (CI)
 *   --out FILE           where to write the results (default BENCHMARKS.md; --quick: nowhere unless given)
 *   --base COMMIT        the commit the CLI is compared with side by side (sideBySide.ts; default: the one of
 *                        test/bench/base-commit; none: no comparison; --quick: none unless given)
 *   --base-runs N        alternating runs of each CLI per input of the comparison (default 4)
 *
 * Adding a measurement (another file of this folder): export `function measureX(ctx: BenchContext): Reading[]`
 * (measure.ts) and list it in MEASUREMENTS with the figures it gives (shown as n/a while the module or the
 * function is missing). The bench never fails on a figure: it exits non-zero only when a measurement crashes
 * (its figures are then shown as n/a, the others still measured).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync, execFileSync } from 'child_process';
import { listJsonFiles } from '../../server/src/mods/discover';
import { applyEngineFlags } from '../../server/src/util/engineFlags';
import { MINI_CORE, writeTree } from '../helpers/workspace';
import { contentFiles, fmt, loadEngineCode, type BenchContext, type Corpus, type Measure, type Reading } from './measure';
import { buildBase, comparisonRows, inputsOf, recordedBase, sideBySide } from './sideBySide';

interface Measurement {
  readonly id: string;
  /** The module of this folder that exports it, and the export's name. */
  readonly module: string;
  readonly exportName: string;
  /** The figures it gives, shown as n/a while it cannot run (module or function missing). */
  readonly figures: readonly Omit<Reading, 'value'>[];
}

/** Every measurement, in the order of the tables. */
const MEASUREMENTS: readonly Measurement[] = [
  {
    id: 'first-diagnostics', module: './measures', exportName: 'measureFirstDiagnostics',
    figures: [{ figure: 'first diagnostics of an opened mod file (x read + JSON.parse)', unit: 'x', target: 1.5 }],
  },
  {
    // From the on-disk cache (server/src/cache): the server's start to a mod file's first diagnostics, over the floor.
    id: 'warm-start', module: './warmStart', exportName: 'measureWarmStart',
    figures: [{ figure: 'warm start from the on-disk cache (x read + JSON.parse)', unit: 'x', target: 0.3 }],
  },
  {
    // The same start through the real server on stdio (for information: it also counts starting node and the server).
    id: 'server-start', module: './serverStart', exportName: 'measureServerStart',
    figures: [
      { figure: 'first diagnostics through the language server, cold (spawn to publish)', unit: 'ms' },
      { figure: 'first diagnostics through the language server, warm (spawn to publish)', unit: 'ms' },
    ],
  },
  {
    id: 'cli-cold', module: './measures', exportName: 'measureCliCold',
    figures: [{ figure: 'CLI cold check of the whole game (x floor, wall)', unit: 'x', target: 2.5 }],
  },
  {
    id: 'keystroke-largest', module: './measures', exportName: 'measureKeystrokeLargest',
    figures: [{ figure: 'keystroke -> diagnostics, largest game files, p95', unit: 'ms', target: 25 }],
  },
  {
    id: 'keystroke-popular', module: './measures', exportName: 'measureKeystrokePopular',
    figures: [{ figure: 'keystroke -> diagnostics, in a definition many files name, p95', unit: 'ms', target: 25 }],
  },
  {
    id: 'keystroke-mod', module: './measures', exportName: 'measureKeystrokeMonsterMod',
    figures: [{ figure: 'keystroke -> diagnostics, 400 KB mod file, p95', unit: 'ms', target: 25 }],
  },
  {
    id: 'queries', module: './measures', exportName: 'measureQueries',
    figures: [{ figure: 'completion (item ids, 6 prefixes), p95', unit: 'ms', target: 10 }, { figure: 'go to definition (monster id), p95', unit: 'ms', target: 5 }],
  },
  {
    id: 'memory-mod-open', module: './measures', exportName: 'measureMemoryModOpen',
    figures: [{ figure: 'memory: game indexed, a mod open (its files checked), rss', unit: 'MB', target: 250 }],
  },
  {
    id: 'memory-all', module: './measures', exportName: 'measureMemoryAllChecked',
    figures: [{ figure: 'memory: all content indexed and checked, rss', unit: 'MB' }],
  },
  {
    // Not a target of issue 7: the formatter's own budget (it was a timed unit test).
    id: 'formatting', module: './formatting', exportName: 'measureFormatting',
    figures: [{ figure: 'format the largest content file, median', unit: 'ms', target: 100 }],
  },
  {
    id: 'indexing', module: './measures', exportName: 'measureIndexing',
    figures: [{ figure: 'index all content (x read + JSON.parse, warm)', unit: 'x', target: 1.5 }],
  },
];

/** The 10x case's time and memory, over its base corpus's, must stay under this. */
const TENFOLD_TARGET = 11;

const READINGS_MARK = 'BENCH-READINGS ';

// ------------------------------------------------------------------------------------------- child side

function findMeasure(m: Measurement): Measure | undefined {
  if (!fs.existsSync(path.join(__dirname, `${m.module}.js`))) return undefined;
  const fn = (require(m.module) as Record<string, unknown>)[m.exportName];
  return typeof fn === 'function' ? (fn as Measure) : undefined;
}

/** In a fresh process: one run of one measurement; its readings on stdout. */
async function child(id: string, corpus: Corpus, quick: boolean): Promise<void> {
  const m = MEASUREMENTS.find((x) => x.id === id);
  if (!m) throw new Error(`bench: no measurement ${id}`);
  const fn = findMeasure(m);
  // The engine runs with the settings the server and the CLI give it (the CLI's own process sets them too).
  applyEngineFlags();
  loadEngineCode();
  const readings = fn ? await fn({ corpus, quick }) : m.figures.map((f) => ({ ...f, value: NaN, detail: `${m.module.slice(2)}.ts ${m.exportName} not there yet` }));
  process.stdout.write(`\n${READINGS_MARK}${JSON.stringify(readings.map((r) => ({ ...r, value: Number.isNaN(r.value) ? null : r.value })))}\n`);
}

// ------------------------------------------------------------------------------------------ parent side

interface Options {
  readonly game: string;
  readonly current: string | undefined;
  readonly runs: number;
  readonly tenfoldRuns: number;
  readonly tenfoldOf: string;
  readonly only: readonly string[] | undefined;
  readonly quick: boolean;
  readonly out: string | undefined;
  /** The commit of the side-by-side comparison; undefined: none. */
  readonly base: string | undefined;
  readonly baseRuns: number;
}

function parseOptions(argv: readonly string[]): Options {
  const opt = (name: string): string | undefined => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const quick = argv.includes('--quick');
  const runs = Number(opt('--runs') ?? (quick ? 1 : 3));
  return {
    game: path.resolve(opt('--game') ?? '/usr/share/games/cataclysm-dda'),
    current: opt('--current') ?? process.env.CDDA_CURRENT_GAME,
    runs,
    tenfoldRuns: Number(opt('--tenfold-runs') ?? 1),
    tenfoldOf: opt('--tenfold-of') ?? '0.F',
    only: opt('--only')?.split(','),
    quick,
    out: opt('--out') ?? (quick ? undefined : path.join(__dirname, '../../../BENCHMARKS.md')),
    // The comparison builds another commit and checks a whole game several times: not in CI's quick run.
    base: ((b) => (b === 'none' ? undefined : b))(opt('--base') ?? (quick ? 'none' : recordedBase() ?? 'none')),
    baseRuns: Number(opt('--base-runs') ?? 4),
  };
}

/** The mod a modder has open: the game's largest (by content bytes), not the core nor test data. */
function largestMod(game: string): string {
  let best = '', size = -1;
  const mods = path.join(game, 'mods');
  for (const name of fs.readdirSync(mods).sort()) {
    const dir = path.join(mods, name);
    if (name === 'dda' || name === 'TEST_DATA' || !fs.existsSync(path.join(dir, 'modinfo.json'))) continue;
    const bytes = listJsonFiles(dir).reduce((n, f) => n + fs.statSync(f).size, 0);
    if (bytes > size) { best = dir; size = bytes; }
  }
  if (!best) throw new Error(`bench: no mod in ${mods}`);
  return best;
}

/** A small game (the test fixtures' core and the example mod), for --quick. */
function miniGame(): string {
  const example = path.join(__dirname, '../../../examples/example_mod');
  const tree: Record<string, unknown> = { ...MINI_CORE };
  for (const f of fs.readdirSync(example)) tree[`mods/example_mod/${f}`] = fs.readFileSync(path.join(example, f), 'utf8');
  return writeTree(tree);
}

/** The 10x case of a game (tenfold.ts), written by a child process: this one stays small while it measures. */
function makeTenfold(game: string): { dir: string; files: number; bytes: number } {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'tenfold.js'), game], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench: the 10x case of ${game} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as { dir: string; files: number; bytes: number };
}

interface Aggregate {
  readonly reading: Reading;
  readonly runs: number;
}

/** The median run of each figure (of an even number of runs, the lower middle), n/a runs left out. */
function medians(runs: readonly Reading[][]): Aggregate[] {
  const byFigure = new Map<string, Reading[]>();
  for (const run of runs) for (const r of run) {
    const list = byFigure.get(r.figure);
    if (list) list.push(r); else byFigure.set(r.figure, [r]);
  }
  return [...byFigure.values()].map((list) => {
    const valued = list.filter((r) => !Number.isNaN(r.value)).sort((a, b) => a.value - b.value);
    return { reading: valued.length ? valued[(valued.length - 1) >> 1] : list[0], runs: valued.length };
  });
}

function runChild(m: Measurement, corpus: Corpus, quick: boolean): Reading[] {
  const args = ['--expose-gc', __filename, '--child', m.id, '--corpus', JSON.stringify(corpus), ...(quick ? ['--quick'] : [])];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const line = run.stdout?.split('\n').find((l) => l.startsWith(READINGS_MARK));
  if (run.status !== 0 || !line) {
    throw new Error(`bench: ${m.id} on ${corpus.name} failed (exit ${run.status ?? run.signal}):\n${run.stderr}`);
  }
  return (JSON.parse(line.slice(READINGS_MARK.length)) as (Reading & { value: number | null })[]).map((r) => ({ ...r, value: r.value ?? NaN }));
}

/** Runs every selected measurement `runs` times on a corpus (runs outermost: a drifting load spreads evenly). */
function measureCorpus(corpus: Corpus, runs: number, options: Options): Aggregate[] {
  // Warm the file cache: no run pays for the disk.
  for (const f of contentFiles(corpus.game)) fs.readFileSync(f);
  const selected = MEASUREMENTS.filter((m) => !options.only || options.only.includes(m.id));
  const perMeasurement = selected.map(() => [] as Reading[][]);
  for (let run = 0; run < runs; run++) {
    selected.forEach((m, i) => {
      process.stderr.write(`bench: ${corpus.name}: ${m.id} (run ${run + 1} of ${runs})\n`);
      try {
        perMeasurement[i].push(runChild(m, corpus, options.quick));
      } catch (err) {
        // The other figures are still measured and written; the bench exits non-zero at the end.
        console.error(String(err));
        process.exitCode = 1;
        perMeasurement[i].push(m.figures.map((f) => ({ ...f, value: NaN, detail: `failed: ${String(err).split('\n')[0]}` })));
      }
    });
  }
  return perMeasurement.flatMap((runsOf) => medians(runsOf));
}

type Row = readonly [figure: string, measured: string, target: string, verdict: string, detail: string];

function verdict(r: Reading): string {
  if (r.target === undefined) return '';
  if (Number.isNaN(r.value)) return 'n/a';
  return r.value <= r.target ? 'ok' : 'over';
}

/** A table's rows; a figure that some runs could not give says of how many runs it is the median. */
function rowsOf(aggregates: readonly Aggregate[], runs: number): Row[] {
  return aggregates.map(({ reading: r, runs: valued }) => [
    r.figure,
    fmt(r.value, r.unit) + (valued > 0 && valued < runs ? ` (of ${valued} run${valued === 1 ? '' : 's'})` : ''),
    r.target === undefined ? '' : `<= ${fmt(r.target, r.unit)}`,
    verdict(r),
    r.detail ?? '',
  ]);
}

/** The 10x case over its base: each time and memory that scales. */
function scalingRows(tenfold: readonly Aggregate[], base: readonly Aggregate[]): Row[] {
  const rows: Row[] = [];
  for (const { reading: r } of tenfold) {
    if (!r.scales) continue;
    const b = base.find((x) => x.reading.figure === r.figure)?.reading;
    const ratio = b ? r.value / b.value : NaN;
    const scaled: Reading = { figure: r.figure, value: ratio, unit: 'x', target: TENFOLD_TARGET };
    rows.push([r.figure, fmt(ratio, 'x'), `<= ${TENFOLD_TARGET}x`, verdict(scaled), b ? `${fmt(r.value, r.unit)} vs ${fmt(b.value, b.unit)}` : 'no base figure']);
  }
  return rows;
}

function printTable(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(`  ${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2].padEnd(w[2])}  ${r[3].padEnd(w[3])}  ${r[4]}`);
}

function markdownTable(rows: readonly Row[]): string {
  const esc = (s: string): string => s.replace(/\|/g, '\\|');
  return ['| figure | measured | target | | detail |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

function gitCommit(): string {
  try {
    const dir = path.join(__dirname, '../../..');
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: dir, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

const BENCHMARKS_HEADER = `# Benchmarks

Written by \`npm run bench\` (test/bench/bench.ts), the newest run first. Each figure is the median of several
runs, each in a fresh process; ratios are taken within one run. The machine is described with each run: the
load average tells whether other work shared its cores.
`;

/** Inserts a run's section at the top of the results file, below its header. */
function writeResults(file: string, section: string): void {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const previous = old.startsWith(BENCHMARKS_HEADER) ? old.slice(BENCHMARKS_HEADER.length).trimStart() : old.trim();
  fs.writeFileSync(file, `${BENCHMARKS_HEADER}\n${section}\n${previous ? `\n${previous}\n` : ''}`);
}

function main(options: Options): void {
  const started = new Date();
  const load = os.loadavg();
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}, ${os.platform()}; load average at the start ${load.map((x) => x.toFixed(2)).join(' ')}`;
  console.log(`bench ${started.toISOString()}: ${machine}`);
  // Wall times mean little when other work shares the cores: the details give the CPU times too.
  const busy = load[0] > os.cpus().length * 0.75 ? ` The machine was busy (load average ${load[0].toFixed(1)} on ${os.cpus().length} cores): wall-time figures are inflated; compare the CPU times in the details.` : '';
  if (busy) console.log(busy.trim());
  const corpora: Corpus[] = [];
  const add = (name: string, game: string | undefined): void => {
    if (!game || !fs.existsSync(path.join(game, 'json'))) { console.log(`${name}: no game data${game ? ` at ${game}` : ''}; skipped`); return; }
    corpora.push({ name, game: path.resolve(game), mod: largestMod(game) });
  };
  add('0.F', options.game);
  add('current', options.current);
  const temps: string[] = [];
  const cleanUp = (): void => { for (const t of temps.splice(0)) fs.rmSync(t, { recursive: true, force: true }); };
  process.once('SIGINT', () => { cleanUp(); process.exit(130); });
  let tenfold: { dir: string; files: number; bytes: number } | undefined;
  const sections: string[] = [];
  try {
    // The 10x case: of a small game with --quick (measured too, as its base), else of a real corpus.
    let base = corpora.find((c) => c.name === options.tenfoldOf);
    if (options.quick) {
      const mini = miniGame();
      temps.push(mini);
      base = { name: 'small game', game: mini, mod: path.join(mini, 'mods/example_mod') };
      corpora.push(base);
    }
    if (base) {
      process.stderr.write(`bench: writing the 10x case of ${base.name}\n`);
      tenfold = makeTenfold(base.game);
      temps.push(tenfold.dir);
      corpora.push({ name: `10x ${base.name}`, game: tenfold.dir, mod: path.join(tenfold.dir, path.relative(base.game, base.mod)), tenfoldOf: base.name });
    } else {
      console.log(`10x case: no corpus ${options.tenfoldOf}; skipped`);
    }
    const results = new Map<string, Aggregate[]>();
    for (const corpus of corpora) {
      const runs = corpus.tenfoldOf ? options.tenfoldRuns : options.runs;
      const aggregates = measureCorpus(corpus, runs, options);
      results.set(corpus.name, aggregates);
      const title = `${corpus.name}: ${corpus.tenfoldOf ? `the content of ${corpus.tenfoldOf} ten times (test/bench/tenfold.ts: ${tenfold!.files} files, ${(tenfold!.bytes / 1e6).toFixed(0)} MB)` : corpus.game}; mod open: ${path.basename(corpus.mod)}`;
      const rows = rowsOf(aggregates, runs);
      printTable(title, rows);
      sections.push(`### ${title}\n\n${markdownTable(rows)}`);
      if (corpus.tenfoldOf) {
        const scaling = scalingRows(aggregates, results.get(corpus.tenfoldOf) ?? []);
        const t = `${corpus.name} over ${corpus.tenfoldOf}: time and memory`;
        printTable(t, scaling);
        sections.push(`### ${t}\n\n${markdownTable(scaling)}`);
      }
    }
  } finally {
    cleanUp();
  }
  const comparison = compareWithBase(options, corpora.find((c) => c.name === 'current') ?? corpora.find((c) => c.name === '0.F'));
  if (comparison) sections.push(comparison);
  if (options.out) {
    const runs = `${options.runs} run${options.runs === 1 ? '' : 's'} per figure (10x case: ${options.tenfoldRuns})${options.quick ? ', --quick' : ''}`;
    writeResults(options.out, `## ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${gitCommit()}\n\nMachine: ${machine}. ${runs}.${busy}\n\n${sections.join('\n\n')}\n`);
    console.log(`\nwritten to ${options.out}`);
  }
}

/** The side-by-side comparison with the base commit (sideBySide.ts), printed; its section of the results. */
function compareWithBase(options: Options, corpus: Corpus | undefined): string | undefined {
  if (options.base === undefined) return undefined;
  if (!corpus) { console.log('side by side: no game to check; skipped'); return undefined; }
  const log = (m: string): void => { process.stderr.write(`bench: ${m}\n`); };
  let base: { cli: string; commit: string };
  try {
    base = buildBase(options.base, log);
  } catch (err) {
    console.error(`side by side with ${options.base}: ${String(err)}`);
    process.exitCode = 1;
    return undefined;
  }
  const nowCli = path.join(__dirname, '../../server/src/cli/cdda-lint.js');
  const compared = sideBySide(base.cli, nowCli, inputsOf(corpus.game), options.baseRuns, log);
  const title = `Side by side with commit ${base.commit.slice(0, 7)} (the CLI on ${corpus.game}, --format json; ${options.baseRuns} alternating runs each, medians; flagged: more than 10 % worse)`;
  const rows = comparisonRows(compared);
  console.log(`\n${title}`);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(`  ${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padStart(w[2])}  ${r[3].padStart(w[3])}  ${r[4]}`);
  const worse = compared.filter((c) => c.worse);
  if (worse.length) console.log(`\nside by side: ${worse.length} figure${worse.length === 1 ? '' : 's'} more than 10 % worse than ${base.commit.slice(0, 7)}: ${worse.map((c) => `${c.input} ${c.figure}`).join(', ')}`);
  const esc = (s: string): string => s.replace(/\|/g, '\\|');
  const table = ['| figure | base | now | change | |', '|---|--:|--:|--:|---|', ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
  return `### ${title}\n\n${table}`;
}

const argv = process.argv.slice(2);
if (argv.includes('--child')) {
  const quick = argv.includes('--quick');
  child(argv[argv.indexOf('--child') + 1], JSON.parse(argv[argv.indexOf('--corpus') + 1]) as Corpus, quick).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main(parseOptions(argv));
}
