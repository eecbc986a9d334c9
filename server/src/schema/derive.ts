/**
 * A newer game version's table written as the changes from an older one, so that what stayed the same is
 * written once. Used by the current version's tables (schema/current/) on top of the 0.F ones.
 */
import type { FieldSpec, KindSchema, ObjectSpec, RemovedMember } from './types';

export interface FieldChanges {
  /** Members this version no longer reads: rejected with what replaced them. */
  readonly removed?: readonly RemovedMember[];
  /** Members dropped without a replacement to name (they simply are not fields any more). */
  readonly drop?: readonly string[];
  /** Fields whose spec changed (matched by name; each must exist in the base). */
  readonly replace?: readonly FieldSpec[];
  /** New fields. */
  readonly add?: readonly FieldSpec[];
}

export function deriveFields(base: readonly FieldSpec[], changes: FieldChanges): FieldSpec[] {
  const gone = new Set([...(changes.removed ?? []).map((r) => r.name), ...(changes.drop ?? [])]);
  const replaced = new Map((changes.replace ?? []).map((f) => [f.name, f]));
  for (const name of [...gone, ...replaced.keys()]) {
    if (!base.some((f) => f.name === name)) throw new Error(`deriveFields: no field "${name}" in the base table`);
  }
  const out = base.filter((f) => !gone.has(f.name)).map((f) => replaced.get(f.name) ?? f);
  for (const f of changes.add ?? []) {
    if (out.some((x) => x.name === f.name)) throw new Error(`deriveFields: field "${f.name}" already exists`);
    out.push(f);
  }
  return out;
}

export function deriveObject(base: ObjectSpec, changes: FieldChanges): ObjectSpec {
  const removed = [...(base.removed ?? []), ...(changes.removed ?? [])];
  return { kind: 'object', fields: deriveFields(base.fields, changes), ...(base.open ? { open: true } : {}), ...(removed.length ? { removed } : {}) };
}

/**
 * A kind's table from an older version's; `add:`/`remove:` members are dropped unless given. Its basis is the
 * game's reader: the newer version's tables (schema/current/) are each checked against its loader.
 */
export function deriveSchema(base: KindSchema, changes: FieldChanges & { readonly editMembers?: KindSchema['editMembers'] }): KindSchema {
  const removed = [...(base.removed ?? []), ...(changes.removed ?? [])];
  return { basis: 'reader', fields: deriveFields(base.fields, changes), editMembers: changes.editMembers ?? [], ...(removed.length ? { removed } : {}) };
}
