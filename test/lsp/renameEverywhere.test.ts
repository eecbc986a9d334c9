/**
 * Rename and find-references of a monster through real LSP messages, in both game versions: a monster used by
 * a monster group, a map generator and its palette, and, through the item a recipe crafts, a deployable robot
 * (`use_action.place_monster`; a recipe names items, never monsters: in 0.F no recipe member takes a monster,
 * and the current game's only way, an inline `result_eocs` effect `u_spawn_monster`, names a monster or a monster
 * group depending on its `group` member). An item with the same id, named by the recipe's components and a
 * description, must stay as it is.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type { Location, WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { TestClient, applyEdits, positionAtOffset, positionOf, uri } from './client';
import { pretty } from './fixture';
import { MINI_CORE, modinfo, writeTree, type FileTree } from '../helpers/workspace';

/** Same length as the old id: the renamed fixture's texts keep every position. */
const OLD = 'mon_test_beast';
const NEW = 'mon_test_brute';

/** The mod's files with the monster called `id` (the item of the same id keeps OLD). */
function beastMod(version: '0.F' | 'current', id: string): FileTree {
  const current = version === 'current';
  const item = (fields: Record<string, unknown>): Record<string, unknown> => (current ? { type: 'ITEM', ...fields } : { type: 'GENERIC', ...fields });
  const common = { weight: '1 kg', volume: '1 L', symbol: ';', color: 'red' };
  return {
    'beasts/modinfo.json': pretty(modinfo('beasts')),
    'beasts/monsters.json': pretty([{
      type: 'MONSTER', id, name: { str: 'test beast' }, description: 'A beast.', default_faction: 'zombie', bodytype: 'human',
      volume: '62500 ml', weight: '81500 g', hp: 40, speed: 90, symbol: 'B', color: 'red',
    }]),
    'beasts/groups.json': pretty([current
      ? { type: 'monstergroup', id: 'GROUP_TEST_BEASTS', monsters: [{ monster: id, weight: 100 }] }
      : { type: 'monstergroup', name: 'GROUP_TEST_BEASTS', default: 'mon_zombie', monsters: [{ monster: id, freq: 100, cost_multiplier: 1 }] }]),
    'beasts/mapgen.json': pretty([
      { type: 'overmap_terrain', id: 'test_den', name: 'beast den', sym: 'B', color: 'brown' },
      { type: 'terrain', id: 't_test_floor', name: 'floor', symbol: '.', color: 'white', move_cost: 2 },
      {
        type: 'mapgen', ...(current ? {} : { method: 'json' }), om_terrain: ['test_den'],
        object: {
          // A whole map of one overmap terrain, as the game wants it (24 rows of 24 cells, a terrain mapping).
          fill_ter: 't_test_floor', rows: ['B.M'.padEnd(24, '.'), ...new Array<string>(23).fill('.'.repeat(24))], palettes: ['test_beast_palette'],
          terrain: { '.': 't_test_floor' },
          monster: { M: { monster: id } },
          place_monster: [{ monster: id, x: 1, y: 0 }],
          place_monsters: [{ monster: 'GROUP_TEST_BEASTS', x: 0, y: 0, density: 1 }],
        },
      },
      { type: 'palette', id: 'test_beast_palette', monster: { B: { monster: id } } },
    ]),
    'beasts/items.json': pretty([
      item({ ...(current ? { subtypes: ['TOOL'] } : { type: 'TOOL' }), id: 'test_beast_cage', name: { str: 'beast cage' }, description: 'Opens to release a beast.', ...common, use_action: { type: 'place_monster', monster_id: id, moves: 60 } }),
      item({ id: 'test_bait', name: { str: 'bait' }, description: 'Smells.', ...common }),
      item({ id: OLD, name: { str: 'beast figurine' }, description: OLD, ...common }),
    ]),
    'beasts/recipes.json': pretty([{
      type: 'recipe', result: 'test_beast_cage', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 1,
      time: '10 m', autolearn: true, ...(current ? { activity_level: 'LIGHT_EXERCISE' } : {}), qualities: [], tools: [], components: [[['test_bait', 2]], [[OLD, 1]]],
    }]),
  };
}

