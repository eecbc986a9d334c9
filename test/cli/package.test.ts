/**
 * The npm package as a user gets it: `npm pack` of this repository, installed globally into a temporary prefix,
 * and both of its commands run from there (cdda-lint on a fixture mod, cdda-language-server answering an
 * initialize over stdio). The tarball holds the built server and nothing of the tests. Dependencies come from
 * npm's cache when it has them (--prefer-offline), else from the registry; with neither, the install part is
 * skipped with a message. Packed with $CDDA_GAME naming the current game (CDDA_CURRENT_GAME), the package holds its
 * built-in snapshot, and a current mod checked with no game folder anywhere gives what --game gives.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(NPM, args, { cwd, encoding: 'utf8', timeout: 120_000, env: { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? String(r.error ?? '') };
}

/** One LSP message over stdio: the initialize request, and the first answer. */
function initializeOverStdio(bin: string): Promise<{ capabilities?: Record<string, unknown>; serverInfo?: { name: string; version: string } }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(bin, ['--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const timer = setTimeout(() => { proc.kill(); reject(new Error('no answer to initialize within 20 s')); }, 20_000);
    let buf = Buffer.alloc(0);
    proc.stdout.on('data', (b: Buffer) => {
      buf = Buffer.concat([buf, b]);
      const text = buf.toString('utf8');
      const head = /Content-Length: (\d+)\r\n\r\n/.exec(text);
      if (!head) return;
      const start = head.index + head[0].length;
      const body = buf.subarray(Buffer.byteLength(text.slice(0, start)));
      if (body.length < Number(head[1])) return;
      clearTimeout(timer);
      proc.kill();
      resolve((JSON.parse(body.subarray(0, Number(head[1])).toString('utf8')) as { result: never }).result);
    });
    proc.on('error', reject);
    const msg = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(msg)}\r\n\r\n${msg}`);
  });
}

test('npm pack gives a tarball of the built server whose two commands work after npm install -g', async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-pack-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  // The suite runs from a fresh build (out/): packed as it is, without the prepare script rebuilding it under
  // the other tests' feet.
  const pack = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  assert.equal(pack.code, 0, pack.stderr);
  const [info] = JSON.parse(pack.stdout) as { name: string; filename: string; files: { path: string }[] }[];
  assert.equal(info.name, 'cdda-lint');
  const files = info.files.map((f) => f.path);
  for (const f of ['out/server/src/cli/cdda-lint.js', 'out/server/src/lsp/bin.js', 'out/server/src/cli/lintWorker.js', 'out/server/src/index/readAheadWorker.js', 'out/server/src/mods/unpackSnapshotMain.js', 'LICENSE', 'README.md', 'package.json']) assert.ok(files.includes(f), `${f} in the tarball`);
  assert.deepEqual(files.filter((f) => /^out\/test\/|\.ts$|\.map$|^test\/|^server\/|^client\//.test(f)), [], 'no tests, sources or source maps');

  const prefix = path.join(tmp, 'prefix');
  const install = npm(['install', '-g', '--prefer-offline', '--prefix', prefix, path.join(tmp, info.filename)], tmp);
  if (install.code !== 0) {
    t.skip(`npm install failed (the dependencies are neither in npm's cache nor reachable in the registry): ${install.stderr.split('\n').slice(0, 3).join(' ')}`);
    return;
  }
  const binDir = process.platform === 'win32' ? prefix : path.join(prefix, 'bin');
  const lint = path.join(binDir, 'cdda-lint');
  const version = spawnSync(lint, ['--version'], { encoding: 'utf8' });
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(version.stdout.trim(), `cdda-lint ${pkg.version}`, version.stderr);
  const game = writeTree({ ...MINI_CORE, 'mods/mine/modinfo.json': modinfo('mine'), 'mods/mine/monsters.json': '[ { "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "speeed": 1 } ]\n' });
  const check = spawnSync(lint, ['check', path.join(game, 'mods', 'mine')], { encoding: 'utf8', env: { ...process.env, CDDA_GAME: '' } });
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stdout, /monsters\.json:1:\d+ {2}warning {2}Unknown member "speeed"/);
  assert.match(check.stdout, /game folder .* \(the checked mod is inside it\)/);
  const init = await initializeOverStdio(path.join(binDir, 'cdda-language-server'));
  assert.ok(init.capabilities?.completionProvider, JSON.stringify(init));
  assert.deepEqual(init.serverInfo, { name: 'cdda-language-server', version: pkg.version });
});

