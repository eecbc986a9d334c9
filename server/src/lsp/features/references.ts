/** textDocument/references over queries/references (typed by kind). */
import type { Connection, Location } from 'vscode-languageserver/node';
import { references } from '../../queries/references';
import { toLocation } from '../convert';
import type { Session } from '../session';

export function registerReferences(connection: Connection, session: Session): void {
  connection.onReferences((params): Location[] | null => {
    const p = session.contentPath(params.textDocument.uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const sites = references(session.project, p, fp.offsetAt(params.position), params.context.includeDeclaration);
    return sites.map((t) => toLocation(session.project, session.lines, t));
  });
}
