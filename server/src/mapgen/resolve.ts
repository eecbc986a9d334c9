/**
 * What each character of a map generator's `rows` means: the mappings of the definition itself and of the
 * palettes it names, resolved as the game resolves them (mapgen.cpp):
 * - mapgen_palette::load_internal reads a definition's mappings: one member per layer (`terrain`, `furniture`,
 *   `items`...: load_place_mapings), and `mapping`, an object of characters each with its layers;
 *   `keys_with_terrain` are the characters of `terrain` (and of a `mapping` entry with a `terrain`);
 * - its `palettes` are ids, `{ "param": ... }` (a parameter's possible values: mapgen_value::all_possible_results)
 *   or `{ "distribution": [...] }`; mapgen_palette::add adds every possible palette (all of them: the game keeps
 *   the union of their characters, choosing among them when it generates), and their own palettes in turn.
 * Plain data: each meaning says where it comes from (the definition, or palette X through which entry).
 */
import { fullValueOf, type DefinitionRecord } from '../records/record';
import type { JsonPath } from '../syntax/locate';
import { refKey } from '../index/referenceIndex';
import { MAP_FACTS, mapFactsFrom, type MapFacts, type MappingFacts } from './facts';

/** The kind of palettes (their ids name them, `palettes` entries refer to them). */
export const PALETTE_KIND = 'palette';

/** What the keys of palettes begin with (index/referenceIndex.ts refKey). */
export const PALETTE_KEY_PREFIX = refKey(PALETTE_KIND, '');

/** How a palette was reached from the definition that names it. */
export interface PaletteStep {
  /** The palette's id. */
  readonly palette: string;
  /** A plain id, one of a parameter's values, or one of a distribution's. */
  readonly how: 'named' | 'parameter' | 'distribution';
  readonly parameter?: string;
  /** How many palettes the entry chooses among (1 for a plain id). */
  readonly among: number;
}

/** One mapping of a character in one definition: what it places there. */
export interface Mapping {
  readonly key: string;
  /** The mapping member (`terrain`, `furniture`, `items`...). */
  readonly layer: string;
  readonly value: unknown;
  /** The definition holding the mapping (the map generator or a palette). */
  readonly record: DefinitionRecord;
  /** The mapping's path in that definition's value (its key: `["object", "terrain", "#"]`). */
  readonly path: JsonPath;
}

/** One meaning of a character: a mapping, and the palettes it was first reached through (none: the definition's own). */
export interface Meaning extends Mapping {
  readonly via: readonly PaletteStep[];
}

/** One entry of a definition's `palettes`: the palettes it may be. */
export interface PaletteUse {
  readonly path: JsonPath;
  readonly how: PaletteStep['how'];
  readonly parameter?: string;
  /** Each palette it may be: its definition in effect, then those extending it (none: no such palette). */
  readonly options: readonly { readonly id: string; readonly nodes: readonly PaletteNode[] }[];
}

/**
 * A definition's mappings with the palettes it names, resolved. A palette named by several entries (or through
 * several palettes) is one node, shared: the resolution is a graph with one node per palette definition (and set
 * of parameters in force), not a tree with one per path, which grows exponentially with palettes naming palettes.
 */
export interface PaletteNode {
  readonly record: DefinitionRecord;
  /** The definition's own mappings, by character. */
  readonly own: ReadonlyMap<string, readonly Mapping[]>;
  readonly uses: readonly PaletteUse[];
  /** A palette naming itself through others: the chain, for a message. */
  readonly cycle?: readonly string[];
}

/** Where palettes are found (recording what was looked up: see checks/context.ts ProjectView). */
export interface PaletteLookup {
  /** The definitions of palette `id` that the map generator's mod sees, in load order (the last one is in effect). */
  palettes(id: string): readonly DefinitionRecord[];
}

export interface MapResolution {
  readonly root: PaletteNode;
  /**
   * Every node of the resolution once, `root` first, the others in no particular order (each definition once per
   * set of parameters in force: every node made is reached from the root).
   */
  readonly nodes: readonly PaletteNode[];
  /** How many nodes were made: the work the resolution cost. */
  readonly nodesMade: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The facts made from a record's whole value (a map generator's, asked by a query), once per record. */
