/**
 * A game folder newer than the committed tables (a later experimental): the types and top-level members its own
 * data uses are learned while it loads (workspace/gameUsage.ts) and kept in the disk cache, so that a mod written
 * for that game is not flagged for what the game itself uses; what neither the game nor the tables know still is,
 * and a mod's own data teaches nothing.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { Project, type ProjectOptions } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync } from '../../server/src/cache/store';
import { lint, toJsonDiagnostics } from '../../server/src/cli/lint';
import { summary } from '../../server/src/cli/formats';
import { tablePathOf, type MemberNode } from '../../server/src/records/beyondTables';
import { gameVersions, registryOf } from '../../server/src/registry/versions';
import { VERSION_CURRENT } from '../../server/src/registry/versions/current';
import { VERSION_0F } from '../../server/src/registry/versions/v0F';
import type { GameVersion } from '../../server/src/registry/declaration';
import { KindRegistry } from '../../server/src/registry/registry';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

/** What the newer game's data teaches (NEWER_GAME). */
const LEARNED = ['MONSTER\tfuture_member', 'SPECIES\tfuture_species_member', 'future_thing', 'mapgen\tfuture_map_member', 'mapgen\tobject.future_place', 'terrain\tbash.future_bash'];

const MONSTER = { default_faction: 'zombie', bodytype: 'human', species: ['ZOMBIE'], volume: '62500 ml', weight: '81500 g', hp: 80, speed: 70, symbol: 'Z', color: 'light_green', description: 'A monster.' };

/**
 * The newer game's data: a type and a member (of a hand-written table and of a generated one) the tables lack; a
 * member inside an object a generated table closes (a terrain's `bash` in 0.F), and one inside an object of a
 * hand-written table (a monster's `upgrades`), which teaches nothing (see KindRegistry.nestedMembersOf); and a map
 * generator, in a file indexed without parsing it (it defines no id: see syntax/definesNoId.ts), with a member at
 * its top level and one inside its `object` (which the 0.F tables close).
 */
const NEWER_GAME = {
  'json/newer.json': [
    { type: 'future_thing', id: 'ft_core', glow: 3 },
    { type: 'MONSTER', id: 'mon_future', name: { str: 'future zombie' }, ...MONSTER, future_member: 5, upgrades: { half_life: 4, into: 'mon_zombie', future_nested: 1 } },
    { type: 'SPECIES', id: 'FUTURE_SPECIES', future_species_member: true },
    { type: 'terrain', id: 't_future', name: 'future floor', bash: { str_min: 1, str_max: 2, future_bash: 1 } },
  ],
  'json/mapgen/future_map.json': [
    { type: 'mapgen', method: 'json', om_terrain: 'field', future_map_member: 1, object: { fill_ter: 't_grass', future_place: [{ x: 1, y: 1 }] } },
  ],
  'mods/gmod/modinfo.json': modinfo('gmod', ['dda']),
  'mods/gmod/more.json': [{ type: 'MONSTER', id: 'mon_gmod', name: { str: 'gmod zombie' }, ...MONSTER, gmod_member: 1 }],
};

