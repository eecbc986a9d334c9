/**
 * The one-pass scan of a well-formed file (syntax/definitionText.ts scanWellFormedFile) finds what the two
 * general scans find: the top-level values as parseFile.ts's tolerant scan does, and for each definition what
 * scanDefinitionText finds in it (duplicate members, numbers out of range, nesting past the limit).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { findingsOf, parseContentFile, regionAt, type ParsedFile } from '../../server/src/syntax/parseFile';
import { scanDefinitionText, scanWellFormedFile } from '../../server/src/syntax/definitionText';
import { MAX_NESTING } from '../../server/src/syntax/nesting';
import { rng } from '../helpers/random';


/** What the general scans find: the regions, and the findings of each object region that has any. */
function generalScan(text: string): unknown {
  const parsed: ParsedFile = { objects: [], problems: [] };
  regionAt(parsed, text, 0);
  const findings: [number, unknown][] = [];
  parsed.regions!.forEach((r, slot) => {
    if (!r.isObject) return;
    const f = scanDefinitionText(text, r.start, r.end);
    if (f.deep.length || f.badNumbers.length || f.duplicates.length) findings.push([slot, f]);
  });
  return { regions: parsed.regions, findings };
}

function oneScan(text: string): unknown {
  const scan = scanWellFormedFile(text);
  assert.ok(scan, text);
  return { regions: scan.regions, findings: [...scan.findings] };
}

const NAMES = ['a', 'b', '/x', 'id', 'type', '//', '// note', 'a\\u0062', 'ab', 'x\\"y', 'x\\\\', '\\u00e9t\\u00e9', 'été', 'k1', 'k2'];
const NUMBERS = ['0', '-1', '2.5', '1e309', '-2E+400', '1e-400', '1e99', '9'.repeat(310), '0.' + '0'.repeat(320) + '1', '12e0309', '3.0e308'];

function randomObject(random: () => number, depth: number): string {
  const count = Math.floor(random() * (random() < 0.1 ? 40 : 6));
  const members = Array.from({ length: count }, () => `"${NAMES[Math.floor(random() * NAMES.length)]}${random() < 0.5 ? '' : Math.floor(random() * 30)}": ${randomValue(random, depth + 1)}`);
  return `{${members.join(',\n ')}}`;
}

function randomValue(random: () => number, depth: number): string {
  const r = random();
  if (depth > 6 || r < 0.3) return NUMBERS[Math.floor(random() * NUMBERS.length)];
  if (r < 0.45) return ['true', 'false', 'null', '"s"', '"{[\\"]}"', '"\\\\"'][Math.floor(random() * 6)];
  if (r < 0.6) return `[${Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1)).join(', ')}]`;
  return randomObject(random, depth);
}

test('random well-formed files: the one-pass scan finds what the general scans find', () => {
  const random = rng(20261122);
  let found = 0;
  for (let n = 0; n < 400; n++) {
    const values = Array.from({ length: 1 + Math.floor(random() * 5) }, () => (random() < 0.85 ? randomObject(random, 0) : randomValue(random, 0)));
    const text = random() < 0.2 ? `${random() < 0.5 ? '\uFEFF' : ''} ${randomObject(random, 0)}` : `[\n  ${values.join(',\n  ')}\n]\n`;
    JSON.parse(text.replace(/^\uFEFF/, ''));
    const one = oneScan(text);
    assert.deepEqual(one, generalScan(text), text);
    found += (one as { findings: unknown[] }).findings.length;
  }
  assert.ok(found > 100, `the random files have findings to compare (${found})`);
});

test('nesting past the limit, in and around definitions', () => {
  const deep = (k: number): string => '['.repeat(k) + ']'.repeat(k);
  const nested = (k: number): string => '{"a": '.repeat(k) + '1e999' + '}'.repeat(k);
  for (const text of [
    `[{"x": ${deep(MAX_NESTING + 50)}, "y": {"a": 1, "a": 2}}, {"z": ${nested(MAX_NESTING + 3)}, "z": 1}]`,
    `{"x": ${deep(MAX_NESTING - 1)}, "x": ${deep(MAX_NESTING)}, "n": 1e400}`,
    `[${deep(MAX_NESTING + 5)}, {"a": 1, "a": 1}]`,
  ]) assert.deepEqual(oneScan(text), generalScan(text), text.slice(0, 60));
});

test('a well-formed file keeps its findings with its regions; others are scanned per definition', () => {
  const text = '[{"id": "a", "id": "b", "n": 1e309}, {"id": "c"}]';
  const parsed = parseContentFile(text);
  assert.equal(parsed.wellFormed, true);
  regionAt(parsed, text, 0);
  assert.equal(findingsOf(parsed, 0)?.duplicates.length, 1);
  assert.equal(findingsOf(parsed, 0)?.badNumbers.length, 1);
  assert.equal(findingsOf(parsed, 1)?.duplicates.length, 0);
  const broken = parseContentFile('[{"id": "a", "id": "b"}, {"id": }]');
  regionAt(broken, '[{"id": "a", "id": "b"}, {"id": }]', 0);
  assert.equal(findingsOf(broken, 0), undefined);
});
