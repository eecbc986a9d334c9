/**
 * VS Code client for the CDDA JSON language server. Deliberately thin: it starts the server
 * (dist/server.js, over Node IPC), forwards settings and file events, shows the server's
 * status, opens resolved definitions (cdda/resolvedDefinition) in read-only documents and pictures of maps
 * (cdda/mapPreview) in a webview.
 * Everything that understands CDDA JSON lives in the server.
 */
import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import {
  ClientCommands,
  CONTENT_FILE_CONTEXT,
  CONTENT_FILE_REQUEST,
  type CddaSettings,
  type InitializationOptions,
  MIGRATE_MOD_REQUEST,
  type MigrateModResult,
  RESOLVED_DEFINITION_REQUEST,
  RESOLVED_DEFINITION_SCHEME,
  type ResolvedDefinitionParams,
  type ResolvedDefinitionResult,
  SETTINGS_SECTION,
  STATUS_NOTIFICATION,
  ServerCommands,
  type StatusParams,
} from '../../shared/src/protocol';

import { MapPreview } from './mapPreview';

const OUTPUT_CHANNEL_NAME = 'CDDA Language Server';

let client: LanguageClient | undefined;
let statusItem: vscode.StatusBarItem | undefined;
let lastStatus: StatusParams | undefined;

/**
 * The settings' effective values (Remote over User settings in a remote window). `cdda.gamePath` and
 * `cdda.gameVersion` have scope `window`: a `machine-overridable` one set in User settings is not applied in a
 * remote window (code-server, WSL, SSH), so it held only until the first change of a `cdda.*` setting.
 */
function readSettings(): CddaSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return {
    gamePath: config.get<string>('gamePath', ''),
    gameVersion: config.get<string>('gameVersion', 'auto'),
    severity: config.get<CddaSettings['severity']>('severity', {}),
    trace: { server: config.get<'off' | 'messages' | 'verbose'>('trace.server', 'off') },
  };
}

/**
 * *CDDA: Migrate Mod*: the server's certain repairs of the whole mod of the active file (or of the folder chosen in
 * the explorer), applied as a refactoring: VS Code shows every edit in its preview first, to accept or discard.
 */
const MIGRATE_APPLY = 'Apply';
const MIGRATE_PREVIEW = 'Review in Preview';

async function migrateMod(folder: vscode.Uri | undefined, log: vscode.LogOutputChannel): Promise<void> {
  const target = folder ?? vscode.window.activeTextEditor?.document.uri;
  if (!client || client.state !== State.Running) { void vscode.window.showWarningMessage('CDDA language server is not running.'); return; }
  if (!target) { void vscode.window.showInformationMessage('CDDA: open a file of the mod to migrate (or choose its folder in the explorer).'); return; }
  let result: MigrateModResult | null;
  try {
    result = await client.sendRequest<MigrateModResult | null>(MIGRATE_MOD_REQUEST, { textDocument: { uri: target.toString() } });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.error(`Migrate Mod failed: ${message}`);
    void vscode.window.showErrorMessage(`CDDA: Migrate Mod failed: ${message}`);
    return;
  }
  const removed = result?.removed.length ? ` ${result.removed.reduce((n, r) => n + r.count, 0)} use(s) of ids the game removed cannot be migrated: ${result.removed.map((r) => r.title).join(', ')}.` : '';
  if (!result || result.files === 0) { void vscode.window.showInformationMessage(`CDDA: nothing to migrate in this mod.${removed}`); return; }
  // Asked first: applied at once (unsaved, undoable), or shown in VS Code's refactoring preview, where the user ticks
  // the files or edits to apply (edits that need confirmation start unticked).
  const summary = `CDDA: Migrate Mod makes ${result.repairs} repair(s) in ${result.files} file(s) of this mod, to the format of the game it is checked against.`;
  const choice = await vscode.window.showInformationMessage(summary, { modal: true, detail: 'Only the certain repairs: what cdda-lint migrate applies.' }, MIGRATE_APPLY, MIGRATE_PREVIEW);
  if (choice === undefined) return;
  const confirm: vscode.WorkspaceEditEntryMetadata | undefined = choice === MIGRATE_PREVIEW ? { needsConfirmation: true, label: 'CDDA: Migrate Mod', description: 'the certain repairs that cdda-lint migrate makes' } : undefined;
  const edit = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries(result.edit.changes)) {
    for (const e of edits) edit.replace(vscode.Uri.parse(uri), client.protocol2CodeConverter.asRange(e.range), e.newText, confirm);
  }
  const applied = await vscode.workspace.applyEdit(edit, { isRefactoring: true });
  if (!applied) return;
  const more = result.deferred ? ` ${result.deferred} more wait for another run.` : '';
  void vscode.window.showInformationMessage(`CDDA: migrated ${result.repairs} problem(s) in ${result.files} file(s).${more}${removed} What is left is in the Problems view.`);
}

