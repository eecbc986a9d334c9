#!/usr/bin/env node
/**
 * `cdda-lint check [PATH...] [options]`: exit 1 on errors (or too many warnings), 2 on usage errors.
 * `cdda-lint format [PATH...] [--check]`: the game's JSON style, written in place or checked.
 * `cdda-lint migrate [PATH...] [--dry-run]`: the mod brought to the format of the game it is checked against.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { JsonDiagnostic } from './lint';
import { lintInParallel } from './parallelLint';
import { FORMATS, countBySeverity, formatGithub, formatJson, formatSarif, formatText, type Format } from './formats';
import { VERSION_IDS, findVersion } from '../registry/versions';
import { CONFIG_FILE, findConfig, readConfig } from '../config/lintConfig';
import type { Severity } from '../diagnostic';
import { defaultCacheDir } from '../cache/key';
import { applyEngineFlags } from '../util/engineFlags';
import { packageVersion } from '../util/packageVersion';
// `migrate`'s and `format`'s modules are loaded when those commands run (import() below): a check does without
// them, and `--help` without the engine they bring.
import type { FixOptions } from './migrate';
import { DEFAULT_GAME_PATH, GAME_ENV, gameFolderProblem, gameForMods, resolveGame, type FoundGame } from '../mods/gameFolder';

const USAGE = `Usage: cdda-lint check [PATH...] [options]
       cdda-lint migrate [PATH...] [--dry-run] [options of check]
       cdda-lint format [PATH...] [--check]

check: checks Cataclysm: DDA content JSON (mods, or the game's data) and reports problems in files under PATH
(default: the current folder). The mods a path needs (its dependencies, sibling mods, the base game) are read
as context.

format: rewrites the JSON files under PATH (default: the current folder; not package.json and other tools'
files) in the game's own style, what its json_formatter writes and its CI enforces. With --check nothing is
changed: the files not in that style are listed, and the exit status is 1 if there are any. A file that is not
JSON is left as it is and reported (exit 1).

migrate: rewrites the mod under PATH to the format of the game it is checked against (--game, as check finds
it): legacy item types to "ITEM" + "subtypes", monster groups' "name" to "id", members the game renamed or
moved, units written in the wrong case, and ids the game itself migrates (its obsoletion_and_migration data:
items, overmap terrains and specials, terrain and furniture, traps, traits, vehicle parts) to their new ids.
Only the edited definitions change, written as the game's formatter writes them. What cannot be migrated is
listed at the end, one line per root cause. With --dry-run nothing is written: the changes are printed as a
unified diff. Running it again changes nothing.

Options of check:
  --game DIR            the base game folder (holding json/ and mods/, or a checkout of the game's repository).
                        Default: "gamePath" of the settings file, else the game the checked path is inside (a
                        mod in a game's mods/ folder), else $${GAME_ENV}, else ${DEFAULT_GAME_PATH} if present,
                        else the built-in snapshot of the current game's data (when the package has one);
                        --game builtin: that snapshot, whatever else is found
  --game-version V      the game version whose format is checked: ${VERSION_IDS.join(', ')} or auto (default: auto,
                        detected from the game folder)
  --format FORMAT       text (default), json, github (annotations in GitHub Actions) or sarif (SARIF 2.1.0)
  --min-severity S      report only problems of severity S or worse: error, warning, information, hint (default)
  --max-warnings N      also fail (exit 1) when there are more than N warnings
  --config FILE         settings file (default: the nearest ${CONFIG_FILE} at or above the first PATH)
  --cache               start from a cache of what the game's files (and other mods read as context) give, and
                        update it: the files that did not change since are not read again (default: off)
  --no-cache            do not use the cache (the default)
  --cache-location DIR  the cache's folder, where the built-in snapshot is also unpacked (default:
                        $XDG_CACHE_HOME/cdda-lint, else ~/.cache/cdda-lint)
  --jobs N              threads to check with (default 1; each thread reads all the context, see README)
  --fix                 first apply the certain repairs (what migrate applies) to the files, then check
  --dry-run             (migrate) print the changes as a unified diff instead of writing them
  --version             the version of cdda-lint
  -h, --help            this help
Settings file (${CONFIG_FILE}): { "gamePath", "gameVersion", "severity": { code: level }, "dependencyPaths": [...] };
paths in it are relative to it; command-line options win.
Exit status of check: 0 no errors, 1 errors reported (or more warnings than --max-warnings), 2 usage error or
nothing to check. Of migrate: 0 nothing is left that needs a person (--dry-run: and nothing to change), 1 errors
or warnings are left (listed; --dry-run: or there are changes to make), 2 usage error or nothing to migrate. Of format: 0 done (--check: every file formatted), 1 a file not formatted or not JSON, 2 usage
error or no JSON file.`;

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

const toolVersion = packageVersion;

class UsageError extends Error {}

function usage(message: string): never {
  throw new UsageError(message);
}

export async function main(argv: string[]): Promise<number> {
  applyEngineFlags();
  try {
    return await run(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`cdda-lint: ${err.message}\n\nRun "cdda-lint --help" for the options.\n`);
    return 2;
  }
}

async function run(argv: string[]): Promise<number> {
  const args = [...argv];
  if (args.includes('-h') || args.includes('--help')) { process.stdout.write(USAGE + '\n'); return 0; }
  if (args.includes('--version')) { process.stdout.write(`cdda-lint ${toolVersion()}\n`); return 0; }
  const command = args.shift();
  // `cdda-lint help` and `cdda-lint help check|migrate|format`: the one usage text covers every command.
  if (command === 'help') {
    const topic = args.shift();
    if (topic !== undefined && topic !== 'check' && topic !== 'migrate' && topic !== 'format') usage(`unknown command "${topic}" (check, migrate or format)`);
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (command === 'format') return await runFormat(args);
  if (command !== 'check' && command !== 'migrate') usage(command === undefined ? 'missing command (check, migrate or format)' : `unknown command "${command}" (check, migrate, format or help)`);
  const paths: string[] = [];
  let gamePath: string | undefined;
  let gameVersion: string | undefined;
  let format: Format = 'text';
  let minSeverity: Severity = 'hint';
  let maxWarnings: number | undefined;
  let configFile: string | undefined;
  let cache = false;
  let cacheLocation: string | undefined;
  let jobs: number | undefined;
  let fix = false, dryRun = false;
  const value = (flag: string): string => {
    const v = args.shift();
    if (v === undefined || v.startsWith('--')) usage(`${flag} needs a value`);
    return v;
  };
  while (args.length) {
    const a = args.shift()!;
    if (a === '--game') gamePath = value(a);
    else if (a === '--game-version') gameVersion = value(a);
    else if (a === '--format') {
      const f = value(a);
      if (!(FORMATS as readonly string[]).includes(f)) usage(`unknown format "${f}" (${FORMATS.join(', ')})`);
      format = f as Format;
    } else if (a === '--min-severity') {
      const s = value(a);
      if (!(s in SEVERITY_RANK)) usage(`unknown severity "${s}" (error, warning, information, hint)`);
      minSeverity = s as Severity;
    } else if (a === '--max-warnings') {
      const n = Number(value(a));
      if (!Number.isInteger(n) || n < 0) usage('--max-warnings needs a whole number, 0 or more');
      maxWarnings = n;
    } else if (a === '--jobs') {
      const n = Number(value(a));
      if (!Number.isInteger(n) || n < 1) usage('--jobs needs a whole number, 1 or more');
      jobs = n;
    } else if (a === '--config') configFile = value(a);
    else if (a === '--fix' && command === 'check') fix = true;
    else if (a === '--dry-run' && command === 'migrate') dryRun = true;
    else if (a === '--cache') cache = true;
    else if (a === '--no-cache') cache = false;
    else if (a === '--cache-location') cacheLocation = path.resolve(value(a));
    else if (a.startsWith('-')) usage(`unknown option ${a}`);
    else paths.push(a);
  }
  if (paths.length === 0) paths.push('.');
  for (const p of paths) if (!fs.existsSync(p)) usage(`no such file or folder: ${p}`);
  if (configFile !== undefined && !fs.existsSync(configFile)) usage(`--config ${configFile}: no such file`);
  const found = configFile !== undefined ? readConfig(path.resolve(configFile)) : findConfig(paths[0]);
  for (const p of found.problems) process.stderr.write(`cdda-lint: ${found.fatal ? 'error' : 'warning'}: ${p}\n`);
  if (found.fatal) return 2;
  const config = found.config;
  gameVersion ??= config.gameVersion;
  const cacheDir = cacheLocation ?? defaultCacheDir();
  const resolved = resolveGame({
    given: gamePath !== undefined ? { path: gamePath, source: 'option' } : undefined,
    config: config.gamePath !== undefined ? { path: config.gamePath, file: found.file } : undefined,
    checked: paths,
    cacheDir,
  });
  const noSnapshot = resolved.noSnapshot;
  let game = resolved.game;
  // A game asked for by name that cannot be had is the caller's mistake: checking without it would pass in silence.
  if (noSnapshot && resolved.builtinNamedBy) usage(noSnapshot);
  if (noSnapshot) process.stderr.write(`cdda-lint: ${noSnapshot}: checking without the game's definitions (every id the game defines is unknown). Name the game's data folder with --game or $${GAME_ENV}.\n`);
  const gameProblem = game && gameFolderProblem(game.path);
  if (game && gameProblem) {
    const named = game.source === 'environment' ? `$${GAME_ENV} (${process.env[GAME_ENV]})` : game.source === 'config' ? `"gamePath" in ${found.file}` : '--game';
    usage(`game folder ${game.path}, named by ${named}, ${gameProblem}; expected the game's data folder (holding json/ and mods/) or a checkout of the game's repository`);
  }
  if (gameVersion !== undefined && gameVersion.toLowerCase() !== 'auto' && !findVersion(gameVersion)) usage(`unknown game version "${gameVersion}"; supported: ${VERSION_IDS.join(', ')} or auto`);
  const fixOptions = { paths, gamePath: game?.path, gameVersion, severity: config.severity, dependencyPaths: config.dependencyPaths };
  if (command === 'migrate') return await runMigrate({ ...fixOptions, write: !dryRun });
  if (fix) {
    const { fixFiles } = await import('./migrate');
    const fixed = fixFiles({ ...fixOptions, write: true });
    if (fixed.repairs) process.stderr.write(`cdda-lint: fixed ${fixed.repairs} problem(s) in ${fixed.changed.length} file(s)\n`);
  }
  const cacheOption = cache ? { dir: cacheDir } : undefined;
  const check = (g: FoundGame | undefined): ReturnType<typeof lintInParallel> =>
    lintInParallel({ paths, gamePath: g?.path, gameVersion, severity: config.severity, dependencyPaths: config.dependencyPaths, cache: cacheOption }, jobs ?? 1);
  let { totals: checked, list: all } = await check(game);
  // Mods written for the current game are not checked against the 0.F found by default when the built-in game is there.
  const forMods = game && gameVersion === undefined && checked.writtenFor
    ? gameForMods(game, checked.version.version.title, checked.writtenFor, `--game DIR or $${GAME_ENV}`, cacheDir) : undefined;
  if (forMods) process.stderr.write(`cdda-lint: ${forMods.message}\n`);
  if (forMods?.instead) ({ totals: checked, list: all } = await check(game = forMods.instead));
  const result = { ...checked, game };
  if (result.filesChecked === 0) {
    process.stderr.write(`cdda-lint: nothing to check in ${paths.join(', ')}: no mod there (a folder with a modinfo.json, in the path, above it or below it)\n`);
    return 2;
  }
  const list: JsonDiagnostic[] = all.filter((d) => SEVERITY_RANK[d.severity] <= SEVERITY_RANK[minSeverity]);
  const cwd = process.cwd();
  const out = format === 'json' ? formatJson(list)
    : format === 'sarif' ? formatSarif(result, list, cwd, toolVersion())
      : format === 'github' ? formatGithub(result, list, cwd)
        : formatText(result, list, cwd);
  process.stdout.write(out);
  const counts = countBySeverity(list);
  if (maxWarnings !== undefined && counts.warning > maxWarnings) {
    process.stderr.write(`cdda-lint: ${counts.warning} warning(s), more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return counts.error > 0 ? 1 : 0;
}

/** `cdda-lint migrate [PATH...] [--dry-run]`: see USAGE and cli/migrate.ts. */
async function runMigrate(options: FixOptions): Promise<number> {
  const [{ fixFiles, MAX_PASSES }, { unifiedDiff }] = await Promise.all([import('./migrate'), import('../util/unifiedDiff')]);
  const result = fixFiles(options);
  if (result.filesChecked === 0) {
    process.stderr.write(`cdda-lint: nothing to migrate in ${options.paths.join(', ')}: no mod there (a folder with a modinfo.json, in the path, above it or below it)\n`);
    return 2;
  }
  const cwd = process.cwd();
  const rel = (p: string): string => path.relative(cwd, p) || p;
  const target = result.version.version.title;
  for (const c of result.changed) {
    if (options.write) process.stdout.write(`${rel(c.path)}\n`);
    else process.stdout.write(unifiedDiff(c.before, c.after, `a/${rel(c.path)}`, `b/${rel(c.path)}`));
  }
  const verb = options.write ? 'Migrated' : 'Would migrate';
  process.stdout.write(`${verb} ${result.changed.length} of ${result.filesChecked} file(s) to ${target}: ${result.repairs} repair(s)${result.passes > MAX_PASSES - 1 ? ` (stopped after ${MAX_PASSES} passes: run it again)` : ''}.\n`);
  if (result.left.length) {
    const total = result.left.reduce((n, c) => n + c.count, 0);
    process.stdout.write(`Not migrated: ${total} problem(s) from ${result.left.length} cause(s), for a person to decide:\n`);
    for (const c of result.left) process.stdout.write(`  ${String(c.count).padStart(5)} × ${c.severity} ${c.cause}  [${c.code}]\n`);
  }
  return result.left.length || (!options.write && result.changed.length) ? 1 : 0;
}

