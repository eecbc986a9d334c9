/**
 * A map generator's `rows` checked as the game's loader checks them (checks/mapgenRows.ts over
 * mapgen/resolve.ts), each finding at its row and cell, with the palettes resolved (their own palettes, `param`
 * and `distribution` choices, current `extending` palettes). Each fixture marks what must be reported (⟦...⟧);
 * what is beside it is a near miss that must not be. The 0.F verdicts were taken with its --check-mods on
 * single-mistake copies of a real map (see the test names).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace, type FileTree, type TestWorkspace } from '../helpers/workspace';
import { assertMarked, parseMarked, type MarkedText } from '../helpers/marked';
import { complete } from '../../server/src/queries/completion';

/** The current game's marker file. */
const CURRENT: FileTree = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };

const PALETTES = `
  { "type": "palette", "id": "p_base", "terrain": { "#": "t_wall", ".": "t_floor", " ": "t_floor" }, "furniture": { "c": "f_chair" } },
  { "type": "palette", "id": "p_a", "terrain": { "A": "t_wall", "B": "t_floor" } },
  { "type": "palette", "id": "p_b", "terrain": { "A": "t_floor" }, "furniture": { "B": "f_chair" } },
  { "type": "palette", "id": "p_outer", "palettes": [ "p_base" ], "items": { "i": { "item": "trash", "chance": 5 } } }`;

function check(fixture: MarkedText, core: FileTree, version: string, body?: (ws: TestWorkspace) => void): void {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/maps.json': fixture.text }, core), (ws) => {
    assert.equal(ws.project.version.version.id, version);
    assertMarked(fixture, ws.diagnostics('m/maps.json'), 'mapgen-rows');
    body?.(ws);
  });
}

/** 24 rows of 24 cells, `rows` replacing the first ones (each padded with `.`), as JSON text lines. */
function omRows(rows: readonly string[], height = 24): string {
  const out: string[] = [];
  for (let i = 0; i < height; i++) out.push(`"${(rows[i] ?? '').padEnd(24, '.')}"`);
  return out.join(',\n        ');
}

test('a nested map: a character with no mapping at its cell, a short row at its end; space, "." and mapped ones pass', () => {
  for (const [core, version] of [[{}, '0.F'], [CURRENT, 'current']] as const) {
    const fixture = parseMarked(`[${PALETTES},
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_room",
    "object": { "mapgensize": [ 4, 4 ], "palettes": [ "p_outer" ], "traps": { "^": "tr_beartrap" },
      "rows": [ "#c⟦Z⟧^", "i. #", "##⟦"⟧, "#⟦Z⟧⟦Z⟧#" ] } }
]`);
    check(fixture, core, version, (ws) => {
      const messages = ws.diagnostics('m/maps.json').filter((d) => d.code === 'mapgen-rows').map((d) => d.message);
      assert.ok(messages.includes('"Z" (row 1, column 3) has no terrain, furniture or other mapping: the game rejects it'), messages.join('\n'));
      assert.ok(messages.some((m) => m.startsWith('Row 3 has 2 cells; the map ("mapgensize") is 4 wide')), messages.join('\n'));
    });
  }
});

test('an overmap terrain\'s map of weight 0 is never set up by the game (0.F --check-mods is silent on More_Locations\' gates): a warning', () => {
  const map = (weight: number): string => `[${PALETTES},
  { "type": "mapgen", "method": "json", "om_terrain": "field", "weight": ${weight},
    "object": { "fill_ter": "t_floor", "palettes": [ "p_base" ], "rows": [
        ${omRows(['P'])} ] } }
]`;
  for (const [weight, severity] of [[0, 'warning'], [100, 'error']] as const) {
    using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/maps.json': map(weight) }), (ws) => {
      assert.deepEqual(ws.diagnostics('m/maps.json').filter((d) => d.code === 'mapgen-rows').map((d) => d.severity), [severity]);
    });
  }
});

