/**
 * The game's color names as colors, through real LSP messages: a swatch (textDocument/documentColor) on every
 * `color`, `bgcolor` and `..._color` name the game reads, in the RGB of its default scheme; a color chosen in the
 * picker (textDocument/colorPresentation) writes the nearest game color in the same form; completion offers the
 * names where a color is expected. Each version in its own default colors.
 */
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import type { ColorInformation, ColorPresentation, CompletionList } from 'vscode-languageserver-protocol/node';
import { TestClient, positionAtOffset, uri } from './client';
import { modinfo } from '../helpers/workspace';
import { serverOverMods, type ServerOverMods } from './fixture';
import { parseMarked } from '../helpers/marked';

// Each swatch marked; `c_unset` (no color), and `red` or `blue` in members that are not colors, have none.
const LOOKS = parseMarked(`[
  { "type": "terrain", "id": "t_a", "name": "red", "symbol": "#", "color": "⟦light_red⟧", "move_cost": 2 },
  { "type": "terrain", "id": "t_b", "name": "b", "symbol": "#", "color": [ "⟦i_green⟧", "⟦c_brown⟧", "⟦cyan_white⟧", "⟦ltblue⟧" ], "move_cost": 2 },
  { "type": "furniture", "id": "f_a", "name": "a", "description": "blue", "symbol": "#", "bgcolor": "⟦red⟧", "move_cost_mod": 1, "required_str": 1 },
  { "type": "vehicle_part", "id": "vp_a", "name": "a", "symbol": "o", "color": "⟦h_yellow⟧", "broken_color": "⟦dark_gray⟧", "looks_like": "red" },
  { "type": "MONSTER", "id": "mon_a", "name": "a", "color": "c_unset", "description": "blue" }
]
`);
// The fixture's game folder is empty: 0.F, whose brown is 97, 56, 28 (the current game's: 92, 51, 23).
const EXPECTED = ['light_red #ff9696', 'i_green #006e00', 'c_brown #61381c', 'cyan_white #0096b4', 'ltblue #6464ff', 'red #ff0000', 'h_yellow #ffff00', 'dark_gray #636363'];

const hex = (c: ColorInformation['color']): string =>
  `#${[c.red, c.green, c.blue].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('')}`;

describe('game colors over LSP', () => {
  let server: ServerOverMods | undefined;
  let client: TestClient;
  let dir: string;
  let file: string;
  const range = (i: number) => ({ start: positionAtOffset(LOOKS.text, LOOKS.ranges[i].start), end: positionAtOffset(LOOKS.text, LOOKS.ranges[i].end) });

  before(async () => {
    server = await serverOverMods({ 'mods/m/modinfo.json': modinfo('m'), 'mods/m/looks.json': LOOKS.text }, { open: ['mods/m/looks.json'] });
    client = server.client;
    dir = server.dir;
    file = path.join(dir, 'mods/m/looks.json');
  });

  after(async () => {
    await server?.stop();
  });

  test('a swatch on every color name the game reads, in its default RGB', async () => {
    const colors = await client.request<ColorInformation[]>('textDocument/documentColor', { textDocument: { uri: uri(file) } });
    assert.deepEqual(colors.map((c) => c.range), LOOKS.ranges.map((_, i) => range(i)));
    assert.deepEqual(colors.map((c, i) => `${LOOKS.text.slice(LOOKS.ranges[i].start, LOOKS.ranges[i].end)} ${hex(c.color)}`), EXPECTED);
  });

  test('the current game in its own default colors (brown 92, 51, 23; blue 0, 0, 200)', async () => {
    const current = new TestClient({ roots: [path.join(dir, 'mods')], initializationOptions: { gamePath: path.join(dir, 'game'), gameVersion: 'current' } });
    try {
      await current.initialize();
      await current.waitForReady();
      await current.open(file);
      const colors = await current.request<ColorInformation[]>('textDocument/documentColor', { textDocument: { uri: uri(file) } });
      assert.equal(hex(colors[2].color), '#5c3317');
      const [blue] = await current.request<ColorPresentation[]>('textDocument/colorPresentation', { textDocument: { uri: uri(file) }, range: range(0), color: { red: 0, green: 0, blue: 200 / 255, alpha: 1 } });
      assert.equal(blue.label, 'blue');
    } finally {
      await current.stop();
    }
  });

  test('a color chosen in the picker: the nearest game color, written in the same form', async () => {
    const presented = async (i: number, red: number, green: number, blue: number): Promise<string[]> =>
      (await client.request<ColorPresentation[]>('textDocument/colorPresentation', {
        textDocument: { uri: uri(file) }, range: range(i), color: { red, green, blue, alpha: 1 },
      })).map((p) => `${p.label}${p.textEdit && p.textEdit.newText !== p.label ? ' (edit differs)' : ''}`);
    assert.deepEqual(await presented(0, 1, 0, 0), ['red']);
    assert.deepEqual(await presented(1, 0.1, 0.1, 0.8), ['i_blue']);
    assert.deepEqual(await presented(2, 0.4, 0.2, 0.1), ['c_brown']);
    assert.deepEqual(await presented(3, 1, 1, 0.1), ['yellow_white']);
    assert.deepEqual(await presented(4, 0, 1, 0), ['light_green']);
    assert.deepEqual(await presented(5, 1, 1, 1), ['white']);
  });

  test('a picker request with a color out of range is refused, and the server keeps answering', async () => {
    await assert.rejects(client.request('textDocument/colorPresentation', { textDocument: { uri: uri(file) }, range: range(0), color: { red: 2, green: 0, blue: 0, alpha: 1 } }), /color\.red/);
    const colors = await client.request<ColorInformation[]>('textDocument/documentColor', { textDocument: { uri: uri(file) } });
    assert.equal(colors.length, EXPECTED.length);
  });

  test('completion offers the game color names where a color is expected', async () => {
    const at = (i: number) => ({ textDocument: { uri: uri(file) }, position: range(i).start });
    const labels = async (i: number): Promise<string[]> => (await client.request<CompletionList>('textDocument/completion', at(i))).items.map((x) => x.label);
    const terrain = await labels(0);
    for (const name of ['light_red', 'c_light_red', 'white_red']) assert.ok(terrain.includes(name), `terrain color: ${name} in ${terrain.slice(0, 20).join(', ')}...`);
    const background = await labels(5);
    assert.ok(background.includes('red') && !background.includes('i_red'), `bgcolor: ${background.join(', ')}`);
  });

  test('a file naming more than 10,000 colors: the first 10,000 swatches, and a line in the log saying so', async () => {
    const many = path.join(dir, 'mods/m/many.json');
    const text = JSON.stringify(Array.from({ length: 10_050 }, (_, i) => ({ type: 'terrain', id: `t_${i}`, color: 'red' })));
    await client.open(many, text);
    const colors = await client.request<ColorInformation[]>('textDocument/documentColor', { textDocument: { uri: uri(many) } });
    // Before: one per name, however many (1.6 M for a 55 MB file).
    assert.equal(colors.length, 10_000);
    assert.ok(client.logs.some((l) => /names more than 10000 colors; swatches are shown on the first 10000 only/.test(l)), client.logs.join('\n'));
    await client.close(many);
  });
});
