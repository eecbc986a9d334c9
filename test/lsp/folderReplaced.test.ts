/**
 * A mod folder deleted and created again, announced in one didChangeWatchedFiles notification (what a
 * `git checkout` or an `rm -rf` and a copy make a client send): the mod stays, its diagnostics stay published
 * and the status still counts its files.
 */
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver-protocol/node';
import { TestClient, uri } from './client';
import { monster, pretty } from './fixture';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

let client: TestClient;
let game: string, ws: string;

before(async () => {
  game = writeTree(MINI_CORE);
  ws = writeTree({
    'r/modinfo.json': modinfo('rmod'),
    'r/monsters.json': pretty([monster('mon_r', { upgrades: { half_life: 3, into: 'mon_missing' } })]),
    'u/modinfo.json': modinfo('umod', ['dda', 'rmod']),
    'u/u.json': pretty([monster('mon_u', { 'copy-from': 'mon_r' })]),
  });
  client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game } });
  await client.initialize();
  await client.waitForReady();
});

after(async () => {
  await client?.stop();
  for (const d of [game, ws]) fs.rmSync(d, { recursive: true, force: true });
});

test('a mod folder deleted and created again in one notification keeps its mod and its diagnostics', async () => {
  const content = `${ws}/r/monsters.json`;
  const first = await client.waitForDiagnostics(content, () => true, 5000, true);
  assert.equal(first.diagnostics.length, 1, 'mon_missing is reported');
  const indexed = client.statuses.filter((s) => s.state === 'ready').pop()!.indexed;
  const saved = new Map([`${ws}/r/modinfo.json`, content].map((f) => [f, fs.readFileSync(f, 'utf8')]));
  fs.rmSync(`${ws}/r`, { recursive: true });
  fs.mkdirSync(`${ws}/r`);
  for (const [f, text] of saved) fs.writeFileSync(f, text);
  const since = client.statuses.length;
  const published = client.published.length;
  await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: uri(`${ws}/r`), type: FileChangeType.Deleted }, { uri: uri(`${ws}/r`), type: FileChangeType.Created }],
  });
  // A round trip: whatever the notification made the server publish has arrived.
  const symbols = await client.request<{ name: string }[]>('workspace/symbol', { query: 'mon_r' });
  assert.ok(symbols.some((s) => s.name === 'mon_r'), 'mon_r is still indexed');
  assert.equal(client.diagnostics.get(uri(content))?.diagnostics.length, 1, `still reported; published since: ${JSON.stringify(client.published.slice(published))}`);
  assert.deepEqual(client.diagnostics.get(uri(`${ws}/u/modinfo.json`))?.diagnostics ?? [], [], 'umod still finds its dependency');
  const status = client.statuses.slice(since).filter((s) => s.state === 'ready').pop();
  if (status) assert.equal(status.indexed, indexed);
});
