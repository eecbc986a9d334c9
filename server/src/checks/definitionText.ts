/**
 * What a definition's text says that its parsed value hides (syntax/definitionText.ts), checked when its file's
 * diagnostics are computed (the native parser read it at indexing without looking):
 * - `json-syntax`: nesting deeper than the parsers read (a definition that did not parse at all was reported
 *   by the parser already);
 * - `invalid-value`: a number out of the range of a double (`1e309`), which the native parser reads as
 *   Infinity (the schema walk leaves such values to this check);
 * - `duplicate-key` (warning): a member written twice in one object; the parser keeps one of the values, and
 *   so does the game. Checked per definition, memoized like every record check: a keystroke scans only the
 *   edited definition.
 */
import type { RecordCheck } from './context';
import { NESTING_MESSAGE } from '../syntax/nesting';
import { scanDefinitionText } from '../syntax/definitionText';
import { findingsOf } from '../syntax/parseFile';

export const checkDefinitionText: RecordCheck = (record, ctx) => {
  const parsed = ctx.file.parsed;
  // A well-formed file's scan for the definitions' offsets found these for every definition at once (the first
  // offset asked of the file makes that scan, when none has).
  if (parsed.regions === undefined) void record.start;
  const found = findingsOf(parsed, record.index) ?? scanDefinitionText(ctx.project.textOf(ctx.file), record.start, record.end);
  // Most definitions find nothing: their offset is asked for only to place a finding (80,000 in the whole game).
  if (found.deep.length === 0 && found.badNumbers.length === 0 && found.duplicates.length === 0) return;
  const start = record.start;
  // (Indexed loops: most definitions find nothing, and an iterator per list was made for each.)
  for (let k = 0; k < found.deep.length; k++) {
    const s = found.deep[k];
    if (parsed.problems.some((p) => p.start === s.start)) continue;
    ctx.report({ record, path: [], at: { start: s.start - start, end: s.start + 1 - start }, code: 'json-syntax', severity: 'error', basis: 'reader', message: NESTING_MESSAGE });
  }
  for (let k = 0; k < found.badNumbers.length; k++) {
    const s = found.badNumbers[k];
    ctx.report({
      record, path: [], at: { start: s.start - start, end: s.end - start }, code: 'invalid-value', severity: 'error', basis: 'reader',
      message: `${ctx.project.textOf(ctx.file).slice(s.start, s.end)} is not a valid number: it is out of range (numbers go up to about 1.8e308); the value is not read`,
    });
  }
  for (let k = 0; k < found.duplicates.length; k++) {
    const d = found.duplicates[k];
    ctx.report({
      record, path: [], at: { start: d.again.start - start, end: d.again.end - start }, code: 'duplicate-key', severity: 'warning', basis: 'reader',
      message: `Member ${JSON.stringify(d.key)} is written more than once in this object; the game reads only one of them`,
      related: [{ record, path: [], at: { start: d.first.start - start, end: d.first.end - start }, message: `first ${JSON.stringify(d.key)} of this object` }],
    });
  }
};