const CURRENT_GAME = process.env.CDDA_CURRENT_GAME;
/** Debian's game install, which a check finds before the built-in snapshot (mods/gameFolder.ts). */
const DEBIAN_GAME = '/usr/share/games/cataclysm-dda';

/**
 * A language server over stdio (`cmd args`) on the workspace folder `root`: its logs and first `cdda/status` of
 * state ready (the game it checked against is in it).
 */
function readyOverStdio(cmd: string, args: string[], root: string, env: NodeJS.ProcessEnv): Promise<{ status: { game?: { path?: string; source: string }; errors: number }; logs: string[] }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    const logs: string[] = [];
    let stderr = '';
    const timer = setTimeout(() => { proc.kill(); reject(new Error(`no ready status within 120 s; logs: ${logs.join(' | ')}; stderr: ${stderr}`)); }, 120_000);
    const send = (msg: object): void => { const body = JSON.stringify({ jsonrpc: '2.0', ...msg }); proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`); };
    let buf = Buffer.alloc(0);
    proc.stderr.on('data', (b: Buffer) => { stderr += b.toString(); });
    proc.stdout.on('data', (b: Buffer) => {
      buf = Buffer.concat([buf, b]);
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, end).toString('latin1'))?.[1]);
        if (buf.length < end + 4 + length) return;
        const msg = JSON.parse(buf.subarray(end + 4, end + 4 + length).toString('utf8')) as { id?: number; method?: string; params?: { message?: string; state?: string } };
        buf = buf.subarray(end + 4 + length);
        if (msg.id === 1 && !msg.method) send({ method: 'initialized', params: {} });
        else if (msg.method === 'window/logMessage') logs.push(msg.params!.message!);
        else if (msg.method === 'cdda/status' && msg.params?.state === 'ready') { clearTimeout(timer); proc.kill(); resolve({ status: msg.params as never, logs }); }
        else if (msg.id !== undefined && msg.method) send({ id: msg.id, result: null });
      }
    });
    proc.on('error', reject);
    send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, workspaceFolders: [{ uri: pathToFileURL(root).href, name: path.basename(root) }], capabilities: {} } });
  });
}

/**
 * Runs `cmd` as on a machine without Debian's game install: when it is there, in a user and mount namespace
 * where an empty folder hides it (unshare); undefined when that cannot be done here.
 */
function withoutDebianGame(cmd: string, args: string[], env: NodeJS.ProcessEnv, empty: string): { status: number | null; stdout: string; stderr: string } | undefined {
  const [c, a] = commandWithoutDebianGame(cmd, args, empty);
  const r = spawnSync(c, a, { encoding: 'utf8', env, timeout: 300_000 });
  if (r.error || (r.status !== 0 && r.status !== 1)) return undefined;
  return r;
}

/** The command line that runs `cmd args` with Debian's game install hidden behind the empty folder `empty` (see withoutDebianGame). */
function commandWithoutDebianGame(cmd: string, args: string[], empty: string): [string, string[]] {
  if (!fs.existsSync(DEBIAN_GAME)) return [cmd, args];
  const script = `mount --bind "$0" ${DEBIAN_GAME} && [ -z "$(ls -A ${DEBIAN_GAME})" ] && exec "$@"`;
  return ['unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script, empty, cmd, ...args]];
}

test('packed with $CDDA_GAME, the package checks a current mod with no game folder anywhere against its built-in snapshot, as --game does', { skip: CURRENT_GAME ? false : 'CDDA_CURRENT_GAME is not set (the current game\'s data folder)' }, async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-pack-snapshot-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const game = CURRENT_GAME!;
  // The tarball's files, with the snapshot made as `npm pack` makes it (scripts/prepare.mjs runs snapshot.mjs
  // --if-named), packed again: the suite's out/ is not rebuilt, nor is a snapshot written into the repository.
  const first = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  assert.equal(first.code, 0, first.stderr);
  const stage = path.join(tmp, 'stage');
  fs.mkdirSync(stage);
  const untar = spawnSync('tar', ['-xzf', path.join(tmp, (JSON.parse(first.stdout) as { filename: string }[])[0].filename), '-C', stage], { encoding: 'utf8' });
  assert.equal(untar.status, 0, untar.stderr);
  const pkg = path.join(stage, 'package');
  fs.rmSync(path.join(pkg, 'game-snapshot'), { recursive: true, force: true });
  const made = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'snapshot.mjs'), '--if-named', '--out', path.join(pkg, 'game-snapshot')], { encoding: 'utf8', env: { ...process.env, CDDA_GAME: game } });
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /snapshot: .*\d+ files, [\d.]+ MB -> [\d.]+ MB; current/);
  const pack = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], pkg);
  assert.equal(pack.code, 0, pack.stderr);
  const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  const files = info.files.map((f) => f.path);
  for (const f of ['game-snapshot/manifest.json', 'game-snapshot/game-data.bin', 'game-snapshot/ATTRIBUTION.txt']) assert.ok(files.includes(f), `${f} in the tarball`);

  const prefix = path.join(tmp, 'prefix');
  const install = npm(['install', '-g', '--prefer-offline', '--prefix', prefix, path.join(tmp, info.filename)], tmp);
  if (install.code !== 0) {
    t.skip(`npm install failed (the dependencies are neither in npm's cache nor reachable in the registry): ${install.stderr.split('\n').slice(0, 3).join(' ')}`);
    return;
  }
  const lint = path.join(process.platform === 'win32' ? prefix : path.join(prefix, 'bin'), 'cdda-lint');
  // A current mod outside any game; a home without settings or cache; no $CDDA_GAME.
  const mod = path.join(tmp, 'mods', 'Magiclysm');
  fs.cpSync(path.join(game, 'mods', 'Magiclysm'), mod, { recursive: true });
  const home = path.join(tmp, 'home');
  const empty = path.join(tmp, 'empty');
  fs.mkdirSync(home);
  fs.mkdirSync(empty);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  for (const k of ['CDDA_GAME', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME']) delete env[k];
  const text = withoutDebianGame(lint, ['check', mod], env, empty);
  if (!text) {
    t.skip(`${DEBIAN_GAME} is installed and cannot be hidden here (no unshare of user and mount namespaces): the check with no game is not run`);
    return;
  }
  const summary = text.stdout.trim().split('\n').pop()!;
  assert.match(summary, /built-in snapshot of current \(0\.I \/ experimental\), game data of \d{4}-\d{2}-\d{2} \(.*\), no game folder given or found, game version current/, text.stderr);
  const unpacked = path.join(home, '.cache', 'cdda-lint');
  const [folder] = fs.readdirSync(unpacked).filter((n) => n.startsWith('game-snapshot-'));
  assert.ok(folder, `unpacked into ${unpacked}`);
  const noGame = withoutDebianGame(lint, ['check', mod, '--format', 'json'], env, empty)!;
  const withGame = spawnSync(lint, ['check', mod, '--game', game, '--format', 'json'], { encoding: 'utf8', env, timeout: 300_000 });
  const normalized = (out: string, gameDir: string): unknown => JSON.parse(out.split(JSON.stringify(gameDir).slice(1, -1)).join('GAME'));
  const fromSnapshot = normalized(noGame.stdout, path.join(unpacked, folder)) as unknown[];
  assert.ok(fromSnapshot.length > 0, 'the mod has problems to compare');
  assert.deepEqual(fromSnapshot, normalized(withGame.stdout, game));
  assert.equal(noGame.status, withGame.status);

  // The language server on the same mod: the snapshot (already unpacked) is its game, in its status and log.
  const [serverCmd, serverArgs] = commandWithoutDebianGame(path.join(path.dirname(lint), 'cdda-language-server'), ['--stdio'], empty);
  const served = await readyOverStdio(serverCmd, serverArgs, mod, env);
  assert.equal(served.status.game?.path, path.join(unpacked, folder), served.logs.join('\n'));
  assert.match(served.status.game?.source ?? '', /^the built-in snapshot of current \(0\.I \/ experimental\), game data of \d{4}-\d{2}-\d{2} /);
  assert.ok(served.logs.some((l) => l.startsWith(`Game folder ${path.join(unpacked, folder)} (the built-in snapshot of current`)), served.logs.join('\n'));
  assert.equal(served.status.errors, fromSnapshot.filter((d) => (d as { severity: string }).severity === 'error').length);
});
