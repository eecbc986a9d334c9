/**
 * The rooms of server/src/workspace/ built on their own, for tests of one room at its own level: files with
 * records made from text, mods made from plain values, and all rooms wired as Project wires them (without Project).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { CacheOptions } from '../../server/src/cache/store';
import { DefinitionIndex } from '../../server/src/index/definitionIndex';
import { ReferenceIndex } from '../../server/src/index/referenceIndex';
import { LineageCache } from '../../server/src/index/inheritance';
import { modInfoFromJson, type ModInfo } from '../../server/src/mods/modInfo';
import { recordsOf } from '../../server/src/records/record';
import { parseContentFile } from '../../server/src/syntax/parseFile';
import type { GameVersion } from '../../server/src/registry/declaration';
import type { KindRegistry } from '../../server/src/registry/registry';
import { DEFAULT_VERSION, registryOf } from '../../server/src/registry/versions';
import type { SourceFile } from '../../server/src/sourceFile';
import { readTextFile } from '../../server/src/util/text';
import { FileStore } from '../../server/src/workspace/fileStore';
import { WorkspaceMods } from '../../server/src/workspace/workspaceMods';
import { KeyVersions } from '../../server/src/workspace/keyVersions';
import { Analyses } from '../../server/src/workspace/analyses';
import { VersionVerdicts } from '../../server/src/workspace/versionVerdicts';
import { CheckResults } from '../../server/src/workspace/checkResults';
import { Indexer } from '../../server/src/workspace/indexer';
import { Loader } from '../../server/src/workspace/loader';
import { Invalidation } from '../../server/src/workspace/invalidation';
import { Updates } from '../../server/src/workspace/updates';
import { Lookups } from '../../server/src/workspace/lookups';
import { MINI_CORE, writeTree, type FileTree } from './workspace';

/** A mod as a modinfo.json at `folder/modinfo.json` declares it (`extra`: more MOD_INFO members, e.g. `path`). */
export function modAt(folder: string, id: string, dependencies: string[] = ['dda'], extra: Record<string, unknown> = {}): ModInfo {
  return modInfoFromJson({ type: 'MOD_INFO', id, dependencies, ...extra }, path.join(folder, 'modinfo.json'), false)!;
}

/**
 * The file of `p` in `store`, of mod `modId`, holding `text` (kept as an edited file's) and the records it
 * defines, as the indexer makes them (not put in any index).
 */
export function fileWith(store: FileStore, p: string, modId: string | undefined, text: string, registry: KindRegistry = registryOf(DEFAULT_VERSION)): SourceFile {
  const file = store.fileFor(p);
  file.modId = modId;
  file.text = text;
  file.parsed = parseContentFile(text);
  file.records = file.parsed.objects.flatMap((obj, i) => recordsOf(obj, i, file, registry));
  return file;
}

/** Every room, wired as Project wires them. */
export interface Rooms {
  readonly registry: KindRegistry;
  readonly store: FileStore;
  readonly mods: WorkspaceMods;
  readonly defs: DefinitionIndex;
  readonly refs: ReferenceIndex<SourceFile>;
  readonly keys: KeyVersions;
  readonly analyses: Analyses;
  readonly verdicts: VersionVerdicts;
  readonly results: CheckResults;
  readonly indexer: Indexer;
  readonly loader: Loader;
  readonly invalidation: Invalidation;
  readonly updates: Updates;
  readonly lookups: Lookups;
  readonly lineages: LineageCache;
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
  const version = options.version ?? DEFAULT_VERSION;
  const registry = registryOf(version);
  const readFile = options.readFile ?? readTextFile;
  const store = new FileStore(readFile);
  const defs = new DefinitionIndex();
  const refs = new ReferenceIndex<SourceFile>();
  const results = new CheckResults();
  let indexer: Indexer | undefined;
  const verdicts = new VersionVerdicts(version, (file) => indexer!.ensureParsed(file));
  const mods = new WorkspaceMods({ roots: options.roots.map((r) => path.resolve(r)), gamePath: options.gamePath, dependencyPaths: [] }, version, store, () => verdicts.forgetCounts());
  const keys = new KeyVersions(defs, refs);
  const analyses = new Analyses(registry, refs, true);
  const lookups = new Lookups(defs, () => mods.graph);
  const lineages = new LineageCache(lookups, (key) => keys.versionOf(key), registry.memberNames);
  indexer = new Indexer({ registry, store, mods, defs, refs, keys, analyses, verdicts, results, checkedAfterLoad: options.checkedAfterLoad, forOneCheck: false });
  const loader = new Loader({
    gamePath: options.gamePath, cache: options.cache, readListed: readFile, readableElsewhere: undefined, everyFileElsewhere: false,
    checkedAfterLoad: options.checkedAfterLoad,
  }, registry, store, mods, indexer);
  const invalidation = new Invalidation({ registry, store, defs, refs, keys, lineages, results });
  const updates = new Updates({ store, mods, indexer, keys, verdicts, results, invalidation, loader });
  return { registry, store, mods, defs, refs, keys, analyses, verdicts, results, indexer, loader, invalidation, updates, lookups, lineages };
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
