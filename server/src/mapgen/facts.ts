/**
 * What the checks of a map generator or a palette and the resolution of palettes need of its object, made where
 * its whole object is at hand: a palette's when it is indexed, kept in its record's summary (records/record.ts
 * summarize; the on-disk cache keeps it with the summary: maps name palettes of any file); a map generator's with
 * its analysis (records/analyze.ts), which a check of the whole game makes on loading. The characters each mapping
 * member maps, the palettes named and the parameters, and of a map generator's `rows` the characters used and
 * whether they have the map's size: a map's check reads its file again only to place a finding it reports
 * (checks/mapgenRows.ts).
 */
import { displayCells, eachCell, isColumnUnit, mapSizeOf } from './rows';

/**
 * The members of a palette (or of a map generator's `object`) that map characters, and what each places
 * (mapgen_palette::load_internal, both versions; `mapping` entries use the same names).
 */
export const MAPPING_LAYERS: Readonly<Record<string, string>> = {
  terrain: 'terrain', furniture: 'furniture', traps: 'trap', fields: 'field', items: 'item group', item: 'item',
  monsters: 'monster group', monster: 'monster', nested: 'nested map', vehicles: 'vehicle', npcs: 'NPC', signs: 'sign',
  graffiti: 'graffiti', toilets: 'toilet', gaspumps: 'gas pump', vendingmachines: 'vending machine', liquids: 'liquid',
  computers: 'computer', sealed_item: 'sealed item', rubble: 'rubble', corpses: 'corpse', zones: 'zone',
  translate: 'terrain translation', ter_furn_transforms: 'terrain and furniture transform', remove_all: 'removal',
  faction_owner_character: 'owner', variables: 'variable',
};

/** The members holding mappings, in the order their keys are checked. */
const MAPPING_MEMBERS = [...Object.keys(MAPPING_LAYERS), 'mapping'];

/** The member of a palette's summary holding its facts. */
export const MAP_FACTS = '\u0000map';

/** A definition's mappings and palettes (a map generator's `object`, a palette's top level). */
export interface MappingFacts {
  /** Each mapping member written (one of MAPPING_LAYERS, an object), in the order written, with its keys. */
  readonly layers: readonly (readonly [layer: string, keys: readonly string[]])[];
  /** `mapping`: each key (its entry an object) with its entry's layers. */
  readonly mapping?: readonly (readonly [key: string, layers: readonly string[]])[];
  /** The keys the game rejects (not one character of one column), with their member, in the order checked. */
  readonly badKeys?: readonly (readonly [member: string, key: string])[];
  /** `palettes`, as written (an array). */
  readonly palettes?: readonly unknown[];
  /** `parameters`, as written (an object). */
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** `"extending": true` (a current palette adding to the one it extends). */
  readonly extending?: true;
}

/** Rows shorter than the map (too few, or a row with fewer cells than its width); longer (too many, more cells). */
export const ROWS_SHORT = 1, ROWS_LONG = 2;

/** A map generator's `rows` against the map's size (mapgen/rows.ts mapSizeOf). */
export interface RowsFacts {
  /** ROWS_SHORT, ROWS_LONG: how the rows (the strings among them) miss the map's size. */
  readonly fit: number;
  /** The keys of the cells within the map's size, each once: those of one UTF-16 unit as one string... */
  readonly used: string;
  /** ...the others (a combining mark, a character beyond the BMP) apart. */
  readonly usedLong?: readonly string[];
}

