/**
 * The definition index's work on one file grows with the file's records, not with their square (issue 23: a
 * file of 54,276 definitions took the server 26 s of CPU to index, a search of the whole file per id). Counted,
 * not timed: how many times the file's records are read while every id is looked up, for n and 2n records.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DefinitionIndex } from '../../server/src/index/definitionIndex';
import { LoadedBatch } from '../../server/src/index/loadedBatch';
import type { DefinitionRecord } from '../../server/src/records/record';

/** n monsters in one file, each copying from the one before; and how many times its records were read. */
function oneFile(n: number): { records: DefinitionRecord[]; reads: () => number } {
  let reads = 0;
  const source = { path: '/mod/big.json', modId: 'big' };
  const plain = Array.from({ length: n }, (_, i) => ({
    type: 'MONSTER', kind: 'MONSTER', ids: [`mon_${i}`], abstract: false, value: {}, summarized: false, source, index: i,
    start: 0, end: 0, editMode: 'create', copyFrom: i > 0 ? `mon_${i - 1}` : undefined,
  }) as unknown as DefinitionRecord);
  const records = new Proxy(plain, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { records, reads: () => reads };
}

/** Reads of the file's records while each id's definitions, then each id's children, are asked for. */
function readsToLookUpEveryId(n: number): { ids: number; children: number } {
  const file = oneFile(n);
  const index = new DefinitionIndex();
  index.addLater(LoadedBatch.of(file.records, 'big'));
  const before = file.reads();
  for (let i = 0; i < n; i++) assert.equal(index.get('MONSTER', `mon_${i}`).length, 1);
  const ids = file.reads() - before;
  for (let i = 0; i < n; i++) assert.equal(index.childrenOf('MONSTER', `mon_${i}`).size, i < n - 1 ? 1 : 0);
  return { ids, children: file.reads() - before - ids };
}

test('looking up every id of a file of n definitions reads its records O(n) times, not O(n²)', () => {
  const n = 2000;
  const small = readsToLookUpEveryId(n), large = readsToLookUpEveryId(2 * n);
  // Linear: twice the records, about twice the reads; quadratic would be four times. And a few reads per record.
  for (const what of ['ids', 'children'] as const) {
    assert.ok(large[what] <= 2.5 * small[what], `${what}: ${small[what]} reads for ${n} records, ${large[what]} for ${2 * n}`);
    assert.ok(large[what] <= 4 * 2 * n, `${what}: ${large[what]} reads for ${2 * n} records`);
  }
});

test('a large batch indexed by id answers what adding its records one by one answers (order, duplicates, several ids, other files)', () => {
  const source = (mod: string, file: string): unknown => ({ path: `/${mod}/${file}`, modId: mod });
  const make = (i: number, ids: string[], copyFrom: string | undefined, src: unknown): DefinitionRecord => ({
    type: 'MONSTER', kind: i % 5 === 0 ? 'ITEM' : 'MONSTER', ids, abstract: false, value: {}, summarized: false, source: src, index: i,
    start: 0, end: 0, editMode: 'create', copyFrom,
  }) as unknown as DefinitionRecord;
  const big = Array.from({ length: 300 }, (_, i) => make(i, i % 7 === 0 ? [`id_${i % 40}`, `id_${(i + 1) % 40}`] : [`id_${i % 40}`], i % 3 ? `id_${i % 11}` : undefined, source('a', 'big.json')));
  const other = Array.from({ length: 100 }, (_, i) => make(i, [`id_${i % 50}`], `id_${i % 13}`, source('b', 'other.json')));
  const batched = new DefinitionIndex();
  batched.addLater(LoadedBatch.of(big, 'a'));
  batched.addLater(LoadedBatch.of(other, 'b'));
  const oneByOne = new DefinitionIndex();
  for (const r of [...big, ...other]) oneByOne.add(r);
  const tag = (r: DefinitionRecord): string => `${r.source.path}#${r.index}`;
  for (const kind of ['MONSTER', 'ITEM']) {
    for (let i = 0; i < 60; i++) {
      assert.deepEqual(batched.get(kind, `id_${i}`).map(tag), oneByOne.get(kind, `id_${i}`).map(tag), `${kind} id_${i}`);
      assert.deepEqual([...batched.childrenOf(kind, `id_${i}`)].map(tag).sort(), [...oneByOne.childrenOf(kind, `id_${i}`)].map(tag).sort(), `children of ${kind} id_${i}`);
    }
  }
});
