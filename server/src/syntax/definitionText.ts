/**
 * What the native parser's value hides about a definition's text: nesting deeper than the limit (see
 * nesting.ts) and numbers out of the range of a double (`1e309`, which `JSON.parse` reads as Infinity). One
 * iterative scan of the definition's text, run when its file's diagnostics are computed (never at indexing:
 * the fast path stays `JSON.parse` alone).
 */
import { commentEnd, MAX_NESTING, stringEnd, type Span } from './nesting';

export interface DefinitionTextFindings {
  /** Values nested deeper than the limit (from the first bracket past it). */
  readonly deep: readonly Span[];
  /** Number literals out of the range of a double. */
  readonly badNumbers: readonly Span[];
}

const OPEN_BRACE = 0x7b, OPEN_BRACKET = 0x5b, CLOSE_BRACE = 0x7d, CLOSE_BRACKET = 0x5d, QUOTE = 0x22, SLASH = 0x2f;

/** A number as JSON writes it (a malformed one is a syntax error, reported by the parser). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Characters of a number literal. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x65 || c === 0x45;
}

/**
 * Scans text[start, end). The regex stops at brackets, quotes and slashes, and outside strings at the only
 * literals that can overflow a double: a three-digit exponent or 309 digits in a row.
 */
export function scanDefinitionText(text: string, start: number, end: number): DefinitionTextFindings {
  const deep: Span[] = [];
  const badNumbers: Span[] = [];
  const token = /["{}[\]/]|[eE][+-]?\d{3}|\d{309}/g;
  let depth = 0;
  let deepStart = -1;
  let i = start;
  for (;;) {
    token.lastIndex = i;
    const m = token.exec(text);
    if (!m || m.index >= end) break;
    i = m.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) { i = stringEnd(text, i, end); continue; }
    if (c === SLASH) { i = commentEnd(text, i, end); continue; }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth === MAX_NESTING + 1 && deepStart < 0) deepStart = i;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth > 0) depth--;
      if (depth === MAX_NESTING && deepStart >= 0) { deep.push({ start: deepStart, end: i + 1 }); deepStart = -1; }
    } else {
      // Part of a number literal (or of a bare word in broken text): take the whole literal.
      let s = i, e = i + m[0].length;
      while (s > start && isNumberChar(text.charCodeAt(s - 1))) s--;
      while (e < end && isNumberChar(text.charCodeAt(e))) e++;
      const literal = text.slice(s, e);
      if (deepStart < 0 && JSON_NUMBER.test(literal) && !Number.isFinite(Number(literal))) badNumbers.push({ start: s, end: e });
      i = e;
      continue;
    }
    i++;
  }
  if (deepStart >= 0) deep.push({ start: deepStart, end });
  return { deep, badNumbers };
}
