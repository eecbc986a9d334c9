/**
 * Updates (server/src/workspace/updates.ts): applying a batch of file changes. The last change of each file in a
 * batch is what counts (a file edited then put back, a modinfo.json changed then restored: nothing changed); a
 * modinfo.json edit that leaves its mod as it was is a content edit (the mods are not derived again), one that
 * changes what the mod sees re-checks that mod's files, not the others'.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo } from '../../helpers/workspace';
import { loadedRooms } from '../../helpers/rooms';

const monster = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'MONSTER', id, 'copy-from': 'mon_zombie', ...extra });
const text = (...values: unknown[]): string => JSON.stringify(values, null, 2);
const MODS = {
  'm/modinfo.json': modinfo('m'),
  'm/a.json': [monster('mon_a')],
  'm/b.json': [monster('mon_b', { upgrades: { half_life: 4, into: 'mon_a' } })],
  'n/modinfo.json': modinfo('n'),
  'n/c.json': [monster('mon_c')],
};

test('the last change of each file in a batch wins: a file changed and put back, a modinfo.json renamed and restored', () => {
  const r = loadedRooms(MODS);
  try {
    const graph = r.mods.graph;
    const revision = r.updates.revision;
    const changed = r.updates.updateFiles([
      { path: r.file('m/modinfo.json'), text: JSON.stringify(modinfo('renamed')) },
      { path: r.file('m/a.json'), text: undefined },
      { path: r.file('m/a.json'), text: text(monster('mon_a2')) },
      { path: r.file('m/modinfo.json'), text: JSON.stringify(modinfo('m')) },
      { path: r.file('n/c.json'), text: text(monster('mon_c2')) },
      { path: r.file('n/c.json'), text: undefined },
    ]);
    assert.equal(r.updates.revision, revision + 1, 'one update');
    assert.equal(r.mods.graph, graph, 'no mod changed: the graph is the same');
    assert.deepEqual(r.defs.get('MONSTER', 'mon_a2').map((d) => d.source.modId), ['m']);
    assert.deepEqual(r.defs.get('MONSTER', 'mon_a'), []);
    assert.equal(r.store.get(r.file('n/c.json')), undefined, 'deleted last');
    assert.deepEqual(r.defs.get('MONSTER', 'mon_c2'), []);
    assert.deepEqual(r.defs.get('MONSTER', 'mon_c'), []);
    assert.deepEqual(changed.map(r.rel).sort(), ['m/a.json', 'm/b.json', 'm/modinfo.json', 'n/c.json']);
  } finally {
    r.done();
  }
});

test('a modinfo.json edit that leaves its mod keeps the mods; one that changes what the mod sees re-checks its files only', () => {
  const r = loadedRooms(MODS);
  try {
    const graph = r.mods.graph;
    const spaced = JSON.stringify(modinfo('m'), null, 4);
    assert.deepEqual(r.updates.updateFiles([{ path: r.file('m/modinfo.json'), text: spaced }]).map(r.rel), ['m/modinfo.json']);
    assert.equal(r.mods.graph, graph);
    const seesN = JSON.stringify(modinfo('m', ['dda', 'n']));
    assert.deepEqual(r.updates.updateFiles([{ path: r.file('m/modinfo.json'), text: seesN }]).map(r.rel).sort(), ['m/a.json', 'm/b.json', 'm/modinfo.json']);
    assert.notEqual(r.mods.graph, graph);
    assert.ok(r.mods.graph.visibleFrom('m').has('n'));
    assert.equal(r.store.get(r.file('n/c.json'))?.modId, 'n');
  } finally {
    r.done();
  }
});
