/**
 * What to say about an id that does not resolve: the visible ids of its kind nearest to it ("did you mean"),
 * or, when the id itself is defined but where the mod cannot see it, that mod.
 */
import type { ProjectView } from './context';
import type { DefinitionRecord } from '../records/record';
import { closestN } from '../util/closest';
import { entriesStamp } from '../index/definitionIndex';

/** Which definitions would satisfy the lookup (e.g. not abstract ones, not the record itself). */
export type Accepts = (r: DefinitionRecord) => boolean;

export const notAbstract: Accepts = (r) => !r.abstract;

/** The visible ids of a kind near one id (within tolerance, nearest first) and those it begins (shortest first). */
interface Nearby { readonly near: readonly string[]; readonly prefixed: readonly string[] }

/**
 * Nearby ids per (id, mod), valid while the kind's definitions and the mod graph are unchanged: one unknown id
 * named in thousands of places (a definition renamed while typing) is compared with every id of its kind once,
 * not once per place.
 */
const nearbyCache = new WeakMap<object, { stamp: number; graph: object; byKey: Map<string, Nearby> }>();

function nearby(project: ProjectView, kind: string, id: string, modId: string | undefined): Nearby {
  const entries = project.entries(kind);
  const stamp = entriesStamp(entries);
  let cache = nearbyCache.get(entries);
  if (!cache || cache.stamp !== stamp || cache.graph !== project.graph) {
    cache = { stamp, graph: project.graph, byKey: new Map() };
    nearbyCache.set(entries, cache);
  }
  const key = `${id}\u0000${modId ?? ''}`;
  let found = cache.byKey.get(key);
  if (!found) {
    const visible = project.graph.visibleFrom(modId);
    const candidates: string[] = [];
    for (const [candidate, records] of entries) {
      if (candidate === id) continue;
      if (records.some((r) => r.source.modId !== undefined && visible.has(r.source.modId))) candidates.push(candidate);
    }
    const prefixed = id.length < 3 ? [] : candidates.filter((c) => c.startsWith(id)).sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    found = { near: closestN(id, candidates, Infinity), prefixed };
    cache.byKey.set(key, found);
  }
  return found;
}

/**
 * Up to `count` visible ids of a kind near `id`. Never `id` itself, and only ids with a definition that
 * `accepts` takes: a suggestion must not be unresolved for the same reason.
 */
export function suggestIds(project: ProjectView, kind: string, id: string, modId: string | undefined, accepts: Accepts = notAbstract, count = 3): string[] {
  const { near, prefixed } = nearby(project, kind, id, modId);
  const visible = project.graph.visibleFrom(modId);
  const entries = project.entries(kind);
  const accepted = (c: string): boolean => (entries.get(c) ?? []).some((r) => r.source.modId !== undefined && visible.has(r.source.modId) && accepts(r));
  const take = (list: readonly string[]): string[] => {
    const out: string[] = [];
    for (const c of list) {
      if (out.length === count) break;
      if (accepted(c)) out.push(c);
    }
    return out;
  };
  const close = take(near);
  // A half-typed id: the shortest ids it begins.
  return close.length > 0 || id.length < 3 ? close : take(prefixed);
}

/** A definition of `id` that `accepts` takes, in a mod that `modId` cannot see (the first in load order). */
export function definedOutOfSight(project: ProjectView, kind: string, id: string, modId: string | undefined, accepts: Accepts = notAbstract): DefinitionRecord | undefined {
  const visible = project.graph.visibleFrom(modId);
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
  const near = suggestIds(project, kind, id, modId, accepts);
  return { text: near.length ? `; did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : '', near };
}
