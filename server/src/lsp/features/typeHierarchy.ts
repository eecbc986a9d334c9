/**
 * textDocument/prepareTypeHierarchy, typeHierarchy/supertypes and typeHierarchy/subtypes (LSP 3.17) over
 * queries/typeHierarchy: the copy-from parents and children of a definition.
 */
import type { Connection, TypeHierarchyItem } from 'vscode-languageserver/node';
import { prepareHierarchy, recordOfItem, subtypesSteps, supertypes, type HierarchyItem } from '../../queries/typeHierarchy';
import { pathToUri, targetRange, uriToPath } from '../convert';
import type { Session } from '../session';
import { invalid, positionParams, requestParams } from '../requests';
import { symbolKindOf } from './documentSymbols';
import { runInSlices } from '../slices';

/** What an item carries to find its definition again. */
interface ItemData { readonly kind: string; readonly index: number }

function toItem(session: Session, h: HierarchyItem): TypeHierarchyItem {
  const project = session.project;
  const range = targetRange(project, session.lines, { path: h.path, start: h.start, end: h.end });
  const selectionRange = targetRange(project, session.lines, { path: h.path, start: h.selectionStart, end: h.selectionEnd });
  return {
    name: h.id, kind: symbolKindOf(project.registry, h.kind), detail: h.relation === 'edits' ? `edits · ${h.detail}` : h.detail,
    uri: pathToUri(h.path), range, selectionRange, data: { kind: h.kind, index: h.index } satisfies ItemData,
  };
}

function itemParams(session: Session, raw: unknown): { path: string; data: ItemData } | undefined {
  const params = requestParams(session, raw);
  const item = params.item as { uri?: unknown; data?: unknown } | undefined;
  if (typeof item !== 'object' || item === null || typeof item.uri !== 'string') invalid('"item.uri" must be a string');
  const data = item.data as Partial<ItemData> | undefined;
  if (typeof data !== 'object' || data === null || typeof data.kind !== 'string' || typeof data.index !== 'number') invalid('"item.data" must be the data of an item this server sent');
  const p = uriToPath(item.uri);
  return p ? { path: p, data: { kind: data.kind, index: data.index } } : undefined;
}

export function registerTypeHierarchy(connection: Connection, session: Session): void {
  connection.languages.typeHierarchy.onPrepare((params): TypeHierarchyItem[] | null => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const items = prepareHierarchy(session.project, p, fp.offsetAt(position));
    return items.length ? items.map((h) => toItem(session, h)) : null;
  });
  const recordOf = (raw: unknown) => {
    const at = itemParams(session, raw);
    return at && recordOfItem(session.project, { path: at.path, index: at.data.index, kind: at.data.kind });
  };
  connection.languages.typeHierarchy.onSupertypes((raw): TypeHierarchyItem[] | null => {
    const record = recordOf(raw);
    return record ? supertypes(session.project, record).map((h) => toItem(session, h)) : null;
  });
  // The first search analyses every record of the workspace: in time slices, as references (lsp/slices.ts).
  connection.languages.typeHierarchy.onSubtypes(async (raw, token): Promise<TypeHierarchyItem[] | null> => {
    const record = recordOf(raw);
    if (!record) return null;
    const { project } = session;
    const items = await runInSlices(session, project, token, subtypesSteps(project, record));
    return items.map((h) => toItem(session, h));
  });
}