export interface MapFacts {
  /** Undefined: a map generator without an `object` (nothing to resolve nor check). */
  readonly mappings?: MappingFacts;
  /** A map generator's `method` is the JSON one (absent or "json"): its rows are the game's to check. */
  readonly json?: true;
  /** A map generator's `object` has a terrain for cells without one (`fill_ter`, `predecessor_mapgen`, `fallback_predecessor_mapgen`). */
  readonly filled?: true;
  /** A map generator's `rows` (an array, with `object` and the JSON method); null: the map's size is not said well enough to check them. */
  readonly rows?: RowsFacts | null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A character taking two columns (East Asian wide and fullwidth forms, emoji): mk_wcwidth's 2. */
const WIDE = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/u;

/** map_key's constructor (mapgen.cpp): whether the game rejects a mapping key ("format map key must be 1 column"). */
function isBadKey(key: string): boolean {
  // Nearly every key is one plain character (below U+0300: no combining mark, one column).
  if (key.length === 1 && key.charCodeAt(0) < 0x300) return false;
  const cells = displayCells(key);
  return cells.length !== 1 || WIDE.test(cells[0].key);
}

/** Whether some key of `keys` is one the game rejects. */
function anyBadKey(keys: readonly string[]): boolean {
  for (let k = 0; k < keys.length; k++) if (isBadKey(keys[k])) return true;
  return false;
}

function mappingFactsOf(root: Record<string, unknown>): MappingFacts {
  const layers: [string, string[]][] = [];
  let bad = false;
  // (Indexed loops: a for-of made an iterator's result per member and key, in code every map generator and
  // palette runs on loading, mostly before it is optimized.)
  const names = Object.keys(root);
  for (let n = 0; n < names.length; n++) {
    const layer = names[n];
    const members = root[layer];
    if (!(layer in MAPPING_LAYERS) || !isObject(members)) continue;
    const keys = Object.keys(members);
    layers.push([layer, keys]);
    if (!bad && anyBadKey(keys)) bad = true;
  }
  const out: { -readonly [K in keyof MappingFacts]: MappingFacts[K] } = { layers };
  const mapping = root.mapping;
  if (isObject(mapping)) {
    const keys = Object.keys(mapping);
    if (!bad && anyBadKey(keys)) bad = true;
    const entries: [string, string[]][] = [];
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k], entry = mapping[key];
      if (isObject(entry)) entries.push([key, Object.keys(entry)]);
    }
    if (entries.length) out.mapping = entries;
  }
  // Rare: the keys rejected, in the order the game reads the members.
  if (bad) out.badKeys = MAPPING_MEMBERS.flatMap((member) => {
    const members = Object.prototype.hasOwnProperty.call(root, member) ? root[member] : undefined;
    return isObject(members) ? Object.keys(members).filter(isBadKey).map((key): [string, string] => [member, key]) : [];
  });
  if (Array.isArray(root.palettes)) out.palettes = root.palettes;
  if (isObject(root.parameters)) out.parameters = root.parameters;
  if (root.extending === true) out.extending = true;
  return out;
}

/**
 * Whether a character of one UTF-16 unit was met among a map's cells (KeysMet), by code: MET_COLUMN one taking a
 * column (isColumnUnit: a row's loop passes it at once), MET_OTHER another (a lone combining mark or surrogate, a
 * cell of its own at a row's start); 0 not met. Cleared after each map.
 */
const SEEN_CODE = new Uint8Array(0x10000);
const MET_COLUMN = 1, MET_OTHER = 2;
/** The codes met, in order (at most one of each). */
const CODES_MET = new Uint16Array(0x10000);

/** The keys of a map's cells, each once: those of one unit by code (a whole game's maps are millions of cells). */
class KeysMet {
  private count = 0;
  private others: Set<string> | undefined;

