/**
 * The game's own JSON style: what CDDA's `json_formatter` (tools/format/format.cpp over JsonOut in src/json.cpp,
 * CleverRaven/Cataclysm-DDA) writes, which the game's CI enforces on every file under data/. Text in, formatted
 * text out; no package on npm reproduces it (json-stringify-pretty-compact is the closest idea, but it measures
 * lines differently, re-serializes numbers and strings, and knows nothing of the rules below).
 *
 * The rules, as the game's formatter applies them:
 * - Two spaces per level. The top-level value and its elements (depth 0 and 1) are always wrapped: one element
 *   or member per line.
 * - Deeper arrays and objects are written on one line, `[ a, b ]` / `{ "k": v }` (a space inside the brackets,
 *   `, ` between elements, `": "` after a name, `[  ]` / `{  }` when empty), when that rendering takes at most
 *   120 bytes of UTF-8; otherwise they are wrapped. The 120 bytes count the value itself (not the member name
 *   before it, nor the indentation) plus, for an array element after the first, the separator written before
 *   it: `, ` (2 bytes) inside a one-line array, `,` + newline + indentation inside a wrapped one. So one value can
 *   fit on one line as the first element of a wrapped array and not as the second.
 * - A member named `rows`, `blueprint` or `picture` (map rows, construction blueprints, ASCII art) whose array
 *   has more than one element is always wrapped, one row per line, whatever its length. Its value must be an
 *   array (the game's formatter fails otherwise, and so does this one).
 * - String values are copied as written, escapes included (`"\u00e9"` stays `"\u00e9"`, `"é"` stays `"é"`).
 *   Member names are decoded and written again by JsonOut's rules: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other
 *   control characters as `\u00XX` (upper-case hex), everything else as the character itself (`\/` -> `/`,
 *   `\u00e9` -> `é`; `\u0000` is dropped).
 * - Numbers: without a `.`, an integer (exponent applied: `1e3` -> `1000`, `-0` -> `0`; a negative exponent
 *   such as `1e-3` is refused by the game's formatter, so here too). With a `.`, a double (mantissa digits times
 *   a power of ten) printed as `%f` (6 decimals, round half to even) with trailing zeros dropped but one kept
 *   after the point: `1.50` -> `1.5`, `2.0` -> `2.0`, `1.5e3` -> `1500.0`, `0.0000001` -> `0.0`, `-0.0` stays.
 * - `true`, `false`, `null` as such; the file ends with one newline.
 *
 * Where this differs from the game's formatter, on purpose:
 * - The input must be JSON (RFC 8259). The game's reader also takes a few things JSON does not (`+1`, `.5`,
 *   a stray `]` after the top-level value); here they are errors and nothing is changed. JSON with comments is
 *   not JSON, and the game refuses it: a file with comments is an error too (comments are not kept, as there is
 *   nothing to keep them in). The game's own data has no comments (`"//"` members are plain members, kept).
 * - Line endings are the file's: a file whose first line break is CRLF gets CRLF throughout (the game's formatter
 *   on Windows compares without the CRs). A UTF-8 byte order mark is dropped (the game refuses files that have
 *   one). A number whose value is out of the range of a double is an error (the game would write `inf`).
 * - A member name with `\u` escapes of UTF-16 surrogates: the game writes each half as 3 bytes (CESU-8, not
 *   valid UTF-8); here the character itself is written.
 * - Nesting deeper than MAX_FORMAT_NESTING levels is refused (no data comes close).
 */

/** The longest one-line rendering of a nested array or object, in bytes of UTF-8. */
export const LINE_LIMIT = 120;
/** Members whose array value is wrapped one element per line when it has more than one element. */
export const ALWAYS_WRAPPED = ['rows', 'blueprint', 'picture'] as const;
/** Nesting the formatter accepts (the recursion stays far from the stack's limit). */
export const MAX_FORMAT_NESTING = 1000;

export interface FormatProblem {
  readonly message: string;
  /** Offset in the text given where the problem is. */
  readonly offset: number;
}

export type FormatResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly problem: FormatProblem };

