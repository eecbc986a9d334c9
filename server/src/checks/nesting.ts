/**
 * `json-syntax` on a definition nested deeper than the parsers read (syntax/nesting.ts). Valid JSON that deep
 * is read by the native parser at indexing without a look at its depth (the fast path); the depth is checked
 * here, when the file's diagnostics are computed. A definition that did not parse was reported by the parser.
 */
import type { RecordCheck } from './context';
import { deepSpans, NESTING_MESSAGE } from '../syntax/nesting';

export const checkNesting: RecordCheck = (record, ctx) => {
  const spans = deepSpans(ctx.project.textOf(ctx.file), record.start, record.end);
  for (const s of spans) {
    if (ctx.file.parsed.problems.some((p) => p.start === s.start)) continue;
    ctx.report({ record, path: [], at: { start: s.start, end: s.start + 1 }, code: 'json-syntax', severity: 'error', message: NESTING_MESSAGE });
  }
};
