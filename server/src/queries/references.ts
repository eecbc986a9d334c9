/**
 * Find references of a (kind, id): every reference of that kind to that id (the reverse index names the files,
 * their analyses the exact members), plus optionally the definitions themselves; of a map's or palette's
 * mapping key, the cells of `rows` it gives a meaning (queries/mapgenCell.ts).
 *
 * An id may have tens of thousands of uses: the searches are generators that pause between records (see
 * util/steps.ts), so the language server can answer other messages meanwhile and stop when cancelled.
 */
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import { finish, type Steps } from '../util/steps';
import { idRange, symbolAt, type Target } from './symbol';
import { fullValueOf } from '../records/record';
import { mappingReferencesSteps } from './mapgenCell';

export interface ReferenceSite extends Target {
  /** The file is reported (part of the workspace): editable. */
  readonly reported: boolean;
}

/** References to (kind, id) across the project, in file order. */
export function referencesTo(project: WorkspaceView, kind: string, id: string): ReferenceSite[] {
  return finish(referencesToSteps(project, kind, id));
}

export function* referencesToSteps(project: WorkspaceView, kind: string, id: string): Steps<ReferenceSite[]> {
  const out: ReferenceSite[] = [];
  for (const file of yield* project.filesReferencingSteps(kind, id)) {
    for (const record of file.records) {
      for (const ref of project.analysisOf(record).references) {
        if (ref.kind !== kind || ref.id !== id) continue;
        const r = project.locate(record, ref.path, ref.key ? 'key' : 'value');
        out.push({ path: file.path, start: r.start, end: r.end, reported: file.reported });
      }
      yield;
    }
  }
  return sortTargets(out);
}

/** Definitions of (kind, id): the ranges of their id strings. */
export function definitionSites(project: WorkspaceView, kind: string, id: string): ReferenceSite[] {
  return sortTargets(project.definitionsOf(kind, id).map((r) => ({ ...idRange(project, r, id), reported: (r.source as SourceFile).reported })));
}

export function references(project: WorkspaceView, filePath: string, offset: number, includeDeclaration: boolean): ReferenceSite[] {
  return finish(referencesSteps(project, filePath, offset, includeDeclaration));
}

export function* referencesSteps(project: WorkspaceView, filePath: string, offset: number, includeDeclaration: boolean): Steps<ReferenceSite[]> {
  // A mapping key of a map or palette: the cells of `rows` it gives a meaning.
  const cells = yield* mappingReferencesSteps(project, filePath, offset);
  if (cells) return sortTargets(cells.map((t) => ({ ...t, reported: (project.fileAt(t.path)?.reported ?? false) })));
  const s = symbolAt(project, filePath, offset);
  if (!s) return [];
  const refs = yield* referencesToSteps(project, s.kind, s.id);
  return includeDeclaration ? sortTargets([...definitionSites(project, s.kind, s.id), ...refs]) : refs;
}

function sortTargets<T extends Target>(list: T[]): T[] {
  return list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}
