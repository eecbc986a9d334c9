/**
 * How the game applies an inheriting definition's operators to the value it inherits (queries/resolve.ts walks
 * the chain): `relative` (the value plus it), `proportional` (times it, whole-number members truncated),
 * `extend` and `delete` (entries added and removed), 0.F's `add:` / `remove:`; numbers, quantities ("250 ml"),
 * keyed lists, objects of numbers and damage instances. Each returns the new value, never changing the old, and
 * a note of what it could not compute or how the game treats it.
 *
 * Sources (CleverRaven/Cataclysm-DDA): src/assign.h / assign.cpp (`assign`: relative, then proportional; volume
 * numbers count 250 ml, weights grams); src/generic_factory.h (`generic_typed_reader`: `extend` inserts, `delete`
 * erases the first equal entry); src/damage.cpp (damage instances, `extend_resistances_instance`);
 * src/monstergenerator.cpp (special attacks by id).
 */
import type { TypeSpec } from '../schema/types';
import { formatQuantity, parseQuantity, type QuantityFormat } from '../schema/units';
import { brief } from '../util/brief';

/**
 * A bare number given for a quantity, as assign.cpp reads it: a volume counts 250 ml, a weight grams, energy kJ,
 * money cents; a time seconds (turns). Others (power, length) are not computed from a bare number.
 */
const NUMBER_UNIT: Partial<Record<QuantityFormat, number>> = { volume: 250, mass: 1000, energy: 1_000_000, time: 1, money: 1 };
/** The unit the game counts each format in (a proportional result is truncated to a whole number of it). */
const BASE_UNIT: Record<QuantityFormat, string> = { volume: 'ml', mass: 'mg', time: 's', money: 'cent', energy: 'mJ', power: 'mW', length: 'mm' };

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/** Floating-point noise off a computed number (0.1 + 0.2 shows as 0.3); whole numbers stay as they are. */
function clean(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toPrecision(12));
}

function sameJson(a: unknown, b: unknown): boolean {
  try { return JSON.stringify(a) === JSON.stringify(b); } catch { return false; } // nested too deep to compare
}

export type Applied = { readonly value: unknown; readonly note?: string };

export const ONTO_DEFAULT = 'no definition before it sets this member: the game adds it to its default value, which is 0 for most members';

/** Whether a member's type says whole numbers (the game truncates a proportional result toward zero). */
export function wholeNumber(spec: TypeSpec | undefined): boolean | undefined {
  if (!spec) return undefined;
  if (spec.kind === 'integer') return true;
  if (spec.kind === 'number') return false;
  if (spec.kind === 'union') {
    for (const o of spec.options) { const w = wholeNumber(o); if (w !== undefined) return w; }
  }
  return undefined;
}

// ---------------------------------------------------------------- damage instances

type Unit = Record<string, unknown>;

function isDamageUnit(v: unknown): v is Unit {
  return isObject(v) && typeof v.damage_type === 'string';
}

/** `{ damage_type, ... }` or an array of them. */
function damageUnits(v: unknown): Unit[] | undefined {
  if (isDamageUnit(v)) return [v];
  if (Array.isArray(v) && v.length > 0 && v.every(isDamageUnit)) return v as Unit[];
  return undefined;
}

/** Members of a damage unit that a relative value of 1 leaves alone (they default to 1, not 0). */
const MULTIPLIERS = ['armor_multiplier', 'damage_multiplier', 'unconditional_armor_multiplier', 'unconditional_damage_multiplier'];
const ADDENDS = ['amount', 'armor_penetration'];

/** The damage instance in the form it was written: one object stays one object. */
function damageLike(original: unknown, units: Unit[]): unknown {
  return !Array.isArray(original) && units.length === 1 ? units[0] : units;
}

