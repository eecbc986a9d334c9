/**
 * Which game folder a check reads as the base game, and how it was found. In order: what the user passed
 * (--game, cdda.gamePath), the settings file's "gamePath", the game the checked path sits in (a mod in a game's
 * mods/ folder belongs to that game, whatever else is installed), $CDDA_GAME, then Debian's install; with none
 * of these, the built-in snapshot of the current game the package ships (builtInGame, gameSnapshot.ts).
 * A game folder holds json/ and mods/; a checkout of the game's repository (data/json, data/mods) is taken as its
 * data/ folder.
 */
import * as fs from 'fs';
import * as path from 'path';
import { builtInSnapshotDir, describeSnapshot, unpackSnapshot, type SnapshotManifest, type UnpackedSnapshot } from './gameSnapshot';

/** Debian's cataclysm-dda-data (0.F), the last resort. */
export const DEFAULT_GAME_PATH = '/usr/share/games/cataclysm-dda';

/** The environment variable naming a game folder for every check on this machine (or CI job). */
export const GAME_ENV = 'CDDA_GAME';

export type GameSource = 'option' | 'setting' | 'config' | 'location' | 'environment' | 'default' | 'snapshot';

/**
 * The name that asks for the built-in snapshot wherever a game folder is named (`--game builtin`, cdda.gamePath,
 * "gamePath", $CDDA_GAME): a machine with Debian's 0.F installed can check a current mod without a game download.
 * A folder of that name that exists is a folder.
 */
export const BUILT_IN_GAME = 'builtin';

export interface FoundGame {
  /** The game's data folder (holding json/), absolute. */
  readonly path: string;
  readonly source: GameSource;
  /** The settings file that named it (source 'config'). */
  readonly configFile?: string;
  /** The built-in snapshot unpacked at `path` (source 'snapshot', see gameSnapshot.ts). */
  readonly snapshot?: SnapshotManifest;
  /** Where the snapshot was asked for by name (BUILT_IN_GAME); undefined: used because no game folder was found. */
  readonly namedBy?: 'option' | 'setting' | 'config' | 'environment';
  /** Why the snapshot replaced the default install (see builtInInstead), in words. */
  readonly chosenFor?: string;
}

/** How a game folder was named, in words (the built-in snapshot asked for by name). */
function namedIn(source: NonNullable<FoundGame['namedBy']>, configFile?: string): string {
  switch (source) {
    case 'option': return '--game';
    case 'setting': return 'cdda.gamePath';
    case 'config': return `"gamePath" in ${configFile ?? 'cdda-lint.config.json'}`;
    case 'environment': return `$${GAME_ENV}`;
  }
}

/** Why the built-in snapshot is the game: asked for by name, or no folder found. */
function whySnapshot(game: FoundGame): string {
  if (game.chosenFor) return game.chosenFor;
  return game.namedBy ? `asked for by ${namedIn(game.namedBy, game.configFile)} "${BUILT_IN_GAME}"` : 'no game folder given or found';
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
    case 'snapshot': return `the built-in snapshot of ${game.snapshot ? describeSnapshot(game.snapshot) : 'the game'}; ${whySnapshot(game)}`;
  }
}

