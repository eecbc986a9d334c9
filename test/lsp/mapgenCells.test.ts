/**
 * Every cell of a map's `rows` explained, through real LSP messages: hover on a character says what it places and
 * where each meaning comes from (the map, or a palette through a parameter); go to definition reaches the keys of
 * its mappings; find references on a mapping key lists the cells using it (a palette's: in every map using it);
 * document highlight marks every cell of the same character.
 */
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type { DocumentHighlight, Hover, Location, MarkupContent } from 'vscode-languageserver-protocol/node';
import { CONTENT_FILE_CONTEXT, CONTENT_FILE_REQUEST, MAP_PREVIEW_REQUEST, type MapPreviewResult } from '../../shared/src/protocol';
import { TestClient, positionAtOffset, uri } from './client';
import { modinfo } from '../helpers/workspace';
import { serverOverMods, type ServerOverMods } from './fixture';

const PALETTES = [
  { type: 'palette', id: 'p_walls', terrain: { '#': 't_wall', '.': 't_floor' }, furniture: { c: 'f_chair' } },
  { type: 'palette', id: 'p_rugs', furniture: { r: 'f_rug' } },
  { type: 'palette', id: 'p_mats', furniture: { r: 'f_mat' } },
];
const MAP = [{
  type: 'mapgen', method: 'json', nested_mapgen_id: 'n_room',
  object: {
    mapgensize: [3, 3],
    parameters: { floor: { type: 'palette_id', default: { distribution: [['p_rugs', 2], ['p_mats', 1]] } } },
    palettes: ['p_walls', { param: 'floor' }],
    items: { c: { item: 'trash', chance: 5 } },
    rows: ['###', '#cr', '#c#'],
  },
}];

/** A map of two overmap terrains with joined walls, a wall joining nothing, porch walls in no group, and urban yard. */
const HOUSE = [{
  type: 'mapgen', method: 'json', om_terrain: [['test_house_1', 'test_house_2']],
  object: { fill_ter: 't_region_groundcover_urban', terrain: { '|': 't_house_wall', '#': 't_house_porch' }, rows: ['|||.', '|.|.', '|||.', '##.|'] },
}];