function showStatus(text: string, tooltip: string, command?: string): void {
  if (!statusItem) return;
  statusItem.text = text;
  statusItem.tooltip = tooltip;
  statusItem.command = command;
  statusItem.show();
}

/**
 * Sets the context key that shows the map preview and resolved definition commands: true when the server reads
 * the active editor's file as content of a mod or of the game's data (asked again as the editor changes and when
 * the server is ready; false while no server runs, so a web project's package.json shows neither).
 */
async function updateContentContext(): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  let content = false;
  if (client && client.state === State.Running && document && document.languageId === 'json' && document.uri.scheme === 'file') {
    try {
      content = await client.sendRequest<boolean>(CONTENT_FILE_REQUEST, { textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) } });
    } catch {
      content = false;
    }
  }
  await vscode.commands.executeCommand('setContext', CONTENT_FILE_CONTEXT, content);
}

function renderStatus(status: StatusParams): void {
  lastStatus = status;
  if (status.state === 'ready') void updateContentContext();
  const counts = `$(error) ${status.errors} $(warning) ${status.warnings}`;
  if (status.state === 'indexing') {
    const progress =
      status.indexed !== undefined
        ? status.total !== undefined
          ? ` ${status.indexed}/${status.total}`
          : ` ${status.indexed}`
        : '';
    showStatus(
      `$(sync~spin) CDDA: indexing${progress}`,
      `CDDA: indexing workspace and base game${progress ? ` (${progress.trim()} files)` : ''}`,
      'workbench.actions.view.problems',
    );
  } else {
    const files = status.indexed !== undefined ? `${status.indexed} files indexed. ` : '';
    const version = status.gameVersion ? `Game version ${status.gameVersion}. ` : '';
    const game = status.game ? `Game data: ${status.game.path ?? 'none'} (${status.game.source}). ` : '';
    const short = status.gameVersion ? ` ${status.gameVersion.split(' ')[0]}` : '';
    // A configured game folder that is not usable is shown, not replaced by another game.
    const problem = status.gameProblem ? `${status.gameProblem}\n\n` : '';
    showStatus(
      `${status.gameProblem ? '$(warning) ' : ''}CDDA${short} ${counts}`,
      `CDDA: ${problem}${version}${game}${files}${status.errors} errors, ${status.warnings} warnings. Click to open the Problems view.`,
      'workbench.actions.view.problems',
    );
  }
}

function createClient(context: vscode.ExtensionContext, outputChannel: vscode.LogOutputChannel): LanguageClient {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    // The server decides which JSON files belong to a CDDA mod or the base game; it ignores the rest.
    documentSelector: [
      { scheme: 'file', language: 'json' },
      { scheme: 'untitled', language: 'json' },
    ],
    synchronize: {
      configurationSection: SETTINGS_SECTION,
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.json'),
    },
    // The extension's own storage holds the server's cache of the game's index (a warm start reads it).
    initializationOptions: (): InitializationOptions => ({ ...readSettings(), storagePath: context.globalStorageUri.fsPath }),
    outputChannel,
    traceOutputChannel: outputChannel,
  };
  const c = new LanguageClient('cdda', OUTPUT_CHANNEL_NAME, serverOptions, clientOptions);
  c.onNotification(STATUS_NOTIFICATION, (params: StatusParams) => renderStatus(params));
  c.onDidChangeState((e) => {
    if (e.newState === State.Starting) {
      showStatus('$(sync~spin) CDDA: starting', 'CDDA language server is starting', 'workbench.actions.view.problems');
    } else if (e.newState === State.Stopped) {
      showStatus(
        '$(circle-slash) CDDA: stopped',
        'CDDA language server is not running. Click to restart it.',
        ClientCommands.restartServer,
      );
    } else if (e.newState === State.Running && lastStatus) {
      renderStatus(lastStatus);
    }
    void updateContentContext();
  });
  return c;
}

/**
 * Read-only documents of resolved definitions (`cdda-resolved:/MONSTER/mon_zombie.jsonc?kind=...&id=...&mod=...`):
 * the text the command fetched, or, when VS Code asks again (a reload), the definition fetched by kind and id.
 */
class ResolvedDefinitionProvider implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const known = this.texts.get(uri.toString());
    if (known !== undefined) return known;
    const q = new URLSearchParams(uri.query);
    const kind = q.get('kind'), id = q.get('id');
    if (!client || client.state !== State.Running || !kind || !id) return '// The CDDA language server is not running: run "CDDA: Show Resolved Definition" again.\n';
    const params: ResolvedDefinitionParams = { kind, id, mod: q.get('mod') ?? undefined };
    const result = await client.sendRequest<ResolvedDefinitionResult | null>(RESOLVED_DEFINITION_REQUEST, params);
    return result?.text ?? `// No definition of ${kind} "${id}" is loaded any more.\n`;
  }
}

