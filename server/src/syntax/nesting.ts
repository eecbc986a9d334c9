/**
 * A nesting limit for the recursive parsers and walks. jsonc-parser (tolerant parse, parse trees, locations)
 * recurses once per level of `[` / `{`, so a few thousand unclosed brackets overflow the stack. Text nested
 * deeper than the limit is found by an iterative scan and blanked out (replaced, with the same length, by a
 * `0` and spaces) before those parsers see it: offsets stay valid, the rest of the definition is still read,
 * and the place is reported. No game data comes close (0.F nests at most 17 levels).
 */

/** Levels of `[` / `{` a definition (a top-level value) may nest; deeper text is not read. */
export const MAX_NESTING = 100;

export const NESTING_MESSAGE = `Nesting deeper than ${MAX_NESTING} levels: the value from here on is not read (a run of unclosed brackets?)`;

export interface Span {
  readonly start: number;
  readonly end: number;
}

const OPEN_BRACE = 0x7b, OPEN_BRACKET = 0x5b, QUOTE = 0x22, BACKSLASH = 0x5c, SLASH = 0x2f, STAR = 0x2a;

const IN_STRING = /["\\\n]/g;

/**
 * Just past the string opening at `i` (its closing quote; an unterminated string ends at its line's end, or at
 * `end`). A native regex jumps to the next quote, backslash or line end.
 */
export function stringEnd(text: string, i: number, end: number): number {
  let j = i + 1;
  for (;;) {
    IN_STRING.lastIndex = j;
    const s = IN_STRING.exec(text);
    if (!s || s.index >= end) return end;
    if (text.charCodeAt(s.index) === BACKSLASH) { j = s.index + 2; continue; }
    return s.index + 1;
  }
}

/** Just past the comment opening at `i` (a `/` not opening a comment: just past it). */
export function commentEnd(text: string, i: number, end: number): number {
  const d = text.charCodeAt(i + 1);
  if (d === SLASH) { const nl = text.indexOf('\n', i); return nl < 0 || nl >= end ? end : nl + 1; }
  if (d === STAR) { const close = text.indexOf('*/', i + 2); return close < 0 || close + 2 > end ? end : close + 2; }
  return i + 1;
}

/**
 * The values in text[start, end) nested deeper than `limit` levels (the slice's own brackets counted from 1):
 * each from its opening bracket to just past its closing one (to `end` when unclosed). Strings and comments
 * are skipped; stray closing brackets are ignored. Iterative, and a native regex jumps between brackets.
 */
export function deepSpans(text: string, start: number, end: number, limit = MAX_NESTING): Span[] {
  const spans: Span[] = [];
  const structural = /["{}[\]/]/g;
  let depth = 0;
  let spanStart = -1;
  let i = start;
  for (;;) {
    structural.lastIndex = i;
    const m = structural.exec(text);
    if (!m || m.index >= end) break;
    i = m.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) { i = stringEnd(text, i, end); continue; }
    if (c === SLASH) { i = commentEnd(text, i, end); continue; }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth === limit + 1 && spanStart < 0) spanStart = i;
    } else if (depth > 0) {
      depth--;
      if (depth === limit && spanStart >= 0) { spans.push({ start: spanStart, end: i + 1 }); spanStart = -1; }
    }
    i++;
  }
  if (spanStart >= 0) spans.push({ start: spanStart, end });
  return spans;
}

/** text[start, end) with each span replaced by `0` and spaces (same length: offsets are kept). */
export function blankSpans(text: string, start: number, end: number, spans: readonly Span[]): string {
  let out = '';
  let last = start;
  for (const s of spans) {
    out += text.slice(last, s.start) + '0' + ' '.repeat(s.end - s.start - 1);
    last = s.end;
  }
  return out + text.slice(last, end);
}

/** text[start, end), with what is nested deeper than the limit blanked out: safe for recursive parsers. */
export function shallowSlice(text: string, start: number, end: number): string {
  const spans = deepSpans(text, start, end);
  return spans.length ? blankSpans(text, start, end, spans) : text.slice(start, end);
}
