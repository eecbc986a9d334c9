/**
 * Which game a check reads, as a modder sees it: the game a mod sits in, $CDDA_GAME, the settings file, --game, in
 * that order of precedence (mods/gameFolder.ts); the summary names the folder and how it was found; a mod written
 * for another version than the game found is told so once, not with a diagnostic per definition.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const BIN = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');

function run(args: string[], env: Record<string, string | undefined> = {}): { code: number | null; stdout: string; stderr: string } {
  const merged: NodeJS.ProcessEnv = { ...process.env, CDDA_GAME: undefined, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: merged });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const summaryOf = (stdout: string): string => stdout.trim().split('\n').pop()!;

/** A mod whose monster copies one only the fixture game defines (an unknown copy-from parent against any other game). */
const USES_GAME = {
  'modinfo.json': modinfo('uses_game'),
  'monsters.json': '[ { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_fixture_only" } ]\n',
};
const GAME_EXTRA = { 'json/fixture_only.json': [{ type: 'MONSTER', id: 'mon_fixture_only', name: { str: 'x' }, description: 'x', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 1, speed: 1, symbol: 'x', color: 'red' }] };
const under = (prefix: string, tree: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(tree).map(([k, v]) => [`${prefix}/${k}`, v]));

/** The current game's marker (registry/versions/current.ts): a MINI_CORE that is detected as the current game. */
const CURRENT_MARKER = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };

