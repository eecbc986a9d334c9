/** "Did you mean": the visible ids of a kind nearest to an unknown one. */
import type { ProjectView } from './context';
import { closestN } from '../util/closest';

export function suggestIds(project: ProjectView, kind: string, id: string, modId: string | undefined, count = 3): string[] {
  const visible = project.graph.visibleFrom(modId);
  const candidates: string[] = [];
  for (const [candidate, records] of project.entries(kind)) {
    if (records.some((r) => !r.abstract && r.source.modId !== undefined && visible.has(r.source.modId))) candidates.push(candidate);
  }
  const near = closestN(id, candidates, count);
  if (near.length > 0 || id.length < 3) return near;
  // A half-typed id: the shortest ids it begins.
  return candidates.filter((c) => c.startsWith(id)).sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, count);
}