/** One replacement of [start, end) of the old text. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

const WRAPPED_MEMBERS = new Set<string>(ALWAYS_WRAPPED);

class FormatError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

const enum Ch {
  Tab = 0x09, Lf = 0x0a, Cr = 0x0d, Space = 0x20, Quote = 0x22, Plus = 0x2b, Comma = 0x2c, Minus = 0x2d, Dot = 0x2e,
  Slash = 0x2f, Star = 0x2a, Zero = 0x30, Nine = 0x39, Colon = 0x3a, OpenBracket = 0x5b, Backslash = 0x5c,
  CloseBracket = 0x5d, OpenBrace = 0x7b, CloseBrace = 0x7d, LowerE = 0x65, UpperE = 0x45,
}

function isDigit(c: number): boolean {
  return c >= Ch.Zero && c <= Ch.Nine;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isSpace(c: number): boolean {
  return c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab;
}

/** Bytes of a string's UTF-8 encoding (a lone surrogate is written as U+FFFD, 3 bytes). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) { n += 1; continue; }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n += 2; i++; continue; } // 2 code units, 4 bytes
    }
    n += 2;
  }
  return n;
}

/** The separator counted with an array element after the first: `, `, or `,` newline indentation when wrapped. */
function separatorBytes(depth: number, wrapped: boolean): number {
  return wrapped ? 2 + 2 * (depth + 1) : 2;
}

// ------------------------------------------------------------------------------------------------ measuring

/**
 * What the first pass learns, per array or object in document order (pre-order, the order of their opening
 * brackets): the bytes of its one-line rendering, and whether it is always wrapped. Plus the output of the
 * few tokens not written as they are (member names with escapes, numbers written differently), by offset.
 */
interface Layout {
  oneLine: Float64Array;
  forced: Uint8Array;
  readonly rewritten: Map<number, string>;
  /** The top-level array's elements: offsets and the index of the first container at or after each. */
  readonly top: { starts: number[]; ends: number[]; commas: number[]; containers: number[] } | undefined;
}

/** Whether a container is written wrapped: always at depth 0 and 1, or forced, or when too long for one line. */
function wraps(layout: Layout, index: number, depth: number, separator: number): boolean {
  return depth <= 1 || layout.forced[index] === 1 || separator + layout.oneLine[index] > LINE_LIMIT;
}

/**
 * Pass 1: checks that the text is JSON (and that the game's formatter takes it), and measures every
 * container bottom-up. Each value leaves its results in the `last*` fields (no allocation per value).
 */
class Measurer implements Layout {
  pos = 0;
  oneLine = new Float64Array(256);
  forced = new Uint8Array(256);
  readonly rewritten = new Map<number, string>();
  top: Layout['top'] = undefined;
  private count = 0;
  /** Kind of the last value: 0 scalar, 1 array, 2 object. */
  private lastKind = 0;
  /** Bytes of its one-line rendering (a scalar's bytes). */
  private lastOne = 0;
  /** Bytes of its wrapped rendering (containers). */
  private lastWrapped = 0;
  /** Its container index, and its number of elements (containers). */
  private lastIndex = 0;
  private lastLength = 0;
  /** Whether the last string had an escape. */
  private lastEscaped = false;

  constructor(private readonly text: string) {}

  fail(message: string, offset = this.pos): never {
    throw new FormatError(message, offset);
  }

  skipSpace(): void {
    const t = this.text;
    let i = this.pos;
    while (isSpace(t.charCodeAt(i))) i++;
    this.pos = i;
  }

  private newContainer(): number {
    const i = this.count++;
    if (i >= this.oneLine.length) {
      const one = new Float64Array(this.oneLine.length * 2);
      one.set(this.oneLine);
      this.oneLine = one;
      const forced = new Uint8Array(this.forced.length * 2);
      forced.set(this.forced);
      this.forced = forced;
    }
    return i;
  }

  value(depth: number): void {
    this.skipSpace();
    const t = this.text;
    const c = t.charCodeAt(this.pos);
    if (c === Ch.Quote) { this.lastKind = 0; this.lastOne = this.string(); return; }
    if (c === Ch.OpenBracket) { this.array(depth); return; }
    if (c === Ch.OpenBrace) { this.object(depth); return; }
    if (c === Ch.Minus || isDigit(c)) { this.number(); return; }
    const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : c === 0x6e ? 'null' : undefined;
    if (word !== undefined && t.startsWith(word, this.pos)) {
      this.pos += word.length;
      this.lastKind = 0;
      this.lastOne = word.length;
      return;
    }
    if (c === Ch.Slash && (t.charCodeAt(this.pos + 1) === Ch.Slash || t.charCodeAt(this.pos + 1) === Ch.Star)) this.failComment();
    if (this.pos >= t.length) this.fail('Unexpected end of the text: a value is missing');
    this.fail(`Expected a JSON value, found ${describe(t, this.pos)}`);
  }

