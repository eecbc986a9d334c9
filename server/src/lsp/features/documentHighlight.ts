/** textDocument/documentHighlight over queries/highlights: every cell of a map's rows with the same character. */
import { DocumentHighlightKind, type Connection, type DocumentHighlight } from 'vscode-languageserver/node';
import { highlights } from '../../queries/highlights';
import type { Session } from '../session';
import { positionParams } from '../requests';

/**
 * The places marked at most (the cells of a map's size are a few thousand: more are a map whose size is not known,
 * or a grid of many overmap terrains).
 */
export const MAX_HIGHLIGHTS = 10_000;

export function registerDocumentHighlight(connection: Connection, session: Session): void {
  connection.onDocumentHighlight((params): DocumentHighlight[] | null => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const found = highlights(session.project, p, fp.offsetAt(position));
    if (found.length > MAX_HIGHLIGHTS) {
      session.log(`Highlights: ${found.length} places in ${p}; the first ${MAX_HIGHLIGHTS} are marked`);
      found.length = MAX_HIGHLIGHTS;
    }
    return found.length ? found.map((t) => ({ range: fp.range(t.start, t.end), kind: DocumentHighlightKind.Text })) : null;
  });
}
