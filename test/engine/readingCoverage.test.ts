/**
 * scripts/reading-coverage.mjs as a user runs it after a build, on a small current-game folder and a folder of one
 * third-party mod: warnings and errors per basis (none on the data alone), the information the data alone made,
 * and the members the game's data writes most that no reading covers.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { modinfo, writeTree, MINI_CORE, type FileTree } from '../helpers/workspace';

const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'reading-coverage.mjs');

const CURRENT_CORE: FileTree = {
  ...MINI_CORE,
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }],
  'json/items_current.json': [{ type: 'ITEM', id: 'stick', name: { str: 'stick' }, subtypes: ['TOOL'], weight: '1 kg', volume: '1 L' }],
  'json/widgets.json': [{ type: 'widget', id: 'w_one', style: 'text' }],
};

interface Counts { readonly warningsAndErrors: Record<string, number>; readonly informationOnData: number }
interface Report {
  readonly version: string;
  readonly game: Counts;
  readonly mods: readonly (Counts & { readonly mod: string })[];
  readonly unread: readonly { readonly type: string; readonly member: string; readonly count: number }[];
}

const run = (game: string, mods: string, top: number): Report => JSON.parse(execFileSync(process.execPath, [SCRIPT, '--game', game, '--mods', mods, '--top', String(top), '--json'], { encoding: 'utf8' })) as Report;

test('reading coverage: warnings and errors by basis on the game and each mod, and the most written members without a reading', () => {
  const game = writeTree(CURRENT_CORE);
  const mods = writeTree({
    // A misspelt widget (a kind learned from the data: information) and a misspelt monster of a monster's upgrade
    // (the current game's monster table, checked against mtype::load: an error on the reader).
    'my_mod/modinfo.json': modinfo('my_mod', ['dda']),
    'my_mod/widgets.json': [{ type: 'widget', id: 'w_text', style: 'text', clauses: [{ id: 'c', text: 'x', widgets: ['w_onee'] }] }],
    'my_mod/monsters.json': [{ type: 'MONSTER', id: 'mon_x', name: { str: 'x' }, symbol: 'x', default_faction: 'zombie', upgrades: { half_life: 1, into: 'mon_zombi' } }],
  });
  const report = run(game, mods, 5);
  assert.equal(report.version, 'current');
  assert.equal(report.game.warningsAndErrors.data, 0);
  assert.deepEqual(report.mods.map((m) => [m.mod, m.warningsAndErrors, m.informationOnData]), [['my_mod', { reader: 1, spec: 0, documentation: 0, data: 0 }, 1]]);
  // The five most written members of the committed tables with no reading, most first.
  assert.equal(report.unread.length, 5);
  for (let i = 1; i < report.unread.length; i++) assert.ok(report.unread[i - 1].count >= report.unread[i].count);
  // A member a reading covers is not listed (an item's flags: json_flag ids, Item_factory::finalize_post), nor the
  // type or the id.
  const all = run(game, mods, 100000).unread.map((u) => `${u.type} ${u.member}`);
  assert.ok(all.length > 1000, `${all.length} members`);
  assert.ok(!all.includes('ITEM flags[]') && !all.includes('ITEM type') && !all.includes('ITEM id'));
  assert.ok(all.includes('widget clauses[].widgets[]') && !all.includes('widget widgets[]'));
});
