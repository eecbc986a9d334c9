/**
 * The rooms of a workspace wired together, each given the rooms it reads (one way: inputs first, derived
 * knowledge after). Project is their facade; tests of one room build them here too.
 */
import { DefinitionIndex } from '../index/definitionIndex';
import { ReferenceIndex } from '../index/referenceIndex';
import { LineageCache } from '../index/inheritance';
import type { CacheOptions } from '../cache/store';
import type { GameVersion } from '../registry/declaration';
import type { KindRegistry } from '../registry/registry';
import type { SourceFile } from '../sourceFile';
import { FileStore } from './fileStore';
import { WorkspaceMods, type ModLayout } from './workspaceMods';
import { KeyVersions } from './keyVersions';
import { Analyses } from './analyses';
import { VersionVerdicts } from './versionVerdicts';
import { CheckResults } from './checkResults';
import { GameUsage } from './gameUsage';
import { Indexer, learnedFromText } from './indexer';
import { Loader, type LoadOptions } from './loader';
import { Invalidation } from './invalidation';
import { Updates } from './updates';
import { Lookups } from './lookups';

export interface RoomsConfig extends ModLayout, LoadOptions {
  readonly version: GameVersion;
  readonly registry: KindRegistry;
  /** Reads a file's text (a server's reads its open documents first). */
  readonly readFile: (p: string) => string;
  /** A project made for one check keeps no reverse index (see ProjectOptions.forOneCheck). */
  readonly forOneCheck: boolean;
  readonly cache: CacheOptions | undefined;
}

export interface Rooms {
  readonly store: FileStore;
  readonly mods: WorkspaceMods;
  readonly defs: DefinitionIndex;
  readonly refs: ReferenceIndex<SourceFile>;
  readonly keys: KeyVersions;
  readonly analyses: Analyses;
  readonly verdicts: VersionVerdicts;
  readonly results: CheckResults;
  readonly usage: GameUsage;
  readonly indexer: Indexer;
  readonly loader: Loader;
  readonly invalidation: Invalidation;
  readonly updates: Updates;
  readonly lookups: Lookups;
  /** Copy-from lineages, each valid while its parent key's version is unchanged (see Invalidation). */
  readonly lineages: LineageCache;
}

export function wireRooms(c: RoomsConfig): Rooms {
  const { registry } = c;
  // A project made for one check holds only files its load found regular (a listing's, or a root's stat), which do
  // not change while it lives: those it reads again (to place the reports of a whole game: 600 files) are read as
  // listed, without a stat each.
  const store = new FileStore(c.forOneCheck ? c.readListed : c.readFile, c.forOneCheck);
  const defs = new DefinitionIndex();
  const refs = new ReferenceIndex<SourceFile>();
  const results = new CheckResults();
  // The verdicts count a mod's deferred files too: parsed through the indexer, made below.
  let indexer: Indexer | undefined;
  const verdicts = new VersionVerdicts(c.version, (file) => indexer!.ensureParsed(file));
  const mods = new WorkspaceMods(c, c.version, store, () => verdicts.forgetCounts());
  const keys = new KeyVersions(defs, refs);
  const usage = new GameUsage((p) => mods.isGameData(p), (p) => {
    const text = store.safeRead(p);
    return text === undefined ? undefined : learnedFromText(text, registry);
  });
  const analyses = new Analyses(registry, refs, !c.forOneCheck);
  const lookups = new Lookups(defs, () => mods.graph);
  // (A project made for one check changes no definition: its lineages need no versions.)
  const lineages = new LineageCache(lookups, c.forOneCheck ? undefined : (key) => keys.versionOf(key), registry.memberNames);
  indexer = new Indexer({ registry, store, mods, defs, refs, keys, analyses, verdicts, results, usage, checkedAfterLoad: c.checkedAfterLoad, forOneCheck: c.forOneCheck });
  const loader = new Loader(c, registry, store, mods, indexer, usage);
  const invalidation = new Invalidation({ registry, store, defs, refs, keys, lineages, results });
  const updates = new Updates({ store, mods, indexer, keys, verdicts, results, invalidation, loader });
  return { store, mods, defs, refs, keys, analyses, verdicts, results, usage, indexer, loader, invalidation, updates, lookups, lineages };
}
