#!/usr/bin/env node
/**
 * cdda-language-server: the CDDA JSON language server executable.
 *   cdda-language-server --stdio        (editors talking over stdin/stdout)
 *   cdda-language-server --node-ipc     (VS Code's Node IPC transport)
 *   cdda-language-server --socket=PORT  (a TCP socket)
 */
import { ConnectionError, ConnectionErrors, createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer, SERVER_NAME, SERVER_VERSION } from './server';
import { applyEngineFlags } from '../util/engineFlags';

const USAGE = `Usage: ${SERVER_NAME} --stdio | --node-ipc | --socket=PORT

The language server for Cataclysm: Dark Days Ahead content JSON. An editor starts it; settings come from
the editor (section "cdda": gamePath, severity).`;

function main(argv: readonly string[]): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (argv.includes('--version')) {
    process.stdout.write(`${SERVER_VERSION}\n`);
    return;
  }
  const transport = argv.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe') || a.startsWith('--clientProcessId'));
  if (!transport) {
    process.stderr.write(`${SERVER_NAME}: no transport given.\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  applyEngineFlags();
  const connection = createConnection(ProposedFeatures.all);
  // Bad input must never take the server down: a stray rejection or exception is logged, not fatal. Logging
  // goes through the connection, which may be what failed: these handlers must not throw themselves (an
  // exception inside an uncaughtException handler ends the process with code 7).
  const log = (message: string): void => {
    try {
      connection.console.error(message);
    } catch {
      try { process.stderr.write(`${message}\n`); } catch { /* nowhere left to report */ }
    }
  };
  // The client closed our output (it is gone): nothing can be answered any more, so the server leaves.
  const clientGone = (): void => {
    try { process.stderr.write(`${SERVER_NAME}: the client closed the connection; exiting\n`); } catch { /* stderr may be gone too */ }
    process.exit(0);
  };
  process.stdout.on('error', (err) => (isClosedOutput(err) ? clientGone() : log(`Output error: ${err.message}`)));
  process.on('unhandledRejection', (reason) => (isClosedOutput(reason) ? clientGone() : log(`Unhandled rejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`)));
  process.on('uncaughtException', (err) => (isClosedOutput(err) ? clientGone() : log(`Uncaught exception: ${err.stack ?? err.message}`)));
  startServer(connection);
  connection.listen();
}

/** An error saying that our output is closed: a broken pipe, a destroyed stream, or a closed JSON-RPC connection. */
function isClosedOutput(err: unknown): boolean {
  if (err instanceof ConnectionError) return err.code === ConnectionErrors.Closed || err.code === ConnectionErrors.Disposed;
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END' || code === 'ECONNRESET';
}

main(process.argv.slice(2));