  failComment(): never {
    this.fail('Comments are not JSON (the game cannot read this file): remove them, or make them "//" members');
  }

  /** Scans a string from its opening quote; returns the UTF-8 bytes of its text as written (quotes included). */
  string(): number {
    const t = this.text;
    const start = this.pos;
    let i = start + 1;
    let bytes = 2;
    let escaped = false;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === Ch.Quote) { i++; break; }
      if (c < 0x80 && c >= 0x20 && c !== Ch.Backslash) { bytes++; i++; continue; }
      if (c === Ch.Backslash) {
        escaped = true;
        const e = t.charCodeAt(i + 1);
        if (e === 0x75 /* u */) {
          for (let k = 2; k < 6; k++) if (!isHex(t.charCodeAt(i + k))) this.fail('Invalid \\u escape: four hexadecimal digits expected', i);
          i += 6;
          bytes += 6;
          continue;
        }
        if (e === Ch.Quote || e === Ch.Backslash || e === Ch.Slash || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
          i += 2;
          bytes += 2;
          continue;
        }
        this.fail(i + 1 >= t.length ? 'Unterminated string' : `Invalid escape sequence \\${t.charAt(i + 1)}`, i + 1 >= t.length ? start : i);
      }
      if (i >= t.length) this.fail('Unterminated string', start);
      if (c < 0x20) this.fail(c === Ch.Lf || c === Ch.Cr ? 'Unterminated string (a string ends on its line)' : 'A control character inside a string must be escaped', i);
      if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length && t.charCodeAt(i + 1) >= 0xdc00 && t.charCodeAt(i + 1) <= 0xdfff) { bytes += 4; i++; }
      else bytes += 3;
      i++;
    }
    this.pos = i;
    this.lastEscaped = escaped;
    return bytes;
  }

  number(): void {
    const t = this.text;
    const start = this.pos;
    let i = start;
    if (t.charCodeAt(i) === Ch.Minus) i++;
    const intStart = i;
    if (t.charCodeAt(i) === Ch.Zero) i++;
    else if (isDigit(t.charCodeAt(i))) while (isDigit(t.charCodeAt(i))) i++;
    else this.fail('Invalid number: a digit must follow "-"', i);
    const intDigits = i - intStart;
    let fracDigits = -1;
    if (t.charCodeAt(i) === Ch.Dot) {
      i++;
      const fracStart = i;
      if (!isDigit(t.charCodeAt(i))) this.fail('Invalid number: a digit must follow "."', i);
      while (isDigit(t.charCodeAt(i))) i++;
      fracDigits = i - fracStart;
    }
    let exponent = false;
    const e = t.charCodeAt(i);
    if (e === Ch.LowerE || e === Ch.UpperE) {
      exponent = true;
      i++;
      const s = t.charCodeAt(i);
      if (s === Ch.Plus || s === Ch.Minus) i++;
      if (!isDigit(t.charCodeAt(i))) this.fail('Invalid number: a digit must follow the exponent', i);
      while (isDigit(t.charCodeAt(i))) i++;
    }
    if (isDigit(t.charCodeAt(i))) this.fail('Invalid number: no leading zeros', i);
    this.pos = i;
    this.lastKind = 0;
    // Most numbers are written as they are: integers of up to 15 digits (but -0), decimals of up to 9 + 6 digits
    // without trailing zeros (the double's error cannot reach the 6th decimal, so %f gives back the digits).
    if (!exponent) {
      if (fracDigits < 0 && intDigits <= 15 && !(intDigits === 1 && t.charCodeAt(start) === Ch.Minus && t.charCodeAt(intStart) === Ch.Zero)) {
        this.lastOne = i - start;
        return;
      }
      if (fracDigits > 0 && fracDigits <= 6 && intDigits <= 9 && (t.charCodeAt(i - 1) !== Ch.Zero || fracDigits === 1)) {
        this.lastOne = i - start;
        return;
      }
    }
    const out = formatNumber(t.slice(start, i));
    if (typeof out !== 'string') this.fail(out.message, start);
    this.rewritten.set(start, out);
    this.lastOne = out.length;
  }

  array(depth: number): void {
    if (depth >= MAX_FORMAT_NESTING) this.fail(`Nesting deeper than ${MAX_FORMAT_NESTING} levels is not formatted`);
    const t = this.text;
    const index = this.newContainer();
    const top = depth === 0 ? { starts: [] as number[], ends: [] as number[], commas: [] as number[], containers: [] as number[] } : undefined;
    this.pos++;
    this.skipSpace();
    let n = 0, one = 0, wrapped = 0;
    const between = separatorBytes(depth, true);
    if (t.charCodeAt(this.pos) === Ch.CloseBracket) {
      this.pos++;
    } else {
      for (;;) {
        if (top) { this.skipSpace(); top.starts.push(this.pos); top.containers.push(this.count); }
        this.value(depth + 1);
        if (top) top.ends.push(this.pos);
        one += this.lastOne;
        wrapped += this.lastKind === 0 || !wraps(this, this.lastIndex, depth + 1, n === 0 ? 0 : between) ? this.lastOne : this.lastWrapped;
        n++;
        this.skipSpace();
        const c = t.charCodeAt(this.pos);
        if (c === Ch.Comma) {
          top?.commas.push(this.pos);
          this.pos++;
          this.skipSpace();
          if (t.charCodeAt(this.pos) === Ch.CloseBracket) this.fail('A comma is not allowed before "]"');
          continue;
        }
        if (c === Ch.CloseBracket) { this.pos++; break; }
        this.expected('"]"', c);
      }
    }
    if (top) this.top = top;
    this.finish(index, depth, n, one, wrapped, 1);
  }

  object(depth: number): void {
    if (depth >= MAX_FORMAT_NESTING) this.fail(`Nesting deeper than ${MAX_FORMAT_NESTING} levels is not formatted`);
    const t = this.text;
    const index = this.newContainer();
    this.pos++;
    this.skipSpace();
    let n = 0, one = 0, wrapped = 0;
    if (t.charCodeAt(this.pos) === Ch.CloseBrace) {
      this.pos++;
    } else {
      for (;;) {
        this.skipSpace();
        if (t.charCodeAt(this.pos) !== Ch.Quote) {
          if (t.charCodeAt(this.pos) === Ch.Slash) this.failComment();
          this.fail(this.pos >= t.length ? 'Unexpected end of the text: a member name expected' : `Expected a member name in double quotes, found ${describe(t, this.pos)}`);
        }
        const nameStart = this.pos;
        let nameBytes = this.string();
        let name: string | undefined; // the decoded name, when it has escapes or may be always wrapped
        if (this.lastEscaped) {
          name = decodeEscapes(t.slice(nameStart + 1, this.pos - 1));
          const written = `"${escapeName(name)}"`;
          this.rewritten.set(nameStart, written);
          nameBytes = utf8Length(written);
        } else if (nameBytes === 6 || nameBytes === 9 || nameBytes === 11) {
          name = t.slice(nameStart + 1, this.pos - 1);
        }
        this.skipSpace();
        if (t.charCodeAt(this.pos) !== Ch.Colon) this.fail(`Expected ":" after the member name, found ${describe(t, this.pos)}`);
        this.pos++;
        this.skipSpace();
        const valueStart = this.pos;
        this.value(depth + 1);
        if (name !== undefined && WRAPPED_MEMBERS.has(name)) {
          if (this.lastKind !== 1) this.fail(`"${name}" must be an array: the game's formatter reads it as one (to put each row on its own line)`, valueStart);
          if (this.lastLength > 1) this.forced[this.lastIndex] = 1;
        }
        const forced = this.lastKind !== 0 && this.forced[this.lastIndex] === 1;
        one += nameBytes + 2 + (forced ? this.lastWrapped : this.lastOne);
        wrapped += nameBytes + 2 + (this.lastKind === 0 || !wraps(this, this.lastIndex, depth + 1, 0) ? this.lastOne : this.lastWrapped);
        n++;
        this.skipSpace();
        const c = t.charCodeAt(this.pos);
        if (c === Ch.Comma) {
          this.pos++;
          this.skipSpace();
          if (t.charCodeAt(this.pos) === Ch.CloseBrace) this.fail('A comma is not allowed before "}"');
          continue;
        }
        if (c === Ch.CloseBrace) { this.pos++; break; }
        this.expected('"}"', c);
      }
    }
    this.finish(index, depth, n, one, wrapped, 2);
  }

  private expected(close: string, c: number): never {
    if (c === Ch.Slash) this.failComment();
    this.fail(this.pos >= this.text.length ? `Unexpected end of the text: ${close} expected` : `Expected "," or ${close}, found ${describe(this.text, this.pos)}`);
  }

  /** Completes a container's sums: brackets, the spaces or line breaks inside them, the separators. */
  private finish(index: number, depth: number, n: number, one: number, wrapped: number, kind: 1 | 2): void {
    const inner = 2 * (depth + 1);
    if (n === 0) {
      one = 4; // "[  ]"
      wrapped = 2 + (1 + inner) + (1 + 2 * depth);
    } else {
      one += 4 + 2 * (n - 1);
      wrapped += 2 + (1 + inner) + (1 + 2 * depth) + (n - 1) * (2 + inner);
    }
    this.oneLine[index] = one;
    this.lastKind = kind;
    this.lastOne = one;
    this.lastWrapped = wrapped;
    this.lastIndex = index;
    this.lastLength = n;
  }
}

