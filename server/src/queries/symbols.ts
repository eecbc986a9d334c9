/**
 * Document symbols (each definition of a file) and workspace symbols (every id of the project matching a
 * query, capped).
 */
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { displayName, idRange, type Target } from './symbol';
import { finish, type Steps } from '../util/steps';

export interface DocumentSymbolEntry {
  readonly name: string;
  /** `MONSTER · zombie`. */
  readonly detail: string;
  readonly kind: string;
  readonly type: string;
  /** The whole object. */
  readonly start: number;
  readonly end: number;
  /** The id string. */
  readonly selection: Target;
}

export function documentSymbols(project: WorkspaceView, filePath: string): DocumentSymbolEntry[] {
  return finish(documentSymbolSteps(project, filePath));
}

/** As `documentSymbols`, pausing between definitions (a file may hold tens of thousands; see util/steps.ts). */
export function* documentSymbolSteps(project: WorkspaceView, filePath: string): Steps<DocumentSymbolEntry[]> {
  const file = project.fileAt(filePath);
  if (!file) return [];
  const out: DocumentSymbolEntry[] = [];
  for (const r of file.records) {
    // An effect on condition written inside a definition is part of that definition's outline entry.
    if (r.inline) continue;
    const ids = r.ids.length ? r.ids : [''];
    for (const id of ids) {
      const start = r.start, end = r.end;
      let sel = id ? idRange(project, r, id) : { path: filePath, start, end: Math.min(end, start + 1) };
      if (sel.start < start || sel.end > end) sel = { path: filePath, start, end: start + 1 };
      const name = displayName(r);
      out.push({ name: id || unnamed(r), detail: `${r.type}${r.abstract ? ' (abstract)' : ''}${name ? ` · ${name}` : ''}`, kind: r.kind, type: r.type, start, end, selection: sel });
    }
    yield;
  }
  return out;
}

export interface WorkspaceSymbolEntry {
  readonly name: string;
  readonly kind: string;
  readonly type: string;
  /** The mod (shown as the container). */
  readonly container: string;
  readonly record: DefinitionRecord;
  readonly path: string;
}

/**
 * Ids matching `query` (case-insensitive: prefix matches first, then substring, then subsequence), at most
 * `limit`. Locations are computed on demand by the caller (`idRange`): finding them reads files.
 */
export function workspaceSymbols(project: WorkspaceView, query: string, limit = 200): WorkspaceSymbolEntry[] {
  return finish(workspaceSymbolSteps(project, query, limit));
}

/** As `workspaceSymbols`, pausing every few hundred ids (see util/steps.ts). */
export function* workspaceSymbolSteps(project: WorkspaceView, query: string, limit = 200): Steps<WorkspaceSymbolEntry[]> {
  const q = query.toLowerCase();
  let n = 0;
  const buckets: WorkspaceSymbolEntry[][] = [[], [], []];
  const cap = limit;
  for (const kind of project.definedKinds()) {
    for (const [id, records] of project.entries(kind)) {
      if (++n % 256 === 0) yield;
      const idl = id.toLowerCase();
      const b = q === '' || idl.startsWith(q) ? 0 : idl.includes(q) ? 1 : isSubsequence(q, idl) ? 2 : -1;
      if (b < 0 || buckets[b].length >= cap) continue;
      if (b > 0 && buckets[0].length >= cap) continue;
      for (const r of records) {
        buckets[b].push({ name: id, kind, type: r.type, container: r.source.modId ?? '', record: r, path: r.source.path });
      }
    }
    if (buckets[0].length >= cap) break;
  }
  for (const b of buckets) b.sort((x, y) => x.name.length - y.name.length || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return [...buckets[0], ...buckets[1], ...buckets[2]].slice(0, limit);
}

function isSubsequence(needle: string, hay: string): boolean {
  let j = 0;
  for (let i = 0; i < hay.length && j < needle.length; i++) if (hay.charCodeAt(i) === needle.charCodeAt(j)) j++;
  return j === needle.length;
}

/** The id location of a workspace symbol (reads the file when it is not held in memory). */
export function symbolLocation(project: WorkspaceView, e: WorkspaceSymbolEntry): Target {
  return idRange(project, e.record, e.name);
}

export function isReported(e: WorkspaceSymbolEntry): boolean {
  return (e.record.source as SourceFile).reported;
}

/** How a definition without an id is listed: a map generator by the overmap terrains it generates. */
function unnamed(r: DefinitionRecord): string {
  const om = r.value.om_terrain;
  const flat = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(flat) : []);
  const names = flat(om);
  if (names.length) return `${r.type} ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}`;
  return `(${r.type} without id)`;
}
