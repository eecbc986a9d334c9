/**
 * The server's state: the project (engine facade), the open documents, the settings and whether indexing is
 * under way. Features read the project through here and report changed files back; this module holds no
 * feature logic itself.
 */
import * as path from 'path';
import type { Connection } from 'vscode-languageserver/node';
import { MessageType, ShowMessageNotification, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Project } from '../project';
import { FilePositions, LineIndexCache, pathToUri, uriToPath } from './convert';
import { URI } from 'vscode-uri';
import { DEFAULT_SETTINGS, type ServerSettings } from './settings';
import { readTextFile } from '../util/text';
import type { LintConfig } from '../config/lintConfig';
import type { SeverityOverrides } from '../diagnostic';
import { isToolingJson } from '../mods/discover';
import { defaultCacheDir } from '../cache/key';

export type SessionState = 'starting' | 'indexing' | 'ready';

export interface ClientSupport {
  workDoneProgress: boolean;
  configuration: boolean;
  configurationDynamic: boolean;
  watchedFilesDynamic: boolean;
  workspaceFolders: boolean;
  symbolResolve: boolean;
  markdown: boolean;
}

/** Files above this size are re-checked after a short pause in typing rather than on every keystroke. */
export const BIG_FILE = 1_000_000;
export const BIG_FILE_DELAY_MS = 120;

const NOT_CONTENT_DIRS = new Set(['node_modules', '.git', '.vscode', '.idea', 'out', 'dist']);

/** CDDA_LSP_TIMING=1 logs the time of each edit's update and publication (for benchmarks). */
const TIMING = process.env.CDDA_LSP_TIMING === '1';

function ms(a: bigint, b: bigint): string {
  return (Number(b - a) / 1e6).toFixed(2);
}

export class Session {
  readonly documents = new TextDocuments(TextDocument);
  readonly lines = new LineIndexCache();
  project: Project = new Project({ roots: [] });
  settings: ServerSettings = DEFAULT_SETTINGS;
  roots: string[] = [];
  state: SessionState = 'starting';
  /** Set by `initialize`: requests before it are refused (see refuseUnlessServing). */
  initializeReceived = false;
  /** Set by `shutdown`: requests are refused from then on (only `exit` is expected). */
  shutDown = false;
  /** Bumped by every rebuild; a load of an older generation stops. */
  generation = 0;
  support: ClientSupport = { workDoneProgress: false, configuration: false, configurationDynamic: false, watchedFilesDynamic: false, workspaceFolders: false, symbolResolve: false, markdown: true };
  /** Game folder in use (after auto-detection). */
  gamePath: string | undefined;
  /** How gamePath was found, in words for the status (mods/gameFolder.ts describeGameSource: "set in cdda.gamePath"...). */
  gameSource = 'none found';
  /** Why the configured game folder is not usable (it is used anyway: a fallback would check another game). */
  gameProblem: string | undefined;
  /** Folder of the cache of the game's index (see features/indexCache.ts). */
  cacheDir = defaultCacheDir();

  private readonly pending = new Map<string, { timer: NodeJS.Timeout; text: string }>();
  private readonly affectedListeners: ((paths: string[]) => void)[] = [];

  /** The workspace's cdda-lint.config.json, read at each build (config/lintConfig.ts). */
  fileConfig: LintConfig = {};

  constructor(readonly connection: Connection) {}

  /** Severity per code: the config file's, then the editor setting's on top. */
  effectiveSeverity(): SeverityOverrides {
    return { ...this.fileConfig.severity, ...this.settings.severity };
  }

  // ---------------------------------------------------------------- files

  /** The path of a document URI that may hold game content (file scheme, not a tooling file). */
  contentPath(uri: string): string | undefined {
    const p = uriToPath(uri);
    return p !== undefined && isContentCandidate(p) ? p : undefined;
  }

  /**
   * Open documents by path (kept by features/documentSync.ts): the one whose text the project has, the last
   * changed when a file is open under several URIs (`…/mod/../mod/a.json`).
   */
  readonly openDocuments = new Map<string, TextDocument>();
  /** Every open document of a path by URI, the last changed last. */
  readonly openByPath = new Map<string, Map<string, TextDocument>>();

  /**
   * The document version published diagnostics of `p` describe: that of the document the project's text comes
   * from, when it is open under the URI the server publishes for `p` (another URI's version would mislead).
   */
  documentVersion(p: string): number | undefined {
    const doc = this.openDocuments.get(p);
    if (!doc) return undefined;
    return doc.uri === pathToUri(p) || sameUri(doc.uri, pathToUri(p)) ? doc.version : undefined;
  }