function describe(text: string, at: number): string {
  if (at >= text.length) return 'the end of the text';
  const cp = text.codePointAt(at)!;
  return cp < 0x20 ? `character U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : `"${String.fromCodePoint(cp)}"`;
}

/** The characters of a JSON string body (escapes already checked), as the game decodes them. */
function decodeEscapes(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => {
    switch (e[0]) {
      case 'b': return '\b';
      case 'f': return '\f';
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      case 'u': {
        const code = parseInt(e.slice(1), 16);
        return code === 0 ? '' : String.fromCharCode(code); // the game appends a C string: U+0000 is lost
      }
      default: return e; // \" \\ \/
    }
  });
}

/** JsonOut::write's escaping of a member name. */
function escapeName(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/["\\\u0000-\u001f]/g, (c) => {
    switch (c) {
      case '"': return '\\"';
      case '\\': return '\\\\';
      case '\b': return '\\b';
      case '\f': return '\\f';
      case '\n': return '\\n';
      case '\r': return '\\r';
      case '\t': return '\\t';
      default: return `\\u00${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    }
  });
}

// ------------------------------------------------------------------------------------------------ numbers

const UINT64 = 1n << 64n;
const UINT64_MAX = UINT64 - 1n;
const INT64_MAX = (1n << 63n) - 1n;
const TENTH_OF_UINT64_MAX = UINT64_MAX / 10n;