function damageRelative(cur: unknown, delta: Unit[], matchingOnly: boolean): Applied {
  const base = damageUnits(cur);
  if (!base) return { value: cur, note: 'a damage relative value onto a value that is not a damage instance is not computed here' };
  const out: Unit[] = [];
  for (const u of base) {
    const d = delta.find((x) => x.damage_type === u.damage_type);
    if (!d) { if (!matchingOnly) out.push(u); continue; }
    const r: Unit = { ...u };
    for (const k of ADDENDS) if (typeof d[k] === 'number') r[k] = clean(((u[k] as number | undefined) ?? 0) + (d[k] as number));
    for (const k of MULTIPLIERS) if (typeof d[k] === 'number' && d[k] !== 1) r[k] = clean(((u[k] as number | undefined) ?? 1) + (d[k] as number));
    out.push(r);
  }
  const unmatched = delta.filter((d) => !base.some((u) => u.damage_type === d.damage_type)).map((d) => d.damage_type);
  const notes = [
    unmatched.length ? `no inherited ${unmatched.join(', ')} damage to change` : '',
    matchingOnly && out.length < base.length ? 'damage types it does not name are dropped, as the game does' : '',
  ].filter(Boolean);
  return { value: damageLike(cur, out), note: notes.length ? notes.join('; ') : undefined };
}

function damageProportional(cur: unknown, factors: Unit[], matchingOnly: boolean): Applied {
  const base = damageUnits(cur);
  if (!base) return { value: cur, note: 'a damage proportional value onto a value that is not a damage instance is not computed here' };
  const out: Unit[] = [];
  for (const u of base) {
    const f = factors.find((x) => x.damage_type === u.damage_type);
    if (!f) { if (!matchingOnly) out.push(u); continue; }
    const r: Unit = { ...u };
    for (const k of [...ADDENDS, ...MULTIPLIERS]) {
      if (typeof f[k] === 'number' && f[k] !== 0 && u[k] !== undefined) r[k] = clean((u[k] as number) * (f[k] as number));
    }
    out.push(r);
  }
  return { value: damageLike(cur, out), note: matchingOnly && out.length < base.length ? 'damage types it does not name are dropped, as the game does' : undefined };
}

// ---------------------------------------------------------------- relative and proportional

export interface OperatorContext {
  /** Whether the member holds whole numbers (from the kind's table; a whole inherited number when unknown). */
  readonly whole: boolean | undefined;
  readonly matchingOnly: boolean;
}

function isPair(v: unknown): v is [string, unknown] {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'string';
}

function isPairList(v: unknown): v is [string, unknown][] {
  return Array.isArray(v) && v.length > 0 && v.every(isPair);
}

/** `relative`: the value plus the delta. */
export function addRelative(cur: unknown, delta: unknown, ctx: OperatorContext): Applied {
  if (typeof delta === 'number') {
    if (cur === undefined) return { value: delta, note: ONTO_DEFAULT };
    if (typeof cur === 'number') return { value: clean(cur + delta) };
    if (typeof cur === 'string') {
      const q = parseQuantity(cur);
      const unit = q && NUMBER_UNIT[q.format];
      if (q && unit) return { value: formatQuantity(clean(q.base + delta * unit), q.format) };
    }
    const units = damageUnits(cur);
    if (units) {
      if (ctx.matchingOnly) return damageRelative(cur, [{ damage_type: 'stab', amount: delta }], true);
      return damageRelative(cur, units.map((u) => ({ damage_type: u.damage_type, amount: delta })), false);
    }
  }
  if (typeof delta === 'string') {
    const d = parseQuantity(delta);
    if (d) {
      if (cur === undefined) return { value: delta, note: ONTO_DEFAULT };
      const unit = NUMBER_UNIT[d.format];
      const c = typeof cur === 'string' ? parseQuantity(cur) : typeof cur === 'number' && unit ? { format: d.format, base: cur * unit } : undefined;
      if (c && c.format === d.format) return { value: formatQuantity(clean(c.base + d.base), d.format) };
    }
  }
  const deltaUnits = damageUnits(delta);
  if (deltaUnits) return damageRelative(cur, deltaUnits, ctx.matchingOnly);
  if (isPairList(delta) && (cur === undefined || isPairList(cur))) {
    // Keyed lists ([ [ "CUT", 2 ] ]: qualities): the entry of the same key gets the amount added.
    const out = (cur ?? []).map((p) => [...p] as [string, unknown]);
    for (const [k, n] of delta) {
      const hit = out.find((p) => p[0] === k);
      if (hit && typeof hit[1] === 'number' && typeof n === 'number') hit[1] = clean(hit[1] + n);
    }
    const missing = delta.filter(([k]) => !out.some((p) => p[0] === k)).map(([k]) => k);
    return { value: out, note: missing.length ? `nothing inherited to add to for ${missing.join(', ')}` : undefined };
  }
  if (isObject(delta) && (cur === undefined || isObject(cur))) {
    // Objects (a monster's armor by damage type): each member is relative to the same member.
    const out: Record<string, unknown> = { ...(cur ?? {}) };
    const notes: string[] = [];
    for (const [k, d] of Object.entries(delta)) {
      const r = addRelative(out[k], d, { ...ctx, whole: undefined });
      out[k] = r.value;
      if (r.note && r.note !== ONTO_DEFAULT) notes.push(`${k}: ${r.note}`);
    }
    return { value: out, note: notes.length ? notes.join('; ') : undefined };
  }
  return { value: cur, note: `relative ${brief(delta, 40)} onto ${cur === undefined ? 'nothing' : brief(cur, 40)} is not computed here; the value before it is shown` };
}

