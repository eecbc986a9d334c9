/**
 * Open documents and files on disk -> the project: didOpen / didChange give the project the editor's text
 * (every keystroke; big files after a short pause), didClose reverts to the disk content, and
 * didChangeWatchedFiles brings in files created, changed or deleted outside the editor.
 */
import * as path from 'path';
import { FileChangeType, DidChangeWatchedFilesNotification, type Connection } from 'vscode-languageserver/node';
import { CONFIG_FILE, listJsonFiles } from '../../mods/discover';
import { uriToPath } from '../convert';
import { isContentCandidate, type Session } from '../session';

export function registerDocumentSync(connection: Connection, session: Session): void {
  const { documents } = session;

  documents.onDidChangeContent((e) => {
    const p = session.contentPath(e.document.uri);
    if (!p) return;
    // A file may be open under several URIs (…/mod/../mod/a.json): the last changed document's text is the file's.
    const docs = session.openByPath.get(p) ?? new Map();
    docs.delete(e.document.uri);
    docs.set(e.document.uri, e.document);
    session.openByPath.set(p, docs);
    session.openDocuments.set(p, e.document);
    try {
      session.setText(p, e.document.getText(), true);
    } catch (err) {
      session.error(`Updating ${p} failed`, err);
    }
  });

  documents.onDidClose((e) => {
    const p = session.contentPath(e.document.uri);
    if (!p) return;
    const docs = session.openByPath.get(p);
    docs?.delete(e.document.uri);
    const other = docs && [...docs.values()].pop();
    try {
      if (other) {
        // Still open under another URI: that document's text stays the file's.
        session.openDocuments.set(p, other);
        session.setText(p, other.getText());
        return;
      }
      session.openByPath.delete(p);
      session.openDocuments.delete(p);
      // The document is gone from `documents` already: the project goes back to the disk's text.
      session.setText(p, session.diskText(p));
    } catch (err) {
      session.error(`Reverting ${p} failed`, err);
    }
  });

  connection.onDidChangeWatchedFiles((params) => {
    // One batch for all the events: a folder moved is one update and one round of publishing, not one per file.
    const changes: { path: string; text: string | undefined }[] = [];
    for (const change of params.changes) {
      const p = uriToPath(change.uri);
      if (p === undefined) continue;
      try {
        changes.push(...watchedChanges(session, p, change.type));
      } catch (err) {
        session.error(`Handling a change of ${p} failed`, err);
      }
    }
    try {
      session.setTexts(changes);
    } catch (err) {
      session.error('Applying file changes failed', err);
    }
  });

  documents.listen(connection);
}

/** The file texts a watched-file event changes (a folder: every file in it). */
function watchedChanges(session: Session, p: string, type: FileChangeType): { path: string; text: string | undefined }[] {
  if (path.basename(p) === CONFIG_FILE) {
    session.configFileChanged();
    return [];
  }
  if (!p.endsWith('.json')) {
    // A folder: deleted -> its files go; created -> its files come.
    if (type === FileChangeType.Deleted) {
      const prefix = p.endsWith(path.sep) ? p : p + path.sep;
      return [...session.project.files.keys()].filter((f) => f.startsWith(prefix) && session.openText(f) === undefined).map((f) => ({ path: f, text: undefined }));
    }
    if (type === FileChangeType.Created) {
      return listJsonFiles(p).filter((f) => isContentCandidate(f) && session.openText(f) === undefined).map((f) => ({ path: f, text: session.diskText(f) }));
    }
    return [];
  }
  if (!isContentCandidate(p)) return [];
  if (session.openText(p) !== undefined) return []; // the editor's buffer wins over the disk
  return [{ path: p, text: type === FileChangeType.Deleted ? undefined : session.diskText(p) }];
}

/** Asks the client to watch JSON files when it can register watchers dynamically (VS Code watches on its own). */
export function registerFileWatcher(connection: Connection, session: Session): void {
  if (!session.support.watchedFilesDynamic) return;
  void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.json' }] }).catch((err) => session.error('Registering file watchers failed', err));
}
