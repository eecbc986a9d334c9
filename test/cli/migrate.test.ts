/** `cdda-lint migrate` and `check --fix` as a modder runs them: the real executable, its diff, files and exit codes. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { modinfo, writeTree } from '../helpers/workspace';
import { MIGRATING_CORE } from '../helpers/migratingCore';

const BIN = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const CONTENT = `[
  {
    "type": "TOOL",
    "id": "my_rag",
    "copy-from": "rag",
    "name": { "str": "my rag" }
  },
  {
    "type": "requirement",
    "id": "req_mine",
    "components": [ [ [ "old_rag", 1 ] ] ]
  }
]
`;

function mod(extra: Record<string, unknown> = {}): { game: string; dir: string; file: string } {
  const game = writeTree(MIGRATING_CORE);
  const dir = writeTree({ 'mine/modinfo.json': modinfo('mine'), 'mine/items.json': CONTENT, ...extra });
  return { game, dir, file: path.join(dir, 'mine', 'items.json') };
}

test('migrate --dry-run prints a unified diff, writes nothing, and exits 1 while there is something to change', () => {
  const { game, dir, file } = mod();
  const r = run(['migrate', 'mine', '--game', game, '--game-version', 'current', '--dry-run'], dir);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout, `--- a/mine/items.json
+++ b/mine/items.json
@@ -1,13 +1,14 @@
 [
   {
-    "type": "TOOL",
+    "type": "ITEM",
     "id": "my_rag",
     "copy-from": "rag",
-    "name": { "str": "my rag" }
+    "name": { "str": "my rag" },
+    "subtypes": [ "TOOL" ]
   },
   {
     "type": "requirement",
     "id": "req_mine",
-    "components": [ [ [ "old_rag", 1 ] ] ]
+    "components": [ [ [ "rag", 1 ] ] ]
   }
 ]
Would migrate 1 of 2 file(s) to current (0.I / experimental): 2 repair(s).
`);
  assert.equal(fs.readFileSync(file, 'utf8'), CONTENT);
});

test('migrate writes the files, exits 0 when nothing is left, and a second run changes nothing', () => {
  const { game, dir, file } = mod();
  const first = run(['migrate', 'mine', '--game', game, '--game-version', 'current'], dir);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  assert.match(first.stdout, /^mine\/items\.json\nMigrated 1 of 2 file\(s\) to current \(0\.I \/ experimental\): 2 repair\(s\)\.\n$/);
  const written = fs.readFileSync(file, 'utf8');
  assert.match(written, /"type": "ITEM"/);
  const again = run(['migrate', 'mine', '--game', game, '--game-version', 'current', '--dry-run'], dir);
  assert.equal(again.code, 0, again.stdout);
  assert.equal(again.stdout, 'Would migrate 0 of 2 file(s) to current (0.I / experimental): 0 repair(s).\n');
  assert.equal(fs.readFileSync(file, 'utf8'), written);
});

test('migrate lists what it cannot migrate, one line per root cause with its count, and exits 1', () => {
  const { game, dir } = mod({ 'mine/more.json': '[\n  {\n    "type": "requirement",\n    "id": "r2",\n    "components": [ [ [ "no_such_item", 1 ] ], [ [ "no_such_item", 2 ] ] ]\n  }\n]\n' });
  const r = run(['migrate', 'mine', '--game', game, '--game-version', 'current'], dir);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /\nNot migrated: 2 problem\(s\) from 1 cause\(s\), for a person to decide:\n {6}2 × error unknown item "no_such_item" {2}\[unknown-id\]\n$/);
});

test('check --fix applies the certain fixes, then reports what is left; a guess is not applied', () => {
  const { game, dir, file } = mod({ 'mine/typo.json': '[\n  {\n    "type": "ITEM",\n    "id": "t",\n    "copy-from": "rag",\n    "weigth": "1 G"\n  }\n]\n' });
  const r = run(['check', 'mine', '--game', game, '--game-version', 'current', '--fix'], dir);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stderr, /fixed 2 problem\(s\) in 1 file\(s\)/);
  assert.match(fs.readFileSync(file, 'utf8'), /"rag", 1/);
  assert.match(r.stdout, /"weigth"/);
  assert.match(fs.readFileSync(path.join(dir, 'mine', 'typo.json'), 'utf8'), /"weigth"/);
});

test('migrate: usage errors and nothing to migrate exit 2', () => {
  const { game, dir } = mod();
  assert.equal(run(['migrate', 'mine', '--game', game, '--fix'], dir).code, 2);
  assert.equal(run(['check', 'mine', '--game', game, '--dry-run'], dir).code, 2);
  const empty = writeTree({ 'x.txt': 'no mod' });
  assert.equal(run(['migrate', '.', '--game', game], empty).code, 2);
});