/** `proportional`: the value times the factor (whole-number members truncated toward zero, as C++ converts). */
export function applyProportional(cur: unknown, factor: unknown, ctx: OperatorContext): Applied {
  if (cur === undefined) return { value: undefined, note: 'no definition before it sets this member: there is nothing to scale (the game scales its default value)' };
  if (typeof factor === 'number') {
    if (typeof cur === 'number') {
      // The game multiplies in double precision and converts to the member's type: a whole number is truncated
      // toward zero, floating-point error included (80 × 1.15 = 91.99999999999999 -> 91).
      const product = cur * factor;
      const whole = ctx.whole ?? Number.isInteger(cur);
      if (!whole) return { value: clean(product) };
      const why = ctx.whole === undefined ? ' (a whole-number member, as its inherited value suggests)' : '';
      return { value: Math.trunc(product), note: Number.isInteger(product) ? undefined : `${cur} × ${factor} = ${product}, truncated toward zero${why}` };
    }
    if (typeof cur === 'string') {
      const q = parseQuantity(cur);
      if (q) {
        const product = q.base * factor;
        return { value: formatQuantity(Math.trunc(product), q.format), note: Number.isInteger(product) ? undefined : `${formatQuantity(q.base, q.format)} × ${factor} = ${clean(product)} ${BASE_UNIT[q.format]}, truncated toward zero` };
      }
    }
    if (isObject(cur) && Object.values(cur).every((v) => typeof v === 'number')) {
      // An object of numbers (a monster's armor by damage type): each scaled (damage.cpp `resistances::operator*`).
      return { value: Object.fromEntries(Object.entries(cur).map(([k, v]) => [k, clean((v as number) * factor)])) };
    }
    const units = damageUnits(cur);
    if (units) {
      if (ctx.matchingOnly) return damageProportional(cur, [{ damage_type: 'stab', amount: factor }], true);
      return damageProportional(cur, units.map((u) => ({ damage_type: u.damage_type, amount: factor })), false);
    }
  }
  const factorUnits = damageUnits(factor);
  if (factorUnits) return damageProportional(cur, factorUnits, ctx.matchingOnly);
  if (isObject(factor) && isObject(cur)) {
    const out: Record<string, unknown> = { ...cur };
    const notes: string[] = [];
    for (const [k, f] of Object.entries(factor)) {
      if (out[k] === undefined) { notes.push(`${k}: nothing inherited to scale`); continue; }
      // Nested members are floats in the game's structures (resistances, damage maps): not truncated.
      const r = applyProportional(out[k], f, { ...ctx, whole: false });
      out[k] = r.value;
      if (r.note) notes.push(`${k}: ${r.note}`);
    }
    return { value: out, note: notes.length ? notes.join('; ') : undefined };
  }
  return { value: cur, note: `proportional ${brief(factor, 40)} onto ${brief(cur, 40)} is not computed here; the value before it is shown` };
}

// ---------------------------------------------------------------- extend and delete

