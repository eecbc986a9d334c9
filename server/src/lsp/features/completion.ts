/** textDocument/completion over queries/completion. */
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList, type Connection } from 'vscode-languageserver/node';
import { complete, idDocumentation, type CompletionEntry } from '../../queries/completion';
import type { Session } from '../session';
import { positionParams, requestParams } from '../requests';
import type { FilePositions } from '../convert';

export const COMPLETION_TRIGGERS = ['"'];

const ITEM_KIND: Record<CompletionEntry['kind'], CompletionItemKind> = {
  id: CompletionItemKind.Reference,
  member: CompletionItemKind.Property,
  value: CompletionItemKind.EnumMember,
};

export function registerCompletion(connection: Connection, session: Session): void {
  connection.onCompletion((params): CompletionList | null => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const result = complete(session.project, p, fp.offsetAt(position));
    return { isIncomplete: result.isIncomplete, items: result.items.map((e) => toItem(e, fp, session.support.markdown)) };
  });
  // Ids get their documentation when shown, not for every candidate on every keystroke.
  connection.onCompletionResolve((item): CompletionItem => {
    requestParams(session, item);
    const r = item.data as CompletionEntry['resolve'] | undefined;
    if (!r || typeof r !== 'object' || typeof r.kind !== 'string' || typeof r.id !== 'string' || item.documentation) return item;
    const doc = idDocumentation(session.project, r.kind, r.id, r.modId);
    if (doc) item.documentation = session.support.markdown ? { kind: MarkupKind.Markdown, value: doc } : doc;
    return item;
  });
}

function toItem(e: CompletionEntry, fp: FilePositions, markdown: boolean): CompletionItem {
  const item: CompletionItem = {
    label: e.label,
    kind: ITEM_KIND[e.kind],
    sortText: e.sortText,
    textEdit: { range: fp.range(e.start, e.end), newText: e.insertText },
    insertTextFormat: e.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  if (e.detail) item.detail = e.detail;
  if (e.description) item.labelDetails = { description: e.description };
  if (e.documentation) item.documentation = markdown ? { kind: MarkupKind.Markdown, value: e.documentation } : e.documentation;
  if (e.resolve) item.data = e.resolve;
  return item;
}
