/**
 * Analyses (server/src/workspace/analyses.ts): what a record says on its own, computed when asked and a few kept.
 * A record's first analysis puts all its references into the reverse index in place of its copy-from link; a
 * record taken out of the index stays out, even when analysed late; the last eight analyses are kept.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ReferenceIndex } from '../../../server/src/index/referenceIndex';
import { registryOf, defaultVersion } from '../../../server/src/registry/versions';
import type { SourceFile } from '../../../server/src/sourceFile';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { Analyses } from '../../../server/src/workspace/analyses';
import { fileWith } from '../../helpers/rooms';

const registry = registryOf(defaultVersion());
const users = (n: number): string => JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: 'MONSTER', id: `mon_${i}`, 'copy-from': 'mon_zombie', upgrades: { half_life: 4, into: 'mon_target' } })));

/** A file of `n` monsters each copying mon_zombie and upgrading into mon_target, indexed as the indexer does: copy-from links only. */
function setup(n: number): { analyses: Analyses; file: SourceFile; referring: (id: string) => number } {
  const refs = new ReferenceIndex<SourceFile>();
  const file = fileWith(new FileStore(() => ''), '/w/m/a.json', 'm', users(n), registry);
  for (const r of file.records) refs.add(file, r.kind, r.copyFrom!);
  const referring = (id: string): number => [...refs.filesReferencing('MONSTER', id)].length;
  return { analyses: new Analyses(registry, refs, true), file, referring };
}

test('a record\'s first analysis puts its references in the reverse index, in place of its copy-from link', () => {
  const { analyses, file, referring } = setup(1);
  const [r] = file.records;
  assert.equal(referring('mon_zombie'), 1);
  assert.equal(referring('mon_target'), 0);
  const a = analyses.of(r);
  assert.ok(a.references.some((x) => x.id === 'mon_target'));
  assert.equal(referring('mon_target'), 1);
  assert.equal(referring('mon_zombie'), 1, 'the copy-from link is one of its references');
  assert.deepEqual(file.analyses.get(r)?.length, a.references.length);
  analyses.unindex(file, r);
  assert.equal(referring('mon_target'), 0);
  assert.equal(referring('mon_zombie'), 0);
  assert.equal(file.analyses.has(r), false);
});

test('a record taken out of the index stays out of the reverse index when analysed late', () => {
  const { analyses, file, referring } = setup(1);
  const [r] = file.records;
  analyses.unindex(file, r);
  assert.equal(referring('mon_zombie'), 0, 'its copy-from link left');
  analyses.of(r);
  assert.equal(referring('mon_target'), 0);
  assert.equal(file.analyses.has(r), false);
});

test('the last eight analyses are kept; an older one is computed again (its references indexed once)', () => {
  const { analyses, file, referring } = setup(9);
  const first = analyses.of(file.records[0]);
  for (const r of file.records.slice(1, 8)) analyses.of(r);
  assert.equal(analyses.of(file.records[0]), first, 'eight asked: the first is still kept');
  analyses.of(file.records[8]);
  analyses.of(file.records[1]);
  assert.equal(analyses.of(file.records[0]), first, 'the most recently asked are kept, not the first asked');
  for (const r of file.records.slice(1)) analyses.of(r);
  const again = analyses.of(file.records[0]);
  assert.notEqual(again, first, 'pushed out: computed again');
  assert.deepEqual(again, first);
  assert.equal(referring('mon_target'), 1, 'one file');
  assert.equal(file.analyses.size, 9);
  analyses.forgetRecent();
  assert.notEqual(analyses.of(file.records[0]), again);
  for (const r of file.records) analyses.unindex(file, r);
  assert.equal(referring('mon_target'), 0, 'each analysis again indexed nothing twice');
});
