/**
 * A map generator's `rows`, checked as the game's loader checks them (mapgen.cpp
 * mapgen_function_json_base::setup_common, with the palettes resolved as mapgen_palette::load_internal and
 * mapgen_palette::add resolve them: mapgen/resolve.ts), each finding at its row and cell:
 * - fewer rows than the map's height, a row with fewer cells than its width (display cells, utf8_display_split);
 *   more of either where the version wants the exact size;
 * - a character not in `terrain` when nothing else gives the map its terrain (`fill_ter`, `predecessor_mapgen`;
 *   a nested or update map draws over another: setup_internal says it has one); a character that is a terrain in
 *   some of the palettes an entry may choose only (a warning: the game keeps the union and loads it);
 * - a character with no mapping at all (space and `.` excepted: 0.F --check-mods reports a `,`);
 * - a map with none of `fill_ter`, `predecessor_mapgen` and `rows`;
 * and what the game does not check: a mapping of the definition's own that no cell uses.
 */
import type { CheckContext, RecordCheck } from './context';
import { fullValueOf, type DefinitionRecord } from '../records/record';
import type { Severity } from '../diagnostic';
import type { MapgenRowRules } from '../registry/declaration';
import { cellKeys, mapSizeOf } from '../mapgen/rows';
import { PALETTE_KIND, anyMappingOf, hasLayerAlways, mapFactsOf, mappingRoot, palettesAlwaysGive, palettesGiving, resolveMappings, type Mapping, type MapResolution, type PaletteNode } from '../mapgen/resolve';
import { ROWS_LONG, ROWS_SHORT, usesKey, type MapFacts, type MappingFacts, type RowsFacts } from '../mapgen/facts';
import { writtenCells, writtenRows, type WrittenRows } from '../mapgen/grid';

/** Findings of one class reported per definition at most (a map of unmapped characters is one mistake). */
const MAX_CELLS_REPORTED = 12;

/** A map generator's or palette's facts (mapgen/facts.ts): a map generator's are its analysis'. */
function factsFor(record: DefinitionRecord, ctx: CheckContext): MapFacts {
  return (record.type === 'mapgen' ? ctx.project.analysisOf(record).map : undefined) ?? mapFactsOf(record);
}

/** The resolution of a map generator's characters, its palettes looked up through the check's view (recorded). */
export function resolveForCheck(record: DefinitionRecord, ctx: CheckContext, facts = factsFor(record, ctx)): MapResolution | undefined {
  return resolveMappings(record, { palettes: (id) => ctx.project.visibleDefinitions(PALETTE_KIND, id, record.source.modId) }, facts);
}

/**
 * map_key's constructor (mapgen.cpp): a mapping key must be one character of one column ("format map key must be
 * 1 column", 0.F --check-mods on a fullwidth key), in a map generator's mappings or a palette's (found when indexed:
 * mapgen/facts.ts).
 */
function checkMappingKeys(record: DefinitionRecord, ctx: CheckContext, facts: MapFacts): void {
  // (Nearly every definition has none: nothing made for it.)
  const badKeys = facts.mappings?.badKeys;
  if (badKeys === undefined) return;
  const at = mappingRoot(record, facts)!.at;
  for (const [member, key] of badKeys) {
    ctx.report({
      record, path: [...at, member, key], part: 'key', code: 'mapgen-rows', severity: 'error', basis: 'reader',
      message: `${show(key)}: a mapping key is one character of one column: the game rejects it ("format map key must be 1 column")`,
    });
  }
}

