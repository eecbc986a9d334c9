/**
 * `copy-from` chains: a record's parent is a definition of the same kind that its mod can see. A record that
 * copies from its own id (the 0.F way to alter a definition) gets the one loaded before it.
 */
/** The lookups inheritance needs (a Project, or a check's recording view of it). */
export interface DefinitionLookup {
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[];
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number;
}
import type { DefinitionRecord } from '../records/record';

export interface Chain {
  /** Ancestors, nearest first. */
  readonly ancestors: readonly DefinitionRecord[];
  /** Set when the chain is broken: the record whose parent is missing, or the record closing a cycle. */
  readonly problem?: { readonly kind: 'missing' | 'cycle'; readonly at: DefinitionRecord };
}

export function parentOf(project: DefinitionLookup, record: DefinitionRecord): DefinitionRecord | undefined {
  const parentId = record.copyFrom;
  if (parentId === undefined) return undefined;
  const candidates = project.visibleDefinitions(record.kind, parentId, record.source.modId).filter((r) => r !== record && r.editMode !== 'modify');
  if (candidates.length === 0) return undefined;
  const before = candidates.filter((r) => project.compareLoadOrder(r, record) < 0);
  if (record.ids.includes(parentId)) return before[before.length - 1];
  return before.length ? before[before.length - 1] : candidates[candidates.length - 1];
}

export function chainOf(project: DefinitionLookup, record: DefinitionRecord): Chain {
  const ancestors: DefinitionRecord[] = [];
  const seen = new Set<DefinitionRecord>([record]);
  let cur = record;
  while (cur.copyFrom !== undefined) {
    const parent = parentOf(project, cur);
    if (!parent) return { ancestors, problem: { kind: 'missing', at: cur } };
    if (seen.has(parent)) return { ancestors, problem: { kind: 'cycle', at: cur } };
    seen.add(parent);
    ancestors.push(parent);
    cur = parent;
  }
  return { ancestors };
}

/** Whether the record or an ancestor sets `member`. */
export function inheritsMember(record: DefinitionRecord, chain: Chain, member: string): boolean {
  if (member in record.value) return true;
  return chain.ancestors.some((a) => member in a.value);
}
