/**
 * A test LSP client: starts the real server (out/server/src/lsp/bin.js --stdio) as a child process and talks
 * to it with vscode-languageserver-protocol over its stdin / stdout.
 */
import type { TextEdit } from 'vscode-languageserver-protocol';
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { URI } from 'vscode-uri';
import {
  createProtocolConnection, StreamMessageReader, AbstractMessageWriter, type MessageWriter, type Message,
  InitializeRequest, InitializedNotification, PublishDiagnosticsNotification, DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, ShutdownRequest, ExitNotification,
  WorkDoneProgressCreateRequest, WorkDoneProgress, ConfigurationRequest, ShowMessageRequest, RegistrationRequest,
  type ProtocolConnection, type Diagnostic, type PublishDiagnosticsParams, type ClientCapabilities, type Position, type InitializeResult,
} from 'vscode-languageserver-protocol/node';
import { STATUS_NOTIFICATION, type StatusParams } from '../../shared/src/protocol';

/** out/test/lsp -> out/server/src/lsp/bin.js */
export const SERVER_BIN = path.resolve(__dirname, '../../server/src/lsp/bin.js');

/**
 * The servers' cache folder when the test gives no storagePath ($XDG_CACHE_HOME/cdda-lint): one of this test
 * process, not the user's.
 */
const CACHE_HOME = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-test-cache-home-'));
process.on('exit', () => fs.rmSync(CACHE_HOME, { recursive: true, force: true }));

export function uri(p: string): string {
  return URI.file(p).toString();
}

export interface ClientOptions {
  readonly roots: readonly string[];
  readonly initializationOptions?: unknown;
  /** Answer for workspace/configuration (section `cdda`); the capability is declared only when given. */
  readonly configuration?: () => unknown;
  readonly progress?: boolean;
  /** `capabilities.experimental` to announce. */
  readonly experimental?: Record<string, unknown>;
}

interface Waiter<T> { test: (v: T) => boolean; resolve: (v: T) => void }

/**
 * Writes each message whole (its header and body in one write), in order. While held, messages are kept and then
 * written together in one write: the server reads them at once, so the later ones are waiting in its queue
 * before it begins the first, however late this process would have been scheduled to send them one by one.
 */
class WholeMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private held: Buffer[] | undefined;

  constructor(private readonly stream: NodeJS.WritableStream) {
    super();
    stream.on('error', (e: Error) => this.fireError(e));
    stream.on('close', () => this.fireClose());
  }

  write(msg: Message): Promise<void> {
    const body = Buffer.from(JSON.stringify(msg), 'utf8');
    const whole = Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
    if (this.held) { this.held.push(whole); return Promise.resolve(); }
    return this.send(whole);
  }

  /** Runs `send`; the messages it writes (synchronously, as sendRequest and sendNotification do) go in one write. */
  together<T>(send: () => T): T {
    this.held = [];
    try {
      return send();
    } finally {
      const held = this.held;
      this.held = undefined;
      if (held.length) this.send(Buffer.concat(held)).catch(() => { /* reported through onError */ });
    }
  }

  end(): void {
    this.stream.end();
  }

  private send(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.write(bytes, (e) => {
        if (!e) return resolve();
        this.fireError(e);
        reject(e);
      });
    });
  }
}

export class TestClient {
  readonly connection: ProtocolConnection;
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  /** Every publishDiagnostics received, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  readonly statuses: StatusParams[] = [];
  readonly progress: { token: string | number; value: { kind: string; message?: string; percentage?: number; title?: string } }[] = [];
  readonly stderr: string[] = [];
  /** What the server logged (window/logMessage). */
  readonly logs: string[] = [];
  /** Messages the server asked the user to see (window/showMessageRequest). */
  readonly messages: string[] = [];
  /** Messages the server showed the user (window/showMessage). */
  readonly shown: string[] = [];
  private readonly versions = new Map<string, number>();
  /** The client's copy of each open document. */
  readonly texts = new Map<string, string>();
  private readonly diagWaiters: Waiter<PublishDiagnosticsParams>[] = [];
  private readonly statusWaiters: Waiter<StatusParams>[] = [];
  readonly proc: ChildProcess;
  private readonly writer: WholeMessageWriter;

