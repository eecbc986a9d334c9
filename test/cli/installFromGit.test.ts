/**
 * The README's first install line, as a user runs it on today's npm: it builds the package from the repository
 * (`npm pack` of a git address: npm clones it, installs its devDependencies in the clone and runs `prepare`) and
 * installs what it made globally. Run here on a git repository holding this working tree (`git+file://` in place
 * of `github:`), into a temporary prefix; the dependencies come from the npm registry (or npm's cache), the only
 * network it uses: with neither reachable the test is skipped with a message. Also: the line npm cannot do
 * (`npm install -g` of the git address, npm/cli#8440) fails with a message naming the one that works.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REPOSITORY_SPEC = 'github:cdda-tools/cdda-json';
/** npm's errors when the registry cannot be reached (as opposed to a failed build). */
const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network/i;

/** The first command of the README's first `sh` block under "Install": the line a user types first. */
function firstInstallLine(readme: string): string {
  const install = readme.split(/^## /m).find((s) => /^Install\b/.test(s));
  assert.ok(install, 'the README has an "Install" section');
  const block = /```sh\n([\s\S]*?)```/.exec(install)![1];
  return block.split('\n')[0].replace(/\s+#.*$/, '').trim();
}

/** A git repository holding this working tree's tracked files as they are now (not as last committed). */
function repositoryOfWorkingTree(dir: string): boolean {
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (files.status !== 0) return false;
  for (const f of files.stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(ROOT, f))) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(dir, f));
  }
  const git = (...args: string[]): void => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  };
  git('init', '-q'); git('add', '-A'); git('commit', '-qm', 'working tree');
  return true;
}

test('the README\'s first install line builds the package from git and installs cdda-lint on today\'s npm', { timeout: 900_000 }, (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-git-install-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const repo = path.join(tmp, 'repo');
  fs.mkdirSync(repo);
  if (!repositoryOfWorkingTree(repo)) {
    t.skip('not a git checkout: no repository to install from');
    return;
  }
  const line = firstInstallLine(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
  assert.ok(line.includes(REPOSITORY_SPEC), `the first install line names the repository: ${line}`);
  const prefix = path.join(tmp, 'prefix');
  const work = path.join(tmp, 'work');
  fs.mkdirSync(work);
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_prefix: prefix, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  for (const k of Object.keys(env)) if (/^npm_(lifecycle|package|command)|^CDDA_GAME$/.test(k)) delete env[k];
  const run = (command: string): { status: number | null; stdout: string; stderr: string } => {
    const r = spawnSync('bash', ['-c', command], { cwd: work, env, encoding: 'utf8', timeout: 840_000 });
    return { status: r.status, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
  };

  // The line npm cannot do fails fast, and says which one works.
  const global = run(`npm install -g git+file://${repo}`);
  if (global.status !== 0 && OFFLINE.test(global.stderr) && !/npm pack/.test(global.stderr)) {
    t.skip(`the npm registry is unreachable: ${global.stderr.split('\n').slice(0, 3).join(' ')}`);
    return;
  }
  assert.notEqual(global.status, 0, 'npm install -g of a git address that builds (npm/cli#8440)');
  assert.match(global.stderr, /npm cannot install a package that builds from git globally[\s\S]*npm install -g "\$\(npm pack --silent github:cdda-tools\/cdda-json\)"/);

  const install = run(line.split(REPOSITORY_SPEC).join(`git+file://${repo}`));
  if (install.status !== 0 && OFFLINE.test(install.stderr)) {
    t.skip(`the npm registry is unreachable: ${install.stderr.split('\n').slice(0, 3).join(' ')}`);
    return;
  }
  assert.equal(install.status, 0, install.stderr);
  const lint = path.join(prefix, 'bin', 'cdda-lint');
  const version = spawnSync(lint, ['--version'], { encoding: 'utf8' });
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(version.stdout.trim(), `cdda-lint ${pkg.version}`, version.stderr);
  const game = writeTree({ ...MINI_CORE, 'mods/mine/modinfo.json': modinfo('mine'), 'mods/mine/monsters.json': '[ { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "speeed": 1 } ]\n' });
  t.after(() => fs.rmSync(game, { recursive: true, force: true }));
  const check = spawnSync(lint, ['check', path.join(game, 'mods', 'mine')], { encoding: 'utf8', env: { ...process.env, CDDA_GAME: '' } });
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stdout, /monsters\.json:1:\d+ {2}warning {2}Unknown member "speeed"/);
  assert.ok(fs.existsSync(path.join(prefix, 'bin', 'cdda-language-server')), 'the language server is installed too');
});