describe('map cells over LSP', () => {
  let server: ServerOverMods | undefined;
  let client: TestClient;
  let dir: string;
  const file = (rel: string): string => path.join(dir, 'mods', rel);
  const mapText = (): string => fs.readFileSync(file('m/map.json'), 'utf8');
  /** The position of the `n`th character `ch` of row `row` (0-based) of the map's rows. */
  const cell = (row: number, col: number): { line: number; character: number } => {
    const text = mapText();
    const rows = MAP[0].object.rows;
    const at = text.indexOf(`"${rows[row]}"`, row === 0 ? 0 : text.indexOf(`"${rows[row - 1]}"`) + 1) + 1 + col;
    return positionAtOffset(text, at);
  };

  before(async () => {
    server = await serverOverMods({
      'mods/m/terrain.json': [{ type: 'terrain', id: 't_wall', name: 'wall', symbol: 'LINE_OXOX', color: 'light_gray', move_cost: 0 }, { type: 'terrain', id: 't_floor', name: 'floor', symbol: '.', color: 'cyan', move_cost: 2 }],
      'mods/m/furniture.json': ['f_chair', 'f_rug', 'f_mat'].map((id) => ({ type: 'furniture', id, name: id, symbol: id === 'f_chair' ? '#' : 'r', color: id === 'f_chair' ? 'brown' : 'i_red', move_cost_mod: 1, required_str: 1 })),
      'mods/m/modinfo.json': modinfo('m'),
      'mods/m/palettes.json': PALETTES,
      'mods/m/map.json': MAP,
      'mods/m/house.json': HOUSE,
      'mods/m/house_terrain.json': [
        { type: 'terrain', id: 't_region_groundcover_urban', name: 'urban groundcover', symbol: ' ', color: 'black', move_cost: 2 },
        { type: 'terrain', id: 't_grass', name: 'grass', symbol: '.', color: 'green', move_cost: 2 },
        { type: 'terrain', id: 't_grass_dead', name: 'dead grass', symbol: '.', color: 'brown', move_cost: 2 },
        { type: 'terrain', id: 't_house_wall', name: 'wall', symbol: 'LINE_OXOX', color: 'light_gray', move_cost: 0, flags: ['WALL', 'AUTO_WALL_SYMBOL'] },
        // AUTO_WALL_SYMBOL in no connect group (0.F's t_screened_porch_wall): drawn as its own symbol.
        { type: 'terrain', id: 't_house_porch', name: 'porch wall', symbol: 'LINE_OXOX', color: 'brown', move_cost: 0, flags: ['AUTO_WALL_SYMBOL'] },
      ],
      'game/mods/dda/modinfo.json': modinfo('dda', [], { path: '../../json', core: true }),
      'game/json/regional_map_settings.json': [{ type: 'region_settings', id: 'default', region_terrain_and_furniture: { terrain: { t_region_groundcover_urban: { t_grass_dead: 3, t_grass: 20 } }, furniture: {} } }],
      'mods/web/package.json': { name: 'a-web-project', version: '1.0.0' },
    });
    client = server.client;
    dir = server.dir;
  });

  after(async () => {
    await server?.stop();
  });

  test('hover on a character: each meaning with where it comes from', async () => {
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(file('m/map.json')) }, position: cell(1, 1) });
    const md = (h.contents as MarkupContent).value;
    assert.match(md, /\*\*"c"\*\* — row 2, column 2/);
    assert.match(md, /furniture \(`furniture`\): `"f_chair"` — from palette `p_walls`, m[/\\]palettes\.json/);
    assert.match(md, /item group \(`items`\): `\{"item":"trash","chance":5\}` — from this definition/);
    const r = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(file('m/map.json')) }, position: cell(1, 2) });
    const rmd = (r.contents as MarkupContent).value;
    assert.match(rmd, /`"f_rug"` — from palette `p_rugs` \(a value of parameter `floor`, one of 2\)/);
    assert.match(rmd, /`"f_mat"` — from palette `p_mats` \(a value of parameter `floor`, one of 2\)/);
  });

  test('go to definition from a character: the keys of its mappings in the map and its palettes', async () => {
    const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(file('m/map.json')) }, position: cell(1, 1) });
    const texts = locs.map((l) => {
      const t = fs.readFileSync(new URL(l.uri), 'utf8').split('\n')[l.range.start.line].slice(l.range.start.character, l.range.end.character);
      return `${path.basename(new URL(l.uri).pathname)} ${t}`;
    }).sort();
    assert.deepEqual(texts, ['map.json "c"', 'palettes.json "c"']);
  });

  test('find references on a palette\'s mapping key: the cells of the maps using it', async () => {
    const ptext = fs.readFileSync(file('m/palettes.json'), 'utf8');
    const at = ptext.indexOf('"c"') + 1;
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: uri(file('m/palettes.json')) }, position: positionAtOffset(ptext, at), context: { includeDeclaration: false } });
    assert.deepEqual(refs.map((l) => [l.range.start.line, l.range.start.character]), [cell(1, 1), cell(2, 1)].map((p) => [p.line, p.character]));
  });

  test('document highlight: every cell of the character', async () => {
    const hs = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: { uri: uri(file('m/map.json')) }, position: cell(0, 0) });
    assert.deepEqual(hs.map((h) => [h.range.start.line, h.range.start.character]), [cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 0), cell(2, 0), cell(2, 2)].map((p) => [p.line, p.character]));
  });

  test('the map preview: each cell the symbol and colors of its furniture, else its terrain; markers; the cursor cell', async () => {
    const p = await client.request<MapPreviewResult>(MAP_PREVIEW_REQUEST, { textDocument: { uri: uri(file('m/map.json')) }, position: cell(1, 2) });
    assert.equal(p.title, 'nested map n_room');
    assert.equal(p.tile, 0);
    assert.deepEqual(p.cursor, { row: 1, column: 2 });
    const show = (c: MapPreviewResult['rows'][number][number]): string => `${c.symbol} ${c.fg ?? '-'}/${c.bg ?? '-'} ${c.furniture ?? c.terrain}${c.markers.length ? ` +${c.markers.join('+')}` : ''}`;
    assert.deepEqual(p.rows.map((r) => r.map(show)), [
      ['─ #969696/- t_wall', '─ #969696/- t_wall', '─ #969696/- t_wall'],
      ['─ #969696/- t_wall', '# #61381c/- f_chair +items', 'r #000000/#ff0000 f_rug'],
      ['─ #969696/- t_wall', '# #61381c/- f_chair +items', '─ #969696/- t_wall'],
    ]);
    // Outside any map: nothing.
    assert.equal(await client.request(MAP_PREVIEW_REQUEST, { textDocument: { uri: uri(file('m/palettes.json')) }, position: { line: 1, character: 4 } }), null);
  });

  test('the map preview draws as the game: walls joined by their neighbours, a regional placeholder as the default region\'s choice; a readable title', async () => {
    const f = file('m/house.json');
    const p = await client.request<MapPreviewResult>(MAP_PREVIEW_REQUEST, { textDocument: { uri: uri(f) }, position: positionAtOffset(fs.readFileSync(f, 'utf8'), fs.readFileSync(f, 'utf8').indexOf('"rows"')) });
    assert.equal(p.title, 'overmap terrains test_house_1 test_house_2 (2 × 1)');
    assert.deepEqual(p.rows.map((r) => r.map((c) => c.symbol).join('')), ['┌─┐.', '│.│.', '└─┘.', '──.─']);
    const yard = p.rows[0][3];
    assert.equal(yard.terrain, 't_region_groundcover_urban');
    assert.equal(yard.fg, p.rows[1][1].fg);
    assert.deepEqual(yard.regional, [{ placeholder: 't_region_groundcover_urban', region: 'default', choices: [{ id: 't_grass', weight: 20 }, { id: 't_grass_dead', weight: 3 }], drawn: 't_grass' }]);
    assert.equal(p.rows[0][0].regional, undefined);
  });

  test('cdda/isContentFile: a mod\'s file is content (the map commands show there); a web project\'s package.json beside the mods is not', async () => {
    assert.equal(await client.request(CONTENT_FILE_REQUEST, { textDocument: { uri: uri(file('m/house.json')) } }), true);
    assert.equal(await client.request(CONTENT_FILE_REQUEST, { textDocument: { uri: uri(file('web/package.json')) } }), false);
  });

  test('the extension shows the map preview and resolved definition commands only where the client\'s context key says the file is content', () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const entries = Object.values(manifest.contributes.menus).flat().filter((m) => m.command === 'cdda.showMapPreview' || m.command === 'cdda.showResolvedDefinition');
    assert.equal(entries.length, 4);
    for (const m of entries) assert.match(m.when ?? '', new RegExp(`(^|&& )${CONTENT_FILE_CONTEXT.replace('.', '\\.')}( &&|$)`), `${m.command}: ${m.when}`);
  });
});
