/**
 * A project made for one check (the CLI's: records analysed on loading, nothing kept for edits) reports what an
 * ordinary project reports, and refuses edits. test/helpers/trust.ts compares the two after every step of the
 * random workspace operations too.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Project } from '../../server/src/project';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

test('a project made for one check: same diagnostics as an ordinary one; an update is an error', () => {
  const game = writeTree(MINI_CORE);
  const mods = writeTree({
    'a/modinfo.json': modinfo('a'),
    'a/monsters.json': '[\n  { "type": "MONSTER", "id": "mon_zombie", "edit-mode": "modify", "speeed": 3, "speeed": 4, "hp": 1e999 },\n  { "type": "MONSTER", "id": "mon_x", "copy-from": "mon_nowhere" }\n]\n',
    'a/broken.json': '[ { "type": "MONSTER", "id": "mon_y", "copy-from": "mon_zombie", }, 5 ]',
    'a/mapgen.json': [{ type: 'mapgen', om_terrain: 'nowhere', object: { fill_ter: 't_nothing' } }],
  });
  const ordinary = new Project({ gamePath: game, roots: [mods] });
  ordinary.load();
  const once = new Project({ gamePath: game, roots: [mods], checkedAfterLoad: () => true, forOneCheck: true });
  once.load();
  const files = ordinary.reportedFiles().map((f) => f.path).sort();
  assert.deepEqual(once.reportedFiles().map((f) => f.path).sort(), files);
  let count = 0;
  for (const f of files) {
    const want = ordinary.diagnostics(f);
    count += want.length;
    assert.deepEqual(once.diagnostics(f), want, f);
  }
  assert.ok(count >= 5, `diagnostics to compare (${count})`);
  assert.throws(() => once.updateFile(path.join(mods, 'a', 'monsters.json'), '[]'), /cannot be updated/);
});
