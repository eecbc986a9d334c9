/**
 * Bugs the property test (test/engine/property.test.ts) found in incremental updates, each reduced to its
 * minimized sequence: after the sequence, the diagnostics (and the files updateFile returned, which a server
 * re-publishes) equal a fresh build's.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { modinfo, workspace, type TestWorkspace } from '../helpers/workspace';
import { NearWords } from '../../server/src/util/closest';
import { definitionSites } from '../../server/src/queries/references';
import { hover } from '../../server/src/queries/hover';
import { modinfoText, replay } from '../helpers/trust';

const monster = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human',
  volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'x', color: 'red', ...extra,
});

function diagnosticsOf(project: Project): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of project.reportedFiles().sort((a, b) => (a.path < b.path ? -1 : 1))) {
    out[f.path] = project.diagnostics(f.path).map((d) => `${d.start}-${d.end} ${d.code} ${d.message}${(d.related ?? []).map((r) => ` [${r.path}@${r.start}-${r.end}]`).join('')}`);
  }
  return out;
}

function assertSameAsFresh(ws: TestWorkspace, gameVersion?: string): void {
  const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity, gameVersion });
  fresh.load();
  assert.deepEqual(diagnosticsOf(ws.project), diagnosticsOf(fresh));
}

/** Writes (or deletes) a file of the workspace and gives the project the same change; returns what it re-checked. */
function change(ws: TestWorkspace, rel: string, content: unknown): string[] {
  const p = ws.file(rel);
  if (content === undefined) fs.rmSync(p);
  else { fs.mkdirSync(path.dirname(p), { recursive: true }); fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content, null, 2)); }
  return ws.project.updateFile(p, content === undefined ? undefined : fs.readFileSync(p, 'utf8'));
}

test('lines inserted above a definition move the related location other files show for it, and re-publish them', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/one.json': [monster('mon_one')],
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'b/two.json': [monster('mon_one')],
  });
  const dup = ws.diagnostics('b/two.json').find((d) => d.code === 'duplicate-id')!;
  assert.equal(dup.related![0].path, ws.file('a/one.json'));
  const text = fs.readFileSync(ws.file('a/one.json'), 'utf8');
  change(ws, 'a/one.json', `[\n${text.slice(1)}`); // a first edit: from now on the file's unchanged definitions are kept
  assert.equal(ws.diagnostics('b/two.json')[0].related![0].start, dup.related![0].start + 1, 'published again after the first edit');
  const affected = change(ws, 'a/one.json', `[\n\n\n\n${text.slice(1)}`);
  assert.ok(affected.includes(ws.file('b/two.json')), 'the file pointing into the edited one is re-published');
  const moved = ws.diagnostics('b/two.json').find((d) => d.code === 'duplicate-id')!;
  assert.equal(moved.related![0].start, dup.related![0].start + 4);
  assertSameAsFresh(ws);
});

test('a modinfo.json whose mod id is taken, edited without changing the mod, stays reported with duplicate-mod', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'b/modinfo.json': modinfo('b') });
  change(ws, 'c/modinfo.json', modinfo('a'));
  assert.deepEqual(ws.codes('c/modinfo.json'), ['duplicate-mod']);
  const affected = change(ws, 'c/modinfo.json', JSON.stringify(modinfo('a'), null, 2).replace('"content"', '"content",'));
  assert.ok(affected.includes(ws.file('c/modinfo.json')));
  assert.deepEqual(ws.codes('c/modinfo.json'), ['duplicate-mod', 'json-syntax']);
  assertSameAsFresh(ws);
});

test('a modinfo.json created without a mod is reported (invalid-modinfo), in a folder of its own or inside a mod', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'a/one.json': [monster('mon_one')] });
  const noId = JSON.stringify([{ type: 'MOD_INFO', name: 'x', dependencies: ['dda'] }]);
  assert.deepEqual(change(ws, 'new/modinfo.json', noId), [ws.file('new/modinfo.json')]);
  assert.deepEqual(ws.codes('new/modinfo.json'), ['invalid-modinfo']);
  change(ws, 'a/extra/modinfo.json', '');
  assert.deepEqual(ws.codes('a/extra/modinfo.json'), ['invalid-modinfo', 'json-syntax']);
  change(ws, 'a/extra/modinfo.json', '[ { "type": "MOD_INFO", "name": "x" } ');
  assert.ok(ws.codes('a/extra/modinfo.json').includes('invalid-modinfo'));
  assertSameAsFresh(ws);
});

