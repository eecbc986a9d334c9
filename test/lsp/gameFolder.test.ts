/**
 * The language server finds the game as the CLI does (mods/gameFolder.ts): a workspace folder inside a game's
 * mods/ folder is checked against that game, then $CDDA_GAME; a mod written for another version is told so; a current
 * mod is not checked against the 0.F found by default when the built-in game is there.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient } from './client';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const codes = (ds: readonly Diagnostic[]): string[] => ds.map((d) => String(d.code)).sort();

const FIXTURE_ONLY = { 'json/fixture_only.json': [{ type: 'MONSTER', id: 'mon_fixture_only', name: { str: 'x' }, description: 'x', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 1, speed: 1, symbol: 'x', color: 'red' }] };
const MOD = {
  'mods/mine/modinfo.json': modinfo('mine'),
  'mods/mine/monsters.json': '[ { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_fixture_only" } ]\n',
};

/** Starts a server on `root` (no game setting) with `env` added, and waits until it has checked the workspace. */
async function serve(root: string, env: Record<string, string> = {}): Promise<TestClient & { errors: number }> {
  const saved = { ...process.env };
  delete process.env.CDDA_GAME;
  Object.assign(process.env, env);
  try {
    const client = new TestClient({ roots: [root] });
    await client.initialize();
    const ready = await client.waitForReady();
    return Object.assign(client, { errors: ready.errors });
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

test('a workspace folder inside a game\'s mods/ folder is checked against that game; else $CDDA_GAME', async () => {
  const game = writeTree({ ...MINI_CORE, ...FIXTURE_ONLY, ...MOD });
  const inside = await serve(path.join(game, 'mods', 'mine'));
  try {
    assert.equal(inside.errors, 0, 'the copy-from parent is the game\'s');
    assert.ok(inside.logs.some((l) => l === `Game folder ${game} (the checked mod is inside it)`), inside.logs.join('\n'));
  } finally { await inside.stop(); }
  // Near miss: the same mod elsewhere does not see that game, unless $CDDA_GAME names it.
  const elsewhere = writeTree(MOD);
  const alone = await serve(path.join(elsewhere, 'mods', 'mine'), { CDDA_GAME: writeTree(MINI_CORE) });
  try {
    const d = await alone.waitForDiagnostics(path.join(elsewhere, 'mods', 'mine', 'monsters.json'), () => true, 10_000, true);
    assert.deepEqual(codes(d.diagnostics), ['unknown-id']);
    assert.ok(alone.logs.some((l) => /^Game folder .* \(from \$CDDA_GAME\)$/.test(l)), alone.logs.join('\n'));
  } finally { await alone.stop(); }
  const named = await serve(path.join(elsewhere, 'mods', 'mine'), { CDDA_GAME: game });
  try {
    assert.equal(named.errors, 0);
  } finally { await named.stop(); }
});

test('a current mod in a 0.F game\'s workspace: the verdict and its one root cause on its modinfo.json, each item information', async () => {
  const ws = writeTree({
    ...MINI_CORE,
    'mods/new_items/modinfo.json': modinfo('new_items'),
    'mods/new_items/items.json': Array.from({ length: 20 }, (_, i) => ({ type: 'ITEM', subtypes: ['TOOL'], id: `new_tool_${i}`, name: { str: `tool ${i}` }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' })),
  });
  const client = await serve(path.join(ws, 'mods', 'new_items'));
  try {
    const info = await client.waitForDiagnostics(path.join(ws, 'mods', 'new_items', 'modinfo.json'), (ds) => ds.length > 0, 10_000, true);
    assert.deepEqual(codes(info.diagnostics), ['game-version-mismatch', 'game-version-mismatch']);
    assert.match(String(info.diagnostics[0].message), /written for current \(0\.I \/ experimental\), not for the game it is checked against \(.* 0\.F \(Frank\)\): 20 definitions of "type": "ITEM"/);
    assert.match(String(info.diagnostics[1].message), /^20 definitions of "type": "ITEM", a form from after 2025's item types that 0\.F \(Frank\) does not read/);
    assert.equal(info.diagnostics[1].relatedInformation?.length, 1);
    const items = client.diagnostics.get(info.uri.replace(/modinfo\.json$/, 'items.json'));
    // LSP severity 3: information.
    assert.deepEqual([...new Set((items?.diagnostics ?? []).map((d) => `${String(d.code)}:${d.severity}`))], ['unknown-type:3']);
  } finally { await client.stop(); }
});

/** Debian's 0.F install, the game found by default on Linux (mods/gameFolder.ts DEFAULT_GAME_PATH). */
const DEBIAN_0F = '/usr/share/games/cataclysm-dda';

test('a current mod with Debian\'s 0.F found by default: the server says it is the wrong game, and uses the built-in game when there is one', async (t) => {
  if (!fs.existsSync(path.join(DEBIAN_0F, 'json'))) { t.skip(`no 0.F game at ${DEBIAN_0F} (apt-get install cataclysm-dda-data)`); return; }
  const item = (id: string): Record<string, unknown> => ({ type: 'ITEM', id, name: { str: id }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' });
  const ws = writeTree({ 'new_items/modinfo.json': modinfo('new_items'), 'new_items/items.json': [item('new_one'), item('new_two')] });
  const client = await serve(path.join(ws, 'new_items'));
  try {
    const said = client.logs.find((l) => l.includes('new_items is written for current (0.I / experimental) (2 definitions of "type": "ITEM"), not for 0.F (Frank), the game found at /usr/share/games/cataclysm-dda'));
    assert.ok(said, client.logs.join('\n'));
    const status = client.statuses[client.statuses.length - 1];
    if (said.includes('checking against the built-in snapshot')) {
      assert.match(String(status.game?.source), /^the built-in snapshot of current .*; chosen because new_items is written for current/);
      assert.equal(client.errors, 0);
    } else {
      assert.match(said, /this installation has no built-in game snapshot .*npm run snapshot -- GAME_DIR.*"cdda\.gamePath" names the game it is written for\./);
      assert.equal(status.game?.path, DEBIAN_0F);
    }
  } finally { await client.stop(); }
  // Near miss: a game named in the settings is never replaced.
  const named = await serve(path.join(ws, 'new_items'), { CDDA_GAME: DEBIAN_0F });
  try {
    assert.ok(!named.logs.some((l) => l.includes('is written for')), named.logs.join('\n'));
  } finally { await named.stop(); }
});
