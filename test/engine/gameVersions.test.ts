/**
 * Game versions: detection from the game folder, the setting, and what differs between 0.F and the current
 * game at the index level (item types, unknown types with their rewrite, ids, mod_interactions folders).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { ITEM_BASICS, modinfo, workspace, type FileTree, type TestWorkspace } from '../helpers/workspace';
import { fixAction, type FixEdit } from '../../server/src/queries/codeActions';
import type { Diagnostic } from '../../server/src/diagnostic';

/** The marker of the current game's data: damage types are definitions. */
const CURRENT_CORE: FileTree = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }, { type: 'damage_type', id: 'cut', name: 'cut' }],
  'json/items_current.json': [{ type: 'ITEM', id: 'stick', name: { str: 'stick' }, subtypes: ['TOOL'] }],
};

const mod = (files: FileTree, id = 'm', deps = ['dda']): FileTree => ({ [`${id}/modinfo.json`]: modinfo(id, deps), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`${id}/${k}`, v])) });

function apply(text: string, edits: readonly FixEdit[]): string {
  for (const e of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
  return text;
}

function fixed(ws: TestWorkspace, rel: string, d: Diagnostic): string {
  const action = fixAction(ws.project, ws.file(rel), d.start, d.end, d.fixes![0], true);
  assert.ok(action, 'a fix');
  return apply(fs.readFileSync(ws.file(rel), 'utf8'), action.edits);
}

test('the version is detected from the game folder, and the setting wins', () => {
  assert.equal(workspace(mod({})).project.version.version.id, '0.F');
  const current = workspace(mod({}), CURRENT_CORE);
  assert.equal(current.project.version.version.id, 'current');
  assert.equal(current.project.version.source, 'detected');
  const set = workspace(mod({}), {}, { gameVersion: '0.I' });
  assert.deepEqual([set.project.version.version.id, set.project.version.source], ['current', 'setting']);
});

test('a check loads the version it checks only: the other\'s kinds, schemas and readings are not loaded', () => {
  // A fresh process (this one has loaded both): detect the version of a game folder, make its registry and check the
  // modules loaded from registry/versions/.
  const versions = path.join(__dirname, '../../server/src/registry/versions');
  const loaded = (files: FileTree): string[] => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-version-'));
    try {
      for (const [rel, value] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), JSON.stringify(value));
      }
      const script = `const v = require(${JSON.stringify(versions)}); v.registryOf(v.detectVersion(${JSON.stringify(dir)}).version);
        process.stdout.write(Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(versions + path.sep)})).map((f) => path.basename(f)).sort().join(' '))`;
      return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(' ');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const current = loaded(CURRENT_CORE);
  assert.ok(current.includes('current.js') && !current.includes('v0F.js') && !current.includes('readings-0F.js'), current.join(' '));
  const old = loaded({ 'json/items.json': [] });
  assert.ok(old.includes('v0F.js') && !old.includes('current.js') && !old.includes('readings-current.js'), old.join(' '));
});

