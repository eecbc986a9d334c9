/**
 * The built-in game (mods/gameSnapshot.ts): a game folder turned into a snapshot and unpacked gives a mod the same
 * diagnostics as the folder itself; it is used only when no game folder is given or found anywhere; the summary
 * names it; a damaged snapshot is a clear message, never a crash or half a game.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { writeSnapshot, readManifest, unpackSnapshot, privateFolderIn, GAME_ATTRIBUTION } from '../../server/src/mods/gameSnapshot';
import { BUILT_IN_GAME, describeGame, gameForMods, resolveGame, type GameQuery } from '../../server/src/mods/gameFolder';
import { listJsonFiles } from '../../server/src/mods/discover';
import { lint, toJsonDiagnostics, type JsonDiagnostic } from '../../server/src/cli/lint';
import { summary } from '../../server/src/cli/formats';

const DESCRIBE = { gameVersion: 'current', gameVersionTitle: 'current (0.I / experimental)', date: '2026-11-22', source: 'the folder fixture' };
const CURRENT_MARKER = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };
const under = (prefix: string, tree: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(tree).map(([k, v]) => [`${prefix}/${k}`, v]));

/** A mod with problems that involve the game's definitions: a copy-from parent, an unknown id, a member a game parent lacks too. */
const MOD = {
  'modinfo.json': modinfo('mine'),
  'monsters.json': '[\n  { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "speeed": 1 },\n  { "type": "MONSTER", "id": "mon_other", "copy-from": "mon_nowhere" }\n]\n',
  'templated.json': '[ { "type": "MONSTER", "id": "mon_templated", "copy-from": "mon_base_template" } ]\n',
};

