/**
 * The supported game versions, newest first, and how the one a game folder holds is found.
 * Adding a version (0.G, 0.H, Bright Nights) is adding a GameVersion here: see docs/game-versions.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { GameVersion } from '../declaration';
import { KindRegistry } from '../registry';
import { IDENTITY_0F, IDENTITY_CURRENT, type VersionIdentity } from './identities';

/**
 * The supported versions, newest first: each named and detected by its identity, loaded when first asked for (a
 * check loads the one it checks: the other's kinds, schemas and readings are some twenty modules).
 */
const KNOWN: readonly { readonly identity: VersionIdentity; readonly load: () => GameVersion }[] = [
  { identity: IDENTITY_CURRENT, load: () => (require('./current') as typeof import('./current')).VERSION_CURRENT },
  { identity: IDENTITY_0F, load: () => (require('./v0F') as typeof import('./v0F')).VERSION_0F },
];

/** The supported versions' ids, newest first. */
export const VERSION_IDS: readonly string[] = KNOWN.map((k) => k.identity.id);

const loaded: (GameVersion | undefined)[] = KNOWN.map(() => undefined);

function versionAt(k: number): GameVersion {
  return (loaded[k] ??= KNOWN[k].load());
}

/** Every supported version, newest first (each loaded). */
export function gameVersions(): GameVersion[] {
  KNOWN.forEach((_, k) => versionAt(k));
  return loaded as GameVersion[];
}

/** Used when there is no game folder to tell and no setting: the version most modders target. */
export function defaultVersion(): GameVersion {
  return versionAt(0);
}

/** A version by id or alias (case-insensitive), or undefined. */
export function findVersion(name: string): GameVersion | undefined {
  const n = name.trim().toLowerCase();
  const k = KNOWN.findIndex(({ identity: v }) => v.id.toLowerCase() === n || v.aliases.some((a) => a.toLowerCase() === n));
  return k < 0 ? undefined : versionAt(k);
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
  if (!gamePath || !fs.existsSync(gamePath)) return { version: defaultVersion(), source: 'default' };
  const k = KNOWN.findIndex(({ identity: v }) => v.markers.length > 0 && v.markers.every((m) => fs.existsSync(path.join(gamePath, m))));
  return { version: versionAt(k < 0 ? KNOWN.length - 1 : k), source: 'detected' };
}

/** The setting when it names a version, else what the game folder holds. Unknown names throw (callers report). */
export function chooseVersion(setting: string | undefined, gamePath: string | undefined): VersionChoice {
  if (setting && setting.trim() !== '' && setting.trim().toLowerCase() !== 'auto') {
    const v = findVersion(setting);
    if (!v) throw new Error(`unknown game version "${setting}"; supported: ${VERSION_IDS.join(', ')} (or "auto")`);
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