const MOD = {
  'mymod/modinfo.json': modinfo('mymod', ['dda']),
  // What the game uses: no diagnostic.
  'mymod/uses.json': [
    { type: 'future_thing', id: 'ft_mine', glow: 1 },
    { type: 'MONSTER', id: 'mon_mine', 'copy-from': 'mon_zombie', future_member: 2 },
    { type: 'SPECIES', id: 'MY_SPECIES', future_species_member: false },
    { type: 'terrain', id: 't_mine', name: 'my floor', bash: { str_min: 1, str_max: 2, future_bash: 2 } },
  ],
  // The game's map generator's members, where the game writes them; then at another place, or misspelled.
  'mymod/maps.json': [
    { type: 'mapgen', method: 'json', om_terrain: 'field', future_map_member: 2, object: { fill_ter: 't_grass', future_place: [] } },
  ],
  'mymod/maps_elsewhere.json': [
    { type: 'mapgen', method: 'json', om_terrain: 'field', future_place: [], object: { fill_ter: 't_grass', future_map_member: 2, future_placee: [] } },
  ],
  'mymod/elsewhere.json': [
    { type: 'terrain', id: 't_mine2', name: 'my floor', future_bash: 2, bash: { str_min: 1, str_max: 2, future_member: 2 } },
    { type: 'MONSTER', id: 'mon_nested', 'copy-from': 'mon_zombie', upgrades: { half_life: 2, into: 'mon_zombie', future_nested: 2 } },
  ],
  // What neither the game nor the tables know, and what only this mod uses (twice: it does not teach itself).
  'mymod/unknown.json': [
    { type: 'future_thingy', id: 'ft_typo' },
    { type: 'MONSTER', id: 'mon_typo', 'copy-from': 'mon_zombie', future_membr: 2 },
    { type: 'mod_only_type', id: 'mot_1' },
    { type: 'MONSTER', id: 'mon_own', 'copy-from': 'mon_zombie', mod_only_member: 1 },
  ],
  'mymod/unknown_again.json': [
    { type: 'mod_only_type', id: 'mot_2' },
    { type: 'MONSTER', id: 'mon_own2', 'copy-from': 'mon_zombie', mod_only_member: 1 },
    // A member of another game mod's data, which this mod does not load: not learned.
    { type: 'MONSTER', id: 'mon_other', 'copy-from': 'mon_zombie', gmod_member: 1 },
  ],
};

interface Fixture { readonly game: string; readonly ws: string; readonly cacheDir: string; project(options?: Partial<ProjectOptions>): Project; cleanup(): void }

function fixture(game = writeTree({ ...MINI_CORE, ...NEWER_GAME }), ws = writeTree(MOD)): Fixture {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-newer-cache-'));
  return {
    game, ws, cacheDir,
    project(options = {}) {
      const p = new Project({ gamePath: game, roots: [path.join(ws, 'mymod')], severity: { 'game-rejects': 'off' }, ...options });
      p.load();
      return p;
    },
    cleanup() { for (const d of [game, ws, cacheDir]) fs.rmSync(d, { recursive: true, force: true }); },
  };
}

/** Each diagnostic of a file as "code member-or-type-text", sorted. */
function findings(project: Project, file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return project.diagnostics(file).map((d) => `${d.code} ${text.slice(d.start, d.end)}`).sort();
}

test('a mod using the types and members the game folder\'s own data uses gets no diagnostic for them', () => {
  const f = fixture();
  try {
    const project = f.project();
    assert.deepEqual(findings(project, path.join(f.ws, 'mymod/uses.json')), []);
    assert.deepEqual(project.gameUsage.entries(), LEARNED);
  } finally { f.cleanup(); }
});

test('a member the game writes inside an object its generated table closes, or in a map generator it indexes without parsing, is learned at its place: not flagged there, flagged elsewhere; not inside a hand-written table\'s', () => {
  const f = fixture();
  try {
    const project = f.project();
    const unknown = (rel: string): string[] => findings(project, path.join(f.ws, rel)).filter((d) => d.startsWith('unknown-field '));
    const deferred = path.join(f.game, 'json/mapgen/future_map.json');
    assert.deepEqual(unknown('mymod/elsewhere.json'), ['unknown-field "future_bash"', 'unknown-field "future_member"', 'unknown-field "future_nested"']);
    // The game's map generator file is read for what it teaches only once a map generator's member is asked about.
    assert.deepEqual(project.gameUsage.of(deferred), []);
    assert.deepEqual(unknown('mymod/maps.json'), []);
    assert.deepEqual(project.gameUsage.of(deferred), ['mapgen\tfuture_map_member', 'mapgen\tobject.future_place']);
    assert.deepEqual(unknown('mymod/maps_elsewhere.json'), ['unknown-field "future_map_member"', 'unknown-field "future_place"', 'unknown-field "future_placee"']);
    // The game's map generator file is still parsed for the index only when needed.
    assert.equal(project.files.get(deferred)?.deferred, true);
  } finally { f.cleanup(); }
});

