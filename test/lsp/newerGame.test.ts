/**
 * The server tells once, in its log beside the game it indexed, that the game folder is newer than the tables
 * (its own data uses types or members they lack: workspace/gameUsage.ts), and publishes nothing for a mod's use
 * of them; a game the tables know gets no such line.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { TestClient } from './client';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const NEWER = {
  'json/newer.json': [{ type: 'future_thing', id: 'ft_core' }, { type: 'SPECIES', id: 'FUTURE_SPECIES', future_species_member: true }],
};
const MOD = {
  'mymod/modinfo.json': modinfo('mymod', ['dda']),
  'mymod/uses.json': [{ type: 'future_thing', id: 'ft_mine' }, { type: 'SPECIES', id: 'MY_SPECIES', future_species_member: false }],
};

async function logsOf(game: string, ws: string): Promise<{ logs: string[]; published: number }> {
  const client = new TestClient({ roots: [path.join(ws, 'mymod')], initializationOptions: { gamePath: game } });
  try {
    await client.initialize();
    await client.waitForReady();
    const published = [...client.diagnostics.values()].reduce((n, p) => n + p.diagnostics.length, 0);
    return { logs: [...client.logs], published };
  } finally {
    await client.stop();
  }
}

test('the server logs once that the game folder is newer than the tables, and flags nothing the game uses', async () => {
  const newer = writeTree({ ...MINI_CORE, ...NEWER });
  const known = writeTree(MINI_CORE);
  const ws = writeTree(MOD);
  try {
    const first = await logsOf(newer, ws);
    const said = first.logs.filter((l) => /newer than cdda-lint's tables/.test(l));
    assert.deepEqual(said, [`Game data ${newer}: the game folder is newer than cdda-lint's tables: 1 type(s) and 1 member(s) learned from it`], first.logs.join('\n'));
    assert.equal(first.published, 0);
    const second = await logsOf(known, ws);
    assert.equal(second.logs.filter((l) => /newer than/.test(l)).length, 0);
    assert.ok(second.published >= 2, 'the same mod against a game without them: flagged');
  } finally {
    for (const d of [newer, known, ws]) fs.rmSync(d, { recursive: true, force: true });
  }
});
