/**
 * The game's JSON style on small inputs: each rule of tools/format (the 120-byte limit and what it counts, the
 * always-wrapped depths and members, empty containers, strings, member names, numbers), the refusals, line
 * endings, and the edits for the editor.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { fixed6, formatCdda, formatEdit, formatMember, formatNumber, formatRangeEdit, isCddaFormatted, minimalEdit, type TextEdit } from '../../server/src/format/cddaFormat';

function fmt(text: string): string {
  const r = formatCdda(text);
  if (!r.ok) assert.fail(`not formatted: ${r.problem.message} at ${r.problem.offset}`);
  return r.text;
}

function refused(text: string): { message: string; offset: number } {
  const r = formatCdda(text);
  assert.ok(!r.ok, `formatted: ${r.ok ? r.text : ''}`);
  return r.problem;
}

/** The lines given, joined with LF, plus the final line break. */
const lines = (...ls: string[]): string => `${ls.join('\n')}\n`;

function apply(text: string, edit: TextEdit | undefined): string {
  return edit ? text.slice(0, edit.start) + edit.newText + text.slice(edit.end) : text;
}

describe('layout', () => {
  test('the top-level array and its objects are wrapped; deeper values fit on one line', () => {
    assert.equal(fmt('[{"type":"MONSTER","id":"x","flags":["A","B"],"armor":{"bash":2,"cut":3}}]'), lines(
      '[',
      '  {',
      '    "type": "MONSTER",',
      '    "id": "x",',
      '    "flags": [ "A", "B" ],',
      '    "armor": { "bash": 2, "cut": 3 }',
      '  }',
      ']',
    ));
  });

  test('a top-level object: its members are wrapped, as are the values at depth 1', () => {
    assert.equal(fmt('{"a":{"b":[1,2]},"c":[3]}'), lines(
      '{',
      '  "a": {',
      '    "b": [ 1, 2 ]',
      '  },',
      '  "c": [',
      '    3',
      '  ]',
      '}',
    ));
  });

  test('120 bytes on one line fit, 121 wrap; the member name and the indentation are not counted', () => {
    const member = (n: number): string => `[{"flags":["${'x'.repeat(n)}"]}]`;
    // [ "x...x" ] is n + 6 bytes.
    assert.equal(fmt(member(114)), lines('[', '  {', `    "flags": [ "${'x'.repeat(114)}" ]`, '  }', ']'));
    assert.equal(fmt(member(115)), lines('[', '  {', '    "flags": [', `      "${'x'.repeat(115)}"`, '    ]', '  }', ']'));
  });

  test('the limit counts bytes of UTF-8, not characters', () => {
    const member = (s: string): string => `[{"s":["${s}"]}]`;
    assert.equal(fmt(member(`${'x'.repeat(112)}é`)), lines('[', '  {', `    "s": [ "${'x'.repeat(112)}é" ]`, '  }', ']'));
    assert.equal(fmt(member(`${'x'.repeat(113)}é`)).split('\n').length, 8, '115 bytes: wrapped');
    // A symbol outside the BMP is 2 UTF-16 code units and 4 bytes.
    assert.equal(fmt(member(`${'x'.repeat(110)}🧟`)).split('\n').length, 6, '114 bytes: one line');
    assert.equal(fmt(member(`${'x'.repeat(111)}🧟`)).split('\n').length, 8, '115 bytes: wrapped');
  });

  test('an element after the first counts its separator: ", " in a one-line array, "," newline indent in a wrapped one', () => {
    // Inner arrays of 115 bytes ([ "x..." ] with 109 x) inside a member array too long for one line.
    const inner = `["${'x'.repeat(109)}"]`;
    const out = fmt(`[{"a":[${inner},${inner}]}]`);
    assert.equal(out, lines(
      '[',
      '  {',
      '    "a": [',
      `      [ "${'x'.repeat(109)}" ],`, // the first: 115 bytes, fits
      '      [', // the second: 8 + 115 bytes with ",\n      " before it
      `        "${'x'.repeat(109)}"`,
      '      ]',
      '    ]',
      '  }',
      ']',
    ));
    // In a one-line array, ", " counts: [ 1, [ ...114 bytes... ] ] is 122 bytes in all, so it wraps, and then
    // the inner array (8 + 114) wraps too.
    const inner2 = `["${'y'.repeat(108)}"]`;
    assert.equal(fmt(`[{"b":[[1],${inner2}]}]`).split('\n').length, 11);
  });

  test('a wrapped value inside a one-line container makes it too long; values are chosen inside out', () => {
    const long = `"${'z'.repeat(130)}"`;
    assert.equal(fmt(`[{"a":{"b":[${long}],"c":1}}]`), lines(
      '[',
      '  {',
      '    "a": {',
      '      "b": [',
      `        ${long}`,
      '      ],',
      '      "c": 1',
      '    }',
      '  }',
      ']',
    ));
  });

  test('empty containers: "[  ]" and "{  }" on one line; wrapped at the top two levels', () => {
    assert.equal(fmt('[{"a":[],"b":{},"c":[[],{}]}]'), lines('[', '  {', '    "a": [  ],', '    "b": {  },', '    "c": [ [  ], {  } ]', '  }', ']'));
    assert.equal(fmt('[]'), '[\n  \n]\n');
    assert.equal(fmt('[{}]'), '[\n  {\n    \n  }\n]\n');
    assert.equal(fmt('{}'), '{\n  \n}\n');
  });

  test('"rows", "blueprint" and "picture" with more than one element: one per line, however short', () => {
    assert.equal(fmt('[{"rows":["ab","cd"],"blueprint":["x"],"picture":["p","q"],"other":["ab","cd"]}]'), lines(
      '[',
      '  {',
      '    "rows": [',
      '      "ab",',
      '      "cd"',
      '    ],',
      '    "blueprint": [ "x" ],',
      '    "picture": [',
      '      "p",',
      '      "q"',
      '    ],',
      '    "other": [ "ab", "cd" ]',
      '  }',
      ']',
    ));
  });

  test('always-wrapped rows inside a one-line object stay inside it when the whole fits in 120 bytes (as the game writes it)', () => {
    assert.equal(fmt('[{"object":{"rows":["ab","cd"]}}]'), lines(
      '[',
      '  {',
      '    "object": { "rows": [',
      '        "ab",',
      '        "cd"',
      '      ] }',
      '  }',
      ']',
    ));
  });

  test('"rows" must be an array (the game\'s formatter fails otherwise)', () => {
    const p = refused('[{"rows":"ab"}]');
    assert.match(p.message, /"rows" must be an array/);
    assert.equal(p.offset, 9);
  });

  test('a top-level scalar', () => {
    assert.equal(fmt(' "x" '), '"x"\n');
    assert.equal(fmt('12'), '12\n');
  });

  test('whitespace of any kind between tokens goes; formatting twice changes nothing', () => {
    const text = '[ {\t"id" :\n "a" , "v":[1,\r\n2 ] } ,{"id":"b"}]';
    const once = fmt(text);
    assert.equal(once, lines('[', '  {', '    "id": "a",', '    "v": [ 1, 2 ]', '  },', '  {', '    "id": "b"', '  }', ']'));
    assert.equal(fmt(once), once);
    assert.ok(isCddaFormatted(once));
    assert.ok(!isCddaFormatted(text));
  });
});

