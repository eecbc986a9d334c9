/**
 * `json-syntax`: what the parser could not read, and values of the file's array that are not definition objects
 * (`[ 1, { ... } ]`: the game expects an object at each place). The rest of the file is still checked.
 */
import * as path from 'path';
import type { CheckContext } from './context';
import { regionAt } from '../syntax/parseFile';

/**
 * A folder's `index.json` listing file names (`[ "a.json", ... ]`, as in the current game's json/mapgen/) is
 * no content file: its strings are not misplaced definitions.
 */
function isFileList(ctx: CheckContext): boolean {
  const { parsed } = ctx.file;
  if (path.basename(ctx.file.path) !== 'index.json' || (parsed.objectCount ?? parsed.objects.length) > 0) return false;
  const text = ctx.project.textOf(ctx.file);
  return parsed.strays!.every((slot) => text.charAt(regionAt(parsed, text, slot).start) === '"');
}

/** What a top-level value is, from its first character. */
function valueKind(first: string): string {
  switch (first) {
    case '[': return 'an array';
    case '"': return 'a string';
    case 't': case 'f': return 'a boolean';
    case 'n': return 'null';
    default: return /[-0-9]/.test(first) ? 'a number' : 'not a value';
  }
}

export function checkSyntax(ctx: CheckContext): void {
  const { parsed } = ctx.file;
  for (const p of parsed.problems) ctx.reportAt(p.start, p.end, 'json-syntax', 'error', 'reader', p.message);
  if (!parsed.strays?.length || isFileList(ctx)) return;
  const text = ctx.project.textOf(ctx.file);
  for (const slot of parsed.strays) {
    const r = regionAt(parsed, text, slot);
    const first = text.charAt(r.start);
    // A long value (an array) is marked at its first character only.
    const end = first === '[' ? r.start + 1 : r.end;
    ctx.reportAt(r.start, end, 'json-syntax', 'error', 'reader', `Expected a definition object ({ "type": ..., ... }) here, not ${valueKind(first)}: the game reads each element of a file's array as a definition`);
  }
}
