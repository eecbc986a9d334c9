/**
 * Quantity and time strings (spec 2.1): "62500 ml", "12 kg", "30 m". The number part must be an integer,
 * units are case-sensitive, and a value is best written in the largest unit that keeps full precision.
 * Length, energy, power and money strings are read alike (the game's units.h: `length_units`, `energy_units`,
 * `power_units`, `money_units`).
 */
import type { QuantityFormat } from './types';
import { editDistance } from '../util/closest';

export type { QuantityFormat };

interface Unit {
  readonly name: string;
  /** Size in the format's base unit (ml, mg, seconds). */
  readonly factor: number;
}

/**
 * Accepted units, largest first. Volume: spec (L, ml). Mass: spec (g, kg) plus mg, which the game accepts.
 * Length: mm, cm, meter, km (no "m": that is minutes). Energy: mJ, J, kJ. Power: mW, W, kW. Money: cent, USD,
 * kUSD (base unit: the cent).
 */
const UNITS: Record<QuantityFormat, readonly Unit[]> = {
  volume: [{ name: 'L', factor: 1000 }, { name: 'ml', factor: 1 }],
  mass: [{ name: 'kg', factor: 1_000_000 }, { name: 'g', factor: 1000 }, { name: 'mg', factor: 1 }],
  time: [
    { name: 'd', factor: 86400 }, { name: 'days', factor: 86400 }, { name: 'day', factor: 86400 },
    { name: 'h', factor: 3600 }, { name: 'hours', factor: 3600 }, { name: 'hour', factor: 3600 },
    { name: 'm', factor: 60 }, { name: 'minutes', factor: 60 }, { name: 'minute', factor: 60 },
    { name: 's', factor: 1 }, { name: 'seconds', factor: 1 }, { name: 'second', factor: 1 },
    { name: 't', factor: 1 }, { name: 'turns', factor: 1 }, { name: 'turn', factor: 1 },
  ],
  length: [{ name: 'km', factor: 1_000_000 }, { name: 'meter', factor: 1000 }, { name: 'cm', factor: 10 }, { name: 'mm', factor: 1 }],
  energy: [{ name: 'kJ', factor: 1_000_000 }, { name: 'J', factor: 1000 }, { name: 'mJ', factor: 1 }],
  power: [{ name: 'kW', factor: 1_000_000 }, { name: 'W', factor: 1000 }, { name: 'mW', factor: 1 }],
  money: [{ name: 'kUSD', factor: 100_000 }, { name: 'USD', factor: 100 }, { name: 'cent', factor: 1 }],
};

/** Units for the "largest exact unit" hint: only the short canonical names. */
const CANONICAL: Record<QuantityFormat, readonly Unit[]> = {
  volume: UNITS.volume,
  mass: UNITS.mass,
  time: [{ name: 'd', factor: 86400 }, { name: 'h', factor: 3600 }, { name: 'm', factor: 60 }, { name: 's', factor: 1 }],
  length: UNITS.length,
  energy: UNITS.energy,
  power: UNITS.power,
  money: UNITS.money,
};

/** A well-formed value of each format: what messages show, and what a quick fix inserts for a missing one. */
export const FORMAT_EXAMPLES: Record<QuantityFormat, string> = {
  volume: '250 ml', mass: '12 kg', time: '30 m', length: '30 cm', energy: '5 kJ', power: '15 W', money: '12 USD',
};

/** What a value of each format is, in messages. */
export const FORMAT_NAMES: Record<QuantityFormat, string> = {
  volume: `a volume string such as "${FORMAT_EXAMPLES.volume}"`, mass: `a weight string such as "${FORMAT_EXAMPLES.mass}"`,
  time: `a time string such as "${FORMAT_EXAMPLES.time}"`, length: `a length string such as "${FORMAT_EXAMPLES.length}"`,
  energy: `an energy string such as "${FORMAT_EXAMPLES.energy}"`, power: `a power string such as "${FORMAT_EXAMPLES.power}"`,
  money: `a money string such as "${FORMAT_EXAMPLES.money}"`,
};

export interface QuantityProblem {
  readonly message: string;
  /** A corrected string, when one follows from the input. */
  readonly fix?: string;
  /** 'hint' when the value is valid but could be written better. */
  readonly severity: 'error' | 'hint';
  /** The fix is a guess at the unit meant (one slip from it), not what the value must mean: offered, never applied unattended. */
  readonly guessed?: boolean;
}