test('a file read again when its mod comes back is located in its new text (no stale cached text)', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'a/one.json': [monster('mon_one', { hp: 'x' })] });
  assert.deepEqual(ws.codes('a/one.json'), ['invalid-value']); // its text is read (and cached) to place the diagnostic
  change(ws, 'a/modinfo.json', undefined);
  change(ws, 'a/one.json', JSON.stringify([monster('mon_one', { hp: 'x' })])); // compact: other offsets
  change(ws, 'a/modinfo.json', modinfo('a'));
  const d = ws.diagnostics('a/one.json')[0];
  assert.equal(fs.readFileSync(ws.file('a/one.json'), 'utf8').slice(d.start, d.end), '"x"');
  assertSameAsFresh(ws);
});

test('current game: a mod_interactions/<mod>/ folder that appears or goes changes what is loaded', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'b/modinfo.json': modinfo('b'),
    'b/one.json': [monster('mon_b')],
  }, {}, { gameVersion: 'current' });
  const rel = 'a/mod_interactions/b/with_b.json';
  const affected = change(ws, rel, [monster('mon_a_with_b', { hp: 'x' })]);
  assert.ok(affected.includes(ws.file(rel)));
  assert.deepEqual(ws.codes(rel), ['invalid-value']);
  assert.equal(ws.project.defs.get('MONSTER', 'mon_a_with_b').length, 1);
  assertSameAsFresh(ws, 'current');
  // The folder deleted: gone from the disk when the server hears of its last file.
  fs.rmSync(path.dirname(ws.file(rel)), { recursive: true });
  ws.project.updateFile(ws.file(rel), undefined);
  assert.equal(ws.project.defs.get('MONSTER', 'mon_a_with_b').length, 0);
  assertSameAsFresh(ws, 'current');
});

test('current game: a file under two equally deep content roots has the owner a fresh build gives it', () => {
  const ws = workspace({
    'b/modinfo.json': modinfo('b'),
    'c/modinfo.json': modinfo('c'),
    'c/mod_interactions/b/modinfo.json': modinfo('x'),
  }, {}, { gameVersion: 'current' });
  change(ws, 'c/mod_interactions/b/m.json', [monster('mon_m')]);
  const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], gameVersion: 'current' });
  fresh.load();
  assert.equal(ws.project.files.get(ws.file('c/mod_interactions/b/m.json'))?.modId, fresh.files.get(ws.file('c/mod_interactions/b/m.json'))?.modId);
  assertSameAsFresh(ws, 'current');
});

test('current game: a file directly in a nested mod\'s mod_interactions/ folder belongs to no mod, as in a fresh build', () => {
  const ws = workspace({
    'c/modinfo.json': modinfo('c'),
    'c/one.json': [monster('mon_c')],
  }, {}, { gameVersion: 'current' });
  change(ws, 'c/extra/modinfo.json', modinfo('d', ['dda', 'c']));
  change(ws, 'c/extra/mod_interactions/stray.json', [monster('mon_stray', { hp: 'x' })]);
  assert.equal(ws.project.files.get(ws.file('c/extra/mod_interactions/stray.json')), undefined);
  assertSameAsFresh(ws, 'current');
});

test('never stuck: a definition named in thousands of places, renamed keystroke by keystroke, is compared with its kind\'s ids once per keystroke', () => {
  const N = 4000;
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/target.json': [monster('mon_target')],
    'a/many.json': Array.from({ length: N }, (_, i) => monster(`mon_many_${i}`, { upgrades: { half_life: 1, into: 'mon_target' } })),
  });
  assert.deepEqual(ws.codes('a/many.json'), []);
  const text = fs.readFileSync(ws.file('a/target.json'), 'utf8');
  // Counted, not timed: a search of a kind's ids is one that its memo does not answer.
  const nearWords = NearWords.prototype as unknown as { scored(this: NearWordsInside, word: string): unknown };
  type NearWordsInside = { readonly memo: ReadonlyMap<string, unknown> };
  const scored = nearWords.scored;
  let searches = 0;
  nearWords.scored = function (word) { if (!this.memo.has(word)) searches++; return scored.call(this, word); };
  try {
    for (const id of ['mon_targe', 'mon_targ', 'mon_targe']) {
      for (const p of ws.project.updateFile(ws.file('a/target.json'), text.replace('"mon_target"', `"${id}"`))) ws.project.diagnostics(p);
    }
  } finally {
    nearWords.scored = scored;
  }
  // Each of the N unknown ids once compared with all N + 1 monsters (quadratic) took over 10 s: now one search
  // per keystroke and mod whose ids the unknown id could be.
  assert.ok(searches >= 3 && searches <= 3 * 2, `${searches} searches of the monsters' ids for 3 keystrokes`);
  const ds = ws.diagnostics('a/many.json');
  assert.equal(ds.length, N);
  assert.match(ds[N - 1].message, /unknown monster "mon_target"; did you mean "mon_targe"\?/);
  fs.writeFileSync(ws.file('a/target.json'), text.replace('"mon_target"', '"mon_targe"'));
  assertSameAsFresh(ws);
});