const factsOfWhole = new WeakMap<DefinitionRecord, MapFacts>();

/**
 * A map generator's or palette's facts (mapgen/facts.ts): a palette's summary keeps them; a map generator's are
 * its analysis' (records/analyze.ts: its checks pass them), else made here from its whole value, once.
 */
export function mapFactsOf(record: DefinitionRecord): MapFacts {
  const kept = record.value[MAP_FACTS];
  if (kept !== undefined) return kept as MapFacts;
  let facts = factsOfWhole.get(record);
  if (!facts) { facts = mapFactsFrom(fullValueOf(record)); factsOfWhole.set(record, facts); }
  return facts;
}

/** Where a map generator's mappings are, and a palette's (paths shared by all: the checks ask for every map's). */
const IN_OBJECT: JsonPath = Object.freeze(['object']);
const AT_TOP: JsonPath = Object.freeze([]);

/** Where a definition's mappings are (a map generator's `object`, a palette's top level), and what they are. */
export function mappingRoot(record: DefinitionRecord, facts = mapFactsOf(record)): { facts: MappingFacts; at: JsonPath } | undefined {
  if (!facts.mappings) return undefined;
  return { facts: facts.mappings, at: record.type === 'mapgen' ? IN_OBJECT : AT_TOP };
}

/** A mapping of a definition's facts: what it places read from the definition's file when asked (hover, preview). */
class WrittenMapping implements Mapping {
  /**
   * `at`: where the definition's mappings are (see mappingRoot); `inMapping`: an entry's layer in `mapping`
   * (`"mapping": { key: { layer: ... } }`), not a layer member's key.
   */
  constructor(readonly key: string, readonly layer: string, readonly record: DefinitionRecord, private readonly at: JsonPath, private readonly inMapping: boolean) {}
  get path(): JsonPath {
    return this.inMapping ? [...this.at, 'mapping', this.key, this.layer] : [...this.at, this.layer, this.key];
  }
  get value(): unknown {
    let v: unknown = fullValueOf(this.record);
    for (const step of this.path) v = isObject(v) ? v[step as string] : undefined;
    return v;
  }
}

/**
 * A palette's own mappings (cached per record: a record's value never changes, a new text makes new records; map
 * generators name the same palettes again and again). A map generator's are made when asked: each is checked once,
 * and keeping the mappings of all of them would hold a fifth of the game's content.
 */
const ownCache = new WeakMap<DefinitionRecord, ReadonlyMap<string, readonly Mapping[]>>();

function ownMappings(record: DefinitionRecord, root: { facts: MappingFacts; at: JsonPath }): ReadonlyMap<string, readonly Mapping[]> {
  const cached = ownCache.get(record);
  if (cached) return cached;
  const out = mappingsOf(record, root);
  if (record.type !== 'mapgen') ownCache.set(record, out);
  return out;
}

function mappingsOf(record: DefinitionRecord, root: { facts: MappingFacts; at: JsonPath }): ReadonlyMap<string, readonly Mapping[]> {
  const out = new Map<string, Mapping[]>();
  // (Indexed loops: made for each map generator checked, in code the check runs a few thousand times.)
  const { layers, mapping } = root.facts;
  for (let l = 0; l < layers.length; l++) {
    const layer = layers[l][0], keys = layers[l][1];
    for (let k = 0; k < keys.length; k++) addMapping(out, new WrittenMapping(keys[k], layer, record, root.at, false));
  }
  // mapgen_palette::load_internal: `mapping`, per character, its layers.
  for (let e = 0; mapping !== undefined && e < mapping.length; e++) {
    const key = mapping[e][0], entryLayers = mapping[e][1];
    for (let l = 0; l < entryLayers.length; l++) addMapping(out, new WrittenMapping(key, entryLayers[l], record, root.at, true));
  }
  return out;
}

function addMapping(out: Map<string, Mapping[]>, m: Mapping): void {
  const list = out.get(m.key);
  if (list) list.push(m); else out.set(m.key, [m]);
}

