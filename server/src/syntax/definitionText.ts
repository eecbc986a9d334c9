/**
 * What the native parser's value hides about a definition's text: nesting deeper than the limit (see
 * nesting.ts), numbers out of the range of a double (`1e309`, which `JSON.parse` reads as Infinity) and
 * members written twice in one object (`JSON.parse` keeps the last silently). One iterative scan of the
 * definition's text, run when its file's diagnostics are computed (never at indexing: the fast path stays
 * `JSON.parse` alone).
 */
import { commentEnd, MAX_NESTING, stringEnd, type Span } from './nesting';

/** A member name written again in the same object. */
export interface DuplicateKey {
  readonly key: string;
  /** The first occurrence's name string (quotes included). */
  readonly first: Span;
  /** This occurrence's name string. */
  readonly again: Span;
}

export interface DefinitionTextFindings {
  /** Values nested deeper than the limit (from the first bracket past it). */
  readonly deep: readonly Span[];
  /** Number literals out of the range of a double. */
  readonly badNumbers: readonly Span[];
  /** Later occurrences of member names already written in their object (comment members `//...` aside). */
  readonly duplicates: readonly DuplicateKey[];
}

/**
 * The member names of one open object, with where each name string starts (reused across objects: no
 * allocation per object). Few names: a list searched linearly; past a handful, a map.
 */
class KeyFrame {
  isObject = false;
  readonly names: string[] = [];
  readonly starts: number[] = [];
  map: Map<string, number> | undefined;

  reset(isObject: boolean): void {
    this.isObject = isObject;
    this.names.length = 0;
    this.starts.length = 0;
    this.map = undefined;
  }

  /** Records a name; returns where it was written before (-1: it was not). */
  add(name: string, start: number): number {
    if (this.map) {
      const seen = this.map.get(name);
      if (seen === undefined) this.map.set(name, start);
      return seen ?? -1;
    }
    const k = this.names.indexOf(name);
    if (k >= 0) return this.starts[k];
    this.names.push(name);
    this.starts.push(start);
    if (this.names.length > 16) this.map = new Map(this.names.map((n, i) => [n, this.starts[i]]));
    return -1;
  }
}

const OPEN_BRACE = 0x7b, OPEN_BRACKET = 0x5b, CLOSE_BRACE = 0x7d, CLOSE_BRACKET = 0x5d, QUOTE = 0x22, SLASH = 0x2f, COLON = 0x3a;

/** A number as JSON writes it (a malformed one is a syntax error, reported by the parser). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Characters of a number literal. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x65 || c === 0x45;
}

const frames: KeyFrame[] = [];
const TOKEN = /["{}[\]/]|[eE][+-]?\d{3}|\d{309}/g;

/** The name a member's key string stands for (escapes decoded only when there are any). */
function keyName(raw: string): string {
  if (!raw.includes('\\')) return raw.slice(1, -1);
  try { return JSON.parse(raw) as string; } catch { return raw.slice(1, -1); }
}

/** Whether the first character after `i` that is not white space is a colon: the string before was a member name. */
function colonFollows(text: string, i: number, end: number): boolean {
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === COLON) return true;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return false;
}

/**
 * Scans text[start, end). The regex stops at brackets, quotes and slashes, and outside strings at the only
 * literals that can overflow a double: a three-digit exponent or 309 digits in a row. A string inside an object
 * and followed by a colon is a member name.
 */
export function scanDefinitionText(text: string, start: number, end: number): DefinitionTextFindings {
  const deep: Span[] = [];
  const badNumbers: Span[] = [];
  const duplicates: DuplicateKey[] = [];
  const token = TOKEN;
  let depth = 0;
  let deepStart = -1;
  let i = start;
  for (;;) {
    token.lastIndex = i;
    const m = token.exec(text);
    if (!m || m.index >= end) break;
    i = m.index;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = stringEnd(text, i, end);
      const frame = depth > 0 && deepStart < 0 ? frames[depth - 1] : undefined;
      if (frame?.isObject && text.charCodeAt(close - 1) === QUOTE && close - i >= 2 && colonFollows(text, close, end)) {
        const raw = text.slice(i, close);
        const name = keyName(raw);
        const first = name.startsWith('//') ? -1 : frame.add(name, i);
        if (first >= 0) duplicates.push({ key: name, first: { start: first, end: stringEnd(text, first, end) }, again: { start: i, end: close } });
      }
      i = close;
      continue;
    }
    if (c === SLASH) { i = commentEnd(text, i, end); continue; }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth === MAX_NESTING + 1 && deepStart < 0) deepStart = i;
      if (deepStart < 0) (frames[depth - 1] ??= new KeyFrame()).reset(c === OPEN_BRACE);
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
  return { deep, badNumbers, duplicates };
}
