/**
 * Which game a check reads, as a modder sees it: the game a mod sits in, $CDDA_GAME, the settings file, --game, in
 * that order of precedence (mods/gameFolder.ts); the summary names the folder and how it was found; a mod written
 * for another format than the game found is told so, with the era the evidence shows and what would help; the
 * default 0.F install is not used for a mod written for the current game when the built-in game is there.
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

const item = (type: string, id: string, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ type, id, name: { str: id }, description: 'x', weight: '1 g', volume: '1 ml', symbol: ';', color: 'red', ...extra });
/** A small current mod: two items of `"type": "ITEM"`, which 0.F does not load. */
const CURRENT_MOD = {
  'modinfo.json': modinfo('new_items'),
  'items.json': [item('ITEM', 'new_tool', { subtypes: ['TOOL'] }), item('ITEM', 'new_thing')],
};
/** A 0.F mod: the old item types, which the current game no longer loads, and a monster group named by "name". */
const OLD_MOD = {
  'modinfo.json': modinfo('old_items'),
  'items.json': Array.from({ length: 6 }, (_, i) => item(i % 2 ? 'TOOL' : 'GENERIC', `old_item_${i}`)),
  'groups.json': [{ type: 'monstergroup', name: 'GROUP_OLD', default: 'mon_zombie', monsters: [{ monster: 'mon_zombie', freq: 10, cost_multiplier: 1 }] }],
};
/**
 * A mod of the 2024 experimentals: legacy item types and monster groups named by "name" (before 2025), with an
 * effect on condition and a monster group weighing its entries by "weight", which 0.F never read; and a genuine
 * mistake (a monster's misspelt member).
 */
const MOD_2024 = {
  'modinfo.json': modinfo('exp_2024'),
  'items.json': [item('TOOL', 'exp_tool'), item('GUN', 'exp_gun'), item('ARMOR', 'exp_armor')],
  'groups.json': [{ type: 'monstergroup', name: 'GROUP_EXP', monsters: [{ monster: 'mon_zombie', weight: 10 }] }],
  'eocs.json': [{ type: 'effect_on_condition', id: 'EOC_EXP', effect: [{ u_message: 'hello' }] }],
  'monsters.json': [{ type: 'MONSTER', id: 'mon_exp', 'copy-from': 'mon_zombie', speeed: 1 }],
};

