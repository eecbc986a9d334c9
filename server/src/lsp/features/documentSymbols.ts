/** textDocument/documentSymbol: each definition of the file (type, id, name), flat. */
import { SymbolKind, type Connection, type DocumentSymbol } from 'vscode-languageserver/node';
import { documentSymbols } from '../../queries/symbols';
import type { Session } from '../session';

/** Symbol kinds by index kind; others are objects. */
export function symbolKindOf(kind: string): SymbolKind {
  switch (kind) {
    case 'MONSTER': return SymbolKind.Class;
    case 'item': return SymbolKind.Constant;
    case 'recipe': case 'uncraft': return SymbolKind.Function;
    case 'profession': return SymbolKind.Interface;
    case 'scenario': return SymbolKind.Module;
    case 'profession_item_substitutions': return SymbolKind.Struct;
    default: return SymbolKind.Object;
  }
}

export function registerDocumentSymbols(connection: Connection, session: Session): void {
  connection.onDocumentSymbol((params): DocumentSymbol[] | null => {
    const p = session.contentPath(params.textDocument.uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    return documentSymbols(session.project, p).map((s) => ({
      name: s.name,
      detail: s.detail,
      kind: symbolKindOf(s.kind),
      range: fp.range(s.start, s.end),
      selectionRange: fp.range(s.selection.start, s.selection.end),
    }));
  });
}