test('a map of one overmap terrain: fewer rows than 24 at the end of "rows" (0.F --check-mods: "must have at least 24 rows")', () => {
  const fixture = parseMarked(`[${PALETTES},
  { "type": "mapgen", "method": "json", "om_terrain": "field",
    "object": { "fill_ter": "t_floor", "palettes": [ "p_base" ],
      "rows": [
        ${omRows([], 23)}
      ⟦]⟧ } }
]`);
  check(fixture, {}, '0.F');
});

test('without fill_ter a character must be a terrain: in none of the palettes an error, in some of a parameter\'s choices a warning, in all of them nothing', () => {
  const fixture = parseMarked(`[${PALETTES},
  { "type": "mapgen", "method": "json", "om_terrain": "field",
    "object": {
      "parameters": { "style": { "type": "palette_id", "default": { "distribution": [ [ "p_a", 1 ], [ "p_b", 1 ] ] } } },
      "palettes": [ "p_base", { "param": "style" } ],
      "rows": [
        "⟦c⟧AA⟦B⟧....................",
        ${omRows([], 23)}
      ] } }
]`);
  check(fixture, {}, '0.F', (ws) => {
    const list = ws.diagnostics('m/maps.json').filter((d) => d.code === 'mapgen-rows');
    assert.deepEqual(list.map((d) => d.severity), ['error', 'warning']);
    assert.equal(list[0].message, '"c" (row 1, column 1) is not in "terrain" (nor in a palette\'s), and the map has no "fill_ter": the game rejects it');
    assert.equal(list[1].message, '"B" (row 1, column 4) is a terrain only when palette "p_a" is chosen; with another, nothing sets its terrain (no "fill_ter")');
  });
});

test('0.F: rows mapping no terrain are "format: no terrain map" even with a fill_ter; the current game reads them', () => {
  const text = `[
  { "type": "mapgen", "method": "json", "om_terrain": "field",
    "object": { "fill_ter": "t_floor", "furniture": { "c": "f_chair" },
      "rows": [
        ${omRows([])}
      ] } }
]`;
  const marked = parseMarked(text.replace('"rows": [', '"rows": ⟦[').replace(/\]\s*\} \}\n\]$/, (m) => `]⟧${m.slice(1)}`));
  check(marked, {}, '0.F');
  check(parseMarked(text), CURRENT, 'current');
});

test('a map with none of fill_ter, predecessor_mapgen, rows (0.F --check-mods: "Need one of ..."); a nested map and fallback_predecessor_mapgen pass', () => {
  const fixture = parseMarked(`[
  { "type": "mapgen", "method": "json", "om_terrain": "field", ⟦"object"⟧: { "place_furniture": [ { "furn": "f_chair", "x": 1, "y": 1 } ] } },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_chair", "object": { "mapgensize": [ 1, 1 ], "place_furniture": [ { "furn": "f_chair", "x": 0, "y": 0 } ] } },
  { "type": "mapgen", "method": "json", "om_terrain": "field", "object": { "fallback_predecessor_mapgen": "field", "place_furniture": [ { "furn": "f_chair", "x": 1, "y": 1 } ] } }
]`);
  check(fixture, CURRENT, 'current');
});

test('the current game wants the exact size (extra rows, extra cells); 0.F reads what it needs and ignores the rest', () => {
  const rows = (mark: boolean): string => `[
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_x",
    "object": { "mapgensize": [ 2, 2 ], "terrain": { "#": "t_wall" },
      "rows": [ "##${mark ? '⟦##⟧' : '##'}", "##", ${mark ? '⟦"##"⟧' : '"##"'} ] } },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_lighthouse",
    "object": { "mapgensize": [ 2, 1 ], "terrain": { "#": "t_wall", "m̌": "t_floor" }, "rows": [ "#m̌" ] } }
]`;
  check(parseMarked(rows(true)), CURRENT, 'current');
  check(parseMarked(rows(false)), {}, '0.F');
});

