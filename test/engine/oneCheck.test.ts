/**
 * A project made for one check (the CLI's: records analysed on loading, nothing kept for edits) reports what an
 * ordinary project reports, and refuses edits. test/helpers/trust.ts compares the two after every step of the
 * random workspace operations too.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Project } from '../../server/src/project';
import { KeyVersions } from '../../server/src/workspace/keyVersions';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

test('a project made for one check: same diagnostics as an ordinary one; an update is an error', () => {
  const game = writeTree(MINI_CORE);
  const mods = writeTree({
    'a/modinfo.json': modinfo('a'),
    'a/monsters.json': '[\n  { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "speeed": 3, "speeed": 4, "hp": 1e999 },\n  { "type": "MONSTER", "id": "mon_x", "copy-from": "mon_nowhere" }\n]\n',
    'a/broken.json': '[ { "type": "MONSTER", "id": "mon_y", "copy-from": "mon_zombie", }, 5 ]',
    'a/mapgen.json': [{ type: 'mapgen', om_terrain: 'nowhere', object: { fill_ter: 't_nothing' } }],
  });
  const ordinary = new Project({ gamePath: game, roots: [mods] });
  ordinary.load();
  const once = new Project({ gamePath: game, roots: [mods], checkedAfterLoad: () => true, forOneCheck: true });
  once.load();
  const files = ordinary.reportedFiles().map((f) => f.path).sort();
  assert.deepEqual(once.reportedFiles().map((f) => f.path).sort(), files);
  let count = 0;
  for (const f of files) {
    const want = ordinary.diagnostics(f);
    count += want.length;
    assert.deepEqual(once.diagnostics(f), want, f);
  }
  assert.ok(count >= 5, `diagnostics to compare (${count})`);
  assert.throws(() => once.updateFile(path.join(mods, 'a', 'monsters.json'), '[]'), /cannot be updated/);
});

test('a project made for one check counts a mod\'s era forms from the objects it loads: a file of monster groups without a finding is read once', () => {
  // The current game (its damage types are definitions); the mod's monster groups by "id": the current form, a verdict's evidence.
  const game = writeTree({ ...MINI_CORE, 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] });
  const mods = writeTree({
    'a/modinfo.json': modinfo('a'),
    'a/groups.json': [{ type: 'monstergroup', id: 'GROUP_A', monsters: [] }, { type: 'monstergroup', id: 'GROUP_B', monsters: [] }],
    'a/old.json': [{ type: 'monstergroup', name: 'GROUP_OLD', monsters: [] }],
  });
  try {
    const reads = new Map<string, number>();
    const readFile = (p: string): string => { reads.set(path.basename(p), (reads.get(path.basename(p)) ?? 0) + 1); return fs.readFileSync(p, 'utf8'); };
    const once = new Project({ gamePath: game, roots: [mods], readFile, checkedAfterLoad: () => true, forOneCheck: true });
    once.load();
    const ordinary = new Project({ gamePath: game, roots: [mods] });
    ordinary.load();
    assert.equal(once.version.version.id, 'current');
    for (const f of ordinary.reportedFiles()) assert.deepEqual(once.diagnostics(f.path), ordinary.diagnostics(f.path), f.path);
    assert.deepEqual(once.diagnostics(path.join(mods, 'a', 'groups.json')), []);
    assert.deepEqual(once.writtenFor('a'), ordinary.writtenFor('a'));
    assert.equal(reads.get('groups.json'), 1, 'read to be indexed only: its groups\' members are not read again for the verdict');
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
    fs.rmSync(mods, { recursive: true, force: true });
  }
});

test('a project made for one check keeps through the load only the analyses of summarized definitions: one keeping its whole value is analysed when checked', () => {
  const game = writeTree(MINI_CORE);
  const mods = writeTree({
    'a/modinfo.json': modinfo('a'),
    'a/monsters.json': '[\n  { "type": "MONSTER", "id": "mon_x", "copy-from": "mon_nowhere", "speeed": 3 }\n]\n',
    'a/mapgen.json': [{ type: 'mapgen', om_terrain: 'nowhere', object: { fill_ter: 't_nothing' } }],
  });
  try {
    const once = new Project({ gamePath: game, roots: [mods], checkedAfterLoad: () => true, forOneCheck: true });
    once.load();
    const ordinary = new Project({ gamePath: game, roots: [mods] });
    ordinary.load();
    const kept = new Map<boolean, number>([[true, 0], [false, 0]]);
    for (const f of once.reportedFiles()) {
      for (const r of f.records) {
        const a = f.takeLoadedAnalysis(r);
        assert.equal(a !== undefined, r.summarized, `${r.type} ${r.ids.join()}: kept ${a !== undefined}`);
        if (a) f.keepLoadedAnalysis(r, a);
        kept.set(r.summarized, kept.get(r.summarized)! + 1);
      }
    }
    assert.ok(kept.get(true)! > 0 && kept.get(false)! > 0, `both kinds of definitions (${[...kept].join(' ')})`);
    for (const f of ordinary.reportedFiles()) assert.deepEqual(once.diagnostics(f.path), ordinary.diagnostics(f.path), f.path);
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
    fs.rmSync(mods, { recursive: true, force: true });
  }
});

test('a project made for one check keeps its lineages without versions: no key\'s version asked (counted), the same diagnostics', () => {
  const game = writeTree(MINI_CORE);
  const mods = writeTree({
    'a/modinfo.json': modinfo('a'),
    'a/monsters.json': [
      { type: 'MONSTER', id: 'mon_a', 'copy-from': 'mon_zombie', name: { str: 'a' } },
      { type: 'MONSTER', id: 'mon_b', 'copy-from': 'mon_a', speeed: 3 },
      { type: 'MONSTER', id: 'mon_c', 'copy-from': 'mon_b' },
      { type: 'MONSTER', id: 'mon_x', 'copy-from': 'mon_nowhere' },
      { type: 'MONSTER', id: 'mon_loop1', 'copy-from': 'mon_loop2' },
      { type: 'MONSTER', id: 'mon_loop2', 'copy-from': 'mon_loop1' },
    ],
  });
  const asked = KeyVersions.prototype.versionOf;
  let asks = 0;
  try {
    const ordinary = new Project({ gamePath: game, roots: [mods] });
    ordinary.load();
    const once = new Project({ gamePath: game, roots: [mods], checkedAfterLoad: () => true, forOneCheck: true });
    once.load();
    const file = path.join(mods, 'a', 'monsters.json');
    const want = ordinary.diagnostics(file);
    assert.ok(want.some((d) => d.code === 'copy-from-cycle') && want.some((d) => d.code === 'unknown-id'), 'chains that loop and that break');
    KeyVersions.prototype.versionOf = function (this: KeyVersions, key: string): number { asks++; return asked.call(this, key); };
    assert.deepEqual(once.diagnostics(file), want);
    assert.equal(asks, 0);
  } finally {
    KeyVersions.prototype.versionOf = asked;
    fs.rmSync(game, { recursive: true, force: true });
    fs.rmSync(mods, { recursive: true, force: true });
  }
});
