/**
 * The supported game versions, newest first, and how the one a game folder holds is found.
 * Adding a version (0.G, 0.H, Bright Nights) is adding a GameVersion here: see docs/game-versions.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { GameVersion } from '../declaration';
import { KindRegistry } from '../registry';
import { VERSION_0F } from './v0F';
import { VERSION_CURRENT } from './current';

export const GAME_VERSIONS: readonly GameVersion[] = [VERSION_CURRENT, VERSION_0F];

/** Used when there is no game folder to tell and no setting: the version most modders target. */
export const DEFAULT_VERSION: GameVersion = GAME_VERSIONS[0];

/** A version by id or alias (case-insensitive), or undefined. */
export function findVersion(name: string): GameVersion | undefined {
  const n = name.trim().toLowerCase();
  return GAME_VERSIONS.find((v) => v.id.toLowerCase() === n || v.aliases.some((a) => a.toLowerCase() === n));
}

export interface VersionChoice {
  readonly version: GameVersion;
  /** How it was chosen, for the status bar, hover and the CLI summary. */
  readonly source: 'setting' | 'detected' | 'default';
}

/**
 * The version of a game folder: the newest version whose markers all exist. A folder with none of them is
 * the oldest supported version (its layout predates every marker); no folder at all gives the default.
 */
export function detectVersion(gamePath: string | undefined): VersionChoice {
  if (!gamePath || !fs.existsSync(gamePath)) return { version: DEFAULT_VERSION, source: 'default' };
  for (const v of GAME_VERSIONS) {
    if (v.markers.length > 0 && v.markers.every((m) => fs.existsSync(path.join(gamePath, m)))) return { version: v, source: 'detected' };
  }
  return { version: GAME_VERSIONS[GAME_VERSIONS.length - 1], source: 'detected' };
}

/** The setting when it names a version, else what the game folder holds. Unknown names throw (callers report). */
export function chooseVersion(setting: string | undefined, gamePath: string | undefined): VersionChoice {
  if (setting && setting.trim() !== '' && setting.trim().toLowerCase() !== 'auto') {
    const v = findVersion(setting);
    if (!v) throw new Error(`unknown game version "${setting}"; supported: ${GAME_VERSIONS.map((x) => x.id).join(', ')} (or "auto")`);
    return { version: v, source: 'setting' };
  }
  return detectVersion(gamePath);
}

/** `current (0.I / experimental), detected from the game folder`. */
export function describeVersion(choice: VersionChoice): string {
  const how = choice.source === 'setting' ? 'as set' : choice.source === 'detected' ? 'detected from the game folder' : 'default: no game folder';
  return `${choice.version.title}, ${how}`;
}

const registries = new WeakMap<GameVersion, KindRegistry>();

/** The (shared, immutable) registry of a version. */
export function registryOf(version: GameVersion): KindRegistry {
  let r = registries.get(version);
  if (!r) { r = new KindRegistry(version); registries.set(version, r); }
  return r;
}
