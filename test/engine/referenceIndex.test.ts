/** The reverse index: one entry per record that names a key, however often it names it; removal by the keys add returned. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ReferenceIndex, refKey } from '../../server/src/index/referenceIndex';

const rag = refKey('item', 'rag');
const hammer = refKey('item', 'hammer');

test('reference index: a record naming a key twice adds it once; each record removes its own', () => {
  const refs = new ReferenceIndex<string>();
  const first = refs.add('a.json', [rag, hammer, rag]);
  assert.deepEqual(first, [rag, hammer]);
  const second = refs.add('a.json', [rag]);
  const third = refs.add('b.json', [rag]);
  assert.deepEqual([...refs.filesReferencing('item', 'rag')].sort(), ['a.json', 'b.json']);
  refs.remove('a.json', first);
  assert.deepEqual([...refs.filesReferencing('item', 'rag')].sort(), ['a.json', 'b.json'], 'a.json still names it in another record');
  assert.deepEqual([...refs.filesReferencing('item', 'hammer')], []);
  refs.remove('a.json', second);
  assert.deepEqual([...refs.filesReferencing('item', 'rag')], ['b.json']);
  refs.remove('b.json', third);
  assert.deepEqual([...refs.filesReferencing('item', 'rag')], []);
  assert.deepEqual(refs.add('c.json', []), []);
});

test('reference index: many referrers of one key, removed one by one', () => {
  const refs = new ReferenceIndex<number>();
  for (let f = 0; f < 100; f++) refs.add(f, [rag]);
  assert.equal(new Set(refs.filesReferencing('item', 'rag')).size, 100);
  for (let f = 0; f < 100; f += 2) refs.remove(f, [rag]);
  assert.deepEqual([...refs.filesReferencing('item', 'rag')].sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => 2 * i + 1));
});
