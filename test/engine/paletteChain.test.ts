/**
 * Palettes naming palettes (mapgen/resolve.ts): the resolution costs what the palettes hold, not the number of
 * paths through them. A chain of palettes each naming the next three times has 3^depth paths; its resolution makes
 * one node per palette, looks each palette up once, and a character's meaning is listed once. Counted as work
 * (nodes made, look-ups), not time.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace } from '../helpers/workspace';
import { paletteChain } from '../helpers/palettes';
import { PALETTE_KIND, eachNode, hasLayerAlways, meaningsOf, resolveMappings } from '../../server/src/mapgen/resolve';

test('a chain of 12 palettes each naming the next three times: one node and one look-up per palette, each meaning once', () => {
  const depth = 12;
  const map = { type: 'mapgen', method: 'json', om_terrain: 'field', object: { palettes: ['p0'], rows: Array.from({ length: 24 }, () => 'A'.repeat(24)) } };
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/palettes.json': paletteChain(depth), 'm/map.json': [map] }), (ws) => {
    // The map's check is quiet: every cell is mapped through the chain.
    assert.deepEqual(ws.diagnostics('m/map.json').filter((d) => d.code === 'mapgen-rows'), []);
    const record = ws.project.fileAt(ws.file('m/map.json'))!.records[0];
    let lookups = 0;
    const resolution = resolveMappings(record, { palettes: (id) => { lookups++; return ws.project.visibleDefinitions(PALETTE_KIND, id, 'm'); } })!;
    assert.equal(lookups, depth, 'each palette looked up once');
    assert.equal(resolution.nodesMade, depth + 1, 'one node for the map, one per palette');
    let visited = 0;
    eachNode(resolution, () => visited++);
    assert.equal(visited, depth + 1);
    // The last palette's mapping, reached 3^11 ways, is one meaning, with the first way it is reached.
    const last = meaningsOf(resolution, String.fromCharCode(65 + ((depth - 1) % 26)));
    assert.equal(last.length, 1);
    assert.deepEqual(last[0].via.map((s) => s.palette), Array.from({ length: depth }, (_, i) => `p${i}`));
    assert.equal(hasLayerAlways(resolution.root, 'A', 'terrain'), true);
  });
});

test('each palette of the chain adding a parameter: a palette is made again only when the parameters in force grew since', () => {
  const depth = 12;
  const pals = paletteChain(depth).map((p, i) => ({ ...p, parameters: { [`param_${i}`]: { type: 'palette_id', default: `p${Math.min(i + 1, depth - 1)}` } } }));
  const map = { type: 'mapgen', method: 'json', nested_mapgen_id: 'n', object: { mapgensize: [1, 1], palettes: ['p0'], rows: ['A'] } };
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/palettes.json': pals, 'm/map.json': [map] }), (ws) => {
    const record = ws.project.fileAt(ws.file('m/map.json'))!.records[0];
    const resolution = resolveMappings(record, { palettes: (id) => ws.project.visibleDefinitions(PALETTE_KIND, id, 'm') })!;
    // Each palette at most twice (once as the parameters first stood, once after its own palettes added theirs).
    assert.ok(resolution.nodesMade <= 2 * depth + 1, `${resolution.nodesMade} nodes`);
    assert.equal(meaningsOf(resolution, 'L').length, 1);
  });
});

test('a palette naming itself through others: the cycle is cut where it closes, the rest resolved once', () => {
  const pals = [
    { type: 'palette', id: 'q0', palettes: ['q1', 'q1'], terrain: { a: 't_floor' } },
    { type: 'palette', id: 'q1', palettes: ['q0', 'q2'], terrain: { b: 't_floor' } },
    { type: 'palette', id: 'q2', terrain: { c: 't_floor' } },
  ];
  const map = { type: 'mapgen', method: 'json', nested_mapgen_id: 'n', object: { mapgensize: [3, 1], palettes: ['q0', 'q2'], rows: ['abc'] } };
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/palettes.json': pals, 'm/map.json': [map] }), (ws) => {
    const record = ws.project.fileAt(ws.file('m/map.json'))!.records[0];
    const resolution = resolveMappings(record, { palettes: (id) => ws.project.visibleDefinitions(PALETTE_KIND, id, 'm') })!;
    assert.equal(resolution.nodesMade, 4);
    for (const key of ['a', 'b', 'c']) assert.equal(meaningsOf(resolution, key).length, 1, key);
  });
});