/** The game as the CLI summary and the server's status name it: the built-in snapshot by what it is, a folder by its path. */
export function describeGame(game: FoundGame): string {
  return game.source === 'snapshot' && game.snapshot
    ? `built-in snapshot of ${describeSnapshot(game.snapshot)}, ${whySnapshot(game)}`
    : `game folder ${game.path} (${describeGameSource(game)})`;
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

/** What is wrong with a game folder, as the end of a sentence naming it ("does not exist"); undefined: it holds the game's data. */
export function gameFolderProblem(dir: string): string | undefined {
  if (holdsGameData(dir)) return undefined;
  if (!fs.existsSync(dir)) return 'does not exist';
  return isDir(dir) ? 'has no json/ folder' : 'is a file, not a folder';
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

export interface ResolvedGame {
  /** The game to check against; none when neither a folder nor the built-in snapshot is there. */
  readonly game?: FoundGame;
  /** The built-in snapshot in use: where it is unpacked, whether this call unpacked it and in how long. */
  readonly unpacked?: UnpackedSnapshot;
  /** Without a game: why, the built-in snapshot included (a sentence's start: "no game folder given or found, and ..."). */
  readonly noSnapshot?: string;
  /** Who asked for the built-in game by name ("builtin"): without it, that request cannot be met (a usage error, not a fallback). */
  readonly builtinNamedBy?: FoundGame['source'];
}

/** Why "builtin" names no game here (a clone, or a package made without $CDDA_GAME). */
export const NO_SNAPSHOT = `this installation has no built-in game snapshot (one is made when packaging, from the game folder $${GAME_ENV} names; `
  + 'in a clone, "npm run snapshot -- GAME_DIR" makes one from a current game\'s folder)';

/** Mods whose own content is written for another game version than the game read (Project.writtenForOther). */
export interface ModsWrittenFor {
  /** The mod that decides it, by name. */
  readonly mod: string;
  /** The GameVersion.id and title of the version it is written for. */
  readonly version: string;
  readonly versionTitle: string;
  /** The verdict's evidence in words ("2 definitions of "type": "ITEM""). */
  readonly evidence: string;
}

export interface GameForMods {
  /** The built-in snapshot, when it replaces the game found. */
  readonly instead?: FoundGame;
  /** What to tell first: the mods are written for another game, and what is done about it or how to get that game. */
  readonly message: string;
}

/**
 * The game for mods written for another version than the game found by default (Debian's 0.F): the built-in
 * snapshot when they are written for the current game and the package has one; else only what to tell. Only the
 * default install is ever replaced, never a game the user named or the game a mod sits in. `nameTheGame`: how to
 * name a game in the caller ("--game DIR or $CDDA_GAME", "cdda.gamePath").
 */
export function gameForMods(found: FoundGame, checkedTitle: string, mods: ModsWrittenFor, nameTheGame: string, cacheDir: string, snapshotDir?: string | null): GameForMods | undefined {
  if (found.source !== 'default') return undefined;
  const written = `${mods.mod} is written for ${mods.versionTitle} (${mods.evidence}), not for ${checkedTitle}, the game found at ${found.path}`;
  const instead = mods.version === BUILT_IN_VERSION ? builtInInstead(found, `chosen because ${written}`, cacheDir, snapshotDir)?.game : undefined;
  if (instead?.snapshot) return { instead, message: `${written}: checking against the built-in snapshot of ${describeSnapshot(instead.snapshot)} instead (${nameTheGame} names the game to use).` };
  return { message: `${written}; ${mods.version === BUILT_IN_VERSION ? `${NO_SNAPSHOT}. ` : ''}${nameTheGame} names the game it is written for.` };
}

/** The game version of the built-in snapshot (scripts/snapshot.mjs makes it of the current game). */
const BUILT_IN_VERSION = 'current';

/** The built-in snapshot in place of the game found by default, saying why (FoundGame.chosenFor); undefined without one. */
export function builtInInstead(found: FoundGame, chosenFor: string, cacheDir: string, snapshotDir?: string | null): ResolvedGame | undefined {
  if (found.source !== 'default') return undefined;
  const dir = snapshotDir === undefined ? builtInSnapshotDir() : snapshotDir ?? undefined;
  if (!dir) return undefined;
  try {
    const unpacked = unpackSnapshot(dir, cacheDir);
    return { game: { path: unpacked.path, source: 'snapshot', snapshot: unpacked.manifest, chosenFor }, unpacked };
  } catch {
    return undefined;
  }
}

/**
 * The game to check against: the folder findGame finds, else the built-in snapshot of the current game's data
 * (gameSnapshot.ts), unpacked into `cacheDir` unless it already is. `snapshotDir`: the package's snapshot unless
 * given (tests; null: none).
 */
export function resolveGame(q: GameQuery & { readonly cacheDir: string; readonly snapshotDir?: string | null }): ResolvedGame {
  const found = findGame(q);
  const namedBy = found && found.source !== 'location' && found.source !== 'default' && found.source !== 'snapshot'
    && path.basename(found.path) === BUILT_IN_GAME && !fs.existsSync(found.path) ? found.source : undefined;
  if (found && !namedBy) return { game: found };
  const snapshotDir = q.snapshotDir === undefined ? builtInSnapshotDir() : q.snapshotDir ?? undefined;
  if (!snapshotDir) {
    const none = NO_SNAPSHOT;
    return { builtinNamedBy: namedBy, noSnapshot: namedBy ? `${namedIn(namedBy, found?.configFile)} names the built-in game ("${BUILT_IN_GAME}"), but ${none}` : `no game folder given or found (none named, none around the checked paths, no $${GAME_ENV}, nothing at ${q.defaultPath ?? DEFAULT_GAME_PATH}), and ${none}` };
  }
  try {
    const unpacked = unpackSnapshot(snapshotDir, q.cacheDir);
    return { game: { path: unpacked.path, source: 'snapshot', snapshot: unpacked.manifest, namedBy, configFile: found?.configFile }, unpacked };
  } catch (err) {
    return { builtinNamedBy: namedBy, noSnapshot: err instanceof Error ? err.message : String(err) };
  }
}
