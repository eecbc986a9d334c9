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
import { paletteChain } from '../helpers/palettes';

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

describe('map features on palettes naming palettes, objects among rows, rows longer than the map', () => {
  let server: ServerOverMods;
  const file = (rel: string): string => path.join(server.dir, 'mods', rel);
  const mapText = (): string => fs.readFileSync(file('m/map.json'), 'utf8');
  const at = (needle: string, offset = 1, from = 0): { line: number; character: number } => {
    const text = mapText();
    const i = text.indexOf(needle, from);
    assert.ok(i >= 0, needle);
    return positionAtOffset(text, i + offset);
  };
  const mapUri = (): string => uri(file('m/map.json'));
  const LONG = 300_000;

  before(async () => {
    server = await serverOverMods({
      'mods/m/modinfo.json': modinfo('m'),
      'mods/m/terrain.json': [{ type: 'terrain', id: 't_floor', name: 'floor', symbol: '.', color: 'white', move_cost: 2 }],
      'mods/m/palettes.json': paletteChain(9),
      'mods/m/map.json': pretty([
        { type: 'mapgen', method: 'json', nested_mapgen_id: 'n_chain', object: { mapgensize: [9, 1], palettes: ['p0'], rows: ['ABCDEFGHI'] } },
        { type: 'mapgen', method: 'json', nested_mapgen_id: 'n_obj', object: { mapgensize: [2, 3], terrain: { c: 't_floor' }, rows: [{}, 'cc', 'cc'] } },
        { type: 'mapgen', method: 'json', update_mapgen_id: 'u_map', object: { terrain: { c: 't_floor' } } },
        { type: 'mapgen', method: 'json', nested_mapgen_id: 'n_long', object: { mapgensize: [4, 2], terrain: { x: 't_floor' }, rows: ['x'.repeat(LONG), 'xxxx', 'xxxx'] } },
      ]),
    });
  });

  after(async () => {
    await server?.stop();
  });

  test('hover through a chain of 9 palettes each naming the next three times: the last palette\'s meaning once, with its way', async () => {
    const h = await server.client.request<Hover>('textDocument/hover', { textDocument: { uri: mapUri() }, position: at('"ABCDEFGHI"', 9) });
    const md = (h.contents as MarkupContent).value;
    // Before: one line per path (3^8 = 6561 of them).
    assert.equal(md.split('\n').filter((l) => l.startsWith('- ')).length, 1, md.slice(0, 500));
    assert.match(md, /from palette `p0` → palette `p1` → .* → palette `p8`, m[/\\]palettes\.json/);
  });

  test('an object among rows: hover, definition, highlights and the preview\'s cursor still work on the rows after it', async () => {
    const { client } = server;
    const cell = at('"cc"', 2);
    const h = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: mapUri() }, position: cell });
    assert.match((h!.contents as MarkupContent).value, /\*\*"c"\*\* — row 2, column 2/);
    const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: mapUri() }, position: cell });
    assert.equal(defs.length, 1);
    const hs = await client.request<DocumentHighlight[] | null>('textDocument/documentHighlight', { textDocument: { uri: mapUri() }, position: cell });
    assert.equal(hs?.length, 4);
    const p = await client.request<MapPreviewResult>(MAP_PREVIEW_REQUEST, { textDocument: { uri: mapUri() }, position: cell });
    assert.deepEqual(p.cursor, { row: 1, column: 1 });
  });

  test('the type hierarchy item of a nested and of an update map generator selects its id', async () => {
    for (const id of ['n_obj', 'u_map']) {
      const items = await server.client.request<{ name: string; selectionRange: { start: { line: number; character: number }; end: { line: number; character: number } } }[]>('textDocument/prepareTypeHierarchy', { textDocument: { uri: mapUri() }, position: at(`"${id}"`) });
      assert.equal(items.length, 1);
      assert.equal(items[0].name, id);
      const r = items[0].selectionRange;
      const line = mapText().split('\n')[r.start.line];
      // Before: the word "mapgen".
      assert.equal(line.slice(r.start.character, r.end.character), `"${id}"`);
    }
  });

  test(`a row of ${LONG.toLocaleString('en')} characters: the preview and highlights answer the map's size, the preview says what it leaves out`, async () => {
    const { client } = server;
    const p = await client.request<MapPreviewResult>(MAP_PREVIEW_REQUEST, { textDocument: { uri: mapUri() }, position: at('"xxxx"', 1) });
    assert.deepEqual(p.rows.map((r) => r.length), [4, 4]);
    assert.match(p.note ?? '', /Not shown: what goes beyond the map's size \(4 by 2, from "mapgensize"\), in 2 rows/);
    // On the long row, past the map's width: the picture, no cursor.
    const far = await client.request<MapPreviewResult>(MAP_PREVIEW_REQUEST, { textDocument: { uri: mapUri() }, position: at('xxxxxxxx', 1000) });
    assert.equal(far.cursor, undefined);
    const hs = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: { uri: mapUri() }, position: at('"xxxx"', 1) });
    // Before: 300,008 highlights (21-28 MB of answer).
    assert.equal(hs.length, 8);
  });
});