for (const version of ['0.F', 'current'] as const) {
  describe(`rename a monster used everywhere, through LSP (${version})`, () => {
    let ws: string;
    let client: TestClient;
    const file = (rel: string): string => path.join(ws, rel);
    const text = (rel: string): string => fs.readFileSync(file(rel), 'utf8');
    const before_ = beastMod(version, OLD);
    const renamed = beastMod(version, NEW);

    before(async () => {
      const game = writeTree({ ...MINI_CORE, ...(version === 'current' ? { 'json/damage_types.json': [] } : {}) });
      ws = writeTree(before_);
      client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game, gameVersion: version } });
      await client.initialize();
      await client.waitForReady();
    });

    after(async () => {
      await client?.stop();
    });

    test('the fixture is clean: nothing to report in any file', async () => {
      for (const rel of Object.keys(before_)) {
        const d = client.diagnostics.get(uri(file(rel)));
        assert.deepEqual(d?.diagnostics.map((x) => `${x.code}: ${x.message}`) ?? [], [], rel);
      }
    });

    /** Every use and the definition: where the renamed fixture differs (same-length ids keep positions). */
    const expectedSites = (): string[] => Object.keys(before_).flatMap((rel) => {
      const out: string[] = [];
      const t = renamed[rel] as string;
      for (let at = t.indexOf(`"${NEW}"`); at >= 0; at = t.indexOf(`"${NEW}"`, at + 1)) {
        const p = positionAtOffset(t, at);
        out.push(`${uri(file(rel))}:${p.line}:${p.character}`);
      }
      return out;
    }).sort();

    test('find references from the monster group entry: the definition and every use in every file, not the item', async () => {
      const groups = text('beasts/groups.json');
      const refs = await client.request<Location[]>('textDocument/references', {
        textDocument: { uri: uri(file('beasts/groups.json')) }, position: positionOf(groups, `"${OLD}"`, 2), context: { includeDeclaration: true },
      });
      const sites = refs.map((r) => `${r.uri}:${r.range.start.line}:${r.range.start.character}`).sort();
      // The definition, the group entry, the map generator's two, the palette's and the robot item's.
      assert.equal(expectedSites().length, 6);
      assert.deepEqual(sites, expectedSites());
      const uses = await client.request<Location[]>('textDocument/references', {
        textDocument: { uri: uri(file('beasts/groups.json')) }, position: positionOf(groups, `"${OLD}"`, 2), context: { includeDeclaration: false },
      });
      assert.equal(uses.length, refs.length - 1, 'without the declaration: the uses only');
    });

    for (const [where, rel, occurrence] of [['the definition', 'beasts/monsters.json', 1], ['a use (the palette)', 'beasts/mapgen.json', 3]] as const) {
      test(`prepareRename and rename on ${where}: every use in every file, nothing else`, async () => {
        const t = text(rel);
        const position = positionOf(t, `"${OLD}"`, 2, occurrence);
        const prep = await client.request<{ range: { start: { line: number; character: number } }; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri(file(rel)) }, position });
        assert.equal(prep.placeholder, OLD);
        assert.deepEqual(prep.range.start, positionOf(t, `"${OLD}"`, 1, occurrence));
        const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri(file(rel)) }, position, newName: NEW });
        const changes = edit.changes!;
        for (const f of Object.keys(before_)) {
          const edits = changes[uri(file(f))] ?? [];
          assert.equal(applyEdits(text(f), edits), renamed[f], `${f} after the rename`);
        }
        assert.deepEqual(Object.keys(changes).sort(), Object.keys(before_).filter((f) => before_[f] !== renamed[f]).map((f) => uri(file(f))).sort());
      });
    }
  });
}