test('never stuck: a modinfo.json edit that changes the mods re-reads only the files that changed mod, not the game', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/one.json': [monster('mon_one')],
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'b/two.json': [{ type: 'MONSTER', id: 'mon_one', 'edit-mode': 'modify', hp: 2 }, monster('mon_two', { upgrades: { half_life: 1, into: 'mon_zombie' } })],
  });
  const reads: string[] = [];
  const project = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity, readFile: (p) => { reads.push(p); return fs.readFileSync(p, 'utf8'); } });
  project.load();
  const zombie = project.files.get(path.join(ws.game, 'json/monsters.json'))!.records[0];
  assert.deepEqual(project.diagnostics(ws.file('b/two.json')).map((d) => d.code), []);
  reads.length = 0;
  fs.writeFileSync(ws.file('b/modinfo.json'), JSON.stringify(modinfo('b', ['dda'])));
  project.updateFile(ws.file('b/modinfo.json'), fs.readFileSync(ws.file('b/modinfo.json'), 'utf8'));
  assert.deepEqual(reads, [], 'no file is read again: every file stays in its mod');
  assert.equal(project.files.get(path.join(ws.game, 'json/monsters.json'))!.records[0], zombie, 'the game keeps its records');
  assert.deepEqual(project.diagnostics(ws.file('b/two.json')).map((d) => d.code), ['modify-missing'], 'what b sees is checked again');
  // The other way: a folder that becomes a mod of its own takes its files from the enclosing mod.
  change(ws, 'a/sub/three.json', [monster('mon_three')]);
  project.updateFile(ws.file('a/sub/three.json'), fs.readFileSync(ws.file('a/sub/three.json'), 'utf8'));
  fs.writeFileSync(ws.file('a/sub/modinfo.json'), JSON.stringify(modinfo('sub')));
  project.updateFile(ws.file('a/sub/modinfo.json'), fs.readFileSync(ws.file('a/sub/modinfo.json'), 'utf8'));
  assert.equal(project.files.get(ws.file('a/sub/three.json'))!.modId, 'sub');
  const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity });
  fresh.load();
  assert.deepEqual(diagnosticsOf(project), diagnosticsOf(fresh));
});

test('a dependency added in a modinfo.json changes which definition a copy-from names, for the mod and for a mod inheriting through it that sees the same as before', () => {
  const noName = (id: string, extra: Record<string, unknown> = {}) => {
    const m: Record<string, unknown> = monster(id, extra);
    delete m.name;
    return m;
  };
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/src.json': [noName('mon_src', { override: true })],
    'b/modinfo.json': modinfo('b'),
    'b/mid.json': [{ type: 'MONSTER', id: 'mon_mid', 'copy-from': 'mon_src', hp: 2 }],
    'c/modinfo.json': modinfo('c', ['dda', 'a', 'b']),
    'c/leaf.json': [{ type: 'MONSTER', id: 'mon_leaf', 'copy-from': 'mon_mid', hp: 3 }],
  }, { 'json/src.json': [monster('mon_src')] });
  const leaf = ws.file('c/leaf.json');
  assert.deepEqual(ws.codes('c/leaf.json'), []);
  assert.deepEqual(ws.codes('b/mid.json'), []);
  // b now sees a's mon_src, which has no name: so do mon_mid and mon_leaf. c sees the same mods in the same order.
  const republished = change(ws, 'b/modinfo.json', modinfo('b', ['dda', 'a']));
  assert.ok(republished.includes(leaf), 'the file inheriting through the changed mod is re-published');
  assert.ok(ws.codes('c/leaf.json').includes('missing-field'));
  assertSameAsFresh(ws);
  change(ws, 'b/modinfo.json', modinfo('b'));
  assert.deepEqual(ws.codes('c/leaf.json'), []);
  assertSameAsFresh(ws);
});

