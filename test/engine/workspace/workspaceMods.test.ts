/**
 * WorkspaceMods (server/src/workspace/workspaceMods.ts): the modinfo.json files as mods, one mod per id, and which
 * mod owns a file. The deepest content root owns a file; a workspace copy of a game mod wins; two mods of one id
 * at the same level are one duplicate-mod problem; changesMod sees only what changes the mod; a modinfo.json that
 * declares no mod is a problem on it.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { WorkspaceMods } from '../../../server/src/workspace/workspaceMods';
import { VERSION_0F } from '../../../server/src/registry/versions/v0F';
import { VERSION_CURRENT } from '../../../server/src/registry/versions/current';
import { modinfo, writeTree } from '../../helpers/workspace';
import { removeAll } from '../../helpers/rooms';

const GAME = path.resolve('/game');
const WS = path.resolve('/ws');
const at = (...parts: string[]): string => path.join(...parts);

/** Mods kept in memory: `modinfos` (path -> text) declared through modInfoOf, as discover reads them. */
function modsOf(modinfos: Record<string, string>, layout: { roots?: string[]; gamePath?: string } = {}): { mods: WorkspaceMods; store: FileStore } {
  const store = new FileStore(() => { throw Object.assign(new Error('no disk'), { code: 'ENOENT' }); });
  const mods = new WorkspaceMods({ roots: layout.roots ?? [WS], gamePath: layout.gamePath ?? GAME, dependencyPaths: [] }, VERSION_0F, store, () => undefined);
  for (const [p, text] of Object.entries(modinfos)) mods.declare(p, mods.modInfoOf(p, text));
  mods.rebuildGraph();
  return { mods, store };
}

const info = (id: string, deps: string[] = ['dda'], extra: Record<string, unknown> = {}): string => JSON.stringify(modinfo(id, deps, extra));
const CORE = { [at(GAME, 'mods/dda/modinfo.json')]: info('dda', [], { path: '../../json', core: true }) };

test('the deepest content root holding a file owns it, found on disk and found one file at a time alike', () => {
  const dir = writeTree({
    'big/modinfo.json': modinfo('big'),
    'big/a.json': '[]',
    'big/inner/modinfo.json': modinfo('inner', ['big']),
    'big/inner/b.json': '[]',
    'pathed/modinfo.json': modinfo('pathed', ['dda'], { path: 'data' }),
    'pathed/data/c.json': '[]',
    'pathed/loose.json': '[]',
  });
  try {
    const store = new FileStore((p) => fs.readFileSync(p, 'utf8'));
    const mods = new WorkspaceMods({ roots: [dir], gamePath: undefined, dependencyPaths: [] }, VERSION_0F, store, () => undefined);
    mods.discover();
    const expected: Record<string, string | undefined> = {
      'big/a.json': 'big', 'big/modinfo.json': 'big', 'big/inner/b.json': 'inner', 'big/inner/modinfo.json': 'inner',
      'pathed/data/c.json': 'pathed', 'pathed/modinfo.json': 'pathed', 'pathed/loose.json': undefined,
    };
    const listed = new Set(mods.contentFilesOfActiveMods());
    for (const [rel, owner] of Object.entries(expected)) {
      const p = path.join(dir, rel);
      assert.equal(mods.ownerOf(p)?.id, owner, `${rel} (as listed)`);
      assert.equal(mods.findOwner(p)?.id, owner, `${rel} (found again)`);
      assert.equal(listed.has(p), owner !== undefined, `${rel} is listed as content`);
    }
  } finally {
    removeAll(dir);
  }
});

test('a workspace copy of a game mod wins over it, whichever sorts first, with no duplicate-mod problem', () => {
  for (const [gamePath, root] of [[GAME, WS], [path.resolve('/zgame'), path.resolve('/aws')]]) {
    const gameCopy = at(gamePath, 'mods/aftershock/modinfo.json');
    const mine = at(root, 'aftershock/modinfo.json');
    const { mods, store } = modsOf({
      [at(gamePath, 'mods/dda/modinfo.json')]: info('dda', [], { path: '../../json', core: true }),
      [gameCopy]: info('aftershock'), [mine]: info('aftershock'),
    }, { roots: [root], gamePath });
    assert.equal(mods.graph.get('aftershock')?.modinfoFile, mine, gamePath);
    assert.equal(mods.ownerOf(at(root, 'aftershock/items.json'))?.id, 'aftershock');
    assert.equal(mods.ownerOf(at(gamePath, 'mods/aftershock/items.json')), undefined, 'the game\'s copy is not loaded');
    assert.deepEqual([...store.problemEntries()], []);
  }
});

