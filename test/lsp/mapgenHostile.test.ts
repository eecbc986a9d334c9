/**
 * The map features under hostile and half-typed input, through real LSP messages: palettes naming palettes (each
 * resolved once), a palette of the game changed through a mod's override (the maps using it re-checked), an object
 * among `rows` (the rows after it still explained), the type hierarchy of a nested map (its id selected), and rows
 * far longer than the map (answers the map's size, capped and saying so).
 */
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { DidChangeWatchedFilesNotification, FileChangeType, type Diagnostic, type DocumentHighlight, type Hover, type Location, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { MAP_PREVIEW_REQUEST, type MapPreviewResult } from '../../shared/src/protocol';
import { positionAtOffset, uri } from './client';
import { modinfo } from '../helpers/workspace';
import { pretty, serverOverMods, type ServerOverMods } from './fixture';

const unmapped = (ds: Diagnostic[]): Diagnostic[] => ds.filter((d) => d.code === 'mapgen-rows' && /has no terrain, furniture or other mapping/.test(String(d.message)));

describe('a game palette overridden by a mod, named by the game palette a map uses', () => {
  let server: ServerOverMods;
  const file = (rel: string): string => path.join(server.dir, 'mods', rel);
  const WITH_X = pretty([{ type: 'palette', id: 'parametrized_walls_palette', terrain: { '#': 't_wall', X: 't_wall' } }]);
  const WITHOUT_X = pretty([{ type: 'palette', id: 'parametrized_walls_palette', terrain: { '#': 't_wall' } }]);

  before(async () => {
    server = await serverOverMods({
      'game/mods/dda/modinfo.json': modinfo('dda', [], { path: '../../json', core: true }),
      'game/json/palettes.json': [
        { type: 'palette', id: 'apartment_palette', palettes: ['parametrized_walls_palette'], terrain: { '.': 't_floor' } },
        { type: 'palette', id: 'parametrized_walls_palette', terrain: { '#': 't_wall' } },
      ],
      'game/json/terrain.json': [{ type: 'terrain', id: 't_wall', name: 'wall', symbol: '#', color: 'white', move_cost: 0 }, { type: 'terrain', id: 't_floor', name: 'floor', symbol: '.', color: 'white', move_cost: 2 }],
      'mods/m/modinfo.json': modinfo('m'),
      'mods/m/palettes.json': WITH_X,
      'mods/m/map.json': pretty([{ type: 'mapgen', method: 'json', nested_mapgen_id: 'n_flat', object: { mapgensize: [3, 1], palettes: ['apartment_palette'], terrain: { u: 't_floor' }, rows: ['#X.'] } }]),
    });
  });

  after(async () => {
    await server?.stop();
  });

  test('a mapping removed from the override, in the buffer then on disk: the map\'s cells it mapped are reported, and cleared when it is back', async () => {
    const { client } = server;
    // Checked once before the change (its unused mapping is a hint).
    await client.waitForDiagnostics(file('m/map.json'), (ds) => ds.some((d) => d.code === 'unused-mapping') && unmapped(ds).length === 0, 20_000, true);
    await client.open(file('m/palettes.json'));
    // Before: the map kept its diagnostics (the game's apartment_palette, never analysed, was not followed).
    let wait = client.waitForDiagnostics(file('m/map.json'), (ds) => unmapped(ds).length === 1);
    await client.change(file('m/palettes.json'), WITHOUT_X);
    const ds = (await wait).diagnostics;
    assert.match(String(unmapped(ds)[0].message), /"X" \(row 1, column 2\)/);
    wait = client.waitForDiagnostics(file('m/map.json'), (d) => unmapped(d).length === 0);
    await client.change(file('m/palettes.json'), WITH_X);
    await wait;
    await client.close(file('m/palettes.json'));
    // On disk.
    wait = client.waitForDiagnostics(file('m/map.json'), (d) => unmapped(d).length === 1);
    fs.writeFileSync(file('m/palettes.json'), WITHOUT_X);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(file('m/palettes.json')), type: FileChangeType.Changed }] });
    await wait;
  });
});