  /**
   * Meets the cells of `rows` within their `widths`; returns how they miss them (ROWS_SHORT, ROWS_LONG). One call
   * per map, its rows and characters looped here: the engine runs without inlining (util/engineFlags.ts), and a
   * call per row, or per run of a character, costs more than the row's own work.
   */
  rows(rows: readonly unknown[], widths: readonly number[]): number {
    const height = widths.length;
    let fit = rows.length < height ? ROWS_SHORT : rows.length > height ? ROWS_LONG : 0;
    // A row repeating the one before it (a third of the game's rows: walls, fields) meets nothing new.
    let before: unknown, beforeWidth = -1, beforeCells = 0;
    for (let r = 0, rowCount = Math.min(rows.length, height); r < rowCount; r++) {
      const row = rows[r];
      if (typeof row !== 'string') continue;
      const width = widths[r];
      let cells = beforeCells;
      if (row !== before || width !== beforeWidth) {
        const metBefore = this.count;
        const length = row.length;
        let c = 0;
        // Nearly every row is characters of one unit and one column each, one cell each (most of them below U+0300:
        // see cellKeys; a map drawn with box characters has more): those within the width are met...
        // (A character met before is passed on its mark alone: most are, and a run of one was compared with the one
        // before it, a branch mispredicted at every change.)
        for (let end = length < width ? length : width; c < end; c++) {
          const code = row.charCodeAt(c);
          const seen = SEEN_CODE[code];
          if (seen === MET_COLUMN) continue;
          if (code >= 0x300 && !isColumnUnit(code)) break;
          if (seen === 0) { SEEN_CODE[code] = MET_COLUMN; CODES_MET[this.count++] = code; }
        }
        // ...the others only looked at.
        if (c >= width) while (c < length && isColumnUnit(row.charCodeAt(c))) c++;
        cells = c === length ? length : this.cellsOf(row, width, metBefore);
      }
      before = row; beforeWidth = width; beforeCells = cells;
      if (cells < width) fit |= ROWS_SHORT; else if (cells > width) fit |= ROWS_LONG;
    }
    return fit;
  }

  /**
   * Meets the cells of a row holding a character of no width (a combining mark joins the one before it) or of two
   * units within `width`, the codes met since `metBefore` forgotten first; returns how many cells it has.
   */
  private cellsOf(row: string, width: number, metBefore: number): number {
    for (let i = metBefore; i < this.count; i++) SEEN_CODE[CODES_MET[i]] = 0;
    this.count = metBefore;
    let cells = 0;
    eachCell(row, (start, end) => {
      if (cells++ >= width) return;
      if (end - start === 1) this.meetCode(row.charCodeAt(start)); else (this.others ??= new Set()).add(row.slice(start, end));
    });
    return cells;
  }

  private meetCode(code: number): void {
    if (SEEN_CODE[code] === 0) { SEEN_CODE[code] = isColumnUnit(code) ? MET_COLUMN : MET_OTHER; CODES_MET[this.count++] = code; }
  }

  /** The keys met (see RowsFacts), and the codes cleared for the next map. */
  finish(fit: number): RowsFacts {
    let used = '';
    // By slices: a call takes so many arguments at most (a map of tens of thousands of characters). `apply` takes the
    // typed array as it is (spreading it runs its iterator: twice the time, a map at a time).
    for (let i = 0; i < this.count; i += 4096) used += String.fromCharCode.apply(null, CODES_MET.subarray(i, Math.min(this.count, i + 4096)) as unknown as number[]);
    for (let i = 0; i < this.count; i++) SEEN_CODE[CODES_MET[i]] = 0;
    return this.others ? { fit, used, usedLong: [...this.others] } : { fit, used };
  }
}

/** How a map generator's rows fit its size, and the characters its cells use (see RowsFacts). */
function rowsFactsOf(value: Record<string, unknown>, object: Record<string, unknown>, rows: readonly unknown[]): RowsFacts | null {
  const size = mapSizeOf(value, object);
  if (!size) return null;
  const keys = new KeysMet();
  return keys.finish(keys.rows(rows, size.rowWidths));
}

/** The facts of a map generator's or palette's whole object (see MapFacts). */
export function mapFactsFrom(value: Record<string, unknown>): MapFacts {
  if (value.type !== 'mapgen') return { mappings: mappingFactsOf(value) };
  const object = value.object;
  if (!isObject(object)) return {};
  const mappings = mappingFactsOf(object);
  if (value.method !== undefined && value.method !== 'json') return { mappings };
  const filled = object.fill_ter !== undefined || object.predecessor_mapgen !== undefined || object.fallback_predecessor_mapgen !== undefined;
  const out: { -readonly [K in keyof MapFacts]: MapFacts[K] } = { mappings, json: true };
  if (filled) out.filled = true;
  if (Array.isArray(object.rows)) out.rows = rowsFactsOf(value, object, object.rows);
  return out;
}

/** Whether a cell of a map's rows is `key` (see RowsFacts.used). */
export function usesKey(rows: RowsFacts, key: string): boolean {
  return key.length === 1 ? rows.used.includes(key) : rows.usedLong?.includes(key) === true;
}