describe('strings and member names', () => {
  test('string values are kept as written, escapes included', () => {
    const v = String.raw`"a\u00e9\/b\"\\\n\t é 🧟"`;
    assert.equal(fmt(`[{"s":${v}}]`), lines('[', '  {', `    "s": ${v}`, '  }', ']'));
  });

  test('member names are decoded and written again as the game escapes them', () => {
    assert.equal(fmt(String.raw`{"a\u00e9\/":1,"q\"b\\":2,"c\u001f\u0009":3,"z\u0000":4}`), lines(
      '{',
      '  "aé/": 1,',
      String.raw`  "q\"b\\": 2,`,
      String.raw`  "c\u001F\t": 3,`,
      '  "z": 4',
      '}',
    ));
  });

  test('a member name written with escapes counts its written bytes', () => {
    // "\u00e9" (8 bytes as written) becomes "é" (4 bytes): the object then fits.
    const filler = 'x'.repeat(101);
    assert.equal(fmt(`[{"o":{"\\u00e9":"${filler}"}}]`), lines('[', '  {', `    "o": { "é": "${filler}" }`, '  }', ']'));
  });
});

describe('numbers', () => {
  const cases: [string, string][] = [
    ['0', '0'], ['-0', '0'], ['12', '12'], ['-12', '-12'], ['1e5', '100000'], ['1E+2', '100'], ['-1e2', '-100'], ['0e9', '0'],
    ['18446744073709551615', '18446744073709551615'], ['-9223372036854775808', '-9223372036854775808'],
    // The mantissa is read into 64 bits without a check (as the game's reader does).
    ['18446744073709551616', '0'],
    ['1.0', '1.0'], ['1.50', '1.5'], ['2.000', '2.0'], ['-0.0', '-0.0'], ['0.25', '0.25'], ['123456789.123456', '123456789.123456'],
    ['1.5e3', '1500.0'], ['2.5E-1', '0.25'], ['0.0000001', '0.0'], ['-0.0000001', '-0.0'], ['0.0000015', '0.000002'],
    // 5 * 10^-7 is a little below 0.0000005 in doubles.
    ['0.0000005', '0.0'],
    ['1.23456789', '1.234568'], ['100.0e-2', '1.0'],
    // %f rounds a tie to even: 1/128 = 0.0078125, 3/128 = 0.0234375.
    ['0.0078125', '0.007812'], ['0.0234375', '0.023438'], ['-0.0078125', '-0.007812'],
    // The mantissa times pow(10, exponent), with glibc's pow(10, 23) one unit above 1e23: 1 * pow(10, 23).
    ['0.1e24', '100000000000000008388608.0'], ['1.0e23', '99999999999999991611392.0'], ['4.0e21', '4000000000000000000000.0'],
  ];
  for (const [raw, out] of cases) {
    test(`${raw} -> ${out}`, () => {
      assert.equal(formatNumber(raw), out);
      assert.equal(fmt(`[${raw}]`), `[\n  ${out}\n]\n`);
    });
  }

  test('numbers the game\'s formatter refuses', () => {
    // Without "-", a number is read as unsigned, with one (even in the exponent) as signed.
    assert.equal(formatNumber('9223372036854775808e0'), '9223372036854775808');
    for (const raw of ['1e-3', '-2E-1', '18446744073709551615e1', '9223372036854775808e-0', '-9223372036854775809', '1.0e400']) {
      const r = formatNumber(raw);
      assert.equal(typeof r, 'object', `${raw} -> ${String(r)}`);
    }
    assert.match(refused('[{"a":1e-3}]').message, /negative exponent/);
  });

  test('fixed6 is C\'s %f', () => {
    assert.equal(fixed6(0), '0.000000');
    assert.equal(fixed6(-0), '-0.000000');
    assert.equal(fixed6(0.5), '0.500000');
    assert.equal(fixed6(1e22), '10000000000000000000000.000000');
    assert.equal(fixed6(68241724300368.7578125), '68241724300368.757812');
  });
});