test('a member\'s place is the tables\' path: a map\'s keys are `*`, an array\'s elements `[]`', () => {
  const registry = registryOf(gameVersions().find((v) => v.id === '0.F')!);
  assert.equal(tablePathOf(registry, 'monstergroup', ['monsters', 3, 'spawn_data', 'new_member']), 'monsters[].spawn_data.new_member');
  assert.equal(tablePathOf(registry, 'mapgen', ['object', 'a.b']), 'object["a.b"]');
  // No closed object on the way (a hand-written table's are not learned from): nothing is learned there.
  assert.equal(tablePathOf(registry, 'SPECIES', ['a', 'b']), undefined);
  assert.equal(tablePathOf(registry, 'MONSTER', ['upgrades', 'b']), undefined);
  const tree: MemberNode = { named: new Map([['book_learn', { mapValue: { known: new Set(['skill_level']) } }], ['attacks', { element: { named: new Map([['effects', { positions: [undefined, { known: new Set(['id']) }] }]]) } }]]) };
  const tables = { nestedMembersOf: () => tree };
  assert.equal(tablePathOf(tables, 'T', ['book_learn', 'textbook_fabrication', 'new_member']), 'book_learn.*.new_member');
  assert.equal(tablePathOf(tables, 'T', ['attacks', 3, 'effects', 1, 'new_member']), 'attacks[].effects[1].new_member');
  assert.equal(tablePathOf(tables, 'T', ['a.b']), '["a.b"]');
});

test('what neither the game nor the tables know is still flagged, and a mod\'s own new type or member does not teach itself', () => {
  const f = fixture();
  try {
    const project = f.project();
    assert.deepEqual(findings(project, path.join(f.ws, 'mymod/unknown.json')), [
      'unknown-field "future_membr"', 'unknown-field "mod_only_member"', 'unknown-type "future_thingy"', 'unknown-type "mod_only_type"',
    ]);
    assert.deepEqual(findings(project, path.join(f.ws, 'mymod/unknown_again.json')), [
      'unknown-field "gmod_member"', 'unknown-field "mod_only_member"', 'unknown-type "mod_only_type"',
    ]);
  } finally { f.cleanup(); }
});

test('the same is learned by the second thread, and a warm start from the cache gives the same diagnostics as a cold one', () => {
  const f = fixture();
  try {
    const files = ['mymod/uses.json', 'mymod/unknown.json', 'mymod/unknown_again.json', 'mymod/maps.json', 'mymod/maps_elsewhere.json', 'mymod/elsewhere.json'].map((r) => path.join(f.ws, r));
    const plain = f.project();
    const expected = files.map((p) => findings(plain, p));
    const elsewhere = f.project({ secondThread: 'every-file' });
    assert.ok(elsewhere.filesReadElsewhere > 0, 'the second thread read the game files');
    assert.deepEqual(files.map((p) => findings(elsewhere, p)), expected);
    assert.deepEqual(elsewhere.gameUsage.entries(), plain.gameUsage.entries());
    const cold = f.project({ cache: { dir: f.cacheDir } });
    const write = finish(cold.saveCacheSteps());
    assert.ok(write && writeCacheSync(write));
    const warm = f.project({ cache: { dir: f.cacheDir } });
    assert.ok((warm.cacheUse()?.hits ?? 0) > 0, 'the game files came from the cache');
    assert.deepEqual(files.map((p) => findings(warm, p)), expected);
    assert.deepEqual(warm.gameUsage.entries(), plain.gameUsage.entries());
    assert.deepEqual(warm.gameUsage.counts(), { types: 1, members: 5 });
  } finally { f.cleanup(); }
});