/**
 * pow(10, e) as the game's C library (glibc) computes it: correctly rounded but for 10^23 and 10^210, one unit
 * in the last place above (checked for every e in [-400, 400] against glibc 2.36's pow).
 */
const POW10 = new Map<number, number>([[23, 1.0000000000000001e23], [210, 1.0000000000000001e210]]);
function pow10(e: number): number {
  if (e > 400) return Infinity;
  if (e < -400) return 0;
  let v = POW10.get(e);
  if (v === undefined) { v = Number(`1e${e}`); POW10.set(e, v); }
  return v;
}

interface Decimal {
  readonly negative: boolean;
  /** Every digit of the mantissa (integer and fraction parts), as the game accumulates them: modulo 2^64. */
  readonly mantissa: bigint;
  /** Exponent (the written one, less the fraction digits). */
  readonly exp: number;
}

function decimalOf(raw: string): Decimal {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(raw)!;
  const digits = m[2] + (m[3] ?? '');
  const written = m[4] === undefined ? 0 : Number(m[4]);
  return { negative: m[1] === '-', mantissa: BigInt(digits) % UINT64, exp: (Number.isFinite(written) ? written : Math.sign(written) * 1e9) - (m[3]?.length ?? 0) };
}

const SIMPLE_INT = /^-?\d{1,15}$/;
const SIMPLE_FLOAT = /^(-?\d{1,9})\.(\d{1,6})$/;

/**
 * A number literal as the game's formatter writes it, or why it cannot be formatted. `raw` is a valid JSON
 * number.
 */