/** A palette's mappings and palettes (its record's facts; a palette always has them). */
function paletteFacts(record: DefinitionRecord): MappingFacts {
  return mapFactsOf(record).mappings ?? { layers: [] };
}

/**
 * The values a mapgen_value may take (mapgen_value::all_possible_results): a string; `{ "distribution": [id or
 * [id, weight]...] }`; `{ "param": name, "fallback": id }` (the parameter's default's values, and the fallback);
 * `{ "switch": ..., "cases": { ...: value } }`.
 */
export function possibleValues(v: unknown, parameter: (name: string) => unknown, depth = 0): string[] {
  if (depth > 8) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'string' ? [x] : Array.isArray(x) && typeof x[0] === 'string' ? [x[0]] : []));
  if (!isObject(v)) return [];
  if (v.distribution !== undefined) return possibleValues(v.distribution, parameter, depth + 1);
  if (typeof v.param === 'string') {
    const def = parameter(v.param);
    const out = isObject(def) ? possibleValues(def.default, parameter, depth + 1) : [];
    if (typeof v.fallback === 'string') out.push(v.fallback);
    return [...new Set(out)];
  }
  if (isObject(v.cases)) return [...new Set(Object.values(v.cases).flatMap((c) => possibleValues(c, parameter, depth + 1)))];
  return [];
}

/**
 * How deep palettes may name palettes (a guard for the stack: the game's own palettes are a few levels deep). A
 * node made at this depth names no palettes, and is shared as made.
 */
const MAX_DEPTH = 64;

/**
 * Resolves a map generator's (or palette's) mappings with every palette it may use. `record`: the definition;
 * `lookup`: where its palettes are; `facts`: the definition's (mapFactsOf's when not given). Undefined when it has no mappings to resolve (a map generator without an
 * `object`). Each palette definition is resolved once per set of parameters in force (a palette's entries
 * `{ "param": ... }` read them): the cost is what the palettes hold, not the number of paths through them.
 */
export function resolveMappings(record: DefinitionRecord, lookup: PaletteLookup, facts?: MapFacts): MapResolution | undefined {
  const root = mappingRoot(record, facts);
  if (!root) return undefined;
  const resolver = new Resolver(lookup, record.type === 'mapgen' ? [] : record.ids.slice(0, 1));
  const node = resolver.nodeOf(record, root);
  // (Made last: moved to the front.)
  const nodes = resolver.nodes;
  nodes[nodes.length - 1] = nodes[0];
  nodes[0] = node;
  return { root: node, nodes, nodesMade: nodes.length };
}

/**
 * One resolution's state (see resolveMappings). (A class, not closures: every map generator checked is resolved,
 * and each closure was made again for each, as was one per palette entry.)
 */
class Resolver {
  /**
   * The parameters in force: the definition's own, then those of the palettes added so far (mapgen_palette::add
   * merges each palette's parameters into the map's before the next entry's values are read). The first
   * definition of a name stays, so they only grow: `generation` counts the names added, and a node made under
   * one generation is the same node whenever its palette is reached again under it. (Made at the first: most maps
   * have none.)
   */
  private parameters: Map<string, unknown> | undefined;
  private generation = 0;
  private readonly made = new Map<DefinitionRecord, { generation: number; node: PaletteNode }[]>();
  private readonly definitions = new Map<string, readonly DefinitionRecord[]>();
  /** The nodes made, in the order made (each after the nodes of its palettes). */
  readonly nodes: PaletteNode[] = [];
  /** A parameter's definition, for possibleValues. */
  private readonly parameter = (name: string): unknown => this.parameters?.get(name);

  /** `chain`: the palettes being resolved, outermost first (a palette among them named again is a cycle). */
  constructor(private readonly lookup: PaletteLookup, private readonly chain: string[]) {}

  private noteParameters(facts: MappingFacts): void {
    if (!facts.parameters) return;
    const names = Object.keys(facts.parameters);
    const parameters = (this.parameters ??= new Map());
    for (let k = 0; k < names.length; k++) if (!parameters.has(names[k])) { parameters.set(names[k], facts.parameters[names[k]]); this.generation++; }
  }

