/**
 * cdda/isContentFile (shared/src/protocol.ts): whether a document is a file of a mod or of the game's data the
 * project reads, for the client's menus (the map preview and resolved definition commands show on those only).
 */
import type { Connection } from 'vscode-languageserver/node';
import { CONTENT_FILE_REQUEST } from '../../../../shared/src/protocol';
import type { Session } from '../session';
import { documentParams } from '../requests';

export function registerContentFile(connection: Connection, session: Session): void {
  connection.onRequest(CONTENT_FILE_REQUEST, (raw: unknown): boolean => {
    const { uri } = documentParams(session, raw);
    const p = session.contentPath(uri);
    return p !== undefined && session.project.fileAt(p) !== undefined;
  });
}
