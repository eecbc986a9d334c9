/**
 * Loader (server/src/workspace/loader.ts): a workspace loaded from disk. Map generators read from disk wait
 * unparsed until first asked for (not those analysed on loading); a load in time slices holds what a load at once
 * holds, and stops when cancelled; a warm start from the cache holds what a plain load holds.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeCacheSync } from '../../../server/src/cache/store';
import { finish } from '../../../server/src/util/steps';
import { MINI_CORE, modinfo, writeTree } from '../../helpers/workspace';
import { loadedRooms, removeAll, rooms, type Rooms } from '../../helpers/rooms';

const MAPGEN = [{ type: 'mapgen', method: 'json', om_terrain: 'field', object: { fill_ter: 't_grass', rows: ['.'] } }];
const MODS = {
  'm/modinfo.json': modinfo('m'),
  'm/monsters.json': [{ type: 'MONSTER', id: 'mon_m', 'copy-from': 'mon_zombie' }, { type: 'MONSTER', id: 'mon_n', 'copy-from': 'mon_m' }],
  'm/mapgen/field.json': MAPGEN,
  'm/mapgen/field_checked.json': MAPGEN,
};

/** What the indexes and files hold: each file's mod, reported or not, deferred or not, records; every definition. */
function snapshot(r: Rooms, root: string): string[] {
  const rel = (p: string): string => path.relative(root, p);
  const out: string[] = [];
  for (const f of [...r.store.all.values()].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    out.push(`${rel(f.path)} ${f.modId} ${f.reported ? 'reported' : ''} ${f.deferred ? 'deferred' : ''} ${f.records.map((x) => `${x.kind}:${x.ids.join('|')}@${x.start}`).join(' ')}`);
  }
  for (const kind of [...r.defs.kinds()].sort()) {
    for (const [id, list] of [...r.defs.entries(kind)].sort(([a], [b]) => (a < b ? -1 : 1))) out.push(`${kind} ${id}: ${list.map((x) => `${rel(x.source.path)}#${x.index}`).join(' ')}`);
  }
  return out;
}

test('map generators read from disk wait unparsed until first asked for; those analysed on loading do not', () => {
  const r = loadedRooms(MODS, { checkedAfterLoad: (p) => p.endsWith('field_checked.json') });
  try {
    const waiting = r.store.get(r.file('m/mapgen/field.json'))!;
    const checked = r.store.get(r.file('m/mapgen/field_checked.json'))!;
    assert.equal(waiting.deferred, true);
    assert.equal(checked.deferred, false);
    assert.deepEqual(checked.records.map((x) => x.type), ['mapgen']);
    assert.deepEqual(r.defs.get('mapgen', '').length, 0);
    r.indexer.ensureParsed(waiting);
    assert.equal(waiting.deferred, false);
    assert.deepEqual(waiting.records.map((x) => x.type), ['mapgen']);
    assert.deepEqual(waiting.records.map((x) => [x.start, x.end]), checked.records.map((x) => [x.start, x.end]));
    assert.equal(r.store.get(r.file('m/monsters.json'))!.deferred, false, 'a file defining ids is indexed at once');
  } finally {
    r.done();
  }
});

test('a load in time slices holds what a load at once holds; a cancelled one stops', async () => {
  const game = writeTree(MINI_CORE);
  const ws = writeTree(MODS);
  try {
    const atOnce = rooms({ roots: [ws], gamePath: game });
    const progress: number[][] = [];
    atOnce.loader.load((done, total) => progress.push([done, total]));
    const [done, total] = progress.at(-1)!;
    assert.ok(total > 0 && done === total, 'the last progress is the whole');
    const sliced = rooms({ roots: [ws], gamePath: game });
    assert.equal(await sliced.loader.loadInSlices(undefined, { sliceMs: 0 }), true);
    assert.deepEqual(snapshot(sliced, ws), snapshot(atOnce, ws));
    const cancelled = rooms({ roots: [ws], gamePath: game });
    assert.equal(await cancelled.loader.loadInSlices(undefined, { sliceMs: 0, isCancelled: () => true }), false);
    assert.ok(cancelled.store.all.size < atOnce.store.all.size);
  } finally {
    removeAll(game, ws);
  }
});

test('a warm start from the cache holds what a plain load holds', () => {
  const game = writeTree({ ...MINI_CORE, 'json/mapgen/field.json': MAPGEN });
  const ws = writeTree(MODS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-cache-'));
  try {
    const plain = rooms({ roots: [ws], gamePath: game });
    plain.loader.load();
    const cold = rooms({ roots: [ws], gamePath: game, cache: { dir } });
    cold.loader.load();
    assert.deepEqual(cold.loader.cacheUse()?.hits, 0);
    const write = finish(cold.loader.saveCacheSteps());
    assert.ok(write);
    writeCacheSync(write, () => undefined);
    const warm = rooms({ roots: [ws], gamePath: game, cache: { dir } });
    warm.loader.load();
    assert.ok(warm.loader.cacheUse()!.hits > 0, 'the game\'s files come from the cache');
    assert.deepEqual(snapshot(warm, ws), snapshot(plain, ws));
  } finally {
    removeAll(game, ws, dir);
  }
});
