/** NearWords (the "did you mean" index of a kind's ids) orders and bounds exactly as closestN does. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { closestN, NearWords } from '../../server/src/util/closest';
import { rng } from '../helpers/random';


test('NearWords.near equals closestN over the same words, for misspellings and unrelated words', () => {
  const random = rng(7);
  // Letters past ASCII too: lower case changes the length of U+0130 (NearWords lowers such words at once).
  const alphabet = 'abcdefghijklmnopqrstuvwxyz_0123456789ABZ\u00c9\u00e9\u0130';
  const word = (n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  const words = new Set<string>();
  for (let i = 0; i < 3000; i++) words.add(word(2 + Math.floor(random() * 14)));
  // Families of near words, as real ids are (mon_zombie, mon_zombie_fat...).
  for (let i = 0; i < 300; i++) { const w = word(4 + Math.floor(random() * 10)); words.add(w); words.add(`${w}_x`); words.add(w.toUpperCase()); words.add(w.slice(1)); }
  const list = [...words];
  const near = new NearWords(list);
  const mutate = (w: string): string => {
    const i = Math.floor(random() * (w.length + 1));
    const op = random();
    return op < 0.33 ? w.slice(0, i) + w.slice(i + 1) : op < 0.66 ? w.slice(0, i) + word(1) + w.slice(i) : w.slice(0, i) + word(1) + w.slice(i + 1);
  };
  for (let q = 0; q < 400; q++) {
    const base = list[Math.floor(random() * list.length)];
    const query = q % 4 === 0 ? word(3 + Math.floor(random() * 10)) : q % 4 === 1 ? base : mutate(mutate(base));
    assert.deepEqual(near.near(query).slice(0, 5), closestN(query, list, 5), query);
  }
});
