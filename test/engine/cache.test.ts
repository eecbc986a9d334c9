/**
 * The on-disk cache of the game's index (server/src/cache): a load from the cache must give what a fresh load
 * gives (records, values, offsets, parses, index, diagnostics, definitions and references); a changed, added or
 * removed game file is noticed; a corrupt, truncated or foreign cache is ignored with a log line (corrupt values,
 * read later, are made again from their file).
 */
import { mock, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { Project, type ProjectOptions } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { CachedFile, writeCacheSync } from '../../server/src/cache/store';
import { DefinitionIndex } from '../../server/src/index/definitionIndex';
import { fullValueOf, type DefinitionRecord } from '../../server/src/records/record';
import { slotOf } from '../../server/src/syntax/parseFile';
import { definitions } from '../../server/src/queries/definition';
import { referencesTo } from '../../server/src/queries/references';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

/** Game files that exercise every part of what is cached, and three that cannot be cached. */
const GAME_EXTRA = {
  'json/recipes_more.json': [
    { type: 'recipe', result: 'rag', id_suffix: 'more', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', time: '1 m', components: [[['sheet_cotton', 1]]] },
    { type: 'recipe', 'copy-from': 'rag_more', id_suffix: 'again', time: '2 m' },
  ],
  'json/mapgen_nested.json': [
    { type: 'mapgen', nested_mapgen_id: 'nest_a', update_mapgen_id: 'upd_a', object: { mapgensize: [1, 1], rows: ['.'] } },
    { type: 'mapgen', om_terrain: 'field', object: { rows: ['.'] } },
  ],
  'json/mapgen_only.json': [{ type: 'mapgen', om_terrain: 'field', object: { rows: ['..'] } }],
  'json/strays.json': '[1, {"type": "GENERIC", "id": "stray_item", "name": {"str": "stray"}}, "x", {"no": "type"}]',
  'json/single.json': { type: 'GENERIC', id: 'single_item', name: { str: 'single' }, description: 'ünïcödé 😀 text' },
  'json/bom.json': '\uFEFF[{"type": "GENERIC", "id": "bom_item", "name": {"str": "bom"}}]',
  'json/odd.json': [
    { type: 'GENERIC', id: ['multi_a', 'multi_b'], name: { str: 'multi' } },
    { type: 'GENERIC', id: 'cf_empty', 'copy-from': '' },
    { type: 'GENERIC', abstract: 'abstract_item', name: { str: 'abstract' } },
    { type: 'GENERIC', id: 'rag', 'edit-mode': 'modify', weight: '1 g' },
    { type: 'GENERIC', id: 'rag', 'edit-mode': 'bogus' },
    { type: 'GENERIC', id: 'ïd_😀', name: { str: 'emoji' } },
    { type: 'NOT_A_KNOWN_TYPE', id: 'whatever', x: [1, 2.5, null, true, { y: 'z' }] },
  ],
  // Not cached: broken JSON, an empty file, a number JSON cannot write back (-0 reads back as 0).
  'json/broken.json': '[{"type": "GENERIC", "id": "ok_item"}, {"type": "GENERIC", "id": "broken_item",}]',
  'json/empty.json': '',
  'json/negative_zero.json': '[{"type": "MONSTER", "id": "mon_neg", "hp": -0, "description": "x"}]',
  // Definitions of one id in three files of a kind the workspace does not define (looked up in the cache).
  'json/materials_more.json': [{ type: 'material', id: 'bone', name: 'Bone' }, { type: 'material', id: 'flesh', name: 'Flesh again' }],
  'json/materials_again.json': [{ type: 'material', id: 'flesh', 'copy-from': 'flesh', name: 'Flesh once more' }],
  // An effect on condition written in place with an id: a record of its own, marked inline (current game).
  'json/eocs.json': [{ type: 'effect_on_condition', id: 'EOC_OUTER', effect: [{ run_eocs: [{ id: 'EOC_INNER', effect: [{ u_message: 'hi' }] }] }] }],
  'mods/gmod/modinfo.json': modinfo('gmod', ['dda']),
  'mods/gmod/items.json': [{ type: 'GENERIC', id: 'gmod_item', 'copy-from': 'rag', name: { str: 'gmod' } }, { type: 'MONSTER', id: 'gmod_mon', 'copy-from': 'mon_zombie' }],
};
const UNCACHEABLE = 3;

const MOD = {
  'mymod/modinfo.json': modinfo('mymod', ['dda', 'gmod']),
  'mymod/content.json': [
    { type: 'MONSTER', id: 'mon_mine', 'copy-from': 'mon_zombie', upgrades: { half_life: 3, into: 'mon_dog' } },
    { type: 'GENERIC', id: 'my_item', 'copy-from': 'gmod_item', name: { str: 'mine' } },
    { type: 'recipe', result: 'my_item', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', time: '1 m', components: [[['rag', 1], ['stray_item', 1], ['no_such_item', 1], ['bom_item', 1]]] },
    { type: 'MONSTER', id: 'mon_neg2', 'copy-from': 'mon_neg' },
    { type: 'effect_on_condition', id: 'EOC_MINE', effect: [{ run_eocs: 'EOC_INNER' }] },
  ],
};

interface Fixture { readonly game: string; readonly ws: string; readonly root: string; readonly cacheDir: string; readonly logs: string[] }

type LoadOptions = Omit<Partial<ProjectOptions>, 'cache'> & { cache?: false };

function fixture(gameVersion?: string): Fixture & { project(options?: LoadOptions): Project } {
  const game = writeTree({ ...MINI_CORE, ...GAME_EXTRA });
  const ws = writeTree(MOD);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-cache-test-'));
  const logs: string[] = [];
  const root = path.join(ws, 'mymod');
  return {
    game, ws, root, cacheDir, logs,
    project(options = {}) {
      const { cache, ...rest } = options;
      const p = new Project({ gamePath: game, roots: [root], gameVersion, ...(cache === false ? {} : { cache: { dir: cacheDir, log: (m) => logs.push(m) } }), ...rest });
      p.load();
      return p;
    },
  };
}

/** Loads with the cache and writes it; returns the project. */
function loadAndSave(fx: ReturnType<typeof fixture>, options: LoadOptions = {}): Project {
  const p = fx.project(options);
  const w = finish(p.saveCacheSteps());
  if (w) assert.ok(writeCacheSync(w, (m) => fx.logs.push(m)), 'the cache is written');
  return p;
}

function cacheFile(fx: Fixture): string {
  const files = fs.readdirSync(fx.cacheDir).filter((f) => f.endsWith('.cache'));
  assert.equal(files.length, 1, `one cache file in ${fx.cacheDir}: ${files.join(', ')}`);
  return path.join(fx.cacheDir, files[0]);
}

/** Everything a load derives, per file, and what the checks and queries answer. */
function snapshot(project: Project, fx: Fixture): unknown {
  const files = [...project.files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)).map((f) => {
    const objects = f.parsed.objectCount ?? f.parsed.objects.length;
    return {
      path: f.path, modId: f.modId, reported: f.reported, deferred: f.deferred,
      slots: Array.from({ length: objects }, (_, i) => slotOf(f.parsed, i)), strays: f.parsed.strays, problems: f.parsed.problems,
      records: f.records.map((r) => ({
        type: r.type, kind: r.kind, ids: r.ids, abstract: r.abstract, summarized: r.summarized, index: r.index,
        start: r.start, end: r.end, editMode: r.editMode, copyFrom: r.copyFrom, inline: r.inline, value: r.value, whole: fullValueOf(r),
        analysis: project.analysisOf(r),
      })),
    };
  });
  const defs: string[] = [];
  for (const kind of project.defs.kinds()) for (const [id, records] of project.defs.entries(kind)) for (const r of records) defs.push(`${kind}:${id}@${r.source.path}#${r.index}`);
  const content = path.join(fx.root, 'content.json');
  const text = fs.readFileSync(content, 'utf8');
  const at = (s: string): number => text.indexOf(s) + 2;
  return {
    files, defs: defs.sort(),
    diagnostics: project.reportedFiles().map((f) => [f.path, project.diagnostics(f.path)]),
    definitions: ['"mon_zombie"', '"gmod_item"', '"stray_item"', '"bom_item"', '"mon_dog"', '"mon_neg"', '"EOC_INNER"'].map((s) => definitions(project, content, at(s))),
    references: [['item', 'rag'], ['item', 'gmod_item'], ['monster', 'mon_zombie'], ['item', 'ïd_😀'], ['nested_mapgen', 'nest_a']].map(([k, id]) => referencesTo(project, k, id)),
  };
}

for (const gameVersion of [undefined, 'current']) {
  const label = gameVersion ? ` (${gameVersion} game)` : '';

  test(`a load from the cache gives what a fresh load gives${label}`, () => {
    const fx = fixture(gameVersion);
    const cold = loadAndSave(fx);
    assert.deepEqual(cold.cacheUse(), undefined, 'saving ends the load\'s use of the cache');
    const warm = fx.project();
    const use = warm.cacheUse()!;
    const fresh = fx.project({ cache: false });
    const cacheable = [...fresh.files.values()].filter((f) => !f.reported).length;
    assert.ok(cacheable > 15, `the fixture's game has files (${cacheable})`);
    assert.deepEqual(use, { hits: cacheable - UNCACHEABLE, misses: UNCACHEABLE });
    assert.deepEqual(snapshot(warm, fx), snapshot(fresh, fx));
    // (A snapshot parses deferred files: each is taken of a project as loaded.)
    assert.deepEqual(snapshot(cold, fx), snapshot(fx.project({ cache: false }), fx));
    // Nothing new: the cache is not written again.
    assert.equal(finish(warm.saveCacheSteps()), undefined);
    assert.deepEqual(fx.logs, []);
  });

  test(`the index of a warm start, read before the files' records, is a fresh load's, in order${label}`, () => {
    const fx = fixture(gameVersion);
    loadAndSave(fx);
    const fresh = fx.project({ cache: false });
    const warm = fx.project();
    assert.ok(warm.cacheUse()!.hits > 15);
    const kinds = [...fresh.defs.kinds()];
    const item = fresh.registry.kindOfType('GENERIC');
    const keys = (rs: readonly DefinitionRecord[]): string[] => rs.map((r) => `${r.source.path}#${r.index}`);
    // Ids asked for before anything else (looked up in the cached files; more of them than a kind is looked up
    // in before its ids are indexed), then the mods' ids and the kinds' versions.
    const early = new Map<string, readonly DefinitionRecord[]>();
    for (const k of kinds) {
      for (const id of [...[...fresh.defs.entries(k).keys()].slice(0, 20), 'no_such_id']) {
        const rs = warm.defs.get(k, id);
        assert.deepEqual(keys(rs), keys(fresh.defs.get(k, id)), `${k} ${id}`);
        if (rs.length > 0) early.set(`${k}\u0000${id}`, rs);
      }
    }
    assert.ok(early.size > 40 && early.has(`${item}\u0000rag`), `${early.size} ids found`);
    assert.equal(warm.defs.get('material', 'flesh').length, 3);
    const idsOf = (p: Project): unknown => kinds.map((k) => [k, ['dda', 'gmod'].map((m) => [[...p.defs.idsOfMod(k, m).ids], p.defs.idsOfMod(k, m).version]), p.defs.idSetVersion(k)]);
    assert.deepEqual(idsOf(warm), idsOf(fresh));
    // The records copying from each id (what an edit of it reaches), before and after the edit.
    const children = (p: Project): unknown => kinds.map((k) => [...fresh.defs.entries(k).keys()].map((id) => [k, id, keys([...p.defs.childrenOf(k, id)]).sort()]));
    assert.deepEqual(children(warm), children(fresh));
    // An edit: the edited kinds' cached records are indexed first, as a fresh load indexes them.
    const content = path.join(fx.root, 'content.json');
    const text = JSON.stringify([...MOD['mymod/content.json'], { type: 'GENERIC', id: 'rag', 'copy-from': 'gmod_item' }]);
    // And a game file (open in an editor): its records from the cache leave the index, copies of a parent too.
    const gmodItems = path.join(fx.game, 'mods/gmod/items.json');
    const gmodText = JSON.stringify([{ type: 'GENERIC', id: 'gmod_item', name: { str: 'gmod' } }]);
    const monster = fresh.registry.kindOfType('MONSTER');
    assert.ok(keys([...warm.defs.childrenOf(monster, 'mon_zombie')]).some((k) => k.startsWith(gmodItems)));
    for (const p of [warm, fresh]) { p.updateFile(content, text); p.updateFile(gmodItems, gmodText); }
    assert.ok(!keys([...warm.defs.childrenOf(monster, 'mon_zombie')]).some((k) => k.startsWith(gmodItems)));
    // The order of each id's definitions, the ids' order, the mods' ids and the versions as a fresh load has them.
    assert.deepEqual(keys(warm.defs.get(item, 'rag')), keys(fresh.defs.get(item, 'rag')));
    assert.deepEqual(idsOf(warm), idsOf(fresh));
    assert.deepEqual(children(warm), children(fresh));
    const index = (p: Project): unknown => kinds.map((k) => [k, [...p.defs.entries(k)].map(([id, rs]) => [id, keys(rs)])]);
    assert.deepEqual(index(warm), index(fresh));
    assert.deepEqual([...warm.defs.kinds()], kinds);
    // The lists given before are the index's lists, kept up to date in place (but those the edit emptied: an id
    // defined again has a new one).
    for (const [key, rs] of early) if (rs.length > 0) assert.equal(warm.defs.get(key.split('\u0000')[0], key.split('\u0000')[1]), rs, key);
    // The index's records are its files' records: the same objects, made once.
    for (const k of kinds) for (const rs of warm.defs.entries(k).values()) for (const r of rs) assert.ok((r.source as { records?: unknown[] }).records?.includes(r), `${k} record of ${r.source.path}`);
    assert.deepEqual(snapshot(warm, fx), snapshot(fresh, fx));
  });

  test(`a changed, added or removed game file is read again, the rest comes from the cache${label}`, () => {
    const fx = fixture(gameVersion);
    const monsters = path.join(fx.game, 'json/monsters.json');
    fs.utimesSync(monsters, 1_000_000, 1_000_000); // whole seconds: set again exactly below
    loadAndSave(fx);
    const items = path.join(fx.game, 'json/items.json');
    const before = fs.statSync(items);
    // Another size.
    fs.writeFileSync(items, JSON.stringify([...(MINI_CORE['json/items.json'] as object[]), { type: 'GENERIC', id: 'new_item', name: { str: 'new' } }]));
    // The same size and modification time, another content: the change time tells.
    const m = fs.statSync(monsters);
    fs.writeFileSync(monsters, fs.readFileSync(monsters, 'utf8').replace('"dog"', '"cat"'));
    fs.utimesSync(monsters, 1_000_000, 1_000_000);
    assert.equal(fs.statSync(monsters).size, m.size);
    assert.equal(fs.statSync(monsters).mtimeMs, m.mtimeMs);
    fs.writeFileSync(path.join(fx.game, 'json/added.json'), JSON.stringify([{ type: 'GENERIC', id: 'added_item' }]));
    fs.rmSync(path.join(fx.game, 'json/species.json'));
    const warm = loadAndSave(fx);
    assert.deepEqual(warm.cacheUse(), undefined);
    const again = fx.project();
    const fresh = fx.project({ cache: false });
    assert.deepEqual(snapshot(again, fx), snapshot(fresh, fx));
    const item = fresh.registry.kindOfType('GENERIC');
    assert.ok(fresh.defs.get(item, 'new_item').length === 1 && fresh.defs.get(item, 'added_item').length === 1);
    assert.ok(before.size !== fs.statSync(items).size);
    assert.deepEqual(again.cacheUse(), { hits: [...fresh.files.values()].filter((f) => !f.reported).length - UNCACHEABLE, misses: UNCACHEABLE });
  });
}

test('the first load after a change reads the changed files only', () => {
  const fx = fixture();
  loadAndSave(fx);
  fs.writeFileSync(path.join(fx.game, 'json/skills.json'), JSON.stringify([{ type: 'skill', id: 'tailor', name: 'tailoring!' }]));
  const warm = fx.project();
  assert.equal(warm.cacheUse()!.misses, UNCACHEABLE + 1);
  assert.deepEqual(snapshot(warm, fx), snapshot(fx.project({ cache: false }), fx));
});

test('a warm start lists only the game folders changed since the cache was written', () => {
  const fx = fixture();
  loadAndSave(fx);
  const gameFolders = (): string[] => {
    const listed: string[] = [];
    // (The module itself: `fs` here is a copy of its members.)
    const readdir = mock.method(require('fs') as typeof fs, 'readdirSync');
    try {
      const p = fx.project();
      for (const c of readdir.mock.calls) {
        const dir = String(c.arguments[0]);
        if (dir.startsWith(fx.game) && dir !== path.join(fx.game, 'mods')) listed.push(path.relative(fx.game, dir));
      }
      assert.deepEqual(snapshot(p, fx), snapshot(fx.project({ cache: false }), fx));
      const w = finish(p.saveCacheSteps());
      if (w) assert.ok(writeCacheSync(w));
    } finally {
      readdir.mock.restore();
    }
    return listed.sort();
  };
  // (The game's mods folder is listed to find the mods, before the cache is opened.)
  assert.deepEqual(gameFolders(), []);
  // A file added to a folder, a new folder, a folder removed: those folders are listed again, and the new files
  // are indexed (the snapshot above compares with a fresh load).
  fs.writeFileSync(path.join(fx.game, 'mods/gmod/more.json'), JSON.stringify([{ type: 'GENERIC', id: 'more_item' }]));
  fs.mkdirSync(path.join(fx.game, 'json/sub'));
  fs.writeFileSync(path.join(fx.game, 'json/sub/deep.json'), JSON.stringify([{ type: 'GENERIC', id: 'deep_item' }]));
  assert.deepEqual(gameFolders(), ['json', 'json/sub', 'mods/gmod']);
  assert.deepEqual(gameFolders(), []);
  fs.rmSync(path.join(fx.game, 'json/sub'), { recursive: true });
  assert.deepEqual(gameFolders(), ['json']);
  const item = fx.project().registry.kindOfType('GENERIC');
  assert.equal(fx.project().defs.get(item, 'deep_item').length, 0);
  assert.equal(fx.project().defs.get(item, 'more_item').length, 1);
});

/** Damages the cache file, loads, and checks the load is a fresh one with a log line saying why. */
function damaged(damage: (file: string) => void, why: RegExp): void {
  const fx = fixture();
  loadAndSave(fx);
  damage(cacheFile(fx));
  const p = fx.project();
  assert.equal(p.cacheUse()!.hits, 0);
  assert.equal(fx.logs.length, 1, fx.logs.join('\n'));
  assert.match(fx.logs[0], why);
  assert.deepEqual(snapshot(p, fx), snapshot(fx.project({ cache: false }), fx));
  // And the next save replaces it with a good one.
  const w = finish(p.saveCacheSteps());
  assert.ok(w && writeCacheSync(w));
  assert.equal(fx.project().cacheUse()!.hits > 0, true);
}

function flipByte(file: string, at: (size: number) => number): void {
  const b = fs.readFileSync(file);
  const i = at(b.length);
  b[i] ^= 0x20;
  fs.writeFileSync(file, b);
}

/** Where the header ends in a cache file (after the 16-byte prefix): the files' entries, the id filter, then their meta data. */
function headerEnd(file: string): number {
  return 16 + fs.readFileSync(file).readUInt32LE(8);
}

interface CacheHeader { readonly idFilterBytes: number; readonly metaBytes: number; readonly valueBytes: number; readonly entries: string[] }

function headerOf(file: string): CacheHeader {
  return JSON.parse(fs.readFileSync(file).toString('utf8', 16, headerEnd(file))) as CacheHeader;
}

test('a corrupt cache file is ignored, with a log line', () => {
  damaged((f) => flipByte(f, () => headerEnd(f) + 1), /corrupt \(checksum\)/); // an entry
  damaged((f) => flipByte(f, () => headerEnd(f) + headerOf(f).entries.length * 64 + 1), /corrupt \(checksum\)/); // the id filter
  damaged((f) => flipByte(f, () => headerEnd(f) + headerOf(f).entries.length * 64 + headerOf(f).idFilterBytes + 1), /corrupt \(checksum\)/); // meta data
  damaged((f) => flipByte(f, () => 16), /corrupt \(header\)/); // the header's first brace
  damaged((f) => fs.writeFileSync(f, Buffer.from('not a cache at all')), /not a cache file/);
  damaged((f) => fs.writeFileSync(f, ''), /not a cache file/);
});

/** Flips a byte in the middle of the values of the cache's entry for the game file `name`. */
function flipValueOf(file: string, name: string): void {
  const header = headerOf(file);
  const n = header.entries.findIndex((p) => p.endsWith(name));
  assert.ok(n >= 0, `the cache has ${name}`);
  // An entry: 8 doubles (stamp; meta data from, to; values from, to; checksum), in the machine's byte order.
  const entries = headerEnd(file), b = fs.readFileSync(file);
  const at = (k: number): number => (os.endianness() === 'LE' ? b.readDoubleLE(entries + (n * 8 + k) * 8) : b.readDoubleBE(entries + (n * 8 + k) * 8));
  flipByte(file, () => entries + header.entries.length * 64 + header.idFilterBytes + header.metaBytes + ((at(5) + at(6)) >> 1));
}

test('a cache entry whose meta data is malformed (and checksummed as written) is not used: its file is read again, with a log line', (t) => {
  const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (!crc32) { t.skip('the runtime has no CRC-32: the cache\'s checksum is another'); return; }
  const fx = fixture();
  loadAndSave(fx);
  const file = cacheFile(fx);
  const header = headerOf(file);
  const n = header.entries.findIndex((p) => p.endsWith('odd.json'));
  const b = fs.readFileSync(file);
  const le = os.endianness() === 'LE';
  const entries = headerEnd(file), metaAt = entries + header.entries.length * 64 + header.idFilterBytes;
  const from = le ? b.readDoubleLE(entries + (n * 8 + 3) * 8) : b.readDoubleBE(entries + (n * 8 + 3) * 8);
  // The count of all the file's ids (its tenth integer), one too many; the checksum made again.
  const at = metaAt + from + 9 * 4;
  if (le) b.writeInt32LE(b.readInt32LE(at) + 1, at); else b.writeInt32BE(b.readInt32BE(at) + 1, at);
  b.writeUInt32LE(crc32(b.subarray(16, metaAt + header.metaBytes)) >>> 0, 12);
  fs.writeFileSync(file, b);
  const p = fx.project();
  assert.equal(p.cacheUse()!.misses, UNCACHEABLE + 1);
  assert.equal(fx.logs.length, 1, fx.logs.join('\n'));
  assert.match(fx.logs[0], /cache entry of .*odd\.json not used: malformed cache entry \(length\)/);
  assert.deepEqual(snapshot(p, fx), snapshot(fx.project({ cache: false }), fx));
});

for (const gameVersion of [undefined, 'current']) {
  test(`corrupt values, found when first read, are made again from their file, with a log line; the next save drops them${gameVersion ? ` (${gameVersion} game)` : ''}`, () => {
    const fx = fixture(gameVersion);
    loadAndSave(fx);
    // Summaries of several ids, abstract, edited; summaries of effects on condition written in place.
    for (const name of ['odd.json', 'eocs.json']) flipValueOf(cacheFile(fx), name);
    const p = fx.project();
    assert.equal(p.cacheUse()!.misses, UNCACHEABLE);
    assert.deepEqual(fx.logs, [], 'the values are not read yet');
    assert.deepEqual(snapshot(p, fx), snapshot(fx.project({ cache: false }), fx));
    assert.equal(fx.logs.length, 2, fx.logs.join('\n'));
    for (const log of fx.logs) assert.match(log, /values of .*(odd|eocs)\.json not used: corrupt \(checksum\)/);
    const w = finish(p.saveCacheSteps());
    assert.ok(w && writeCacheSync(w));
    const again = fx.project();
    assert.equal(again.cacheUse()!.misses, UNCACHEABLE + 2, 'the files of the corrupt values are read again');
    assert.deepEqual(snapshot(again, fx), snapshot(fx.project({ cache: false }), fx));
    assert.equal(fx.logs.length, 2, fx.logs.join('\n'));
  });
}

test('a warm start reads the values of a file when its records are first made; a save reads them all and closes the cache file', () => {
  const fx = fixture();
  loadAndSave(fx);
  const file = cacheFile(fx);
  const values = headerOf(file).valueBytes;
  const size = fs.statSync(file).size;
  const fsModule = require('fs') as typeof fs;
  const read = mock.method(fsModule, 'readSync');
  const closed = mock.method(fsModule, 'closeSync');
  try {
    const bytesRead = (): number => read.mock.calls.reduce((n, c) => n + (c.result as number), 0);
    const p = fx.project();
    assert.equal(p.cacheUse()!.misses, UNCACHEABLE);
    assert.equal(bytesRead(), size - values, 'the header and meta data');
    const item = p.registry.kindOfType('GENERIC');
    assert.equal(p.defs.get(item, 'single_item')[0].value.description, 'ünïcödé 😀 text');
    const one = bytesRead() - (size - values);
    assert.ok(one > 0 && one < values / 4, `one file's values: ${one} of ${values} bytes`);
    assert.equal(closed.mock.callCount(), 0, 'the cache file is open');
    finish(p.saveCacheSteps());
    assert.equal(bytesRead(), size + one);
    assert.equal(closed.mock.callCount(), 1, 'and closed');
  } finally {
    read.mock.restore();
    closed.mock.restore();
  }
});

test('an id is looked up in the cached files through their id filters: an unknown one asks none of them (the cache\'s filter of all its ids), or goes through few files\' records; a known one is found as a fresh load finds it', () => {
  const fx = fixture();
  loadAndSave(fx);
  const fresh = fx.project({ cache: false });
  const codec = require('../../server/src/cache/codec') as typeof import('../../server/src/cache/codec');
  const files = mock.method(CachedFile.prototype, 'defines');
  const records = mock.method(codec, 'definesId');
  try {
    const warm = fx.project();
    assert.deepEqual(warm.kindsDefining('defined_nowhere', 'mymod'), []);
    assert.deepEqual(warm.defs.get(fresh.registry.kindOfType('GENERIC'), 'defined_nowhere'), []);
    assert.equal(files.mock.callCount(), 0, 'no file asked');
    // An id the cache's filter lets through (one of its files defines it, of another kind): each file's own filter.
    assert.deepEqual(warm.kindsDefining('rag', 'mymod'), fresh.kindsDefining('rag', 'mymod'));
    assert.ok(files.mock.callCount() > 10, `${files.mock.callCount()} files asked`);
    assert.ok(records.mock.callCount() * 4 < files.mock.callCount(), `${records.mock.callCount()} of ${files.mock.callCount()} went through their records`);
  } finally {
    files.mock.restore();
    records.mock.restore();
  }
  // Asked before the index outlines every kind (the first asks of a start): each of a few ids of each kind.
  const ids = [...fresh.defs.kinds()].flatMap((kind) => [...fresh.defs.entries(kind)].slice(0, 2).map(([id]) => id));
  for (let from = 0; from < ids.length; from += 8) {
    const warm = fx.project();
    for (const id of ids.slice(from, from + 8)) assert.deepEqual(warm.kindsDefining(id, 'mymod'), fresh.kindsDefining(id, 'mymod'), id);
  }
});

test('"did you mean" and the ids a prefix begins, first asked at a warm start, go through the cached files\' meta data (no mod\'s ids gathered) and answer as a fresh load, after an edit and a changed file too', () => {
  const fx = fixture();
  loadAndSave(fx);
  const fresh = fx.project({ cache: false });
  const item = fresh.registry.kindOfType('GENERIC');
  const ids = [...fresh.defs.entries(item).keys()];
  assert.ok(ids.includes('ïd_😀') && ids.length > 10);
  // Misspelt ids (one of them past ASCII), and half-typed ones.
  const queries = [...ids.map((id) => `${id.slice(0, -1)}x`), 'ragg', 'no_such_item', 'ïd_😀x', 'sheet_cottn'];
  const prefixes = [...ids.map((id) => id.slice(0, 3)), 'ïd', 'r'];
  const answers = (p: Project): unknown => ({
    near: queries.map((q) => [q, p.nearIds(item, q, 'mymod'), p.nearIds(item, q, 'gmod')]),
    beginning: prefixes.map((q) => [q, p.idsBeginning(item, q, 'mymod')]),
  });
  const idsOf = mock.method(CachedFile.prototype, 'idsOf');
  try {
    const warm = fx.project();
    // The first two searches of a kind (a start's first diagnostics): no cached file's ids made into the mods' sets.
    assert.deepEqual(warm.nearIds(item, 'sheet_cottn', 'mymod'), fresh.nearIds(item, 'sheet_cottn', 'mymod'));
    assert.deepEqual(warm.idsBeginning(item, 'r', 'mymod'), fresh.idsBeginning(item, 'r', 'mymod'));
    assert.ok(fresh.nearIds(item, 'sheet_cottn', 'mymod').includes('sheet_cotton'));
    assert.equal(idsOf.mock.callCount(), 0, 'no cached file\'s ids gathered');
    // An edit between two searches of the first (the mod's ids searched apart from the cached files').
    const edited = fx.project();
    assert.deepEqual(edited.nearIds(item, 'no_such_item', 'mymod'), []);
    const content = path.join(fx.root, 'content.json');
    const text = JSON.stringify([...MOD['mymod/content.json'], { type: 'GENERIC', id: 'no_such_itemx' }]);
    for (const p of [edited, fresh]) p.updateFile(content, text);
    assert.deepEqual(edited.nearIds(item, 'no_such_item', 'mymod'), ['no_such_itemx']);
    assert.deepEqual(answers(edited), answers(fresh));
    for (const p of [edited, fresh]) p.updateFile(content, JSON.stringify(MOD['mymod/content.json']));
    assert.deepEqual(answers(warm), answers(fresh), 'the first searches, then those through the mods\' ids');
  } finally {
    idsOf.mock.restore();
  }
  // A game file changed on disk: read again, its ids searched as a fresh load's.
  fs.writeFileSync(path.join(fx.game, 'json/items.json'), JSON.stringify([{ type: 'GENERIC', id: 'sheet_cotten' }, { type: 'GENERIC', id: 'rag' }]));
  assert.deepEqual(answers(fx.project()), answers(fx.project({ cache: false })));
  assert.ok(fx.project().nearIds(item, 'sheet_cottn', 'mymod').includes('sheet_cotten'));
  // Saved again: the cache's filter of all its ids has the new file's and those of the files kept from before.
  loadAndSave(fx);
  const again = fx.project();
  assert.equal(again.cacheUse()!.misses, UNCACHEABLE);
  const freshAgain = fx.project({ cache: false });
  assert.deepEqual(freshAgain.kindsDefining('sheet_cotten', 'mymod'), [item]);
  for (const id of ['sheet_cotten', 'mon_zombie', 'gmod_item', 'ïd_😀', 'defined_nowhere']) assert.deepEqual(again.kindsDefining(id, 'mymod'), freshAgain.kindsDefining(id, 'mymod'), id);
  assert.equal(again.defs.get(item, 'sheet_cotten').length, 1);
});

test('cached files of one kind share the list of their kinds (a warm start holds thousands of files)', () => {
  const fx = fixture();
  loadAndSave(fx);
  const added = mock.method(DefinitionIndex.prototype, 'addLater');
  try { fx.project(); } finally { added.mock.restore(); }
  const outlines = added.mock.calls.map((c) => c.arguments[0]).filter((b): b is CachedFile => b instanceof CachedFile);
  const oneKind = outlines.filter((c) => c.kinds.length === 1);
  assert.ok(oneKind.length > 10, `${oneKind.length} cached files of one kind`);
  const byKind = new Map<string, readonly string[]>();
  for (const c of oneKind) {
    const first = byKind.get(c.kinds[0]);
    if (first) assert.equal(c.kinds, first, `${c.kinds[0]}: one list`); else byKind.set(c.kinds[0], c.kinds);
  }
  assert.ok(byKind.size < oneKind.length);
  assert.ok(outlines.some((c) => c.kinds.length > 1), 'and a file of several kinds');
});

test('a truncated cache file is ignored, with a log line', () => {
  damaged((f) => fs.truncateSync(f, fs.statSync(f).size - 1), /truncated/);
  damaged((f) => fs.truncateSync(f, 40), /truncated/);
  damaged((f) => fs.truncateSync(f, 12), /not a cache file/);
});

/** Replaces a value of the header's key in place (same length: the file stays well formed). */
function rekey(file: string, field: string): void {
  const b = fs.readFileSync(file);
  const text = b.toString('latin1');
  const m = new RegExp(`"${field}":"([^"])`).exec(text);
  assert.ok(m, `the key has ${field}`);
  const at = m.index + m[0].length - 1;
  b[at] = b[at] === 0x61 ? 0x62 : 0x61;
  fs.writeFileSync(file, b);
}

test('a cache of another build of the tool, registry, game version or runtime is ignored, with a log line', () => {
  damaged((f) => rekey(f, 'code'), /another build of the tool/);
  damaged((f) => rekey(f, 'registry'), /another registry/);
  damaged((f) => rekey(f, 'runtime'), /another runtime/);
  // A 0.F cache where the current game's is looked for.
  const fx = fixture();
  loadAndSave(fx, { gameVersion: '0.F' });
  const f0 = cacheFile(fx);
  const current = fx.project({ gameVersion: 'current' });
  assert.equal(current.cacheUse()!.hits, 0);
  const w = finish(current.saveCacheSteps())!;
  fs.rmSync(w.file, { force: true });
  fs.renameSync(f0, w.file);
  const again = fx.project({ gameVersion: 'current' });
  assert.equal(again.cacheUse()!.hits, 0);
  assert.match(fx.logs.join('\n'), /another game version/);
});

test('the cache keeps the files of mods another workspace needs, and drops the files that are gone', () => {
  const fx = fixture();
  const onlyCore = writeTree({ 'solo/modinfo.json': modinfo('solo', ['dda']), 'solo/a.json': [{ type: 'GENERIC', id: 'solo_item', 'copy-from': 'rag' }] });
  const solo = (): Project => fx.project({ roots: [path.join(onlyCore, 'solo')] });
  // The core only, then the core and gmod: gmod's files are added.
  const save = (p: Project): void => { const w = finish(p.saveCacheSteps()); if (w) writeCacheSync(w); };
  save(solo());
  const mine = fx.project();
  assert.equal(mine.cacheUse()!.misses, UNCACHEABLE + 2, 'gmod\'s modinfo.json and items.json are new');
  save(mine);
  const p = solo();
  assert.equal(p.cacheUse()!.misses, UNCACHEABLE);
  assert.equal(finish(p.saveCacheSteps()), undefined, 'gmod\'s files are kept though this workspace does not need them');
  assert.equal(fx.project().cacheUse()!.misses, UNCACHEABLE, 'gmod\'s files were kept');
  // A core file deleted: its entry goes at the next save.
  fs.rmSync(path.join(fx.game, 'json/harvest.json'));
  const after = solo();
  const w = finish(after.saveCacheSteps());
  assert.ok(w, 'the cache changes');
  const size = fs.statSync(cacheFile(fx)).size;
  writeCacheSync(w);
  assert.ok(fs.statSync(cacheFile(fx)).size < size);
  assert.deepEqual(snapshot(fx.project(), fx), snapshot(fx.project({ cache: false }), fx));
});

test('documents held in memory (open in an editor) are neither taken from the cache nor written to it', () => {
  const fx = fixture();
  loadAndSave(fx);
  const items = path.join(fx.game, 'json/items.json');
  const open = JSON.stringify([{ type: 'GENERIC', id: 'edited_in_editor' }]);
  const readFile = (p: string): string => (p === items ? open : fs.readFileSync(p, 'utf8').replace(/^\uFEFF/, ''));
  const p = new Project({ gamePath: fx.game, roots: [fx.root], readFile, cache: { dir: fx.cacheDir, inMemory: (f) => f === items } });
  p.load();
  assert.equal(p.defs.get('item', 'edited_in_editor').length, 1);
  assert.equal(p.defs.get('item', 'jeans').length, 0);
  assert.equal(finish(p.saveCacheSteps()), undefined, 'the open document is not written to the cache, and its entry is kept');
  const closed = fx.project();
  assert.equal(closed.defs.get('item', 'jeans').length, 1);
  assert.equal(closed.cacheUse()!.misses, UNCACHEABLE);
});

test('rewrite: nothing is taken from the cache, which is written anew', () => {
  const fx = fixture();
  loadAndSave(fx);
  const p = new Project({ gamePath: fx.game, roots: [fx.root], cache: { dir: fx.cacheDir, rewrite: true } });
  p.load();
  assert.equal(p.cacheUse()!.hits, 0);
  const w = finish(p.saveCacheSteps());
  assert.ok(w && w.fresh === w.files && writeCacheSync(w));
  assert.equal(fx.project().cacheUse()!.misses, UNCACHEABLE);
});

test('a cache folder that cannot be written is reported, not thrown', () => {
  const fx = fixture();
  const blocker = path.join(fx.cacheDir, 'file');
  fs.writeFileSync(blocker, 'x');
  const p = new Project({ gamePath: fx.game, roots: [fx.root], cache: { dir: path.join(blocker, 'sub') } });
  p.load();
  const logs: string[] = [];
  assert.equal(writeCacheSync(finish(p.saveCacheSteps())!, (m) => logs.push(m)), false);
  assert.match(logs.join('\n'), /not written/);
});

test('edits after a warm start end where a fresh build ends', () => {
  const fx = fixture();
  loadAndSave(fx);
  const warm = fx.project();
  assert.ok(warm.cacheUse()!.hits > 0);
  const content = path.join(fx.root, 'content.json');
  const modinfoFile = path.join(fx.root, 'modinfo.json');
  const edits: [string, unknown][] = [
    [content, [{ type: 'GENERIC', id: 'rag', 'copy-from': 'gmod_item', name: { str: 'my rag' } }, { type: 'GENERIC', id: 'mine', 'copy-from': 'rag' }]],
    [content, [{ type: 'GENERIC', id: 'gmod_item', 'copy-from': 'abstract_item' }, { type: 'MONSTER', id: 'mon_zombie', 'copy-from': 'mon_neg' }]],
    [modinfoFile, modinfo('mymod', ['dda'])],
    [content, [{ type: 'GENERIC', id: 'mine', 'copy-from': 'gmod_item' }, { type: 'recipe', result: 'mine', components: [[['stray_item', 1]]] }]],
    [modinfoFile, modinfo('mymod', ['dda', 'gmod'])],
    [content, '[ { "type": "GENERIC", "id": "broken", '],
    [content, [{ type: 'recipe', 'copy-from': 'rag_more', id_suffix: 'mine' }, { type: 'GENERIC', id: 'multi_a', 'copy-from': 'multi_b' }]],
    // A game file edited (open in an editor): what a game definition from the cache inherits changes, and so
    // what the workspace's definition below it inherits.
    [content, [{ type: 'MONSTER', id: 'my_mon', 'copy-from': 'gmod_mon' }]],
    [path.join(fx.game, 'json/monsters.json'), [{ type: 'MONSTER', id: 'mon_zombie' }]],
  ];
  for (const [file, value] of edits) {
    const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    fs.writeFileSync(file, text);
    warm.updateFile(file, text);
    const fresh = fx.project({ cache: false });
    const keyed = (p: Project): unknown => ({
      defs: [...p.defs.kinds()].flatMap((k) => [...p.defs.entries(k)].flatMap(([id, rs]) => rs.map((r) => `${k}:${id}@${r.source.path}#${r.index}`))).sort(),
      diagnostics: p.reportedFiles().map((f) => [f.path, p.diagnostics(f.path)]).sort(),
    });
    assert.deepEqual(keyed(warm), keyed(fresh), `after writing ${text.slice(0, 80)}`);
  }
});
