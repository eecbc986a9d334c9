/**
 * Which era of the game's format a mod's own content is written for (registry/versions/eras.ts), cheaply and
 * without a game folder: each definition showing a decisive form (a `"type": "ITEM"`, a legacy `"TOOL"`, a monster
 * group named by `"name"`...) fits a span of eras; the mod is written for the eras that the fewest of its
 * definitions rule out. When the checked game's era is not among them, the mod is written for another format,
 * and the definitions that rule the checked game out are its root causes, one per form.
 */
import { ERA_BOUNDARIES, FORMAT_ERAS, eraOfVersion, erasTitle, type DecisiveForm, type EraBoundary } from './eras';

/** What a definition is to the verdict: its type and its members (read again from its file where summarized). */
export interface DefinitionForms {
  readonly type: string;
  member(name: string): unknown;
}

/** A file's or a mod's decisive definitions: per span of eras "lo-hi", how many; per form id, how many. */
export interface FormTally {
  readonly spans: Map<string, number>;
  readonly forms: Map<string, number>;
}

interface PlacedForm {
  readonly form: DecisiveForm;
  readonly boundary: EraBoundary;
  /** The eras a definition showing it fits. */
  readonly lo: number;
  readonly hi: number;
}

const LAST_ERA = FORMAT_ERAS.length - 1;
const PLACED: readonly PlacedForm[] = ERA_BOUNDARIES.flatMap((boundary, b) => boundary.forms.map((form) =>
  ({ form, boundary, lo: form.side === 'after' ? b + 1 : 0, hi: form.side === 'after' ? LAST_ERA : b })));
const PLACED_BY_ID = new Map(PLACED.map((p) => [p.form.id, p]));
/** The types any form matches by, and the types a member form is about: a definition of another type shows none. */
const TYPES_OF_FORMS = new Set(PLACED.flatMap((p) => ('types' in p.form.match ? p.form.match.types : [p.form.match.type])));

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Each list of types a form matches by, as a set (the list of types newer than 0.F is long, and every definition of a current mod is asked). */
const TYPE_SETS = new Map(PLACED.flatMap((p) => ('types' in p.form.match ? [[p.form.match, new Set(p.form.match.types)] as const] : [])));

function shows(match: DecisiveForm['match'], d: DefinitionForms): boolean {
  if ('types' in match) return TYPE_SETS.get(match)!.has(d.type);
  if (d.type !== match.type) return false;
  if (!('entriesOf' in match)) return d.member(match.has) !== undefined && d.member(match.lacks) === undefined;
  const entries = d.member(match.entriesOf);
  return Array.isArray(entries) && entries.some((e) => isObject(e) && e[match.has] !== undefined && e[match.lacks] === undefined);
}

/** What a definition of a type with no decisive form shows. */
export const NO_FORMS: readonly DecisiveForm[] = Object.freeze([]);

/** Whether a definition of a type may show a decisive form (most types show none: asked before anything is made for a definition). */
export function mayShowForms(type: string): boolean {
  return TYPES_OF_FORMS.has(type);
}

/** The decisive forms a definition shows. */
export function formsOf(d: DefinitionForms): readonly DecisiveForm[] {
  if (!TYPES_OF_FORMS.has(d.type)) return NO_FORMS;
  // (A loop: every definition of a current mod is asked, and most show none.)
  let out: DecisiveForm[] | undefined;
  for (let i = 0; i < PLACED.length; i++) if (shows(PLACED[i].form.match, d)) (out ??= []).push(PLACED[i].form);
  return out ?? NO_FORMS;
}

export function emptyTally(): FormTally {
  return { spans: new Map(), forms: new Map() };
}

