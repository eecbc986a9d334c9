/**
 * `too-complex` (warning): recipe component groups that overlap (spec 2.6.1). The game splits a requirement
 * whose groups share items into alternatives without overlap, one per choice in each overlapping group, and
 * gives up past 100 alternatives ("too many alternatives ... should be simplified"). We estimate that count as
 * the product of the sizes of the overlapping groups.
 */
import type { RecordCheck } from './context';
import { describeRecord } from './describe';

/** The game's limit (requirements.cpp, deduped_requirement_data: max_alternatives). */
export const MAX_ALTERNATIVES = 100;

function itemIdsOfGroup(group: unknown): string[] {
  if (!Array.isArray(group)) return [];
  // An alternative is [id, count] or [id, count, "LIST"] (a requirement list, not an item).
  return group.flatMap((alt) => (Array.isArray(alt) && typeof alt[0] === 'string' && alt[2] !== 'LIST' ? [alt[0]] : []));
}

export const checkTooComplex: RecordCheck = (record, ctx) => {
  if (record.type !== 'recipe' && record.type !== 'uncraft') return;
  const components = record.value.components;
  if (!Array.isArray(components)) return;
  const groups = components.map(itemIdsOfGroup);
  const overlapping: number[] = [];
  groups.forEach((g, i) => {
    const shares = groups.some((h, j) => j !== i && g.some((id) => h.includes(id)));
    if (shares) overlapping.push(i);
  });
  if (overlapping.length < 2) return;
  const estimate = overlapping.reduce((n, i) => n * Math.max(1, groups[i].length), 1);
  if (estimate <= MAX_ALTERNATIVES) return;
  const shared = [...new Set(overlapping.flatMap((i) => groups[i].filter((id) => overlapping.some((j) => j !== i && groups[j].includes(id)))))];
  ctx.report({
    record, path: ['components'], part: 'key', code: 'too-complex', severity: 'warning',
    message: `${describeRecord(record)}: component groups ${overlapping.map((i) => i + 1).join(', ')} overlap (${shared.slice(0, 5).map((s) => `"${s}"`).join(', ')}${shared.length > 5 ? ', ...' : ''}), giving about ${estimate} alternatives; the game gives up past ${MAX_ALTERNATIVES} ("too complex"). Split the recipe with an intermediate item so no groups overlap`,
  });
};