test('a game checked as the workspace learns from its own files; a mod of the workspace kept in the game folder does not teach', () => {
  const game = writeTree({ ...MINI_CORE, ...NEWER_GAME, 'mods/mymod/modinfo.json': MOD['mymod/modinfo.json'], 'mods/mymod/unknown.json': MOD['mymod/unknown.json'] });
  const f = fixture(game);
  try {
    const whole = new Project({ gamePath: game, roots: [game], severity: { 'game-rejects': 'off' } });
    whole.load();
    // But for a member inside a hand-written table's object: the game's own data is flagged there too.
    assert.deepEqual(findings(whole, path.join(game, 'json/newer.json')), ['unknown-field "future_nested"']);
    // Every mod of the game folder is the game's then (the one kept there too).
    assert.deepEqual(whole.gameUsage.counts(), { types: 3, members: 8 });
    const modOnly = new Project({ gamePath: game, roots: [path.join(game, 'mods/mymod')], severity: { 'game-rejects': 'off' } });
    modOnly.load();
    assert.deepEqual(findings(modOnly, path.join(game, 'mods/mymod/unknown.json')), [
      'unknown-field "future_membr"', 'unknown-field "mod_only_member"', 'unknown-type "future_thingy"', 'unknown-type "mod_only_type"',
    ]);
  } finally { f.cleanup(); }
});

test('the tables\' top-level members indexing learns against (from the raw tables) are the checked schemas\' fields, for every type of every version', () => {
  for (const version of gameVersions()) {
    const registry = registryOf(version);
    for (const type of registry.knownTypes) {
      const schema = registry.schemaOfType(type);
      const members = registry.tableMembersOf(type);
      assert.deepEqual(members && [...members].sort(), schema && schema.fields.map((f) => f.name).sort(), `${version.id} ${type}`);
    }
  }
});

test('every version declares the closed objects below its tables\' top level as its tables show them', () => {
  for (const version of gameVersions()) {
    const registry = new KindRegistry(version);
    assert.deepStrictEqual(version.closedMembers?.data, registry.deriveClosedMembers(), `${version.id}: regenerate with node scripts/gen-closed-members.mjs`);
    let closing = 0;
    for (const type of [...registry.knownTypes, ...Object.keys(version.retiredTypes ?? {})]) {
      const declared = registry.nestedMembersOf(type);
      assert.deepStrictEqual(declared, registry.deriveNestedMembersOf(type), `${version.id} ${type}`);
      if (declared) closing++;
    }
    assert.ok(closing > 0, `${version.id}: some table closes an object below its top level`);
  }
});

test('the script that writes the declared closed objects runs with today\'s engine and finds its files up to date', () => {
  // It reads the built engine (out/): an API it uses renamed would leave the data with no way to regenerate it.
  const script = path.resolve(__dirname, '..', '..', '..', 'scripts', 'gen-closed-members.mjs');
  const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr + run.stdout);
  assert.match(run.stdout, /closed-0F\.ts: up to date/);
});

test('a version whose tables are others than those its closed objects were declared from reads them from its own', () => {
  // 0.F declares mapgen's `object` closed, listing `place_fields`; a version whose table lacks it closes it without.
  const tables = VERSION_0F.generatedTables!;
  const trimmed = { ...tables.mapgen, m: Object.fromEntries(Object.entries(tables.mapgen.m).filter(([p]) => !p.startsWith('object.place_fields'))) };
  const known = (version: GameVersion): ReadonlySet<string> | undefined => new KindRegistry(version).nestedMembersOf('mapgen')?.named?.get('object')?.known;
  assert.ok(known(VERSION_0F)?.has('place_fields'));
  const other = known({ ...VERSION_0F, generatedTables: { ...tables, mapgen: trimmed } });
  assert.ok(other?.has('place_furniture') && !other.has('place_fields'));
});

