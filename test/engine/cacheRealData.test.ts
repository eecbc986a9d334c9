/**
 * The on-disk cache on the real game data (0.F at /usr/share/games/cataclysm-dda; the current game from
 * CDDA_CURRENT_GAME): a mod that needs every game mod, loaded cold (writing the cache) then warm, must see the
 * same records, values and index, and get the same diagnostics. Skipped for a corpus that is absent.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync } from '../../server/src/cache/store';
import { wholeGameMod } from '../helpers/workspace';

const CORPORA: { name: string; game: string; skip: string | false }[] = [
  { name: '0.F', game: '/usr/share/games/cataclysm-dda', skip: fs.existsSync('/usr/share/games/cataclysm-dda/json') ? false : 'no 0.F game data at /usr/share/games/cataclysm-dda' },
  { name: 'current', game: process.env.CDDA_CURRENT_GAME ?? '', skip: process.env.CDDA_CURRENT_GAME && fs.existsSync(path.join(process.env.CDDA_CURRENT_GAME, 'json')) ? false : 'CDDA_CURRENT_GAME is not set to the current game data' },
];

function records(p: Project): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (const f of p.files.values()) {
    out.set(f.path, [f.modId, f.deferred, f.parsed.slots, f.parsed.objectCount, f.parsed.strays, ...f.records.map((r) => [r.type, r.kind, r.ids, r.abstract, r.summarized, r.index, r.editMode, r.copyFrom, r.value])]);
  }
  return out;
}

for (const { name, game, skip } of CORPORA) {
  test(`${name} game data: a warm start from the cache sees what a cold start sees`, { skip }, () => {
    const mod = wholeGameMod(game);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-cache-real-'));
    try {
      const load = (): Project => {
        const p = new Project({ gamePath: game, roots: [mod.dir], cache: { dir, log: (m) => assert.fail(m) } });
        p.load();
        return p;
      };
      const cold = load();
      writeCacheSync(finish(cold.saveCacheSteps())!, (m) => assert.fail(m));
      const warm = load();
      const use = warm.cacheUse()!;
      assert.ok(use.hits > 3000 && use.misses < 10, JSON.stringify(use));
      assert.deepEqual(warm.diagnostics(mod.file), cold.diagnostics(mod.file));
      assert.ok(cold.diagnostics(mod.file).some((d) => d.code === 'unknown-id'));
      assert.equal(warm.defs.size, cold.defs.size);
      const a = records(warm), b = records(cold);
      assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
      for (const [p, list] of a) assert.deepEqual(list, b.get(p), p);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(path.dirname(mod.dir), { recursive: true, force: true });
    }
  });
}
