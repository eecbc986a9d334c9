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

/** A top-level value of a file (the shape of parseFile.ts's Region). */
export interface TopLevelValue {
  start: number;
  end: number;
  isObject: boolean;
}

/** The top-level values of a file, and the findings of each definition object that has any (by position). */
export interface WellFormedScan {
  readonly regions: TopLevelValue[];
  readonly findings: ReadonlyMap<number, DefinitionTextFindings>;
}

/** The members named so far in one open object of a well-formed text: each name's hash and where it is written. */
class HashFrame {
  isObject = false;
  /** Inside an object: the next string is a member name (after `{` or `,`). */
  expectsName = false;
  /** How many names the object has so far (the arrays are reused: entries past it are stale). */
  count = 0;
  readonly hashes: number[] = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  map: Map<number, number[]> | undefined;

  reset(isObject: boolean): void {
    this.isObject = isObject;
    this.expectsName = isObject;
    this.count = 0;
    this.map = undefined;
  }

  /** Records a name written at [start, end) (quotes included); returns the first same name's position in `starts` (-1: none). */
  add(text: string, hash: number, start: number, end: number): number {
    const candidates = this.map ? this.map.get(hash) : undefined;
    if (this.map) {
      for (const k of candidates ?? []) if (sameName(text, this.starts[k], this.ends[k], start, end)) return k;
    } else {
      for (let k = 0; k < this.count; k++) if (this.hashes[k] === hash && sameName(text, this.starts[k], this.ends[k], start, end)) return k;
    }
    const k = this.count++;
    this.hashes[k] = hash;
    this.starts[k] = start;
    this.ends[k] = end;
    if (this.map) {
      if (candidates) candidates.push(k); else this.map.set(hash, [k]);
    } else if (k >= 64) {
      // Past a few dozen names (an object used as a map), a Map: comparing hashes in a list is cheaper below.
      this.map = new Map();
      for (let j = 0; j <= k; j++) {
        const list = this.map.get(this.hashes[j]);
        if (list) list.push(j); else this.map.set(this.hashes[j], [j]);
      }
    }
    return -1;
  }
}

function sameName(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart === bEnd - bStart && text.startsWith(text.slice(aStart, aEnd), bStart)) return true;
  return keyName(text.slice(aStart, aEnd)) === keyName(text.slice(bStart, bEnd));
}

/** The hash of a name (see scanWellFormedFile: the same function over the characters of the decoded name). */
function hashName(name: string): number {
  let h = 0;
  for (let k = 0; k < name.length; k++) h = (Math.imul(h, 31) + name.charCodeAt(k)) | 0;
  return h;
}

const BACKSLASH = 0x5c, COMMA = 0x2c, MINUS = 0x2d;
const wellFormedFrames: HashFrame[] = [];

/**
 * For a text `JSON.parse` accepts: its top-level values (as parseFile.ts's scan finds them) and, for each
 * definition object, what scanDefinitionText finds in it, in one pass. A plain character loop (strings that are
 * not member names are skipped with a native search): in well-formed JSON every quote, bracket and comma means
 * one thing, and names are compared by hash, so the pass allocates nothing per member. Undefined when the text
 * is not one object or an array.
 */
