/**
 * A definition as the game holds it after loading: its `copy-from` parent's resolved value (recursively,
 * abstract parents included, the parent chosen as index/inheritance.ts does), then its own members, then
 * `relative`, `proportional`, `extend` and `delete`; in a version with edit modes (0.F, spec 2.1), a `modify`
 * applies the same way onto the earlier definition of its id, then its `add:` / `remove:` members. Each
 * top-level member keeps its provenance: the steps that made its value, the last one first in importance.
 *
 * Sources (CleverRaven/Cataclysm-DDA): doc/JSON/JSON_INHERITANCE.md; src/generic_factory.h
 * (`handle_inheritance`: an object copies the parent's loaded value, then loads its own members with
 * `was_loaded`; `generic_typed_reader`: a container member given replaces, else `extend` inserts and `delete`
 * erases); src/assign.h / assign.cpp (`assign`: a member named in `relative` is the inherited value plus it, else
 * one named in `proportional` the inherited value times it, truncated for whole-number members, else the own
 * value; a set given and extended in one object is an error; volume numbers count 250 ml, weights grams);
 * src/damage.cpp (damage instances); src/item_factory.cpp and src/monstergenerator.cpp (`looks_like`).
 *
 * Plain data out; no LSP types. Values are never changed in place: a step builds new arrays and objects along
 * what it changes and shares the rest (no deep copies: a definition may nest thousands of levels).
 */
import * as jsonc from 'jsonc-parser';
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import { fullValueOf } from '../records/record';
import type { DefinitionRecord, EditMode } from '../records/record';
import type { FieldSpec, TypeSpec } from '../schema/types';
import { parentOf } from '../index/inheritance';
import { editMemberOf, isEditMemberName } from '../schema/topLevel';
import { formatQuantity, parseQuantity, type QuantityFormat } from '../schema/units';
import { brief } from '../util/brief';

/** A definition, as provenance names it. */
export interface RecordRef {
  readonly id: string;
  readonly type: string;
  readonly kind: string;
  readonly mod: string | undefined;
  readonly path: string;
  /** Offset of the definition's `{` in its file. */
  readonly start: number;
  /** Index of the object among the file's top-level objects. */
  readonly index: number;
  readonly abstract: boolean;
  readonly editMode: EditMode;
}

export type StepOp = 'set' | 'relative' | 'proportional' | 'extend' | 'delete' | 'add' | 'remove' | 'derived';

/** One thing that happened to a member's value. */
export interface Step {
  readonly op: StepOp;
  /** The definition that did it. */
  readonly by: RecordRef;
  /** The definition whose value it applied to: the copy-from parent, or the earlier definition a modify edits. */
  readonly onto?: RecordRef;
  /** The operand as written: the amount added, the factor, the entries extended or deleted. */
  readonly operand?: unknown;
  /** What the step could not compute, or how the game treats it. */
  readonly note?: string;
  /** The member's value after the step (shared, never changed). */
  readonly value?: unknown;
}

export interface MemberOrigin {
  /** Oldest first; the last step made the value. */
  readonly steps: readonly Step[];
}

export interface ResolvedDefinition {
  readonly record: RecordRef;
  /** The id resolved (a record may define several). */
  readonly id: string;
  /** The members as the game holds them: `type` and the id first, operators consumed. */
  readonly value: Record<string, unknown>;
  readonly origins: Readonly<Record<string, MemberOrigin>>;
  /** Where the inherited value came from, nearest first: copy-from parents, or the definition a modify edits. */
  readonly lineage: readonly { readonly ref: RecordRef; readonly via: 'copy-from' | 'modify' }[];
  /** What stopped the resolution or made it approximate (a missing parent, a cycle, an uncomputed operand). */
  readonly problems: readonly string[];
}

/** Members the game never copies from a parent: identity, and the operators, which apply when loaded. */
const NOT_INHERITED = new Set(['type', 'id', 'abstract', 'copy-from', 'edit-mode', 'relative', 'proportional', 'extend', 'delete']);
const OPERATORS = ['relative', 'proportional', 'extend', 'delete'] as const;
/**
 * A bare number given for a quantity, as assign.cpp reads it: a volume counts 250 ml, a weight grams, energy kJ,
 * money cents; a time seconds (turns). Others (power, length) are not computed from a bare number.
 */