test('a dependency being typed (unknown, then another unknown) keeps the memoized checks of the mod that do not report unknown ids; removing it brings the reports back', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/m.json': [monster('mon_a', { upgrades: { half_life: 3, into: 'mon_nowhere' } }), monster('mon_fine')],
  });
  const file = ws.file('a/m.json');
  assert.deepEqual(ws.codes('a/m.json'), ['unknown-id']);
  const records = ws.project.files.get(file)!.records;
  const memo = ws.project.files.get(file)!.memo;
  const fine = memo.get(records[1]);
  assert.ok(fine, 'checked');
  change(ws, 'a/modinfo.json', modinfo('a', ['dda', 'n']));
  assert.deepEqual(ws.codes('a/m.json'), [], 'unknown ids are not reported while a dependency is unknown');
  assert.equal(memo.get(records[1]), fine, 'a definition without unknown ids keeps its checks');
  change(ws, 'a/modinfo.json', modinfo('a', ['dda', 'no']));
  assertSameAsFresh(ws);
  change(ws, 'a/modinfo.json', modinfo('a'));
  assert.deepEqual(ws.codes('a/m.json'), ['unknown-id']);
  assertSameAsFresh(ws);
});

test('an interaction folder created in a mod that lost its id to another is loaded once that mod has its id again', () => {
  const ws = workspace({
    'ma/modinfo.json': modinfo('mod_x'),
    'ma/m.json': [monster('mon_a')],
    'mb/modinfo.json': modinfo('mod_a'),
    'mb/m.json': [monster('mon_b')],
    'mc/modinfo.json': modinfo('mod_c'),
    'mc/m.json': [monster('mon_c')],
  }, {}, { gameVersion: 'current' });
  // ma takes the id mod_a (first by path, it wins): mb is not loaded, nor the interaction folder then made in it.
  change(ws, 'ma/modinfo.json', modinfo('mod_a'));
  change(ws, 'mb/mod_interactions/mod_c/g.json', [{ type: 'monstergroup', name: 'GROUP_B', default: 'mon_c', monsters: [{ monster: 'mon_c', freq: 10, cost_multiplier: 1 }] }]);
  // Then ma takes another id: mb is loaded again, with its interaction folder.
  change(ws, 'ma/modinfo.json', modinfo('mod_e'));
  assert.ok(ws.project.reportedFiles().some((f) => f.path === ws.file('mb/mod_interactions/mod_c/g.json')));
  assertSameAsFresh(ws, 'current');
});

test('a modinfo.json typed from no dependencies to one empty dependency reports it (soak seed 81001)', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a', []), 'a/one.json': [monster('mon_one')] });
  assert.deepEqual(ws.codes('a/modinfo.json'), []);
  // A string left open at the end of the file: cut off, it declares no mod (it did, with an empty dependency).
  const open = JSON.stringify(modinfo('a', []), null, 2).replace(/"dependencies": \[\][\s\S]*$/, '"dependencies": [\n "');
  change(ws, 'a/modinfo.json', open);
  assert.ok(ws.codes('a/modinfo.json').includes('invalid-modinfo'), ws.codes('a/modinfo.json').join());
  assertSameAsFresh(ws);
  change(ws, 'a/modinfo.json', JSON.stringify(modinfo('a', [''])));
  assert.ok(ws.codes('a/modinfo.json').includes('unknown-dependency'), ws.codes('a/modinfo.json').join());
  assertSameAsFresh(ws);
});

test('a copy-from loop is still reported once its mod depends on an unknown mod, as a fresh start (soak seed 105112)', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/m.json': [monster('mon_a', { 'copy-from': 'mon_c' }), monster('mon_c', { 'copy-from': 'mon_a' })],
  });
  assert.ok(ws.codes('a/m.json').includes('copy-from-cycle'));
  // A missing mod can define ids, not break a loop of ids this mod defines (see checkUnknownIds).
  change(ws, 'a/modinfo.json', modinfo('a', ['dda', 'mod_nowhere']));
  assert.ok(ws.codes('a/m.json').includes('copy-from-cycle'), ws.codes('a/m.json').join());
  assertSameAsFresh(ws);
  change(ws, 'a/modinfo.json', modinfo('a'));
  assert.ok(ws.codes('a/m.json').includes('copy-from-cycle'));
  assertSameAsFresh(ws);
});

