/** textDocument/references over queries/references (typed by kind), in time slices (cancellable). */
import type { Connection, Location } from 'vscode-languageserver/node';
import { referencesSteps } from '../../queries/references';
import { toLocation } from '../convert';
import type { Session } from '../session';
import { positionParams } from '../requests';
import { runInSlices } from '../slices';

export function registerReferences(connection: Connection, session: Session): void {
  connection.onReferences(async (raw, token): Promise<Location[] | null> => {
    const { params, uri, position } = positionParams(session, raw);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const context = params.context as { includeDeclaration?: unknown } | undefined;
    const { project } = session;
    const sites = await runInSlices(session, project, token, referencesSteps(project, p, fp.offsetAt(position), context?.includeDeclaration === true));
    return sites.map((t) => toLocation(project, session.lines, t));
  });
}
