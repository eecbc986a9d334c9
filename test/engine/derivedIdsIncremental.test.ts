/**
 * Ids the game derives from a definition (an overmap terrain `x` placed as `x_north`...: registry derivedIds)
 * follow it through edits: removing or adding the terrain re-checks, and re-publishes, the files naming its
 * derived ids, as a fresh build reports them.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { Project } from '../../server/src/project';
import { modinfo, using, workspace } from '../helpers/workspace';

const TERRAIN = { type: 'overmap_terrain', id: 'dmod_ter', name: 'dmod terrain', sym: 'x', color: 'red' };
const BUILDING = { type: 'city_building', id: 'dmod_building', locations: ['land'], overmaps: [{ point: [0, 0, 0], overmap: 'dmod_ter_north' }] };

for (const gameVersion of [undefined, 'current']) {
  test(`removing an overmap terrain reports, and re-publishes, a reference to its rotation (${gameVersion ?? '0.F'} game)`, () => {
    using(workspace({
      'd/modinfo.json': modinfo('dmod'),
      'd/locations.json': [{ type: 'overmap_location', id: 'land', terrains: ['dmod_ter'] }],
      'd/terrain.json': [TERRAIN],
      'd/building.json': [BUILDING],
    }, {}, { gameVersion }), (ws) => {
      const unknownIds = (p: Project, rel: string) => p.diagnostics(ws.file(rel)).filter((d) => d.code === 'unknown-id').map((d) => d.message);
      assert.deepEqual(unknownIds(ws.project, 'd/building.json'), [], 'dmod_ter_north is dmod_ter rotated');
      fs.writeFileSync(ws.file('d/terrain.json'), '[]');
      const affected = ws.project.updateFile(ws.file('d/terrain.json'), '[]');
      const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], gameVersion, severity: ws.project.severity });
      fresh.load();
      assert.equal(unknownIds(fresh, 'd/building.json').length, 1, 'a fresh build reports dmod_ter_north');
      assert.ok(affected.includes(ws.file('d/building.json')), 'the file naming the rotation is re-published');
      assert.deepEqual(unknownIds(ws.project, 'd/building.json'), unknownIds(fresh, 'd/building.json'));
      // And back: the terrain defined again resolves the rotation again.
      fs.writeFileSync(ws.file('d/terrain.json'), JSON.stringify([TERRAIN]));
      const again = ws.project.updateFile(ws.file('d/terrain.json'), JSON.stringify([TERRAIN]));
      assert.ok(again.includes(ws.file('d/building.json')));
      assert.deepEqual(unknownIds(ws.project, 'd/building.json'), []);
    });
  });
}