test('a mod that comes to be written for another format (its ITEMs outnumber its legacy items in a 0.F workspace) re-publishes its modinfo.json with the notice, and without it when it goes back', () => {
  const item = (id: string) => ({ type: 'ITEM', subtypes: ['TOOL'], id, name: { str: id }, description: 'd', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' });
  const legacy = (id: string) => ({ ...item(id), type: 'TOOL', subtypes: undefined });
  const ws = workspace({ 'm/modinfo.json': modinfo('m'), 'm/a.json': ['a1', 'a2'].map(item), 'm/old.json': ['o1', 'o2'].map(legacy) });
  const modinfoFile = ws.file('m/modinfo.json');
  assert.ok(!ws.diagnostics('m/modinfo.json').some((d) => d.code === 'game-version-mismatch'), 'as many legacy items as ITEMs: no notice');
  const grown = change(ws, 'm/b.json', [item('b1')]);
  assert.ok(grown.includes(modinfoFile), 'modinfo.json re-checked when the verdict changes');
  assert.ok(ws.diagnostics('m/modinfo.json').some((d) => d.code === 'game-version-mismatch'));
  assertSameAsFresh(ws);
  const shrunk = change(ws, 'm/b.json', undefined);
  assert.ok(shrunk.includes(modinfoFile), 'and again when it changes back');
  assertSameAsFresh(ws);
});

test('a definition naming its id twice is one definition of it after an edit, as in a fresh build: hover and go to definition show it once (soak seed 700005)', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'a/m.json': [monster('mon_x', { id: ['mon_x', 'mon_x'] })] });
  const sites = (project: Project) => definitionSites(project, 'MONSTER', 'mon_x').map((s) => `${s.path}@${s.start}`);
  const text = fs.readFileSync(ws.file('a/m.json'), 'utf8');
  const onId = text.indexOf('"mon_x"') + 1;
  assert.equal(sites(ws.project).length, 1, 'a fresh build lists it once');
  change(ws, 'a/m.json', `${text}\n`);
  assert.equal(sites(ws.project).length, 1, sites(ws.project).join());
  assert.doesNotMatch(hover(ws.project, ws.file('a/m.json'), onId)!.markdown, /Defined 2 times/);
  assertSameAsFresh(ws);
  // The soak's sequence: a modinfo.json typed half-written inside a mod, its "id" array reading "mod_d" twice.
  const soak = [
    { name: 'me/modinfo.json: repaired', changes: [{ rel: 'me/modinfo.json', text: modinfoText('mod_e', ['dda', 'mod_a', 'mod_c'], 'compact') }] },
    { name: 'me/monsters/modinfo.json: typed', changes: [{ rel: 'me/monsters/modinfo.json', text: modinfoText('mod_d', ['dda', 'mod_d', 'mod_e']).replace('"id": "mod_d",', '"id": ["mod_d",') }] },
  ];
  const mismatch = replay(soak);
  assert.equal(mismatch, undefined, mismatch?.what);
});

test('a modinfo.json cut off is not loaded with a half-read id: invalid-modinfo says where it stops, on a fresh start and as typed', () => {
  const cut = '[ { "type": "MOD_INFO", "id": "tr';
  const ws = workspace({ 'm/modinfo.json': cut, 'm/a.json': [monster('mon_b', { 'copy-from': 'mon_nowhere' })] });
  const [problem] = ws.diagnostics('m/modinfo.json').filter((d) => d.code === 'invalid-modinfo');
  assert.match(problem.message, /declares no mod \(it is cut off: its text ends on line 1 before its JSON does\)/);
  assert.ok(!ws.project.mods.get('tr'), 'no mod "tr"');
  // Typed whole, it is the mod; cut again, it is not.
  change(ws, 'm/modinfo.json', modinfo('m'));
  assert.deepEqual(ws.codes('m/a.json'), ['unknown-id']);
  change(ws, 'm/modinfo.json', cut);
  assert.deepEqual(ws.diagnostics('m/a.json'), []);
  assert.deepEqual(ws.codes('m/modinfo.json').filter((c) => c === 'invalid-modinfo'), ['invalid-modinfo']);
  assertSameAsFresh(ws);
});

// A monster group named by "name": a form the current game does not read, which places a mod before January 2025.
const namedGroup = [{ type: 'monstergroup', name: 'GROUP_B', default: 'mon_b', monsters: [{ monster: 'mon_b', freq: 10, cost_multiplier: 1 }] }];
const hasVerdict = (ws: TestWorkspace, rel: string) => ws.diagnostics(rel).some((d) => d.code === 'game-version-mismatch');