test('a mod inside a game\'s mods/ folder is checked against that game; the summary names the folder and why', () => {
  const game = writeTree({ ...MINI_CORE, ...GAME_EXTRA, ...under('mods/uses_game', USES_GAME) });
  const r = run(['check', path.join(game, 'mods', 'uses_game')]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(summaryOf(r.stdout), `No problems in 2 file(s); game folder ${game} (the checked mod is inside it), game version 0.F (Frank), detected from the game folder.`);
  // A checkout of the game's repository: data/json and data/mods.
  const repo = writeTree({ ...under('data', { ...MINI_CORE, ...GAME_EXTRA }), ...under('data/mods/uses_game', USES_GAME) });
  const inRepo = run(['check', path.join(repo, 'data', 'mods', 'uses_game', 'monsters.json')]);
  assert.equal(inRepo.code, 0, inRepo.stdout);
  assert.match(summaryOf(inRepo.stdout), new RegExp(`game folder ${path.join(repo, 'data').replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} \\(the checked mod is inside it\\)`));
  // Near miss: the same mod outside any game is not checked against that one.
  const alone = writeTree(under('uses_game', USES_GAME));
  const out = run(['check', path.join(alone, 'uses_game'), '--format', 'json']);
  assert.ok(!out.stdout.includes(game), out.stdout);
});

test('$CDDA_GAME names the game when the mod is in none; the settings file and --game win over it; a wrong one is a usage error', () => {
  const game = writeTree({ ...MINI_CORE, ...GAME_EXTRA });
  const other = writeTree(MINI_CORE);
  const mods = writeTree(under('uses_game', USES_GAME));
  const mod = path.join(mods, 'uses_game');
  const env = run(['check', mod], { CDDA_GAME: game });
  assert.equal(env.code, 0, env.stdout);
  assert.match(summaryOf(env.stdout), /game folder .* \(from \$CDDA_GAME\), game version 0\.F/);
  const given = run(['check', mod, '--game', other], { CDDA_GAME: game });
  assert.equal(given.code, 1, 'the other game has no mon_fixture_only');
  assert.match(summaryOf(given.stdout), /\(given by --game\)/);
  fs.writeFileSync(path.join(mods, 'cdda-lint.config.json'), JSON.stringify({ gamePath: path.relative(mods, other) }));
  const config = run(['check', mod], { CDDA_GAME: game });
  assert.equal(config.code, 1);
  assert.match(summaryOf(config.stdout), /\("gamePath" in .*cdda-lint\.config\.json\)/);
  fs.rmSync(path.join(mods, 'cdda-lint.config.json'));
  // The game a mod sits in wins over the machine-wide variable.
  const inside = writeTree({ ...MINI_CORE, ...GAME_EXTRA, ...under('mods/uses_game', USES_GAME) });
  const located = run(['check', path.join(inside, 'mods', 'uses_game')], { CDDA_GAME: other });
  assert.equal(located.code, 0, located.stdout);
  assert.match(summaryOf(located.stdout), /\(the checked mod is inside it\)/);
  const wrong = run(['check', mod], { CDDA_GAME: path.join(mods, 'nowhere') });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /named by \$CDDA_GAME \(.*nowhere\), does not exist; expected the game's data folder/);
  // A folder that is there but holds no game data, or a file, is told apart from one that is not there.
  assert.match(run(['check', mod, '--game', mods]).stderr, /^cdda-lint: game folder .*, named by --game, has no json\/ folder; expected/);
  assert.match(run(['check', mod, '--game', path.join(mod, 'modinfo.json')]).stderr, /, named by --game, is a file, not a folder; expected/);
});

/** A current mod: items of `"type": "ITEM"` with subtypes, which 0.F does not know. */
const CURRENT_MOD = {
  'modinfo.json': modinfo('new_items'),
  'items.json': Array.from({ length: 30 }, (_, i) => ({ type: 'ITEM', subtypes: ['TOOL'], id: `new_tool_${i}`, name: { str: `tool ${i}` }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' })),
};
/** A 0.F mod: the old item types, which the current game no longer loads. */
const OLD_MOD = {
  'modinfo.json': modinfo('old_items'),
  'items.json': Array.from({ length: 30 }, (_, i) => ({ type: i % 2 ? 'TOOL' : 'GENERIC', id: `old_item_${i}`, name: { str: `item ${i}` }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' })),
};

test('a mod written for another version than the game found: one diagnostic naming both versions, not one per definition', () => {
  const f = writeTree({ ...under('game0F', MINI_CORE), ...under('gameCurrent', { ...MINI_CORE, ...CURRENT_MARKER }), ...under('mods/new_items', CURRENT_MOD), ...under('mods/old_items', OLD_MOD) });
  const json = (args: string[]): { code: string; message: string; file: string }[] => JSON.parse(run([...args, '--format', 'json']).stdout);
  const newOn0F = json(['check', path.join(f, 'mods', 'new_items'), '--game', path.join(f, 'game0F')]);
  assert.deepEqual(newOn0F.map((d) => d.code), ['game-version-mismatch']);
  assert.equal(path.basename(newOn0F[0].file), 'modinfo.json');
  assert.match(newOn0F[0].message, /written for current \(0\.I \/ experimental\): 30 of its definitions have types only that version has \(such as "ITEM"\), but it is checked against the game folder .*game0F, 0\.F \(Frank\)\. Give the folder of a current .* game: --game DIR, \$CDDA_GAME/);
  const oldOnCurrent = json(['check', path.join(f, 'mods', 'old_items'), '--game', path.join(f, 'gameCurrent')]);
  assert.deepEqual(oldOnCurrent.map((d) => d.code), ['game-version-mismatch']);
  assert.match(oldOnCurrent[0].message, /written for 0\.F \(Frank\): 30 of its definitions .* checked against .*gameCurrent, current/);
  // Near misses: each against its own version has no such notice.
  assert.ok(!json(['check', path.join(f, 'mods', 'new_items'), '--game', path.join(f, 'gameCurrent')]).some((d) => d.code === 'game-version-mismatch'));
  assert.ok(!json(['check', path.join(f, 'mods', 'old_items'), '--game', path.join(f, 'game0F')]).some((d) => d.code === 'game-version-mismatch'));
  // One stray old type in a current mod is an unknown type, not a mod of another version.
  fs.writeFileSync(path.join(f, 'mods', 'new_items', 'stray.json'), JSON.stringify([{ type: 'GENERIC', id: 'stray', name: { str: 'stray' }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' }]));
  assert.deepEqual(json(['check', path.join(f, 'mods', 'new_items', 'stray.json'), '--game', path.join(f, 'gameCurrent')]).map((d) => d.code), ['unknown-type']);
  // A mod of types both versions have, with a few old item types: those are unknown types, each with its hint.
  fs.mkdirSync(path.join(f, 'mods', 'mostly_common'));
  fs.writeFileSync(path.join(f, 'mods', 'mostly_common', 'modinfo.json'), JSON.stringify(modinfo('mostly_common')));
  fs.writeFileSync(path.join(f, 'mods', 'mostly_common', 'things.json'), JSON.stringify([
    ...Array.from({ length: 4 }, (_, i) => ({ type: 'GENERIC', id: `old_${i}`, name: { str: 'old' }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red' })),
    { type: 'MONSTER', id: 'mon_common', 'copy-from': 'mon_zombie' },
  ]));
  assert.deepEqual(json(['check', path.join(f, 'mods', 'mostly_common'), '--game', path.join(f, 'gameCurrent')]).map((d) => d.code), ['unknown-type', 'unknown-type', 'unknown-type', 'unknown-type']);
  // One file of a mod checked alone: the notice is on that file (its modinfo.json is not reported).
  const oneFile = json(['check', path.join(f, 'mods', 'old_items', 'items.json'), '--game', path.join(f, 'gameCurrent')]);
  assert.deepEqual(oneFile.map((d) => [d.code, path.basename(d.file)]), [['game-version-mismatch', 'items.json']]);
});
