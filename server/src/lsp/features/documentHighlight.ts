/** textDocument/documentHighlight over queries/highlights: every cell of a map's rows with the same character. */
import { DocumentHighlightKind, type Connection, type DocumentHighlight } from 'vscode-languageserver/node';
import { highlights } from '../../queries/highlights';
import type { Session } from '../session';
import { positionParams } from '../requests';

export function registerDocumentHighlight(connection: Connection, session: Session): void {
  connection.onDocumentHighlight((params): DocumentHighlight[] | null => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const found = highlights(session.project, p, fp.offsetAt(position));
    return found.length ? found.map((t) => ({ range: fp.range(t.start, t.end), kind: DocumentHighlightKind.Text })) : null;
  });
}
