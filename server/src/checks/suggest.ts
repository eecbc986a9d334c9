/** "Did you mean": the visible ids of a kind nearest to an unknown one. */
import type { ProjectView } from './context';
import { closestN } from '../util/closest';

export function suggestIds(project: ProjectView, kind: string, id: string, modId: string | undefined, count = 3): string[] {
  const visible = project.graph.visibleFrom(modId);
  const candidates: string[] = [];
  for (const [candidate, records] of project.entries(kind)) {
    if (records.some((r) => !r.abstract && r.source.modId !== undefined && visible.has(r.source.modId))) candidates.push(candidate);
  }
  return closestN(id, candidates, count);
}
