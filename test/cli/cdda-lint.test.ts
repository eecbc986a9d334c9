/** cdda-lint as a modder's CI runs it: the real executable, its output formats and exit codes. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const BIN = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');

function run(args: string[], cwd?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const game = writeTree(MINI_CORE);
const mods = writeTree({
  'bad/modinfo.json': modinfo('bad'),
  'bad/monsters.json': '[\n  { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "speeed": 3 }\n]\n',
  'bad/more.json': '[ { "type": "MONSTER", "id": "mon_nobody", "edit-mode": "modify" } ]',
  'good/modinfo.json': modinfo('good'),
  'good/monsters.json': [{
    type: 'MONSTER', id: 'mon_good', name: { str: 'good' }, description: 'test monster', default_faction: 'zombie', bodytype: 'human',
    volume: '62500 ml', weight: '81500 g', hp: 10, speed: 100, symbol: 'Z', color: 'red',
  }],
  // Written by an editor that saves a UTF-8 byte order mark.
  'bom/modinfo.json': `\uFEFF${JSON.stringify(modinfo('bom'))}`,
  'bom/monsters.json': '\uFEFF[ { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "hp": "x" } ]\n',
  'deep/modinfo.json': modinfo('deep'),
  'deep/closed.json': `[ { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "hp": ${'['.repeat(7000)}${']'.repeat(7000)} } ]`,
  'deep/open.json': `[ ${'{"a": '.repeat(7000)}`,
});

test('text output: path:line:col  severity  message  [code], a summary, exit 1 on errors', () => {
  const r = run(['check', path.join(mods, 'bad'), '--game', game], mods);
  assert.equal(r.code, 1, r.stderr);
  // The spec's edit-mode, which the 0.F game refuses, is a game-rejects warning before each of these.
  const lines = r.stdout.trim().split('\n').filter((l) => !l.endsWith('[game-rejects]'));
  assert.match(lines[0], /^bad[\\/]monsters\.json:2:67 {2}warning {2}Unknown member "speeed"; did you mean "speed"\? {2}\[unknown-field\]$/);
  assert.match(lines[1], /^bad[\\/]more\.json:1:\d+ {2}error {2}.*"mon_nobody".* {2}\[modify-missing\]$/);
  assert.match(lines[lines.length - 1], /^4 problem\(s\) \(1 error\(s\), 3 warning\(s\), 0 info, 0 hint\(s\)\) in 2 of 3 file\(s\); game version 0\.F \(Frank\), detected from the game folder\.$/);
});

test('json output: absolute paths, 0-based LSP positions, severity names', () => {
  const r = run(['check', path.join(mods, 'bad', 'monsters.json'), '--game', game, '--format', 'json']);
  assert.equal(r.code, 0, 'a warning alone does not fail');
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.map((d: { code: string }) => d.code), ['game-rejects', 'unknown-field']);
  assert.deepEqual(out.slice(1), [{
    file: path.join(mods, 'bad', 'monsters.json'),
    range: { start: { line: 1, character: 66 }, end: { line: 1, character: 74 } },
    severity: 'warning', code: 'unknown-field', message: 'Unknown member "speeed"; did you mean "speed"?',
  }], 'only the file given is reported, though its whole mod is read');
});

test('a clean mod: exit 0 and a one-line summary', () => {
  const r = run(['check', path.join(mods, 'good'), '--game', game]);
  assert.equal(r.code, 0, r.stdout);
  assert.equal(r.stdout.trim(), 'No problems in 2 file(s); game version 0.F (Frank), detected from the game folder.');
  const set = run(['check', path.join(mods, 'good'), '--game', game, '--game-version', '0.I']);
  assert.match(set.stdout, /game version current \(0\.I \/ experimental\), as set\.$/m);
});

test('usage errors exit 2 with a message', () => {
  for (const args of [[], ['lint'], ['check', '--format', 'xml'], ['check', '/no/such/path'], ['check', '--game', '/tmp'], ['check', '--bogus'], ['check', '--game-version', '0.X']]) {
    const r = run(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}`);
    assert.match(r.stderr, /^cdda-lint: /);
  }
  assert.equal(run(['--help']).code, 0);
});

test('no path: the example mod shipped in the repository, which shows the diagnostics', () => {
  const r = run(['check', '--format', 'json', '--game', game]);
  const codes = new Set((JSON.parse(r.stdout) as { code: string }[]).map((d) => d.code));
  for (const c of ['json-syntax', 'missing-field', 'invalid-value', 'bad-unit', 'unknown-field', 'modify-missing']) assert.ok(codes.has(c), `${c} in ${[...codes].join(', ')}`);
  assert.equal(r.code, 1);
});

test('a UTF-8 byte order mark: no syntax error, and columns as editors count them (without the mark)', () => {
  const r = run(['check', path.join(mods, 'bom'), '--game', game, '--format', 'json']);
  const all = JSON.parse(r.stdout) as { code: string; range: { start: { line: number; character: number } } }[];
  const out = all.filter((d) => d.code !== 'game-rejects'); // the spec's edit-mode, which 0.F refuses
  assert.deepEqual(out.map((d) => d.code), ['invalid-value'], r.stdout);
  assert.deepEqual(out[0].range.start, { line: 0, character: '[ { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "hp": '.length });
  const text = run(['check', path.join(mods, 'bom'), '--game', game], mods);
  assert.match(text.stdout, /^bom[\\/]monsters\.json:1:73 {2}error/m);
});

test('thousands of nested brackets, closed or not: diagnosed, no crash', () => {
  const r = run(['check', path.join(mods, 'deep'), '--game', game, '--format', 'json']);
  assert.equal(r.stderr, '');
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as { file: string; code: string; message: string }[];
  for (const f of ['closed.json', 'open.json']) {
    assert.ok(out.some((d) => d.file.endsWith(f) && d.code === 'json-syntax' && /^Nesting deeper than 100 levels/.test(d.message)), `${f}: ${r.stdout}`);
  }
});
