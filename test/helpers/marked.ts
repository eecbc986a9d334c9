/**
 * Text fixtures with what a test expects marked inline: `⟦...⟧` around each range a diagnostic must cover. The
 * marks are removed before the text is written, and the ranges are offsets into the text without them.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic } from '../../server/src/diagnostic';

export interface MarkedText {
  /** The text without its marks. */
  readonly text: string;
  /** The marked ranges, in order. */
  readonly ranges: readonly { readonly start: number; readonly end: number }[];
}

const OPEN = '⟦', CLOSE = '⟧';

export function parseMarked(marked: string): MarkedText {
  let text = '';
  const ranges: { start: number; end: number }[] = [];
  let open = -1;
  for (const ch of marked) {
    if (ch === OPEN) {
      if (open >= 0) throw new Error('a marked range opens inside another');
      open = text.length;
    } else if (ch === CLOSE) {
      if (open < 0) throw new Error('a marked range closes without opening');
      ranges.push({ start: open, end: text.length });
      open = -1;
    } else {
      text += ch;
    }
  }
  if (open >= 0) throw new Error('a marked range is not closed');
  return { text, ranges };
}

/**
 * Asserts that the diagnostics with `code` cover exactly the marked ranges (shown as the text they cover, so
 * that a failure reads as what is reported where).
 */
export function assertMarked(fixture: MarkedText, diagnostics: readonly Diagnostic[], code: string): void {
  const covered = (r: { start: number; end: number }): string => `${r.start}:${fixture.text.slice(r.start, r.end)}`;
  const actual = diagnostics.filter((d) => d.code === code).map(covered).sort();
  const expected = fixture.ranges.map(covered).sort();
  assert.deepEqual(actual, expected, `${code} diagnostics: ${diagnostics.filter((d) => d.code === code).map((d) => d.message).join(' | ') || 'none'}`);
}