test('a multi-tile map: 24 rows per band of overmap terrains, 24 cells per terrain of the band', () => {
  const fixture = parseMarked(`[${PALETTES},
  { "type": "mapgen", "method": "json", "om_terrain": [ [ "field", "field" ] ],
    "object": { "fill_ter": "t_floor", "palettes": [ "p_base" ],
      "rows": [
        ${omRows(['.'.repeat(48)]).replace(/"\.{24}"/g, `"${'.'.repeat(48)}"`).replace(/,\n {8}"\.{48}"$/, `,\n        "${'.'.repeat(47)}⟦"⟧`)}
      ] } }
]`);
  check(fixture, {}, '0.F');
});

test('rows drawn with box characters and combining marks: each character a cell, a mark joined to the one before it', () => {
  const fixture = parseMarked(`[
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_box",
    "object": { "mapgensize": [ 3, 3 ], "terrain": { "─": "t_wall", "│": "t_wall", "┼": "t_floor", "m̌": "t_floor" },
      "rows": [ "─┼─⟦─⟧", "│⟦═⟧│", "m̌┼m̌" ] } }
]`);
  check(fixture, CURRENT, 'current');
});

test('a row repeating the one before it meets its cells within its own width: a band of wider overmap terrains below', () => {
  // 0.F ignores the cells past a row's width: the "Z"s of the last row of the narrow band are not read, the same row's
  // below are (the first 12 marked, the rest summed up).
  const row = `${'.'.repeat(24)}${'Z'.repeat(24)}`;
  const rows = [...new Array<string>(23).fill(`"${'.'.repeat(24)}"`), `"${row}"`, `"${'.'.repeat(24)}${'⟦Z⟧'.repeat(12)}${'Z'.repeat(12)}"`, ...new Array<string>(23).fill(`"${'.'.repeat(48)}"`)];
  const fixture = parseMarked(`[${PALETTES},
  { "type": "mapgen", "method": "json", "om_terrain": [ [ "field" ], [ "field", "field" ] ],
    "object": { "fill_ter": "t_floor", "palettes": [ "p_base" ], "rows": [ ${rows.join(',\n        ')} ] } }
]`);
  check(fixture, {}, '0.F');
});

test('the current game: a palette extending another adds its characters', () => {
  const fixture = parseMarked(`[${PALETTES},
  { "type": "palette", "id": "p_base", "extending": true, "terrain": { "E": "t_floor" } },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_e",
    "object": { "mapgensize": [ 3, 1 ], "palettes": [ "p_base" ], "rows": [ "#E⟦X⟧" ] } }
]`);
  check(fixture, CURRENT, 'current');
});

test('a palette nothing defines: reported as an unknown id, and the characters it would map have none', () => {
  const fixture = parseMarked(`[
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_p",
    "object": { "mapgensize": [ 3, 1 ], "palettes": [ "p_nowhere" ], "terrain": { ".": "t_floor" }, "rows": [ "⟦#⟧.⟦#⟧" ] } }
]`);
  check(fixture, {}, '0.F', (ws) => {
    const unknown = ws.diagnostics('m/maps.json').filter((d) => d.code === 'unknown-id').map((d) => d.message);
    assert.ok(unknown.includes('"object.palettes[0]": unknown mapgen palette "p_nowhere"'), unknown.join('\n'));
  });
});

test('a mapping of the map\'s own that no cell uses is a hint at its key; a palette\'s unused characters are not', () => {
  const fixture = parseMarked(`[${PALETTES},
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_u",
    "object": { "mapgensize": [ 2, 1 ], "palettes": [ "p_base" ], "furniture": { "c": "f_chair", ⟦"u"⟧: "f_chair" },
      "mapping": { ⟦"v"⟧: { "furniture": "f_chair", "items": { "item": "trash", "chance": 5 } } }, "rows": [ "#c" ] } }
]`);
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/maps.json': fixture.text }), (ws) => {
    const list = ws.diagnostics('m/maps.json');
    assertMarked(fixture, list, 'unused-mapping');
    assert.deepEqual(list.filter((d) => d.code === 'unused-mapping').map((d) => `${d.severity}: ${d.message}`), [
      'hint: No cell of "rows" is "u": this furniture mapping is not used',
      'hint: No cell of "rows" is "v": this mapping is not used',
    ]);
  });
});

