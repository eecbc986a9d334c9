/** textDocument/references over queries/references (typed by kind). */
import type { Connection, Location } from 'vscode-languageserver/node';
import { references } from '../../queries/references';
import { toLocation } from '../convert';
import type { Session } from '../session';
import { positionParams } from '../requests';

export function registerReferences(connection: Connection, session: Session): void {
  connection.onReferences((raw): Location[] | null => {
    const { params, uri, position } = positionParams(session, raw);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const context = params.context as { includeDeclaration?: unknown } | undefined;
    const sites = references(session.project, p, fp.offsetAt(position), context?.includeDeclaration === true);
    return sites.map((t) => toLocation(session.project, session.lines, t));
  });
}
