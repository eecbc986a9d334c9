/**
 * A picture of a map generator as the game's ASCII view draws it: each cell the symbol and color of its
 * furniture, else of its terrain (from their definitions, as inherited), the characters' meanings resolved with
 * the palettes (mapgen/resolve.ts; a choice among palettes or values shows its first), with markers for what else a
 * cell places (items, monsters, nested maps...). A regional placeholder (`t_region_groundcover_urban`) is drawn as
 * the default region's most weighted choice; walls with AUTO_WALL_SYMBOL are joined (mapgen/walls.ts). Plain data
 * for the client's webview (cdda/mapPreview).
 */
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { fullValueOf } from '../records/record';
import { recordAt } from './cursor';
import { resolveDefinition } from './resolve';
import { resolutionOf, cellAt } from './mapgenCell';
import { eachNode, meaningsOf, possibleValues, type MapResolution } from '../mapgen/resolve';
import { displayCells, mapSizeOf, OMT_SIZE } from '../mapgen/rows';
import { connectingOf, joinedWall, type Connecting } from '../mapgen/walls';
import { colorStyle } from '../schema/colors';

/** What a regional placeholder may be in a region, most weighted first. */
export interface RegionalChoice {
  readonly placeholder: string;
  readonly region: string;
  readonly choices: readonly { readonly id: string; readonly weight: number }[];
  /** The id drawn: the most weighted choice, itself resolved when it is a placeholder too. */
  readonly drawn: string;
}

export interface PreviewCell {
  /** The character of `rows`. */
  readonly key: string;
  /** What the game draws there. */
  readonly symbol: string;
  readonly fg?: string;
  readonly bg?: string;
  /** The ids the map places (a regional placeholder as written: see `regional`). */
  readonly terrain?: string;
  readonly furniture?: string;
  /** The other layers the character places (`items`, `monsters`, `nested`...). */
  readonly markers: readonly string[];
  /** The regional placeholders among `terrain` and `furniture`, and what the region makes of them. */
  readonly regional?: readonly RegionalChoice[];
}

export interface MapPreview {
  /** "nested map n_room", "overmap terrain house_01"... */
  readonly title: string;
  /** Offset of the map's `{` in its file (the client follows the cursor by it). */
  readonly start: number;
  readonly rows: readonly (readonly PreviewCell[])[];
  /** The side of one overmap terrain's part (24), for a grid; 0 for a nested or update map. */
  readonly tile: number;
  /** The cell under the cursor, if any. */
  readonly cursor?: { readonly row: number; readonly column: number };
  /** What is not shown: rows and cells beyond the map's size (the game reads no further). */
  readonly note?: string;
}

/**
 * The most rows, and cells per row, shown of a map whose size is not known (a `mapgensize` the game rejects):
 * ten overmap terrains' worth.
 */
const UNSIZED_SIDE = 10 * OMT_SIZE;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The picture of the map generator holding `offset`, undefined when there is none. */
export function mapPreviewAt(project: WorkspaceView, filePath: string, offset: number): MapPreview | undefined {
  const file = project.fileAt(filePath);
  const record = file && recordAt(file, offset);
  if (!record || record.type !== 'mapgen') return undefined;
  const preview = mapPreviewOf(project, record);
  const cell = preview && cellAt(project, filePath, offset);
  const shown = cell && cell.row < preview.rows.length && cell.column < preview.rows[cell.row].length;
  return preview && shown ? { ...preview, cursor: { row: cell.row, column: cell.column } } : preview;
}

