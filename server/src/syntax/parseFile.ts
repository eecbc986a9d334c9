/**
 * Turns a content file's text into its top-level objects with their offsets.
 *
 * Speed matters here (the whole game data is indexed through this): the common case is a valid file, so
 * one cheap character scan finds where each top-level object starts and ends, and the native
 * `JSON.parse` builds the values. Only an object that fails to parse goes through jsonc-parser's
 * tolerant parser, which yields its syntax errors and as much of its value as can be recovered; the
 * rest of the file is still used.
 */
import * as jsonc from 'jsonc-parser';

export interface ParsedObject {
  /** The parsed object (members as written; for a broken object, what could be recovered). */
  readonly value: Record<string, unknown>;
  /** Position among the file's top-level values (objects or not): finds its region in the text. */
  readonly slot: number;
}

export interface SyntaxProblem {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface ParsedFile {
  readonly objects: readonly ParsedObject[];
  readonly problems: readonly SyntaxProblem[];
  /** Offsets of the top-level values; found by a scan only when first needed (see objectRange). */
  regions?: Region[];
}

/** A top-level value region found by the scanner: an object, or something that is not one. */
export interface Region {
  start: number;
  end: number;
  isObject: boolean;
}

const OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22, BACKSLASH = 0x5c, SLASH = 0x2f, STAR = 0x2a, NEWLINE = 0x0a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}

/**
 * Finds the top-level values of a file that is either one object or an array of values. Tolerant: it only
 * tracks strings, comments and nesting depth, so a broken object still yields a region.
 * Returns the regions and whether the file is wrapped in an array.
 */
function scanTopLevel(text: string): { regions: Region[]; inArray: boolean } {
  const regions: Region[] = [];
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  const inArray = text.charCodeAt(i) === OPEN_BRACKET;
  // In an array the values sit at depth 1; a bare object sits at depth 0.
  const valueDepth = inArray ? 1 : 0;
  let depth = 0;
  let regionStart = -1;
  let regionIsObject = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (depth === valueDepth && regionStart < 0) { regionStart = i; regionIsObject = false; }
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE || d === NEWLINE) break;
      }
      if (depth === valueDepth && !regionIsObject) { regions.push({ start: regionStart, end: i + 1, isObject: false }); regionStart = -1; }
      continue;
    }
    if (c === SLASH && i + 1 < n) {
      const d = text.charCodeAt(i + 1);
      if (d === SLASH) { while (i < n && text.charCodeAt(i) !== NEWLINE) i++; continue; }
      if (d === STAR) { const close = text.indexOf('*/', i + 2); i = close < 0 ? n : close + 1; continue; }
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === valueDepth) { regionStart = i; regionIsObject = c === OPEN_BRACE; }
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === valueDepth && regionStart >= 0) { regions.push({ start: regionStart, end: i + 1, isObject: regionIsObject }); regionStart = -1; }
      if (depth < valueDepth) depth = valueDepth; // a stray closer: keep scanning at value level
    }
  }
  if (regionStart >= 0) regions.push({ start: regionStart, end: n, isObject: regionIsObject });
  return { regions, inArray };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Tolerant parse of one region; offsets of problems are relative to the whole text. */
function parseTolerant(text: string, start: number, end: number, problems: SyntaxProblem[]): unknown {
  const errors: jsonc.ParseError[] = [];
  const value = jsonc.parse(text.slice(start, end), errors, { allowTrailingComma: false, disallowComments: true });
  for (const e of errors) {
    problems.push({ start: start + e.offset, end: start + e.offset + Math.max(e.length, 1), message: describeError(e.error) });
  }
  return value;
}