/** The id of a special attack entry: `"id"`, `[ "id", cooldown ]` or `{ "id" | "type": ... }`. */
function attackId(e: unknown): unknown {
  if (Array.isArray(e)) return e[0];
  if (isObject(e)) return e.id ?? e.type;
  return e;
}

/** An entry's id for `delete` and `remove:`: the entry itself, a pair's first item, an object's id. */
function entryId(e: unknown): unknown {
  if (Array.isArray(e)) return e[0];
  if (isObject(e)) return e.id ?? e.name ?? e.type ?? e.item;
  return e;
}

/**
 * `extend`: entries appended; strings are set entries (flags, species: never twice); a `[ key, value ]` entry
 * replaces the one of its key (qualities); a special attack replaces the one of its id (monstergenerator.cpp);
 * an object's numbers are added to the same members (a monster's armor, damage.cpp
 * `extend_resistances_instance`), its other members set.
 */
export function applyExtend(cur: unknown, entries: unknown, member: string): Applied {
  if (isObject(entries) && (cur === undefined || isObject(cur))) {
    const out: Record<string, unknown> = { ...(cur ?? {}) };
    for (const [k, v] of Object.entries(entries)) out[k] = typeof v === 'number' && typeof out[k] === 'number' ? clean((out[k] as number) + v) : v;
    return { value: out };
  }
  const list = Array.isArray(entries) ? entries : [entries];
  const out = Array.isArray(cur) ? [...cur] : cur === undefined ? [] : [cur];
  for (const e of list) {
    if (member === 'special_attacks') {
      const id = attackId(e);
      const at = out.findIndex((x) => attackId(x) === id);
      if (at >= 0) out.splice(at, 1);
      out.push(e);
    } else if (typeof e === 'string') {
      if (!out.includes(e)) out.push(e);
    } else if (isPair(e) && out.some((x) => isPair(x) && x[0] === e[0])) {
      out[out.findIndex((x) => isPair(x) && x[0] === e[0])] = e;
    } else {
      out.push(e);
    }
  }
  return { value: out };
}

/** `delete`: entries removed by value (a string also removes the pair or attack of that id); absent ones are no error. */
export function applyDelete(cur: unknown, entries: unknown, member: string): Applied {
  const list = Array.isArray(entries) ? entries : [entries];
  if (isObject(cur) && list.every((e) => typeof e === 'string')) {
    const out = { ...cur };
    for (const k of list as string[]) delete out[k];
    return { value: out };
  }
  if (!Array.isArray(cur)) return { value: cur, note: cur === undefined ? 'nothing inherited to delete from' : `delete from ${brief(cur, 30)} is not computed here` };
  let out = [...cur];
  for (const e of list) {
    if (member === 'special_attacks') out = out.filter((x) => attackId(x) !== attackId(e));
    else if (typeof e === 'string') out = out.filter((x) => x !== e && !(Array.isArray(x) && x[0] === e));
    else {
      // A vector erases the first equal entry (generic_factory.h handler<std::vector>); a pair also by its key.
      let at = out.findIndex((x) => sameJson(x, e));
      if (at < 0 && isPair(e)) at = out.findIndex((x) => isPair(x) && x[0] === e[0]);
      if (at >= 0) out.splice(at, 1);
    }
  }
  return { value: out };
}

// ---------------------------------------------------------------- 0.F edit mode: add: / remove:

export function getPath(o: Record<string, unknown>, path: readonly string[]): unknown {
  let v: unknown = o;
  for (const k of path) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** `add:` (entries appended) and `remove:` (one occurrence per listed id: by the entry, a pair's item, an object's name/type). */
export function applyEditMember(cur: unknown, op: 'add' | 'remove', entries: unknown): Applied {
  const list = Array.isArray(entries) ? entries : [entries];
  const out = Array.isArray(cur) ? [...cur] : cur === undefined ? [] : [cur];
  if (op === 'add') return { value: [...out, ...list] };
  const missing: unknown[] = [];
  for (const id of list) {
    const at = out.findIndex((x) => entryId(x) === id || sameJson(x, id));
    if (at >= 0) out.splice(at, 1); else missing.push(id);
  }
  return { value: out, note: missing.length ? `not there to remove: ${brief(missing, 40)}` : undefined };
}