export function mapPreviewOf(project: WorkspaceView, record: DefinitionRecord): MapPreview | undefined {
  const value = fullValueOf(record);
  const object = value.object;
  if (!isObject(object) || !Array.isArray(object.rows)) return undefined;
  const resolution = resolutionOf(project, record);
  if (!resolution) return undefined;
  const parameter = parameterLookup(object, resolution);
  const looks = new Looks(project, record);
  const region = new DefaultRegion(project, record);
  const fill = firstId(object.fill_ter, parameter);
  // Per character: its cell, and the terrain drawn there (a placeholder's choice) when the cell shows the terrain.
  const byKey = new Map<string, { cell: PreviewCell; terrain?: string; showsTerrain: boolean }>();
  const cellOf = (key: string): { cell: PreviewCell; terrain?: string; showsTerrain: boolean } => {
    let known = byKey.get(key);
    if (known) return known;
    const meanings = meaningsOf(resolution, key);
    const terrain = firstId(meanings.find((m) => m.layer === 'terrain')?.value, parameter) ?? fill;
    const furniture = firstId(meanings.find((m) => m.layer === 'furniture')?.value, parameter);
    const markers = [...new Set(meanings.map((m) => m.layer).filter((l) => l !== 'terrain' && l !== 'furniture'))];
    const regionalTerrain = terrain ? region.choice('terrain', terrain) : undefined;
    const regionalFurniture = furniture ? region.choice('furniture', furniture) : undefined;
    const drawnTerrain = regionalTerrain?.drawn ?? terrain;
    const drawnFurniture = regionalFurniture?.drawn ?? furniture;
    const furnitureLook = drawnFurniture && drawnFurniture !== 'f_null' ? looks.of('furniture', drawnFurniture) : undefined;
    const look = furnitureLook ?? (drawnTerrain ? looks.of('terrain', drawnTerrain) : undefined);
    const regional = [regionalTerrain, regionalFurniture].filter((r): r is RegionalChoice => r !== undefined);
    const cell: PreviewCell = { key, symbol: look?.symbol ?? key, fg: look?.fg, bg: look?.bg, terrain, furniture, markers, ...(regional.length ? { regional } : {}) };
    known = { cell, terrain: drawnTerrain, showsTerrain: !furnitureLook && look !== undefined };
    byKey.set(key, known);
    return known;
  };
  const size = mapSizeOf(value, object);
  // What the game reads: the map's height in rows, its width in cells (the rest, if any, is said in a note).
  const written = object.rows as unknown[];
  const height = Math.min(written.length, size?.height ?? UNSIZED_SIDE);
  let cut = written.length - height;
  const placed = written.slice(0, height).map((row, r) => {
    if (typeof row !== 'string') return [];
    const width = size?.rowWidths[r] ?? UNSIZED_SIDE;
    const cells = displayCells(row, width + 1);
    if (cells.length > width) { cut++; cells.length = width; }
    return cells.map((c) => cellOf(c.key));
  });
  const connecting = (r: number, c: number): Connecting | undefined => {
    const terrain = placed[r]?.[c]?.terrain;
    return terrain ? looks.connecting(terrain) : undefined;
  };
  const rows = placed.map((row, r) => row.map((p, c) => {
    const line = p.showsTerrain ? joinedWall(connecting, r, c) : undefined;
    return line ? { ...p.cell, symbol: drawn(line) } : p.cell;
  }));
  const note = cut > 0 ? `Not shown: what goes beyond ${size ? `the map's size (${size.width} by ${size.height}, from ${size.from})` : `${UNSIZED_SIDE} by ${UNSIZED_SIDE} cells (the map's size is not known)`}, in ${cut} row${cut === 1 ? '' : 's'}; the game reads no further.` : undefined;
  const nested = value.nested_mapgen_id !== undefined || value.update_mapgen_id !== undefined;
  return { title: titleOf(value), start: record.start, rows, tile: nested || !size ? 0 : OMT_SIZE, ...(note ? { note } : {}) };
}

/**
 * What a map generator makes, readably: "nested map n_room", "overmap terrain house_01", "overmap terrains a, b"
 * (the same map for each), "overmap terrains urban_16_1 urban_16_2 / urban_16_3 urban_16_4 (2 × 2)" (one map
 * over a grid of them, by rows north to south).
 */
function titleOf(value: Record<string, unknown>): string {
  if (typeof value.nested_mapgen_id === 'string') return `nested map ${value.nested_mapgen_id}`;
  if (typeof value.update_mapgen_id === 'string') return `update map ${value.update_mapgen_id}`;
  const om = value.om_terrain;
  if (typeof om === 'string') return `overmap terrain ${om}`;
  if (!Array.isArray(om) || om.length === 0) return 'map generator';
  if (om.every((x) => typeof x === 'string')) return om.length === 1 ? `overmap terrain ${om[0]}` : `overmap terrains ${om.join(', ')}`;
  const grid = om.map((row) => (Array.isArray(row) ? row.map(String) : [String(row)]));
  const width = Math.max(...grid.map((row) => row.length));
  return `overmap terrains ${grid.map((row) => row.join(' ')).join(' / ')} (${width} × ${grid.length})`;
}

/** A parameter's definition by name: the map's own, else its palettes' (each palette asked once). */
function parameterLookup(object: Record<string, unknown>, resolution: MapResolution): (name: string) => unknown {
  return (name) => {
    if (isObject(object.parameters) && name in object.parameters) return object.parameters[name];
    let found: unknown;
    eachNode(resolution, (n) => {
      if (found !== undefined) return;
      const v = fullValueOf(n.record);
      if (isObject(v.parameters) && name in v.parameters) found = v.parameters[name];
    });
    return found;
  };
}

/** The first id a mapping's value may place (`"t_wall"`, `[ "t_floor", [ "t_dirt", 2 ] ]`, `{ "param": ... }`). */
function firstId(value: unknown, parameter: (name: string) => unknown): string | undefined {
  if (isObject(value) && (typeof value.ter === 'string' || typeof value.furn === 'string')) return (value.ter ?? value.furn) as string;
  return possibleValues(value, parameter)[0];
}