  private definitionsOf(id: string): readonly DefinitionRecord[] {
    let defs = this.definitions.get(id);
    if (!defs) { defs = inEffect(this.lookup.palettes(id)); this.definitions.set(id, defs); }
    return defs;
  }

  private paletteNode(def: DefinitionRecord): PaletteNode {
    const before = this.generation;
    const nodes = this.made.get(def);
    for (let k = 0; nodes !== undefined && k < nodes.length; k++) if (nodes[k].generation === before) return nodes[k].node;
    const node = this.nodeOf(def, { facts: paletteFacts(def), at: AT_TOP });
    // (Lists of their exact length: a list pushed to makes room for 17.)
    const list = this.made.get(def);
    if (list) list.push({ generation: before, node }); else this.made.set(def, [{ generation: before, node }]);
    return node;
  }

  nodeOf(rec: DefinitionRecord, at: { facts: MappingFacts; at: JsonPath }): PaletteNode {
    this.noteParameters(at.facts);
    const list = at.facts.palettes;
    const uses = new Array<PaletteUse>(Array.isArray(list) ? list.length : 0);
    let cycle: string[] | undefined;
    for (let i = 0; i < uses.length; i++) {
      const entry: unknown = list![i];
      const how: PaletteStep['how'] = typeof entry === 'string' ? 'named' : isObject(entry) && typeof entry.param === 'string' ? 'parameter' : 'distribution';
      const parameter = how === 'parameter' ? (entry as Record<string, unknown>).param as string : undefined;
      // (A plain id, nearly every entry, without a list made for it.)
      const ids = typeof entry === 'string' ? undefined : possibleValues(entry, this.parameter);
      const options = new Array<{ id: string; nodes: readonly PaletteNode[] }>(ids ? ids.length : 1);
      for (let k = 0; k < options.length; k++) {
        const id = ids ? ids[k] : entry as string;
        if (this.chain.includes(id)) { cycle = [...this.chain, id]; options[k] = { id, nodes: [] }; } else options[k] = this.optionOf(id);
      }
      uses[i] = new EntryUse(at.at, i, how, parameter, options);
    }
    const own = rec.type === 'mapgen' ? undefined : ownMappings(rec, at);
    const node: PaletteNode = !own ? new MapGeneratorNode(rec, at, uses) : cycle ? { record: rec, own, uses, cycle } : { record: rec, own, uses };
    this.nodes.push(node);
    return node;
  }

  /** What an entry's palette `id` (not closing a cycle) is: its nodes, none when it is too deep. */
  private optionOf(id: string): { id: string; nodes: readonly PaletteNode[] } {
    const chain = this.chain;
    if (chain.length >= MAX_DEPTH) return { id, nodes: [] };
    chain.push(id);
    try {
      const defs = this.definitionsOf(id);
      const nodes = new Array<PaletteNode>(defs.length);
      for (let k = 0; k < defs.length; k++) nodes[k] = this.paletteNode(defs[k]);
      return { id, nodes };
    } finally {
      chain.pop();
    }
  }
}

/**
 * A map generator's node: its own mappings made when first asked (its check reads its keys from its facts, and
 * asks for them only to report something: most maps never). A map generator is resolved alone, so names no cycle.
 */
class MapGeneratorNode implements PaletteNode {
  private mappings: ReadonlyMap<string, readonly Mapping[]> | undefined;
  constructor(readonly record: DefinitionRecord, private readonly root: { facts: MappingFacts; at: JsonPath }, readonly uses: readonly PaletteUse[]) {}
  get own(): ReadonlyMap<string, readonly Mapping[]> {
    return (this.mappings ??= mappingsOf(this.record, this.root));
  }
}

/** A `palettes` entry's use: its path made when asked (none of the checks' asks: every map's entries are resolved). */
class EntryUse implements PaletteUse {
  constructor(
    private readonly at: JsonPath,
    private readonly index: number,
    readonly how: PaletteStep['how'],
    readonly parameter: string | undefined,
    readonly options: readonly { readonly id: string; readonly nodes: readonly PaletteNode[] }[],
  ) {}
  get path(): JsonPath {
    return [...this.at, 'palettes', this.index];
  }
}