export function formatNumber(raw: string): string | { message: string } {
  if (raw.indexOf('.') < 0) {
    if (SIMPLE_INT.test(raw)) return raw === '-0' ? '0' : raw;
    // An integer: the exponent is applied digit by digit, in 64 bits.
    const d = decimalOf(raw);
    if (d.exp < 0) return { message: `${raw}: the game's formatter reads a number without "." as an integer, and an integer cannot have a negative exponent; write it with a decimal point` };
    let n = d.mantissa;
    for (let i = 0; n !== 0n && i < d.exp; i++) {
      if (n > TENTH_OF_UINT64_MAX) return { message: `${raw}: too large for the game's formatter (more than 64 bits)` };
      n *= 10n;
    }
    if (raw.indexOf('-') < 0) return n.toString();
    if (!d.negative && n > INT64_MAX) return { message: `${raw}: larger than the game's signed 64-bit integers` };
    if (d.negative && n > INT64_MAX + 1n) return { message: `${raw}: smaller than the game's signed 64-bit integers` };
    return d.negative && n !== 0n ? `-${n}` : n.toString();
  }
  const simple = SIMPLE_FLOAT.exec(raw);
  if (simple) {
    // Few enough digits that the double's error cannot reach the 6th decimal: %f gives back the digits written.
    const frac = simple[2].replace(/0+$/, '');
    return `${simple[1]}.${frac === '' ? '0' : frac}`;
  }
  const d = decimalOf(raw);
  const value = Number(d.mantissa) * pow10(d.exp) * (d.negative ? -1 : 1);
  if (!Number.isFinite(value)) return { message: `${raw}: out of the range of a double (the game's formatter would write "inf")` };
  let s = fixed6(value);
  s = s.replace(/0+$/, '');
  return s.endsWith('.') ? `${s}0` : s;
}

/** C's printf("%f", x): 6 decimals, exact, ties to even. */
export function fixed6(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const a = Math.abs(x);
  if (a >= 1e21) return `${sign}${BigInt(a)}.000000`; // an integer at that size
  // toFixed is exact but rounds ties away from zero; a tie is a * 10^6 = k + 1/2 exactly, i.e. a * 128 odd.
  const t = a * 128;
  if (Number.isInteger(t) && t % 2 === 1) {
    // a * 10^6 = t * 15625 / 2 = k + 1/2: round to the even neighbour.
    let k = (BigInt(t) * 15625n - 1n) / 2n;
    if (k % 2n === 1n) k += 1n;
    return `${sign}${k / 1000000n}.${String(k % 1000000n).padStart(6, '0')}`;
  }
  return `${sign}${a.toFixed(6)}`;
}
// ------------------------------------------------------------------------------------------------ writing

/**
 * Pass 2: walks the (checked) text again and writes it into a growing UTF-16 buffer, decoded once at the end:
 * far cheaper than building a tree and joining hundreds of thousands of small strings. Strings and most
 * numbers are copied from the source.
 */
class Writer {
  private buf: Uint16Array;
  private n = 0;
  pos = 0;
  /** The index of the next container (pre-order, as the measurer numbered them). */
  container = 0;
  /** Whether any token is written differently from the source. */
  private readonly rewriting: boolean;

  constructor(private readonly source: string, private readonly layout: Layout, private readonly crlf: boolean) {
    this.buf = new Uint16Array(Math.max(1024, source.length * 2));
    this.rewriting = layout.rewritten.size > 0;
  }

  private room(k: number): void {
    if (this.n + k <= this.buf.length) return;
    const next = new Uint16Array(Math.max(this.buf.length * 2, this.n + k));
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }

  /** Text without line breaks. */
  raw(t: string): void {
    this.room(t.length);
    const b = this.buf;
    let n = this.n;
    for (let i = 0; i < t.length; i++) b[n++] = t.charCodeAt(i);
    this.n = n;
  }

  char(c: number): void {
    this.room(1);
    this.buf[this.n++] = c;
  }

  /** A line break, then `level` levels of indentation. */
  newline(level: number): void {
    this.room(2 + 2 * level);
    const b = this.buf;
    let n = this.n;
    if (this.crlf) b[n++] = Ch.Cr;
    b[n++] = Ch.Lf;
    for (let i = 2 * level; i > 0; i--) b[n++] = Ch.Space;
    this.n = n;
  }

  private copy(start: number, end: number): void {
    this.room(end - start);
    const b = this.buf, src = this.source;
    let n = this.n;
    for (let i = start; i < end; i++) b[n++] = src.charCodeAt(i);
    this.n = n;
  }

  private skipSpace(): void {
    const t = this.source;
    let i = this.pos;
    while (isSpace(t.charCodeAt(i))) i++;
    this.pos = i;
  }

  /** Just past the string opening at `i`. */
  private stringEnd(i: number): number {
    const t = this.source;
    for (i++; ; i++) {
      const c = t.charCodeAt(i);
      if (c === Ch.Quote) return i + 1;
      if (c === Ch.Backslash) i++;
    }
  }