/** Adds one definition's forms to `into` (`sign` -1 takes them away). Returns whether it showed any. */
export function tallyDefinition(forms: readonly DecisiveForm[], into: FormTally, sign = 1): boolean {
  if (forms.length === 0) return false;
  let lo = 0, hi = LAST_ERA;
  for (const f of forms) {
    const p = PLACED_BY_ID.get(f.id)!;
    lo = Math.max(lo, p.lo);
    hi = Math.min(hi, p.hi);
  }
  // A definition in two formats at once (a monster group with "name" and "weight"...) places nothing.
  if (lo > hi) return false;
  bump(into.spans, `${lo}-${hi}`, sign);
  for (const f of forms) bump(into.forms, f.id, sign);
  return true;
}

/** Adds a tally to another (`sign` -1 takes it away). */
export function addTally(into: FormTally, t: FormTally, sign = 1): void {
  for (const [k, n] of t.spans) bump(into.spans, k, sign * n);
  for (const [k, n] of t.forms) bump(into.forms, k, sign * n);
}

function bump(m: Map<string, number>, key: string, by: number): void {
  const n = (m.get(key) ?? 0) + by;
  if (n > 0) m.set(key, n); else m.delete(key);
}

export interface FormCount {
  readonly form: DecisiveForm;
  readonly boundary: EraBoundary;
  readonly count: number;
}

export interface EraVerdict {
  /** The eras (FORMAT_ERAS indexes) the mod's content is written for, none of them the checked game's. */
  readonly lo: number;
  readonly hi: number;
  /** "0.F (Frank)", "the format after 0.F and before 2025's item types"... */
  readonly title: string;
  /** Whether the mod's format is older or newer than the checked game's. */
  readonly direction: 'older' | 'newer';
  /** The forms the checked game's format rules out, most used first: the root causes. */
  readonly against: readonly FormCount[];
  /** The other decisive forms of the mod that fit the verdict: why it is those eras and not others. */
  readonly placing: readonly FormCount[];
  /** The supported game version (GameVersion.id) whose format is among the mod's eras, newest first. */
  readonly fitsVersion?: string;
}

/** The eras the fewest of the tallied definitions rule out (a few strays of another format do not move a mod). */
export function bestEras(tally: FormTally): number[] {
  const ruledOut = FORMAT_ERAS.map(() => 0);
  for (const [span, n] of tally.spans) {
    const [lo, hi] = span.split('-').map(Number);
    for (let e = 0; e <= LAST_ERA; e++) if (e < lo || e > hi) ruledOut[e] += n;
  }
  const fewest = Math.min(...ruledOut);
  return ruledOut.flatMap((n, e) => (n === fewest ? [e] : []));
}

/** The format a mod's tallied content is written for, when the game version checked (GameVersion.id) cannot read it. */
export function eraVerdict(checkedVersion: string, tally: FormTally): EraVerdict | undefined {
  const checked = eraOfVersion(checkedVersion);
  const best = bestEras(tally);
  if (best.includes(checked)) return undefined;
  const lo = best[0], hi = best[best.length - 1];
  const counts = PLACED.flatMap((p) => {
    const count = tally.forms.get(p.form.id) ?? 0;
    return count > 0 ? [{ p, c: { form: p.form, boundary: p.boundary, count } }] : [];
  }).sort((a, b) => b.c.count - a.c.count);
  const against = counts.filter(({ p }) => checked < p.lo || checked > p.hi).map(({ c }) => c);
  const placing = counts.filter(({ p }) => !(checked < p.lo || checked > p.hi) && p.lo <= lo && hi <= p.hi).map(({ c }) => c);
  let fitsVersion: string | undefined;
  for (let e = hi; e >= lo && fitsVersion === undefined; e--) fitsVersion = FORMAT_ERAS[e].version;
  return { lo, hi, title: erasTitle(lo, hi), direction: lo > checked ? 'newer' : 'older', against, placing, fitsVersion };
}

/** A verdict's identity: what the diagnostics it makes say (see workspace/updates.ts). */
export function verdictKey(v: EraVerdict | undefined): string {
  return v ? `${v.lo}-${v.hi}:${v.against.map((c) => `${c.form.id}=${c.count}`).join(',')}:${v.placing.map((c) => `${c.form.id}=${c.count}`).join(',')}` : '';
}