test('the CLI\'s summary says once, beside the game in use, that the game folder is newer than the tables; not for a game they know', () => {
  const f = fixture();
  const plain = writeTree(MINI_CORE);
  try {
    const newer = lint({ paths: [path.join(f.ws, 'mymod')], gamePath: f.game });
    assert.match(summary(newer, toJsonDiagnostics(newer)), /game version [^;]*; the game folder is newer than cdda-lint's tables: 1 type\(s\) and 5 member\(s\) learned from it\.$/);
    const known = lint({ paths: [path.join(f.ws, 'mymod')], gamePath: plain });
    assert.doesNotMatch(summary(known, toJsonDiagnostics(known)), /newer/);
  } finally { f.cleanup(); fs.rmSync(plain, { recursive: true, force: true }); }
});

const CURRENT_GAME = process.env.CDDA_CURRENT_GAME;

/**
 * The current version with a type and a member left out of its tables: the real current game then stands for a
 * game newer than its tables.
 */
function withoutInTables(type: string, owner: string, member: string): GameVersion {
  const tables = VERSION_CURRENT.generatedTables!;
  const trimmed = { ...tables[owner], m: Object.fromEntries(Object.entries(tables[owner].m).filter(([p]) => p !== member && !p.startsWith(`${member}.`) && !p.startsWith(`${member}[`))) };
  const rest = Object.fromEntries(Object.entries(tables).filter(([t]) => t !== type));
  return { ...VERSION_CURRENT, knownTypes: VERSION_CURRENT.knownTypes.filter((t) => t !== type), generatedTables: { ...rest, [owner]: trimmed } };
}

test('real current game: nothing learned with the committed tables; with a type and a member left out of them, exactly those, and a mod using them is not flagged', { skip: CURRENT_GAME ? false : 'set CDDA_CURRENT_GAME to the current game\'s data folder' }, () => {
  const ws = writeTree({
    'mymod/modinfo.json': modinfo('mymod', ['dda']),
    'mymod/uses.json': [
      { type: 'dream', category: 'FISH', strength: 1, messages: ['You dream of the sea.'] },
      { type: 'SPELL', id: 'my_spell', name: 'My spell', description: 'A spell.', effect: 'none', max_level: 5 },
    ],
    'mymod/near.json': [
      { type: 'dreams', category: 'FISH', strength: 1, messages: ['You dream of the sea.'] },
      { type: 'SPELL', id: 'my_spell2', name: 'My spell', description: 'A spell.', effect: 'none', max_levl: 5 },
    ],
  });
  try {
    const open = (gameVersion: string | GameVersion): Project => {
      const p = new Project({ gamePath: CURRENT_GAME, roots: [path.join(ws, 'mymod')], gameVersion });
      p.load();
      return p;
    };
    const flagged = (p: Project, rel: string): string[] => findings(p, path.join(ws, rel)).filter((d) => /^unknown-(type|field) /.test(d));
    const committed = open('current');
    assert.deepEqual(committed.gameUsage.entries(), []);
    assert.deepEqual(flagged(committed, 'mymod/uses.json'), []);
    const trimmed = open(withoutInTables('dream', 'SPELL', 'max_level'));
    assert.deepEqual(trimmed.gameUsage.entries(), ['SPELL\tmax_level', 'dream']);
    assert.deepEqual(flagged(trimmed, 'mymod/uses.json'), []);
    assert.deepEqual(flagged(trimmed, 'mymod/near.json'), ['unknown-field "max_levl"', 'unknown-type "dreams"']);
  } finally { fs.rmSync(ws, { recursive: true, force: true }); }
});

/**
 * The current version whose tables lack a map generator's top-level member and one inside its `object`, which an
 * reading closes (as 0.F's do): the real current game then stands for a game newer than its tables there.
 */
function withoutMapgenMembers(top: string, nested: string): GameVersion {
  const tables = VERSION_CURRENT.generatedTables!;
  const gone = (p: string): boolean => [top, nested].some((m) => p === m || p.startsWith(`${m}.`) || p.startsWith(`${m}[`));
  const mapgen = { ...tables.mapgen, m: Object.fromEntries(Object.entries(tables.mapgen.m).filter(([p]) => !gone(p))) };
  const readings = VERSION_CURRENT.memberReadings ?? {};
  return { ...VERSION_CURRENT, generatedTables: { ...tables, mapgen }, memberReadings: { ...readings, mapgen: { ...readings.mapgen, object: { closed: true } } } };
}

test('real current game: a map generator\'s member and one inside its closed `object` left out of the tables are learned, from the files indexed without parsing too, and a mod using them is not flagged', { skip: CURRENT_GAME ? false : 'set CDDA_CURRENT_GAME to the current game\'s data folder' }, () => {
  const map = (extra: Record<string, unknown>, object: Record<string, unknown>): Record<string, unknown> => ({ type: 'mapgen', om_terrain: 'field', ...extra, object: { fill_ter: 't_grass', ...object } });
  const ws = writeTree({
    'mymod/modinfo.json': modinfo('mymod', ['dda']),
    'mymod/uses.json': [map({ weight: 100 }, { place_loot: [{ item: 'rock', x: 1, y: 1 }] })],
    'mymod/near.json': [map({ weigth: 100 }, { place_lot: [{ item: 'rock', x: 1, y: 1 }], weight: 100 })],
  });
  try {
    const p = new Project({ gamePath: CURRENT_GAME, roots: [path.join(ws, 'mymod')], gameVersion: withoutMapgenMembers('weight', 'object.place_loot') });
    p.load();
    const flagged = (rel: string): string[] => findings(p, path.join(ws, rel)).filter((d) => /^unknown-(type|field) /.test(d));
    assert.deepEqual(p.gameUsage.entries(), ['mapgen\tobject.place_loot', 'mapgen\tweight']);
    // A map generator file of the game indexed without parsing it taught them.
    const deferred = path.join(CURRENT_GAME!, 'json/mapgen/mansion.json');
    assert.equal(p.files.get(deferred)?.deferred, true);
    assert.deepEqual([...p.gameUsage.of(deferred)].sort(), ['mapgen\tobject.place_loot', 'mapgen\tweight']);
    assert.deepEqual(flagged('mymod/uses.json'), []);
    assert.deepEqual(flagged('mymod/near.json'), ['unknown-field "place_lot"', 'unknown-field "weight"', 'unknown-field "weigth"']);
  } finally { fs.rmSync(ws, { recursive: true, force: true }); }
});


/** Rewrites a cache file's header (JSON) as `edit` says, keeping the file well formed (length, checksum). */
function rewriteHeader(file: string, edit: (header: Record<string, unknown>) => void): void {
  const b = fs.readFileSync(file);
  const headerBytes = b.readUInt32LE(8);
  const header = JSON.parse(b.toString('utf8', 16, 16 + headerBytes)) as Record<string, unknown>;
  edit(header);
  const json = JSON.stringify(header);
  const padded = Buffer.from(json + ' '.repeat((4 - (Buffer.byteLength(json) % 4)) % 4));
  const rest = b.subarray(16 + headerBytes);
  // The checksum covers all but the values (see cache/store.ts).
  const summed = rest.subarray(0, rest.length - (header.valueBytes as number));
  const crc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  const sum = crc32 ? crc32(summed, crc32(padded)) >>> 0 : crypto.createHash('sha1').update(padded).update(summed).digest().readUInt32LE(0);
  const prefix = Buffer.from(b.subarray(0, 16));
  prefix.writeUInt32LE(padded.length, 8);
  prefix.writeUInt32LE(sum, 12);
  fs.writeFileSync(file, Buffer.concat([prefix, padded, rest]));
}

test('a cache written before what is learned was kept (an older format), or with that part broken, is refused or not used, with a log line: the load learns from the files again', () => {
  const f = fixture();
  try {
    const logs: string[] = [];
    const open = (): Project => f.project({ cache: { dir: f.cacheDir, log: (m) => logs.push(m) } });
    const save = (p: Project): string => { const w = finish(p.saveCacheSteps()); assert.ok(w && writeCacheSync(w)); return w.file; };
    const uses = path.join(f.ws, 'mymod/uses.json');
    const file = save(open());
    const check = (damage: (header: Record<string, unknown>) => void, why: RegExp): void => {
      rewriteHeader(file, damage);
      logs.length = 0;
      const p = open();
      assert.match(logs.join('\n'), why);
      assert.deepEqual(p.gameUsage.entries(), LEARNED);
      assert.deepEqual(findings(p, uses), []);
      save(p);
    };
    // The previous format had no "learned".
    check((h) => { (h.key as Record<string, unknown>).format = 4; delete h.learned; }, /not used: made with another format/);
    check((h) => { delete h.learned; }, /not used: corrupt \(header\)/);
    check((h) => { (h.learned as Record<string, unknown>)[path.join(f.game, 'json/newer.json')] = 'future_thing'; }, /cache entry of .*newer\.json not used: malformed/);
  } finally { f.cleanup(); }
});