describe('what is not formatted', () => {
  const bad: [string, string, RegExp][] = [
    ['trailing comma in an array', '[1,]', /comma is not allowed before "\]"/],
    ['trailing comma in an object', '{"a":1,}', /comma is not allowed before "\}"/],
    ['a line comment', '[\n// note\n1]', /Comments are not JSON/],
    ['a block comment after the value', '[1] /* x */', /Comments are not JSON/],
    ['an empty text', '', /end of the text/],
    ['an unterminated string', '["abc', /Unterminated string/],
    ['a raw line break in a string', '["a\nb"]', /Unterminated string/],
    ['a control character in a string', '["a\u0001b"]', /control character/],
    ['an invalid escape', '["a\\qb"]', /Invalid escape/],
    ['a short \\u escape', '["\\u12"]', /four hexadecimal digits/],
    ['a plus sign', '[+1]', /Expected a JSON value/],
    ['a leading dot', '[.5]', /Expected a JSON value/],
    ['leading zeros', '[01]', /leading zeros/],
    ['single quotes', "['a']", /Expected a JSON value/],
    ['an unquoted name', '{a:1}', /member name in double quotes/],
    ['a missing colon', '{"a" 1}', /Expected ":"/],
    ['a stray bracket after the value', '[1]]', /after the end of the top-level value/],
    ['an unclosed array', '[1', /"\]" expected/],
    ['a missing comma', '[1 2]', /Expected "," or "\]"/],
    ['true misspelt', '[tru]', /Expected a JSON value/],
  ];
  for (const [what, text, message] of bad) {
    test(what, () => assert.match(refused(text).message, message));
  }

  test('the offset of the problem', () => {
    assert.equal(refused('[1,\n2,]').offset, 6);
    assert.equal(refused('\uFEFF[1,]').offset, 4, 'offsets count the byte order mark');
  });

  test('nesting deeper than the limit is refused, not a crash', () => {
    assert.match(refused(`${'['.repeat(5000)}${']'.repeat(5000)}`).message, /Nesting deeper than 1000/);
    const deep = fmt(`${'['.repeat(500)}${']'.repeat(500)}`);
    assert.equal(fmt(deep), deep);
  });
});

