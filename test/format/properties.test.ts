/**
 * Properties of the formatter on seeded random documents (nesting, lengths around the 120-byte limit, multi-byte
 * text, escapes, always-wrapped members): the value is unchanged, formatting is idempotent, no one-line
 * container is longer than the limit, and range formatting of every definition equals formatting the whole.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LINE_LIMIT, formatCdda, formatRangeEdit, utf8Length } from '../../server/src/format/cddaFormat';

function generator(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const NAMES = ['id', 'type', 'flags', 'rows', 'picture', 'blueprint', 'name', 'é', 'q\\"x', 'a\\u00e9', 's\\/t', '//'];
const CHARS = 'abcxyz é🧟"\\\n\t/';

function documentOf(rnd: (n: number) => number): string {
  const str = (max: number): string => {
    let s = '';
    for (let i = rnd(max); i > 0; i--) s += Array.from(CHARS)[rnd(Array.from(CHARS).length)];
    return JSON.stringify(s);
  };
  const scalar = (): string => [str(30), str(140), String(rnd(100000) - 500), `${rnd(100)}.${rnd(1000)}`, 'true', 'false', 'null', `${rnd(9) + 1}e${rnd(4)}`][rnd(8)];
  const value = (depth: number): string => {
    const r = rnd(10);
    if (depth > 5 || r < 4) return scalar();
    if (r < 7) return `[${Array.from({ length: rnd(depth < 2 ? 4 : 10) }, () => value(depth + 1)).join(', ')}]`;
    const members = Array.from({ length: rnd(6) }, () => {
      const name = NAMES[rnd(NAMES.length)];
      const v = ['rows', 'picture', 'blueprint'].includes(name) ? `[${Array.from({ length: rnd(4) }, () => str(30)).join(',')}]` : value(depth + 1);
      return `"${name}":${v}`;
    });
    return `{${members.join(',')}}`;
  };
  return `[${Array.from({ length: 1 + rnd(4) }, () => value(1)).join(',\n')}]`;
}

test('2,000 random documents: same value, idempotent, one-line containers within the limit, range = whole', () => {
  const rnd = generator(20240601);
  for (let k = 0; k < 2000; k++) {
    const text = documentOf(rnd);
    const r = formatCdda(text);
    assert.ok(r.ok, `${text}: ${r.ok ? '' : r.problem.message}`);
    const out = r.text;
    assert.deepEqual(JSON.parse(out), JSON.parse(text), text);
    const again = formatCdda(out);
    assert.ok(again.ok && again.text === out, `not idempotent: ${text}`);
    // A line that opens and closes a container after its indentation and member name is one-line: within the limit.
    for (const line of out.split('\n')) {
      const m = /^ *(?:"(?:[^"\\]|\\.)*": )?([[{].*[\]}]),?$/.exec(line);
      if (m && !/^ *[[{]$/.test(line)) assert.ok(utf8Length(m[1]) <= LINE_LIMIT, `${line} (${utf8Length(m[1])} bytes)`);
    }
    // Formatting the definitions one by one, from the last, gives the whole file formatted.
    let piecewise = text;
    const count = (JSON.parse(text) as unknown[]).length;
    for (let i = count - 1; i >= 0; i--) {
      const starts = elementStarts(piecewise);
      const e = formatRangeEdit(piecewise, starts[i], starts[i]);
      assert.ok(e.ok);
      if (e.edit) piecewise = piecewise.slice(0, e.edit.start) + e.edit.newText + piecewise.slice(e.edit.end);
    }
    assert.equal(piecewise, out, text);
  }
});

/** Offsets of the top-level array's elements (a scan that skips strings and counts brackets). */
function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let depth = 0, expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (expecting && depth === 1) { starts.push(i); expecting = false; }
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (c === ']' || c === '}') {
      depth--;
    } else if (c === ',' && depth === 1) {
      expecting = true;
    }
  }
  return starts;
}
