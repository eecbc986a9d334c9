/**
 * The second thread that reads context files on a load (index/readAhead.ts): a project loaded with it holds
 * exactly what a project loaded on one thread holds (files, records, summaries, whole values, deferred files,
 * syntax problems), on fixtures with every kind of file it must hand back, and on the real games.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { once } from 'events';
import { execFileSync } from 'child_process';
import type { Worker } from 'worker_threads';
import { Project } from '../../server/src/project';
import { ReadAhead } from '../../server/src/index/readAhead';
import { LoadedBatch, packedOutline, type BatchOutline } from '../../server/src/index/loadedBatch';
import type { IdSearch } from '../../server/src/util/closest';
import { WorkspaceMods } from '../../server/src/workspace/workspaceMods';
import { MINI_CORE, modinfo, writeTree, type FileTree } from '../helpers/workspace';

/** Everything a load derives per file, in a comparable form. */
function loaded(project: Project): string[] {
  return [...project.files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => JSON.stringify([
    f.path, f.modId, f.reported, f.deferred, f.parsed.slots, f.parsed.objectCount, f.parsed.strays, f.parsed.wellFormed, f.parsed.problems,
    f.records.map((r) => [r.type, r.kind, r.ids, r.abstract, r.summarized, r.index, r.editMode, r.copyFrom, r.value]),
  ]));
}

/** How many of a project's files the second thread can read (strict JSON: an object or an array). */
function readableElsewhere(project: Project): number {
  let n = 0;
  for (const p of project.files.keys()) {
    try {
      const v: unknown = JSON.parse(fs.readFileSync(p, 'utf8').replace(/^\ufeff/, ''));
      if (v !== null && typeof v === 'object') n++;
    } catch { /* read by the loading thread */ }
  }
  return n;
}

function load(game: string, root: string, secondThread: boolean | 'every-file'): Project {
  const project = new Project({ gamePath: game, roots: [root], secondThread });
  project.load();
  return project;
}

/** A game of many small files, of every form. */
function fixtureGame(): string {
  const tree: FileTree = { ...MINI_CORE };
  for (let i = 0; i < 240; i++) {
    tree[`json/items/items_${i}.json`] = [
      { type: 'GENERIC', id: `thing_${i}`, name: { str: `thing ${i}` }, description: 'A thing.', weight: '1 g', volume: '1 L', category: 'other' },
      { type: 'MONSTER', id: `mon_${i}`, name: `mon ${i}`, description: 'A monster.', hp: 10, speed: 100, 'copy-from': 'mon_zombie' },
    ];
  }
  Object.assign(tree, {
    // One object, not an array.
    'json/single.json': { type: 'GENERIC', id: 'single_thing', name: 'single' },
    // Values that are not objects (strays) among definitions.
    'json/strays.json': [1, { type: 'GENERIC', id: 'stray_neighbour' }, [2], 'three', null],
    // A byte order mark.
    'json/bom.json': `\ufeff${JSON.stringify([{ type: 'GENERIC', id: 'bom_thing' }])}`,
    // Not strict JSON: the loading thread reads it itself (tolerant parse, syntax problems).
    'json/broken.json': '[ { "type": "GENERIC", "id": "broken_thing", }, { "type": "GENERIC" "id": "worse" } ]',
    'json/comment.json': '// a comment\n[ { "type": "GENERIC", "id": "commented_thing" } ]',
    // Numbers JSON text does not give back (negative zero, too large): in a summary's member, in a whole value.
    'json/numbers_summary.json': '[ { "type": "GENERIC", "id": "zero_thing", "name": -0, "description": [ 1e999, -0.0 ] } ]',
    'json/numbers_whole.json': '[ { "type": "MONSTER", "id": "mon_zero", "hp": -0, "speed": 1e999 }, { "type": "GENERIC", "id": "big_thing", "weight": -1e400 } ]',
    // Neither an object nor an array.
    'json/number.json': '5',
    'json/empty.json': '',
    // Map generators for overmap terrains only: deferred.
    'json/mapgen/house.json': [{ type: 'mapgen', om_terrain: 'house', object: { rows: [] } }],
    // Ids built from members (recipes), several ids (mapgen), snippets' ids in their text.
    'json/recipes.json': [{ type: 'recipe', result: 'thing_1', category: 'CC_OTHER', subcategory: 'CSC_ALL', 'copy-from': 'thing_0' }, { type: 'recipe', 'copy-from': 'thing_1', result: 'thing_1', id_suffix: 'alt' }],
    'json/nested.json': [{ type: 'mapgen', nested_mapgen_id: 'nest_a', object: {} }, { type: 'mapgen', update_mapgen_id: 'upd_a', object: {} }],
    'json/snippets.json': [{ type: 'snippet', category: 'flavor', text: [{ id: 'snip_a', text: 'A.' }, 'plain'] }],
    'mods/dep/modinfo.json': modinfo('dep'),
    'mods/dep/content.json': [{ type: 'GENERIC', id: 'dep_thing', 'copy-from': 'thing_3' }],
    'mods/mine/modinfo.json': modinfo('mine', ['dda', 'dep']),
    'mods/mine/content.json': [{ type: 'MONSTER', id: 'mon_mine', 'copy-from': 'mon_4', hp: 'many' }],
  });
  return writeTree(tree);
}