const NUMBER_UNIT: Partial<Record<QuantityFormat, number>> = { volume: 250, mass: 1000, energy: 1_000_000, time: 1, money: 1 };
/** The unit the game counts each format in (a proportional result is truncated to a whole number of it). */
const BASE_UNIT: Record<QuantityFormat, string> = { volume: 'ml', mass: 'mg', time: 's', money: 'cent', energy: 'mJ', power: 'mW', length: 'mm' };

/** Problems of a broken chain (a missing parent, a cycle, a modify of nothing), passed on to descendants. */
const CHAIN_PROBLEM = /^(copy-from|"edit-mode"|parent |earlier definition)/;


export function refOf(record: DefinitionRecord, id = record.ids[0] ?? '?'): RecordRef {
  return {
    id, type: record.type, kind: record.kind, mod: record.source.modId, path: record.source.path, start: record.start,
    index: record.index, abstract: record.abstract, editMode: record.editMode,
  };
}

/** The resolved value of one definition. */
export function resolveDefinition(project: WorkspaceView, record: DefinitionRecord, id?: string): ResolvedDefinition {
  return new Resolver(project).resolve(record, id);
}

/** The definition an edit-mode `modify` applies to: the last one of its id it can see loaded before it. */
export function editedDefinition(project: WorkspaceView, record: DefinitionRecord, id = record.ids[0]): DefinitionRecord | undefined {
  if (id === undefined) return undefined;
  const before = project.visibleDefinitions(record.kind, id, record.source.modId).filter((r) => r !== record && project.compareLoadOrder(r, record) < 0);
  return before[before.length - 1];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/** Floating-point noise off a computed number (0.1 + 0.2 shows as 0.3); whole numbers stay as they are. */
function clean(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toPrecision(12));
}

function sameJson(a: unknown, b: unknown): boolean {
  try { return JSON.stringify(a) === JSON.stringify(b); } catch { return false; } // nested too deep to compare
}

type Applied = { readonly value: unknown; readonly note?: string };

const ONTO_DEFAULT = 'no definition before it sets this member: the game adds it to its default value, which is 0 for most members';

