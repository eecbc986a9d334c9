/**
 * The grid of a map generator's `rows`: its size as the game computes it, and each row split into display cells
 * as the game splits it (catacharset.cpp utf8_display_split: a character of width 0, a combining mark, joins the
 * cell before it), with where each cell is written in the file's text.
 */

/** The side of one overmap terrain's map (game_constants.h SEEX * 2). */
export const OMT_SIZE = 24;

/** The longest side of a `mapgensize` checked (a nested map is at most a few overmap terrains wide). */
const MAX_CHECKED_SIDE = 1000;

export interface MapSize {
  /** Cells each row must have, row by row (a grid of overmap terrains may have rows of different lengths). */
  readonly rowWidths: readonly number[];
  readonly width: number;
  readonly height: number;
  /** Where the size comes from, for messages. */
  readonly from: string;
}

/**
 * The size of a map generator's grid (mapgen.cpp: mapgen_function_json's `om_terrain` grid, each overmap terrain
 * 24 by 24 at its offset `m_offset`; mapgen_function_json_nested::setup_internal's `mapgensize`; an update map
 * generator's default 24 by 24). Undefined when the definition does not say it well enough to check.
 */
export function mapSizeOf(value: Record<string, unknown>, object: Record<string, unknown>): MapSize | undefined {
  const nestedOrUpdate = value.nested_mapgen_id !== undefined || value.update_mapgen_id !== undefined;
  const given = object.mapgensize;
  if (nestedOrUpdate && Array.isArray(given)) {
    const x: unknown = given[0], y: unknown = given[1];
    if (!Number.isInteger(x) || !Number.isInteger(y) || (x as number) <= 0 || (y as number) <= 0) return undefined;
    // A size no map is near (its rows would be a file of gigabytes) is not checked: its grid is not made.
    if ((x as number) > MAX_CHECKED_SIDE || (y as number) > MAX_CHECKED_SIDE) return undefined;
    return givenSize(x as number, y as number);
  }
  if (nestedOrUpdate) return NESTED_DEFAULT_SIZE;
  const om = value.om_terrain;
  // An array of arrays: a grid of overmap terrains, each row of ids a band of 24 rows of the map.
  if (Array.isArray(om) && om.length > 0 && om.every(Array.isArray)) {
    const bands = om as unknown[][];
    // The grid's shape, its bands' lengths, as one number (a grid of up to 7 bands of up to 15 ids: every game's).
    let shape = bands.length <= 7 ? bands.length : -1;
    for (let b = 0; b < bands.length; b++) {
      const length = bands[b].length;
      if (length === 0) return undefined;
      shape = shape >= 0 && length < 16 ? shape * 16 + length : -1;
    }
    let size = shape >= 0 ? GRID_SIZES.get(shape) : undefined;
    if (size === undefined) {
      size = gridSize(bands);
      if (shape >= 0 && GRID_SIZES.size < MAX_SIZES_KEPT) GRID_SIZES.set(shape, size);
    }
    return size;
  }
  return ONE_OMT_SIZE;
}

function square(x: number, y: number, from: string): MapSize {
  return Object.freeze({ rowWidths: Object.freeze(new Array<number>(y).fill(x)), width: x, height: y, from });
}

/** The sizes most maps have, one of each (every map generator's facts ask for its size). */
const ONE_OMT_SIZE = square(OMT_SIZE, OMT_SIZE, 'one overmap terrain');
const NESTED_DEFAULT_SIZE = square(OMT_SIZE, OMT_SIZE, 'an update or nested map without "mapgensize"');

/**
 * The "mapgensize" sizes met, by x and y, and the grids' by shape (a few dozen of each in a game; at most so many
 * kept, whatever a workspace says).
 */
const GIVEN_SIZES = new Map<number, MapSize>();
const GRID_SIZES = new Map<number, MapSize>();
const MAX_SIZES_KEPT = 256;

/** The size of a grid of overmap terrains: each band of ids (none empty) 24 rows of 24 cells per id. */
function gridSize(bands: readonly (readonly unknown[])[]): MapSize {
  const rowWidths: number[] = [];
  let widest = 0;
  for (let b = 0; b < bands.length; b++) {
    widest = Math.max(widest, bands[b].length);
    for (let r = 0; r < OMT_SIZE; r++) rowWidths.push(bands[b].length * OMT_SIZE);
  }
  return Object.freeze({ rowWidths: Object.freeze(rowWidths), width: widest * OMT_SIZE, height: rowWidths.length, from: `"om_terrain" (${widest} by ${bands.length} overmap terrains)` });
}

function givenSize(x: number, y: number): MapSize {
  const key = x * (MAX_CHECKED_SIDE + 1) + y;
  let size = GIVEN_SIZES.get(key);
  if (size === undefined) {
    size = square(x, y, '"mapgensize"');
    if (GIVEN_SIZES.size < MAX_SIZES_KEPT) GIVEN_SIZES.set(key, size);
  }
  return size;
}