test('two mods of one id at the same level: one duplicate-mod problem on the later, kept once across rebuilds, gone with it', () => {
  const a = at(WS, 'a/modinfo.json');
  const b = at(WS, 'b/modinfo.json');
  const { mods, store } = modsOf({ ...CORE, [b]: info('same'), [a]: info('same') });
  assert.equal(mods.graph.get('same')?.modinfoFile, a, 'the first by path is used');
  const problems = (): string[] => [...store.problemEntries()].map(([p, x]) => `${path.relative(WS, p)} ${x.code}`);
  assert.deepEqual(problems(), [`${path.join('b', 'modinfo.json')} duplicate-mod`]);
  assert.match(store.problemOf(b)!.message, /"same" is already used by .*a[\\/]modinfo\.json/);
  mods.rebuildGraph();
  assert.deepEqual(problems(), [`${path.join('b', 'modinfo.json')} duplicate-mod`]);
  mods.declare(b, undefined);
  mods.rebuildGraph();
  assert.deepEqual(problems(), []);
});

test('changesMod: a new id, dependency or content folder changes the mod; spacing, name and description do not', () => {
  const p = at(WS, 'm/modinfo.json');
  const before = info('m', ['dda', 'other']);
  const { mods } = modsOf({ ...CORE, [p]: before });
  const same = [
    JSON.stringify(JSON.parse(before)),
    before.replace('"name": "m"', '"name": "My mod"'),
    before.replace('"description": "test mod"', '"description": "changed"'),
    before.replace(/\]\s*$/, ',]'), // a trailing comma: read tolerantly, the same mod
  ];
  for (const text of same) assert.equal(mods.changesMod(p, text), false, text);
  const other = [
    info('m2', ['dda', 'other']),
    info('m', ['dda']),
    info('m', ['other', 'dda']),
    info('m', ['dda', 'other'], { path: 'data' }),
    '[]',
  ];
  for (const text of other) assert.equal(mods.changesMod(p, text), true, text);
  assert.equal(mods.changesMod(p, undefined), true, 'deleted');

  const none = at(WS, 'n/modinfo.json');
  assert.equal(mods.changesMod(none, undefined), false, 'a modinfo.json declaring nothing, deleted');
  assert.equal(mods.changesMod(none, '[ { "type": "MOD_INFO" } ]'), false, 'still declares no mod');
  assert.equal(mods.changesMod(none, info('n')), true, 'declares a mod now');
});

test('a modinfo.json that declares no mod is a problem on it, saying why; declaring one clears it', () => {
  const p = at(WS, 'm/modinfo.json');
  const { mods, store } = modsOf(CORE);
  const why: [string, RegExp][] = [
    ['  \n', /it is empty/],
    ['nope', /it is not JSON/],
    ['[ { "type": "MOD_INFO", "id": "" }, { "type": "MONSTER", "id": "x" } ]', /no object with "type": "MOD_INFO" and a non-empty "id"/],
  ];
  for (const [text, message] of why) {
    assert.equal(mods.modInfoOf(p, text), undefined, text);
    assert.equal(store.problemOf(p)?.code, 'invalid-modinfo', text);
    assert.match(store.problemOf(p)!.message, message);
  }
  assert.equal(mods.modInfoOf(p, info('m'))?.id, 'm');
  assert.equal(store.problemOf(p), undefined);
});

test('current game: a mod\'s mod_interactions/<other>/ folder is a part of its own, active when the other mod is; a folder appearing is seen', () => {
  const dir = writeTree({
    'a/modinfo.json': modinfo('a'),
    'b/modinfo.json': modinfo('b'),
    'b/own.json': '[]',
    'b/mod_interactions/a/with_a.json': '[]',
    'b/mod_interactions/absent/with_absent.json': '[]',
    'b/mod_interactions/stray.json': '[]',
  });
  try {
    const store = new FileStore((p) => fs.readFileSync(p, 'utf8'));
    const mods = new WorkspaceMods({ roots: [dir], gamePath: undefined, dependencyPaths: [] }, VERSION_CURRENT, store, () => undefined);
    mods.discover();
    const owner = (rel: string): string | undefined => mods.ownerOf(path.join(dir, rel))?.id;
    const listed = mods.contentFilesOfActiveMods().map((p) => path.relative(dir, p)).sort();
    assert.deepEqual(listed, ['a/modinfo.json', 'b/mod_interactions/a/with_a.json', 'b/modinfo.json', 'b/own.json'].map((p) => path.normalize(p)));
    assert.equal(owner('b/own.json'), 'b');
    assert.equal(owner('b/mod_interactions/a/with_a.json'), 'b+a');
    assert.deepEqual([...mods.graph.visibleFrom('b+a')].sort(), ['a', 'b', 'b+a', 'dda']);
    assert.equal(owner('b/mod_interactions/absent/with_absent.json'), undefined, 'its other mod is not there');
    assert.equal(owner('b/mod_interactions/stray.json'), undefined, 'directly in the folder: no part\'s');
    assert.equal(mods.interactionFoldersChanged(path.join(dir, 'b/mod_interactions/a/more.json')), false, 'a file in a known folder');
    fs.mkdirSync(path.join(dir, 'a/mod_interactions/b'), { recursive: true });
    assert.equal(mods.interactionFoldersChanged(path.join(dir, 'a/mod_interactions/b/new.json')), true, 'a folder appeared');
    assert.equal(mods.interactionFoldersChanged(path.join(dir, 'a/other.json')), false);
  } finally {
    removeAll(dir);
  }
});
