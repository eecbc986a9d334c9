/**
 * Indexer (server/src/workspace/indexer.ts): a file's records into the indexes and out. After an edit only the
 * objects whose text changed are indexed again (the others keep their records and memos); a file no active mod
 * owns, or dropped, leaves both indexes; finding references first analyses every record; a file under a root with
 * a whole-file problem gets a reported file of its own.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { refKey } from '../../../server/src/index/referenceIndex';
import { finish } from '../../../server/src/util/steps';
import type { RecordMemo } from '../../../server/src/checks/report';
import { modinfo } from '../../helpers/workspace';
import { loadedRooms } from '../../helpers/rooms';

const monster = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'MONSTER', id, 'copy-from': 'mon_zombie', ...extra });
const text = (...values: unknown[]): string => JSON.stringify(values, null, 2);
const MODS = {
  'm/modinfo.json': modinfo('m'),
  'm/a.json': [monster('mon_a'), monster('mon_b'), monster('mon_c')],
  'm/users.json': [monster('mon_user', { upgrades: { half_life: 4, into: 'mon_b' } })],
};
const keysOf = (...ids: string[]): string[] => ids.map((id) => refKey('MONSTER', id)).sort();

test('an edit indexes again only the objects whose text changed; the others keep their records and memos', () => {
  const r = loadedRooms(MODS);
  try {
    const file = r.store.get(r.file('m/a.json'))!;
    // The first edit of a file read from disk: every record is new (there was no text to compare with).
    assert.deepEqual([...r.indexer.indexFile(file, text(monster('mon_a'), monster('mon_b'), monster('mon_c')))].sort(), keysOf('mon_a', 'mon_b', 'mon_c'));
    const [a, b, c] = file.records;
    const memo = { reports: [], unresolvedKinds: [] } as unknown as RecordMemo;
    file.memo.set(a, memo);
    const changed = r.indexer.indexFile(file, text(monster('mon_a'), monster('mon_b', { hp: 3 }), monster('mon_c')));
    assert.deepEqual([...changed].sort(), keysOf('mon_b'));
    assert.equal(file.records[0], a);
    assert.notEqual(file.records[1], b);
    assert.equal(file.records[2], c);
    assert.equal(file.memo.get(a), memo, 'an unchanged record keeps its memoized checks');
    assert.deepEqual(r.defs.get('MONSTER', 'mon_b'), [file.records[1]]);
    // An object inserted first: the others moved (new records at new positions), their keys changed too.
    const moved = r.indexer.indexFile(file, text(monster('mon_new'), monster('mon_a'), monster('mon_b', { hp: 3 }), monster('mon_c')));
    assert.deepEqual([...moved].sort(), keysOf('mon_a', 'mon_b', 'mon_c', 'mon_new'));
    assert.deepEqual(file.records.map((x) => x.index), [0, 1, 2, 3]);
  } finally {
    r.done();
  }
});

test('a dropped file leaves the definition and reverse indexes; a file no active mod owns is dropped when indexed', () => {
  const r = loadedRooms(MODS);
  try {
    r.indexer.analyzeReported();
    const users = r.store.get(r.file('m/users.json'))!;
    assert.deepEqual([...r.refs.filesReferencing('MONSTER', 'mon_b')], [users]);
    r.indexer.dropFile(users);
    assert.equal(r.store.get(users.path), undefined);
    assert.deepEqual(r.defs.get('MONSTER', 'mon_user'), []);
    assert.deepEqual([...r.refs.filesReferencing('MONSTER', 'mon_b')], []);
    assert.equal(users.modId, undefined);

    const stray = r.store.fileFor(path.join(path.dirname(r.file('m')), 'outside.json'));
    assert.deepEqual([...r.indexer.indexFile(stray, text(monster('mon_stray')))], []);
    assert.equal(r.store.get(stray.path), undefined, 'no mod owns it');
    assert.deepEqual(r.defs.get('MONSTER', 'mon_stray'), []);
  } finally {
    r.done();
  }
});

test('finding references first analyses every record, the game\'s too; reported files are analysed before an edit', () => {
  const r = loadedRooms(MODS);
  try {
    // Read from disk: only copy-from links are in the reverse index.
    assert.deepEqual([...r.refs.filesReferencing('MONSTER', 'mon_b')], []);
    r.indexer.analyzeReported();
    assert.deepEqual([...r.refs.filesReferencing('MONSTER', 'mon_b')].map((f) => path.basename(f.path)), ['users.json']);
    assert.deepEqual([...r.refs.filesReferencing('SPECIES', 'ZOMBIE')], [], 'the game\'s files wait');
    const found = finish(r.indexer.filesReferencingSteps('SPECIES', 'ZOMBIE'));
    assert.deepEqual(found.map((f) => path.basename(f.path)), ['monsters.json']);
  } finally {
    r.done();
  }
});

test('a modinfo.json under a root that declares no mod gets a reported file of its own, parsed (its syntax problems), with no records', () => {
  const r = loadedRooms({ ...MODS, 'broken/modinfo.json': '[ { "type": "MOD_INFO", "name": "no id", } ]' });
  try {
    const broken = r.store.get(r.file('broken/modinfo.json'))!;
    assert.ok(broken, 'a file of its own');
    assert.equal(broken.reported, true);
    assert.equal(broken.modId, undefined);
    assert.equal(broken.parsed.problems.length, 1, 'the trailing comma');
    assert.deepEqual(broken.records, []);
    assert.equal(r.store.problemOf(broken.path)?.code, 'invalid-modinfo');
  } finally {
    r.done();
  }
});
