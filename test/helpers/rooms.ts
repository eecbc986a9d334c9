/**
 * The rooms of server/src/workspace/ built on their own, for tests of one room at its own level: files with
 * records made from text, mods made from plain values, and all rooms wired as Project wires them (without Project).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { CacheOptions } from '../../server/src/cache/store';
import { modInfoFromJson, type ModInfo } from '../../server/src/mods/modInfo';
import { recordsOf } from '../../server/src/records/record';
import { parseContentFile } from '../../server/src/syntax/parseFile';
import type { GameVersion } from '../../server/src/registry/declaration';
import type { KindRegistry } from '../../server/src/registry/registry';
import { defaultVersion, registryOf } from '../../server/src/registry/versions';
import type { SourceFile } from '../../server/src/sourceFile';
import { readTextFile } from '../../server/src/util/text';
import type { FileStore } from '../../server/src/workspace/fileStore';
import { wireRooms, type Rooms as WiredRooms } from '../../server/src/workspace/rooms';
import { MINI_CORE, writeTree, type FileTree } from './workspace';

/** A mod as a modinfo.json at `folder/modinfo.json` declares it (`extra`: more MOD_INFO members, e.g. `path`). */
export function modAt(folder: string, id: string, dependencies: string[] = ['dda'], extra: Record<string, unknown> = {}): ModInfo {
  return modInfoFromJson({ type: 'MOD_INFO', id, dependencies, ...extra }, path.join(folder, 'modinfo.json'), false)!;
}

/**
 * The file of `p` in `store`, of mod `modId`, holding `text` (kept as an edited file's) and the records it
 * defines, as the indexer makes them (not put in any index).
 */
export function fileWith(store: FileStore, p: string, modId: string | undefined, text: string, registry: KindRegistry = registryOf(defaultVersion())): SourceFile {
  const file = store.fileFor(p);
  file.modId = modId;
  file.text = text;
  file.parsed = parseContentFile(text);
  file.records = file.parsed.objects.flatMap((obj, i) => recordsOf(obj, i, file, registry));
  return file;
}

/** Every room, wired as Project wires them (server/src/workspace/rooms.ts), and the registry. */
export interface Rooms extends WiredRooms {
  readonly registry: KindRegistry;
}

export interface RoomsOptions {
  readonly roots: readonly string[];
  readonly gamePath?: string;
  readonly version?: GameVersion;
  readonly readFile?: (p: string) => string;
  /** Indexes reported files' references on loading (see ProjectOptions.checkedAfterLoad). */
  readonly checkedAfterLoad?: (p: string) => boolean;
  /** The on-disk cache of the files outside the roots (see ProjectOptions.cache). */
  readonly cache?: CacheOptions;
}

export function rooms(options: RoomsOptions): Rooms {
  const version = options.version ?? defaultVersion();
  const registry = registryOf(version);
  const readFile = options.readFile ?? readTextFile;
  return {
    registry,
    ...wireRooms({
      version, registry, readFile, forOneCheck: false, cache: options.cache,
      roots: options.roots.map((r) => path.resolve(r)), gamePath: options.gamePath, dependencyPaths: [],
      readListed: readFile, readableElsewhere: undefined, everyFileElsewhere: false, checkedAfterLoad: options.checkedAfterLoad,
    }),
  };
}

/** The rooms of a workspace of `mods` (relative path -> JSON value or text) over MINI_CORE, loaded from disk. */
export interface LoadedRooms extends Rooms {
  /** The absolute path of a file relative to the workspace. */
  file(rel: string): string;
  /** The workspace path of an absolute path, relative. */
  rel(p: string): string;
  /** Removes the temp folders. */
  done(): void;
}

export function loadedRooms(mods: FileTree, options: Partial<RoomsOptions> = {}): LoadedRooms {
  const game = writeTree(MINI_CORE);
  const ws = writeTree(mods);
  const r = rooms({ roots: [ws], gamePath: game, ...options });
  r.loader.load();
  return { ...r, file: (rel) => path.join(ws, rel), rel: (p) => path.relative(ws, p), done: () => removeAll(game, ws) };
}

/** Removes the temp folders a test wrote. */
export function removeAll(...dirs: string[]): void {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
