/**
 * Which game folder a check reads as the base game, and how it was found. In order: what the user passed
 * (--game, cdda.gamePath), the settings file's "gamePath", the game the checked path sits in (a mod in a game's
 * mods/ folder belongs to that game, whatever else is installed), $CDDA_GAME, then Debian's install.
 * A game folder holds json/ and mods/; a checkout of the game's repository (data/json, data/mods) is taken as its
 * data/ folder.
 */
import * as fs from 'fs';
import * as path from 'path';

/** Debian's cataclysm-dda-data (0.F), the last resort. */
export const DEFAULT_GAME_PATH = '/usr/share/games/cataclysm-dda';

/** The environment variable naming a game folder for every check on this machine (or CI job). */
export const GAME_ENV = 'CDDA_GAME';

export type GameSource = 'option' | 'setting' | 'config' | 'location' | 'environment' | 'default';

export interface FoundGame {
  /** The game's data folder (holding json/), absolute. */
  readonly path: string;
  readonly source: GameSource;
  /** The settings file that named it (source 'config'). */
  readonly configFile?: string;
}

/** How the game folder was found, for the CLI summary and the server's log. */
export function describeGameSource(game: FoundGame): string {
  switch (game.source) {
    case 'option': return 'given by --game';
    case 'setting': return 'set in cdda.gamePath';
    case 'config': return `"gamePath" in ${game.configFile ?? 'cdda-lint.config.json'}`;
    case 'location': return 'the checked mod is inside it';
    case 'environment': return `from $${GAME_ENV}`;
    case 'default': return 'the default install; none given or found around the checked path';
  }
}

function isDir(p: string): boolean {
  try { return fs.statSync(p).isDirectory(); } catch { return false; }
}

/** The game's data folder for a folder given by the user: itself, or its data/ when it is a checkout of the game. */
export function gameDataFolder(dir: string): string {
  const abs = path.resolve(dir);
  return !isDir(path.join(abs, 'json')) && isDir(path.join(abs, 'data', 'json')) ? path.join(abs, 'data') : abs;
}

/** True when `dir` holds the game's data (a json/ folder). */
export function holdsGameData(dir: string): boolean {
  return isDir(path.join(dir, 'json'));
}

/** The game folder `p` (a file or folder) sits in: the nearest folder at or above it holding json/ and mods/ (or data/json and data/mods). */
export function enclosingGame(p: string): string | undefined {
  let dir = path.resolve(p);
  for (;;) {
    if (isDir(path.join(dir, 'json')) && isDir(path.join(dir, 'mods'))) return dir;
    const data = path.join(dir, 'data');
    if (isDir(path.join(data, 'json')) && isDir(path.join(data, 'mods'))) return data;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export interface GameQuery {
  /** What the user passed on the command line or in the editor's settings. */
  readonly given?: { readonly path: string; readonly source: 'option' | 'setting' };
  /** The settings file's "gamePath" (already absolute), and the file. */
  readonly config?: { readonly path: string; readonly file?: string };
  /** The checked paths (CLI) or workspace folders (server): the first inside a game decides. */
  readonly checked: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Debian's install unless overridden (tests). */
  readonly defaultPath?: string;
}

/**
 * The game folder to read, or undefined when there is none anywhere. A folder that was named (given, config,
 * environment) is returned as named even when it holds no json/: callers say so rather than silently falling back.
 */
export function findGame(q: GameQuery): FoundGame | undefined {
  if (q.given) return { path: gameDataFolder(q.given.path), source: q.given.source };
  if (q.config) return { path: gameDataFolder(q.config.path), source: 'config', configFile: q.config.file };
  for (const p of q.checked) {
    const inside = enclosingGame(p);
    if (inside) return { path: inside, source: 'location' };
  }
  const fromEnv = (q.env ?? process.env)[GAME_ENV]?.trim();
  if (fromEnv) return { path: gameDataFolder(fromEnv), source: 'environment' };
  const fallback = q.defaultPath ?? DEFAULT_GAME_PATH;
  return holdsGameData(fallback) ? { path: fallback, source: 'default' } : undefined;
}
