/** textDocument/hover over queries/hover. */
import { MarkupKind, type Connection, type Hover } from 'vscode-languageserver/node';
import { hover } from '../../queries/hover';
import type { Session } from '../session';
import { positionParams } from '../requests';

export function registerHover(connection: Connection, session: Session): void {
  connection.onHover((params): Hover | null => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const h = hover(session.project, p, fp.offsetAt(position));
    if (!h) return null;
    return { contents: { kind: session.support.markdown ? MarkupKind.Markdown : MarkupKind.PlainText, value: h.markdown }, range: fp.range(h.start, h.end) };
  });
}