/** The checks of a map generator's rows read its facts (mapgen/facts.ts); its file only to place what they report. */
export const checkMapgenRows: RecordCheck = (record, ctx) => {
  if (record.type !== PALETTE_KIND && record.type !== 'mapgen') return;
  const facts = factsFor(record, ctx);
  checkMappingKeys(record, ctx, facts);
  if (record.type !== 'mapgen' || !facts.mappings || !facts.json) return;
  const rules = ctx.project.registry.version.mapgenRows;
  // The summary keeps what names the map and its weight.
  const value = record.value;
  const nestedOrUpdate = value.nested_mapgen_id !== undefined || value.update_mapgen_id !== undefined;
  // setup_internal: a nested or update map draws over another, so it always has a terrain to fall back on.
  // mapgen_function_json::setup_internal: `fill_ter`, `predecessor_mapgen` or (current) `fallback_predecessor_mapgen`.
  const fallback = nestedOrUpdate || facts.filled === true;
  if (facts.rows === undefined) {
    if (!fallback) {
      ctx.report({
        record, path: ['object'], part: 'key', code: 'mapgen-rows', severity: 'error', basis: 'reader',
        message: 'The map has none of "fill_ter", "predecessor_mapgen" and "rows" + "terrain": the game rejects it ("Need one of \'fill_terrain\' or \'predecessor_mapgen\' or \'rows\' + \'terrain\'")',
      });
    }
    return;
  }
  const resolution = resolveForCheck(record, ctx, facts);
  // A size not said well enough to check the rows.
  if (facts.rows === null || !resolution) return;
  new RowsCheck(record, ctx, facts.rows, facts.mappings, resolution, fallback, rules).run();
};

/**
 * A map generator's own keys by code (see OwnKeys): MAPPED and WITH_TERRAIN, valid where OWN_KEY_MAP holds the
 * number of the map marking them (nothing to clear after a map: the next has another number).
 */
const OWN_KEY_BY_CODE = new Uint8Array(0x10000);
const OWN_KEY_MAP = new Uint32Array(0x10000);
const MAPPED = 1, WITH_TERRAIN = 2;
let mapsMarked = 0;

/**
 * A map generator's own mapping keys, marked by code (OWN_KEY_BY_CODE) for its check, when each is one UTF-16 unit
 * (all but a few maps): its cells' characters are looked up there, not in its own mappings, which its resolution
 * makes only when they are asked for (to report: most maps never).
 */
class OwnKeys {
  private constructor(private readonly map: number, readonly anyTerrain: boolean, readonly anyUnused: boolean) {}

  /** The keys of `facts` marked, with whether a cell of `rows` uses each; undefined when one is not one unit. */
  static mark(facts: MappingFacts, rows: RowsFacts): OwnKeys | undefined {
    if (++mapsMarked === 0xffffffff) { OWN_KEY_MAP.fill(0); mapsMarked = 1; }
    const map = mapsMarked;
    let anyTerrain = false, anyUnused = false;
    const { layers, mapping } = facts;
    for (let l = 0; l < layers.length; l++) {
      const keys = layers[l][1], bits = layers[l][0] === 'terrain' ? MAPPED | WITH_TERRAIN : MAPPED;
      for (let k = 0; k < keys.length; k++) {
        if (keys[k].length !== 1) return undefined;
        OwnKeys.markCode(keys[k].charCodeAt(0), bits, map);
        if (!anyUnused && !usesKey(rows, keys[k])) anyUnused = true;
      }
      if (bits !== MAPPED && keys.length > 0) anyTerrain = true;
    }
    // A `mapping` entry is a mapping of each of its members (resolve.ts mappingsOf).
    for (let e = 0; mapping !== undefined && e < mapping.length; e++) {
      const key = mapping[e][0], entryLayers = mapping[e][1];
      if (key.length !== 1) return undefined;
      if (entryLayers.length === 0) continue;
      const bits = entryLayers.includes('terrain') ? MAPPED | WITH_TERRAIN : MAPPED;
      OwnKeys.markCode(key.charCodeAt(0), bits, map);
      if (bits !== MAPPED) anyTerrain = true;
      if (!anyUnused && !usesKey(rows, key)) anyUnused = true;
    }
    return new OwnKeys(map, anyTerrain, anyUnused);
  }

  private static markCode(code: number, bits: number, map: number): void {
    OWN_KEY_BY_CODE[code] = OWN_KEY_MAP[code] === map ? OWN_KEY_BY_CODE[code] | bits : bits;
    OWN_KEY_MAP[code] = map;
  }

  /** MAPPED and WITH_TERRAIN of a key of one unit. */
  of(key: string): number {
    const code = key.charCodeAt(0);
    return OWN_KEY_MAP[code] === this.map ? OWN_KEY_BY_CODE[code] : 0;
  }
}

/** A cell's findings, by character (see RowsCheck.cellVerdict): not in "terrain", a terrain in some palettes only, unmapped. */
const NO_TERRAIN = 1, SOME_TERRAIN = 2, UNMAPPED = 4;