test('a load with a second thread holds what a load on one thread holds, for files of every form', () => {
  const game = fixtureGame();
  try {
    const mine = path.join(game, 'mods/mine');
    const one = load(game, mine, false);
    assert.equal(one.filesReadElsewhere, 0);
    const expected = loaded(one);
    // Every context file the second thread can read through it; then shared as the threads reach them.
    const two = load(game, mine, 'every-file');
    assert.deepEqual(loaded(two), expected);
    // The values themselves (JSON text above shows -0 as 0, infinities as null).
    const values = (p: Project): unknown[] => [...p.files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => f.records.map((r) => r.value));
    assert.deepEqual(values(two), values(one));
    const record = (id: string) => [...two.files.values()].flatMap((f) => f.records).find((r) => r.ids.includes(id));
    assert.equal(Object.is(record('zero_thing')?.value.name, -0), true, 'a summary keeps -0');
    assert.deepEqual(record('mon_zero')?.value, { type: 'MONSTER', id: 'mon_zero', hp: -0, speed: Infinity });
    assert.equal(two.filesReadElsewhere, readableElsewhere(two));
    // The default: at this size one thread (a second one starts for 1,500 files or more; the real-data tests below
    // load with it).
    assert.deepEqual(loaded(load(game, mine, true)), expected);
    const file = path.join(mine, 'content.json');
    assert.deepEqual(two.diagnostics(file), one.diagnostics(file));
    assert.ok(two.diagnostics(file).length > 0, 'the mod file has a diagnostic (hp)');
    // The whole value of a game monster the second thread read is the file's (read when first asked for), before
    // and after the file changes (opened in an editor, edited).
    const parentFile = path.join(game, 'json/items/items_4.json');
    const monster = (p: Project) => [...p.files.get(parentFile)!.records].find((r) => r.ids.includes('mon_4'))!;
    assert.deepEqual(monster(two).value, JSON.parse(fs.readFileSync(parentFile, 'utf8'))[1]);
    const edited = [{ type: 'GENERIC', id: 'thing_4', name: { str: 'thing 4' } }, { type: 'MONSTER', id: 'mon_4', name: 'mon 4', description: 'Edited.', hp: 'lots', speed: 100, 'copy-from': 'mon_zombie' }];
    fs.writeFileSync(parentFile, JSON.stringify(edited));
    const reread = load(game, mine, 'every-file');
    for (const p of [two, one]) {
      p.updateFile(parentFile, JSON.stringify(edited));
      assert.deepEqual(monster(p).value, edited[1]);
      assert.deepEqual(p.diagnostics(file), reread.diagnostics(file));
    }
    assert.deepEqual(monster(reread).value, edited[1]);
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
  }
});

test('an outline as the second thread posts it (its ids as JSON text) answers as the outline it was made from, its ids made when a kind it has is first read', () => {
  const outline: BatchOutline = { kinds: ['item', 'SPELL'], ids: [[['a'], ['b', 'c'], ['\ud800 lone']], [['s']]], parents: [['a', 'b'], []] };
  const made = new LoadedBatch(outline, 'm', () => []);
  const posted = new LoadedBatch(packedOutline(outline), 'm', () => []);
  const unpacked = (b: LoadedBatch): boolean => !('idsAndParents' in (b as unknown as { outline: object }).outline);
  assert.deepEqual(posted.kinds, made.kinds);
  assert.equal(posted.idsOf('monster'), made.idsOf('monster'), 'a kind it has not: nothing, nothing made');
  assert.equal(unpacked(posted), false);
  const found = (b: LoadedBatch, kind: string): string[] => {
    const ids: string[] = [];
    const search: IdSearch = { shortest: 0, longest: Infinity, mayFind: () => true, consider: (id) => { ids.push(id); } };
    b.search(kind, search);
    return ids;
  };
  for (const kind of ['item', 'SPELL', 'monster']) {
    assert.deepEqual(posted.idsOf(kind), made.idsOf(kind), kind);
    assert.deepEqual(posted.parentsOf(kind), made.parentsOf(kind), kind);
    for (const id of ['a', 'c', 's', '\ud800 lone', 'z']) assert.equal(posted.defines(kind, id), made.defines(kind, id), `${kind} ${id}`);
    assert.deepEqual(found(posted, kind), found(made, kind), kind);
  }
  assert.equal(unpacked(posted), true);
});

