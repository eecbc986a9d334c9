/**
 * Incremental updates must end where a from-scratch build ends: after every edit of a sequence, the index and
 * the diagnostics of every file equal those of a new project over the same texts.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { MINI_CORE, modinfo, workspace, writeTree, type TestWorkspace } from '../helpers/workspace';
import type { DefinitionRecord } from '../../server/src/records/record';

function snapshot(project: Project): unknown {
  const defs: string[] = [];
  for (const kind of project.defs.kinds()) {
    for (const [id, records] of project.defs.entries(kind)) {
      for (const r of records) defs.push(`${kind}:${id}@${r.source.path}#${r.index}`);
    }
  }
  const diagnostics: Record<string, unknown> = {};
  for (const f of project.reportedFiles().sort((a, b) => (a.path < b.path ? -1 : 1))) {
    diagnostics[f.path] = project.diagnostics(f.path).map((d) => `${d.start}-${d.end} ${d.code} ${d.message}`);
  }
  return { defs: defs.sort(), diagnostics };
}

function fresh(ws: TestWorkspace): Project {
  const p = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity });
  p.load();
  return p;
}

const monster = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human',
  volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'x', color: 'red', ...extra,
});

test('a sequence of edits leaves the same index and diagnostics as a fresh build', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/one.json': [monster('mon_one'), monster('mon_two', { upgrades: { half_life: 3, into: 'mon_three' } })],
    'a/two.json': [{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_one', name: { str: 'kid' } }],
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'b/three.json': [{ type: 'MONSTER', id: 'mon_one', 'edit-mode': 'modify', hp: 3 }],
  });
  // Every getter runs once so that caches exist before the edits (stale caches are what this test hunts).
  snapshot(ws.project);
  const edits: [string, unknown][] = [
    ['a/one.json', [monster('mon_one'), monster('mon_two', { upgrades: { half_life: 3, into: 'mon_three' } }), monster('mon_three')]],
    ['a/two.json', [{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_two', name: { str: 'kid' } }]],
    ['a/one.json', [monster('mon_two', { description: undefined }), monster('mon_three')]],
    ['a/one.json', '[ { "type": "MONSTER", "id": "mon_one", '],
    ['b/three.json', [monster('mon_one'), monster('mon_three')]],
    ['a/one.json', [monster('mon_one', { description: undefined }), monster('mon_two')]],
    ['a/new.json', [monster('mon_three'), { type: 'MONSTER', id: 'mon_kid2', 'copy-from': 'mon_kid' }]],
    ['a/two.json', undefined],
    ['b/modinfo.json', modinfo('b', ['dda'])],
    ['b/modinfo.json', modinfo('b', ['dda', 'a'])],
  ];
  for (const [rel, content] of edits) {
    const file = ws.file(rel);
    const text = content === undefined ? undefined : typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    if (text === undefined) fs.rmSync(file); else fs.writeFileSync(file, text);
    ws.project.updateFile(file, text);
    assert.deepEqual(snapshot(ws.project), snapshot(fresh(ws)), `after editing ${rel}`);
  }
});

test('updateFile returns the other files whose diagnostics change', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/one.json': [monster('mon_one', { upgrades: { half_life: 3, into: 'mon_later' } })],
    'a/two.json': [],
  });
  assert.deepEqual(ws.codes('a/one.json'), ['unknown-id']);
  const affected = ws.project.updateFile(ws.file('a/two.json'), JSON.stringify([monster('mon_later')]));
  assert.ok(affected.includes(ws.file('a/one.json')), 'the file naming mon_later is re-checked');
  assert.deepEqual(ws.codes('a/one.json'), []);
});

test('typing in modinfo.json rebuilds only when the mod changes; text cut off declares no mod, as the game reads it', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/one.json': [monster('mon_one')],
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'b/two.json': [{ type: 'MONSTER', id: 'mon_one', 'edit-mode': 'modify', hp: 2 }],
  });
  const recordBefore = ws.project.files.get(ws.file('a/one.json'))!.records[0];
  const file = ws.file('b/modinfo.json');
  const text = JSON.stringify(modinfo('b', ['dda', 'a']), null, 2);
  ws.project.updateFile(file, text.replace('"name": "b"', '"name": "b renamed"'));
  ws.project.updateFile(file, text.slice(0, -3));
  assert.equal(ws.project.files.get(ws.file('a/one.json'))!.records[0], recordBefore, 'no rebuild of a: the records are the same objects');
  assert.deepEqual(ws.codes('b/modinfo.json'), ['invalid-modinfo', 'json-syntax']);
  assert.deepEqual(ws.codes('b/two.json'), [], 'b is not loaded while its modinfo is cut off');
  ws.project.updateFile(file, text.replace('"name": "b"', '"name": "b", '));
  assert.deepEqual(ws.codes('b/modinfo.json'), ['json-syntax'], 'a typo inside still names the mod');
  ws.project.updateFile(file, JSON.stringify(modinfo('b', ['dda'])));
  assert.deepEqual(ws.codes('b/two.json'), ['modify-missing'], 'a changed dependency list rebuilds');
});

test('a workspace without any mod loads nothing, not even the game data', () => {
  const ws = workspace({ 'package.json': { name: 'not-a-mod' }, 'data/things.json': [{ type: 'MONSTER', id: 'x' }] });
  assert.equal(ws.project.files.size, 0);
  assert.deepEqual(ws.project.updateFile(ws.file('data/things.json'), '[ { "type": "MONSTER", "id": "y" } ]'), []);
});

test('the reverse index keeps one entry per reference when edits add and remove children of one parent', () => {
  // An edited record's analysis replaced a copy-from link it never added: the entry of another record of the
  // file naming the same parent went with it, and that file was no longer re-checked when the parent changed.
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/parent.json': [monster('mon_parent')],
    'a/kids.json': [{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_parent' }],
  });
  const kids = ws.file('a/kids.json');
  const text = (extra: unknown[]): string => JSON.stringify([{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_parent' }, ...extra], null, 2);
  ws.project.updateFile(kids, text([{ type: 'MONSTER', id: 'mon_kid2', 'copy-from': 'mon_parent' }]));
  ws.project.updateFile(kids, text([monster('mon_kid2')]));
  assert.deepEqual(ws.codes('a/kids.json'), []);
  const affected = ws.project.updateFile(ws.file('a/parent.json'), '[]');
  assert.ok(affected.includes(kids), 'the file of the remaining child is re-checked');
  assert.deepEqual(ws.codes('a/kids.json'), ['unknown-id']);
});

test('edits of definitions checked with a generated table (summarized records, read again from the new text) end as a fresh build', () => {
  const group = (id: string, item: string) => ({ type: 'item_group', id, subtype: 'collection', entries: [{ item, prob: 50 }] });
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/groups.json': [group('g_one', 'jeans'), group('g_two', 'no_such_item')],
    'a/spawns.json': [{ type: 'monstergroup', name: 'GROUP_A', default: 'mon_zombie', monsters: [{ monster: 'mon_later', freq: 1, cost_multiplier: 1 }] }],
  });
  snapshot(ws.project);
  const edits: [string, unknown][] = [
    // An object inserted before the others: every later record moves.
    ['a/groups.json', [group('g_zero', 'no_item_zero'), group('g_one', 'jeans'), group('g_two', 'no_such_item')]],
    // An edit inside the moved object only.
    ['a/groups.json', [group('g_zero', 'no_item_zero'), group('g_one', 'jeens'), group('g_two', 'no_such_item')]],
    ['a/groups.json', [group('g_two', 'rag'), group('g_one', 'jeans')]],
    ['a/monsters.json', [monster('mon_later')]],
    ['a/spawns.json', [{ type: 'monstergroup', name: 'GROUP_A', default: 'mon_zombie', monsters: [{ monster: 'mon_latr', freq: 1, cost_multiplier: 1 }] }]],
  ];
  for (const [rel, content] of edits) {
    const file = ws.file(rel);
    const text = JSON.stringify(content, null, 2);
    fs.writeFileSync(file, text);
    ws.project.updateFile(file, text);
    assert.deepEqual(snapshot(ws.project), snapshot(fresh(ws)), `after editing ${rel}`);
  }
  assert.deepEqual(ws.codes('a/spawns.json'), ['unknown-id']);
});

test('an edit of what a definition says does not re-check the references to it; an edit of whether it is there, or abstract, does', () => {
  const ws = workspace({
    'm/modinfo.json': modinfo('m'),
    'm/items.json': [{ type: 'GENERIC', id: 'my_cloth', name: { str: 'cloth' }, description: 'a' }],
    'm/groups.json': [{ type: 'item_group', id: 'g_cloth', subtype: 'collection', entries: [{ item: 'my_cloth' }] }],
    // An unknown item: "did you mean" reads the kind's ids, which a description edit leaves.
    'm/typo.json': [{ type: 'item_group', id: 'g_typo', subtype: 'collection', entries: [{ item: 'my_clth' }] }],
  });
  try {
    const groups = ws.project.files.get(ws.file('m/groups.json'))!;
    assert.deepEqual(ws.codes('m/groups.json'), []);
    const memo = [...groups.memo.values()][0];
    assert.deepEqual(ws.codes('m/typo.json'), ['unknown-id']);
    const typo = ws.project.files.get(ws.file('m/typo.json'))!;
    const typoMemo = [...typo.memo.values()][0];
    const items = ws.file('m/items.json');
    // The edits go to the disk too, for the fresh build to compare with.
    const edit = (text: string): void => { fs.writeFileSync(items, text); ws.project.updateFile(items, text); };
    // Its description: the group's checks are not run again (their memo is the same object).
    edit(JSON.stringify([{ type: 'GENERIC', id: 'my_cloth', name: { str: 'cloth' }, description: 'ab' }]));
    assert.deepEqual(ws.codes('m/groups.json'), []);
    assert.equal([...groups.memo.values()][0], memo);
    assert.deepEqual(ws.codes('m/typo.json'), ['unknown-id']);
    assert.equal([...typo.memo.values()][0], typoMemo);
    // Abstract now: the reference no longer resolves.
    edit(JSON.stringify([{ type: 'GENERIC', abstract: 'my_cloth', name: { str: 'cloth' } }]));
    assert.deepEqual(ws.codes('m/groups.json'), ['unknown-id']);
    // Back, then gone.
    edit(JSON.stringify([{ type: 'GENERIC', id: 'my_cloth', name: { str: 'cloth' } }]));
    assert.deepEqual(ws.codes('m/groups.json'), []);
    edit('[]');
    assert.deepEqual(ws.codes('m/groups.json'), ['unknown-id']);
    assert.deepEqual(snapshot(ws.project), snapshot(fresh(ws)));
  } finally {
    fs.rmSync(ws.mods, { recursive: true, force: true });
    fs.rmSync(ws.game, { recursive: true, force: true });
  }
});

test('the game\'s copy-from links wait outside the reverse index; edits of what a mod\'s definition inherits through the game\'s end as a fresh build', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/kid.json': [{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_game_mid', name: { str: 'kid' } }],
    'a/base.json': [],
  }, {
    'json/chain.json': [
      { type: 'MONSTER', id: 'mon_game_mid', 'copy-from': 'mon_game_top', name: { str: 'mid' } },
      { type: 'MONSTER', id: 'mon_game_top', 'copy-from': 'mon_zombie', name: { str: 'top' } },
    ],
  });
  // Read from disk outside the roots (as the cache gives them): no file of the game links its parent.
  assert.equal(ws.project.sharedKeyOf('MONSTER', 'mon_game_top'), undefined);
  assert.equal(ws.project.sharedKeyOf('MONSTER', 'mon_zombie'), undefined);
  assert.notEqual(ws.project.sharedKeyOf('MONSTER', 'mon_game_mid'), undefined, 'the mod\'s link is there');
  snapshot(ws.project);
  const edits: [string, unknown][] = [
    ['a/base.json', [{ type: 'MONSTER', id: 'mon_game_top', name: { str: 'top in the mod' } }]],
    ['a/base.json', [{ type: 'MONSTER', id: 'mon_game_top', 'copy-from': 'mon_zombie', hp: 'many' }]],
    ['a/base.json', [monster('mon_zombie', { description: undefined })]],
    ['a/kid.json', [{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_game_top', name: { str: 'kid' } }]],
    ['a/base.json', []],
    // The game's file edited (open in an editor): what the mod's definition inherits through the game's changes.
    [path.join(ws.game, 'json/chain.json'), [{ type: 'MONSTER', id: 'mon_game_top', name: { str: 'top' } }]],
  ];
  const kidCodes: string[][] = [];
  for (const [rel, content] of edits) {
    const file = path.isAbsolute(rel) ? rel : ws.file(rel);
    const text = JSON.stringify(content, null, 2);
    fs.writeFileSync(file, text);
    ws.project.updateFile(file, text);
    assert.deepEqual(snapshot(ws.project), snapshot(fresh(ws)), `after editing ${rel}`);
    kidCodes.push(ws.codes('a/kid.json'));
  }
  assert.deepEqual(kidCodes.at(-2), []);
  assert.ok(kidCodes.at(-1)!.includes('missing-field'), 'the mod\'s definition inherits what the game\'s edited one lacks');
});

test('a game definition keeping its whole value keeps it in its file until asked (read again then), and after an edit of the file', () => {
  const game = writeTree(MINI_CORE);
  const mods = writeTree({ 'a/modinfo.json': modinfo('a'), 'a/kid.json': [{ type: 'MONSTER', id: 'mon_kid', 'copy-from': 'mon_dog', name: { str: 'kid' } }] });
  try {
    const reads: string[] = [];
    const project = new Project({ gamePath: game, roots: [mods], readFile: (p) => { reads.push(p); return fs.readFileSync(p, 'utf8'); }, inMemory: () => false });
    project.load();
    const monsters = path.join(game, 'json/monsters.json');
    const dog = (): DefinitionRecord => project.files.get(monsters)!.records.find((r) => r.ids.includes('mon_dog'))!;
    assert.equal(dog().summarized, false, 'a monster keeps its whole value');
    const readsOfMonsters = (): number => reads.filter((p) => p === monsters).length;
    assert.equal(readsOfMonsters(), 0, 'the load reads each content file once, as listed');
    const onDisk = (JSON.parse(fs.readFileSync(monsters, 'utf8')) as Record<string, unknown>[])[1];
    assert.deepEqual(dog().value, onDisk);
    assert.equal(readsOfMonsters(), 1, 'read again when first asked for');
    assert.equal(dog().value, dog().value, 'then kept');
    assert.deepEqual(project.diagnostics(path.join(mods, 'a/kid.json')), []);
    const edited = [{ type: 'MONSTER', id: 'mon_dog', name: { str: 'dog' } }];
    project.updateFile(monsters, JSON.stringify(edited));
    assert.deepEqual(dog().value, edited[0]);
    assert.ok(project.diagnostics(path.join(mods, 'a/kid.json')).length > 0, 'what the definition inherits is the edited one');
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
    fs.rmSync(mods, { recursive: true, force: true });
  }
});
