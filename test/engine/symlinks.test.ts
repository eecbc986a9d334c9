/**
 * Content reached through symbolic links is read, as the game reads it (std::filesystem follows links): a
 * `.json` link and a linked folder inside a mod, by the CLI's load and the server's, cold or from the cache; a
 * link that loops back is not followed again (no hang, each file once).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { lint } from '../../server/src/cli/lint';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync } from '../../server/src/cache/store';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

const monster = (id: string) => ({ type: 'MONSTER', id, 'copy-from': 'mon_zombie' });

function fixture(): { game: string; mods: string; outside: string; cleanup(): void } {
  const game = writeTree(MINI_CORE);
  const outside = writeTree({ 'linked.json': [monster('mon_linked_file')], 'folder/in.json': [monster('mon_linked_folder')] });
  const mods = writeTree({
    'm/modinfo.json': modinfo('m'),
    'm/uses.json': [{ type: 'MONSTER', id: 'mon_user', 'copy-from': 'mon_zombie', upgrades: { half_life: 3, into: 'mon_linked_file' } }, { type: 'MONSTER', id: 'mon_user2', 'copy-from': 'mon_linked_folder' }],
  });
  fs.symlinkSync(path.join(outside, 'linked.json'), path.join(mods, 'm/linked.json'));
  fs.symlinkSync(path.join(outside, 'folder'), path.join(mods, 'm/folder'));
  // Loops: a link to the mod's own folder, and a broken link.
  fs.symlinkSync(path.join(mods, 'm'), path.join(mods, 'm/again'));
  fs.symlinkSync(path.join(outside, 'missing'), path.join(mods, 'm/broken.json'));
  return { game, mods, outside, cleanup: () => { for (const d of [game, mods, outside]) fs.rmSync(d, { recursive: true, force: true }); } };
}

test('the CLI indexes a symlinked .json file and a symlinked folder of a mod; a link looping back is not followed', () => {
  const fx = fixture();
  try {
    const result = lint({ paths: [fx.mods], gamePath: fx.game });
    const ids = [...result.project.defs.entries('MONSTER').keys()];
    for (const id of ['mon_linked_file', 'mon_linked_folder', 'mon_user']) assert.ok(ids.includes(id), `${id} in ${ids.join(' ')}`);
    const files = result.project.reportedFiles().map((f) => path.relative(fx.mods, f.path)).sort();
    // The links not followed are reported on themselves (a warning each), never skipped in silence.
    assert.deepEqual(files, ['m/again', 'm/broken.json', 'm/folder/in.json', 'm/linked.json', 'm/modinfo.json', 'm/uses.json']);
    assert.equal([...result.diagnostics.values()].flat().filter((d) => d.code === 'unknown-id').length, 0);
    const skipped = [...result.diagnostics.values()].flat().filter((d) => d.code === 'skipped-link').map((d) => [path.relative(fx.mods, d.path), d.severity, d.message]);
    assert.deepEqual(skipped.map(([p, severity]) => [p, severity]), [['m/again', 'warning'], ['m/broken.json', 'warning']]);
    assert.match(skipped[0][2], /^This is a link to .*m, a folder read already \(it holds this link: a loop\): it is not read/);
    assert.match(skipped[1][2], /^This is a link to .*missing, which does not exist: it is not read/);
  } finally {
    fx.cleanup();
  }
});

test('the server\'s load (in slices) indexes them too', async () => {
  const fx = fixture();
  try {
    const project = new Project({ gamePath: fx.game, roots: [fx.mods], readFile: (p) => fs.readFileSync(p, 'utf8') });
    assert.equal(await project.loadInSlices(), true);
    const uses = path.join(fx.mods, 'm/uses.json');
    assert.deepEqual(project.diagnostics(uses).filter((d) => d.code === 'unknown-id'), []);
    assert.ok(project.files.has(path.join(fx.mods, 'm/folder/in.json')));
    for (const link of ['m/again', 'm/broken.json']) assert.deepEqual(project.diagnostics(path.join(fx.mods, link)).map((d) => d.code), ['skipped-link'], link);
    // Mended, the link is read on the next start and the warning is gone.
    fs.mkdirSync(path.join(fx.outside, 'missing'));
    fs.rmSync(path.join(fx.mods, 'm/broken.json'));
    fs.symlinkSync(path.join(fx.outside, 'linked.json'), path.join(fx.mods, 'm/broken.json'));
    const again = new Project({ gamePath: fx.game, roots: [fx.mods], readFile: (p) => fs.readFileSync(p, 'utf8') });
    assert.equal(await again.loadInSlices(), true);
    assert.deepEqual(again.diagnostics(path.join(fx.mods, 'm/broken.json')).map((d) => d.code), []);
  } finally {
    fx.cleanup();
  }
});

/** Runs `fn`, counting the calls of fs.lstatSync meanwhile (on the module itself: the engine's imports read it). */
function countingLstat<T>(fn: () => T): { value: T; lstats: number } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fsModule = require('fs') as { lstatSync: typeof fs.lstatSync };
  const original = fsModule.lstatSync;
  let lstats = 0;
  fsModule.lstatSync = ((...args: Parameters<typeof fs.lstatSync>) => { lstats++; return original(...args); }) as typeof fs.lstatSync;
  try {
    return { value: fn(), lstats };
  } finally {
    fsModule.lstatSync = original;
  }
}

test('a start from the cache knows the links as a cold start does, and neither stats each folder to ask whether it is one', () => {
  const fx = fixture();
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-links-cache-'));
  try {
    const start = (): Project => {
      const project = new Project({ gamePath: fx.game, roots: [fx.mods], cache: { dir: cacheDir } });
      project.load();
      return project;
    };
    const cold = countingLstat(start);
    const w = finish(cold.value.saveCacheSteps());
    if (w) writeCacheSync(w);
    const warm = countingLstat(start);
    assert.ok(warm.value.cacheUse()!.hits > 0, 'the warm start used the cache');
    // The folder listing says which subfolders are links (the game's hundreds of folders were each stat'ed again).
    assert.deepEqual([cold.lstats, warm.lstats], [0, 0]);
    for (const project of [cold.value, warm.value]) {
      assert.ok(project.files.has(path.join(fx.mods, 'm/folder/in.json')));
      assert.deepEqual(project.diagnostics(path.join(fx.mods, 'm/again')).map((d) => [d.code, /a loop/.test(d.message)]), [['skipped-link', true]]);
      assert.deepEqual(project.diagnostics(path.join(fx.mods, 'm/uses.json')).filter((d) => d.code === 'unknown-id'), []);
    }
  } finally {
    fx.cleanup();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});
