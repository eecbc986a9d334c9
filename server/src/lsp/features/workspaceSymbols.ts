/**
 * workspace/symbol: every id matching the query, capped. Locations need the files' texts: when the client can
 * resolve symbols later, only the URI is sent at first.
 */
import type { Connection, WorkspaceSymbol } from 'vscode-languageserver/node';
import { workspaceSymbolSteps, symbolLocation, type WorkspaceSymbolEntry } from '../../queries/symbols';
import { runInSlices } from '../slices';
import { pathToUri, toLocation, uriToPath } from '../convert';
import type { Session } from '../session';
import { requestParams, stringParam } from '../requests';
import { symbolKindOf } from './documentSymbols';

export const WORKSPACE_SYMBOL_LIMIT = 200;

interface SymbolData { readonly kind: string; readonly id: string; readonly index: number }

export function registerWorkspaceSymbols(connection: Connection, session: Session): void {
  // Every id of the project is matched (and, without resolve support, up to 200 files read): in time slices.
  connection.onWorkspaceSymbol(async (params, token): Promise<WorkspaceSymbol[]> => {
    const query = stringParam(requestParams(session, params), 'query');
    session.flushAll(); // locations in the files' current texts
    const { project } = session;
    const lazy = session.support.symbolResolve;
    return runInSlices(session, project, token, (function* () {
      const entries = yield* workspaceSymbolSteps(project, query, WORKSPACE_SYMBOL_LIMIT);
      const out: WorkspaceSymbol[] = [];
      for (const e of entries) { out.push(toSymbol(session, e, lazy)); if (!lazy) yield; }
      return out;
    })());
  });

  connection.onWorkspaceSymbolResolve((symbol): WorkspaceSymbol => {
    requestParams(session, symbol);
    session.flushAll();
    const data = symbol.data as SymbolData | undefined;
    const location = symbol.location as { uri?: unknown } | undefined;
    const p = typeof location === 'object' && location !== null && typeof location.uri === 'string' ? uriToPath(location.uri) : undefined;
    const file = p ? session.project.fileAt(p) : undefined;
    const record = file && data && typeof data === 'object' ? file.records.find((r) => r.index === data.index && r.kind === data.kind) : undefined;
    if (!record || !data || typeof data.id !== 'string') return symbol;
    return { ...symbol, location: toLocation(session.project, session.lines, symbolLocation(session.project, { name: data.id, kind: data.kind, type: record.type, container: '', record, path: p! })) };
  });
}

function toSymbol(session: Session, e: WorkspaceSymbolEntry, lazy: boolean): WorkspaceSymbol {
  const base = { name: e.name, kind: symbolKindOf(session.project.registry, e.kind), containerName: `${e.type} · ${e.container}` };
  if (lazy) return { ...base, location: { uri: pathToUri(e.path) }, data: { kind: e.kind, id: e.name, index: e.record.index } satisfies SymbolData };
  return { ...base, location: toLocation(session.project, session.lines, symbolLocation(session.project, e)) };
}
