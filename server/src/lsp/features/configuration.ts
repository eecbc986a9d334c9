/**
 * The `cdda` settings: from initializationOptions, then workspace/configuration (when the client offers it),
 * and on every didChangeConfiguration. A new game path or version rebuilds the project; a new severity table republishes
 * every file. No restart needed.
 */
import { DidChangeConfigurationNotification, type Connection } from 'vscode-languageserver/node';
import { SETTINGS_SECTION } from '../../../../shared/src/protocol';
import { parseSettings, sameSeverity, type ServerSettings } from '../settings';
import type { Session } from '../session';
import type { DiagnosticsPublisher } from './diagnostics';
import type { Indexer } from './indexing';

/** Reads the initial settings from initializationOptions. */
export function initialSettings(session: Session, options: unknown): void {
  const { settings, problems } = parseSettings(options);
  for (const p of problems) session.error(p);
  session.settings = settings;
}

/** Asks the client for the `cdda` section (when it supports workspace/configuration). */
export async function pullSettings(connection: Connection, session: Session): Promise<ServerSettings> {
  if (!session.support.configuration) return session.settings;
  try {
    const [section] = await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }]);
    // An empty section means the client has nothing to add: keep what initializationOptions said.
    if (section === null || section === undefined) return session.settings;
    const { settings, problems } = parseSettings({ [SETTINGS_SECTION]: section }, session.settings);
    for (const p of problems) session.error(p);
    return settings;
  } catch (err) {
    session.error('Reading the cdda settings failed', err);
    return session.settings;
  }
}

export function registerConfiguration(connection: Connection, session: Session, indexer: Indexer, publisher: DiagnosticsPublisher): void {
  connection.onDidChangeConfiguration(async (params) => {
    let next: ServerSettings;
    const pushed = params.settings as Record<string, unknown> | undefined;
    if (pushed && typeof pushed === 'object' && SETTINGS_SECTION in pushed) {
      const { settings, problems } = parseSettings(pushed, session.settings);
      for (const p of problems) session.error(p);
      next = settings;
    } else {
      next = await pullSettings(connection, session);
    }
    await applySettings(session, indexer, publisher, next);
  });
}

export function registerConfigurationWatch(connection: Connection, session: Session): void {
  if (session.support.configurationDynamic) {
    void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch((err) => session.error('Registering for configuration changes failed', err));
  }
}

export async function applySettings(session: Session, indexer: Indexer, publisher: DiagnosticsPublisher, next: ServerSettings): Promise<void> {
  const prev = session.settings;
  session.settings = next;
  // Logged at every change: which game the editor's settings now name is what a user checks first.
  if (JSON.stringify(next) !== JSON.stringify(prev)) {
    session.log(`Settings changed: cdda.gamePath ${next.gamePath ?? '(auto-detect)'}, cdda.gameVersion ${next.gameVersion ?? '(auto)'}, cdda.severity ${JSON.stringify(next.severity)}`);
  }
  if (prev.gamePath !== undefined && next.gamePath === undefined) {
    // Not silently: a value the editor stopped sending (a setting it no longer applies) would switch games.
    session.warn(`CDDA: cdda.gamePath is no longer set (it was "${prev.gamePath}"): the game folder is found again${session.fileConfig.gamePath ? ` (cdda-lint.config.json: "${session.fileConfig.gamePath}")` : ' automatically'}.`);
  }
  if ((next.gamePath ?? '') !== (prev.gamePath ?? '') || (next.gameVersion ?? '') !== (prev.gameVersion ?? '')) {
    session.log(`cdda.gamePath ${next.gamePath ?? '(auto-detect)'}, cdda.gameVersion ${next.gameVersion ?? '(auto)'}: rebuilding`);
    await indexer.rebuild('cdda.gamePath or cdda.gameVersion changed');
    return;
  }
  if (!sameSeverity(next.severity, prev.severity)) {
    session.project.severity = session.effectiveSeverity();
    if (session.state !== 'ready') return; // the build under way publishes with the new table
    const gen = session.generation;
    await publisher.publishAll(() => gen === session.generation);
    publisher.sendStatus();
  }
}
