/**
 * The cache folder never fills the disk (issue 23: 158 temporary files, 934 MB, in one afternoon): a writer's
 * temporary file is removed on every exit the process sees (a normal end, process.exit, SIGTERM, SIGINT, an
 * uncaught exception), those of killed writers (a process id that is not alive) at the next start, and the folder
 * keeps the MAX_CACHE_FILES most recently used cache files, one per game folder and version.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { MAX_CACHE_FILES, writeCacheSync } from '../../server/src/cache/store';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const STORE = path.resolve(__dirname, '../../server/src/cache/store.js');

/** A process id that is not alive: a child's that ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

/** A start with the cache (the server's and the CLI's load), written afterwards as they do. */
function startWithCache(game: string, mods: string, dir: string): void {
  const project = new Project({ gamePath: game, roots: [mods], cache: { dir } });
  project.load();
  const w = finish(project.saveCacheSteps());
  if (w) writeCacheSync(w);
}

function folderBytes(dir: string): number {
  return fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
}

test('killed writers and many game folders: the cache folder stays bounded', () => {
  const game = writeTree(MINI_CORE);
  const mods = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/a.json': [{ type: 'GENERIC', id: 'm_item', 'copy-from': 'rag' }] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-cache-folder-'));
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    startWithCache(game, mods, dir);
    const [cacheFile] = fs.readdirSync(dir);
    const size = fs.statSync(path.join(dir, cacheFile)).size;
    // Other game folders and versions used before, least recently the lower numbers.
    const t0 = Date.now() / 1000;
    for (let i = 0; i < 20; i++) {
      const other = path.join(dir, `index-${i.toString(16).padStart(16, '0')}.cache`);
      fs.writeFileSync(other, Buffer.alloc(size));
      fs.utimesSync(other, t0 - 1000 + i, t0 - 1000 + i);
    }
    const liveTemp = path.join(dir, `${cacheFile}.${live.pid}.0badcafe.tmp`);
    fs.writeFileSync(liveTemp, 'a writer at work');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not the tool\'s');
    // 100 servers killed while writing (SIGKILL: nothing of theirs runs), each followed by a start.
    const dead = deadPid();
    for (let k = 0; k < 100; k++) {
      fs.writeFileSync(path.join(dir, `${cacheFile}.${dead}.${k.toString(16).padStart(8, '0')}.tmp`), Buffer.alloc(size));
      startWithCache(game, mods, dir);
      const names = fs.readdirSync(dir);
      assert.ok(names.filter((n) => n.endsWith('.tmp')).length <= 1, `killed writers' files removed at start: ${names.join(' ')}`);
      assert.ok(names.filter((n) => n.endsWith('.cache')).length <= MAX_CACHE_FILES, names.join(' '));
    }
    const names = fs.readdirSync(dir).sort();
    assert.ok(names.includes(cacheFile), 'the cache in use is kept');
    assert.ok(names.includes(path.basename(liveTemp)), 'a live writer\'s file is left alone');
    assert.ok(names.includes('notes.txt'), 'files not the tool\'s are left alone');
    // The most recently used others are kept.
    for (let i = 20 - (MAX_CACHE_FILES - 1); i < 20; i++) assert.ok(names.includes(`index-${i.toString(16).padStart(16, '0')}.cache`), names.join(' '));
    assert.ok(folderBytes(dir) <= MAX_CACHE_FILES * size + 1000, `${folderBytes(dir)} bytes`);
  } finally {
    live.kill();
    for (const d of [game, mods, dir]) fs.rmSync(d, { recursive: true, force: true });
  }
});

for (const how of ['end', 'process.exit', 'SIGTERM', 'SIGINT', 'uncaught exception']) {
  test(`a writer's temporary file is removed when its process exits meanwhile (${how})`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-cache-exit-'));
    const exit = {
      end: '',
      'process.exit': 'process.exit(0);',
      SIGTERM: 'process.kill(process.pid, "SIGTERM"); setTimeout(() => {}, 5000);',
      SIGINT: 'process.kill(process.pid, "SIGINT"); setTimeout(() => {}, 5000);',
      'uncaught exception': 'throw new Error("boom");',
    }[how];
    const script = `const { tempFileFor } = require(${JSON.stringify(STORE)});
      const t = tempFileFor(${JSON.stringify(path.join(dir, 'index-0123456789abcdef.cache'))});
      require('fs').writeFileSync(t, 'half of a cache');
      process.stdout.write(t);
      ${exit}`;
    try {
      const r = spawnSync(process.execPath, ['-e', script], { timeout: 10_000 });
      const temp = r.stdout.toString();
      assert.ok(temp.endsWith('.tmp'), r.stderr.toString());
      assert.equal(fs.existsSync(temp), false, 'removed');
      if (how.startsWith('SIG')) assert.equal(r.signal, how, 'the signal still ends the process');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