const TERM = /^\s*(-?\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*/;

/**
 * Checks a quantity/time string; returns undefined when it is fine. Weights and times may have several terms
 * ("1 kg 500 g", "1 h 30 m"), which the game sums; a volume is one term with nothing after its unit, and not
 * negative (0.F: "syntax error when specifying volume", "value outside supported range").
 */
export function checkQuantity(text: string, format: QuantityFormat, what: string | (() => string), style = true): QuantityProblem | undefined {
  if (isKnownFine(text, format, style)) return undefined;
  const fine = style ? FINE_STYLED[format] : FINE[format];
  const problem = quantityProblem(text, format, what, style);
  if (!problem && fine.size < FINE_LIMIT) fine.add(text);
  return problem;
}

/**
 * Whether checkQuantity found this string fine before. The game's data writes the same few quantities again
 * and again ("250 ml", "1 h"): a value found fine once is not parsed again, nor its label made.
 */
export function isKnownFine(text: string, format: QuantityFormat, style = true): boolean {
  return (style ? FINE_STYLED[format] : FINE[format]).has(text);
}

/** Per format, strings checkQuantity found fine (with and without the unit-style hint); bounded. */
const FINE = emptySets();
const FINE_STYLED = emptySets();
const FINE_LIMIT = 10_000;

function emptySets(): Record<QuantityFormat, Set<string>> {
  return { volume: new Set(), mass: new Set(), time: new Set(), length: new Set(), energy: new Set(), power: new Set(), money: new Set() };
}

// The label and the list of units are worded only for a message: most strings checked here are fine.
function labelText(label: string | (() => string)): string {
  return typeof label === 'string' ? label : label();
}

function acceptedUnits(units: readonly { readonly name: string }[]): string {
  return units.map((u) => `"${u.name}"`).join(', ');
}

function quantityProblem(text: string, format: QuantityFormat, label: string | (() => string), style: boolean): QuantityProblem | undefined {
  const units = UNITS[format];
  if (format === 'volume') {
    if (/\s$/.test(text)) return { severity: 'error', message: `${labelText(label)} "${text}" ends with white space, which the game rejects`, fix: text.trimEnd() };
    if (/^\s*-/.test(text)) return { severity: 'error', message: `${labelText(label)} "${text}" is negative; a volume is at least 0` };
  }
  let rest = text;
  let total = 0;
  let terms = 0;
  while (rest.trim() !== '') {
    const m = TERM.exec(rest);
    if (!m) {
      return { severity: 'error', message: `${labelText(label)} "${text}" is not a number followed by a unit (accepted units: ${acceptedUnits(units)})` };
    }
    const [, num, unitName] = m;
    const unit = units.find((u) => u.name === unitName);
    if (!unit) {
      const caseFix = units.find((u) => u.name.toLowerCase() === unitName.toLowerCase());
      const meant = caseFix ?? meantUnit(unitName, units);
      // The unit's own place: the same letters may stand earlier in the string ("1 g 5 gg").
      const at = text.length - rest.length + m[0].indexOf(unitName, m[1].length);
      const fix = meant ? text.slice(0, at) + meant.name + text.slice(at + unitName.length) : undefined;
      const why = caseFix ? ` (units are case-sensitive: "${caseFix.name}")` : meant ? ` (did you mean "${meant.name}"?)` : '';
      return { severity: 'error', message: `${labelText(label)} "${text}" uses unknown unit "${unitName}"${why}; accepted units: ${acceptedUnits(units)}`, fix, guessed: !caseFix };
    }
    if (!/^-?\d+$/.test(num)) {
      const fix = exactInSmallerUnit(Number(num) * unit.factor, format);
      return { severity: 'error', message: `${labelText(label)} "${text}": the number must be an integer${fix ? `; write "${fix}"` : ''}`, fix };
    }
    total += Number(num) * unit.factor;
    terms++;
    rest = rest.slice(m[0].length);
    if (format === 'volume' && rest.trim() !== '') {
      const fix = largestExact(total + sumRest(rest, units), format);
      return { severity: 'error', message: `${labelText(label)} "${text}": a volume is one number and one unit${fix ? `; write "${fix}"` : ''}`, fix };
    }
  }
  if (terms === 0) return { severity: 'error', message: `${labelText(label)} is empty; expected a number followed by a unit (${acceptedUnits(units)})` };
  // Spec 2.1 asks quantities (not times) to use the largest unit that keeps full precision.
  const best = format === 'time' || !style ? undefined : largestExact(total, format);
  if (best !== undefined && best !== text.trim() && terms === 1 && !isSameUnitSpelling(text, best)) {
    return { severity: 'hint', message: `${labelText(label)} "${text}" can be written "${best}" (the largest unit that keeps full precision)`, fix: best };
  }
  return undefined;
}

/**
 * The unit a misspelt one clearly means: every accepted unit one edit from it (a letter doubled, added, dropped,
 * changed or swapped, in any case: "kgg", "kgs", "Lt") measures the same, so nothing is guessed between two
 * sizes ("gg" could be "g", "kg" or "mg": no fix). The nearest such unit, the first listed on a tie.
 */
function meantUnit(unitName: string, units: readonly Unit[]): Unit | undefined {
  const typed = unitName.toLowerCase();
  let best: Unit | undefined, bestDistance = 2;
  for (const u of units) {
    const d = editDistance(typed, u.name.toLowerCase(), 1);
    if (d > 1) continue;
    if (best && best.factor !== u.factor) return undefined;
    if (d < bestDistance) { best = u; bestDistance = d; }
  }
  return best;
}

/** True when `text` already uses the unit `best` uses (e.g. "5 minutes" vs "5 m": both fine). */
function isSameUnitSpelling(text: string, best: string): boolean {
  const m = TERM.exec(text);
  const b = TERM.exec(best);
  return !!m && !!b && m[1] === b[1];
}

/** The sum of further well-formed terms (for a fix), or NaN. */
function sumRest(rest: string, units: readonly Unit[]): number {
  let total = 0;
  while (rest.trim() !== '') {
    const m = TERM.exec(rest);
    const unit = m && units.find((u) => u.name === m[2]);
    if (!m || !unit || !/^-?\d+$/.test(m[1])) return NaN;
    total += Number(m[1]) * unit.factor;
    rest = rest.slice(m[0].length);
  }
  return total;
}

function largestExact(total: number, format: QuantityFormat): string | undefined {
  if (total === 0 || !Number.isFinite(total)) return undefined;
  for (const u of CANONICAL[format]) {
    if (total % u.factor === 0) return `${total / u.factor} ${u.name}`;
  }
  return undefined;
}

/**
 * A number of moves (100 a second) as the time string the current game reads to the same moves, largest units
 * first ("6 m 40 s"; 0 -> "0 s"): undefined when none reads to it exactly (not a whole number of seconds, negative).
 * The game reads a time string as a time_duration and takes its moves (recipe::load, to_moves), so a second is the
 * finest step a string can write.
 */
export function durationOfMoves(moves: number): string | undefined {
  if (!Number.isSafeInteger(moves) || moves < 0 || moves % 100 !== 0) return undefined;
  let seconds = moves / 100;
  if (seconds === 0) return '0 s';
  const terms: string[] = [];
  for (const u of CANONICAL.time) {
    if (seconds >= u.factor) {
      terms.push(`${Math.floor(seconds / u.factor)} ${u.name}`);
      seconds %= u.factor;
    }
  }
  return terms.join(' ');
}

function exactInSmallerUnit(total: number, format: QuantityFormat): string | undefined {
  if (!Number.isFinite(total) || !Number.isInteger(Math.round(total * 1e9) / 1e9)) return undefined;
  return largestExact(Math.round(total), format);
}

/**
 * Width of a string in console cells, as the game measures it (Markus Kuhn's wcwidth): East Asian wide
 * characters count 2, combining marks 0, everything else (emoji included: 0.F accepts "😀") 1.
 */
export function consoleWidth(s: string): number {
  let width = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x20d0 && cp <= 0x20ff)) continue;
    if (cp < 0x20) continue;
    width += isWide(cp) ? 2 : 1;
  }
  return width;
}

