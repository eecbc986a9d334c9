/** textDocument/documentSymbol: each definition of the file (type, id, name), flat; in time slices (cancellable). */
import { SymbolKind, type Connection, type DocumentSymbol } from 'vscode-languageserver/node';
import { documentSymbolSteps } from '../../queries/symbols';
import { runInSlices } from '../slices';
import type { Session } from '../session';
import { documentParams } from '../requests';
import type { KindRegistry } from '../../registry/registry';
import type { SymbolCategory } from '../../registry/declaration';

const SYMBOL_KINDS: Record<SymbolCategory, SymbolKind> = {
  class: SymbolKind.Class, constant: SymbolKind.Constant, function: SymbolKind.Function, interface: SymbolKind.Interface,
  module: SymbolKind.Module, struct: SymbolKind.Struct, object: SymbolKind.Object, enum: SymbolKind.Enum, event: SymbolKind.Event,
};

/** The LSP symbol kind of an index kind, from its declaration (others are objects). */
export function symbolKindOf(registry: KindRegistry, kind: string): SymbolKind {
  return SYMBOL_KINDS[registry.ofKind(kind)?.symbol ?? 'object'];
}

export function registerDocumentSymbols(connection: Connection, session: Session): void {
  connection.onDocumentSymbol(async (params, token): Promise<DocumentSymbol[] | null> => {
    const p = session.contentPath(documentParams(session, params).uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const { project } = session;
    const symbols = await runInSlices(session, project, token, documentSymbolSteps(project, p));
    return symbols.map((s) => ({
      name: s.name,
      detail: s.detail,
      kind: symbolKindOf(project.registry, s.kind),
      range: fp.range(s.start, s.end),
      selectionRange: fp.range(s.selection.start, s.selection.end),
    }));
  });
}