/**
 * The line drawing symbols (`LINE_XOXO`: connected north, east, south, west; output.h LINE_* and
 * mapdata.cpp's symbol reader) as box-drawing characters.
 */
const LINES: Readonly<Record<string, string>> = {
  XOXO: '│', OXOX: '─', XXOO: '└', OXXO: '┌', OOXX: '┐', XOOX: '┘', XXXO: '├', XXOX: '┴', XOXX: '┤', OXXX: '┬', XXXX: '┼',
};

function drawn(symbol: string): string {
  return symbol.startsWith('LINE_') ? LINES[symbol.slice(5)] ?? symbol : symbol;
}

interface Look { readonly symbol: string; readonly fg?: string; readonly bg?: string; readonly connecting?: Connecting }

/** The symbol and color of terrain and furniture ids, as their definitions (with what they inherit) say. */
class Looks {
  private readonly cache = new Map<string, Look | undefined>();
  constructor(private readonly project: WorkspaceView, private readonly from: DefinitionRecord) {}

  of(kind: string, id: string): Look | undefined {
    const key = `${kind}\u0000${id}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const defs = this.project.visibleDefinitions(kind, id, this.from.source.modId);
    let look: Look | undefined;
    if (defs.length) {
      const v = resolveDefinition(this.project, defs[defs.length - 1], id).value;
      const symbol = Array.isArray(v.symbol) ? v.symbol[0] : v.symbol;
      const color = Array.isArray(v.color) ? v.color[0] : v.color;
      const scheme = this.project.version.version.colors;
      const style = typeof color === 'string' ? colorStyle(color, scheme) : typeof v.bgcolor === 'string' ? colorStyle(`i_${Array.isArray(v.bgcolor) ? v.bgcolor[0] : v.bgcolor}`, scheme) : undefined;
      const connecting = kind === 'terrain' ? connectingOf(v, this.project.version.version.terrainConnections) : undefined;
      look = { symbol: typeof symbol === 'string' && symbol !== '' ? drawn(symbol) : '?', fg: style?.fg, bg: style?.bg, connecting };
    }
    this.cache.set(key, look);
    return look;
  }

  /** How a terrain joins its neighbours (see mapgen/walls.ts). */
  connecting(terrain: string): Connecting | undefined {
    return this.of('terrain', terrain)?.connecting;
  }
}

/**
 * The region a map is drawn in: the game's default one (regional_settings.h DEFAULT_REGION, "default"), as the
 * last `region_settings` of that id the map's mod sees defines it. Its `region_terrain_and_furniture` says what a
 * regional placeholder (a terrain or furniture id listed there) becomes, by weight (regional_settings.cpp
 * load_region_terrain_and_furniture_settings; the game chooses by weight when it generates).
 */
class DefaultRegion {
  static readonly ID = 'default';
  private table: Record<string, unknown> | undefined | null = null;
  private readonly choices = new Map<string, RegionalChoice | undefined>();
  constructor(private readonly project: WorkspaceView, private readonly from: DefinitionRecord) {}

  /** What placeholder `id` becomes; undefined when `id` is no placeholder of the region. */
  choice(layer: 'terrain' | 'furniture', id: string): RegionalChoice | undefined {
    const key = `${layer}\u0000${id}`;
    if (this.choices.has(key)) return this.choices.get(key);
    const choices = this.weighted(layer, id);
    let found: RegionalChoice | undefined;
    if (choices) {
      // A choice may be a placeholder in turn: the game picks again until it is none
      // (region_terrain_and_furniture_settings::resolve).
      const seen = new Set([id]);
      let drawn = choices[0].id;
      for (let next = this.weighted(layer, drawn); next && !seen.has(drawn); next = this.weighted(layer, drawn)) {
        seen.add(drawn);
        drawn = next[0].id;
      }
      found = { placeholder: id, region: DefaultRegion.ID, choices, drawn };
    }
    this.choices.set(key, found);
    return found;
  }

  /** The weighted choices the region lists for `id`, most weighted first (ties as written). */
  private weighted(layer: 'terrain' | 'furniture', id: string): { id: string; weight: number }[] | undefined {
    const weights = this.settings()?.[layer];
    const entry = isObject(weights) ? weights[id] : undefined;
    if (!isObject(entry)) return undefined;
    const choices = Object.entries(entry).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
      .map(([choice, weight]) => ({ id: choice, weight })).sort((a, b) => b.weight - a.weight);
    return choices.length ? choices : undefined;
  }

  private settings(): Record<string, unknown> | undefined {
    if (this.table !== null) return this.table;
    const kind = this.project.registry.kindOfType('region_settings');
    const defs = this.project.visibleDefinitions(kind, DefaultRegion.ID, this.from.source.modId);
    const last = defs.length ? fullValueOf(defs[defs.length - 1]).region_terrain_and_furniture : undefined;
    this.table = isObject(last) ? last : undefined;
    return this.table;
  }
}