function describeError(code: jsonc.ParseErrorCode): string {
  switch (code) {
    case jsonc.ParseErrorCode.InvalidCommentToken: return 'Comments are not allowed in JSON; use a "//" member instead';
    case jsonc.ParseErrorCode.PropertyNameExpected: return 'Property name expected (a trailing comma?)';
    case jsonc.ParseErrorCode.ValueExpected: return 'Value expected (a trailing comma?)';
    case jsonc.ParseErrorCode.CommaExpected: return 'Comma expected';
    case jsonc.ParseErrorCode.ColonExpected: return 'Colon expected';
    case jsonc.ParseErrorCode.CloseBraceExpected: return 'Closing brace } expected';
    case jsonc.ParseErrorCode.CloseBracketExpected: return 'Closing bracket ] expected';
    case jsonc.ParseErrorCode.UnexpectedEndOfString: return 'Unterminated string';
    case jsonc.ParseErrorCode.UnexpectedEndOfComment: return 'Unterminated comment';
    case jsonc.ParseErrorCode.InvalidEscapeCharacter: return 'Invalid escape character in string';
    case jsonc.ParseErrorCode.InvalidUnicode: return 'Invalid unicode escape';
    case jsonc.ParseErrorCode.InvalidCharacter: return 'Invalid character';
    case jsonc.ParseErrorCode.InvalidNumberFormat: return 'Invalid number format';
    case jsonc.ParseErrorCode.EndOfFileExpected: return 'End of file expected: a file holds one object or one array of objects';
    case jsonc.ParseErrorCode.InvalidSymbol: return 'Invalid symbol';
    default: return 'Syntax error';
  }
}

export function parseContentFile(text: string): ParsedFile {
  // Fast path: the whole file is valid JSON.
  let whole: unknown;
  let valid = true;
  try { whole = JSON.parse(text); } catch { valid = false; }
  if (valid) {
    if (isPlainObject(whole)) return { objects: [{ value: whole, slot: 0 }], problems: [] };
    if (Array.isArray(whole)) {
      const objects: ParsedObject[] = [];
      for (let k = 0; k < whole.length; k++) {
        const v = whole[k];
        if (isPlainObject(v)) objects.push({ value: v, slot: k });
      }
      return { objects, problems: [] };
    }
    {
      return { objects: [], problems: [{ start: 0, end: Math.min(text.length, 1), message: 'A content file holds one object or an array of objects' }] };
    }
  }
  return parseRegions(text);
}

/** The slow path: a file with syntax errors, parsed object by object so that one error costs one object. */
function parseRegions(text: string): ParsedFile {
  const problems: SyntaxProblem[] = [];
  const objects: ParsedObject[] = [];
  const { regions, inArray } = scanTopLevel(text);
  regions.forEach((r, slot) => {
    if (!r.isObject) return;
    let value: unknown;
    try { value = JSON.parse(text.slice(r.start, r.end)); } catch { value = parseTolerant(text, r.start, r.end, problems); }
    if (isPlainObject(value)) objects.push({ value, slot });
  });
  // Errors between the objects (missing commas, trailing commas, unclosed array...): a structural parse
  // with each object replaced by `{}` finds them cheaply and with the right offsets.
  let skeleton = '';
  let last = 0;
  for (const r of regions) {
    if (!r.isObject) continue;
    skeleton += text.slice(last, r.start) + '{}' + ' '.repeat(Math.max(0, r.end - r.start - 2));
    last = r.end;
  }
  skeleton += text.slice(last);
  const errors: jsonc.ParseError[] = [];
  jsonc.parse(skeleton, errors, { allowTrailingComma: false, disallowComments: true });
  for (const e of errors) {
    const inObject = regions.some((r) => r.isObject && e.offset > r.start && e.offset < r.end);
    if (!inObject) problems.push({ start: e.offset, end: e.offset + Math.max(e.length, 1), message: describeError(e.error) });
  }
  if (!inArray && objects.length > 1 && problems.length === 0) {
    const second = regions[objects[1].slot];
    problems.push({ start: second.start, end: second.start + 1, message: describeError(jsonc.ParseErrorCode.EndOfFileExpected) });
  }
  problems.sort((a, b) => a.start - b.start);
  // jsonc-parser reports a trailing comma twice ("property name expected", "value expected"): keep one per place.
  const unique = problems.filter((p, i) => i === 0 || p.start !== problems[i - 1].start);
  return { objects, problems: unique, regions };
}

/** Offsets of object `i` of a parsed file; `text` must be the text that was parsed. */
export function objectRange(parsed: ParsedFile, text: string, i: number): { start: number; end: number } {
  if (!parsed.regions) parsed.regions = scanTopLevel(text).regions;
  const r = parsed.regions[parsed.objects[i]?.slot ?? -1];
  return r ? { start: r.start, end: r.end } : { start: 0, end: 0 };
}