/** RowsCheck.run's verdicts by character code for the cells of simple rows (see cellKeys: one cell per code below U+0300), -1 unknown; one array reset per map. */
const VERDICT_BY_CODE = new Int8Array(0x300);


class RowsCheck {
  private written: WrittenRows | undefined | null = null;
  private textRead: string | undefined;
  /** An overmap terrain's map of weight 0 (0.F --check-mods is silent on its rows). */
  private readonly neverGenerated: boolean;
  constructor(
    private readonly record: DefinitionRecord,
    private readonly ctx: CheckContext,
    private readonly facts: RowsFacts,
    private readonly mappings: MappingFacts,
    private readonly resolution: MapResolution,
    private readonly fallback: boolean,
    private readonly rules: MapgenRowRules,
  ) {
    const value = record.value;
    this.neverGenerated = value.nested_mapgen_id === undefined && value.update_mapgen_id === undefined && typeof value.weight === 'number' && value.weight < 1;
  }

  /** The file's text, read when a finding is placed. */
  private get text(): string {
    return (this.textRead ??= this.ctx.project.textOf(this.ctx.file));
  }

  private rowsWritten(): WrittenRows | undefined {
    if (this.written === null) this.written = writtenRows(this.ctx.file.parsed, this.text, this.record);
    return this.written;
  }

  /**
   * Findings held until the end, by class: the last one shown says how many more there are. (Made at the first
   * finding: most maps have none.)
   */
  private pending: Map<string, { where: { start: number; end: number } | undefined; path: (string | number)[]; severity: Severity; message: string }[]> | undefined;
  private counts: Map<string, number> | undefined;

  /** Reports at offsets of the file (made relative to the record), or on the member at `path`. */
  private report(cls: string, where: { start: number; end: number } | undefined, path: (string | number)[], severity: Severity, message: string): void {
    const counts = (this.counts ??= new Map());
    const n = (counts.get(cls) ?? 0) + 1;
    counts.set(cls, n);
    if (n > MAX_CELLS_REPORTED) return;
    const pending = (this.pending ??= new Map());
    let list = pending.get(cls);
    if (!list) { list = []; pending.set(cls, list); }
    list.push({ where, path, severity, message });
  }

  private flush(): void {
    if (!this.pending) return;
    for (const [cls, list] of this.pending) {
      const more = (this.counts!.get(cls) ?? 0) - list.length;
      list.forEach((f, i) => {
        const at = f.where ? { start: f.where.start - this.record.start, end: f.where.end - this.record.start } : undefined;
        let message = more > 0 && i === list.length - 1 ? `${f.message} (and ${more} more cell${more === 1 ? '' : 's'} like this, not marked)` : f.message;
        let severity = f.severity;
        // calculate_mapgen_weights sets up no map of weight below 1 (it is never generated): nothing rejects it.
        if (this.neverGenerated && severity === 'error') { severity = 'warning'; message += '; its "weight" is 0: the game never generates it, nor checks it'; }
        this.ctx.report({ record: this.record, path: f.path, at, code: 'mapgen-rows', severity, basis: 'reader', message });
      });
    }
  }

  /** The map generator's own keys (see OwnKeys). */
  private own: OwnKeys | undefined;

  run(): void {
    this.own = OwnKeys.mark(this.mappings, this.facts);
    const nodes = this.resolution.nodes;
    const own = this.own;
    // (The resolution's first node is the map generator's own: see `own`.)
    if (this.rules.rowsNeedTerrain && !(own ? own.anyTerrain || anyMappingOf(nodes, 'terrain', 1) : anyMappingOf(nodes, 'terrain'))) {
      this.report('no-terrain', undefined, ['object', 'rows'], 'error', '"rows": no character is mapped to a terrain (in "terrain" or a palette): the game rejects the map ("format: no terrain map")');
      this.flush();
      return;
    }
    const { fit } = this.facts;
    // The rows are read again, from the file, only to place what they report.
    if ((fit & ROWS_SHORT) !== 0 || ((fit & ROWS_LONG) !== 0 && this.rules.exactSize) || this.anyCellFinding(nodes)) this.placeFindings(nodes);
    this.flush();
    this.reportUnused();
  }

