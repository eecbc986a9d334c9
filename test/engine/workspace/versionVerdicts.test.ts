/**
 * VersionVerdicts (server/src/workspace/versionVerdicts.ts): which files each mod has, and the other game version a
 * mod's content is written for, from a count of its definitions' decisive forms kept up to date edit by edit: after any
 * sequence of edits, a mod's verdict is the one a fresh count gives.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { VERSION_0F } from '../../../server/src/registry/versions/v0F';
import type { SourceFile } from '../../../server/src/sourceFile';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { VersionVerdicts } from '../../../server/src/workspace/versionVerdicts';
import { fileWith } from '../../helpers/rooms';
import { rng } from '../../helpers/random';

/** `n` definitions of a type only the current game has (checked as 0.F: written for the current game). */
const newItems = (n: number, from = 0): string => JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: 'ITEM', subtypes: ['TOOL'], id: `new_${from + i}` })));
const monsters = (n: number): string => JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: 'MONSTER', id: `mon_${i}` })));

/** A file's records replaced by those of `text`, as the indexer does, the verdicts told. */
function edit(verdicts: VersionVerdicts, store: FileStore, file: SourceFile, text: string): void {
  const previous = file.records;
  fileWith(store, file.path, file.modId, text);
  verdicts.retally(file, previous);
}

/** The verdict a count from scratch gives for `modId`'s files. */
function fresh(files: readonly SourceFile[], modId: string): ReturnType<VersionVerdicts['writtenFor']> {
  const v = new VersionVerdicts(VERSION_0F, () => undefined);
  for (const f of files) { const m = f.modId; f.modId = undefined; v.setModId(f, m); }
  return v.writtenFor(modId);
}

test('a mod\'s verdict follows its files\' edits, equal to a fresh count after each', () => {
  const store = new FileStore(() => '');
  const verdicts = new VersionVerdicts(VERSION_0F, () => undefined);
  const files = ['a', 'b', 'c'].map((n) => fileWith(store, `/w/m/${n}.json`, undefined, '[]'));
  for (const f of files) verdicts.setModId(f, 'm');
  edit(verdicts, store, files[0], monsters(4));
  assert.equal(verdicts.writtenFor('m'), undefined);
  edit(verdicts, store, files[1], newItems(8));
  assert.deepEqual(verdicts.writtenFor('m'), fresh(files, 'm'));
  assert.equal(verdicts.writtenFor('m')?.fitsVersion, 'current');
  assert.equal(verdicts.writtenFor('m')?.against[0].count, 8);
  const random = rng(25);
  for (let step = 0; step < 60; step++) {
    const f = files[Math.floor(random() * files.length)];
    const n = Math.floor(random() * 7);
    edit(verdicts, store, f, random() < 0.5 ? newItems(n, step * 10) : monsters(n));
    assert.deepEqual(verdicts.writtenFor('m'), fresh(files, 'm'), `step ${step}`);
  }
});

test('a file moved to another mod counts there; a file\'s records read again unchanged are not counted twice', () => {
  const store = new FileStore(() => '');
  const verdicts = new VersionVerdicts(VERSION_0F, () => undefined);
  const a = fileWith(store, '/w/m/a.json', undefined, newItems(6));
  const b = fileWith(store, '/w/m/b.json', undefined, monsters(1));
  verdicts.setModId(a, 'm');
  verdicts.setModId(b, 'm');
  assert.equal(verdicts.writtenFor('m')?.against[0].count, 6);
  verdicts.retally(a, a.records);
  assert.equal(verdicts.writtenFor('m')?.against[0].count, 6);
  verdicts.setModId(a, 'n');
  verdicts.forgetCounts();
  assert.deepEqual([...verdicts.filesOf('m')], [b]);
  assert.deepEqual([...verdicts.filesOf('n')], [a]);
  assert.equal(a.modId, 'n');
  assert.equal(verdicts.writtenFor('m'), undefined);
  assert.equal(verdicts.writtenFor('n')?.against[0].count, 6);
});
