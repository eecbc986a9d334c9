/**
 * What to say about an id that does not resolve: the visible ids of its kind nearest to it ("did you mean"),
 * or, when the id itself is defined but where the mod cannot see it, that mod.
 */
import type { ProjectView } from './context';
import type { DefinitionRecord } from '../records/record';

/** Which definitions would satisfy the lookup (e.g. not abstract ones, not the record itself). */
export type Accepts = (r: DefinitionRecord) => boolean;

export const notAbstract: Accepts = (r) => !r.abstract;

/**
 * Up to `count` visible ids of a kind near `id`. Never `id` itself, and only ids with a definition that
 * `accepts` takes: a suggestion must not be unresolved for the same reason.
 */
export function suggestIds(project: ProjectView, kind: string, id: string, modId: string | undefined, accepts: Accepts = notAbstract, count = 3): string[] {
  const visible = project.mods.visibleFrom(modId);
  const entries = project.entries(kind);
  const takes = (candidate: string): boolean => (entries.get(candidate) ?? []).some((r) => r.source.modId !== undefined && visible.has(r.source.modId) && accepts(r));
  // The ids near `id` among those of the mods it sees, then those this definition can take: the same as searching
  // only the ones it can take, as the order of the near ones does not depend on the rest.
  const near: string[] = [];
  for (const c of project.nearIds(kind, id, modId)) if (takes(c) && near.push(c) >= count) break;
  if (near.length > 0 || id.length < 3) return near;
  // A half-typed id: the shortest ids it begins.
  return project.idsBeginning(kind, id, modId).filter(takes).slice(0, count);
}

/** A definition of `id` that `accepts` takes, in a mod that `modId` cannot see (the first in load order). */
export function definedOutOfSight(project: ProjectView, kind: string, id: string, modId: string | undefined, accepts: Accepts = notAbstract): DefinitionRecord | undefined {
  const visible = project.mods.visibleFrom(modId);
  const hidden = (project.entries(kind).get(id) ?? []).filter((r) => r.source.modId !== undefined && !visible.has(r.source.modId) && accepts(r));
  return hidden.sort((a, b) => project.compareLoadOrder(a, b))[0];
}

/**
 * The end of a message about an unresolved id: where it is defined out of sight, else "did you mean", else
 * nothing; with the ids to offer as fixes.
 */
export function unresolvedHint(project: ProjectView, kind: string, id: string, modId: string | undefined, accepts: Accepts = notAbstract): { text: string; near: string[] } {
  const hidden = definedOutOfSight(project, kind, id, modId, accepts);
  if (hidden) {
    const which = modId ? `mod "${modId}"` : 'this file';
    return { text: `; "${id}" is defined in mod "${hidden.source.modId}", which ${which} does not depend on (add it to "dependencies" in modinfo.json)`, near: [] };
  }
  let near = suggestIds(project, kind, id, modId, accepts);
  // None of its own kind: the kinds whose ids also resolve it (a vehicle where a vehicle group is read).
  for (const also of project.registry.alsoResolvedBy(kind)) if (near.length === 0) near = suggestIds(project, also, id, modId, accepts);
  return { text: near.length ? `; did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : '', near };
}