function isWide(cp: number): boolean {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
}

/** Units `relative` and `proportional` compute with: every format's (the canonical ones when writing a result). */
const QUANTITY_UNITS = UNITS;
const QUANTITY_CANONICAL = CANONICAL;

/** A quantity, time or money string read as the game reads it: its total in the format's base unit (ml, mg, s, cent...). */
export interface Quantity {
  readonly format: QuantityFormat;
  readonly base: number;
}

/**
 * The total of a well-formed quantity, time or money string ("62500 ml", "1 kg 500 g", "2 h", "2 USD 80 cent"),
 * or undefined. The format follows from the units.
 */
export function parseQuantity(text: string): Quantity | undefined {
  for (const format of ['volume', 'mass', 'time', 'money', 'energy', 'power', 'length'] as const) {
    const units = QUANTITY_UNITS[format];
    let rest = text;
    let total = 0;
    let terms = 0;
    while (rest.trim() !== '') {
      const m = TERM.exec(rest);
      const unit = m && units.find((u) => u.name === m[2]);
      if (!m || !unit || !/^-?\d+$/.test(m[1])) { terms = -1; break; }
      total += Number(m[1]) * unit.factor;
      terms++;
      rest = rest.slice(m[0].length);
    }
    if (terms > 0) return { format, base: total };
  }
  return undefined;
}

/** A base-unit total written in the largest unit that keeps it exact (2000 ml -> "2 L", 72500 ml -> "72500 ml"). */
export function formatQuantity(base: number, format: QuantityFormat): string {
  const units = QUANTITY_CANONICAL[format];
  const smallest = units[units.length - 1].name;
  if (base === 0 || !Number.isInteger(base)) return `${base} ${smallest}`;
  for (const u of units) if (base % u.factor === 0) return `${base / u.factor} ${u.name}`;
  return `${base} ${smallest}`;
}
