/**
 * Every diagnostic carries its basis (README, *Diagnostic codes*), and one resting on the game's data alone is
 * information at most: a reference kind learned from where the data writes ids is never "unknown" (what the id is
 * instead, or that it names nothing there), the user's cdda.severity still applies on top, and the CLI's JSON and
 * SARIF carry the basis.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, workspace, using, type FileTree } from '../helpers/workspace';
import { lint, toJsonDiagnostics } from '../../server/src/cli/lint';
import { formatSarif } from '../../server/src/cli/formats';
import { capToBasis } from '../../server/src/diagnostic';
import { hover } from '../../server/src/queries/hover';
import * as fs from 'fs';

const mod = (files: FileTree): FileTree => ({ 'm/modinfo.json': modinfo('m', ['dda']), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });

/** The current game's marker, a terrain and a widget the mod's widgets may name. */
const CURRENT_CORE: FileTree = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }],
  'json/items_current.json': [{ type: 'ITEM', id: 'stick', name: { str: 'stick' }, subtypes: ['TOOL'], weight: '1 kg', volume: '1 L' }],
  'json/terrain.json': [{ type: 'terrain', id: 't_tree', name: 'tree' }],
  'json/widgets.json': [{ type: 'widget', id: 'w_one', style: 'text' }],
};

/** A widget whose clause names the widgets `names` (`clauses[].widgets[]`: a kind the current game's data shows, no reading). */
const layout = (id: string, names: string[]) => ({ type: 'widget', id, style: 'text', clauses: [{ id: 'c', text: 'x', widgets: names }] });

test('a reference kind learned from the data: an id of another kind is said to be one, an id of none names nothing (information, basis data); a known id is fine', () => {
  using(workspace(mod({ 'widgets.json': [layout('w_a', ['w_one']), layout('w_b', ['t_tree']), layout('w_c', ['w_onee'])] }), CURRENT_CORE), (ws) => {
    const ds = ws.diagnostics('m/widgets.json').filter((d) => d.code === 'unknown-id');
    assert.deepEqual(ds.map((d) => `${d.severity}/${d.basis}: ${d.message}`), [
      'information/data: "clauses[0].widgets[0]": "t_tree" is a terrain; the game\'s data writes widget ids here: check that the game reads a terrain here',
      'information/data: "clauses[0].widgets[0]": "w_onee" names nothing the game or its mods define here (the game\'s data writes widget ids here); did you mean "w_one"?',
    ]);
    // The near id is still offered as a fix.
    assert.deepEqual(ds[1].fixes, [{ kind: 'replaceValue', text: 'w_one' }]);
  });
});

test('the user\'s severity for a code still applies on top of the cap', () => {
  using(workspace(mod({ 'widgets.json': [layout('w_c', ['w_onee'])] }), CURRENT_CORE, { severity: { 'unknown-id': 'warning' } }), (ws) => {
    assert.deepEqual(ws.diagnostics('m/widgets.json').filter((d) => d.code === 'unknown-id').map((d) => `${d.severity}/${d.basis}`), ['warning/data']);
  });
  assert.equal(capToBasis('error', 'data'), 'information');
  assert.equal(capToBasis('hint', 'data'), 'hint');
  assert.equal(capToBasis('error', 'reader'), 'error');
});

test('a check on the game\'s reader or the spec keeps its severity and says so (0.F monster: the spec; current monster: a table checked against mtype::load)', () => {
  const monster = { type: 'MONSTER', id: 'mon_x', name: { str: 'x' }, description: 'd', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'x', color: 'red', upgrades: { half_life: 1, into: 'mon_zombi' } };
  using(workspace(mod({ 'monsters.json': [monster] })), (ws) => {
    assert.deepEqual(ws.diagnostics('m/monsters.json').map((d) => `${d.code}/${d.severity}/${d.basis}`), ['unknown-id/error/spec']);
  });
  const current = { type: 'MONSTER', id: 'mon_x', name: { str: 'x' }, symbol: 'x', default_faction: 'zombie', upgrades: { half_life: 1, into: 'mon_zombi' } };
  using(workspace(mod({ 'monsters.json': [current] }), CURRENT_CORE), (ws) => {
    assert.deepEqual(ws.diagnostics('m/monsters.json').map((d) => `${d.code}/${d.severity}/${d.basis}`), ['unknown-id/error/reader']);
  });
});

test('the CLI\'s JSON and SARIF give each diagnostic\'s basis', () => {
  using(workspace(mod({ 'widgets.json': [layout('w_c', ['w_onee'])] }), CURRENT_CORE), (ws) => {
    const result = lint({ paths: [ws.mods], gamePath: ws.game });
    const json = toJsonDiagnostics(result).filter((d) => d.code === 'unknown-id');
    assert.deepEqual(json.map((d) => [d.severity, d.basis]), [['information', 'data']]);
    const sarif = JSON.parse(formatSarif(result, json, ws.mods, '0')) as { runs: { results: { properties?: { basis?: string } }[] }[] };
    assert.deepEqual(sarif.runs[0].results.map((r) => r.properties?.basis), ['data']);
  });
});

test('hover on a generated table\'s member says what its checks rest on: the data alone, or a reading of its loader', () => {
  using(workspace(mod({ 'widgets.json': [layout('w_a', ['w_one'])] }), CURRENT_CORE), (ws) => {
    const file = ws.file('m/widgets.json');
    const h = hover(ws.project, file, fs.readFileSync(file, 'utf8').indexOf('"clauses"') + 2);
    assert.match(h?.markdown ?? '', /\(from the game's data alone\)/);
  });
  // 0.F: an item's melee damage, read by Item_factory::load_basic_info (a reading).
  using(workspace(mod({ 'items.json': [{ type: 'GENERIC', id: 'my_rock', name: { str: 'rock' }, description: 'd', weight: '1 kg', volume: '1 L', symbol: ',', color: 'gray', bashing: 2 }] })), (ws) => {
    const file = ws.file('m/items.json');
    const h = hover(ws.project, file, fs.readFileSync(file, 'utf8').indexOf('"bashing"') + 2);
    assert.match(h?.markdown ?? '', /\(from the game's data, read as its loader reads it\)/);
  });
});

test('`extend` of a generated table\'s list takes the forms its member does, on the same basis (the data\'s: information)', () => {
  using(workspace(mod({ 'items.json': [{ type: 'ITEM', id: 'my_stick', 'copy-from': 'stick', extend: { flags: 7 } }] }), CURRENT_CORE), (ws) => {
    assert.deepEqual(ws.diagnostics('m/items.json').filter((d) => d.code === 'invalid-value').map((d) => `${d.severity}/${d.basis}`), ['information/data']);
  });
});

test('a kind the data shows where the version reads the member by name (a dialogue response\'s topic) rests on that reading: an error', () => {
  const topic = { type: 'talk_topic', id: 'TALK_MINE', dynamic_line: 'Hi.', responses: [{ text: 'Bye.', topic: 'TALK_DONE' }, { text: 'Go.', topic: 'TALK_NOWHERE' }] };
  using(workspace(mod({ 'talk.json': [topic] }), CURRENT_CORE), (ws) => {
    assert.deepEqual(ws.diagnostics('m/talk.json').map((d) => `${d.code}/${d.severity}/${d.basis}: ${d.message}`), ['unknown-id/error/reader: "responses[1].topic": unknown dialogue topic "TALK_NOWHERE"']);
  });
});
