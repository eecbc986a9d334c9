/** NearWords (the "did you mean" index of a kind's ids) orders and bounds exactly as closestN does. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { classesOf, closestN, editDistance, NearQuery, NearWords, PrefixSearch, byDistance, type IdSearch, type Scored } from '../../server/src/util/closest';
import { rng } from '../helpers/random';

/** The optimal string alignment distance by the textbook table (Levenshtein's plus adjacent transpositions), for reference. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

test('two swapped letters are one edit: "nial" is near "nail", "mon_zmobie" near "mon_zombie"', () => {
  assert.equal(editDistance('nial', 'nail', 3), 1);
  assert.equal(editDistance('ab', 'ba', 3), 1);
  assert.deepEqual(closestN('nial', ['nail', 'nails', 'rail', 'nial_x'], 2), ['nail']);
  assert.deepEqual(new NearWords(['mon_zombie', 'mon_zombie_fat']).near('mon_zmobie'), ['mon_zombie']);
});

test('editDistance is the edit distance, or past the limit once it must be (shared prefixes and suffixes, long words)', () => {
  const random = rng(11);
  const word = (n: number): string => Array.from({ length: n }, () => 'ab_'[Math.floor(random() * 3)]).join('');
  for (let k = 0; k < 20_000; k++) {
    const stem = word(Math.floor(random() * 4));
    const a = stem + word(Math.floor(random() * 7)) + stem, b = stem + word(Math.floor(random() * 7)) + stem;
    const limit = Math.floor(random() * 5);
    const want = distance(a, b), got = editDistance(a, b, limit);
    assert.ok(want <= limit ? got === want : got > limit, `${a} ${b} limit ${limit}: ${got}, expected ${want}`);
  }
  // Longer than the rows it keeps, with nothing in common at either end.
  const a = `a${'xy'.repeat(60)}b`, b = `c${'yx'.repeat(60)}d`;
  assert.equal(editDistance(a, b, 500), distance(a, b));
});

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
    // The first queries, before the words are ordered by length, find the same.
    if (q % 10 === 0) assert.deepEqual(new NearWords(list).near(query).slice(0, 5), closestN(query, list, 5), `${query} (first)`);
    // The words beginning with a prefix of it (a half-typed id), other than the prefix itself.
    const prefix = query.slice(0, 1 + Math.floor(random() * 4));
    assert.deepEqual(near.beginning(prefix).sort(), list.filter((c) => c !== prefix && c.startsWith(prefix)).sort(), prefix);
  }
});

test('the first two queries go through the words without ordering them, finding the classes of those of their lengths only (counted); the third orders them', () => {
  // Ids of lengths 4 to 30, ten of each: "mon_zmobie" (10, tolerance 2) reaches lengths 8 to 12.
  const list: string[] = [];
  for (let len = 4; len <= 30; len++) for (let i = 0; i < 10; i++) list.push(`${'mon_zombie_'.repeat(3).slice(0, len - 1)}${i}`);
  list.push('mon_zombie');
  const near = new NearWords(list);
  assert.deepEqual(near.near('mon_zmobie'), closestN('mon_zmobie', list, list.length));
  assert.equal(near.classesFound, 5 * 10 + 1);
  assert.equal(near.indexed, false);
  near.near('mon_zmobie_');
  assert.equal(near.classesFound, 6 * 10 + 1, 'a length further: only its words');
  assert.deepEqual(near.beginning('mon_zombie_mon_zombie_mon_zombie'), [], 'no index made for a half-typed id either');
  assert.equal(near.indexed, false);
  assert.deepEqual(near.near('mon_zombie_mon_zombie_mon_zombi0'), closestN('mon_zombie_mon_zombie_mon_zombi0', list, list.length));
  assert.equal(near.indexed, true);
  assert.equal(near.classesFound, list.length, 'each word\'s classes found once');
  // Past ASCII, a short word lowered longer (U+0130: one code unit, two in lower case) is at its length in lower case.
  const dotted = ['\u0130\u0130\u0130\u0130', 'iiii', 'abcdefgh'];
  for (const query of ['i\u0307i\u0307i\u0307i\u0307', 'i\u0307i\u0307i\u0307ix']) assert.deepEqual(new NearWords(dotted).near(query), closestN(query, dotted, 3), query);
  assert.deepEqual(new NearWords(dotted).near('i\u0307i\u0307i\u0307i\u0307'), ['\u0130\u0130\u0130\u0130']);
});

test('a search through ids where they lie (the cache\'s meta data: each id\'s length and classes) finds what NearWords finds', () => {
  const random = rng(5);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz_0123456789ABZ\u00c9\u00e9\u0130';
  const word = (n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  const list = [...new Set(Array.from({ length: 3000 }, () => word(2 + Math.floor(random() * 14))))];
  for (let i = 0; i < 200; i++) { const w = list[i]; list.push(`${w}_x`, w.toUpperCase(), w.slice(1)); }
  const near = new NearWords(list);
  // As cache/codec.ts offers them: an ASCII id ruled out by its length and classes, any other offered as it is.
  const offer = (search: IdSearch): void => {
    for (const w of list) if (!/^[\x00-\x7f]*$/.test(w) || search.mayFind(w.length, classesOf(w))) search.consider(w);
  };
  for (let q = 0; q < 300; q++) {
    const base = list[Math.floor(random() * list.length)];
    const query = q % 3 === 0 ? word(3 + Math.floor(random() * 10)) : q % 3 === 1 ? base : `${base.slice(0, 2)}${word(1)}${base.slice(3)}`;
    const search = new NearQuery(query);
    offer(search);
    assert.deepEqual([...search.found].sort(byDistance), near.scored(query), query);
    const prefix = query.slice(0, 1 + Math.floor(random() * 4));
    const begins = new PrefixSearch(prefix);
    offer(begins);
    assert.deepEqual(begins.found.sort(), near.beginning(prefix).sort(), prefix);
  }
});

test('a candidate with more than the tolerance of characters the query lacks, or lacking more of its own, is ruled out before its edit distance (counted)', () => {
  // All of the query's classes, its length: only the counts of their characters tell them apart.
  const query = new NearQuery('mon_zmobie');
  const far = ['mmmmm_zbie', 'mon_zzzzzz', 'ooooo_nbie', 'eibomz_nom'];
  const out: Scored[] = [];
  for (const c of far) query.score(c, c, out);
  assert.deepEqual(out, []);
  assert.equal(query.distancesComputed, 1, 'only the reordered one, whose counts are the same');
  query.score('mon_zombie', 'mon_zombie', out);
  assert.deepEqual(out.map((s: Scored) => s.c), ['mon_zombie']);
  assert.equal(query.distancesComputed, 2);
});

test('the words beginning a prefix are found among those of its first character; an empty prefix begins every other word', () => {
  const list = ['', 'a', 'ab', 'abc', 'b', 'ba', '\u00e9t\u00e9', '\u00e9', '\u0130x', 'Ab'];
  const near = new NearWords(list);
  for (const prefix of ['', 'a', 'ab', 'b', '\u00e9', '\u0130', 'A', 'z']) {
    assert.deepEqual(near.beginning(prefix).sort(), list.filter((c) => c !== prefix && c.startsWith(prefix)).sort(), JSON.stringify(prefix));
  }
});
