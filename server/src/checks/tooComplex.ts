/**
 * `too-complex` (warning): recipe component groups that overlap too much (spec 2.6.1). The game splits a
 * recipe whose groups share items into alternatives in which no item appears twice, and gives up when the
 * split passes 100 alternatives: "Construction of deduped_requirement_data generated too many alternatives.
 * The recipe ... should be simplified" (0.F requirements.cpp, deduped_requirement_data). This module runs the
 * same split on item ids (counts do not change how many alternatives there are). Requirement lists
 * (`[id, count, "LIST"]`) are left out: the game expands them first, so a recipe using them may split more.
 */
import type { CheckContext, RecordCheck } from './context';
import type { DefinitionRecord } from '../records/record';
import { describeRecord } from './describe';

/** The game's limit (0.F: `max_alternatives = 100`). */
export const MAX_ALTERNATIVES = 100;

type Groups = readonly (readonly string[])[];

/** The item id of a group's alternative (`[id, count]`; not a requirement list). */
function itemIdOf(alt: unknown): string | undefined {
  return Array.isArray(alt) && typeof alt[0] === 'string' && alt[2] !== 'LIST' ? alt[0] : undefined;
}

function itemIdsOfGroup(group: unknown): string[] {
  if (!Array.isArray(group)) return [];
  const out: string[] = [];
  for (let a = 0; a < group.length; a++) { const id = itemIdOf(group[a]); if (id !== undefined) out.push(id); }
  return out;
}

/** Whether two groups list one item id (most recipes: none, and nothing more is worked out for them). */
function anyItemShared(components: readonly unknown[]): boolean {
  const groupOf = new Map<string, number>();
  for (let g = 0; g < components.length; g++) {
    const group = components[g];
    if (!Array.isArray(group)) continue;
    for (let a = 0; a < group.length; a++) {
      const id = itemIdOf(group[a]);
      if (id === undefined) continue;
      const at = groupOf.get(id);
      if (at === undefined) groupOf.set(id, g); else if (at !== g) return true;
    }
  }
  return false;
}

/**
 * The game's expand_item_in_reqs: `leftover` (from group `origIndex`) is either merged into a later group that
 * also lists it (that group then holds only it), or kept as a group of its own once no later group remains.
 * The game recurses once per later group; this loops (a recipe may list thousands of groups), and stops once
 * the results alone pass the limit (the caller then gives up anyway).
 */
function expandItem(leftover: string, start: Groups, toExpand: Groups, origIndex: number, from: number, result: Groups[]): void {
  const prefix = [...start];
  for (let index = from; ; index++) {
    if (index === toExpand.length) {
      result.push([...prefix.slice(0, origIndex), [leftover], ...prefix.slice(origIndex)]);
      return;
    }
    const group = toExpand[index];
    const duplicate = group.indexOf(leftover);
    if (duplicate < 0) {
      prefix.push(group);
      continue;
    }
    result.push([...prefix, [leftover], ...toExpand.slice(index + 1)]);
    if (result.length > MAX_ALTERNATIVES) return;
    const rest = group.filter((_, i) => i !== duplicate);
    if (!rest.length) return;
    prefix.push(rest);
  }
}

/** How many alternatives the game's split makes, or undefined once it passes the limit (too complex). */
export function alternativesCount(groups: Groups): number | undefined {
  const pending: { components: Groups; index: number }[] = [{ components: groups, index: 0 }];
  let alternatives = 0;
  while (pending.length) {
    const next = pending.pop()!;
    if (next.index === next.components.length) { alternatives++; continue; }
    const later = new Set(next.components.slice(next.index + 1).flat());
    const group = next.components[next.index];
    for (const item of group.filter((c) => later.has(c))) {
      const result: Groups[] = [];
      expandItem(item, next.components.slice(0, next.index), next.components, next.index, next.index + 1, result);
      // A shorter result dropped the current group: the same index is looked at again.
      for (const v of result) pending.push({ components: v, index: next.index + (v.length === next.components.length ? 1 : 0) });
    }
    const unique = group.filter((c) => !later.has(c));
    if (unique.length) {
      const withoutDuplicates = [...next.components];
      withoutDuplicates[next.index] = unique;
      pending.push({ components: withoutDuplicates, index: next.index + 1 });
    }
    if (alternatives + pending.length > MAX_ALTERNATIVES) return undefined;
  }
  return alternatives;
}

// (The tests apart from the body: see checkGunAmmo.)
export const checkTooComplex: RecordCheck = (record, ctx) => {
  if (record.type !== 'recipe' && record.type !== 'uncraft') return;
  const components = record.value.components;
  if (Array.isArray(components) && anyItemShared(components)) checkComponents(record, ctx, components);
};

function checkComponents(record: DefinitionRecord, ctx: CheckContext, components: readonly unknown[]): void {
  const groups = components.map(itemIdsOfGroup);
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const g of groups) for (const id of new Set(g)) (seen.has(id) ? shared : seen).add(id);
  if (shared.size === 0 || alternativesCount(groups) !== undefined) return;
  const overlapping = groups.flatMap((g, i) => (g.some((id) => shared.has(id)) ? [i + 1] : []));
  const names = [...shared];
  ctx.report({
    record, path: ['components'], part: 'key', code: 'too-complex', severity: 'warning', basis: 'reader',
    message: `${describeRecord(ctx.project.registry, record)}: component groups ${overlapping.join(', ')} overlap (${names.slice(0, 5).map((s) => `"${s}"`).join(', ')}${names.length > 5 ? ', ...' : ''}); the game splits them into more than ${MAX_ALTERNATIVES} alternatives and gives up ("too complex"). Split the recipe with an intermediate item so no groups overlap`,
  });
};
