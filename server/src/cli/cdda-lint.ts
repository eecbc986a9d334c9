#!/usr/bin/env node
/** `cdda-lint check [PATH...] [--game DIR] [--format text|json]`: exit 1 on errors, 2 on usage errors. */
import * as path from 'path';
import { formatText, hasErrors, lint, pathExists, toJsonDiagnostics } from './lint';
import { GAME_VERSIONS, findVersion } from '../registry/versions';

const USAGE = `Usage: cdda-lint check [PATH...] [--game DIR] [--game-version VERSION] [--format text|json]

Checks Cataclysm: DDA content JSON (mods, or the game's data) and reports problems in files under PATH.
With no PATH, checks the example mod shipped with cdda-lint.

Options:
  --game DIR       the base game folder (holding json/ and mods/); default: ${'/usr/share/games/cataclysm-dda'} if present
  --game-version V the game version whose format is checked: ${GAME_VERSIONS.map((v) => v.id).join(', ')} or auto
                   (default: auto, detected from the game folder)
  --format FORMAT  text (default) or json (an array of {file, range, severity, code, message})
  -h, --help       this help
Exit status: 0 no errors, 1 errors reported, 2 usage error or nothing to check.`;

/** The example mod, found relative to this file both from out/ (compiled) and from sources. */
export const EXAMPLE_MOD = path.resolve(__dirname, '..', '..', '..', '..', 'examples', 'example_mod');

function fail(message: string): never {
  process.stderr.write(`cdda-lint: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

export function main(argv: string[]): number {
  const args = [...argv];
  if (args.includes('-h') || args.includes('--help')) { process.stdout.write(USAGE + '\n'); return 0; }
  const command = args.shift();
  if (command !== 'check') fail(command === undefined ? 'missing command' : `unknown command "${command}"`);
  const paths: string[] = [];
  let gamePath: string | undefined;
  let format = 'text';
  let gameVersion: string | undefined;
  while (args.length) {
    const a = args.shift()!;
    if (a === '--game') { gamePath = args.shift() ?? fail('--game needs a folder'); }
    else if (a === '--game-version') { gameVersion = args.shift() ?? fail('--game-version needs a version'); }
    else if (a === '--format') { format = args.shift() ?? fail('--format needs text or json'); }
    else if (a.startsWith('--')) fail(`unknown option ${a}`);
    else paths.push(a);
  }
  if (format !== 'text' && format !== 'json') fail(`unknown format "${format}" (text or json)`);
  if (gamePath !== undefined && !pathExists(path.join(gamePath, 'json'))) fail(`--game ${gamePath}: no json/ folder there; expected the game's data folder`);
  if (gameVersion !== undefined && gameVersion.toLowerCase() !== 'auto' && !findVersion(gameVersion)) fail(`unknown game version "${gameVersion}"; supported: ${GAME_VERSIONS.map((v) => v.id).join(', ')} or auto`);
  for (const p of paths) if (!pathExists(p)) fail(`no such file or folder: ${p}`);
  if (paths.length === 0) paths.push(EXAMPLE_MOD);
  const result = lint({ paths, gamePath, gameVersion });
  if (result.filesChecked === 0) {
    process.stderr.write(`cdda-lint: nothing to check in ${paths.join(', ')}: no mod there (a folder with a modinfo.json, in the path, above it or below it)\n`);
    return 2;
  }
  if (format === 'json') process.stdout.write(JSON.stringify(toJsonDiagnostics(result), null, 2) + '\n');
  else process.stdout.write(formatText(result, process.cwd()));
  return hasErrors(result) ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