/** One display cell of a row: its text (its key) and where it is written, offsets in the file's text. */
export interface RowCell {
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

const ZERO_WIDTH = /^[\p{M}\u200B-\u200F\u2060\uFEFF]$/u;

/** ZERO_WIDTH's answer by code for the BMP, learned as met (0 not asked yet, 1 no, 2 yes): maps draw with box characters. */
const ZERO_WIDTH_BY_CODE = new Uint8Array(0x10000);

/** Whether a character takes no column of its own (a combining mark, a joiner, a variation selector: none below U+0300). */
function isZeroWidth(ch: string): boolean {
  return zeroWidthAt(ch, 0, ch.length);
}

/** Whether the character of `len` units at `i` of `text` takes no column of its own (see isZeroWidth). */
function zeroWidthAt(text: string, i: number, len: number): boolean {
  const code = text.charCodeAt(i);
  if (!(code >= 0x300)) return false;
  if (len > 1) return ZERO_WIDTH.test(text.slice(i, i + len));
  return zeroWidthCode(code);
}

/** Whether the character of one unit `code` takes no column of its own (see isZeroWidth). */
function zeroWidthCode(code: number): boolean {
  let known = ZERO_WIDTH_BY_CODE[code];
  if (known === 0) known = ZERO_WIDTH_BY_CODE[code] = ZERO_WIDTH.test(String.fromCharCode(code)) ? 2 : 1;
  return known === 2;
}

/**
 * Whether the unit `code` is a character of its own (no surrogate) taking a column (see isZeroWidth): in a row, a
 * cell of its own unless a character of no width follows it.
 */
export function isColumnUnit(code: number): boolean {
  return code < 0x300 || ((code < 0xd800 || code >= 0xe000) && !zeroWidthCode(code));
}

/** Characters below U+0300 (ASCII, Latin-1, Latin Extended) are each one cell: most rows are only those. */
const SIMPLE_ROW = /^[\u0000-\u02FF]*$/;

/** The keys of a row's display cells (a row of simple characters is its characters: no array made). */
export function cellKeys(row: string): readonly string[] | string {
  if (SIMPLE_ROW.test(row)) return row;
  const out: string[] = [];
  eachCell(row, (start, end) => out.push(row.slice(start, end)));
  return out;
}

/**
 * Calls `cell` with the offsets of each display cell of `row` (catacharset.cpp utf8_display_split): a character
 * (a code point; a lone surrogate is one), with the characters of no width after it.
 */
export function eachCell(row: string, cell: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i < row.length;) {
    const code = row.charCodeAt(i);
    const len = code >= 0xd800 && code < 0xdc00 && (row.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    if (start < 0 || !zeroWidthAt(row, i, len)) {
      if (start >= 0) cell(start, i);
      start = i;
    }
    i += len;
  }
  if (start >= 0) cell(start, row.length);
}

/**
 * The display cells of a row (the value of a JSON string), each with its offsets relative to the row's value;
 * `limit`: the cells wanted at most (the map's width: the game reads no further).
 */
export function displayCells(row: string, limit = Infinity): { key: string; from: number; to: number }[] {
  const out: { key: string; from: number; to: number }[] = [];
  eachCell(row, (from, to) => { if (out.length < limit) out.push({ key: row.slice(from, to), from, to }); });
  return out;
}

/**
 * The cells of the row written as the JSON string literal at [start, end) of `text` (quotes included), each with
 * its offsets in the text: an escape (`\"`, `\u00e9`) is one character written with several. `limit`: the cells
 * wanted at most (the map's width: the game reads no further).
 */
export function cellsOfLiteral(text: string, start: number, end: number, limit = Infinity): RowCell[] {
  // Each character of the value with the offsets of its writing.
  const chars: { ch: string; start: number; end: number }[] = [];
  const stop = text.charCodeAt(end - 1) === 0x22 && end - 1 > start ? end - 1 : end;
  // Read until the character that would begin one cell more than `limit` (a combining mark joins the cell before it).
  let cells = 0;
  const add = (ch: string, from: number, to: number): boolean => {
    if (!isZeroWidth(ch) && ++cells > limit) return false;
    chars.push({ ch, start: from, end: to });
    return true;
  };
  for (let i = start + 1; i < stop;) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) {
      const e = text[i + 1];
      if (e === 'u') {
        let code = parseInt(text.slice(i + 2, i + 6), 16);
        let j = i + 6;
        // A surrogate pair written as two escapes is one character.
        if (code >= 0xd800 && code < 0xdc00 && text.startsWith('\\u', j)) {
          const low = parseInt(text.slice(j + 2, j + 6), 16);
          if (low >= 0xdc00 && low < 0xe000) { code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00); j += 6; }
        }
        if (!add(Number.isNaN(code) ? '\uFFFD' : String.fromCodePoint(code), i, j)) break;
        i = j;
      } else {
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
        if (!add(simple[e] ?? e ?? '', i, i + 2)) break;
        i += 2;
      }
      continue;
    }
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    if (!add(text.slice(i, i + len), i, i + len)) break;
    i += len;
  }
  const out: { key: string; start: number; end: number }[] = [];
  for (const c of chars) {
    const last = out[out.length - 1];
    if (last && isZeroWidth(c.ch)) { last.key += c.ch; last.end = c.end; } else out.push({ key: c.ch, start: c.start, end: c.end });
  }
  return out;
}