describe('line endings and byte order marks', () => {
  test('a file with CRLF line breaks keeps CRLF', () => {
    assert.equal(fmt('[\r\n{"a":1}\r\n]\r\n'), '[\r\n  {\r\n    "a": 1\r\n  }\r\n]\r\n');
    assert.ok(isCddaFormatted('[\r\n  {\r\n    "a": 1\r\n  }\r\n]\r\n'));
  });

  test('a file on one line gets LF', () => {
    assert.equal(fmt('[1]'), '[\n  1\n]\n');
  });

  test('a byte order mark is dropped (the game refuses files that have one)', () => {
    assert.equal(fmt('\uFEFF[1]'), '[\n  1\n]\n');
    assert.ok(!isCddaFormatted('\uFEFF[\n  1\n]\n'));
  });
});

describe('edits', () => {
  test('minimalEdit: the span between the common prefix and suffix', () => {
    assert.deepEqual(minimalEdit('abcXdef', 'abcYYdef'), { start: 3, end: 4, newText: 'YY' });
    assert.equal(minimalEdit('same', 'same'), undefined);
    assert.deepEqual(minimalEdit('ab', 'abab'), { start: 2, end: 2, newText: 'ab' });
  });

  test('minimalEdit never splits a CRLF or a surrogate pair', () => {
    const e = minimalEdit('a\r\nb', 'a\nb')!;
    assert.deepEqual(e, { start: 1, end: 3, newText: '\n' });
    const s = minimalEdit('x\ud83e\udddf', 'x\ud83e\uddde')!;
    assert.deepEqual(s, { start: 1, end: 3, newText: '\ud83e\uddde' });
  });

  test('formatEdit: one edit that gives the formatted text; none when already formatted', () => {
    const text = '[\n  {\n    "id": "a",\n    "v": [1,2]\n  }\n]\n';
    const r = formatEdit(text);
    assert.ok(r.ok);
    assert.deepEqual(r.edit, { start: 31, end: 34, newText: ' 1, 2 ' }, 'only [1,2] changes');
    assert.equal(apply(text, r.edit), fmt(text));
    const again = formatEdit(fmt(text));
    assert.ok(again.ok && again.edit === undefined);
    const broken = formatEdit('[1,]');
    assert.ok(!broken.ok);
  });

  test('formatRangeEdit formats the definitions the range touches, and only them', () => {
    const a = '  {\n    "id": "a",\n    "v": [ 1 ]\n  }';
    const b = '{"id":"b","v":[2]}';
    const c = '{  "id":"c" }';
    const text = `[\n${a},\n  ${b}, ${c}\n]\n`;
    const at = text.indexOf('"b"');
    const r = formatRangeEdit(text, at, at);
    assert.ok(r.ok && r.edit);
    const out = apply(text, r.edit);
    assert.equal(out, `[\n${a},\n  {\n    "id": "b",\n    "v": [ 2 ]\n  }, ${c}\n]\n`, 'c is left as it was');
    // The range covering b and c: everything is formatted.
    const both = formatRangeEdit(text, at, text.indexOf('"c"'));
    assert.ok(both.ok);
    assert.equal(apply(text, both.edit), fmt(text));
    // A range over the last element formats the end of the file too; over the first, its start.
    const last = formatRangeEdit(' [ 1,\n  2]', 9, 9);
    assert.ok(last.ok);
    assert.equal(apply(' [ 1,\n  2]', last.edit), ' [ 1,\n  2\n]\n');
    const firstOnly = formatRangeEdit(' [ 1,\n  2]', 3, 3);
    assert.ok(firstOnly.ok);
    assert.equal(apply(' [ 1,\n  2]', firstOnly.edit), '[\n  1,\n  2]');
  });

  test('formatRangeEdit: a top-level object, or a range between definitions, formats the whole text', () => {
    const obj = '{"a":1}';
    const r = formatRangeEdit(obj, 1, 2);
    assert.ok(r.ok);
    assert.equal(apply(obj, r.edit), fmt(obj));
    const text = '[1,    2]';
    const between = formatRangeEdit(text, 4, 4);
    assert.ok(between.ok);
    assert.equal(apply(text, between.edit), fmt(text));
  });

  test('formatRangeEdit refuses a text that is not JSON', () => {
    assert.ok(!formatRangeEdit('[{"a":1},{"b":2,}]', 2, 3).ok);
  });
});

