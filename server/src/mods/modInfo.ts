/** Reads a mod's `modinfo.json`: the MOD_INFO object that names the mod and its dependencies. */
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
