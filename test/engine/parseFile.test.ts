import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { objectRange, parseContentFile, reparseContentFile } from '../../server/src/syntax/parseFile';

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

test('reparse after edits equals a full parse, reusing the untouched objects', () => {
  const base = JSON.stringify([{ id: 'a', d: 'one' }, { id: 'b', d: 'two "q" {x}' }, { id: 'c', n: [1, 2] }, { id: 'd' }], null, 2);
  const edits: ((t: string) => string)[] = [
    (t) => t.replace('"one"', '"one more"'),                 // inside a value
    (t) => t.replace('"two', '"tw'),                          // a deletion
    (t) => t.replace('{\n    "id": "c"', '{\n    "id": "c", "x": 1'), // new member
    (t) => t.replace('"d"\n  }', '"d",\n  }'),                // breaks the last object
    (t) => t.replace('"d",\n  }', '"d"\n  }'),                // and repairs it
    (t) => t.replace('},\n  {\n    "id": "b"', '},\n  {"id": "new"},\n  {\n    "id": "b"'), // inserts an object
    (t) => t.replace('{"id": "new"},\n  ', ''),               // removes it
    (t) => t.replace('[', '[ ['),                             // structure broken: full parse
    (t) => t.replace('[ [', '['),                             // repaired
    (t) => t.replace('},\n  {\n    "id": "c"', '},\uFEFF\n  {\n    "id": "c"'), // a stray byte order mark: not JSON white space
    (t) => t.replace('\uFEFF', '\u00A0'),                    // nor a no-break space
    (t) => t.replace('\u00A0', ''),
    (t) => `${t}\uFEFF`,                                      // after the array
  ];
  let text = base;
  let previous = parseContentFile(text);
  let values = previous.objects.map((o) => o.value);
  for (const edit of edits) {
    const next = edit(text);
    assert.notEqual(next, text, 'the edit applies');
    const { parsed, sameAs } = reparseContentFile(next, text, previous);
    const expected = parseContentFile(next);
    const got = parsed.objects.map((o, i) => (sameAs[i] >= 0 ? values[sameAs[i]] : o.value));
    assert.deepEqual(got, expected.objects.map((o) => o.value), next);
    assert.deepEqual(parsed.problems, expected.problems, next);
    got.forEach((_, i) => assert.deepEqual(objectRange(parsed, next, i), objectRange(expected, next, i)));
    if (edit === edits[0]) assert.deepEqual(sameAs, [-1, 1, 2, 3], 'only the edited object is parsed again');
    text = next;
    previous = parsed;
    values = got;
  }
});

test('an edit that leaves a string open and swallows the rest of the file still reuses the objects above it, and its repair too', () => {
  const text = `[\n${['a', 'b', 'c', 'd'].map((id) => `  { "id": "${id}", "items": [ "x", "y" ] }`).join(',\n')}\n]`;
  const broken = text.replace('{ "id": "c", "items": [ "x"', '{ "id": "c", "items": [ "x'); // the string runs to the line's end
  const previous = parseContentFile(text);
  const br = reparseContentFile(broken, text, previous);
  const expected = parseContentFile(broken);
  assert.deepEqual(br.parsed.objects.map((o) => o.value), expected.objects.map((o) => o.value));
  assert.deepEqual(br.sameAs.slice(0, 2), [0, 1], 'the objects above the edit are the same objects');
  assert.ok(br.sameAs.slice(2).every((x) => x === -1));
  const repaired = reparseContentFile(text, broken, br.parsed);
  assert.deepEqual(repaired.sameAs.slice(0, 2), [0, 1]);
  assert.deepEqual(repaired.parsed.objects.length, 4);
  repaired.parsed.objects.forEach((_, i) => assert.deepEqual(objectRange(repaired.parsed, text, i), objectRange(previous, text, i)));
});

test('a file that does not start as JSON does is one problem at its first word; one that starts so, or a comment before it, is parsed', () => {
  for (const text of ['These are notes.\nMore words.', 'name: my mod\nitems:\n  - rock\n', '\uFEFF  // notes\nhello [ ]', 'nulls']) {
    const parsed = parseContentFile(text);
    assert.equal(parsed.problems.length, 1, text);
    assert.match(parsed.problems[0].message, /^Not JSON: a content file starts with "\[" .* or "\{" .*, this one with "/, text);
    assert.deepEqual(parsed.objects, []);
  }
  assert.equal(parseContentFile('These are notes.').problems[0].end, 'These'.length);
  for (const text of ['[ { "id": "a" }, ]', '// c\n[ { "id": "a" } ', '{ "id": "a" ', 'null x', '"a" "b"']) {
    assert.ok(parseContentFile(text).problems.every((p) => !p.message.startsWith('Not JSON')), text);
  }
});
