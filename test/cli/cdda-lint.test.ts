/** cdda-lint as a modder's CI runs it: the real executable, its output formats and exit codes. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { sarifSchemaErrors } from '../helpers/sarif';

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
  'dup/modinfo.json': modinfo('dup'),
  'dup/a.json': [{ type: 'SPECIES', id: 'X' }, { type: 'recipe', result: 'rag' }],
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
  assert.match(lines[lines.length - 1], /^4 problem\(s\) \(1 error\(s\), 3 warning\(s\), 0 info, 0 hint\(s\)\) in 2 of 3 file\(s\); game folder \S+ \(given by --game\), game version 0\.F \(Frank\), detected from the game folder\.$/);
});

test('json output: absolute paths, 0-based LSP positions, severity names, the basis of each', () => {
  const r = run(['check', path.join(mods, 'bad', 'monsters.json'), '--game', game, '--format', 'json']);
  assert.equal(r.code, 0, 'a warning alone does not fail');
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.map((d: { code: string }) => d.code), ['game-rejects', 'unknown-field']);
  assert.deepEqual(out.slice(1), [{
    file: path.join(mods, 'bad', 'monsters.json'),
    range: { start: { line: 1, character: 66 }, end: { line: 1, character: 74 } },
    severity: 'warning', code: 'unknown-field', message: 'Unknown member "speeed"; did you mean "speed"?', basis: 'spec',
    fixes: [{ title: 'Rename member to "speed"', edits: [{ file: path.join(mods, 'bad', 'monsters.json'), range: { start: { line: 1, character: 66 }, end: { line: 1, character: 74 } }, newText: '"speed"' }] }],
  }], 'only the file given is reported, though its whole mod is read');
});

test('a clean mod: exit 0 and a one-line summary', () => {
  const r = run(['check', path.join(mods, 'good'), '--game', game]);
  assert.equal(r.code, 0, r.stdout);
  assert.equal(r.stdout.trim(), `No problems in 2 file(s); game folder ${game} (given by --game), game version 0.F (Frank), detected from the game folder.`);
  const set = run(['check', path.join(mods, 'good'), '--game', game, '--game-version', '0.I']);
  assert.match(set.stdout, /game version current \(0\.I \/ experimental\), as set\.$/m);
});

test('a check of well-formed files without a cache loads neither the cache\'s modules, the formatter, jsonc-parser nor Node\'s for child processes, hashing and compression', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-lint-modules-'));
  try {
    const preload = path.join(dir, 'preload.js'), out = path.join(dir, 'loaded.txt');
    fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, [...process.moduleLoadList, ...Object.keys(require.cache)].join('\\n')));`);
    const r = spawnSync(process.execPath, ['-r', preload, BIN, 'check', path.join(mods, 'good'), '--game', game], { encoding: 'utf8', cwd: mods });
    assert.equal(r.status, 0, r.stderr);
    const loaded = fs.readFileSync(out, 'utf8').split('\n');
    assert.ok(loaded.includes('NativeModule worker_threads'), 'the list is of Node\'s modules');
    for (const m of ['child_process', 'crypto', 'zlib']) assert.ok(!loaded.includes(`NativeModule ${m}`), m);
    assert.ok(loaded.some((f) => f.endsWith('cdda-lint.js')) && !loaded.some((f) => f.includes(`${path.sep}jsonc-parser${path.sep}`)), 'jsonc-parser');
    assert.ok(!loaded.some((f) => f.endsWith(path.join('cache', 'store.js')) || f.endsWith(path.join('cache', 'codec.js'))), 'the cache\'s modules');
    assert.ok(!loaded.some((f) => f.endsWith(path.join('format', 'cddaFormat.js'))), 'the formatter');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('usage errors exit 2 with a message', () => {
  for (const args of [[], ['lint'], ['check', '--format', 'xml'], ['check', '/no/such/path'], ['check', '--game', '/tmp'], ['check', '--bogus'], ['check', '--game-version', '0.X']]) {
    const r = run(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}`);
    assert.match(r.stderr, /^cdda-lint: /);
  }
  assert.equal(run(['--help']).code, 0);
});

test('--game builtin where the installation has no snapshot is a usage error, not a pass without the game', () => {
  // A build from the repository holds no snapshot (game-snapshot/ is made when packaging).
  const r = run(['check', path.join(mods, 'good'), '--game', 'builtin'], mods);
  assert.equal(r.code, 2, r.stdout);
  assert.match(r.stderr, /^cdda-lint: --game names the built-in game \("builtin"\), but this installation has no built-in game snapshot/);
  assert.equal(r.stdout, '', 'nothing checked');
});

test('"cdda-lint help" and "cdda-lint help check" print the usage, as --help does; a help topic that is no command is a usage error', () => {
  const usage = run(['--help']).stdout;
  assert.match(usage, /^Usage: cdda-lint check/);
  for (const args of [['help'], ['help', 'check'], ['help', 'migrate'], ['help', 'format'], ['check', '--help']]) {
    const r = run(args);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, usage, ''], args.join(' '));
  }
  const wrong = run(['help', 'lint']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /^cdda-lint: unknown command "lint" \(check, migrate or format\)/);
  assert.match(run(['lint']).stderr, /^cdda-lint: unknown command "lint" \(check, migrate, format or help\)/);
});

test('a command loads the modules it runs: --help no engine, a check neither migrate\'s nor format\'s', () => {
  // A preload that lists, on exit, the modules the run loaded.
  const preload = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-lint-modules-')), 'list.js');
  fs.writeFileSync(preload, 'process.on("exit", () => process.stderr.write("MODULES " + JSON.stringify(Object.keys(require.cache)) + "\\n"));');
  const loaded = (args: string[]): string[] => {
    const r = spawnSync(process.execPath, ['-r', preload, BIN, ...args], { encoding: 'utf8', cwd: mods });
    const line = r.stderr.split('\n').find((l) => l.startsWith('MODULES '));
    assert.ok(line, r.stderr);
    return (JSON.parse(line.slice('MODULES '.length)) as string[]).map((m) => path.relative(path.dirname(BIN), m).split(path.sep).join('/'));
  };
  const help = loaded(['--help']);
  assert.ok(help.includes('cdda-lint.js'), help.join(' '));
  assert.ok(!help.includes('../project.js') && !help.includes('migrate.js'), help.join(' '));
  const check = loaded(['check', path.join(mods, 'good'), '--game', game]);
  assert.ok(check.includes('../project.js'), check.join(' '));
  assert.ok(!check.includes('migrate.js') && !check.includes('format.js'), check.join(' '));
});

test('a content file that is not JSON gets one json-syntax error naming its first word; a broken one gets at most 21', () => {
  const tree = writeTree({
    'm/modinfo.json': modinfo('m'),
    'm/notes.json': 'These are my notes about the mod, not JSON at all.\nSecond line with more words here.\n',
    'm/broken.json': `[\n${Array.from({ length: 30 }, (_, i) => `  { "type": "MONSTER" "id": "mon_${i}" }`).join(',\n')}\n]\n`,
  });
  const r = run(['check', path.join(tree, 'm'), '--game', game, '--format', 'json', '--min-severity', 'error']);
  const syntax = (JSON.parse(r.stdout) as { file: string; code: string; message: string }[]).filter((d) => d.code === 'json-syntax');
  assert.deepEqual(syntax.filter((d) => d.file.endsWith('notes.json')).map((d) => d.message), ['Not JSON: a content file starts with "[" (a list of definitions) or "{" (one definition), this one with "These"; the game cannot read it']);
  const broken = syntax.filter((d) => d.file.endsWith('broken.json'));
  assert.equal(broken.length, 21);
  assert.match(broken[20].message, /^Comma expected; and 9 more syntax problem\(s\) after this one, not listed/);
});

test('the example mod shipped in the repository shows the diagnostics; no path checks the current folder', () => {
  const example = path.resolve(__dirname, '..', '..', '..', 'examples', 'example_mod');
  const r = run(['check', example, '--format', 'json', '--game', game]);
  const codes = new Set((JSON.parse(r.stdout) as { code: string }[]).map((d) => d.code));
  for (const c of ['json-syntax', 'missing-field', 'invalid-value', 'bad-unit', 'unknown-field', 'modify-missing']) assert.ok(codes.has(c), `${c} in ${[...codes].join(', ')}`);
  assert.equal(r.code, 1);
  // No path: the current folder (a CI script with an empty variable checks its own checkout, not ours).
  const here = run(['check', '--game', game], path.join(mods, 'good'));
  assert.equal(here.code, 0, here.stderr);
  assert.match(here.stdout, /^No problems in 2 file\(s\)/m);
  const nothing = run(['check', '--game', game], writeTree({ 'notes.json': '[]' }));
  assert.equal(nothing.code, 2);
  assert.match(nothing.stderr, /nothing to check in \./);
});

test('--format github: workflow annotations with 1-based positions and escaped text', () => {
  const r = run(['check', path.join(mods, 'bad'), '--game', game, '--format', 'github'], mods);
  assert.equal(r.code, 1);
  const lines = r.stdout.trim().split('\n');
  assert.ok(lines.includes('::warning file=bad/monsters.json,line=2,col=67,endLine=2,endColumn=75,title=cdda-lint unknown-field::Unknown member "speeed"; did you mean "speed"?'), r.stdout);
  assert.ok(lines.some((l) => /^::error file=bad\/more\.json,line=1,.*title=cdda-lint modify-missing::/.test(l)), r.stdout);
  assert.match(lines[lines.length - 1], /^4 problem\(s\)/);
});

test('--format sarif: a SARIF 2.1.0 log valid against its schema, with rules, related locations and fixes', () => {
  const r = run(['check', path.join(mods, 'bad'), path.join(mods, 'dup'), '--game', game, '--format', 'sarif'], mods);
  const log = JSON.parse(r.stdout);
  assert.equal(sarifSchemaErrors(log), undefined);
  const run0 = log.runs[0];
  assert.equal(run0.tool.driver.name, 'cdda-lint');
  assert.deepEqual(run0.tool.driver.rules.map((x: { id: string }) => x.id), [...new Set(run0.results.map((x: { ruleId: string }) => x.ruleId))].sort());
  const unknown = run0.results.find((x: { ruleId: string }) => x.ruleId === 'unknown-field');
  assert.deepEqual(unknown.locations[0].physicalLocation.region, { startLine: 2, startColumn: 67, endLine: 2, endColumn: 75 });
  assert.equal(unknown.locations[0].physicalLocation.artifactLocation.uri, 'bad/monsters.json');
  assert.equal(unknown.fixes[0].artifactChanges[0].replacements[0].insertedContent.text, '"speed"');
  const dup = run0.results.find((x: { ruleId: string }) => x.ruleId === 'duplicate-id');
  assert.ok(dup.relatedLocations?.length, 'the first definition as a related location');
});

test('--max-warnings and --min-severity; --version', () => {
  const warnOnly = run(['check', path.join(mods, 'bad', 'monsters.json'), '--game', game]);
  assert.equal(warnOnly.code, 0);
  assert.equal(run(['check', path.join(mods, 'bad', 'monsters.json'), '--game', game, '--max-warnings', '0']).code, 1);
  assert.equal(run(['check', path.join(mods, 'bad', 'monsters.json'), '--game', game, '--max-warnings', '5']).code, 0);
  const errorsOnly = run(['check', path.join(mods, 'bad'), '--game', game, '--min-severity', 'error', '--format', 'json']);
  assert.deepEqual((JSON.parse(errorsOnly.stdout) as { severity: string }[]).map((d) => d.severity), ['error']);
  assert.match(run(['--version']).stdout, /^cdda-lint \d+\.\d+\.\d+\n$/);
  assert.equal(run(['check', '--max-warnings', 'x']).code, 2);
});

test('cdda-lint.config.json: severity, game path and version for the CLI; options win; a broken one is an error', () => {
  const dir = writeTree({
    'm/modinfo.json': modinfo('m'),
    'm/a.json': '[ { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "speeed": 3 } ]',
  });
  fs.writeFileSync(path.join(dir, 'cdda-lint.config.json'), JSON.stringify({ gamePath: path.relative(dir, game), severity: { 'unknown-field': 'off', 'game-rejects': 'off' } }));
  const r = run(['check', path.join(dir, 'm')]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^No problems in 2 file\(s\)/m);
  fs.writeFileSync(path.join(dir, 'cdda-lint.config.json'), '{ "severity": ');
  const broken = run(['check', path.join(dir, 'm'), '--game', game]);
  assert.equal(broken.code, 2);
  assert.match(broken.stderr, /cdda-lint\.config\.json: not valid JSON/);
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

test('--cache: a second run takes the game from the cache written by the first, with the same output; off by default', () => {
  const location = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-lint-cache-'));
  const args = ['check', path.join(mods, 'bad'), '--game', game, '--format', 'json'];
  const plain = run(args, mods);
  const first = run([...args, '--cache', '--cache-location', location], mods);
  const cacheFiles = (): string[] => fs.readdirSync(location).filter((f) => f.endsWith('.cache'));
  assert.equal(cacheFiles().length, 1, 'the first run writes the cache');
  const written = fs.statSync(path.join(location, cacheFiles()[0])).mtimeMs;
  const second = run([...args, '--cache', '--cache-location', location], mods);
  assert.equal(fs.statSync(path.join(location, cacheFiles()[0])).mtimeMs, written, 'nothing new: the cache is not written again');
  for (const r of [first, second]) {
    assert.equal(r.code, plain.code, r.stderr);
    assert.equal(r.stdout, plain.stdout);
    assert.equal(r.stderr, plain.stderr);
  }
  // A corrupt cache: a warning, the same results, and a good cache again.
  const file = path.join(location, cacheFiles()[0]);
  fs.writeFileSync(file, 'garbage');
  const third = run([...args, '--cache', '--cache-location', location], mods);
  assert.equal(third.stdout, plain.stdout);
  assert.match(third.stderr, /cdda-lint: cache .* not used: not a cache file/);
  assert.ok(fs.statSync(file).size > 100);
  // --no-cache (and no flag) leave it alone.
  fs.rmSync(location, { recursive: true });
  assert.equal(run([...args, '--cache', '--no-cache', '--cache-location', location], mods).stdout, plain.stdout);
  assert.equal(fs.existsSync(location), false);
});

test('--jobs: checking on several threads reports exactly what one thread reports, in the same order', () => {
  const one = run(['check', mods, '--game', game, '--format', 'json', '--jobs', '1']);
  const three = run(['check', mods, '--game', game, '--format', 'json', '--jobs', '3']);
  assert.equal(three.code, one.code, three.stderr);
  const files = new Set((JSON.parse(one.stdout) as { file: string }[]).map((d) => d.file));
  assert.ok(files.size >= 4, `problems in several files, so that the shares have some each (${files.size})`);
  assert.equal(three.stdout, one.stdout);
  assert.equal(run(['check', mods, '--game', game, '--jobs', '2']).stdout, run(['check', mods, '--game', game, '--jobs', '1']).stdout, 'the text summary counts every share\'s files');
  assert.equal(run(['check', mods, '--game', game, '--jobs', '0']).code, 2);
});

test('--cache with --jobs: every thread reads the cache, one writes it; the same output', () => {
  const location = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-lint-cache-'));
  const args = ['check', mods, '--game', game, '--format', 'json', '--jobs', '2', '--cache', '--cache-location', location];
  const plain = run(['check', mods, '--game', game, '--format', 'json', '--jobs', '1']);
  const first = run(args);
  const second = run(args);
  assert.equal(fs.readdirSync(location).filter((f) => f.endsWith('.cache')).length, 1);
  for (const r of [first, second]) {
    assert.equal(r.code, plain.code, r.stderr);
    assert.equal(r.stdout, plain.stdout);
  }
  fs.rmSync(location, { recursive: true });
});

test('a reader that stops early (cdda-lint check | head): the run stops quietly, no stack trace', async () => {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [BIN, 'check', path.join(mods, 'bad'), '--game', game, '--format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Closed before the check writes anything: its first write fails with EPIPE.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += String(d); });
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  assert.equal(stderr, '', 'nothing on stderr');
  assert.ok(code === 0 || code === 1, `exit code ${code}: the check's own, not a crash`);
});