  /** Whether a character of the cells reports something (see cellVerdict). */
  private anyCellFinding(nodes: readonly PaletteNode[]): boolean {
    const { used, usedLong } = this.facts;
    for (let i = 0; i < used.length; i++) if (this.cellVerdict(nodes, used[i]) !== 0) return true;
    return usedLong?.some((key) => this.cellVerdict(nodes, key) !== 0) === true;
  }

  /** The findings at their rows and cells, the rows read from the file; `nodes`: the resolution's. */
  private placeFindings(nodes: readonly PaletteNode[]): void {
    const value = fullValueOf(this.record);
    const object = value.object as Record<string, unknown>;
    const rows = object.rows as readonly unknown[];
    const size = mapSizeOf(value, object)!;
    const widths = size.rowWidths, sizeFrom = size.from;
    const height = widths.length;
    if (rows.length < height) {
      const w = this.rowsWritten();
      const end = w ? { start: w.range.end - 1, end: w.range.end } : undefined;
      this.report('rows', end, ['object', 'rows'], 'error', `"rows" has ${rows.length} rows; the map (${sizeFrom}) is ${height} high: the game rejects it ("format: rows: must have at least ${height} rows")`);
    } else if (rows.length > height && this.rules.exactSize) {
      const w = this.rowsWritten();
      const first = w?.rows[height];
      this.report('rows', first, ['object', 'rows', height], 'error', `"rows" has ${rows.length} rows; the map (${sizeFrom}) is ${height} high: the game rejects it ("format: rows: must have ${height} rows")`);
    }
    // What a character's cells report, worked out once per character (a map has a few dozen characters and
    // hundreds of cells).
    const byCode = VERDICT_BY_CODE.fill(-1);
    const verdicts = new Map<string, number>();
    const verdictOf = (key: string): number => {
      let verdict = verdicts.get(key);
      if (verdict === undefined) { verdict = this.cellVerdict(nodes, key); verdicts.set(key, verdict); }
      return verdict;
    };
    for (let r = 0; r < Math.min(rows.length, height); r++) {
      const row = rows[r];
      if (typeof row !== 'string') continue;
      const width = widths[r];
      // A string of simple characters stands for its own cells (no object per cell).
      const cells = cellKeys(row);
      if (cells.length < width) {
        const lit = this.rowsWritten()?.rows[r];
        const end = lit ? { start: lit.end - 1, end: lit.end } : undefined;
        this.report('width', end, ['object', 'rows', r], 'error', `Row ${r + 1} has ${cells.length} cells; the map (${sizeFrom}) is ${width} wide: the game rejects it ("format: row ${r + 1} must have at least ${width} columns")`);
      } else if (cells.length > width && this.rules.exactSize) {
        const written = this.writtenRowCells(r);
        const from = written?.[width], to = written?.[written.length - 1];
        this.report('width', from && to ? { start: from.start, end: to.end } : undefined, ['object', 'rows', r], 'error', `Row ${r + 1} has ${cells.length} cells; the map (${sizeFrom}) is ${width} wide: the game rejects it ("format: row ${r + 1} must have ${width} columns")`);
      }
      const simple = typeof cells === 'string';
      for (let c = 0, n = Math.min(width, cells.length); c < n; c++) {
        let verdict: number;
        if (simple) {
          const code = cells.charCodeAt(c);
          verdict = byCode[code];
          if (verdict < 0) verdict = byCode[code] = verdictOf(cells[c]);
        } else verdict = verdictOf(cells[c]);
        if (verdict === 0) continue;
        const key = cells[c];
        if (verdict & NO_TERRAIN) {
          this.cellReport('no-terrain-cell', r, c, 'error', `${show(key)} (row ${r + 1}, column ${c + 1}) is not in "terrain" (nor in a palette's), and the map has no "fill_ter": the game rejects it`);
        } else if (verdict & SOME_TERRAIN) {
          const from = palettesGiving(this.resolution, key, 'terrain');
          this.cellReport('some-terrain-cell', r, c, 'warning', `${show(key)} (row ${r + 1}, column ${c + 1}) is a terrain only when ${from.length === 1 ? `palette "${from[0]}" is` : `one of the palettes ${from.map((p) => `"${p}"`).join(', ')} is`} chosen; with another, nothing sets its terrain (no "fill_ter")`);
        }
        if (verdict & UNMAPPED) {
          this.cellReport('unmapped-cell', r, c, 'error', `${show(key)} (row ${r + 1}, column ${c + 1}) has no terrain, furniture or other mapping: the game rejects it`);
        }
      }
    }
  }

