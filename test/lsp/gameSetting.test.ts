/**
 * `cdda.gamePath` as the editor sends it: the game folder the server checks against is the one set, says where it
 * came from in `cdda/status`, is never replaced by another game in silence (a folder set but not usable stays
 * the one used, and says so; a value that stops arriving is reported), and the manifest gives the setting a scope
 * that remote windows (code-server, WSL, SSH) apply from User settings.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { TestClient } from './client';
import { writeFixture } from './fixture';

describe('language server: the game folder set in the settings', () => {
  test('the status names the folder set and its source; another cdda.* change keeps it', async () => {
    const fx = writeFixture();
    let settings: Record<string, unknown> = { gamePath: fx.game, severity: {} };
    const client = new TestClient({ roots: [fx.ws], configuration: () => settings, progress: false });
    try {
      await client.initialize();
      const ready = await client.waitForReady();
      assert.deepEqual(ready.game, { path: fx.game, source: 'set in cdda.gamePath' });
      assert.equal(ready.gameProblem, undefined);
      const builds = client.logs.filter((l) => l.startsWith('Indexing')).length;
      settings = { ...settings, severity: { 'unknown-id': 'warning' } };
      const since = client.statuses.length;
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      const after = await client.waitForReady(10_000, since);
      assert.deepEqual(after.game, { path: fx.game, source: 'set in cdda.gamePath' });
      assert.equal(client.logs.filter((l) => l.startsWith('Indexing')).length, builds, 'no rebuild');
      assert.ok(client.logs.some((l) => l.startsWith('Settings changed:') && l.includes(fx.game) && l.includes('unknown-id')), client.logs.join('\n'));
    } finally {
      await client.stop();
    }
  });

  test('a folder set but not usable stays the one used, and the user is told why (status and message)', async () => {
    const fx = writeFixture();
    const missing = path.join(fx.ws, 'no-such-game');
    const client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: missing }, progress: false });
    try {
      await client.initialize();
      const ready = await client.waitForReady();
      assert.deepEqual(ready.game, { path: missing, source: 'set in cdda.gamePath' }, 'not switched to an auto-detected game');
      assert.match(ready.gameProblem ?? '', /cdda\.gamePath ".*no-such-game" does not exist/);
      assert.ok(client.shown.some((m) => /no-such-game" does not exist/.test(m)), client.shown.join('\n'));
      fs.mkdirSync(missing);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { cdda: { gamePath: missing } } });
      await client.request('workspace/executeCommand', { command: 'cdda.reindex', arguments: [] });
      const again = client.statuses[client.statuses.length - 1];
      assert.match(again.gameProblem ?? '', /has no json\/ folder/);
    } finally {
      await client.stop();
    }
  });

  test('a game folder setting that stops arriving is reported, not followed in silence', async () => {
    const fx = writeFixture();
    let settings: Record<string, unknown> = { gamePath: fx.game, severity: {} };
    const client = new TestClient({ roots: [fx.ws], configuration: () => settings, progress: false });
    try {
      await client.initialize();
      await client.waitForReady();
      settings = { gamePath: '', severity: { 'unknown-id': 'warning' } };
      const since = client.statuses.length;
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      const after = await client.waitForReady(10_000, since);
      assert.ok(client.shown.some((m) => m.includes(`cdda.gamePath is no longer set (it was "${fx.game}")`)), client.shown.join('\n'));
      assert.notEqual(after.game?.source, 'set in cdda.gamePath');
    } finally {
      await client.stop();
    }
  });

  test('the manifest: cdda.gamePath and cdda.gameVersion apply from User settings in a remote window', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8'));
    const props = manifest.contributes.configuration.properties;
    // VS Code ignores `machine` and `machine-overridable` settings of User settings in a remote window.
    for (const key of ['cdda.gamePath', 'cdda.gameVersion']) assert.equal(props[key].scope, 'window', key);
  });
});