test('a file the second thread outlined has its records made when first asked for: by a check, by an edit', () => {
  const game = fixtureGame();
  try {
    const mine = path.join(game, 'mods/mine');
    const file = path.join(mine, 'content.json');
    const one = load(game, mine, false);
    const two = load(game, mine, 'every-file');
    assert.equal(one.filesOutlined.files, 0);
    assert.ok(two.filesOutlined.files >= 240, `the game's files are outlined: ${two.filesOutlined.files}`);
    assert.equal(two.filesOutlined.made, 0, 'no record is made on loading');
    assert.deepEqual(two.diagnostics(file), one.diagnostics(file));
    const made = two.filesOutlined.made;
    assert.ok(made > 0 && made <= 3, `the records of the files the check read, only: ${made}`);
    // A file whose records were not made yet, edited: made, then edited.
    const other = path.join(game, 'json/items/items_9.json');
    const edited = JSON.stringify([{ type: 'MONSTER', id: 'mon_4', name: 'mon 4 again', description: 'Another.', hp: 'lots', speed: 100 }]);
    for (const p of [one, two]) p.updateFile(other, edited);
    assert.equal(two.filesOutlined.made, made + 1);
    assert.deepEqual(two.diagnostics(file), one.diagnostics(file));
    assert.deepEqual(loaded(two), loaded(one));
    // A cold load with a cache writes every file's records at once: nothing is outlined.
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-outline-cache-'));
    try {
      const cached = new Project({ gamePath: game, roots: [mine], secondThread: 'every-file', cache: { dir: cacheDir } });
      cached.load();
      assert.ok(cached.filesReadElsewhere > 0);
      assert.equal(cached.filesOutlined.files, 0);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
  }
});

test('a load whose game is context starts its second thread before it lists the files; uses it, or stops it when the load is too small', async () => {
  const game = fixtureGame();
  const boot = ReadAhead.boot;
  const discover = WorkspaceMods.prototype.discover;
  let discovered = 0;
  const booted: { reader: ReadAhead | undefined; discoveredBefore: number; youngMb: number | undefined }[] = [];
  WorkspaceMods.prototype.discover = function (this: WorkspaceMods) { discovered++; discover.call(this); };
  ReadAhead.boot = (...args) => {
    const reader = boot(...args);
    const youngMb = (reader as unknown as { worker: Worker } | undefined)?.worker.resourceLimits?.maxYoungGenerationSizeMb;
    booted.push({ reader, discoveredBefore: discovered, youngMb });
    return reader;
  };
  try {
    const mine = path.join(game, 'mods/mine');
    const one = loaded(load(game, mine, false));
    assert.equal(booted.length, 0);
    // Started before the mods are found and their files listed (a thread takes tens of milliseconds to start), and it reads.
    discovered = 0;
    const two = load(game, mine, 'every-file');
    assert.deepEqual(booted.map((b) => b.discoveredBefore), [0]);
    // Its young generation is small (it holds the parse of the file at hand): the process's peak memory.
    assert.deepEqual(booted.map((b) => b.youngMb), [8]);
    assert.ok(two.filesReadElsewhere > 0);
    assert.deepEqual(loaded(two), one);
    // 250 files: too few for a second thread; the one started is stopped, its thread ends.
    booted.length = 0;
    const small = load(game, mine, true);
    assert.equal(booted.length, 1);
    const worker = (booted[0].reader as unknown as { worker: Worker }).worker;
    const ended = once(worker, 'exit');
    assert.equal(small.filesReadElsewhere, 0);
    assert.deepEqual(loaded(small), one);
    await ended;
    // The game under a root (a check of the game itself): its files are analysed on loading here; none started.
    booted.length = 0;
    load(game, game, true);
    assert.equal(booted.length, 0);
    // Finding the mods fails: the thread started is stopped (else it would wait for its files as long as the process lives).
    WorkspaceMods.prototype.discover = () => { throw new Error('no mods'); };
    assert.throws(() => load(game, mine, true), /no mods/);
    assert.equal(booted.length, 1);
    await once((booted[0].reader as unknown as { worker: Worker }).worker, 'exit');
  } finally {
    ReadAhead.boot = boot;
    WorkspaceMods.prototype.discover = discover;
    fs.rmSync(game, { recursive: true, force: true });
  }
});

test('a second thread whose module cannot load is given up at once: the loading thread reads every file', { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-reader-'));
  try {
    const file = path.join(dir, 'a.json');
    fs.writeFileSync(file, '[]');
    // Waiting for results is not bounded here: a reader that missed the failure would wait past the test's timeout.
    const reader = ReadAhead.start([file], [], { module: path.join(dir, 'missing.js'), giveUpMs: 3_600_000 });
    assert.ok(reader);
    assert.deepEqual(reader.take(0), { kind: 'self' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the second thread\'s results: parsed and reduced, left to the loading thread, deferred; each taken once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-reader-'));
  try {
    const files = ['a', 'b', 'c', 'd'].map((n) => path.join(dir, `${n}.json`));
    fs.writeFileSync(files[0], JSON.stringify([{ type: 'GENERIC', id: 'a', price: 1 }]));
    fs.writeFileSync(files[1], '[ { "type": "GENERIC", } ]');
    fs.writeFileSync(files[2], JSON.stringify([{ type: 'mapgen', om_terrain: 'x' }]));
    // A type that keeps its whole value: summarized too, the whole left in the file (read when first asked for).
    fs.writeFileSync(files[3], JSON.stringify([{ type: 'GENERIC', id: 'b' }, { type: 'MONSTER', id: 'm', hp: 4, attacks: [{ id: 'bite' }] }]));
    const reader = ReadAhead.start(files, ['MONSTER'], { everyFile: true });
    assert.ok(reader);
    assert.deepEqual(reader.take(0), { kind: 'parsed', value: [{ type: 'GENERIC', id: 'a' }], inFile: [] });
    assert.deepEqual(await reader.takeAsync(1), { kind: 'self' });
    assert.deepEqual(reader.take(2), { kind: 'defers' });
    assert.deepEqual(reader.take(3), { kind: 'parsed', value: [{ type: 'GENERIC', id: 'b' }, { type: 'MONSTER', id: 'm' }], inFile: [1] });
    assert.deepEqual(reader.take(0), { kind: 'self' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const CURRENT = process.env.CDDA_CURRENT_GAME ?? '';
const OLD = '/usr/share/games/cataclysm-dda';
for (const [name, game, why] of [
  ['0.F', OLD, `no 0.F game data at ${OLD}`],
  ['current', CURRENT, 'CDDA_CURRENT_GAME is not set to the current game data'],
] as const) {
  const skip = game !== '' && fs.existsSync(path.join(game, 'json')) ? false : why;
  test(`${name} game: a load with a second thread holds what a load on one thread holds (Magiclysm open)`, { skip }, () => {
    const mod = path.join(game, 'mods/Magiclysm');
    const one = load(game, mod, false);
    const expected = loaded(one);
    const two = load(game, mod, 'every-file');
    assert.deepEqual(loaded(two), expected);
    // Every one it can: a result taken twice, or missed, would leave the rest to the loading thread.
    assert.equal(two.filesReadElsewhere, readableElsewhere(two));
    // Shared: the files are indexed in the load's order whichever thread read them (the same answers).
    const shared = load(game, mod, true);
    assert.deepEqual(loaded(shared), expected);
    assert.deepEqual([...shared.files.keys()], [...one.files.keys()]);
    assert.ok(shared.filesReadElsewhere + shared.filesReadAhead <= readableElsewhere(shared));
  });
}

test('both threads read in the load\'s order: the first reads the next files while the second is busy with the one it needs, each result taken in turn', { timeout: 60_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-reader-'));
  try {
    // The first file is a pipe: the second thread, claiming it first, is busy with it until the test writes it.
    const busy = path.join(dir, 'busy.json');
    execFileSync('mkfifo', [busy]);
    const files = [busy, ...Array.from({ length: 9 }, (_, i) => path.join(dir, `f${i}.json`))];
    files.slice(1).forEach((f, i) => fs.writeFileSync(f, JSON.stringify([{ type: 'GENERIC', id: `thing_${i}`, price: i }, { type: 'MONSTER', id: `mon_${i}`, hp: i }])));
    const reader = ReadAhead.start(files, ['MONSTER']);
    assert.ok(reader);
    const worker = (reader as unknown as { worker: Worker }).worker;
    // Until it has claimed the pipe (its first file): it then waits for the text.
    const claims = (reader as unknown as { claims: Int32Array }).claims;
    while (Atomics.load(claims, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Meanwhile this thread reads the other files (in the load's order: the worker would take the next), a
    // server's event loop answering between them (slices of 0 ms here).
    const first = reader.takeAsync(0, 0);
    assert.deepEqual(reader.counts(), { byWorker: 0, aheadHere: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(reader.counts(), { byWorker: 0, aheadHere: 2 });
    while (reader.counts().aheadHere < 9) await new Promise((resolve) => setImmediate(resolve));
    fs.writeFileSync(busy, JSON.stringify([{ type: 'GENERIC', id: 'piped' }]));
    assert.deepEqual(await first, { kind: 'parsed', value: [{ type: 'GENERIC', id: 'piped' }], inFile: [] });
    // Each as the worker would have made it; taken once.
    for (let i = 1; i < files.length; i++) {
      assert.deepEqual(reader.take(i), { kind: 'parsed', value: [{ type: 'GENERIC', id: `thing_${i - 1}` }, { type: 'MONSTER', id: `mon_${i - 1}` }], inFile: [1] });
    }
    assert.deepEqual(reader.take(1), { kind: 'self' });
    assert.deepEqual(reader.counts(), { byWorker: 1, aheadHere: 9 });
    reader.stop();
    await once(worker, 'exit');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a game file opened in an editor while a load with two threads reads it is indexed from the editor\'s text', { timeout: 120_000 }, async () => {
  // Enough files for a second thread (1,500), each a parent the mod's monster may copy.
  const tree: FileTree = { ...MINI_CORE, 'mods/mine/modinfo.json': modinfo('mine') };
  for (let i = 0; i < 1600; i++) tree[`json/monsters/mon_${i}.json`] = [{ type: 'MONSTER', id: `mon_${i}`, name: `mon ${i}`, description: 'A monster.', hp: 10, speed: 100, 'copy-from': 'mon_zombie' }];
  tree['mods/mine/content.json'] = [{ type: 'MONSTER', id: 'mon_mine', 'copy-from': 'mon_1500' }, { type: 'MONSTER', id: 'mon_mine_2', 'copy-from': 'mon_10' }];
  const game = writeTree(tree);
  try {
    const mine = path.join(game, 'mods/mine');
    const editor = new Map<string, string>();
    // Every file through the second thread: with the threads sharing them, a busy machine could start the second
    // thread after the first had read every file itself (the test then failed now and then, under the full suite).
    const project = new Project({ gamePath: game, roots: [mine], readFile: (p) => editor.get(p) ?? fs.readFileSync(p, 'utf8'), inMemory: (p) => editor.has(p), secondThread: 'every-file' });
    // Opened and edited once the load is under way (its first slice done): one file ahead, one already indexed.
    const ahead = path.join(game, 'json/monsters/mon_1500.json');
    const behind = path.join(game, 'json/monsters/mon_10.json');
    const edit = (p: string, id: string): void => {
      const text = JSON.stringify([{ type: 'MONSTER', id, name: 'renamed', description: 'Edited.', hp: 10, speed: 100, 'copy-from': 'mon_zombie' }]);
      editor.set(p, text);
      project.updateFile(p, text);
    };
    let edited = false;
    assert.equal(await project.loadInSlices(() => {
      if (edited || project.files.get(behind)?.records.length !== 1) return;
      edited = true;
      edit(ahead, 'mon_1500_edited');
      edit(behind, 'mon_10_edited');
    }, { sliceMs: 0 }), true);
    assert.ok(edited);
    assert.ok(project.filesReadElsewhere > 0, 'the second thread read files');
    const ids = (p: string) => project.files.get(p)!.records.flatMap((r) => r.ids);
    assert.deepEqual(ids(ahead), ['mon_1500_edited']);
    assert.deepEqual(ids(behind), ['mon_10_edited']);
    // The mod's monsters copy from what is gone: as a load of the edited files from disk says.
    for (const p of [ahead, behind]) fs.writeFileSync(p, editor.get(p)!);
    const file = path.join(mine, 'content.json');
    const fromDisk = new Project({ gamePath: game, roots: [mine] });
    fromDisk.load();
    assert.deepEqual(project.diagnostics(file), fromDisk.diagnostics(file));
    assert.equal(project.diagnostics(file).length, 2);
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
  }
});