test('unknown-type: a misspelt type fires with did-you-mean (information: the known types are those the data uses); a known one does not', () => {
  const ws = workspace(mod({ 'a.json': [{ type: 'MONSTR', id: 'mon_q' }, { type: 'SPECIES', id: 'SLIME' }] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => `${d.code}/${d.severity}/${d.basis}`), ['unknown-type/information/data']);
  assert.match(ds[0].message, /"MONSTR" is no definition type the game version 0\.F \(Frank\)'s data uses; did you mean "MONSTER"\? \(check that the game loads it: it rejects a type it does not know\)/);
});

test('a type the game\'s loader registers but its data never uses is known (mod_tileset: init.cpp, load_mod_tileset)', () => {
  const tileset = { type: 'mod_tileset', compatibility: ['UltimateCataclysm'], 'tiles-new': [{ file: 'zodd.png', tiles: [] }] };
  assert.deepEqual(workspace(mod({ 'tileset.json': [tileset] }), CURRENT_CORE).codes('m/tileset.json'), []);
  assert.deepEqual(workspace(mod({ 'tileset.json': [{ ...tileset, type: 'mod_tilset' }] }), CURRENT_CORE).codes('m/tileset.json'), ['unknown-type']);
});

test('current game: a 0.F item type is rejected with its rewrite to ITEM + subtypes; ITEM resolves item references', () => {
  const ws = workspace(mod({
    'items.json': [{ type: 'TOOL', id: 'my_tool', name: { str: 'tool' } }, { type: 'ITEM', id: 'my_rock', name: { str: 'rock' }, ...ITEM_BASICS }],
    'groups.json': [{ type: 'item_group', id: 'g', items: ['stick'] }],
  }), CURRENT_CORE);
  const ds = ws.diagnostics('m/items.json');
  assert.deepEqual(ds.map((d) => d.code), ['unknown-type']);
  assert.match(ds[0].message, /write "type": "ITEM" with "subtypes": \["TOOL"\] instead/);
  const after = JSON.parse(fixed(ws, 'm/items.json', ds[0]));
  assert.deepEqual(after[0], { type: 'ITEM', id: 'my_tool', name: { str: 'tool' }, subtypes: ['TOOL'] });
  // The same file in 0.F is fine.
  assert.deepEqual(workspace(mod({ 'items.json': [{ type: 'TOOL', id: 'my_tool', name: { str: 'tool' }, ...ITEM_BASICS }] })).diagnostics('m/items.json'), []);
  assert.equal(ws.project.defs.get('item', 'stick').length, 1);
});

test('current game: a 0.F item type is one diagnostic per definition; its ids resolve where used and as copy-from parents, its copy-from resolves against ITEM', () => {
  const ws = workspace(mod({
    'items.json': [
      { type: 'TOOL', id: 'my_tool', 'copy-from': 'stick', name: { str: 'tool' } },
      { type: 'GUN', abstract: 'my_gun_base', name: { str: 'gun' } },
      { type: 'GUN', id: 'my_gun', 'copy-from': 'my_gun_base' },
    ],
    'uses.json': [{ type: 'item_group', id: 'g', items: ['my_tool', 'my_gun', 'stick'] }],
  }), CURRENT_CORE);
  assert.deepEqual(ws.diagnostics('m/items.json').map((d) => d.code), ['unknown-type', 'unknown-type', 'unknown-type']);
  assert.deepEqual(ws.diagnostics('m/uses.json'), []);
  // Near-misses: an id that nothing defines is still unknown, at a use and as a legacy definition's parent.
  const typo = workspace(mod({
    'items.json': [{ type: 'TOOL', id: 'my_tool', 'copy-from': 'stik', name: { str: 'tool' } }],
    'uses.json': [{ type: 'item_group', id: 'g', items: ['my_tol'] }],
  }), CURRENT_CORE);
  assert.deepEqual(typo.diagnostics('m/items.json').map((d) => `${d.code}: ${d.message}`), [
    'unknown-type: "type": "TOOL" is not loaded by the game version current (0.I / experimental); write "type": "ITEM" with "subtypes": ["TOOL"] instead',
    'unknown-id: "copy-from": unknown item "stik" (the copy-from parent must be visible: this mod, its dependencies or the base game); did you mean "stick"?',
  ]);
  assert.deepEqual(typo.diagnostics('m/uses.json').map((d) => d.code), ['unknown-id']);
});

test('a definition of a declared kind without an id is reported; abstract and null ids are not', () => {
  const ws = workspace(mod({ 'a.json': [{ type: 'SPECIES', description: 'no id' }, { type: 'SPECIES', abstract: 'x' }, { type: 'MONSTER_FACTION', name: '' }] }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['missing-field']);
  assert.match(ds[0].message, /This species has no id: give it "id"/);
});

test('current game: mod_interactions/<mod>/ loads only when that mod is known, and sees it', () => {
  const files: FileTree = {
    ...mod({ 'a.json': [{ type: 'SPECIES', id: 'A_THING' }] }, 'a'),
    ...mod({ 'mod_interactions/a/extra.json': [{ type: 'SPECIES', id: 'B_THING', 'copy-from': 'A_THING' }], 'mod_interactions/absent/x.json': [{ type: 'SPECIES', id: 'X', 'copy-from': 'NOWHERE' }] }, 'b'),
  };
  const ws = workspace(files, CURRENT_CORE);
  assert.deepEqual(ws.diagnostics('b/mod_interactions/a/extra.json'), [], 'sees mod a without depending on it');
  assert.deepEqual(ws.diagnostics('b/mod_interactions/absent/x.json'), [], 'not loaded: its mod is not there');
  assert.equal(ws.project.defs.get('SPECIES', 'X').length, 0);
  assert.equal(ws.project.defs.get('SPECIES', 'B_THING')[0].source.modId, 'b+a');
  // In 0.F the folder is ordinary content of the mod: its copy-from of a non-dependency is unknown.
  const f = workspace(files);
  assert.deepEqual(f.codes('b/mod_interactions/a/extra.json'), ['unknown-id']);
});

test('current game: two mods\' parts for each other see each other (both load when both mods do)', () => {
  const files: FileTree = {
    ...mod({ 'a.json': [{ type: 'SPECIES', id: 'A_THING' }], 'mod_interactions/b/for_b.json': [{ type: 'SPECIES', id: 'A_FOR_B' }] }, 'a'),
    ...mod({ 'mod_interactions/a/for_a.json': [{ type: 'SPECIES', id: 'B_FOR_A', 'copy-from': 'A_FOR_B' }] }, 'b'),
    ...mod({ 'mod_interactions/a/c_for_a.json': [{ type: 'SPECIES', id: 'C_FOR_A', 'copy-from': 'A_FOR_B' }] }, 'c'),
  };
  const ws = workspace(files, CURRENT_CORE);
  assert.deepEqual(ws.diagnostics('b/mod_interactions/a/for_a.json'), [], 'b\'s part for a sees a\'s part for b');
  assert.deepEqual(ws.codes('c/mod_interactions/a/c_for_a.json'), ['unknown-id'], 'c\'s part for a does not: a\'s part for b loads only with b');
});

test('current game: recipe ids include the variant (result_variant), as copy-from names them', () => {
  const ws = workspace(mod({ 'r.json': [
    { type: 'recipe', result: 'stick', variant: 'shark', time: '1 m', activity_level: 'LIGHT_EXERCISE', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER' },
    { type: 'recipe', 'copy-from': 'stick_shark', result: 'stick', variant: 'bear' },
  ] }), CURRENT_CORE);
  assert.deepEqual(ws.diagnostics('m/r.json'), []);
  assert.equal(ws.project.defs.get('recipe', 'stick_bear').length, 1);
});

test('current game: 0.F monster armor members are rejected, and one quick fix moves them all into "armor"', () => {
  const text = '[\n  {\n    "type": "MONSTER",\n    "id": "mon_port",\n    "name": { "str": "port" },\n    "symbol": "Z",\n    "default_faction": "zombie",\n    "armor_bash": 3,\n    "hp": 10,\n    "armor_fire": 2\n  }\n]\n';
  const ws = workspace(mod({ 'm.json': text }), CURRENT_CORE);
  const ds = ws.diagnostics('m/m.json');
  assert.deepEqual(ds.map((d) => d.code), ['removed-member', 'removed-member']);
  assert.match(ds[0].message, /"armor_bash" is no longer read by this game version; write "armor": \{ "bash": n \}|armor_bash/);
  const after = JSON.parse(fixed(ws, 'm/m.json', ds[1]));
  assert.deepEqual(after[0], { type: 'MONSTER', id: 'mon_port', name: { str: 'port' }, symbol: 'Z', default_faction: 'zombie', armor: { bash: 3, heat: 2 }, hp: 10 });
  // Into an existing armor object.
  const ws2 = workspace(mod({ 'm.json': '[ { "type": "MONSTER", "id": "mon_p2", "name": "p", "symbol": "Z", "default_faction": "zombie", "armor": { "cut": 1 }, "armor_bash": 3 } ]' }), CURRENT_CORE);
  const d2 = ws2.diagnostics('m/m.json');
  assert.deepEqual(d2.map((d) => d.code), ['removed-member']);
  assert.deepEqual(JSON.parse(fixed(ws2, 'm/m.json', d2[0]))[0].armor, { cut: 1, bash: 3 });
  // The same monster in 0.F: armor_bash is a spec member.
  assert.ok(!workspace(mod({ 'm.json': text })).codes('m/m.json').includes('removed-member'));
});

test('current game: a monster group keyed by "name" (0.F) is a removed member with a rename to "id"; by "id" it is fine', () => {
  const ws = workspace(mod({ 'g.json': [{ type: 'monstergroup', name: 'GROUP_OLD', monsters: [] }, { type: 'monstergroup', id: 'GROUP_NEW', monsters: [] }] }), CURRENT_CORE);
  const ds = ws.diagnostics('m/g.json');
  assert.deepEqual(ds.map((d) => d.code), ['removed-member']);
  assert.deepEqual(JSON.parse(fixed(ws, 'm/g.json', ds[0]))[0], { type: 'monstergroup', id: 'GROUP_OLD', monsters: [] });
  assert.deepEqual(workspace(mod({ 'g.json': [{ type: 'monstergroup', name: 'GROUP_OLD', monsters: [] }] })).diagnostics('m/g.json'), [], '0.F: name is the id');
});

test('current game: each 0.F form the current game rejects is reported (issue list), and loads fine as 0.F', () => {
  const files: FileTree = {
    'm.json': [
      { type: 'MONSTER', id: 'mon_a', name: 'a', symbol: 'a', default_faction: 'zombie', melee_cut: 3 },
      { type: 'MONSTER', id: 'mon_b', name: 'b', symbol: 'b', default_faction: 'zombie', death_function: ['NORMAL'] },
    ],
    's.json': [{ type: 'scenario', id: 's', name: 'S', description: 'd', points: 0, start_name: 'x', allowed_locs: ['sloc_field'], custom_initial_date: { season: 'spring' } }],
    'r.json': [{ type: 'recipe', result: 'stick', activity_level: 'LIGHT_EXERCISE', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', time: '1 m', proficiencies: [{ proficiency: 'prof_x', fail_multiplier: 2 }] }],
  };
  const ws = workspace(mod(files), CURRENT_CORE);
  const byFile = (f: string) => ws.diagnostics(`m/${f}`).map((d) => `${d.code}: ${d.message}`);
  assert.ok(byFile('m.json').some((m) => /^removed-member: "melee_cut"/.test(m)), byFile('m.json').join('\n'));
  assert.ok(byFile('m.json').some((m) => /^invalid-value: "death_function" is \["NORMAL"\] \(array\); expected an object/.test(m)), byFile('m.json').join('\n'));
  assert.ok(byFile('s.json').some((m) => /^removed-member: "custom_initial_date"/.test(m)), byFile('s.json').join('\n'));
  assert.ok(byFile('r.json').some((m) => /^removed-member: "fail_multiplier" in "proficiencies\[0\]"/.test(m)), byFile('r.json').join('\n'));
});
