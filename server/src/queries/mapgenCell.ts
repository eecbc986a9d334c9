/**
 * The characters of a map generator's `rows`, explained: what is under an offset (a cell of `rows`, or a mapping
 * key of a map generator or palette), what a character places and where each meaning comes from (hover), its
 * mappings (go to definition), the cells that use a mapping (find references) and the other cells of the same
 * character (document highlight). The meanings are mapgen/resolve.ts's.
 */
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { cursorAt } from './cursor';
import { shortPath } from './symbol';
import type { Target } from './symbol';
import { brief } from '../util/brief';
import { cellsOfLiteral, mapSizeOf, type MapSize, type RowCell } from '../mapgen/rows';
import { writtenCells, writtenRows } from '../mapgen/grid';
import { MAPPING_LAYERS } from '../mapgen/facts';
import { PALETTE_KIND, meaningsOf, resolveMappings, type MapResolution, type Meaning } from '../mapgen/resolve';
import { fullValueOf } from '../records/record';
import type { Steps } from '../util/steps';

/** A cell of `rows` under the cursor. */
export interface CellAt {
  readonly record: DefinitionRecord;
  readonly row: number;
  readonly column: number;
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

/** A mapping key under the cursor (`"#"` of `"terrain": { "#": ... }`, in a map generator or a palette). */
export interface MappingKeyAt {
  readonly record: DefinitionRecord;
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

/** The resolution of a definition's characters, its palettes as its mod sees them. */
export function resolutionOf(project: WorkspaceView, record: DefinitionRecord): MapResolution | undefined {
  return resolveMappings(record, { palettes: (id) => project.visibleDefinitions(PALETTE_KIND, id, record.source.modId) });
}

/** The cell of `rows` at an offset (the one it is on, or just after at a row's end). */
export function cellAt(project: WorkspaceView, filePath: string, offset: number): CellAt | undefined {
  const c = cursorAt(project, filePath, offset);
  if (!c || c.record.type !== 'mapgen' || !c.token || c.atKey) return undefined;
  const p = c.path;
  if (p.length !== 3 || p[0] !== 'object' || p[1] !== 'rows' || typeof p[2] !== 'number') return undefined;
  const cells = cellsOfLiteral(c.text, c.token.start, c.token.end);
  const index = cells.findIndex((x) => offset >= x.start && offset < x.end);
  const at = index >= 0 ? index : cells.length > 0 && offset === cells[cells.length - 1].end ? cells.length - 1 : -1;
  if (at < 0) return undefined;
  const cell = cells[at];
  return { record: c.record, row: p[2], column: at, key: cell.key, start: cell.start, end: cell.end };
}

/** The mapping key at an offset: a member name directly under a mapping layer, or under `mapping`. */
export function mappingKeyAt(project: WorkspaceView, filePath: string, offset: number): MappingKeyAt | undefined {
  const c = cursorAt(project, filePath, offset);
  if (!c || !c.atKey || !c.token) return undefined;
  const type = c.record.type;
  if (type !== 'mapgen' && type !== PALETTE_KIND) return undefined;
  const p = type === 'mapgen' ? (c.path[0] === 'object' ? c.path.slice(1) : undefined) : c.path;
  if (!p || p.length !== 2 || typeof p[1] !== 'string') return undefined;
  if (!(typeof p[0] === 'string' && (p[0] in MAPPING_LAYERS || p[0] === 'mapping'))) return undefined;
  return { record: c.record, key: p[1], start: c.token.start, end: c.token.end };
}

/** What a mapping's value places, briefly (`t_wall`, `one of t_floor, t_dirt`, `item group "trash" 5%`). */
function describeValue(value: unknown): string {
  return `\`${brief(value, 80)}\``;
}

/** Where a meaning comes from: this definition, or palette X (in file Y), through which entry. */
function describeSource(project: WorkspaceView, m: Meaning, self: DefinitionRecord): string {
  if (m.via.length === 0) return m.record === self ? 'this definition' : `\`${m.record.ids[0] ?? '?'}\``;
  const steps = m.via.map((s) => {
    const how = s.how === 'parameter' ? ` (a value of parameter \`${s.parameter}\`, one of ${s.among})` : s.how === 'distribution' ? ` (one of ${s.among} in a distribution)` : '';
    return `palette \`${s.palette}\`${how}`;
  });
  return `${steps.join(' → ')}, ${shortPath(project, m.record.source.modId, m.record.source.path)}`;
}

/** Markdown: what a character places, each meaning with where it comes from. */
export function describeCharacter(project: WorkspaceView, record: DefinitionRecord, key: string, where?: { row: number; column: number }): string {
  const resolution = resolutionOf(project, record);
  const meanings = resolution ? meaningsOf(resolution, key) : [];
  const head = `**${JSON.stringify(key)}**${where ? ` — row ${where.row + 1}, column ${where.column + 1}` : ''}`;
  if (meanings.length === 0) {
    const exempt = key === ' ' || key === '.' ? ' (space and `.` need none)' : '';
    return `${head}\n\nNo mapping gives this character a meaning${exempt}.${fillNote(record)}`;
  }
  const lines = meanings.map((m) => `- ${MAPPING_LAYERS[m.layer] ?? m.layer} (\`${m.layer}\`): ${describeValue(m.value)} — from ${describeSource(project, m, record)}`);
  const noTerrain = !meanings.some((m) => m.layer === 'terrain') ? fillNote(record) : '';
  return `${head}\n\n${lines.join('\n')}${noTerrain}`;
}

/** What a cell without a terrain mapping stands on. */
function fillNote(record: DefinitionRecord): string {
  if (record.type !== 'mapgen') return '';
  const object = fullValueOf(record).object as Record<string, unknown> | undefined;
  const fill = object?.fill_ter;
  return fill !== undefined ? `\n\nTerrain: ${describeValue(fill)} (\`fill_ter\`).` : '';
}

/** Hover on a cell of `rows` or on a mapping key. */
export function mapgenHover(project: WorkspaceView, filePath: string, offset: number): { markdown: string; start: number; end: number } | undefined {
  const cell = cellAt(project, filePath, offset);
  if (cell) return { markdown: describeCharacter(project, cell.record, cell.key, { row: cell.row, column: cell.column }), start: cell.start, end: cell.end };
  return undefined;
}

/** Go to definition from a cell: the keys of every mapping of its character, here and in the palettes. */
export function cellDefinitions(project: WorkspaceView, filePath: string, offset: number): Target[] | undefined {
  const cell = cellAt(project, filePath, offset);
  if (!cell) return undefined;
  const resolution = resolutionOf(project, cell.record);
  if (!resolution) return [];
  const out: Target[] = [];
  const seen = new Set<string>();
  for (const m of meaningsOf(resolution, cell.key)) {
    // A `mapping` entry's key, once for its layers.
    const path = m.path[m.path.length - 3] === 'mapping' ? m.path.slice(0, -1) : m.path;
    const r = project.locate(m.record, path, 'key');
    const id = `${m.record.source.path}:${r.start}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ path: m.record.source.path, start: r.start, end: r.end });
  }
  return out;
}

/** A map generator's size, when it says it well enough (mapgen/rows.ts mapSizeOf). */
export function sizeOfMap(record: DefinitionRecord): MapSize | undefined {
  const value = fullValueOf(record);
  const object = value.object;
  return typeof object === 'object' && object !== null && !Array.isArray(object) ? mapSizeOf(value, object as Record<string, unknown>) : undefined;
}

/** The cells of a map generator whose character is `key`, as written: those of the map's size (the game reads no further). */
export function cellsOf(project: WorkspaceView, record: DefinitionRecord, key: string): Target[] {
  const file = record.source as SourceFile;
  const text = project.textOf(file);
  const rows = writtenRows(file.parsed, text, record);
  if (!rows) return [];
  const size = sizeOfMap(record);
  const out: Target[] = [];
  for (let i = 0; i < Math.min(rows.rows.length, size?.height ?? Infinity); i++) {
    for (const cell of writtenCells(text, rows, i, size?.rowWidths[i]) as RowCell[]) if (cell.key === key) out.push({ path: file.path, start: cell.start, end: cell.end });
  }
  return out;
}

/** Document highlight on a cell: every cell of the same character in its map. */
export function cellHighlights(project: WorkspaceView, filePath: string, offset: number): Target[] | undefined {
  const cell = cellAt(project, filePath, offset);
  if (cell) return cellsOf(project, cell.record, cell.key);
  const key = mappingKeyAt(project, filePath, offset);
  if (key && key.record.type === 'mapgen') return [{ path: key.record.source.path, start: key.start, end: key.end }, ...cellsOf(project, key.record, key.key)];
  return undefined;
}

/**
 * Find references on a mapping key: every cell it gives a meaning. A map generator's own key: its cells. A
 * palette's: the cells of the map generators using the palette (directly or through palettes naming it) whose
 * character the palette's mapping reaches. Undefined when the offset is not on a mapping key. Pauses between
 * records (the first search analyses every record: see filesReferencingSteps) and between maps.
 */
export function* mappingReferencesSteps(project: WorkspaceView, filePath: string, offset: number): Steps<Target[] | undefined> {
  const at = mappingKeyAt(project, filePath, offset);
  if (!at) return undefined;
  if (at.record.type === 'mapgen') return cellsOf(project, at.record, at.key);
  const out: Target[] = [];
  for (const map of yield* mapsUsing(project, at.record)) {
    const resolution = resolutionOf(project, map);
    yield;
    if (!resolution || !meaningsOf(resolution, at.key).some((m) => m.record === at.record)) continue;
    out.push(...cellsOf(project, map, at.key));
  }
  return out;
}

/** The map generators that may use a palette: those naming it, or naming a palette that names it. */
function* mapsUsing(project: WorkspaceView, palette: DefinitionRecord): Steps<DefinitionRecord[]> {
  const maps = new Set<DefinitionRecord>();
  const seen = new Set<string>(palette.ids);
  const queue = [...palette.ids];
  while (queue.length) {
    const id = queue.pop()!;
    for (const f of yield* project.filesReferencingSteps(PALETTE_KIND, id)) {
      for (const r of f.records) {
        if (r.type === 'mapgen') maps.add(r);
        else if (r.kind === PALETTE_KIND) for (const other of r.ids) if (!seen.has(other)) { seen.add(other); queue.push(other); }
      }
      yield;
    }
  }
  return [...maps];
}
