/**
 * The scan that locates a member in well-formed JSON (syntax/locate.ts locateInJson) gives the ranges a parse
 * tree gives (locatePath over objectTree): values and member names, missing members and elements (the deepest
 * existing ancestor, else the opening brace), duplicate names (the last: the one whose value the parsers keep),
 * escaped names, and paths that run into a value of another type. Both point at the text whose value was read.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { JsonLocator, locateInJson, locatePath, objectTree, type JsonPath } from '../../server/src/syntax/locate';
import { rng } from '../helpers/random';

function byTree(text: string, start: number, end: number, path: JsonPath, part: 'key' | 'value'): unknown {
  return locatePath(objectTree({}, text, start, end), start, path, part);
}

const NAMES = ['a', 'id', 'type', 'x y', 'qu"ote', 'back\\slash', 'é', '\u2028', 'copy-from', ''];

/** A random JSON value, pretty-printed or not, and every path into it (plus some that go astray). */
function randomValue(random: () => number, depth: number): unknown {
  const r = random();
  if (depth > 4 || r < 0.35) {
    const k = Math.floor(random() * 6);
    return [1, -2.5e3, 'text', 'with "quotes" and \\ backslashes', true, null][k];
  }
  if (r < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  const o: Record<string, unknown> = {};
  for (let n = Math.floor(random() * 5); n > 0; n--) o[NAMES[Math.floor(random() * NAMES.length)]] = randomValue(random, depth + 1);
  return o;
}

function pathsOf(value: unknown, prefix: (string | number)[], out: (string | number)[][]): void {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
}

/** The text with a duplicate member written into its first object (JSON.parse keeps the last, and locating finds it). */
function withDuplicate(text: string): string {
  return text.replace(/\{(\s*)"a"/, '{$1"a": [ 1, { "id": 2 } ],$1"a"');
}

function valueAt(v: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce((x, step) => (x as Record<string | number, unknown>)[step], v);
}

test('locateInJson finds what a parse tree finds, in random well-formed definitions', () => {
  const random = rng(11);
  for (let round = 0; round < 400; round++) {
    const value = { type: 'x', ...(randomValue(random, 0) as object) };
    const indent = round % 3 === 0 ? undefined : round % 3 === 1 ? 2 : '\t';
    const body = JSON.stringify(value, null, indent);
    const text = `[\n  { "type": "before", "id": "one" },\n  ${round % 2 ? withDuplicate(body) : body}\n]\n`;
    JSON.parse(text);
    const start = text.indexOf('{', text.indexOf('},') + 2);
    const end = text.lastIndexOf('}') + 1;
    const paths: (string | number)[][] = [];
    pathsOf(value, [], paths);
    const existing = paths.filter((p) => p.length > 0); // (the empty path locates the opening brace only)
    // Astray: a missing member, an element past the end, a member of an array, an element of an object.
    for (const p of paths.slice(0, 6)) paths.push([...p, 'missing'], [...p, 7], [...p, 0, 'a'], [...p, 'a', 0]);
    // Each path's text is the text of the value JSON.parse read there (not a member of the same name before it).
    const read = JSON.parse(text)[1] as unknown;
    for (const p of existing) {
      const r = locateInJson(text, start, p, 'value');
      assert.deepEqual(JSON.parse(text.slice(r.start, r.end)), valueAt(read, p), `${JSON.stringify(p)} in ${text}`);
    }
    // One locator for every path (a definition's reports located one after another) finds the same.
    const locator = new JsonLocator(text);
    for (const p of paths) {
      for (const part of ['value', 'key'] as const) {
        const tree = byTree(text, start, end, p, part);
        assert.deepEqual(locateInJson(text, start, p, part), tree, `${JSON.stringify(p)} (${part}) in ${text}`);
        assert.deepEqual(locator.locate(start, p, part), tree, `${JSON.stringify(p)} (${part}, one locator) in ${text}`);
      }
    }
  }
});

test('locateInJson: a member name written with escapes is found by its value', () => {
  const text = '{ "type": "x", "\\u0061b": [ 1, 2 ], "c\\"d": { "e": 3 } }';
  const locator = new JsonLocator(text);
  for (const path of [['ab', 1], ['c"d', 'e'], ['ab'], ['c"d']]) {
    for (const part of ['value', 'key'] as const) {
      assert.deepEqual(locateInJson(text, 0, path, part), byTree(text, 0, text.length, path, part));
      assert.deepEqual(locator.locate(0, path, part), byTree(text, 0, text.length, path, part));
    }
  }
});

test('locateInJson reads no text past the object it locates in (a search running on to the file\'s end, per member, made a file of 50,000 definitions quadratic)', () => {
  const objects = Array.from({ length: 50 }, (_, i) => JSON.stringify({ type: 'MONSTER', id: `mon_${i}`, 'copy-from': 'mon_zombie', upgrades: { into: 'mon_x' }, name: { str: 'a' } }));
  const text = `[\n  ${objects.join(',\n  ')}\n]\n`;
  const start = text.indexOf('{', text.indexOf('mon_24') - 20);
  const end = text.indexOf('}}', start) + 2;
  // Every search of the file's text starts and stops inside the object (a miss searches to the text's end).
  const searches: [number, number][] = [];
  const indexOf = String.prototype.indexOf;
  String.prototype.indexOf = function (this: string, needle: string, from?: number): number {
    const found = indexOf.call(this, needle, from);
    if (this.length === text.length) searches.push([from ?? 0, found < 0 ? this.length : found]);
    return found;
  };
  try {
    for (const path of [['id'], ['upgrades', 'into'], ['name', 'str'], ['missing']]) locateInJson(text, start, path);
  } finally {
    String.prototype.indexOf = indexOf;
  }
  assert.ok(searches.length > 0);
  assert.deepEqual(searches.filter(([from, to]) => from < start || to > end), [], `searches outside the object at ${start}-${end}`);
});

test('a locator scans each object on its paths once: the hundreds of unused mappings of one map generator cost one scan of it', () => {
  const mapping = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, { furniture: `f_${i}`, terrain: 't_floor' }]));
  const text = `[\n  ${JSON.stringify({ type: 'mapgen', om_terrain: 'x', object: { rows: Array.from({ length: 24 }, () => '.'.repeat(24)), mapping } }, null, 2)}\n]\n`;
  const start = text.indexOf('{');
  const searches = (locate: (path: readonly (string | number)[]) => void, paths: readonly (readonly (string | number)[])[]): number => {
    let n = 0;
    const indexOf = String.prototype.indexOf;
    String.prototype.indexOf = function (this: string, needle: string, from?: number): number {
      if (this.length === text.length) n++;
      return indexOf.call(this, needle, from);
    };
    try { for (const p of paths) locate(p); } finally { String.prototype.indexOf = indexOf; }
    return n;
  };
  const keys = Object.keys(mapping).map((k) => ['object', 'mapping', k]);
  const one = searches((p) => locateInJson(text, start, p, 'key'), keys.slice(0, 1));
  const locator = new JsonLocator(text);
  const all = searches((p) => locator.locate(start, p, 'key'), keys);
  assert.ok(all < 2 * one, `${all} searches for ${keys.length} keys, ${one} for one`);
  for (const p of keys) assert.deepEqual(locator.locate(start, p, 'key'), locateInJson(text, start, p, 'key'));
});

test('an element near the start of a long list costs less to find than one at its end (the list is scanned as far as the element, past its skip as a member\'s value)', () => {
  const text = JSON.stringify({ type: 'item_group', id: 'g', items: Array.from({ length: 2000 }, (_, i) => `item_${i}`) });
  const searches = (path: readonly (string | number)[]): number => {
    let n = 0;
    const indexOf = String.prototype.indexOf;
    String.prototype.indexOf = function (this: string, needle: string, from?: number): number {
      if (this.length === text.length) n++;
      return indexOf.call(this, needle, from);
    };
    try {
      const found = locateInJson(text, 0, path);
      assert.equal(text.slice(found.start, found.end), JSON.stringify(`item_${path[1]}`));
    } finally {
      String.prototype.indexOf = indexOf;
    }
    return n;
  };
  const near = searches(['items', 2]), far = searches(['items', 1999]);
  assert.ok(near < 0.75 * far, `${near} searches for the third element, ${far} for the last`);
});
