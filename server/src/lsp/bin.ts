#!/usr/bin/env node
/**
 * cdda-language-server: the CDDA JSON language server executable.
 *   cdda-language-server --stdio        (editors talking over stdin/stdout)
 *   cdda-language-server --node-ipc     (VS Code's Node IPC transport)
 *   cdda-language-server --socket=PORT  (a TCP socket)
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer, SERVER_NAME, SERVER_VERSION } from './server';

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
  const connection = createConnection(ProposedFeatures.all);
  // Bad input must never take the server down: a stray rejection or exception is logged, not fatal.
  process.on('unhandledRejection', (reason) => connection.console.error(`Unhandled rejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`));
  process.on('uncaughtException', (err) => connection.console.error(`Uncaught exception: ${err.stack ?? err.message}`));
  startServer(connection);
  connection.listen();
}

main(process.argv.slice(2));
