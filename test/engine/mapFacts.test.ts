/**
 * The facts of maps and palettes (mapgen/facts.ts), made with a map's analysis and kept in a palette's summary:
 * a check of maps reads a map's file again only to place a finding it reports, and a palette's never; the facts
 * follow an edit (a new text makes new records, a palette moved keeps its own) and a palette's come from the
 * on-disk cache on a warm start. Counted as files read, not time.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync } from '../../server/src/cache/store';
import { MINI_CORE, modinfo, using, workspace, writeTree } from '../helpers/workspace';

const PALETTES = [
  { type: 'palette', id: 'p_walls', terrain: { '#': 't_wall', '.': 't_floor' }, palettes: [{ param: 'pick', fallback: 'p_more' }], parameters: { pick: { type: 'palette_id', default: { distribution: [['p_more', 1]] } } } },
  { type: 'palette', id: 'p_more', mapping: { c: { furniture: 'f_chair', terrain: 't_floor' } } },
];
/** The game's terrain and furniture the palettes name. */
const GAME = { ...MINI_CORE, 'json/furniture_and_terrain.json': [{ type: 'terrain', id: 't_wall', name: 'wall' }, { type: 'terrain', id: 't_floor', name: 'floor' }, { type: 'furniture', id: 'f_chair', name: 'chair' }] };
const map = (rows: string[], id = 'n_room'): Record<string, unknown> => ({ type: 'mapgen', method: 'json', nested_mapgen_id: id, object: { mapgensize: [3, 2], palettes: ['p_walls'], rows } });

/** Files read through the project, by path relative to `under`. */
function counting(under: string): { reads: Map<string, number>; readFile: (p: string) => string } {
  const reads = new Map<string, number>();
  return {
    reads,
    readFile: (p) => {
      const rel = path.relative(under, p);
      reads.set(rel, (reads.get(rel) ?? 0) + 1);
      return fs.readFileSync(p, 'utf8');
    },
  };
}

test('a check of maps (as the CLI checks): a file of maps with no finding and the palettes are read once, a map with a finding is read again to place it', () => {
  const game = writeTree(GAME);
  const mods = writeTree({
    'm/modinfo.json': modinfo('m'),
    'm/palettes.json': PALETTES,
    'm/quiet.json': [map(['#.#', '#c#']), map(['...', '###'], 'n_other')],
    'm/finding.json': [map(['#.#', '#Z#'])],
  });
  try {
    const disk = counting(mods);
    const project = new Project({ gamePath: game, roots: [mods], readFile: disk.readFile, checkedAfterLoad: () => true, forOneCheck: true });
    project.load();
    assert.deepEqual(project.diagnostics(path.join(mods, 'm/quiet.json')), []);
    assert.deepEqual(project.diagnostics(path.join(mods, 'm/palettes.json')), []);
    const found = project.diagnostics(path.join(mods, 'm/finding.json'));
    assert.deepEqual(found.map((d) => d.message), ['"Z" (row 2, column 2) has no terrain, furniture or other mapping: the game rejects it']);
    const text = fs.readFileSync(path.join(mods, 'm/finding.json'), 'utf8');
    assert.equal(text.slice(found[0].start, found[0].end), 'Z');
    assert.equal(disk.reads.get('m/quiet.json'), 1, 'the quiet maps: read to be indexed only');
    assert.equal(disk.reads.get('m/palettes.json'), 1, 'the palettes: read to be indexed only');
    assert.equal(disk.reads.get('m/finding.json'), 2, 'the map with a finding: read again to place it');
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
    fs.rmSync(mods, { recursive: true, force: true });
  }
});