function resolvedUri(r: ResolvedDefinitionResult): vscode.Uri {
  const query = new URLSearchParams({ kind: r.kind, id: r.id, ...(r.mod ? { mod: r.mod } : {}) }).toString();
  return vscode.Uri.from({ scheme: RESOLVED_DEFINITION_SCHEME, path: `/${r.kind}/${r.id}.jsonc`, query });
}

async function showResolvedDefinition(provider: ResolvedDefinitionProvider, outputChannel: vscode.LogOutputChannel): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!client || client.state !== State.Running) {
    void vscode.window.showWarningMessage('CDDA language server is not running.');
    return;
  }
  if (!editor) {
    void vscode.window.showInformationMessage('CDDA: open a JSON file of a mod and put the cursor in a definition or on an id.');
    return;
  }
  const params: ResolvedDefinitionParams = {
    textDocument: client.code2ProtocolConverter.asTextDocumentIdentifier(editor.document),
    position: client.code2ProtocolConverter.asPosition(editor.selection.active),
  };
  try {
    const result = await client.sendRequest<ResolvedDefinitionResult | null>(RESOLVED_DEFINITION_REQUEST, params);
    if (!result) {
      void vscode.window.showInformationMessage('CDDA: no definition here (put the cursor in a definition or on an id).');
      return;
    }
    const uri = resolvedUri(result);
    provider.set(uri, result.text);
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== result.language) await vscode.languages.setTextDocumentLanguage(doc, result.language);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: false });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    outputChannel.error(`Resolved definition failed: ${message}`);
    void vscode.window.showErrorMessage(`CDDA: could not resolve the definition: ${message}`);
  }
}

async function startClient(c: LanguageClient, outputChannel: vscode.LogOutputChannel): Promise<void> {
  outputChannel.info(`Starting CDDA language server: ${c.name}`);
  try {
    await c.start();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    outputChannel.error(`CDDA language server failed to start: ${message}`);
    showStatus('$(error) CDDA: failed', `CDDA language server failed to start: ${message}`, ClientCommands.restartServer);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const outputChannel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME, { log: true });
  context.subscriptions.push(outputChannel);

  statusItem = vscode.window.createStatusBarItem('cdda.status', vscode.StatusBarAlignment.Left, 10);
  statusItem.name = 'CDDA Language Server';
  context.subscriptions.push(statusItem);
  showStatus('$(sync~spin) CDDA: starting', 'CDDA language server is starting', 'workbench.actions.view.problems');

  outputChannel.info(`Server module: ${context.asAbsolutePath('dist/server.js')}`);
  client = createClient(context, outputChannel);

  context.subscriptions.push(
    vscode.commands.registerCommand(ClientCommands.restartServer, async () => {
      outputChannel.info('Restarting CDDA language server');
      lastStatus = undefined;
      if (client && client.state !== State.Stopped) {
        try {
          await client.stop();
        } catch (err) {
          outputChannel.warn(`Stopping the server failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      if (client) await startClient(client, outputChannel);
    }),
    vscode.commands.registerCommand(ClientCommands.reindexWorkspace, async () => {
      if (!client || client.state !== State.Running) {
        void vscode.window.showWarningMessage('CDDA language server is not running.');
        return;
      }
      outputChannel.info('Reindexing workspace');
      try {
        await client.sendRequest(ExecuteCommandRequest.type, { command: ServerCommands.reindex, arguments: [] });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        outputChannel.error(`Reindex failed: ${message}`);
        void vscode.window.showErrorMessage(`CDDA: reindex failed: ${message}`);
      }
    }),
  );

  const resolvedProvider = new ResolvedDefinitionProvider();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(RESOLVED_DEFINITION_SCHEME, resolvedProvider),
    vscode.commands.registerCommand(ClientCommands.showResolvedDefinition, () => showResolvedDefinition(resolvedProvider, outputChannel)),
  );
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(() => void updateContentContext()));
  context.subscriptions.push(vscode.commands.registerCommand(ClientCommands.migrateMod, (folder?: vscode.Uri) => migrateMod(folder, outputChannel)));
  const mapPreview = new MapPreview(() => (client && client.state === State.Running ? client : undefined), context);
  context.subscriptions.push(vscode.commands.registerCommand(ClientCommands.showMapPreview, () => mapPreview.show()));

  await startClient(client, outputChannel);
}

export async function deactivate(): Promise<void> {
  if (client && client.state !== State.Stopped) await client.stop();
  client = undefined;
}
