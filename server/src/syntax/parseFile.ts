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
import { jsoncParser } from '../util/jsonc';
import { blankSpans, deepSpans, MAX_NESTING, NESTING_MESSAGE } from './nesting';
import { scanWellFormedFile, type DefinitionTextFindings } from './definitionText';
import { isPlainObject } from '../util/json';
import { parsedFromJson, type ParsedFile, type ParsedObject, type Region, type SyntaxProblem } from './parsed';

export { parsedFromJson, type ParsedFile, type ParsedObject, type Region, type SyntaxProblem };

const OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22, BACKSLASH = 0x5c, SLASH = 0x2f, STAR = 0x2a;

function isStructural(c: number): boolean {
  return c === QUOTE || c === OPEN_BRACE || c === CLOSE_BRACE || c === OPEN_BRACKET || c === CLOSE_BRACKET || c === SLASH;
}

/** A literal value's text (up to white space or punctuation). */
const LITERAL = /[^\s,:[\]{}"/]+/y;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}

/**
 * Finds the top-level values of a file that is either one object or an array of values. Tolerant: it only
 * tracks strings, comments and nesting depth, so a broken object still yields a region.
 * Returns the regions and whether the file is wrapped in an array.
 */
function scanTopLevel(text: string): { regions: Region[]; inArray: boolean } {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const inArray = text.charCodeAt(i) === OPEN_BRACKET;
  // In an array the values sit at depth 1; a bare object sits at depth 0.
  const { regions } = scanRange(text, i, text.length, inArray ? 1 : 0, 0);
  return { regions, inArray };
}

/**
 * Scans [from, to) starting at nesting `depth` outside any string; returns the value regions found and the
 * depth at `to` (`clean` when it ends between values, at value depth, as it started).
 */
function scanRange(text: string, from: number, to: number, valueDepth: number, depth: number): { regions: Region[]; clean: boolean } {
  const regions: Region[] = [];
  const n = to;
  let i = from;
  let regionStart = -1;
  let regionIsObject = false;
  // Jump from one structural character to the next with the native regex engine: most of a content file
  // is string contents, which the loop never visits character by character. Between values, a literal
  // (`1`, `true`, `null`...) is a value too.
  const structural = /["{}[\]/]/g;
  const betweenValues = /["{}[\]/]|[^\s,:]/g;
  const inString = /["\\\n]/g;
  for (;;) {
    const next = depth === valueDepth ? betweenValues : structural;
    next.lastIndex = i;
    const m = next.exec(text);
    if (!m || m.index >= n) break;
    i = m.index;
    const c = text.charCodeAt(i);
    if (next === betweenValues && !isStructural(c)) {
      LITERAL.lastIndex = i;
      const end = Math.min(n, LITERAL.exec(text) ? LITERAL.lastIndex : i + 1);
      regions.push({ start: i, end, isObject: false });
      i = end;
      continue;
    }
    if (c === QUOTE) {
      if (depth === valueDepth && regionStart < 0) { regionStart = i; regionIsObject = false; }
      let j = i + 1;
      for (;;) {
        inString.lastIndex = j;
        const s = inString.exec(text);
        if (!s) { j = n; break; }
        if (text.charCodeAt(s.index) === BACKSLASH) { j = s.index + 2; continue; }
        j = s.index;
        break;
      }
      i = j;
      if (depth === valueDepth && !regionIsObject) { regions.push({ start: regionStart, end: Math.min(i + 1, n), isObject: false }); regionStart = -1; }
      i++;
      continue;
    }
    if (c === SLASH) {
      const d = text.charCodeAt(i + 1);
      if (d === SLASH) { const nl = text.indexOf('\n', i); i = nl < 0 ? n : nl + 1; continue; }
      if (d === STAR) { const close = text.indexOf('*/', i + 2); i = close < 0 ? n : close + 2; continue; }
      i++;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === valueDepth) { regionStart = i; regionIsObject = c === OPEN_BRACE; }
      depth++;
    } else {
      depth--;
      if (depth === valueDepth && regionStart >= 0) { regions.push({ start: regionStart, end: i + 1, isObject: regionIsObject }); regionStart = -1; }
      if (depth < valueDepth) depth = valueDepth; // a stray closer: keep scanning at value level
    }
    i++;
  }
  const clean = regionStart < 0 && depth === valueDepth && i <= n;
  if (regionStart >= 0) regions.push({ start: regionStart, end: n, isObject: regionIsObject });
  return { regions, clean };
}

/**
 * Tolerant parse of one region; offsets of problems are relative to the whole text. What is nested deeper than
 * the limit is reported and left out (the recursive parser would overflow the stack on it).
 */
function parseTolerant(text: string, start: number, end: number, problems: SyntaxProblem[]): unknown {
  const errors: jsonc.ParseError[] = [];
  const deep = deepSpans(text, start, end);
  for (const d of deep) problems.push({ start: d.start, end: d.start + 1, message: NESTING_MESSAGE });
  const slice = deep.length ? blankSpans(text, start, end, deep) : text.slice(start, end);
  const value = jsoncParser().parse(slice, errors, { allowTrailingComma: false, disallowComments: true });
  for (const e of errors) {
    problems.push({ start: start + e.offset, end: start + e.offset + Math.max(e.length, 1), message: describeError(e.error) });
  }
  return value;
}

/** A region's value: the native parser when the region is valid JSON, else the tolerant one. */
function parseRegion(text: string, r: Region, problems: SyntaxProblem[]): unknown {
  try { return JSON.parse(text.slice(r.start, r.end)); } catch { return parseTolerant(text, r.start, r.end, problems); }
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

/** A byte order mark, accepted as white space at the start of a file (offsets keep counting it). */
const BOM = 0xfeff;

export function parseContentFile(text: string): ParsedFile {
  // Fast path: the whole file is valid JSON.
  let whole: unknown;
  let valid = true;
  try { whole = JSON.parse(text.charCodeAt(0) === BOM ? text.slice(1) : text); } catch { valid = false; }
  if (valid) {
    return parsedFromJson(whole) ?? { objects: [], problems: [{ start: 0, end: Math.min(text.length, 1), message: 'A content file holds one object or an array of objects' }] };
  }
  const notJson = notJsonStart(text);
  if (notJson) return { objects: [], problems: [notJson] };
  return capped(parseRegions(text));
}

/**
 * One problem for a file that does not start as JSON does (notes, YAML, a script saved as .json): its first
 * word, where the parser would find a problem at nearly every word after it.
 */
function notJsonStart(text: string): SyntaxProblem | undefined {
  const start = /^\uFEFF?(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/.exec(text)![0].length;
  if (start >= text.length || /^(?:[[{"\-0-9]|(?:true|false|null)\b)/.test(text.slice(start, start + 6))) return undefined;
  const word = /^\S{1,40}/.exec(text.slice(start))![0];
  return {
    start, end: start + word.length,
    message: `Not JSON: a content file starts with "[" (a list of definitions) or "{" (one definition), this one with ${JSON.stringify(word)}; the game cannot read it`,
  };
}

/** Syntax problems shown of one file at most: past them, most are echoes of the first (one root cause, one report). */
const MAX_SYNTAX_PROBLEMS = 20;

function capped(parsed: ParsedFile): ParsedFile {
  const { problems } = parsed;
  if (problems.length <= MAX_SYNTAX_PROBLEMS) return parsed;
  const last = problems[MAX_SYNTAX_PROBLEMS];
  const more: SyntaxProblem = { start: last.start, end: last.end, message: `${last.message}; and ${problems.length - MAX_SYNTAX_PROBLEMS - 1} more syntax problem(s) after this one, not listed (the first ones often cause the rest)` };
  return { ...parsed, problems: [...problems.slice(0, MAX_SYNTAX_PROBLEMS), more] };
}

/** The slow path: a file with syntax errors, parsed object by object so that one error costs one object. */
function parseRegions(text: string): ParsedFile {
  const problems: SyntaxProblem[] = [];
  const objects: ParsedObject[] = [];
  const { regions, inArray } = scanTopLevel(text);
  const strays: number[] = [];
  regions.forEach((r, slot) => {
    if (!r.isObject) { if (inArray) strays.push(slot); return; }
    const value = parseRegion(text, r, problems);
    if (isPlainObject(value)) objects.push({ value, slot });
  });
  // Errors between the objects (missing commas, trailing commas, unclosed array...): a structural parse
  // with each object replaced by `{}` finds them cheaply and with the right offsets.
  let skeleton = text.charCodeAt(0) === BOM ? ' ' : '';
  let last = skeleton.length;
  for (const r of regions) {
    if (!r.isObject) continue;
    skeleton += text.slice(last, r.start) + '{}' + ' '.repeat(Math.max(0, r.end - r.start - 2));
    last = r.end;
  }
  skeleton += text.slice(last);
  // Values other than objects (`[[[...`) may nest too deep for the structural parse as well.
  const deep = deepSpans(skeleton, 0, skeleton.length, MAX_NESTING + (inArray ? 1 : 0));
  for (const d of deep) problems.push({ start: d.start, end: d.start + 1, message: NESTING_MESSAGE });
  if (deep.length) skeleton = blankSpans(skeleton, 0, skeleton.length, deep);
  const errors: jsonc.ParseError[] = [];
  jsoncParser().parse(skeleton, errors, { allowTrailingComma: false, disallowComments: true });
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
  return { objects, problems: unique, regions, ...(strays.length ? { strays } : {}) };
}

/**
 * Offsets of object `i` of a parsed file; `text` must be the text that was parsed (a function: asked for only
 * the first time, to find the regions).
 */
export function objectRange(parsed: ParsedFile, text: string | (() => string), i: number): { start: number; end: number } {
  return regionAt(parsed, text, slotOf(parsed, i));
}

/** Offsets of the file's top-level value in `slot` (see objectRange). */
export function regionAt(parsed: ParsedFile, text: string | (() => string), slot: number): { start: number; end: number } {
  const r = regionIn(parsed, text, slot);
  return r ? { start: r.start, end: r.end } : { start: 0, end: 0 };
}

/**
 * The start (`end` false) or the end of object `i` of a parsed file, as objectRange gives them, without making a
 * range: every definition's offsets are asked by its checks.
 */
export function objectOffset(parsed: ParsedFile, text: string | (() => string), i: number, end: boolean): number {
  const r = regionIn(parsed, text, slotOf(parsed, i));
  return r ? (end ? r.end : r.start) : 0;
}

function regionIn(parsed: ParsedFile, text: string | (() => string), slot: number): { readonly start: number; readonly end: number } | undefined {
  if (!parsed.regions) scanRegions(parsed, typeof text === 'string' ? text : text());
  return parsed.regions![slot];
}

function scanRegions(parsed: ParsedFile, text: string): void {
  const scan = parsed.wellFormed ? scanWellFormedFile(text) : undefined;
  if (scan) {
    parsed.regions = scan.regions;
    parsed.findings = scan.findings;
  } else {
    parsed.regions = scanTopLevel(text).regions;
  }
}

/**
 * What the text of object `i` hides (see syntax/definitionText.ts), when the scan that found the file's regions
 * found it too (a well-formed file); undefined otherwise (scan the definition on its own).
 */
export function findingsOf(parsed: ParsedFile, i: number): DefinitionTextFindings | undefined {
  return parsed.findings ? parsed.findings.get(slotOf(parsed, i)) ?? NO_FINDINGS : undefined;
}

const NO_FINDINGS: DefinitionTextFindings = { deep: [], badNumbers: [], duplicates: [] };

/**
 * The value of object `i` of a parsed file, parsed again from its text (records of unchecked types keep a
 * summary only; see records/record.ts fullValueOf). A broken object yields what the tolerant parser recovers.
 */
export function objectValue(parsed: ParsedFile, text: string, i: number): Record<string, unknown> {
  const { start, end } = objectRange(parsed, text, i);
  let value: unknown;
  try { value = JSON.parse(text.slice(start, end)); } catch { value = parseTolerant(text, start, end, []); }
  return isPlainObject(value) ? value : {};
}

/** The position of object `i` among the file's top-level values (-1: none). */
export function slotOf(parsed: ParsedFile, i: number): number {
  if (parsed.slots === 'identity') return i;
  if (parsed.slots) return parsed.slots[i] ?? -1;
  return parsed.objects[i]?.slot ?? -1;
}

function objectCount(parsed: ParsedFile): number {
  return parsed.slots === 'identity' ? parsed.objectCount ?? 0 : parsed.slots ? parsed.slots.length : parsed.objects.length;
}

/**
 * The parsed file without its values (the records hold them now): slots only, as one flag in the common case,
 * so that tens of thousands of small objects are not kept for the life of the index.
 */
export function compactParsed(parsed: ParsedFile): ParsedFile {
  const identity = parsed.objects.every((o, i) => o.slot === i);
  return {
    objects: [],
    slots: identity ? 'identity' : parsed.objects.map((o) => o.slot),
    objectCount: parsed.objects.length,
    problems: parsed.problems,
    strays: parsed.strays,
    regions: parsed.regions,
    wellFormed: parsed.wellFormed,
    findings: parsed.findings,
  };
}

/**
 * An edited buffer is usually a rope of concatenated pieces, on which every charCodeAt walks the rope. A regex
 * search makes V8 flatten the string in place, once.
 */
function flatten(s: string): void {
  /\u0000/.test(s);
}

/** Result of re-parsing a file against its previous version. */
export interface Reparse {
  readonly parsed: ParsedFile;
  /**
   * For each object of the new version, the index of the previous version's object with identical source
   * text, or -1. Such objects are not parsed again: their `value` is left empty for the caller to reuse.
   */
  readonly sameAs: readonly number[];
}

// JSON's white space only: a regex `\s` also matches U+FEFF (and U+00A0...), which JSON does not allow past the
// start of the file (a stray byte order mark between two objects is a syntax error).
const ARRAY_OPEN = /^\uFEFF?[ \t\n\r]*\[[ \t\n\r]*$/;
const SEPARATOR = /^[ \t\n\r]*,[ \t\n\r]*$/;
const ARRAY_CLOSE = /^[ \t\n\r]*\][ \t\n\r]*$/;

/**
 * Re-parses a file after an edit, parsing only the top-level objects whose text changed. Falls back to a full
 * parse unless the file is an array of objects with clean separators in both versions (the common case: an
 * edit inside one definition). The result equals `parseContentFile(text)` apart from the reused values.
 */
export function reparseContentFile(text: string, previousText: string, previous: ParsedFile): Reparse {
  flatten(text);
  flatten(previousText);
  const oldRegions = previous.regions ?? (previous.regions = scanTopLevel(previousText).regions);
  // The edited window: what lies between the common prefix and the common suffix of the two texts.
  const minLen = Math.min(text.length, previousText.length);
  const prefix = commonLength(minLen, (lo, hi) => text.slice(lo, hi) === previousText.slice(lo, hi));
  const full = (): Reparse => {
    const parsed = parseContentFile(text);
    // Even so, the objects wholly before the first changed character are the same objects (a keystroke that
    // leaves a string open swallows the rest of the file: the definitions above it stay).
    const regions = parsed.regions ?? (parsed.regions = scanTopLevel(text).regions);
    const before = (r: Region | undefined): boolean => r !== undefined && r.end <= prefix;
    const oldCount = objectCount(previous);
    return { parsed, sameAs: parsed.objects.map((o, k) => (k < oldCount && slotOf(previous, k) === o.slot && before(regions[o.slot]) && before(oldRegions[o.slot]) ? k : -1)) };
  };
  if (oldRegions.length === 0 || oldRegions.length !== objectCount(previous) || !cleanStructure(previousText, oldRegions)) return full();
  const suffix = commonLength(minLen - prefix, (lo, hi) => text.slice(text.length - hi, text.length - lo) === previousText.slice(previousText.length - hi, previousText.length - lo));
  const delta = text.length - previousText.length;
  const oldChangeEnd = previousText.length - suffix;
  // Old regions wholly before the window, and wholly after it, are unchanged.
  let first = 0;
  while (first < oldRegions.length && oldRegions[first].end <= prefix) first++;
  let last = oldRegions.length - 1;
  while (last >= first && oldRegions[last].start >= oldChangeEnd) last--;
  const from = Math.min(prefix, first < oldRegions.length ? oldRegions[first].start : prefix);
  const oldTo = Math.max(oldChangeEnd, last >= first ? oldRegions[last].end : oldChangeEnd);
  // Rescan the window; it must end between values, or the structure changed: parse everything.
  const window = scanRange(text, from, oldTo + delta, 1, 1);
  if (!window.clean || window.regions.some((r) => !r.isObject)) return full();
  const tail = oldRegions.slice(last + 1).map((r) => ({ start: r.start + delta, end: r.end + delta, isObject: true }));
  const regions = [...oldRegions.slice(0, first), ...window.regions, ...tail];
  if (!cleanStructure(text, regions)) return full();
  const objects: ParsedObject[] = [];
  const sameAs: number[] = [];
  const problems: SyntaxProblem[] = [];
  const keep = (k: number, old: number): void => {
    objects.push({ value: EMPTY, slot: k });
    sameAs.push(old);
    // A still-broken object keeps its syntax problems, moved with it.
    const was = oldRegions[old], shift = regions[k].start - was.start;
    for (const p of previous.problems) if (p.start >= was.start && p.start <= was.end) problems.push({ start: p.start + shift, end: p.end + shift, message: p.message });
  };
  for (let k = 0; k < first; k++) keep(k, k);
  window.regions.forEach((r, w) => {
    const value = parseRegion(text, r, problems);
    objects.push({ value: isPlainObject(value) ? value : {}, slot: first + w });
    sameAs.push(-1);
  });
  for (let t = 0; t < tail.length; t++) keep(first + window.regions.length + t, last + 1 + t);
  problems.sort((a, b) => a.start - b.start);
  return { parsed: { objects, problems: problems.filter((p, i) => i === 0 || p.start !== problems[i - 1].start), regions }, sameAs };
}

/**
 * The length of the common run (of at most `max`) by binary search over `same(lo, hi)`, which compares the
 * two texts on [lo, hi) of that run: native substring comparisons instead of a character loop.
 */
function commonLength(max: number, same: (lo: number, hi: number) => boolean): number {
  let lo = 0, hi = max;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (same(lo, mid)) lo = mid; else hi = mid - 1;
  }
  return lo;
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** `[ {..}, {..} ]` with nothing but commas and white space between the objects. */
function cleanStructure(text: string, regions: readonly Region[]): boolean {
  if (regions.length === 0 || regions.some((r) => !r.isObject)) return false;
  if (!ARRAY_OPEN.test(text.slice(0, regions[0].start))) return false;
  for (let k = 1; k < regions.length; k++) if (!SEPARATOR.test(text.slice(regions[k - 1].end, regions[k].start))) return false;
  const tail = text.slice(regions[regions.length - 1].end);
  return ARRAY_CLOSE.test(tail) && text.charCodeAt(regions[regions.length - 1].end - 1) === CLOSE_BRACE;
}