test('after edits: a map\'s new rows, a palette\'s new mapping, and a palette moved in its file keep the checks right', () => {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/palettes.json': PALETTES, 'm/maps.json': [map(['#.#', '#c#'])] }, GAME), (ws) => {
    const messages = (): string[] => ws.diagnostics('m/maps.json').filter((d) => d.code === 'mapgen-rows').map((d) => d.message);
    assert.deepEqual(messages(), []);
    // The map's rows: a character nothing maps.
    ws.project.updateFile(ws.file('m/maps.json'), JSON.stringify([map(['#.#', '#Q#'])]));
    assert.deepEqual(messages(), ['"Q" (row 2, column 2) has no terrain, furniture or other mapping: the game rejects it']);
    // The palette reached through a parameter maps it now.
    const more = (key: string): unknown[] => [PALETTES[0], { ...PALETTES[1], mapping: { [key]: { furniture: 'f_chair', terrain: 't_floor' } } }];
    ws.project.updateFile(ws.file('m/palettes.json'), JSON.stringify(more('Q')));
    assert.deepEqual(messages(), []);
    ws.project.updateFile(ws.file('m/palettes.json'), JSON.stringify(more('c')));
    assert.deepEqual(messages(), ['"Q" (row 2, column 2) has no terrain, furniture or other mapping: the game rejects it']);
    // An object written before a palette: the palette, moved but unchanged, keeps its record's summary and facts.
    ws.project.updateFile(ws.file('m/maps.json'), JSON.stringify([map(['#.#', '#c#'])]));
    const [walls, moreText] = PALETTES.map((p) => JSON.stringify(p));
    ws.project.updateFile(ws.file('m/palettes.json'), `[${walls},\n${moreText}]`);
    assert.deepEqual(messages(), []);
    ws.project.updateFile(ws.file('m/palettes.json'), `[${walls}, ${JSON.stringify({ type: 'palette', id: 'p_other', terrain: { o: 't_floor' } })},\n${moreText}]`);
    assert.deepEqual(messages(), []);
    assert.deepEqual(ws.codes('m/palettes.json'), []);
  });
});

test('a warm start: the game\'s palettes come from the cache with their facts, and a mod\'s map is checked without reading them', () => {
  const game = writeTree({ ...GAME, 'json/palettes.json': PALETTES });
  const mods = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/maps.json': [map(['#.#', '#c#']), map(['#Z#', '#c#'], 'n_other')] });
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-map-facts-'));
  try {
    const load = (cache: boolean): { project: Project; reads: Map<string, number> } => {
      const disk = counting(game);
      const project = new Project({ gamePath: game, roots: [mods], readFile: disk.readFile, ...(cache ? { cache: { dir: cacheDir, log: () => {} } } : {}) });
      project.load();
      return { project, reads: disk.reads };
    };
    const cold = load(true);
    const w = finish(cold.project.saveCacheSteps());
    assert.ok(w && writeCacheSync(w, () => {}), 'the cache is written');
    const warm = load(true);
    assert.ok(warm.project.cacheUse()!.hits > 5);
    const diagnostics = (p: Project): unknown => p.diagnostics(path.join(mods, 'm/maps.json')).map((d) => [d.start, d.message]);
    assert.deepEqual(diagnostics(warm.project), diagnostics(load(false).project));
    assert.deepEqual((diagnostics(warm.project) as unknown[][]).map((d) => d[1]), ['"Z" (row 1, column 2) has no terrain, furniture or other mapping: the game rejects it']);
    assert.equal(warm.reads.get('json/palettes.json'), undefined, 'the palettes\' file is not read');
  } finally {
    for (const d of [game, mods, cacheDir]) fs.rmSync(d, { recursive: true, force: true });
  }
});

test('a map whose mapgensize no map is near (a billion cells a side) is indexed and checked without making its grid', () => {
  const game = writeTree(GAME);
  const huge = { type: 'mapgen', method: 'json', nested_mapgen_id: 'n_huge', object: { mapgensize: [1e9, 1e9], palettes: ['p_walls'], rows: ['#.#', '#c#'] } };
  const mods = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/palettes.json': PALETTES, 'm/huge.json': [huge, map(['#.#', '#Z#'])] });
  try {
    const project = new Project({ gamePath: game, roots: [mods], checkedAfterLoad: () => true, forOneCheck: true });
    project.load();
    // Its rows are not checked against that size (the process ran out of memory making a row width per row); the
    // map beside it still is.
    const rows = project.diagnostics(path.join(mods, 'm/huge.json')).filter((d) => d.code === 'mapgen-rows');
    assert.equal(rows.length, 1);
    assert.match(rows[0].message, /"Z"/);
  } finally {
    fs.rmSync(game, { recursive: true, force: true });
    fs.rmSync(mods, { recursive: true, force: true });
  }
});
