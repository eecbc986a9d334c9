/**
 * The GitHub Action's script (scripts/action.sh, which action.yml runs step by step), run here as a workflow
 * would: with a local game folder, and with a local git repository standing in for CleverRaven/Cataclysm-DDA
 * (CDDA_GAME_REPO), so the tag resolution and the sparse, shallow checkout run without the network.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { sarifSchemaErrors } from '../helpers/sarif';

const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'action.sh');
const hasTools = spawnSync('bash', ['-c', 'git --version'], { encoding: 'utf8' }).status === 0;

function action(step: string, env: Record<string, string>, cwd: string): { code: number | null; stdout: string; stderr: string } {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GITHUB_|INPUT_|GAME_|CDDA_GAME)/.test(k)));
  const r = spawnSync('bash', [SCRIPT, step], { cwd, encoding: 'utf8', env: { ...base, ...env }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const MOD = {
  'mods/mine/modinfo.json': modinfo('mine'),
  'mods/mine/monsters.json': '[ { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "speeed": 1 } ]\n',
};

test('the action with a game folder: annotations, the check\'s exit status, max-warnings', { skip: !hasTools && 'bash or git is missing' }, () => {
  const game = writeTree(MINI_CORE);
  const ws = writeTree(MOD);
  const r = action('all', { INPUT_GAME: game, INPUT_PATHS: 'mods/mine', INPUT_FORMAT: 'github' }, ws);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^::warning file=mods\/mine\/monsters\.json,line=1,.*title=cdda-lint unknown-field::Unknown member "speeed"/m);
  assert.match(r.stdout, new RegExp(`game folder ${game} \\(given by --game\\)`));
  const strict = action('all', { INPUT_GAME: game, INPUT_PATHS: 'mods/mine\n', INPUT_FORMAT: 'text', INPUT_MAX_WARNINGS: '0' }, ws);
  assert.equal(strict.code, 1, strict.stdout);
  assert.match(strict.stderr, /1 warning\(s\), more than --max-warnings 0/);
  const missing = action('all', { INPUT_GAME: path.join(ws, 'no', 'such'), INPUT_PATHS: 'mods/mine' }, ws);
  assert.equal(missing.code, 2);
  assert.match(missing.stdout, /^::error title=cdda-lint action::game folder .* does not exist/m);
});

test('the action with a tag: "experimental" is the newest experimental tag, fetched sparse and shallow; an unknown tag is an error', { skip: !hasTools && 'bash or git is missing' }, () => {
  // The game's repository: data/json and data/mods, and a source file the checkout must leave out.
  const repo = writeTree({ ...Object.fromEntries(Object.entries(MINI_CORE).map(([k, v]) => [`data/${k}`, v])), 'src/game.cpp': '// not fetched\n' });
  const git = (...args: string[]): void => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=master', ...args], { cwd: repo, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  };
  git('init', '-q'); git('add', '-A'); git('commit', '-qm', 'old'); git('tag', 'cdda-experimental-2026-01-01-0000');
  fs.writeFileSync(path.join(repo, 'data', 'json', 'newest.json'), JSON.stringify([{ type: 'SPECIES', id: 'NEWEST' }]));
  git('add', '-A'); git('commit', '-qm', 'new'); git('tag', 'cdda-experimental-2026-02-01-0000'); git('tag', '0.X');
  const runner = writeTree({});
  const ws = writeTree(MOD);
  const env = { CDDA_GAME_REPO: `file://${repo}`, RUNNER_TEMP: runner, INPUT_PATHS: 'mods/mine', INPUT_FORMAT: 'text' };
  const resolved = action('resolve', { ...env, INPUT_GAME: 'experimental' }, ws);
  assert.equal(resolved.code, 0, resolved.stderr);
  const dir = path.join(runner, 'cdda-game', 'cdda-experimental-2026-02-01-0000');
  assert.equal(resolved.stdout, `dir=${dir}\nref=cdda-experimental-2026-02-01-0000\nkey=cdda-game-data-cdda-experimental-2026-02-01-0000-v1\nfetch=true\n`);
  assert.match(resolved.stderr, /the newest experimental tag, cdda-experimental-2026-02-01-0000/);
  const all = action('all', { ...env, INPUT_GAME: 'experimental' }, ws);
  assert.equal(all.code, 0, all.stderr);
  assert.ok(fs.existsSync(path.join(dir, 'data', 'json', 'newest.json')), 'the newest tag\'s data');
  assert.ok(!fs.existsSync(path.join(dir, 'src')), 'only data/json and data/mods');
  assert.match(all.stdout, /Unknown member "speeed"/);
  assert.match(all.stdout, new RegExp(`game folder ${path.join(dir, 'data')} \\(given by --game\\)`));
  const tag = action('resolve', { ...env, INPUT_GAME: '0.X' }, ws);
  assert.match(tag.stdout, /^ref=0\.X$/m);
  const unknown = action('resolve', { ...env, INPUT_GAME: '0.Q' }, ws);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stdout, /::error title=cdda-lint action::game "0\.Q": no such tag/);
  // A local run stops at the first error: no check against a game folder that was never fetched.
  const unknownAll = action('all', { ...env, INPUT_GAME: '0.Q' }, ws);
  assert.equal(unknownAll.code, 2);
  assert.deepEqual(unknownAll.stdout.split('\n').filter((l) => l.startsWith('::error')), [`::error title=cdda-lint action::game "0.Q": no such tag in file://${repo} (give a release tag such as 0.H or 0.I, "experimental", or a folder holding the game's data)`]);
  assert.doesNotMatch(unknownAll.stderr, /cdda-lint\.js check|cdda-lint: /, 'the check did not run');
});

test('the action with format sarif: a SARIF 2.1.0 file at sarif-file, named by the output sarif-file, for upload-sarif', { skip: !hasTools && 'bash or git is missing' }, () => {
  const game = writeTree(MINI_CORE);
  const ws = writeTree({ ...MOD, 'mods/broken/modinfo.json': modinfo('broken'), 'mods/broken/monsters.json': '[ { "type": "MONSTER", "id": "mon_broken", "copy-from": "mon_zombi" } ]\n' });
  const r = action('all', { INPUT_GAME: game, INPUT_PATHS: 'mods/mine mods/broken', INPUT_FORMAT: 'sarif', INPUT_SARIF_FILE: 'results/cdda-lint.sarif' }, ws);
  assert.equal(r.code, 1, `the check's exit status (an error in mods/broken): ${r.stderr}`);
  const file = path.join(ws, 'results', 'cdda-lint.sarif');
  assert.match(r.stdout, new RegExp(`^sarif-file=${file}$`, 'm'));
  assert.doesNotMatch(r.stdout, /"\$schema"|"runs"/, 'the SARIF log is in the file, not the log');
  assert.match(r.stdout, new RegExp(`cdda-lint: 2 problem\\(s\\) \\(1 error\\(s\\), 1 warning\\(s\\), 0 note\\(s\\)\\) written to ${file} \\(SARIF 2\\.1\\.0\\)`));
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(sarifSchemaErrors(log), undefined);
  assert.deepEqual(log.runs[0].results.map((x: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation.uri]).sort(),
    [['unknown-field', 'mods/mine/monsters.json'], ['unknown-id', 'mods/broken/monsters.json']]);
  // The default file name; no sarif-file output without format sarif, and a warning when one was asked for.
  const byDefault = action('all', { INPUT_GAME: game, INPUT_PATHS: 'mods/mine', INPUT_FORMAT: 'sarif' }, ws);
  assert.equal(byDefault.code, 0, byDefault.stderr);
  assert.match(byDefault.stdout, new RegExp(`^sarif-file=${path.join(ws, 'cdda-lint.sarif')}$`, 'm'));
  const github = action('all', { INPUT_GAME: game, INPUT_PATHS: 'mods/mine', INPUT_FORMAT: 'github', INPUT_SARIF_FILE: 'x.sarif' }, ws);
  assert.equal(github.code, 0, github.stderr);
  assert.doesNotMatch(github.stdout, /^sarif-file=/m);
  assert.match(github.stdout, /^::warning title=cdda-lint action::sarif-file is written with format: sarif only/m);
  assert.ok(!fs.existsSync(path.join(ws, 'x.sarif')));
});

test('the workflow examples give the action only inputs it has', () => {
  const root = path.resolve(__dirname, '..', '..', '..');
  const inputs = new Set([...fs.readFileSync(path.join(root, 'action.yml'), 'utf8').split(/^outputs:/m)[0].matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]));
  assert.ok(inputs.has('sarif-file') && inputs.has('game'), [...inputs].join(' '));
  for (const example of ['docs/github-workflow-example.yml', 'docs/github-code-scanning-example.yml']) {
    const text = fs.readFileSync(path.join(root, example), 'utf8');
    // The `with:` block of the step that uses this action: its keys, up to the next step.
    const step = /uses: cdda-tools\/cdda-json@\S+\n(?:.*\n)*?\s+with:\n((?:\s{10,}.*\n)+)/.exec(text);
    assert.ok(step, `${example} uses the action with inputs`);
    const given = [...step[1].matchAll(/^\s+([a-z-]+):/gm)].map((m) => m[1]);
    assert.deepEqual(given.filter((k) => !inputs.has(k)), [], example);
  }
});
