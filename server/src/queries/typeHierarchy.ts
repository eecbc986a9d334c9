/**
 * The copy-from hierarchy of a definition (LSP type hierarchy): its supertypes are the parent it copies from
 * (as index/inheritance.ts chooses it) or, for a 0.F `"edit-mode": "modify"`, the definition it edits; its
 * subtypes are the definitions that copy from it (found through the reverse index: files referring to its id)
 * and the modifies that edit it. Plain data: the LSP edge converts.
 */
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { parentOf } from '../index/inheritance';
import { finish, type Steps } from '../util/steps';
import { cursorAt } from './cursor';
import { shortPath } from './symbol';
import { editedDefinition } from './resolve';
import { definitionsSeenFrom, displayName, idRange, symbolAt } from './symbol';

export interface HierarchyItem {
  readonly kind: string;
  readonly id: string;
  readonly type: string;
  readonly mod: string | undefined;
  readonly path: string;
  /** Index of the definition's object in its file (with `kind`, finds the record again). */
  readonly index: number;
  /** `MONSTER · dda · json/monsters.json`, and the display name. */
  readonly detail: string;
  /** The whole definition. */
  readonly start: number;
  readonly end: number;
  /** Its id. */
  readonly selectionStart: number;
  readonly selectionEnd: number;
  /** How it relates to the item it was found from: `copy-from`, `edits` (0.F modify). */
  readonly relation?: 'copy-from' | 'edits';
}

export function hierarchyItem(project: WorkspaceView, record: DefinitionRecord, id = record.ids[0] ?? '?', relation?: HierarchyItem['relation']): HierarchyItem {
  const sel = idRange(project, record, id);
  const name = displayName(record);
  const detail = [record.type, record.source.modId ?? '?', shortPath(project, record.source.modId, record.source.path), record.abstract ? 'abstract' : '', name ?? ''].filter(Boolean).join(' · ');
  return {
    kind: record.kind, id, type: record.type, mod: record.source.modId, path: record.source.path, index: record.index, detail,
    start: record.start, end: record.end, selectionStart: sel.start, selectionEnd: sel.end, relation,
  };
}

/** The record an item names, if it is still there. */
export function recordOfItem(project: WorkspaceView, item: { readonly path: string; readonly index: number; readonly kind: string }): DefinitionRecord | undefined {
  return project.fileAt(item.path)?.records.find((r) => r.index === item.index && r.kind === item.kind);
}

/** The definition at a position: a reference's target (as the position's mod sees it), else the definition there. */
export function prepareHierarchy(project: WorkspaceView, filePath: string, offset: number): HierarchyItem[] {
  const s = symbolAt(project, filePath, offset);
  if (s?.reference) {
    const from = s.cursor.record;
    let defs = definitionsSeenFrom(project, s.kind, s.id, from.source.modId);
    if (defs.length > 1) defs = defs.filter((r) => r !== from);
    // A copy-from of the record's own id names the definition loaded before it.
    if (from.ids.includes(s.id) && s.kind === from.kind) {
      const before = defs.filter((r) => project.compareLoadOrder(r, from) < 0);
      if (before.length) defs = before;
    }
    const target = defs[defs.length - 1];
    return target ? [hierarchyItem(project, target, s.id)] : [];
  }
  const record = s ? s.cursor.record : cursorAt(project, filePath, offset)?.record;
  if (!record || record.ids.length === 0) return [];
  return [hierarchyItem(project, record, s?.id ?? record.ids[0])];
}

/** What the definition copies from (or, for a 0.F modify, edits). */
export function supertypes(project: WorkspaceView, record: DefinitionRecord): HierarchyItem[] {
  if (project.version.version.editModes && record.editMode === 'modify') {
    const edited = editedDefinition(project, record);
    return edited ? [hierarchyItem(project, edited, record.ids[0], 'edits')] : [];
  }
  const parent = parentOf(project, record);
  return parent ? [hierarchyItem(project, parent, record.copyFrom, 'copy-from')] : [];
}

/** The definitions that copy from this one (and the 0.F modifies that edit it), in load order. */
export function subtypes(project: WorkspaceView, record: DefinitionRecord): HierarchyItem[] {
  return finish(subtypesSteps(project, record));
}

/**
 * As `subtypes`, pausing between records (the first search analyses every record: see filesReferencingSteps) and
 * between the items made of them.
 */
export function* subtypesSteps(project: WorkspaceView, record: DefinitionRecord): Steps<HierarchyItem[]> {
  const out: { r: DefinitionRecord; id: string; relation: HierarchyItem['relation'] }[] = [];
  for (const id of record.ids) {
    for (const f of yield* project.filesReferencingSteps(record.kind, id)) {
      for (const r of f.records) {
        if (r !== record && r.kind === record.kind && r.copyFrom === id && parentOf(project, r) === record) out.push({ r, id: r.ids[0] ?? id, relation: 'copy-from' });
        yield;
      }
    }
    if (project.version.version.editModes) {
      for (const r of project.definitionsOf(record.kind, id)) if (r.editMode === 'modify' && editedDefinition(project, r, id) === record) out.push({ r, id, relation: 'edits' });
    }
  }
  const seen = new Set<DefinitionRecord>();
  const found = out.filter((x) => !seen.has(x.r) && seen.add(x.r)).sort((a, b) => project.compareLoadOrder(a.r, b.r));
  // An item locates its id in the file's text: for tens of thousands of children, most of the work, so a step each.
  const items: HierarchyItem[] = [];
  for (const x of found) {
    items.push(hierarchyItem(project, x.r, x.id, x.relation));
    yield;
  }
  return items;
}