  /** Writes the value at `pos` (its separator, if any, is written): `separator` is the bytes counted with it. */
  value(depth: number, separator: number): void {
    this.skipSpace();
    const t = this.source;
    const start = this.pos;
    const c = t.charCodeAt(start);
    if (c === Ch.OpenBracket || c === Ch.OpenBrace) {
      const index = this.container++;
      this.collection(c === Ch.OpenBracket, depth, wraps(this.layout, index, depth, separator));
      return;
    }
    let end: number;
    if (c === Ch.Quote) end = this.stringEnd(start);
    else {
      end = start + 1;
      for (let k = t.charCodeAt(end); isDigit(k) || k === Ch.Dot || k === Ch.Minus || k === Ch.Plus || k === Ch.LowerE || k === Ch.UpperE || (k >= 0x61 && k <= 0x7a); k = t.charCodeAt(++end));
      const out = this.rewriting ? this.layout.rewritten.get(start) : undefined;
      if (out !== undefined) { this.raw(out); this.pos = end; return; }
    }
    this.copy(start, end);
    this.pos = end;
  }

  collection(isArray: boolean, depth: number, wrapped: boolean): void {
    const t = this.source;
    const close = isArray ? Ch.CloseBracket : Ch.CloseBrace;
    this.char(isArray ? Ch.OpenBracket : Ch.OpenBrace);
    if (wrapped) this.newline(depth + 1); else this.char(Ch.Space);
    this.pos++;
    const between = separatorBytes(depth, wrapped);
    for (let i = 0; ; i++) {
      this.skipSpace();
      if (t.charCodeAt(this.pos) === close) break;
      if (i > 0) {
        this.pos++; // the comma
        this.skipSpace();
        this.char(Ch.Comma);
        if (wrapped) this.newline(depth + 1); else this.char(Ch.Space);
      }
      if (isArray) {
        this.value(depth + 1, i === 0 ? 0 : between);
      } else {
        const nameStart = this.pos;
        const nameEnd = this.stringEnd(nameStart);
        const name = this.rewriting ? this.layout.rewritten.get(nameStart) : undefined;
        if (name !== undefined) this.raw(name); else this.copy(nameStart, nameEnd);
        this.char(Ch.Colon);
        this.char(Ch.Space);
        this.pos = nameEnd;
        this.skipSpace();
        this.pos++; // the colon
        this.value(depth + 1, 0);
      }
    }
    this.pos++;
    if (wrapped) this.newline(depth); else this.char(Ch.Space);
    this.char(close);
  }

  text(): string {
    return UTF16.decode(this.buf.subarray(0, this.n));
  }
}

const UTF16 = new TextDecoder('utf-16le');

/** The line break the file uses (its first one), CRLF or LF. */
export function lineBreakOf(text: string): '\n' | '\r\n' {
  const lf = text.indexOf('\n');
  return lf > 0 && text.charCodeAt(lf - 1) === Ch.Cr ? '\r\n' : '\n';
}

function measure(json: string): Layout {
  const m = new Measurer(json);
  m.value(0);
  m.skipSpace();
  if (m.pos < json.length) {
    const c = json.charCodeAt(m.pos);
    if (c === Ch.Slash) m.failComment();
    m.fail(`Unexpected ${describe(json, m.pos)} after the end of the top-level value`);
  }
  return m;
}

/** The whole text: the top-level value (wrapped when it is an array or object), then a line break. */
function render(json: string, layout: Layout): string {
  const w = new Writer(json, layout, lineBreakOf(json) === '\r\n');
  w.value(0, 0);
  w.newline(0);
  return w.text();
}

/** Splits off a leading byte order mark (the output never has one). */
function body(text: string): { skip: number; json: string } {
  return text.charCodeAt(0) === 0xfeff ? { skip: 1, json: text.slice(1) } : { skip: 0, json: text };
}

function problemAt(err: unknown, skip: number): FormatProblem {
  if (err instanceof FormatError) return { message: err.message, offset: err.offset + skip };
  if (err instanceof RangeError) return { message: 'Too deeply nested to format', offset: 0 };
  throw err;
}

/** The whole text in the game's style, or why it cannot be formatted (then nothing should change). */
export function formatCdda(text: string): FormatResult {
  const { skip, json } = body(text);
  try {
    return { ok: true, text: render(json, measure(json)) };
  } catch (err) {
    return { ok: false, problem: problemAt(err, skip) };
  }
}

/**
 * One member, `"name": value` (`valueJson` is JSON text), as the game's formatter writes it among the members of
 * an object at nesting `depth` (a definition in the top-level array is at depth 1, a file's one object at 0):
 * from the name to the end of the value, each line break followed by that place's indentation. The text a fix
 * inserts into a formatted definition so that the file stays formatted.
 */