describe('one member, as a fix inserts it', () => {
  const member = (name: string, value: unknown, depth: number, lineBreak: '\n' | '\r\n' = '\n'): string => {
    const r = formatMember(name, JSON.stringify(value), depth, lineBreak);
    if (!r.ok) assert.fail(r.problem.message);
    return r.text;
  };

  test('the text the whole file would have there: empty containers, short and long arrays, wrapped rows', () => {
    const long = Array.from({ length: 12 }, (_, i) => `flag_number_${i}`);
    const record = { type: 'MONSTER', id: 'x', a: [], o: {}, s: 'v', n: 1.5, short: ['a', 'b'], long, rows: ['ab', 'cd'] };
    const whole = fmt(JSON.stringify([record]));
    for (const [name, value] of Object.entries(record).slice(2)) {
      const text = member(name, value, 1);
      assert.ok(whole.includes(`\n    ${text}`), `${name}: ${JSON.stringify(text)} in\n${whole}`);
    }
    assert.equal(member('a', [], 1), '"a": [  ]');
    assert.equal(member('rows', ['ab', 'cd'], 1), '"rows": [\n      "ab",\n      "cd"\n    ]');
    // A file that is one object: its members are one level less deep.
    assert.equal(member('rows', ['ab', 'cd'], 0), '"rows": [\n    "ab",\n    "cd"\n  ]');
  });

  test('the file\'s line breaks; a value the formatter refuses is a problem, not a throw', () => {
    assert.equal(member('rows', ['a', 'b'], 1, '\r\n'), '"rows": [\r\n      "a",\r\n      "b"\r\n    ]');
    const r = formatMember('n', '1e-3', 1);
    assert.ok(!r.ok);
  });
});