test('current game: a mod whose id another mod takes gives its files to the enclosing mod, whose modinfo.json is re-published with their verdict (soak seed 505)', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'b/modinfo.json': modinfo('b', ['dda', 'a']), 'b/monsters/b.json': [monster('mon_b')] }, {}, { gameVersion: 'current' });
  // The soak's folder moved into b/monsters: a mod inside a mod, holding a monster group named by "name".
  change(ws, 'b/monsters/modinfo.json', modinfo('e', ['dda', 'b']));
  change(ws, 'b/monsters/b.json', namedGroup);
  assert.ok(hasVerdict(ws, 'b/monsters/modinfo.json') && !hasVerdict(ws, 'b/modinfo.json'), 'the group is mod e\'s');
  // A new mod folder takes the id "e" (a/extra comes first): b/monsters/ is mod b's content again.
  const affected = change(ws, 'a/extra/modinfo.json', modinfo('e', ['dda', 'a']));
  assert.ok(affected.includes(ws.file('b/modinfo.json')), 'the modinfo.json of the mod the files joined is re-published');
  assert.ok(hasVerdict(ws, 'b/modinfo.json'));
  assertSameAsFresh(ws, 'current');
  // Taken back (a/extra deleted): the files leave mod b again, and its notice goes.
  const back = change(ws, 'a/extra/modinfo.json', undefined);
  assert.ok(back.includes(ws.file('b/modinfo.json')));
  assert.ok(!hasVerdict(ws, 'b/modinfo.json'));
  assertSameAsFresh(ws, 'current');
  // The soak's sequence, every published file compared with a fresh build's.
  const soak = [
    { name: 'folder ma/sub moved to mb/monsters', changes: [{ rel: 'mb/monsters/modinfo.json', text: modinfoText('mod_e', ['dda', 'mod_b']) }, { rel: 'mb/monsters/b.json', text: JSON.stringify(namedGroup) }] },
    { name: 'new mod folder ma/extra', changes: [{ rel: 'ma/extra/modinfo.json', text: modinfoText('mod_e', ['dda', 'mod_a']) }] },
  ];
  const mismatch = replay(soak, { gameVersion: 'current' });
  assert.equal(mismatch, undefined, mismatch?.what);
});

test('current game: a mod inside a mod whose modinfo.json is deleted gives its files to the enclosing mod, whose modinfo.json is re-published with their verdict (soak seed 707)', () => {
  const ws = workspace({ 'a/modinfo.json': modinfo('a'), 'a/monsters.json': [monster('mon_b')] }, {}, { gameVersion: 'current' });
  change(ws, 'a/monsters/modinfo.json', modinfo('b', ['dda', 'a']));
  change(ws, 'a/monsters/groups.json', namedGroup);
  assert.ok(hasVerdict(ws, 'a/monsters/modinfo.json') && !hasVerdict(ws, 'a/modinfo.json'), 'the group is mod b\'s');
  const affected = change(ws, 'a/monsters/modinfo.json', undefined);
  assert.ok(affected.includes(ws.file('a/modinfo.json')), 'the modinfo.json of the mod the files joined is re-published');
  assert.ok(hasVerdict(ws, 'a/modinfo.json'));
  assertSameAsFresh(ws, 'current');
  // Created again: the files leave mod a, and its notice goes.
  const back = change(ws, 'a/monsters/modinfo.json', modinfo('b', ['dda', 'a']));
  assert.ok(back.includes(ws.file('a/modinfo.json')));
  assert.ok(!hasVerdict(ws, 'a/modinfo.json'));
  assertSameAsFresh(ws, 'current');
  const soak = [
    { name: 'folder mb moved to ma/monsters', changes: [{ rel: 'ma/monsters/modinfo.json', text: modinfoText('mod_b', ['dda', 'mod_a']) }, { rel: 'ma/monsters/g.json', text: JSON.stringify(namedGroup) }] },
    { name: 'ma/monsters/modinfo.json: deleted', changes: [{ rel: 'ma/monsters/modinfo.json', text: undefined }] },
  ];
  for (const warmStart of [false, true]) {
    const mismatch = replay(soak, { gameVersion: 'current', warmStart });
    assert.equal(mismatch, undefined, mismatch?.what);
  }
});