export function formatMember(name: string, valueJson: string, depth: number, lineBreak: '\n' | '\r\n' = '\n'): FormatResult {
  const json = `{${JSON.stringify(name)}: ${valueJson}}`;
  try {
    const w = new Writer(json, measure(json), lineBreak === '\r\n');
    w.container = 1; // the object around the member is container 0: written wrapped, then taken off
    w.collection(false, depth, true);
    const text = w.text();
    const open = `{${lineBreak}${' '.repeat(2 * (depth + 1))}`, close = `${lineBreak}${' '.repeat(2 * depth)}}`;
    return { ok: true, text: text.slice(open.length, text.length - close.length) };
  } catch (err) {
    return { ok: false, problem: problemAt(err, 0) };
  }
}

/** True when the text is exactly as the game's formatter writes it. */
export function isCddaFormatted(text: string): boolean {
  const r = formatCdda(text);
  return r.ok && r.text === text;
}

/**
 * The one edit that turns `before` into `after`: the span between their common prefix and suffix. Its ends
 * never split a CRLF nor a surrogate pair. Undefined when they are equal.
 */
export function minimalEdit(before: string, after: string, offset = 0): TextEdit | undefined {
  if (before === after) return undefined;
  const max = Math.min(before.length, after.length);
  let p = 0;
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  const splits = (t: string, i: number): boolean => {
    if (i <= 0 || i >= t.length) return false;
    const a = t.charCodeAt(i - 1), b = t.charCodeAt(i);
    return (a === Ch.Cr && b === Ch.Lf) || (a >= 0xd800 && a <= 0xdbff && b >= 0xdc00 && b <= 0xdfff);
  };
  while (p > 0 && (splits(before, p) || splits(after, p))) p--;
  while (s > 0 && (splits(before, before.length - s) || splits(after, after.length - s))) s--;
  return { start: offset + p, end: offset + before.length - s, newText: after.slice(p, after.length - s) };
}

export type EditResult = { readonly ok: true; readonly edit: TextEdit | undefined } | { readonly ok: false; readonly problem: FormatProblem };

/** The edit that formats the whole text (undefined: already formatted), or why it cannot be formatted. */
export function formatEdit(text: string): EditResult {
  const r = formatCdda(text);
  return r.ok ? { ok: true, edit: minimalEdit(text, r.text) } : r;
}

/**
 * Formats the top-level definitions that [start, end) touches (elements of the top-level array), with the
 * line breaks and indentation around them (and the file's start or end when the first or last definition is
 * in); the rest of the file is left as it is. A text whose top-level
 * value is not an array, or a range that touches none of its elements, formats the whole text. The whole text
 * must be JSON.
 */
export function formatRangeEdit(text: string, start: number, end: number): EditResult {
  const { skip, json } = body(text);
  let layout: Layout;
  try {
    layout = measure(json);
  } catch (err) {
    return { ok: false, problem: problemAt(err, skip) };
  }
  const top = layout.top;
  const whole = (): EditResult => ({ ok: true, edit: minimalEdit(text, render(json, layout)) });
  if (!top || top.starts.length === 0) return whole();
  const from = start - skip, to = end - skip;
  let first = -1, last = -1;
  for (let i = 0; i < top.starts.length; i++) {
    const s = top.starts[i], e = top.ends[i];
    if (from === to ? s <= from && from <= e : s < to && from < e) { if (first < 0) first = i; last = i; }
  }
  if (first < 0) return whole();
  // From the start of the text when the first definition is in, to its end when the last one is.
  const isFirst = first === 0, isLast = last === top.starts.length - 1;
  const spanStart = isFirst ? 0 : top.commas[first - 1] + 1;
  const spanEnd = isLast ? json.length : top.commas[last];
  const w = new Writer(json, layout, lineBreakOf(json) === '\r\n');
  if (isFirst) w.char(Ch.OpenBracket);
  for (let i = first; i <= last; i++) {
    if (i > first) w.char(Ch.Comma);
    w.newline(1);
    w.pos = top.starts[i];
    w.container = top.containers[i];
    w.value(1, 0);
  }
  if (isLast) { w.newline(0); w.char(Ch.CloseBracket); w.newline(0); }
  return { ok: true, edit: minimalEdit(json.slice(spanStart, spanEnd), w.text(), spanStart + skip) };
}