test('editing a palette re-checks the maps using it, through a palette that names it', () => {
  const inner = (t: string): unknown[] => [{ type: 'palette', id: 'p_inner', terrain: { [t]: 't_floor' } }];
  const middle = [{ type: 'palette', id: 'p_middle', palettes: ['p_inner'] }];
  const map = [{ type: 'mapgen', method: 'json', nested_mapgen_id: 'n_q', object: { mapgensize: [1, 1], palettes: ['p_middle'], rows: ['Q'] } }];
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/inner.json': inner('Q'), 'm/middle.json': middle, 'm/maps.json': map }, CURRENT), (ws) => {
    const rowCodes = (): string[] => ws.codes('m/maps.json').filter((c) => c === 'mapgen-rows');
    assert.deepEqual(rowCodes(), []);
    for (const [t, codes] of [['R', ['mapgen-rows']], ['Q', []]] as const) {
      const affected = ws.project.updateFile(ws.file('m/inner.json'), JSON.stringify(inner(t)));
      assert.ok(affected.includes(ws.file('m/maps.json')), affected.join(', '));
      assert.deepEqual(rowCodes(), codes);
    }
  });
});

test('completion inside a mapping offers ids of its kind, and an unknown id in a map or palette mapping is reported', () => {
  const fixture = parseMarked(`[
  { "type": "terrain", "id": "t_wall_x", "name": "wall", "symbol": "#", "color": "white", "move_cost": 0 },
  { "type": "furniture", "id": "f_wall_lamp", "name": "lamp", "symbol": "l", "color": "white", "move_cost_mod": 1, "required_str": 1 },
  { "type": "item_group", "id": "wall_stuff", "items": [ "rag" ] },
  { "type": "palette", "id": "p_c", "terrain": { "#": ⟦"t_wa"⟧, "W": ⟦"t_wal_x"⟧ }, "furniture": { "l": ⟦"f_wa"⟧ }, "items": { "i": { "item": ⟦"wa"⟧, "chance": 5 } } },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_c",
    "object": { "mapgensize": [ 1, 1 ], "palettes": [ "p_c" ], "furniture": { "#": ⟦"f_wal_lamp"⟧ }, "rows": [ "#" ] } }
]`);
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/maps.json': fixture.text }), (ws) => {
    assertMarked(fixture, ws.diagnostics('m/maps.json'), 'unknown-id');
    // The half-typed ids above are unknown too; completion there offers the ids of the mapping's kind.
    const labels = (needle: string): string[] => complete(ws.project, ws.file('m/maps.json'), fixture.text.indexOf(needle) + needle.length - 1).items.map((i) => i.label);
    assert.deepEqual(labels('"t_wa"'), ['t_wall_x']);
    assert.deepEqual(labels('"f_wa"'), ['f_wall_lamp']);
    assert.deepEqual(labels('"item": "wa"'), ['wall_stuff']);
  });
});

test('a mapping key is one character of one column, in a map or a palette (0.F --check-mods: "format map key must be 1 column")', () => {
  const fixture = parseMarked(`[
  { "type": "palette", "id": "p_k", "terrain": { "#": "t_wall", ⟦"##"⟧: "t_wall", "m̌": "t_floor" } },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "n_k",
    "object": { "mapgensize": [ 1, 1 ], "palettes": [ "p_k" ], "furniture": { ⟦"Ｚ"⟧: "f_chair", "é": "f_chair" }, "rows": [ "#" ] } }
]`);
  check(fixture, {}, '0.F');
});