test('the verdict names the era the evidence shows, from one decisive definition on, with advice that helps; near misses get none', () => {
  const f = writeTree({ ...under('game0F', MINI_CORE), ...under('gameCurrent', { ...MINI_CORE, ...CURRENT_MARKER }), ...under('mods/new_items', CURRENT_MOD), ...under('mods/old_items', OLD_MOD), ...under('mods/exp_2024', MOD_2024) });
  type Out = { code: string; message: string; file: string; severity: string; related?: { file: string }[] };
  const json = (mod: string, game: string): Out[] => JSON.parse(run(['check', path.join(f, 'mods', mod), '--game', path.join(f, game), '--format', 'json']).stdout);
  const notices = (list: Out[]): Out[] => list.filter((d) => d.code === 'game-version-mismatch');

  // A small current mod checked against 0.F: its two ITEMs decide it; the advice is the current game.
  const newOn0F = json('new_items', 'game0F');
  assert.deepEqual(notices(newOn0F).map((d) => path.basename(d.file)), ['modinfo.json', 'modinfo.json']);
  assert.match(notices(newOn0F)[0].message, /^This mod is written for current \(0\.I \/ experimental\), not for the game it is checked against \(the game folder .*game0F, 0\.F \(Frank\)\): 2 definitions of "type": "ITEM" \(a form from after 2025's item types\)\. Check it against the game it is written for: (the built-in snapshot of the current game \(--game builtin|the folder of a current game .*"npm run snapshot -- GAME_DIR")/);
  assert.doesNotMatch(notices(newOn0F)[0].message, /folder of a 0\.F/);
  assert.match(notices(newOn0F)[1].message, /^2 definitions of "type": "ITEM", a form from after 2025's item types that 0\.F \(Frank\) does not read/);
  assert.deepEqual(newOn0F.filter((d) => d.code === 'unknown-type').map((d) => d.severity), ['information', 'information']);

  // A 0.F mod checked against the current game: before the monster group ids; the advice is migrate.
  const oldOnCurrent = json('old_items', 'gameCurrent');
  const [verdict, ...causes] = notices(oldOnCurrent);
  assert.match(verdict.message, /^This mod is written for 0\.F \(Frank\) or an experimental build before January 2025's monster group ids, not for the game it is checked against \(.*gameCurrent, current \(0\.I \/ experimental\)\): 6 definitions of legacy item types \(a form from before 2025's item types\) and 1 monster group named by "name" \(a form from before January 2025's monster group ids\)\. `cdda-lint migrate` rewrites it/);
  assert.deepEqual(causes.map((d) => d.message.split(',')[0]), ['6 definitions of legacy item types', '1 monster group named by "name"']);
  assert.match(causes[0].message, /Fix: `cdda-lint migrate`/);
  assert.equal(path.basename(causes[0].related![0].file), 'items.json');
  assert.deepEqual(oldOnCurrent.filter((d) => d.code === 'unknown-type' || d.code === 'removed-member').map((d) => d.severity), Array(7).fill('information'));

  // A 2024 experimental mod checked against the current game: after 0.F (its EOC, its "weight"), before 2025.
  const expOnCurrent = json('exp_2024', 'gameCurrent');
  assert.match(notices(expOnCurrent)[0].message, /^This mod is written for an experimental build between 0\.F and January 2025 \(0\.G, 0\.H\), .*: 3 definitions of legacy item types .*, 1 monster group named by "name" .*, 1 definition of a type 0\.F does not load \(a form from after 0\.F\) and 1 monster group weighing entries by "weight" \(a form from after 0\.F\)\. `cdda-lint migrate`/);
  assert.deepEqual(notices(expOnCurrent).slice(1).map((d) => d.message.split(',')[0]), ['3 definitions of legacy item types', '1 monster group named by "name"']);
  // Its genuine mistake is still an error of its own.
  assert.ok(expOnCurrent.some((d) => d.code === 'unknown-field' && d.severity !== 'information' && d.message.includes('speeed')), JSON.stringify(expOnCurrent));
  // ...and against 0.F it is not 0.F either: no supported version reads it; current and migrate are the advice.
  const expOn0F = json('exp_2024', 'game0F');
  assert.match(notices(expOn0F)[0].message, /^This mod is written for an experimental build between 0\.F and January 2025 \(0\.G, 0\.H\), not for .*0\.F \(Frank\)\): 1 definition of a type 0\.F does not load .*No supported version reads that format: check it against the current game, .* and bring it there with `cdda-lint migrate`/);

  // Near misses: each against its own version has no notice.
  assert.deepEqual(notices(json('new_items', 'gameCurrent')), []);
  assert.deepEqual(notices(json('old_items', 'game0F')), []);
  // One stray old type in a current mod is an unknown type (an error), not a mod of another version...
  fs.writeFileSync(path.join(f, 'mods', 'new_items', 'stray.json'), JSON.stringify([item('GENERIC', 'stray')]));
  const stray = json('new_items', 'gameCurrent');
  assert.deepEqual(stray.map((d) => [d.code, d.severity]), [['unknown-type', 'error']]);
  // ...and one stray ITEM in a mod of legacy items checked against 0.F is an unknown type too.
  fs.writeFileSync(path.join(f, 'mods', 'old_items', 'stray.json'), JSON.stringify([item('ITEM', 'stray_new')]));
  assert.deepEqual(json('old_items', 'game0F').map((d) => [d.code, d.severity]), [['unknown-type', 'error']]);
  // A 2024 mod with monster groups by "id" and one stray legacy type against the current game: no notice either.
  fs.writeFileSync(path.join(f, 'mods', 'exp_2024', 'groups.json'), JSON.stringify([{ type: 'monstergroup', id: 'GROUP_EXP', monsters: [{ monster: 'mon_zombie', weight: 10 }] }]));
  fs.writeFileSync(path.join(f, 'mods', 'exp_2024', 'items.json'), JSON.stringify([item('ITEM', 'exp_tool', { subtypes: ['TOOL'] }), item('ITEM', 'exp_gun'), item('TOOL', 'exp_stray')]));
  assert.deepEqual(notices(json('exp_2024', 'gameCurrent')), []);
  // One file of a mod checked alone: the notices are on that file (its modinfo.json is not reported).
  const oneFile = JSON.parse(run(['check', path.join(f, 'mods', 'old_items', 'items.json'), '--game', path.join(f, 'gameCurrent'), '--format', 'json']).stdout) as Out[];
  assert.deepEqual(notices(oneFile).map((d) => path.basename(d.file)), ['items.json', 'items.json', 'items.json']);
});

/** Debian's 0.F install, the game found by default on Linux (mods/gameFolder.ts DEFAULT_GAME_PATH). */
const DEBIAN_0F = '/usr/share/games/cataclysm-dda';

test('a current mod with Debian\'s 0.F found by default: the first line says it is the wrong game, and the built-in game is used when there is one', (t) => {
  if (!fs.existsSync(path.join(DEBIAN_0F, 'json'))) { t.skip(`no 0.F game at ${DEBIAN_0F} (apt-get install cataclysm-dda-data)`); return; }
  const f = writeTree({ ...under('new_items', CURRENT_MOD), ...under('old_items', OLD_MOD) });
  const r = run(['check', path.join(f, 'new_items')]);
  const first = r.stderr.split('\n')[0];
  assert.match(first, /^cdda-lint: new_items is written for current \(0\.I \/ experimental\) \(2 definitions of "type": "ITEM"\), not for 0\.F \(Frank\), the game found at \/usr\/share\/games\/cataclysm-dda(: checking against the built-in snapshot of current .* instead \(--game DIR or \$CDDA_GAME names the game to use\)\.|; this installation has no built-in game snapshot .*npm run snapshot -- GAME_DIR.*--game DIR or \$CDDA_GAME names the game it is written for\.)$/);
  if (first.includes('checking against the built-in snapshot')) assert.match(summaryOf(r.stdout), /built-in snapshot of current .*, chosen because new_items is written for current/);
  else assert.match(summaryOf(r.stdout), /game folder \/usr\/share\/games\/cataclysm-dda \(the default install/);
  // Near misses: a game named is never replaced; a 0.F mod keeps the 0.F found.
  const named = run(['check', path.join(f, 'new_items'), '--game', DEBIAN_0F]);
  assert.doesNotMatch(named.stderr, /is written for/);
  assert.match(summaryOf(named.stdout), /\(given by --game\)/);
  const old = run(['check', path.join(f, 'old_items')]);
  assert.doesNotMatch(old.stderr, /is written for/);
  assert.match(summaryOf(old.stdout), /game folder \/usr\/share\/games\/cataclysm-dda \(the default install/);
});