export function scanWellFormedFile(text: string): WellFormedScan | undefined {
  const n = text.length;
  let i = 0;
  while (i < n && (text.charCodeAt(i) <= 0x20 || text.charCodeAt(i) === 0xfeff)) i++;
  const first = text.charCodeAt(i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return undefined;
  const valueDepth = first === OPEN_BRACKET ? 1 : 0;
  const out = new ScanOutput();
  let depth = 0;
  let deepStart = -1;
  let regionStart = -1;
  let regionIsObject = false;
  let frame: HashFrame | undefined;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x20) continue;
    if (c === QUOTE) {
      let j = i + 1;
      if (frame !== undefined && frame.expectsName) {
        // A member name: hashed on the way (names are short); one with escapes by its decoded name.
        let h = 0;
        let escaped = false;
        for (let d = text.charCodeAt(j); d !== QUOTE; d = text.charCodeAt(++j)) {
          if (d === BACKSLASH) { escaped = true; j++; } else h = (Math.imul(h, 31) + d) | 0;
        }
        const close = j + 1;
        frame.expectsName = false;
        const name = escaped ? keyName(text.slice(i, close)) : undefined;
        const isComment = name !== undefined ? name.startsWith('//') : text.charCodeAt(i + 1) === SLASH && text.charCodeAt(i + 2) === SLASH;
        if (!isComment) {
          const k = frame.add(text, name !== undefined ? hashName(name) : h, i, close);
          if (k >= 0) out.duplicates.push({ key: name ?? text.slice(i + 1, close - 1), first: { start: frame.starts[k], end: frame.ends[k] }, again: { start: i, end: close } });
        }
        i = j;
        continue;
      }
      for (;;) {
        j = text.indexOf('"', j);
        let backslashes = 0;
        while (text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
        if ((backslashes & 1) === 0) break;
        j++;
      }
      if (depth === valueDepth) out.endRegion(i, j + 1, false);
      i = j;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === valueDepth) { regionStart = i; regionIsObject = c === OPEN_BRACE; }
      depth++;
      const relative = depth - valueDepth;
      if (relative === MAX_NESTING + 1 && deepStart < 0) deepStart = i;
      if (relative < 1) {
        frame = undefined;
      } else if (deepStart < 0) {
        frame = wellFormedFrames[relative - 1] ??= new HashFrame();
        frame.reset(c === OPEN_BRACE);
      } else {
        frame = undefined;
      }
      continue;
    }
    if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      const relative = depth - valueDepth;
      if (relative === MAX_NESTING && deepStart >= 0) { out.deep.push({ start: deepStart, end: i + 1 }); deepStart = -1; }
      frame = relative > 0 && deepStart < 0 ? wellFormedFrames[relative - 1] : undefined;
      if (depth === valueDepth && regionStart >= 0) { out.endRegion(regionStart, i + 1, regionIsObject); regionStart = -1; }
      continue;
    }
    if (c === COMMA) {
      if (frame !== undefined && frame.isObject) frame.expectsName = true;
      continue;
    }
    if (c === COLON) continue;
    // A literal: a number, true, false or null.
    let e = i + 1;
    if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      // Only a long run of digits or an exponent of three digits or more can overflow a double.
      let run = c === MINUS ? 0 : 1, longest = run, exponentDigits = -1;
      for (; e < n; e++) {
        const d = text.charCodeAt(e);
        if (d >= 0x30 && d <= 0x39) {
          run++;
          if (run > longest) longest = run;
          if (exponentDigits >= 0) exponentDigits++;
        } else if (d === 0x65 || d === 0x45) { run = 0; exponentDigits = 0; } else if (d === 0x2e || d === 0x2b || d === MINUS) run = 0;
        else break;
      }
      if ((longest >= 309 || exponentDigits >= 3) && deepStart < 0 && !Number.isFinite(Number(text.slice(i, e)))) out.badNumbers.push({ start: i, end: e });
    } else {
      while (e < n && text.charCodeAt(e) >= 0x61 && text.charCodeAt(e) <= 0x7a) e++;
    }
    if (depth === valueDepth) out.endRegion(i, e, false);
    i = e - 1;
  }
  if (regionStart >= 0) out.endRegion(regionStart, n, regionIsObject);
  return { regions: out.regions, findings: out.findings };
}

/** What scanWellFormedFile finds, gathered region by region. */
class ScanOutput {
  readonly regions: TopLevelValue[] = [];
  readonly findings = new Map<number, DefinitionTextFindings>();
  deep: Span[] = [];
  badNumbers: Span[] = [];
  duplicates: DuplicateKey[] = [];

  /** A top-level value ends: what was found since the last one is a definition's (when it is an object). */
  endRegion(start: number, end: number, isObject: boolean): void {
    if (this.deep.length || this.badNumbers.length || this.duplicates.length) {
      if (isObject) this.findings.set(this.regions.length, { deep: this.deep, badNumbers: this.badNumbers, duplicates: this.duplicates });
      this.deep = []; this.badNumbers = []; this.duplicates = [];
    }
    this.regions.push({ start, end, isObject });
  }
}