  constructor(private readonly options: ClientOptions) {
    this.proc = spawn(process.execPath, [SERVER_BIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, XDG_CACHE_HOME: CACHE_HOME } });
    this.proc.stderr!.on('data', (b: Buffer) => this.stderr.push(b.toString()));
    this.writer = new WholeMessageWriter(this.proc.stdin!);
    this.connection = createProtocolConnection(new StreamMessageReader(this.proc.stdout!), this.writer);
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.diagnostics.set(p.uri, p);
      this.published.push(p);
      for (const w of [...this.diagWaiters]) if (w.test(p)) { this.diagWaiters.splice(this.diagWaiters.indexOf(w), 1); w.resolve(p); }
    });
    this.connection.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
      this.statuses.push(s);
      for (const w of [...this.statusWaiters]) if (w.test(s)) { this.statusWaiters.splice(this.statusWaiters.indexOf(w), 1); w.resolve(s); }
    });
    this.connection.onRequest(WorkDoneProgressCreateRequest.type, (params) => {
      this.connection.onProgress(WorkDoneProgress.type, params.token, (value) => { this.progress.push({ token: params.token, value }); });
    });
    this.connection.onRequest(RegistrationRequest.type, () => {});
    this.connection.onRequest(ShowMessageRequest.type, (m) => { this.messages.push(m.message); return null; });
    this.connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => options.configuration?.() ?? null));
    this.connection.onNotification('window/logMessage', (m: { message: string }) => { this.logs.push(m.message); });
    this.connection.onNotification('window/showMessage', (m: { message: string }) => { this.shown.push(m.message); });
    this.connection.listen();
  }

  /** What the server answered to initialize (its capabilities). */
  initializeResult: InitializeResult | undefined;

  async initialize(): Promise<void> {
    const capabilities: ClientCapabilities = {
      experimental: this.options.experimental,
      window: { workDoneProgress: this.options.progress !== false },
      workspace: { configuration: this.options.configuration !== undefined, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: {
        hover: { contentFormat: ['markdown', 'plaintext'] },
        completion: { completionItem: { snippetSupport: true } },
        rename: { prepareSupport: true },
        publishDiagnostics: { relatedInformation: true, versionSupport: true },
      },
    };
    this.initializeResult = await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: this.options.roots.map((r) => ({ uri: uri(r), name: path.basename(r) })),
      capabilities,
      initializationOptions: this.options.initializationOptions,
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** Resolves with the first status (already received or future) that passes `test`. */
  waitForStatus(test: (s: StatusParams) => boolean, timeoutMs = 30_000, since = 0): Promise<StatusParams> {
    const seen = this.statuses.slice(since).find(test);
    if (seen) return Promise.resolve(seen);
    return withTimeout(new Promise((resolve) => this.statusWaiters.push({ test, resolve })), timeoutMs, 'status');
  }

  waitForReady(timeoutMs = 30_000, since = 0): Promise<StatusParams> {
    return this.waitForStatus((s) => s.state === 'ready', timeoutMs, since);
  }

  /** The next publishDiagnostics for `file` that passes `test` (future ones only unless `includePast`). */
  waitForDiagnostics(file: string, test: (d: Diagnostic[], p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 10_000, includePast = false): Promise<PublishDiagnosticsParams> {
    const u = uri(file);
    if (includePast) {
      const cur = this.diagnostics.get(u);
      if (cur && test(cur.diagnostics, cur)) return Promise.resolve(cur);
    }
    return withTimeout(new Promise((resolve) => this.diagWaiters.push({ test: (p) => p.uri === u && test(p.diagnostics, p), resolve })), timeoutMs, `diagnostics of ${file}`);
  }

  async open(file: string, text = fs.readFileSync(file, 'utf8')): Promise<void> {
    this.versions.set(file, 1);
    this.texts.set(file, text);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(file), languageId: 'json', version: 1, text } });
  }

  /** Replaces the whole text (a full-content change). Returns the new version. */
  async change(file: string, text: string): Promise<number> {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    this.texts.set(file, text);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(file), version }, contentChanges: [{ text }] });
    return version;
  }

  /** An incremental change, as editors send keystrokes: replaces `deleteCount` characters at `offset`. */
  async edit(file: string, offset: number, deleteCount: number, insert: string): Promise<number> {
    const text = this.texts.get(file);
    if (text === undefined) throw new Error(`${file} is not open`);
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    this.texts.set(file, text.slice(0, offset) + insert + text.slice(offset + deleteCount));
    const range = { start: positionAtOffset(text, offset), end: positionAtOffset(text, offset + deleteCount) };
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(file), version }, contentChanges: [{ range, text: insert }] });
    return version;
  }

  async close(file: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uri(file) } });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /**
   * Sends the messages `send` sends in one write (see WholeMessageWriter): a request sent after a long one is in
   * the server's queue before the long one begins, whatever the load of the machine.
   */
  together<T>(send: () => T): T {
    return this.writer.together(send);
  }

  async stop(): Promise<void> {
    try {
      await withTimeout(this.connection.sendRequest(ShutdownRequest.type), 5000, 'shutdown');
      await this.connection.sendNotification(ExitNotification.type);
    } catch { /* killed below */ }
    await new Promise<void>((resolve) => {
      if (this.proc.exitCode !== null) return resolve();
      const t = setTimeout(() => { this.proc.kill(); resolve(); }, 2000);
      this.proc.on('exit', () => { clearTimeout(t); resolve(); });
    });
    this.connection.dispose();
  }
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms); }),
  ]);
}

export function positionAtOffset(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** The position of the `n`th occurrence of `needle` in `text`, plus `delta` characters. */
export function positionOf(text: string, needle: string, delta = 0, n = 1): Position {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" not found (occurrence ${i + 1})`);
  }
  const offset = at + delta;
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Applies LSP text edits to a text (edits must not overlap). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const offsetOf = (line: number, character: number): number => {
    let off = 0;
    for (let l = 0; l < line; l++) off = text.indexOf('\n', off) + 1;
    return off + character;
  };
  const sorted = edits.map((e) => ({ start: offsetOf(e.range.start.line, e.range.start.character), end: offsetOf(e.range.end.line, e.range.end.character), text: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
