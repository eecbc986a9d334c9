/**
 * The language server: wires the LSP connection to the engine. Each feature lives in features/<name>.ts and
 * only converts between LSP types and the engine's queries (server/src/queries); this file registers them and
 * answers `initialize`.
 *
 * Flow: documents / watched files -> Session.setText -> Project.updateFile -> affected files -> published
 * diagnostics; requests -> queries over the project.
 */
import * as path from 'path';
import {
  CodeActionKind, TextDocumentSyncKind,
  type Connection, type InitializeParams, type InitializeResult,
} from 'vscode-languageserver/node';
import { Session } from './session';
import { uriToPath } from './convert';
import { refuseUnlessServing, requestParams } from './requests';
import { DiagnosticsPublisher } from './features/diagnostics';
import { Indexer } from './features/indexing';
import { cacheDirOf } from './features/indexCache';
import { registerDocumentSync, registerFileWatcher } from './features/documentSync';
import { initialSettings, pullSettings, registerConfiguration, registerConfigurationWatch } from './features/configuration';
import { registerCommands, SERVER_COMMANDS } from './features/commands';
import { COMPLETION_TRIGGERS, registerCompletion } from './features/completion';
import { registerDefinition } from './features/definition';
import { registerReferences } from './features/references';
import { registerRename } from './features/rename';
import { registerHover } from './features/hover';
import { registerDocumentSymbols } from './features/documentSymbols';
import { registerWorkspaceSymbols } from './features/workspaceSymbols';
import { registerCodeActions } from './features/codeActions';
import { registerFormatting } from './features/formatting';
import { registerResolvedDefinition } from './features/resolvedDefinition';
import { registerTypeHierarchy } from './features/typeHierarchy';
import { packageVersion } from '../util/packageVersion';
import { registerDocumentHighlight } from './features/documentHighlight';
import { registerMapPreview } from './features/mapPreview';
import { registerContentFile } from './features/contentFile';
import { registerMigrateMod } from './features/migrateMod';
import { registerDocumentColors } from './features/documentColors';

export const SERVER_NAME = 'cdda-language-server';
/** The package's version (package.json), as `cdda-lint --version` gives it. */
export const SERVER_VERSION = packageVersion();

export function startServer(connection: Connection): Session {
  const session = new Session(connection);
  const publisher = new DiagnosticsPublisher(session);
  const indexer = new Indexer(session, publisher);

  session.onAffected((paths) => {
    // While indexing, the build publishes everything at its end.
    if (session.state === 'ready') publisher.publish(paths);
  });

  connection.onInitialize((raw: InitializeParams): InitializeResult => {
    session.initializeReceived = true;
    const params = requestParams(session, raw) as Partial<InitializeParams>;
    const caps = typeof params.capabilities === 'object' && params.capabilities !== null ? params.capabilities : {};
    session.support = {
      workDoneProgress: caps.window?.workDoneProgress === true,
      configuration: caps.workspace?.configuration === true,
      configurationDynamic: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
      watchedFilesDynamic: caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
      workspaceFolders: caps.workspace?.workspaceFolders === true,
      symbolResolve: caps.workspace?.symbol?.resolveSupport?.properties?.includes('location.range') === true,
      markdown: caps.textDocument?.hover?.contentFormat?.includes('markdown') !== false,
    };
    session.roots = rootsOf(params);
    initialSettings(session, params.initializationOptions);
    session.cacheDir = cacheDirOf(params.initializationOptions);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: true },
        definitionProvider: true,
        referencesProvider: true,
        hoverProvider: true,
        documentHighlightProvider: true,
        colorProvider: true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: { resolveProvider: true },
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        typeHierarchyProvider: true,
        executeCommandProvider: { commands: SERVER_COMMANDS },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
    };
  });

  connection.onInitialized(async () => {
    registerConfigurationWatch(connection, session);
    registerFileWatcher(connection, session);
    if (session.support.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((f) => uriToPath(f.uri)));
        const added = e.added.map((f) => uriToPath(f.uri)).filter((p): p is string => p !== undefined);
        session.roots = [...session.roots.filter((r) => !removed.has(r)), ...added];
        void indexer.rebuild('workspace folders changed');
      });
    }
    session.settings = await pullSettings(connection, session);
    await indexer.rebuild('startup');
  });

  connection.onShutdown(() => {
    refuseUnlessServing(session); // a second shutdown is a request after shutdown too
    session.shutDown = true;
    session.generation++; // stops a build under way
  });

  registerDocumentSync(connection, session);
  registerConfiguration(connection, session, indexer, publisher);
  registerCommands(connection, session, indexer);
  registerCompletion(connection, session);
  registerDefinition(connection, session);
  registerReferences(connection, session);
  registerRename(connection, session);
  registerHover(connection, session);
  registerDocumentHighlight(connection, session);
  registerMapPreview(connection, session);
  registerContentFile(connection, session);
  registerMigrateMod(connection, session);
  registerDocumentColors(connection, session);
  registerDocumentSymbols(connection, session);
  registerWorkspaceSymbols(connection, session);
  registerCodeActions(connection, session);
  registerFormatting(connection, session);
  registerResolvedDefinition(connection, session);
  registerTypeHierarchy(connection, session);
  return session;
}

/** Workspace folders (or the legacy root) as paths; malformed entries are ignored. */
function rootsOf(params: Partial<InitializeParams>): string[] {
  const folders = Array.isArray(params.workspaceFolders) ? params.workspaceFolders : undefined;
  const uris = folders ? folders.map((f) => f?.uri) : [params.rootUri];
  const roots = uris.filter((u): u is string => typeof u === 'string').map(uriToPath).filter((p): p is string => p !== undefined);
  if (roots.length === 0 && typeof params.rootPath === 'string') roots.push(path.resolve(params.rootPath));
  return roots;
}
