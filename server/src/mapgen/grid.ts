/**
 * A map generator's `rows` as written in the file: each row's string literal and its display cells with their
 * offsets, found in the definition's text (for diagnostics at a cell, hover, highlights).
 */
import { locateInJson, locatePath, objectTree, type OffsetRange } from '../syntax/locate';
import type { DefinitionRecord } from '../records/record';
import type { ParsedFile } from '../syntax/parseFile';
import { cellsOfLiteral, type RowCell } from './rows';

/** The offsets of a member of a record, in a well-formed text by a scan, else through a parse tree. */
export function memberRange(parsed: ParsedFile, text: string, record: DefinitionRecord, path: readonly (string | number)[]): OffsetRange {
  if (parsed.wellFormed) return locateInJson(text, record.start, path);
  return locatePath(objectTree(parsed, text, record.start, record.end), record.start, path);
}

/** Just past the string literal whose opening quote is at `i` (its line's end when it is not closed). */
function pastLiteral(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) { j++; continue; }
    if (c === 0x22) return j + 1;
    if (c === 0x0a) return j;
  }
  return text.length;
}

/**
 * The string literals of the `rows` array at `range` (its `[` to past its `]`), in order; an element that is not
 * a string is an empty placeholder at its place (the checks of shape report it).
 */
export function rowLiterals(text: string, range: OffsetRange): OffsetRange[] {
  const out: OffsetRange[] = [];
  if (text.charCodeAt(range.start) !== 0x5b) return out;
  let expectValue = true;
  for (let i = range.start + 1; i < range.end - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = pastLiteral(text, i);
      out.push({ start: i, end });
      expectValue = false;
      i = end - 1;
    } else if (c === 0x2c) {
      if (expectValue) out.push({ start: i, end: i });
      expectValue = true;
    } else if (c === 0x5d) {
      break;
    } else if (c > 0x20 && expectValue) {
      // Not a string (a number, an object...): skipped to the next comma at this level.
      out.push({ start: i, end: i + 1 });
      expectValue = false;
      let depth = 0;
      for (; i < range.end - 1; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x22) { i = pastLiteral(text, i) - 1; continue; }
        if (d === 0x5b || d === 0x7b) depth++;
        else if (d === 0x5d || d === 0x7d) { if (depth === 0) { i--; break; } depth--; }
        else if (d === 0x2c && depth === 0) { i--; break; }
      }
    }
  }
  return out;
}

export interface WrittenRows {
  /** The `rows` array's offsets. */
  readonly range: OffsetRange;
  /** Each row's literal. */
  readonly rows: readonly OffsetRange[];
}

/** Where a map generator's `rows` are written (undefined when it has none). */
export function writtenRows(parsed: ParsedFile, text: string, record: DefinitionRecord): WrittenRows | undefined {
  const range = memberRange(parsed, text, record, ['object', 'rows']);
  if (text.charCodeAt(range.start) !== 0x5b) return undefined;
  return { range, rows: rowLiterals(text, range) };
}

/** The cells of row `i` as written (the first `limit` of them). */
export function writtenCells(text: string, rows: WrittenRows, i: number, limit = Infinity): RowCell[] {
  const r = rows.rows[i];
  return r && r.end > r.start && text.charCodeAt(r.start) === 0x22 ? cellsOfLiteral(text, r.start, r.end, limit) : [];
}