/** Whether a member's type says whole numbers (the game truncates a proportional result toward zero). */
function wholeNumber(spec: TypeSpec | undefined): boolean | undefined {
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

interface OperatorContext {
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

function getPath(o: Record<string, unknown>, path: readonly string[]): unknown {
  let v: unknown = o;
  for (const k of path) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** `add:` (entries appended) and `remove:` (one occurrence per listed id: by the entry, a pair's item, an object's name/type). */
function applyEditMember(cur: unknown, op: 'add' | 'remove', entries: unknown): Applied {
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

// ---------------------------------------------------------------- the resolver

class Resolver {
  private readonly memo = new Map<DefinitionRecord, ResolvedDefinition>();
  private readonly active = new Set<DefinitionRecord>();

  constructor(private readonly project: WorkspaceView) {}

  resolve(record: DefinitionRecord, id = record.ids[0] ?? '?'): ResolvedDefinition {
    const hit = this.memo.get(record);
    if (hit && hit.id === id) return hit;
    this.active.add(record);
    try {
      const out = this.compute(record, id);
      this.memo.set(record, out);
      return out;
    } finally {
      this.active.delete(record);
    }
  }

  private fieldOf(type: string, member: string): FieldSpec | undefined {
    return this.project.registry.schemaOfType(type)?.fields.find((f) => f.name === member);
  }

  private compute(record: DefinitionRecord, id: string): ResolvedDefinition {
    const project = this.project;
    const self = refOf(record, id);
    const own = fullValueOf(record);
    const title = project.registry.title(record.kind);
    const problems: string[] = [];
    const lineage: { ref: RecordRef; via: 'copy-from' | 'modify' }[] = [];

    // The base: the definition a modify edits, or the copy-from parent.
    let baseRecord: DefinitionRecord | undefined;
    let via: 'copy-from' | 'modify' | undefined;
    const modify = project.version.version.editModes && record.editMode === 'modify';
    if (modify) {
      baseRecord = editedDefinition(project, record, id);
      via = 'modify';
      if (!baseRecord) problems.push(`"edit-mode": "modify", but no earlier definition of ${title} "${id}" is visible: resolved from its own members only`);
    } else if (record.copyFrom !== undefined) {
      baseRecord = parentOf(project, record);
      via = 'copy-from';
      if (!baseRecord) problems.push(`copy-from "${record.copyFrom}": no ${title} with this id is visible: resolved from its own members only (the game discards this definition)`);
    }
    if (baseRecord && this.active.has(baseRecord)) {
      problems.push(`copy-from cycle: "${id}" leads back to "${baseRecord.ids[0] ?? record.copyFrom}": resolved from its own members only (the game discards these definitions)`);
      baseRecord = undefined;
    }
    const base = baseRecord ? this.resolve(baseRecord, via === 'modify' ? id : baseRecord.ids[0]) : undefined;
    const onto = base?.record;
    if (base) {
      lineage.push({ ref: base.record, via: via! }, ...base.lineage);
      // A broken chain above is this definition's problem too; approximations above stay with their members.
      for (const p of base.problems) if (CHAIN_PROBLEM.test(p)) problems.push(`${via === 'modify' ? 'earlier definition' : `parent "${base.id}"`}: ${p}`);
    }

    const value: Record<string, unknown> = {};
    const origins: Record<string, MemberOrigin> = {};
    const set = (k: string, v: unknown, step: Step, history: readonly Step[] = []): void => {
      if (v === undefined) { delete value[k]; delete origins[k]; return; }
      value[k] = v;
      origins[k] = { steps: [...history, { ...step, value: v }] };
    };

    // Identity first: the type, then the id member (or `abstract`).
    const rule = project.registry.idRuleOf(record.type);
    const idMember = rule.from === 'member' ? rule.member : 'id';
    set('type', record.type, { op: 'set', by: self });
    if (record.abstract) set('abstract', id, { op: 'set', by: self });
    else if (own[idMember] !== undefined) set(idMember, Array.isArray(own[idMember]) ? id : own[idMember], { op: 'set', by: self });
    const skip = (k: string): boolean => NOT_INHERITED.has(k) || k === idMember || k.startsWith('//') || isEditMemberName(k);

    // Inherited members, as the parent resolved them.
    if (base) for (const [k, v] of Object.entries(base.value)) if (!skip(k)) { value[k] = v; origins[k] = base.origins[k]; }

    // looks_like: a copy-from child looks like its parent unless told otherwise (monstergenerator.cpp: when the
    // inherited one is empty; item_factory.cpp: always from a real item, from an abstract when empty).
    if (base && via === 'copy-from' && record.copyFrom !== undefined && (record.kind === 'MONSTER' || record.kind === 'item')) {
      const always = record.kind === 'item' && !baseRecord!.abstract;
      if (always || value.looks_like === undefined) {
        set('looks_like', record.copyFrom, { op: 'derived', by: self, onto, note: `the game sets looks_like to the copy-from parent${always ? '' : ' when it has none'}` });
      }
    }

    const operators = Object.fromEntries(OPERATORS.map((op) => [op, isObject(own[op]) ? own[op] as Record<string, unknown> : {}])) as Record<(typeof OPERATORS)[number], Record<string, unknown>>;
    const matchingOnly = project.version.version.damageInheritance === 'matching-units';
    const wholeOf = (k: string): boolean | undefined => wholeNumber(this.fieldOf(record.type, k)?.type);
    const scalar = (v: unknown): boolean => !isObject(v) && !Array.isArray(v);

    // Own members replace; a scalar named in relative/proportional is computed from the inherited value instead
    // (assign.cpp reads relative, then proportional, then the own value).
    for (const [k, v] of Object.entries(own)) {
      if (skip(k)) continue;
      if ((k in operators.relative || k in operators.proportional) && scalar(operators.relative[k] ?? operators.proportional[k])) {
        problems.push(`"${k}" is given both as a value and in ${k in operators.relative ? 'relative' : 'proportional'}: the game computes it from the inherited value and ignores the own value`);
        continue;
      }
      for (const op of ['extend', 'delete'] as const) {
        if (k in operators[op]) problems.push(`"${k}" is given both as a value and in ${op}: the own value is shown (the generic loader then ignores ${op}; some members apply both, and assign() refuses it: "multiple assignment of value")`);
      }
      set(k, v, { op: 'set', by: self });
    }

    // relative, then proportional (a member in both: relative wins, as assign.cpp reads it first).
    for (const [k, delta] of Object.entries(operators.relative)) {
      if (k.startsWith('//')) continue;
      const r = addRelative(value[k], delta, { whole: wholeOf(k), matchingOnly });
      if (r.note && r.note !== ONTO_DEFAULT && /not computed/.test(r.note)) problems.push(`relative "${k}": ${r.note}`);
      set(k, r.value, { op: 'relative', by: self, onto, operand: delta, note: r.note }, origins[k]?.steps);
    }
    for (const [k, factor] of Object.entries(operators.proportional)) {
      if (k.startsWith('//')) continue;
      if (k in operators.relative && scalar(factor)) { problems.push(`"${k}" is in both relative and proportional: the game applies relative only`); continue; }
      const r = applyProportional(value[k], factor, { whole: wholeOf(k), matchingOnly });
      if (typeof factor === 'number' && (factor <= 0 || factor === 1)) problems.push(`proportional "${k}": ${factor} is refused by the game (a multiplier must be a positive number other than 1)`);
      if (r.value === undefined || (r.note && /not computed/.test(r.note))) problems.push(`proportional "${k}": ${r.note}`);
      if (r.value !== undefined) set(k, r.value, { op: 'proportional', by: self, onto, operand: factor, note: r.note }, origins[k]?.steps);
    }
    // extend, then delete (generic_factory.h), on members the definition does not give itself.
    for (const op of ['extend', 'delete'] as const) {
      for (const [k, entries] of Object.entries(operators[op])) {
        if (k.startsWith('//') || k in own) continue;
        const r = op === 'extend' ? applyExtend(value[k], entries, k) : applyDelete(value[k], entries, k);
        set(k, r.value, { op, by: self, onto, operand: entries, note: r.note }, origins[k]?.steps);
      }
    }

    // 0.F edit mode: add:/remove: members of a modify, on the documented list properties.
    if (modify) {
      const schema = project.registry.schemaOfType(record.type);
      for (const [k, entries] of Object.entries(own)) {
        const m = /^(?:(.+)\.)?(add|remove):(.+)$/.exec(k);
        if (!m) continue;
        const property = (schema && editMemberOf(schema, k)?.property) ?? (m[1] ? `${m[1]}.${m[3]}` : m[3]);
        const path = property.split('.');
        const r = applyEditMember(getPath(value, path), m[2] as 'add' | 'remove', entries);
        const top = path[0];
        let updated: unknown = r.value;
        if (path.length > 1) {
          // New objects along the path, the rest shared.
          const obj: Record<string, unknown> = isObject(value[top]) ? { ...(value[top] as Record<string, unknown>) } : {};
          let at = obj;
          for (const p of path.slice(1, -1)) { at[p] = isObject(at[p]) ? { ...(at[p] as Record<string, unknown>) } : {}; at = at[p] as Record<string, unknown>; }
          at[path[path.length - 1]] = r.value;
          updated = obj;
        }
        set(top, updated, { op: m[2] as 'add' | 'remove', by: self, onto, operand: path.length > 1 ? { [path.slice(1).join('.')]: entries } : entries, note: r.note }, origins[top]?.steps);
      }
    }
    return { record: self, id, value, origins, lineage, problems };
  }
}

// ---------------------------------------------------------------- provenance in words

function signed(v: unknown): string {
  return typeof v === 'number' ? (v >= 0 ? `+${v}` : `${v}`) : brief(v, 40);
}

/** A definition's name in provenance: its id, with its mod when that id is the one being resolved (an override). */
function nameOf(ref: RecordRef, self: RecordRef | undefined): string {
  return self && ref.id === self.id && ref.mod !== undefined ? `${ref.id} [${ref.mod}]` : ref.id;
}

/** One step in words: `relative +20 from mon_zombie`, `extended +["X"] from mon_zombie`. */
export function describeStep(step: Step, self?: RecordRef): string {
  const from = step.onto ? ` from ${nameOf(step.onto, self)}` : '';
  switch (step.op) {
    case 'set': return 'set';
    case 'relative': return `relative ${signed(step.operand)}${step.onto ? from : ' onto the default'}`;
    case 'proportional': return `proportional ×${brief(step.operand, 40)}${from}`;
    case 'extend': return `extended +${brief(step.operand, 40)}${from}`;
    case 'delete': return `deleted −${brief(step.operand, 40)}${from}`;
    case 'add': return `add: +${brief(step.operand, 40)}${from}`;
    case 'remove': return `remove: −${brief(step.operand, 40)}${from}`;
    case 'derived': return `copy-from ${step.onto ? nameOf(step.onto, self) : 'parent'}`;
  }
}

/**
 * Where a member's value came from, seen from `self`: `own value`, `inherited from mon_zombie`,
 * `relative +20 from mon_zombie`, `inherited from mon_b (relative +20 from mon_zombie)`; an override of the same
 * id names the mod: `inherited from mon_zombie [dda]`.
 */
export function describeOrigin(origin: MemberOrigin | undefined, self: RecordRef): string {
  const last = origin?.steps[origin.steps.length - 1];
  if (!last) return '';
  const mine = last.by.path === self.path && last.by.start === self.start;
  if (mine) return last.op === 'set' ? 'own value' : describeStep(last, self);
  const by = nameOf(last.by, self);
  return last.op === 'set' ? `inherited from ${by}` : `inherited from ${by} (${describeStep(last, self)})`;
}

/** Whether the member's value is the definition's own, unchanged (hover shows provenance only otherwise). */
export function isOwnValue(origin: MemberOrigin | undefined, self: RecordRef): boolean {
  const last = origin?.steps[origin.steps.length - 1];
  return last !== undefined && last.op === 'set' && last.by.path === self.path && last.by.start === self.start;
}

// ---------------------------------------------------------------- the definitions of one id

/** How a definition of an id relates to the ones loaded before it. */
export type DefinitionRole = 'first' | 'replaces' | 'copies-earlier' | 'edits' | 'duplicate';

export interface IdDefinition {
  readonly ref: RecordRef;
  readonly role: DefinitionRole;
  /** Whether a definition in the asking mod can see it (its mod is a dependency, or the mod itself). */
  readonly visible: boolean;
  /** The definition in effect as the asking mod sees it (the last visible one). */
  readonly inEffect: boolean;
  /** The last loaded of all: in effect when every mod listed is loaded. */
  readonly lastLoaded: boolean;
}

/**
 * Every definition of (kind, id) in the loaded mods, in load order, with what each does to the ones before:
 * a later definition replaces an earlier one (the current game: silently, across mods; 0.F: `override`), a
 * copy-from of its own id copies the earlier one, a 0.F `modify` edits it.
 */
export function definitionsOfId(project: WorkspaceView, kind: string, id: string, fromMod: string | undefined): IdDefinition[] {
  const all = [...project.definitionsOf(kind, id)].filter((r) => r.source.modId !== undefined).sort((a, b) => project.compareLoadOrder(a, b));
  const visible = new Set(project.visibleDefinitions(kind, id, fromMod));
  const effective = [...visible].pop();
  const rule = project.registry.ofKind(kind)?.redefinition;
  const editModes = project.version.version.editModes && rule === 'edit-mode';
  return all.map((r, i): IdDefinition => {
    let role: DefinitionRole = 'first';
    if (i > 0) {
      if (editModes && r.editMode === 'modify') role = 'edits';
      else if (r.copyFrom === id) role = 'copies-earlier';
      else if ((editModes && r.editMode === 'create') || (rule === 'replace' && r.source.modId === all[i - 1].source.modId)) role = 'duplicate';
      else role = 'replaces';
    }
    return { ref: refOf(r, id), role, visible: visible.has(r), inEffect: r === effective, lastLoaded: i === all.length - 1 };
  });
}

const ROLE_WORDS: Record<DefinitionRole, string> = {
  first: 'first definition',
  replaces: 'replaces the one before',
  'copies-earlier': 'copy-from its own id: copies the one before and changes it',
  edits: 'edit-mode modify: edits the one before',
  duplicate: 'defined again (a duplicate)',
};

export function describeRole(d: IdDefinition): string {
  return ROLE_WORDS[d.role];
}