function tmp(t: { after(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-snapshot-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A query that finds no game folder: no Debian install, no $CDDA_GAME, a mod outside any game. */
const NOWHERE = (checked: string[], cacheDir: string, snapshotDir: string | null): GameQuery & { cacheDir: string; snapshotDir: string | null } =>
  ({ checked, env: {}, defaultPath: path.join(cacheDir, 'no-such-game'), cacheDir, snapshotDir });

/** The diagnostics of a check, with the game folder's path replaced by GAME (the snapshot is unpacked elsewhere). */
function checkAgainst(mod: string, gamePath: string): JsonDiagnostic[] {
  const text = JSON.stringify(toJsonDiagnostics(lint({ paths: [mod], gamePath })));
  return JSON.parse(text.split(JSON.stringify(gamePath).slice(1, -1)).join('GAME')) as JsonDiagnostic[];
}

test('a mod checked against the snapshot of a game gives the same diagnostics as against the game\'s folder', (t) => {
  const dir = tmp(t);
  const game = writeTree({ ...MINI_CORE, ...CURRENT_MARKER, ...under('mods/other_mod', { 'modinfo.json': modinfo('other_mod'), 'x.json': [{ type: 'MONSTER', id: 'mon_other_mod', 'copy-from': 'mon_dog' }] }) }, path.join(dir, 'game'));
  const mod = writeTree(MOD, path.join(dir, 'mods', 'mine'));
  const snapshotDir = path.join(dir, 'snapshot');
  const manifest = writeSnapshot(game, snapshotDir, DESCRIBE);
  assert.equal(manifest.files, listJsonFiles(game).length);
  assert.equal(manifest.attribution, GAME_ATTRIBUTION);
  assert.match(fs.readFileSync(path.join(snapshotDir, 'ATTRIBUTION.txt'), 'utf8'), /Creative Commons Attribution-ShareAlike 3\.0/);

  const resolved = resolveGame(NOWHERE([mod], path.join(dir, 'cache'), snapshotDir));
  assert.equal(resolved.game?.source, 'snapshot', resolved.noSnapshot);
  assert.equal(resolved.unpacked?.unpacked, true);
  const unpacked = resolved.game!.path;
  assert.ok(unpacked.startsWith(path.join(dir, 'cache') + path.sep), unpacked);
  // The game's files, byte for byte: positions in them (related locations) are the folder's.
  const rel = (root: string): string[] => listJsonFiles(root).map((f) => path.relative(root, f));
  assert.deepEqual(rel(unpacked), rel(game));
  for (const f of rel(game)) assert.ok(fs.readFileSync(path.join(unpacked, f)).equals(fs.readFileSync(path.join(game, f))), f);

  const fromSnapshot = checkAgainst(mod, unpacked);
  const fromFolder = checkAgainst(mod, game);
  assert.deepEqual(fromSnapshot, fromFolder);
  const codes = fromFolder.map((d) => d.code).sort();
  assert.ok(codes.includes('unknown-field') && codes.includes('unknown-id') && codes.includes('missing-field'), codes.join(' '));
  assert.ok(fromFolder.some((d) => d.related?.some((r) => r.file.startsWith('GAME'))), 'a related location in a game file');

  // Unpacked once: a second start uses it as it is.
  const again = resolveGame(NOWHERE([mod], path.join(dir, 'cache'), snapshotDir));
  assert.equal(again.game?.path, unpacked);
  assert.equal(again.unpacked?.unpacked, false);
});

test('the snapshot is used only when no game folder is given or found; the summary names it', (t) => {
  const dir = tmp(t);
  const game = writeTree({ ...MINI_CORE, ...CURRENT_MARKER }, path.join(dir, 'game'));
  const snapshotDir = path.join(dir, 'snapshot');
  writeSnapshot(game, snapshotDir, DESCRIBE);
  const other = writeTree(MINI_CORE, path.join(dir, 'other'));
  const inGame = writeTree({ 'modinfo.json': modinfo('inside') }, path.join(other, 'mods', 'inside'));
  const alone = writeTree({ 'modinfo.json': modinfo('alone') }, path.join(dir, 'mods', 'alone'));
  const cacheDir = path.join(dir, 'cache');
  const nowhere = NOWHERE([alone], cacheDir, snapshotDir);

  assert.equal(resolveGame({ ...nowhere, given: { path: other, source: 'option' } }).game?.source, 'option');
  assert.equal(resolveGame({ ...nowhere, config: { path: other } }).game?.source, 'config');
  assert.equal(resolveGame({ ...nowhere, checked: [inGame] }).game?.source, 'location');
  assert.equal(resolveGame({ ...nowhere, env: { CDDA_GAME: other } }).game?.source, 'environment');
  assert.equal(resolveGame({ ...nowhere, defaultPath: other }).game?.source, 'default');
  assert.ok(!fs.existsSync(cacheDir), 'not unpacked while a game folder is found');

  const builtIn = resolveGame(nowhere);
  assert.equal(builtIn.game?.source, 'snapshot');
  const line = summary({ game: builtIn.game, filesChecked: 1, version: { version: { title: 'current (0.I / experimental)' } as never, source: 'detected' } }, []);
  assert.match(line, /^No problems in 1 file\(s\); built-in snapshot of current \(0\.I \/ experimental\), game data of 2026-11-22 \(the folder fixture\), no game folder given or found, game version/);
  assert.ok(!line.includes(builtIn.game!.path), 'the summary names the snapshot, not where it is unpacked');

  const none = resolveGame(NOWHERE([alone], cacheDir, null));
  assert.equal(none.game, undefined);
  assert.match(none.noSnapshot ?? '', /no built-in game snapshot/);
});

test('"builtin" wherever a game folder is named asks for the snapshot, even with a game installed; a folder of that name is a folder', (t) => {
  const dir = tmp(t);
  const game = writeTree({ ...MINI_CORE, ...CURRENT_MARKER }, path.join(dir, 'game'));
  const snapshotDir = path.join(dir, 'snapshot');
  writeSnapshot(game, snapshotDir, DESCRIBE);
  const installed = writeTree(MINI_CORE, path.join(dir, 'debian'));
  const alone = writeTree({ 'modinfo.json': modinfo('alone') }, path.join(dir, 'mods', 'alone'));
  const cacheDir = path.join(dir, 'cache');
  // Debian's 0.F installed: it is the game unless the snapshot is asked for.
  const withDebian = { ...NOWHERE([alone], cacheDir, snapshotDir), defaultPath: installed };
  assert.equal(resolveGame(withDebian).game?.source, 'default');
  const asked = resolveGame({ ...withDebian, given: { path: BUILT_IN_GAME, source: 'option' } });
  assert.equal(asked.game?.source, 'snapshot');
  assert.match(describeGame(asked.game!), /^built-in snapshot of current .*, asked for by --game "builtin"$/);
  assert.equal(resolveGame({ ...withDebian, env: { CDDA_GAME: BUILT_IN_GAME } }).game?.namedBy, 'environment');
  assert.equal(resolveGame({ ...withDebian, config: { path: path.join(dir, BUILT_IN_GAME), file: 'cdda-lint.config.json' } }).game?.namedBy, 'config');
  // Asked for where the installation has none: said so, naming what asked.
  assert.match(resolveGame({ ...withDebian, snapshotDir: null, given: { path: BUILT_IN_GAME, source: 'setting' } }).noSnapshot ?? '', /^cdda\.gamePath names the built-in game \("builtin"\), but this installation has no built-in game snapshot/);
  // A folder named builtin that exists is that folder.
  const folder = writeTree(MINI_CORE, path.join(dir, 'named', BUILT_IN_GAME));
  assert.equal(resolveGame({ ...withDebian, given: { path: folder, source: 'option' } }).game?.path, folder);
});

test('a damaged snapshot is a clear message: no crash, no half-unpacked game', (t) => {
  const dir = tmp(t);
  const game = writeTree({ ...MINI_CORE, ...CURRENT_MARKER }, path.join(dir, 'game'));
  const alone = writeTree({ 'modinfo.json': modinfo('alone') }, path.join(dir, 'mods', 'alone'));
  const snapshotDir = path.join(dir, 'snapshot');
  writeSnapshot(game, snapshotDir, DESCRIBE);
  const data = path.join(snapshotDir, 'game-data.bin');
  fs.truncateSync(data, fs.statSync(data).size - 10);
  const cacheDir = path.join(dir, 'cache');
  const r = resolveGame(NOWHERE([alone], cacheDir, snapshotDir));
  assert.equal(r.game, undefined);
  assert.match(r.noSnapshot ?? '', /could not be unpacked .*truncated/);
  assert.deepEqual(fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : [], [], 'nothing left behind');
  fs.writeFileSync(path.join(snapshotDir, 'manifest.json'), '{ "format": 99 }');
  assert.equal(typeof readManifest(snapshotDir), 'string');
  assert.match(resolveGame(NOWHERE([alone], cacheDir, snapshotDir)).noSnapshot ?? '', /not a snapshot of this tool's format/);
});

test('mods written for the current game get the built-in game in place of the one found by default, never of one named; without a snapshot, how to get one', (t) => {
  const dir = tmp(t);
  const game = writeTree({ ...MINI_CORE, ...CURRENT_MARKER }, path.join(dir, 'game'));
  const snapshotDir = path.join(dir, 'snapshot');
  writeSnapshot(game, snapshotDir, DESCRIBE);
  const cacheDir = path.join(dir, 'cache');
  const installed = writeTree(MINI_CORE, path.join(dir, 'debian'));
  const mods = { mod: 'Mine', version: 'current', versionTitle: 'current (0.I / experimental)', evidence: '2 definitions of "type": "ITEM"' };
  const forMods = gameForMods({ path: installed, source: 'default' }, '0.F (Frank)', mods, '--game DIR', cacheDir, snapshotDir);
  assert.equal(forMods?.instead?.source, 'snapshot');
  assert.equal(forMods?.message, `Mine is written for current (0.I / experimental) (2 definitions of "type": "ITEM"), not for 0.F (Frank), the game found at ${installed}: checking against the built-in snapshot of current (0.I / experimental), game data of 2026-11-22 (the folder fixture) instead (--game DIR names the game to use).`);
  assert.match(describeGame(forMods!.instead!), /^built-in snapshot of current \(0\.I \/ experimental\), game data of 2026-11-22 \(the folder fixture\), chosen because Mine is written for current/);
  // Near misses: a game the user named, or the game a mod sits in, is never replaced.
  for (const source of ['option', 'setting', 'config', 'location', 'environment'] as const) assert.equal(gameForMods({ path: installed, source }, '0.F (Frank)', mods, '--game DIR', cacheDir, snapshotDir), undefined, source);
  // Without a snapshot: the game stays, and the message says how to get one.
  const none = gameForMods({ path: installed, source: 'default' }, '0.F (Frank)', mods, '--game DIR', cacheDir, null);
  assert.equal(none?.instead, undefined);
  assert.match(none?.message ?? '', /not for 0\.F \(Frank\), the game found at .*; this installation has no built-in game snapshot .*"npm run snapshot -- GAME_DIR" makes one.*\. --game DIR names the game it is written for\.$/);
});

test('when the cache folder cannot be written, the snapshot goes to a private folder of the temporary folder, never one another user could have made', (t) => {
  const dir = tmp(t);
  const game = writeTree({ ...MINI_CORE, ...CURRENT_MARKER }, path.join(dir, 'game'));
  const snapshotDir = path.join(dir, 'snapshot');
  writeSnapshot(game, snapshotDir, DESCRIBE);
  // A file where the cache folder should be: nothing can be made under it (permissions would not stop root).
  const cacheDir = path.join(dir, 'cache-is-a-file');
  fs.writeFileSync(cacheDir, '');
  const uid = process.getuid?.() ?? os.userInfo().username;

  const sharedTemp = fs.mkdtempSync(path.join(dir, 'tmp-'));
  const unpacked = unpackSnapshot(snapshotDir, cacheDir, sharedTemp);
  const own = path.join(sharedTemp, `cdda-lint-${uid}`);
  assert.equal(path.dirname(unpacked.path), own);
  if (process.platform !== 'win32') assert.equal(fs.statSync(own).mode & 0o777, 0o700);
  assert.equal(unpackSnapshot(snapshotDir, cacheDir, sharedTemp).unpacked, false, 'reused once it is there');

  // Made first by someone else, with a game planted in it: neither reused nor written into.
  const planted = (prepare: (folder: string) => void): string => {
    const temp = fs.mkdtempSync(path.join(dir, 'shared-'));
    const folder = path.join(temp, `cdda-lint-${uid}`);
    prepare(folder);
    return temp;
  };
  const plant = (folder: string): void => { writeTree({ ...MINI_CORE }, path.join(folder, path.basename(unpacked.path))); };
  const cases: [string, string, RegExp][] = [
    ['open to others', planted((f) => { plant(f); fs.chmodSync(f, 0o777); }), /open to other users \(mode 777\)/],
    ['a link', planted((f) => { const elsewhere = path.join(dir, `elsewhere-${Math.random()}`); plant(elsewhere); fs.chmodSync(elsewhere, 0o700); fs.symlinkSync(elsewhere, f); }), /not a folder but a link/],
  ];
  if (process.getuid?.() === 0) cases.push(['another owner', planted((f) => { plant(f); fs.chmodSync(f, 0o700); fs.chownSync(f, 65534, 65534); }), /belongs to another user/]);
  for (const [what, temp, reason] of cases) {
    const refused = privateFolderIn(temp);
    assert.ok(typeof refused !== 'string' && reason.test(refused.refused), `${what}: ${JSON.stringify(refused)}`);
    assert.throws(() => unpackSnapshot(snapshotDir, cacheDir, temp), (err: Error) => reason.test(err.message) && /could not be unpacked/.test(err.message), what);
  }
});
