/**
 * Go to definition: from a reference, the definitions it resolves to (every visible one: a create, its
 * overrides and edits, across files, mods and the game data); from a definition's own id, the other
 * definitions of the same (kind, id) — the override chain; from a character of a map's `rows`, its mappings.
 */
import type { WorkspaceView } from '../workspace/view';
import { definitionsSeenFrom, derivedBase, idRange, symbolAt, type Target } from './symbol';
import { cellDefinitions } from './mapgenCell';

export function definitions(project: WorkspaceView, filePath: string, offset: number): Target[] {
  // A character of a map's rows: the keys of its mappings, in the map and its palettes.
  const cell = cellDefinitions(project, filePath, offset);
  if (cell) return cell;
  const s = symbolAt(project, filePath, offset);
  if (!s) return [];
  const self = s.cursor.record;
  if (s.reference) {
    const isCopyFrom = s.reference.path.length === 1 && s.reference.path[0] === 'copy-from';
    let found = definitionsSeenFrom(project, s.kind, s.id, self.source.modId).filter((r) => r !== self);
    // None of its kind: what else resolves it (a vehicle named where a vehicle group is read, an item's migration).
    for (const also of project.registry.alsoResolvedBy(s.kind)) if (found.length === 0) found = definitionsSeenFrom(project, also, s.id, self.source.modId).filter((r) => r !== self);
    // An id the game derives from another definition (a vehicle part's variant, a terrain's rotation): that one.
    const base = found.length === 0 ? derivedBase(project, s.kind, s.id, self.source.modId) : undefined;
    if (base) found = definitionsSeenFrom(project, base.kind, base.id, self.source.modId);
    // A name removed on purpose (an overmap terrain an oter_id_migration migrates away): where it is migrated.
    for (const migration of project.registry.migratedBy(s.kind)) if (found.length === 0) found = definitionsSeenFrom(project, migration, s.id, self.source.modId);
    // A copy-from of the record's own id (0.F style) means the definitions loaded before it.
    if (isCopyFrom && self.ids.includes(s.id)) {
      const before = found.filter((r) => project.compareLoadOrder(r, self) < 0);
      if (before.length) found = before;
    }
    return found.map((r) => idRange(project, r, s.id));
  }
  const others = [...project.definitionsOf(s.kind, s.id)].sort((a, b) => project.compareLoadOrder(a, b)).filter((r) => r !== self);
  return (others.length ? others : [self]).map((r) => idRange(project, r, s.id));
}
