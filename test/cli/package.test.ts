/**
 * The npm package as a user gets it: `npm pack` of this repository, installed globally into a temporary prefix,
 * and both of its commands run from there (cdda-lint on a fixture mod, cdda-language-server answering an
 * initialize over stdio). The tarball holds the built server and nothing of the tests. Dependencies come from
 * npm's cache when it has them (--prefer-offline), else from the registry; with neither, the install part is
 * skipped with a message.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npm(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(NPM, args, { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
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
  for (const f of ['out/server/src/cli/cdda-lint.js', 'out/server/src/lsp/bin.js', 'out/server/src/cli/lintWorker.js', 'out/server/src/index/readAheadWorker.js', 'LICENSE', 'README.md', 'package.json']) assert.ok(files.includes(f), `${f} in the tarball`);
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
