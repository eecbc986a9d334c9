/**
 * A picture of a map generator as the game's ASCII view draws it: each cell the symbol and color of its
 * furniture, else of its terrain (from their definitions, as inherited), the characters' meanings resolved with
 * the palettes (mapgen/resolve.ts; a choice among palettes or values shows its first), with markers for what else a
 * cell places (items, monsters, nested maps...). Plain data for the client's webview (cdda/mapPreview).
 */
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { fullValueOf } from '../records/record';
import { recordAt } from './cursor';
import { resolveDefinition } from './resolve';
import { resolutionOf, cellAt } from './mapgenCell';
import { eachNode, meaningsOf, possibleValues, type MapResolution } from '../mapgen/resolve';
import { displayCells, mapSizeOf, OMT_SIZE } from '../mapgen/rows';
import { colorStyle } from '../schema/colors';

export interface PreviewCell {
  /** The character of `rows`. */
  readonly key: string;
  /** What the game draws there. */
  readonly symbol: string;
  readonly fg?: string;
  readonly bg?: string;
  readonly terrain?: string;
  readonly furniture?: string;
  /** The other layers the character places (`items`, `monsters`, `nested`...). */
  readonly markers: readonly string[];
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
  const fill = firstId(object.fill_ter, parameter);
  const byKey = new Map<string, PreviewCell>();
  const cellOf = (key: string): PreviewCell => {
    let cell = byKey.get(key);
    if (cell) return cell;
    const meanings = meaningsOf(resolution, key);
    const terrain = firstId(meanings.find((m) => m.layer === 'terrain')?.value, parameter) ?? fill;
    const furniture = firstId(meanings.find((m) => m.layer === 'furniture')?.value, parameter);
    const markers = [...new Set(meanings.map((m) => m.layer).filter((l) => l !== 'terrain' && l !== 'furniture'))];
    const look = (furniture && furniture !== 'f_null' ? looks.of('furniture', furniture) : undefined) ?? (terrain ? looks.of('terrain', terrain) : undefined);
    cell = { key, symbol: look?.symbol ?? key, fg: look?.fg, bg: look?.bg, terrain, furniture, markers };
    byKey.set(key, cell);
    return cell;
  };
  const size = mapSizeOf(value, object);
  // What the game reads: the map's height in rows, its width in cells (the rest, if any, is said in a note).
  const written = object.rows as unknown[];
  const height = Math.min(written.length, size?.height ?? UNSIZED_SIDE);
  let cut = written.length - height;
  const rows = written.slice(0, height).map((row, r) => {
    if (typeof row !== 'string') return [];
    const width = size?.rowWidths[r] ?? UNSIZED_SIDE;
    const cells = displayCells(row, width + 1);
    if (cells.length > width) { cut++; cells.length = width; }
    return cells.map((c) => cellOf(c.key));
  });
  const note = cut > 0 ? `Not shown: what goes beyond ${size ? `the map's size (${size.width} by ${size.height}, from ${size.from})` : `${UNSIZED_SIDE} by ${UNSIZED_SIDE} cells (the map's size is not known)`}, in ${cut} row${cut === 1 ? '' : 's'}; the game reads no further.` : undefined;
  const nested = value.nested_mapgen_id !== undefined || value.update_mapgen_id !== undefined;
  const title = typeof value.nested_mapgen_id === 'string' ? `nested map ${value.nested_mapgen_id}`
    : typeof value.update_mapgen_id === 'string' ? `update map ${value.update_mapgen_id}` : `overmap terrain ${JSON.stringify(value.om_terrain)}`;
  return { title, start: record.start, rows, tile: nested || !size ? 0 : OMT_SIZE, ...(note ? { note } : {}) };
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

/** The symbol and color of terrain and furniture ids, as their definitions (with what they inherit) say. */
class Looks {
  private readonly cache = new Map<string, { symbol: string; fg?: string; bg?: string } | undefined>();
  constructor(private readonly project: WorkspaceView, private readonly from: DefinitionRecord) {}

  of(kind: string, id: string): { symbol: string; fg?: string; bg?: string } | undefined {
    const key = `${kind}\u0000${id}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const defs = this.project.visibleDefinitions(kind, id, this.from.source.modId);
    let look: { symbol: string; fg?: string; bg?: string } | undefined;
    if (defs.length) {
      const v = resolveDefinition(this.project, defs[defs.length - 1], id).value;
      const symbol = Array.isArray(v.symbol) ? v.symbol[0] : v.symbol;
      const color = Array.isArray(v.color) ? v.color[0] : v.color;
      const scheme = this.project.version.version.colors;
      const style = typeof color === 'string' ? colorStyle(color, scheme) : typeof v.bgcolor === 'string' ? colorStyle(`i_${Array.isArray(v.bgcolor) ? v.bgcolor[0] : v.bgcolor}`, scheme) : undefined;
      look = { symbol: typeof symbol === 'string' && symbol !== '' ? drawn(symbol) : '?', fg: style?.fg, bg: style?.bg };
    }
    this.cache.set(key, look);
    return look;
  }
}
