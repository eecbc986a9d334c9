/**
 * textDocument/prepareRename and textDocument/rename over queries/rename. A refusal (an id defined in
 * read-only game data) is a ResponseError whose message the editor shows.
 */
import { LSPErrorCodes, ResponseError, type Connection, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import { prepareRename, renameSteps } from '../../queries/rename';
import { pathToUri, targetRange } from '../convert';
import type { Session } from '../session';
import { positionParams, stringParam } from '../requests';
import { runInSlices } from '../slices';

export function registerRename(connection: Connection, session: Session): void {
  connection.onPrepareRename((params) => {
    const { uri, position } = positionParams(session, params);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const check = prepareRename(session.project, p, fp.offsetAt(position));
    if (!check) return null;
    if (!check.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, check.message);
    return { range: fp.range(check.range.start, check.range.end), placeholder: check.id };
  });

  // Finding every use of an id may take a while: in time slices, cancellable.
  connection.onRenameRequest(async (raw, token): Promise<WorkspaceEdit | null> => {
    const { params, uri, position } = positionParams(session, raw);
    const newName = stringParam(params, 'newName');
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const { project } = session;
    const result = await runInSlices(session, project, token, renameSteps(project, p, fp.offsetAt(position), newName));
    if (!result) return null;
    if (!result.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, result.message);
    const changes: Record<string, TextEdit[]> = {};
    for (const e of result.edits) {
      (changes[pathToUri(e.path)] ??= []).push({ range: targetRange(project, session.lines, e), newText: e.newText });
    }
    return { changes };
  });
}