  /** What every cell of `key` reports (NO_TERRAIN, SOME_TERRAIN, UNMAPPED; 0: nothing). */
  private cellVerdict(nodes: readonly PaletteNode[], key: string): number {
    // Whether some mapping of the nodes gives `key` a meaning, and a terrain (asked only without a fallback); the
    // map generator's own (the first node) by its keys when it has them.
    const own = key.length === 1 ? this.own : undefined;
    const ownBits = own ? own.of(key) : 0;
    let mapped = false, terrain = false, from = 0;
    if (own) {
      from = 1;
      if ((ownBits & MAPPED) !== 0) { mapped = true; terrain = !this.fallback && (ownBits & WITH_TERRAIN) !== 0; }
    }
    for (let i = from; i < nodes.length && !(mapped && (this.fallback || terrain)); i++) {
      const list = nodes[i].own.get(key);
      if (!list) continue;
      mapped = true;
      if (!this.fallback && hasTerrain(list)) terrain = true;
    }
    let verdict = 0;
    if (!this.fallback) {
      const root = this.resolution.root;
      if (!terrain) verdict |= NO_TERRAIN;
      else if (!(own ? (ownBits & WITH_TERRAIN) !== 0 || palettesAlwaysGive(root, key, 'terrain') : hasLayerAlways(root, key, 'terrain'))) verdict |= SOME_TERRAIN;
    }
    if (key !== ' ' && key !== '.' && !mapped) verdict |= UNMAPPED;
    return verdict;
  }

  private writtenCache: Map<number, ReturnType<typeof writtenCells>> | undefined;

  private writtenRowCells(r: number): ReturnType<typeof writtenCells> | undefined {
    const w = this.rowsWritten();
    if (!w) return undefined;
    const cache = (this.writtenCache ??= new Map());
    let cells = cache.get(r);
    if (!cells) { cells = writtenCells(this.text, w, r); cache.set(r, cells); }
    return cells;
  }

  private cellReport(cls: string, r: number, c: number, severity: Severity, message: string): void {
    const counted = this.counts?.get(cls) ?? 0;
    if (counted >= MAX_CELLS_REPORTED) { this.counts!.set(cls, counted + 1); return; }
    const cell = this.writtenRowCells(r)?.[c];
    this.report(cls, cell, ['object', 'rows', r], severity, message);
  }

  /** The definition's own mappings no cell uses (a palette's are shared: many maps use a few of them each). */
  private reportUnused(): void {
    // (Most maps use every key of theirs: their own mappings are not made.)
    if (this.own && !this.own.anyUnused) return;
    let seen: Set<string> | undefined;
    // (forEach: an iterator's entry per key was made for every map.)
    this.resolution.root.own.forEach((list, key) => {
      if (usesKey(this.facts, key)) return;
      for (const m of list) {
        // A `mapping` entry is one mapping of several layers: its key is reported once.
        const written = m.path;
        const path = written[written.length - 3] === 'mapping' ? written.slice(0, -1) : written;
        const layer = path === written ? `${m.layer} mapping` : 'mapping';
        const id = path.join('\u0000');
        if (seen?.has(id)) continue;
        (seen ??= new Set()).add(id);
        this.ctx.report({
          record: this.record, path, part: 'key', code: 'unused-mapping', severity: 'hint', basis: 'reader',
          message: `No cell of "rows" is ${show(key)}: this ${layer} is not used`,
        });
      }
    });
  }
}

/** Whether one of a character's mappings is a terrain. */
function hasTerrain(list: readonly Mapping[]): boolean {
  for (let i = 0; i < list.length; i++) if (list[i].layer === 'terrain') return true;
  return false;
}

/** A character for a message: quoted, escaped when not printable. */
function show(key: string): string {
  return JSON.stringify(key);
}