/** `cdda-lint format [PATH...] [--check]`. */
async function runFormat(args: string[]): Promise<number> {
  let check = false;
  const paths: string[] = [];
  for (const a of args) {
    if (a === '--check') check = true;
    else if (a.startsWith('-')) usage(`unknown option ${a} (format takes --check)`);
    else paths.push(a);
  }
  if (paths.length === 0) paths.push('.');
  for (const p of paths) if (!fs.existsSync(p)) usage(`no such file or folder: ${p}`);
  const { filesToFormat, formatFile } = await import('./format');
  const files = filesToFormat(paths);
  if (files.length === 0) {
    process.stderr.write(`cdda-lint: no JSON file to format in ${paths.join(', ')}\n`);
    return 2;
  }
  const cwd = process.cwd();
  const rel = (p: string): string => path.relative(cwd, p) || p;
  let changed = 0, errors = 0;
  for (const file of files) {
    const outcome = formatFile(file);
    if (outcome.status === 'error') {
      errors++;
      process.stderr.write(`${rel(file)}:${outcome.line}:${outcome.column}  error  ${outcome.message}\n`);
    } else if (outcome.status === 'changed') {
      changed++;
      if (!check) fs.writeFileSync(file, outcome.text, 'utf8');
      process.stdout.write(`${rel(file)}\n`);
    }
  }
  const failed = errors ? `; ${errors} could not be formatted (errors above)` : '';
  if (check) {
    if (!changed && !errors) process.stdout.write(`All ${files.length} file(s) are in the game's format.\n`);
    else process.stdout.write(`${changed} of ${files.length} file(s) not in the game's format${changed ? ' ("cdda-lint format" rewrites them)' : ''}${failed}.\n`);
    return changed || errors ? 1 : 0;
  }
  process.stdout.write(`Formatted ${changed} of ${files.length} file(s)${changed < files.length - errors ? ' (the others were in the game\'s format already)' : ''}${failed}.\n`);
  return errors ? 1 : 0;
}

/**
 * A reader that stops early (`cdda-lint check | head`) closes the pipe: the rest of the output is not wanted, so
 * the run stops quietly, as command-line tools do, rather than with a stack trace. Any other failure to write the
 * output is said in one line.
 */
function onOutputError(err: NodeJS.ErrnoException): void {
  if (err.code !== 'EPIPE') process.stderr.write(`cdda-lint: cannot write the output: ${err.message}\n`);
  process.exit(err.code === 'EPIPE' ? process.exitCode ?? 0 : 2);
}

if (require.main === module) {
  process.stdout.on('error', onOutputError);
  void main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
