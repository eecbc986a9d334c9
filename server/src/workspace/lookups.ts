/**
 * Finding definitions as a definition in a mod sees them: the definitions of an id in the mods it can see, in
 * load order; the kinds defining an id; the ids near a misspelt one or beginning a half-typed one.
 */
import type { DefinitionIndex } from '../index/definitionIndex';
import type { ModGraph } from '../mods/modGraph';
import type { DefinitionRecord } from '../records/record';
import { NearQuery, NearWords, PrefixSearch, byDistance, type IdSearch, type Scored } from '../util/closest';

/** The ids of a mod that defines none of a kind. */
const NO_WORDS = new NearWords([]);

/**
 * How many searches of a kind ("did you mean", the ids a prefix begins) go through its batches (see nearIds) before
 * the mods' ids of the kind are gathered into sets, each searched through an index of its own.
 */
const SEARCHES_IN_BATCHES = 2;

export class Lookups {
  /** Per kind and mod, its ids searchable (see wordsOf). */
  private readonly nearWords = new Map<string, { readonly version: number; readonly words: NearWords }>();
  /** Per kind, the searches that went through its batches (see nearIds). */
  private readonly searchesInBatches = new Map<string, number>();

  /** `graph`: the mods as they are now (a new graph whenever they change). */
  constructor(private readonly defs: DefinitionIndex, private readonly graph: () => ModGraph) {}

  /** Definitions of (kind, id) that a definition in `modId` can see, in load order. */
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[] {
    const records = this.defs.get(kind, id);
    if (records.length === 0) return [];
    const visible = this.graph().visibleFrom(modId);
    // Most ids have one definition: a list of one (a list pushed to takes room for 17).
    if (records.length === 1) {
      const mod = records[0].source.modId;
      return mod !== undefined && visible.has(mod) ? [records[0]] : [];
    }
    // (A loop, not `filter`: asked for every copy-from parent, duplicate and palette of a check, tens of thousands.)
    const out: DefinitionRecord[] = [];
    for (let i = 0; i < records.length; i++) {
      const mod = records[i].source.modId;
      if (mod !== undefined && visible.has(mod)) out.push(records[i]);
    }
    // Two in order, or swapped (as the stable sort would, without its closure and work list).
    if (out.length === 2) {
      if (this.compareLoadOrder(out[0], out[1]) > 0) { const first = out[1]; out[1] = out[0]; out[0] = first; }
      return out;
    }
    return out.length > 2 ? out.sort(this.byLoadOrder) : out;
  }

  /** The kinds with a definition of `id` that `modId` can see (see DefinitionIndex.kindsDefining). */
  kindsDefining(id: string, modId: string | undefined): string[] {
    return this.defs.kindsDefining(id, this.graph().visibleFrom(modId));
  }

  /** Whether some definition of (kind, id) that `modId` can see is one `accepts` takes. */
  anyVisibleDefinition(kind: string, id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean {
    const records = this.defs.get(kind, id);
    let visible: ReadonlySet<string> | undefined;
    for (let i = 0; i < records.length; i++) {
      const r = records[i];
      const mod = r.source.modId;
      if (mod === undefined) continue;
      // A mod sees its own definitions: the mods it sees are asked for only past them (a check asks for every
      // reference of the game, most of them to its own mod).
      if (mod !== modId && !(visible ??= this.graph().visibleFrom(modId)).has(mod)) continue;
      if (accepts(r)) return true;
    }
    return false;
  }

  /** Negative when `a` loads before `b`: by mod load order, then path, then position in the file. */
  private readonly byLoadOrder = (a: DefinitionRecord, b: DefinitionRecord): number => this.compareLoadOrder(a, b);

  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number {
    const graph = this.graph();
    const ra = graph.loadRank(a.source.modId), rb = graph.loadRank(b.source.modId);
    if (ra !== rb) return ra - rb;
    if (a.source.path !== b.source.path) return a.source.path < b.source.path ? -1 : 1;
    return a.index - b.index;
  }

  /**
   * "Did you mean": the ids of a kind near `id` among those of the mods `modId` sees, nearest first. Each mod's
   * ids of a kind are searched apart (kept until they change), so that an edit in one mod, or a workspace of many
   * mods, costs no search of every id. The first searches of a kind with batches waiting (a start's first
   * diagnostics: the cache's files) go through the batches, where the cache's meta data rules most ids out by
   * their lengths and classes before any is a string: no mod's ids gathered into a set for them (searchedBatches).
   */
  nearIds(kind: string, id: string, modId: string | undefined): string[] {
    const mods = this.visibleMods(modId);
    const query = new NearQuery(id);
    const gather = !this.searchedBatches(kind, mods, query);
    const found = new Map<string, Scored>();
    for (const s of query.found) found.set(s.c, s);
    for (const mod of mods) for (const s of this.wordsOf(kind, mod, gather).scored(id)) found.set(s.c, s);
    return [...found.values()].sort(byDistance).map((s) => s.c);
  }

  /** The ids of a kind beginning with `prefix` (itself excepted), among those of the mods `modId` sees, shortest first. */
  idsBeginning(kind: string, prefix: string, modId: string | undefined): string[] {
    const mods = this.visibleMods(modId);
    const search = new PrefixSearch(prefix);
    const gather = !this.searchedBatches(kind, mods, search);
    const found = new Set<string>(search.found);
    for (const mod of mods) for (const c of this.wordsOf(kind, mod, gather).beginning(prefix)) found.add(c);
    return [...found].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  }

  /**
   * Whether `search` went through the ids of `kind` of the batches of `mods` not yet in the mods' sets (a start's
   * cached files: see DefinitionIndex.searchBatches), the first few searches of a kind that has such batches.
   */
  private searchedBatches(kind: string, mods: readonly string[], search: IdSearch): boolean {
    const searched = this.searchesInBatches.get(kind) ?? 0;
    if (searched >= SEARCHES_IN_BATCHES || !this.defs.searchBatches(kind, new Set(mods), search)) return false;
    this.searchesInBatches.set(kind, searched + 1);
    return true;
  }

  /** The mods a definition in `modId` sees that the graph has (a dependency being typed names no mod). */
  private visibleMods(modId: string | undefined): string[] {
    const graph = this.graph();
    return [...graph.visibleFrom(modId)].filter((m) => graph.get(m));
  }

  /**
   * The ids a mod defines of a kind, searchable (see NearWords), made again when they change; without `gather`,
   * not those of the batches waiting (see DefinitionIndex.idsOfMod).
   */
  private wordsOf(kind: string, mod: string, gather = true): NearWords {
    const { ids, version } = this.defs.idsOfMod(kind, mod, gather);
    // Most mods define none of most kinds (a whole game's mods and MIGRATION): nothing to make or remember.
    if (ids.size === 0) return NO_WORDS;
    const key = `${kind}\u0000${mod}`;
    const cached = this.nearWords.get(key);
    if (cached && cached.version === version) return cached.words;
    const words = new NearWords([...ids]);
    this.nearWords.set(key, { version, words });
    return words;
  }
}