/**
 * The definitions of a palette that make it, in load order: the last one that replaces (mapgen_palette::load),
 * then those loaded after it with `"extending": true`, which add their mappings to it (current game).
 */
function inEffect(defs: readonly DefinitionRecord[]): readonly DefinitionRecord[] {
  let base = defs.length - 1;
  while (base > 0 && paletteFacts(defs[base]).extending === true) base--;
  // (All of them, as they are, when the first replaces: nearly every palette is one definition.)
  return base < 0 ? [] : base === 0 ? defs : defs.slice(base);
}

/**
 * Calls `f` once on every node of a resolution: the one resolved, then its palettes in the order named, each with
 * the palettes it was first reached through (outermost first; none for the definition resolved).
 */
export function eachNode(resolution: MapResolution, f: (n: PaletteNode, via: readonly PaletteStep[]) => void): void {
  const seen = new Set<PaletteNode>();
  const walk = (n: PaletteNode, via: readonly PaletteStep[]): void => {
    if (seen.has(n)) return;
    seen.add(n);
    f(n, via);
    for (const u of n.uses) {
      for (const o of u.options) {
        const step: PaletteStep = { palette: o.id, how: u.how, parameter: u.parameter, among: u.options.length };
        for (const x of o.nodes) walk(x, [...via, step]);
      }
    }
  };
  walk(resolution.root, []);
}

/**
 * Every meaning of a character, the definition's own first, then its palettes' in the order they are named; a
 * palette reached several ways gives its meanings once, with the first way.
 */
export function meaningsOf(resolution: MapResolution, key: string): Meaning[] {
  const out: Meaning[] = [];
  // A palette made again under more parameters is another node with the same mappings: given once.
  const seen = new Set<DefinitionRecord>();
  eachNode(resolution, (n, via) => {
    if (seen.has(n.record)) return;
    seen.add(n.record);
    for (const m of n.own.get(key) ?? []) out.push({ key: m.key, layer: m.layer, record: m.record, path: m.path, via, get value() { return m.value; } });
  });
  return out;
}

/** Whether some mapping of the nodes (a resolution's: see MapResolution.nodes) from the `from`th on is of `layer`, for any character. */
export function anyMappingOf(nodes: readonly PaletteNode[], layer: string, from = 0): boolean {
  // (Loops that stop at the first: asked of every 0.F map generator, most of whose first mappings are terrains.)
  for (let i = from; i < nodes.length; i++) {
    for (const list of nodes[i].own.values()) for (let k = 0; k < list.length; k++) if (list[k].layer === layer) return true;
  }
  return false;
}

/**
 * Whether a character has a meaning of `layer` whatever palettes are chosen: in the definition's own mappings,
 * or in every palette an entry may be (each resolved the same way). Each node is asked once.
 */
export function hasLayerAlways(node: PaletteNode, key: string, layer: string, known = new Map<PaletteNode, boolean>()): boolean {
  const k = known.get(node);
  if (k !== undefined) return k;
  // A node reached again while it is asked (a cycle, cut in the resolution) gives nothing more.
  known.set(node, false);
  const always = (node.own.get(key)?.some((m) => m.layer === layer) ?? false) || palettesAlwaysGive(node, key, layer, known);
  known.set(node, always);
  return always;
}

/**
 * Whether the palettes of `node` give a character a meaning of `layer` whatever they are: every palette some entry
 * may be does (see hasLayerAlways, which asks the node's own mappings first).
 */
export function palettesAlwaysGive(node: PaletteNode, key: string, layer: string, known = new Map<PaletteNode, boolean>([[node, false]])): boolean {
  return node.uses.some((u) => u.options.length > 0 && u.options.every((o) => o.nodes.some((x) => hasLayerAlways(x, key, layer, known))));
}

/** The palettes (ids) whose choice gives a character its meaning of `layer`, for a message. */
export function palettesGiving(resolution: MapResolution, key: string, layer: string): string[] {
  return [...new Set(meaningsOf(resolution, key).filter((m) => m.layer === layer && m.via.length > 0).map((m) => m.via[m.via.length - 1].palette))];
}
