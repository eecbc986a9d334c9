/** textDocument/definition over queries/definition: every definition, across files, mods and the game data. */
import type { Connection, Location } from 'vscode-languageserver/node';
import { definitions } from '../../queries/definition';
import { toLocation } from '../convert';
import type { Session } from '../session';
import { positionParams } from '../requests';

export function registerDefinition(connection: Connection, session: Session): void {
  connection.onDefinition((params): Location[] | null => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const targets = definitions(session.project, p, fp.offsetAt(position));
    return targets.length ? targets.map((t) => toLocation(session.project, session.lines, t)) : null;
  });
}
