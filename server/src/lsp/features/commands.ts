/** workspace/executeCommand: `cdda.reindex` drops everything (the cache of the game's index too) and indexes again. */
import { ResponseError, ErrorCodes, type Connection } from 'vscode-languageserver/node';
import { ServerCommands } from '../../../../shared/src/protocol';
import type { Session } from '../session';
import { requestParams, stringParam } from '../requests';
import type { Indexer } from './indexing';
import { pullSettings } from './configuration';

export const SERVER_COMMANDS = [ServerCommands.reindex];

export function registerCommands(connection: Connection, session: Session, indexer: Indexer): void {
  connection.onExecuteCommand(async (params) => {
    const command = stringParam(requestParams(session, params), 'command');
    if (command !== ServerCommands.reindex) throw new ResponseError(ErrorCodes.InvalidParams, `Unknown command "${command}"; this server implements ${SERVER_COMMANDS.join(', ')}`);
    session.settings = await pullSettings(connection, session);
    await indexer.rebuild('reindex command', true);
    return null;
  });
}
