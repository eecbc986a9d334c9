/**
 * Whole-file problems are never silent: a modinfo.json that declares no mod, two mods with one id, an
 * unreadable file; and a mod that leaves the project takes its files' diagnostics with it.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { spawnSync } from 'node:child_process';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { MINI_CORE, modinfo, workspace, writeTree } from '../helpers/workspace';

const BAD_MONSTER = '[ { "type": "MONSTER", "id": "mon_b", "copy-from": "mon_zombie", "upgrades": { "half_life": 3, "into": "mon_nowhere" } } ]';

test('a modinfo.json with a trailing comma still declares its mod; the syntax error is reported there', () => {
  const ws = workspace({ 'm/modinfo.json': '[ { "type": "MOD_INFO", "id": "m", "name": "m", "dependencies": [ "dda" ], } ]', 'm/a.json': BAD_MONSTER });
  assert.deepEqual(ws.codes('m/modinfo.json'), ['json-syntax']);
  assert.deepEqual(ws.codes('m/a.json'), ['unknown-id'], 'the mod is loaded and checked');
});

test('a modinfo.json that declares no mod (no id, empty, no MOD_INFO) is an error on that file', () => {
  for (const text of ['[ { "type": "MOD_INFO", "name": "m" } ]', '', '[ { "type": "MONSTER", "id": "x" } ]', 'not json at all', '[ { "type": "MOD_INFO", "id": "tr']) {
    const ws = workspace({ 'm/modinfo.json': text, 'm/a.json': BAD_MONSTER });
    const ds = ws.diagnostics('m/modinfo.json').filter((d) => d.code === 'invalid-modinfo');
    assert.equal(ds.length, 1, JSON.stringify(text));
    assert.match(ds[0].message, /declares no mod .*nothing in it is checked/);
    assert.deepEqual(ws.diagnostics('m/a.json'), []);
  }
});

test('two mods with one id: the second is reported and ignored', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('same'), 'b/modinfo.json': modinfo('same'), 'b/x.json': BAD_MONSTER });
  assert.deepEqual(ws.codes('a/modinfo.json'), []);
  const ds = ws.diagnostics('b/modinfo.json');
  assert.deepEqual(ds.map((d) => d.code), ['duplicate-mod']);
  assert.match(ds[0].message, /"same" is already used by .*a[\\/]modinfo\.json/);
});

test('an unreadable file is an error on it, not silence', () => {
  const dir = writeTree({ ...MINI_CORE, 'mods/m/modinfo.json': modinfo('m'), 'mods/m/a.json': '[]' });
  const locked = path.join(dir, 'mods/m/a.json');
  const project = new Project({
    gamePath: dir, roots: [path.join(dir, 'mods')],
    readFile: (p) => { if (p === locked) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }); return fs.readFileSync(p, 'utf8'); },
  });
  project.load();
  const ds = project.diagnostics(locked);
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['unreadable-file', 'error']]);
  assert.match(ds[0].message, /cannot be read \(EACCES\)/);
});

test('a content file over the size limit is an error on it, whichever thread reaches it (its read takes no stat of its own)', () => {
  const dir = writeTree({ ...MINI_CORE, 'mods/m/modinfo.json': modinfo('m'), 'mods/m/a.json': '[]' });
  const huge = path.join(dir, 'mods/m/a.json');
  fs.truncateSync(huge, 65 * 1024 * 1024); // sparse: 65 MB of zero bytes
  for (const secondThread of [false, 'every-file'] as const) {
    const project = new Project({ gamePath: dir, roots: [path.join(dir, 'mods')], secondThread });
    project.load();
    const ds = project.diagnostics(huge);
    assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['unreadable-file', 'error']], `second thread: ${secondThread}`);
    assert.match(ds[0].message, /cannot be read \(EFBIG\)/);
  }
});

test('a mod that leaves (its modinfo.json deleted or broken) takes its files\' diagnostics with it', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'b/modinfo.json': modinfo('b'), 'b/monsters.json': BAD_MONSTER });
  const monsters = ws.file('b/monsters.json');
  assert.deepEqual(ws.codes('b/monsters.json'), ['unknown-id']);
  const changed = ws.project.updateFile(ws.file('b/modinfo.json'), undefined);
  assert.ok(changed.includes(monsters), 'republished, so the client clears it');
  assert.deepEqual(ws.project.diagnostics(monsters), []);
  // Broken (no id): the same, and a fresh project agrees.
  const ws2 = workspace({ 'b/modinfo.json': modinfo('b'), 'b/monsters.json': BAD_MONSTER });
  const broken = '[ { "type": "MOD_INFO", "name": "b" } ]';
  assert.ok(ws2.project.updateFile(ws2.file('b/modinfo.json'), broken).includes(ws2.file('b/monsters.json')));
  assert.deepEqual(ws2.project.diagnostics(ws2.file('b/monsters.json')), []);
  assert.deepEqual(ws2.project.diagnostics(ws2.file('b/modinfo.json')).map((d) => d.code), ['invalid-modinfo']);
  fs.writeFileSync(ws2.file('b/modinfo.json'), broken);
  const fresh = new Project({ gamePath: ws2.game, roots: [ws2.mods] });
  fresh.load();
  assert.deepEqual(fresh.diagnostics(ws2.file('b/modinfo.json')).map((d) => d.code), ['invalid-modinfo']);
  assert.deepEqual(fresh.diagnostics(ws2.file('b/monsters.json')), []);
});

test('cdda-lint: a path with no mod is not a pass (exit 2 with a message); a broken modinfo fails the run', () => {
  const bin = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');
  const game = writeTree(MINI_CORE);
  const empty = writeTree({ 'notes.json': '[]' });
  const r = spawnSync(process.execPath, [bin, 'check', empty, '--game', game], { encoding: 'utf8' });
  assert.equal(r.status, 2, r.stdout);
  assert.match(r.stderr, /nothing to check .*no mod there/);
  const broken = writeTree({ 'm/modinfo.json': '[ { "type": "MOD_INFO" } ]', 'm/a.json': '[]' });
  const b = spawnSync(process.execPath, [bin, 'check', path.join(broken, 'm'), '--game', game], { encoding: 'utf8' });
  assert.equal(b.status, 1, b.stdout);
  assert.match(b.stdout, /modinfo\.json:1:1 {2}error {2}This modinfo\.json declares no mod/);
});

test('no game data (a wrong game path): said on each mod\'s modinfo.json, not a silent skip of every reference check', () => {
  const mods = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/a.json': BAD_MONSTER });
  const project = new Project({ gamePath: '/nonexistent/cdda', roots: [mods] });
  project.load();
  const ds = project.diagnostics(path.join(mods, 'm/modinfo.json'));
  assert.deepEqual(ds.map((d) => [d.code, d.severity]), [['no-game-data', 'warning']]);
  assert.match(ds[0].message, /base game's data was not found/);
  assert.deepEqual(workspace({ 'm/modinfo.json': modinfo('m') }).codes('m/modinfo.json'), [], 'with the game: nothing');
});