  /** Text of an open document at `p`, if open. */
  openText(p: string): string | undefined {
    return this.openDocuments.get(p)?.getText();
  }

  /** What the project reads for a file: the open document's text, else the disk. */
  readFile(p: string): string {
    return this.openText(p) ?? readTextFile(p);
  }

  diskText(p: string): string | undefined {
    try { return readTextFile(p); } catch { return undefined; }
  }

  /**
   * Positions of a file as the project holds it. Pending edits are applied first, of every file: an answer may
   * hold locations in other files too (definition, references, rename), which must be in their current text.
   */
  positions(p: string): FilePositions | undefined {
    this.flushAll();
    return FilePositions.of(this.project, this.lines, p, this.openDocuments.get(p));
  }

  /** Applies every waiting edit (before answering a request whose answer may name any file). */
  flushAll(): void {
    for (const p of [...this.pending.keys()]) this.flush(p);
  }

  // ---------------------------------------------------------------- edits

  /** Gives the project a file's new text (undefined: deleted); big files wait for a pause in typing. */
  setText(p: string, text: string | undefined, debounce = false): void {
    const pending = this.pending.get(p);
    if (pending) { clearTimeout(pending.timer); this.pending.delete(p); }
    if (debounce && text !== undefined && text.length > BIG_FILE) {
      const timer = setTimeout(() => this.flush(p), BIG_FILE_DELAY_MS);
      this.pending.set(p, { timer, text });
      return;
    }
    this.apply(p, text);
  }

  /** Applies a waiting edit of `p` now (before answering a request about it). */
  flush(p: string): void {
    const pending = this.pending.get(p);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(p);
    this.apply(p, pending.text);
  }

  /** Several files changed at once (a folder created, moved or deleted): one update, one round of publishing. */
  setTexts(changes: readonly { readonly path: string; readonly text: string | undefined }[]): void {
    if (changes.length === 0) return;
    if (changes.length === 1) return this.setText(changes[0].path, changes[0].text);
    for (const c of changes) {
      const pending = this.pending.get(c.path);
      if (pending) { clearTimeout(pending.timer); this.pending.delete(c.path); }
    }
    const affected = this.project.updateFiles(changes);
    if (affected.length) for (const l of this.affectedListeners) l(affected);
  }

  private apply(p: string, text: string | undefined): void {
    const t0 = TIMING ? process.hrtime.bigint() : 0n;
    const affected = this.project.updateFile(p, text);
    const t1 = TIMING ? process.hrtime.bigint() : 0n;
    if (affected.length) for (const l of this.affectedListeners) l(affected);
    if (TIMING) this.connection.console.log(`timing: update ${p} ${ms(t0, t1)} ms, publish ${affected.length} file(s) ${ms(t1, process.hrtime.bigint())} ms`);
  }

  private readonly configListeners: (() => void)[] = [];

  /** A cdda-lint.config.json was created, changed or deleted: the project is built again (indexing.ts). */
  configFileChanged(): void {
    for (const l of this.configListeners) l();
  }

  onConfigFileChanged(listener: () => void): void {
    this.configListeners.push(listener);
  }

  /** Called with the reported files whose diagnostics may have changed after an edit. */
  onAffected(listener: (paths: string[]) => void): void {
    this.affectedListeners.push(listener);
  }

  // ---------------------------------------------------------------- logging

  log(message: string): void {
    this.connection.console.log(message);
  }

  /** A warning the user should see (shown by the editor, and logged). */
  warn(message: string): void {
    this.connection.console.warn(message);
    void this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
  }

  error(message: string, err?: unknown): void {
    const detail = err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : err !== undefined ? String(err) : '';
    this.connection.console.error(detail ? `${message}: ${detail}` : message);
  }
}

/** A `.json` file outside tooling folders and not a known tooling file. */
export function isContentCandidate(p: string): boolean {
  if (!p.endsWith('.json')) return false;
  if (isToolingJson(path.basename(p))) return false;
  return !p.split(path.sep).some((seg) => NOT_CONTENT_DIRS.has(seg));
}

/** Two URIs spelled differently (percent-encoding) that name the same resource. */
function sameUri(a: string, b: string): boolean {
  try { return URI.parse(a).toString() === URI.parse(b).toString(); } catch { return false; }
}
