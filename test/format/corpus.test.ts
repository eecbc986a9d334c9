/**
 * The oracle of the formatter: the game's CI runs its json_formatter on every .json file under data/, so every
 * such file of a real corpus must come out byte-identical. Both corpora: 0.F (Debian's cataclysm-dda-data, always
 * installed by .ci/run) and the current game (CDDA_CURRENT_GAME; skipped when unset).
 *
 * Files the game's CI does not format are counted apart (each must still format without error):
 * - gfx/ (tilesets' tile_config.json): in the game's repository gfx/ is beside data/, not in it, and the CI
 *   formats `find data -name "*.json"` only (Makefile, style-all-json). Most tilesets are formatted anyway;
 *   gfx/tile_config_template.json (4-space indentation, "a":b) is not.
 * - index.json in the current corpus (json/mapgen/, json/mapgen_palettes/, json/furniture_and_terrain/): lists of
 *   the folder's file names made when the release is packaged; they are not in the game's repository. Two of
 *   the three happen to be in the game's style; json/mapgen_palettes/index.json is on one line.
 */
import { test, type TestContext } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { formatCdda } from '../../server/src/format/cddaFormat';

interface Exemption { readonly rule: RegExp; readonly why: string }

const EXEMPT: readonly Exemption[] = [
  { rule: /^gfx\//, why: 'gfx/ is outside data/ in the game\'s repository: its CI does not format it' },
  { rule: /(^|\/)index\.json$/, why: 'a list of the folder\'s files made when the release is packaged: not in the game\'s repository' },
];

function jsonFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) jsonFiles(p, out);
    else if (e.isFile() && e.name.endsWith('.json')) out.push(p);
  }
  return out.sort();
}

/** A short unified-style view of the first differing lines. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n'), b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 2);
  const out = [`@@ line ${i + 1} @@`];
  for (let k = from; k < i; k++) out.push(`  ${a[k]}`);
  for (let k = i; k < Math.min(a.length, i + 4); k++) out.push(`- ${a[k]}`);
  for (let k = i; k < Math.min(b.length, i + 4); k++) out.push(`+ ${b[k]}`);
  return out.join('\n');
}

interface Outcome { files: number; identical: number; exempt: number; exemptIdentical: number; ms: number; slowest: { file: string; ms: number; bytes: number } }

function checkCorpus(root: string, expectedExemptDiffering: readonly string[]): Outcome {
  const files = jsonFiles(root);
  const mismatches: string[] = [];
  const exemptDiffering: string[] = [];
  let identical = 0, exempt = 0, exemptIdentical = 0, ms = 0;
  let slowest = { file: '', ms: 0, bytes: 0 };
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const bytes = fs.readFileSync(file);
    const text = bytes.toString('utf8');
    const t0 = process.hrtime.bigint();
    const r = formatCdda(text);
    const took = Number(process.hrtime.bigint() - t0) / 1e6;
    ms += took;
    if (took > slowest.ms) slowest = { file: rel, ms: took, bytes: bytes.length };
    const isExempt = EXEMPT.some((e) => e.rule.test(rel));
    if (!r.ok) {
      mismatches.push(`${rel}: not formatted: ${r.problem.message} (offset ${r.problem.offset})`);
      continue;
    }
    const same = Buffer.from(r.text, 'utf8').equals(bytes);
    if (isExempt) {
      exempt++;
      if (same) exemptIdentical++; else exemptDiffering.push(rel);
    } else if (same) {
      identical++;
    } else {
      mismatches.push(`${rel}\n${firstDifference(text, r.text)}`);
    }
  }
  assert.deepEqual(mismatches.slice(0, 5), [], `${mismatches.length} of ${files.length} files are not byte-identical once formatted; the first ones:`);
  assert.deepEqual(exemptDiffering, expectedExemptDiffering, 'the exempt files that the game\'s CI leaves as they are');
  return { files: files.length, identical, exempt, exemptIdentical, ms, slowest };
}

function report(t: TestContext, name: string, o: Outcome): void {
  t.diagnostic(`${name}: ${o.files} files: ${o.identical} byte-identical, ${o.exempt} exempt (${o.exemptIdentical} of them identical anyway); ` +
    `formatting took ${o.ms.toFixed(0)} ms in all, the slowest ${o.slowest.file} (${(o.slowest.bytes / 1024).toFixed(0)} KB) ${o.slowest.ms.toFixed(1)} ms`);
}

const OLD = '/usr/share/games/cataclysm-dda';
const oldSkip = fs.existsSync(path.join(OLD, 'json')) ? false : `the 0.F game data is not installed at ${OLD} (apt-get install cataclysm-dda-data)`;

test('0.F corpus: every file the game\'s CI formats is byte-identical once formatted', { skip: oldSkip }, (t) => {
  const o = checkCorpus(OLD, ['gfx/tile_config_template.json']);
  report(t, '0.F', o);
  assert.equal(o.files, 3516);
  assert.equal(o.exempt, 14, 'the tilesets\' files under gfx/');
  assert.equal(o.identical, o.files - o.exempt);
});

const CURRENT = process.env.CDDA_CURRENT_GAME ?? '';
const currentSkip = CURRENT !== '' && fs.existsSync(path.join(CURRENT, 'json')) ? false
  : 'CDDA_CURRENT_GAME is not set to the current game data (unpack ../shared/corpora/cdda-0.I-experimental.tar.xz and point it at cdda-0.I-experimental)';

test('current corpus: every file the game\'s CI formats is byte-identical once formatted', { skip: currentSkip }, (t) => {
  const o = checkCorpus(CURRENT, ['json/mapgen_palettes/index.json']);
  report(t, 'current', o);
  assert.equal(o.files, 5248);
  assert.equal(o.exempt, 3, 'the generated index.json files');
  assert.equal(o.identical, o.files - o.exempt);
});

test('the largest real file (a tileset\'s tile_config.json, 880 KB) formats byte-identically', { skip: oldSkip }, () => {
  // Its speed is a bench figure (test/bench/formatting.ts), not asserted here.
  const text = fs.readFileSync(path.join(OLD, 'gfx/ChestHole16Tileset/tile_config.json'), 'utf8');
  const r = formatCdda(text);
  assert.ok(r.ok && r.text === text);
});
