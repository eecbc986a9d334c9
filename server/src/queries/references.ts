/**
 * Find references of a (kind, id): every reference of that kind to that id (the reverse index names the files,
 * their analyses the exact members), plus optionally the definitions themselves.
 */
import type { Project, SourceFile } from '../project';
import { idRange, symbolAt, type Target } from './symbol';
import { fullValueOf } from '../records/record';

export interface ReferenceSite extends Target {
  /** The file is reported (part of the workspace): editable. */
  readonly reported: boolean;
}

/** References to (kind, id) across the project, in file order. */
export function referencesTo(project: Project, kind: string, id: string): ReferenceSite[] {
  const out: ReferenceSite[] = [];
  for (const file of project.filesReferencing(kind, id)) {
    for (const record of file.records) {
      for (const ref of project.analysisOf(record).references) {
        if (ref.kind !== kind || ref.id !== id) continue;
        const r = project.locate(record, ref.path, ref.path.length && isMapKeyPath(project, record, ref.path) ? 'key' : 'value');
        out.push({ path: file.path, start: r.start, end: r.end, reported: file.reported });
      }
    }
  }
  return sortTargets(out);
}

/** A reference whose last path segment is a member name pointing at a non-string value is a map key. */
function isMapKeyPath(project: Project, record: Parameters<Project['analysisOf']>[0], path: readonly (string | number)[]): boolean {
  const last = path[path.length - 1];
  if (typeof last !== 'string') return false;
  let v: unknown = fullValueOf(record);
  for (const seg of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[seg] : undefined;
  return typeof v !== 'string';
}

/** Definitions of (kind, id): the ranges of their id strings. */
export function definitionSites(project: Project, kind: string, id: string): ReferenceSite[] {
  return sortTargets(project.defs.get(kind, id).map((r) => ({ ...idRange(project, r, id), reported: (r.source as SourceFile).reported })));
}

export function references(project: Project, filePath: string, offset: number, includeDeclaration: boolean): ReferenceSite[] {
  const s = symbolAt(project, filePath, offset);
  if (!s) return [];
  const refs = referencesTo(project, s.kind, s.id);
  return includeDeclaration ? sortTargets([...definitionSites(project, s.kind, s.id), ...refs]) : refs;
}

function sortTargets<T extends Target>(list: T[]): T[] {
  return list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}
