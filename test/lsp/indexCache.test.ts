/**
 * The server's warm start: after a first start it writes the cache of the game's index to the client's storage
 * folder (initializationOptions.storagePath) in the background; a second start takes the game from there and
 * publishes the same diagnostics.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TestClient } from './client';
import { writeFixture } from './fixture';

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a second start takes the game from the cache the first wrote, and publishes the same diagnostics; reindex reads all', async () => {
  const fx = writeFixture();
  const storagePath = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-storage-'));
  const start = async (): Promise<{ client: TestClient; published: string[] }> => {
    const client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game, storagePath } });
    await client.initialize();
    await client.waitForReady();
    const published = [...client.diagnostics.values()].map((p) => `${p.uri} ${JSON.stringify(p.diagnostics)}`).sort();
    return { client, published };
  };
  const first = await start();
  await until('the cache to be written', () => first.client.logs.some((l) => /cache of the game's index written/.test(l)));
  assert.ok(first.client.logs.some((l) => / 0 files from the cache/.test(l)), first.client.logs.join('\n'));
  await first.client.stop();
  const files = fs.readdirSync(path.join(storagePath, 'index-cache'));
  assert.equal(files.filter((f) => f.endsWith('.cache')).length, 1, files.join(', '));

  const second = await start();
  const indexed = second.client.logs.find((l) => /^Indexed /.test(l)) ?? '';
  const hits = Number(/(\d+) files from the cache/.exec(indexed)?.[1] ?? 0);
  const gameFiles = fs.readdirSync(path.join(fx.game, 'json')).length;
  assert.ok(hits >= gameFiles, `the game's files come from the cache: ${indexed}`);
  assert.ok(second.published.length > 0);
  assert.deepEqual(second.published, first.published);
  // Reindex (the user's command) reads every file again.
  const since = second.client.statuses.length;
  const logs = second.client.logs.length;
  await second.client.request('workspace/executeCommand', { command: 'cdda.reindex' });
  await second.client.waitForReady(30_000, since);
  assert.ok(second.client.logs.slice(logs).some((l) => /^Indexed .* 0 files from the cache/.test(l)), second.client.logs.slice(logs).join('\n'));
  await second.client.stop();
});
