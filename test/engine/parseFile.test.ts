import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { objectRange, parseContentFile } from '../../server/src/syntax/parseFile';

test('valid array file: objects with exact offsets', () => {
  const text = '[\n  { "type": "MONSTER", "id": "a" },\n  {"id": "b", "s": "}{\\"" }\n]\n';
  const parsed = parseContentFile(text);
  assert.equal(parsed.problems.length, 0);
  assert.deepEqual(parsed.objects.map((o) => o.value.id), ['a', 'b']);
  parsed.objects.forEach((o, i) => {
    const r = objectRange(parsed, text, i);
    assert.deepEqual(JSON.parse(text.slice(r.start, r.end)), o.value);
  });
});

test('a single object file', () => {
  const text = ' {"type": "MOD_INFO", "id": "x"}';
  const parsed = parseContentFile(text);
  assert.equal(parsed.objects.length, 1);
  assert.equal(objectRange(parsed, text, 0).start, 1);
});

test('a trailing comma is reported and the other objects are still read', () => {
  const text = '[\n  { "id": "a", "hp": 1, },\n  { "id": "b" }\n]';
  const parsed = parseContentFile(text);
  assert.deepEqual(parsed.objects.map((o) => o.value.id), ['a', 'b']);
  assert.equal(parsed.problems.length, 1);
  assert.equal(text.slice(parsed.problems[0].start, parsed.problems[0].end), '}');
});

test('a missing comma between objects is reported at the right place', () => {
  const text = '[ { "id": "a" }\n  { "id": "b" } ]';
  const parsed = parseContentFile(text);
  assert.deepEqual(parsed.objects.map((o) => o.value.id), ['a', 'b']);
  assert.equal(parsed.problems.length, 1);
  assert.equal(parsed.problems[0].message, 'Comma expected');
  assert.equal(parsed.problems[0].start, text.indexOf('{ "id": "b"'));
});

test('comments are syntax errors with a hint', () => {
  const parsed = parseContentFile('[ // note\n { "id": "a" } ]');
  assert.equal(parsed.objects.length, 1);
  assert.match(parsed.problems[0].message, /Comments are not allowed/);
});

test('garbage does not throw', () => {
  for (const text of ['', '{', '[', ']]]', '"str"', '[{"a":', '{"a": [1, 2', '[1, 2]', 'null', '{"a":"\n']) {
    assert.doesNotThrow(() => parseContentFile(text), text);
  }
  assert.equal(parseContentFile('"just a string"').problems.length, 1);
});
