/** Reads a mod's `modinfo.json`: the MOD_INFO object that names the mod and its dependencies. */
import * as fs from 'fs';
import * as path from 'path';

export interface ModInfo {
  readonly id: string;
  readonly name: string;
  readonly dependencies: readonly string[];
  /** The modinfo.json file. */
  readonly modinfoFile: string;
  /** Folder holding modinfo.json. */
  readonly folder: string;
  /** Folder whose JSON files are the mod's content (`path` member, relative to folder; default folder). */
  readonly contentRoot: string;
  /** True for mods of the base game folder (context, not reported on unless checked explicitly). */
  readonly fromGame: boolean;
  readonly core: boolean;
  /**
   * Set on the part of a mod that the game loads only when another mod is active too: the folder
   * `mod_interactions/<other mod id>/` of `base` (current game). It sees both mods and loads after them.
   */
  readonly interaction?: { readonly base: string; readonly with: string };
}

/** The folder of a mod holding its interaction folders (see ModInfo.interaction). */
export function interactionsFolder(m: ModInfo): string {
  // Asked for each file of a mod when the game's files are listed: no path.join (it normalizes each time).
  return m.contentRoot.endsWith(path.sep) ? `${m.contentRoot}mod_interactions` : `${m.contentRoot}${path.sep}mod_interactions`;
}

/** The interaction parts of a mod: one per folder under `mod_interactions/`, named by the other mod's id. */
export function interactionParts(m: ModInfo): ModInfo[] {
  const dir = interactionsFolder(m);
  let names: string[];
  try { names = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort(); } catch { return []; }
  return names.map((other) => ({
    id: `${m.id}+${other}`,
    name: `${m.name} (with ${other})`,
    dependencies: [m.id, other],
    modinfoFile: m.modinfoFile,
    folder: m.folder,
    contentRoot: path.join(dir, other),
    fromGame: m.fromGame,
    core: false,
    interaction: { base: m.id, with: other },
  }));
}

/** Builds the ModInfo from a parsed modinfo.json value; undefined when it has no usable MOD_INFO. */
export function modInfoFromJson(value: unknown, modinfoFile: string, fromGame: boolean): ModInfo | undefined {
  const entries = Array.isArray(value) ? value : [value];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const o = entry as Record<string, unknown>;
    if (o.type !== 'MOD_INFO' || typeof o.id !== 'string' || o.id === '') continue;
    const folder = path.dirname(modinfoFile);
    const contentRoot = typeof o.path === 'string' && o.path !== '' ? path.resolve(folder, o.path) : folder;
    const dependencies = Array.isArray(o.dependencies) ? o.dependencies.filter((d): d is string => typeof d === 'string') : [];
    return {
      id: o.id,
      name: typeof o.name === 'string' ? o.name : o.id,
      dependencies,
      modinfoFile,
      folder,
      contentRoot,
      fromGame,
      core: o.core === true,
    };
  }
  return undefined;
}
