/**
 * Invalidation (server/src/workspace/invalidation.ts): what a change re-checks. A changed definition's key is
 * bumped with those of its copy-from descendants whose lineage changed with it (the files referring to those are
 * returned); a changed palette re-checks the files whose maps looked it up;
 * a kind's key and the files naming its unknown ids only when an id came or went.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { refKey } from '../../../server/src/index/referenceIndex';
import { modinfo } from '../../helpers/workspace';
import { loadedRooms, type LoadedRooms } from '../../helpers/rooms';

/** The rooms of a loaded workspace of one mod `m` (files relative to it), with its references indexed. */
function loaded(files: Record<string, unknown>): { r: LoadedRooms; file: (rel: string) => string; change: (rel: string, text: string) => string[]; done: () => void } {
  const r = loadedRooms({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([rel, v]) => [`m/${rel}`, v])) });
  r.indexer.analyzeReported();
  const file = (rel: string): string => r.file(path.join('m', rel));
  /** A file's new text indexed (as Updates does), then what it re-checks; returned relative to the mod. */
  const change = (rel: string, text: string): string[] => {
    r.keys.forgetSignatures();
    const changed = r.indexer.indexFile(r.store.get(file(rel))!, text);
    return r.invalidation.affectedBy(changed).map((p) => path.relative(file(''), p)).sort();
  };
  return { r, file, change, done: r.done };
}

const monster = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'MONSTER', id, 'copy-from': 'mon_zombie', ...extra });

test('a parent whose change changes what its copy-from children inherit bumps their keys: the files referring to them are re-checked', () => {
  const ws = loaded({
    'parents.json': [monster('mon_base', { hp: 10 })],
    'children.json': [monster('mon_child', { 'copy-from': 'mon_base' }), monster('mon_grandchild', { 'copy-from': 'mon_child' })],
    'users.json': [monster('mon_user', { upgrades: { half_life: 4, into: 'mon_grandchild' } })],
    'unrelated.json': [monster('mon_other')],
  });
  try {
    const { r } = ws;
    const kind = r.defs.get('MONSTER', 'mon_child')[0].kind;
    for (const id of ['mon_child', 'mon_grandchild']) r.lineages.of(r.defs.get(kind, id)[0]);
    const version = (id: string): number => r.keys.versionOf(refKey(kind, id));
    const before = { base: version('mon_base'), child: version('mon_child'), grandchild: version('mon_grandchild') };
    // Another value of a member it had: the children inherit the same members.
    assert.deepEqual(ws.change('parents.json', JSON.stringify([monster('mon_base', { hp: 20 })], null, 2)), ['children.json', 'parents.json']);
    assert.deepEqual([version('mon_base'), version('mon_child'), version('mon_grandchild')], [before.base + 1, before.child, before.grandchild]);
    // A member it did not have: passed on down the chain.
    assert.deepEqual(ws.change('parents.json', JSON.stringify([monster('mon_base', { hp: 20, vision_day: 30 })], null, 2)), ['children.json', 'parents.json', 'users.json']);
    assert.deepEqual([version('mon_base'), version('mon_child'), version('mon_grandchild')], [before.base + 2, before.child + 1, before.grandchild + 1]);
  } finally {
    ws.done();
  }
});

test('a changed palette re-checks the files whose maps looked it up when last checked (through the palettes naming it, of the game too)', () => {
  const palette = (id: string, extra: Record<string, unknown>): Record<string, unknown> => ({ type: 'palette', id, ...extra });
  const mapgen = (pal: string): Record<string, unknown> => ({ type: 'mapgen', method: 'json', om_terrain: 'field', object: { fill_ter: 't_grass', rows: ['.'], palettes: [pal] } });
  const palettes = [palette('pal_inner', { terrain: { '.': 't_grass' } }), palette('pal_outer', { palettes: ['pal_inner'] }), palette('pal_apart', { terrain: { '.': 't_dirt' } })];
  const ws = loaded({
    'palettes.json': palettes,
    'uses_outer.json': [mapgen('pal_outer')],
    'uses_apart.json': [mapgen('pal_apart')],
  });
  try {
    // Its text held (an edited file's): the next edit re-indexes only the objects whose text changed.
    ws.change('palettes.json', JSON.stringify(palettes, null, 2));
    // As their last checks noted (checks/index.ts runChecks): the palettes each map's resolution looked up.
    const checked = (rel: string, palettes: string[]): void => {
      ws.r.results.keep(ws.r.store.get(ws.file(rel))!, { diagnostics: [], unresolvedKinds: [], kindsOfIds: [], palettesLookedUp: palettes.map((id) => refKey('palette', id)) });
    };
    checked('uses_outer.json', ['pal_outer', 'pal_inner']);
    checked('uses_apart.json', ['pal_apart']);
    const changed = JSON.stringify([palette('pal_inner', { terrain: { '.': 't_dirt' } }), palette('pal_outer', { palettes: ['pal_inner'] }), palette('pal_apart', { terrain: { '.': 't_dirt' } })], null, 2);
    assert.deepEqual(ws.change('palettes.json', changed), ['palettes.json', 'uses_outer.json']);
  } finally {
    ws.done();
  }
});

test('a kind\'s key, and the files naming its unknown ids, follow ids that come or go, not edits of what they say', () => {
  const ws = loaded({ 'a.json': [monster('mon_a', { hp: 1 })], 'b.json': [monster('mon_b', { upgrades: { half_life: 4, into: 'mon_missing' } })] });
  try {
    const { r } = ws;
    const b = r.store.get(ws.file('b.json'))!;
    r.results.keep(b, { diagnostics: [], unresolvedKinds: ['MONSTER'], kindsOfIds: [], palettesLookedUp: [] });
    const kindVersion = (): number => r.keys.versionOf('MONSTER\u0000*');
    const k0 = kindVersion();
    assert.deepEqual(ws.change('a.json', JSON.stringify([monster('mon_a', { hp: 2 })], null, 2)), ['a.json']);
    assert.equal(kindVersion(), k0);
    assert.ok(r.results.cached(b), 'b.json kept its diagnostics');
    assert.deepEqual(ws.change('a.json', JSON.stringify([monster('mon_missinh', { hp: 2 })], null, 2)), ['a.json', 'b.json']);
    assert.equal(kindVersion(), k0 + 2, 'one id went, one came');
    assert.equal(r.results.cached(b), undefined);
  } finally {
    ws.done();
  }
});
