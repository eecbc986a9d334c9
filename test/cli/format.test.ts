/** `cdda-lint format [PATH...] [--check]` as the real executable: files rewritten or listed, exit codes. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeTree } from '../helpers/workspace';

const BIN = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');

function run(args: string[], cwd?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const FORMATTED = '[\n  {\n    "type": "MONSTER",\n    "id": "mon_a",\n    "flags": [ "SEES", "HEARS" ]\n  }\n]\n';
const UNFORMATTED = '[{"type":"MONSTER","id":"mon_a","flags":["SEES","HEARS"]}]';

function mod(): string {
  return writeTree({
    'm/modinfo.json': '[\n  {\n    "type": "MOD_INFO",\n    "id": "m",\n    "name": "m",\n    "description": "test mod",\n    "category": "content",\n    "dependencies": [ "dda" ]\n  }\n]\n',
    'm/good.json': FORMATTED,
    'm/sub/bad.json': UNFORMATTED,
    'm/broken.json': '[{"id": "x",}]\n',
    'm/package.json': '{"name":"tooling"}',
    'm/node_modules/dep/x.json': '[1,2]',
  });
}

test('--check lists the files not in the game\'s format, reports the ones that are not JSON, changes nothing: exit 1', () => {
  const dir = mod();
  const before = fs.readFileSync(path.join(dir, 'm/sub/bad.json'), 'utf8');
  const r = run(['format', 'm', '--check'], dir);
  assert.equal(r.code, 1);
  assert.deepEqual(r.stdout.trim().split('\n'), [
    path.join('m', 'sub', 'bad.json'),
    '1 of 4 file(s) not in the game\'s format ("cdda-lint format" rewrites them); 1 could not be formatted (errors above).',
  ], 'package.json and node_modules are not looked at');
  assert.equal(r.stderr, `${path.join('m', 'broken.json')}:1:13  error  A comma is not allowed before "}"\n`);
  assert.equal(fs.readFileSync(path.join(dir, 'm/sub/bad.json'), 'utf8'), before);
});

test('format rewrites the files in place; not-JSON files are left as they are (exit 1); then --check passes', () => {
  const dir = mod();
  const r = run(['format', path.join(dir, 'm')]);
  assert.equal(r.code, 1, 'broken.json could not be formatted');
  assert.match(r.stdout, /Formatted 1 of 4 file\(s\) \(the others were in the game's format already\); 1 could not be formatted/);
  assert.equal(fs.readFileSync(path.join(dir, 'm/sub/bad.json'), 'utf8'), FORMATTED);
  assert.equal(fs.readFileSync(path.join(dir, 'm/broken.json'), 'utf8'), '[{"id": "x",}]\n');
  assert.equal(fs.readFileSync(path.join(dir, 'm/package.json'), 'utf8'), '{"name":"tooling"}');
  fs.rmSync(path.join(dir, 'm/broken.json'));
  const again = run(['format', '--check'], path.join(dir, 'm'));
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.equal(again.stdout, 'All 3 file(s) are in the game\'s format.\n');
});

test('a file named is formatted whatever its name; CRLF line breaks are kept; a byte order mark goes', () => {
  const dir = writeTree({ 'a.json': '[\r\n{"a":1}]', 'b.json': '\uFEFF[1]\n', 'package.json': '[1]' });
  const r = run(['format', 'a.json', 'b.json', 'package.json'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(fs.readFileSync(path.join(dir, 'a.json'), 'utf8'), '[\r\n  {\r\n    "a": 1\r\n  }\r\n]\r\n');
  assert.equal(fs.readFileSync(path.join(dir, 'b.json'), 'utf8'), '[\n  1\n]\n');
  assert.equal(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'), '[\n  1\n]\n');
});

test('a file that is not UTF-8 is reported and left alone', () => {
  const dir = writeTree({});
  const p = path.join(dir, 'latin1.json');
  const bytes = Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d]); // ["é"] in Latin-1
  fs.writeFileSync(p, bytes);
  const r = run(['format', p]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /latin1\.json:1:1 {2}error {2}not valid UTF-8/);
  assert.ok(fs.readFileSync(p).equals(bytes));
});

test('usage errors: exit 2', () => {
  const dir = writeTree({ 'notes.txt': 'x' });
  assert.equal(run(['format', '--write'], dir).code, 2);
  assert.equal(run(['format', 'nowhere'], dir).code, 2);
  const empty = run(['format'], dir);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /no JSON file to format/);
  assert.match(run(['--help']).stdout, /cdda-lint format \[PATH\.\.\.\] \[--check\]/);
});

const GAME = '/usr/share/games/cataclysm-dda';
test('the 0.F game data\'s json/ folder is in the game\'s format (--check exits 0)', { skip: fs.existsSync(path.join(GAME, 'json')) ? false : 'the 0.F game data is not installed' }, () => {
  const r = run(['format', '--check', path.join(GAME, 'json')]);
  assert.equal(r.code, 0, r.stdout.slice(0, 2000) + r.stderr.slice(0, 2000));
  assert.match(r.stdout, /^All \d{4} file\(s\) are in the game's format\.\n$/);
});
