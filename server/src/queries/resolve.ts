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
 * The operators themselves are in inheritanceOperators.ts; provenance in words in provenance.ts.
 *
 * Plain data out; no LSP types. Values are never changed in place: a step builds new arrays and objects along
 * what it changes and shares the rest (no deep copies: a definition may nest thousands of levels).
 */
import type { WorkspaceView } from '../workspace/view';
import { fullValueOf } from '../records/record';
import type { DefinitionRecord, EditMode } from '../records/record';
import type { FieldSpec } from '../schema/types';
import { parentOf } from '../index/inheritance';
import { editMemberOf, isEditMemberName } from '../schema/topLevel';
import { addRelative, applyDelete, applyEditMember, applyExtend, applyProportional, getPath, isObject, ONTO_DEFAULT, wholeNumber } from './inheritanceOperators';

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
