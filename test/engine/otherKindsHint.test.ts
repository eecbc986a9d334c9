/**
 * An unknown id with nothing near among its kind says what it names instead, in the mods the reference sees
 * (`unknown monster "GROUP_ZED"; "GROUP_ZED" is a monster group`), and the message follows edits of any kind.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace } from '../helpers/workspace';
import { assertMarked, parseMarked } from '../helpers/marked';

const GROUP = parseMarked(`[
  { "type": "monstergroup", "name": "GROUP_ZED", "monsters": [
    { "monster": ⟦"GROUP_ZED"⟧, "freq": 10, "cost_multiplier": 1 },
    { "monster": ⟦"zed_loot"⟧, "freq": 10, "cost_multiplier": 1 },
    { "monster": ⟦"nothing_named_so"⟧, "freq": 10, "cost_multiplier": 1 },
    { "monster": ⟦"mon_zombi"⟧, "freq": 10, "cost_multiplier": 1 },
    { "monster": "mon_zombie", "freq": 10, "cost_multiplier": 1 }
  ] }
]`);

const ITEMS = [{ type: 'GENERIC', id: 'zed_loot', name: { str: 'loot' } }];

function messages(ws: ReturnType<typeof workspace>): string[] {
  return ws.project.diagnostics(ws.file('m/groups.json')).filter((d) => d.code === 'unknown-id').map((d) => d.message);
}

test('an unknown id says which other kinds define it; none when nothing does, or when one of its kind is near', () => {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/groups.json': GROUP.text, 'm/items.json': ITEMS }), (ws) => {
    assertMarked(GROUP, ws.project.diagnostics(ws.file('m/groups.json')), 'unknown-id');
    assert.deepEqual(messages(ws), [
      '"monsters[0].monster": unknown monster "GROUP_ZED"; "GROUP_ZED" is a monster group',
      '"monsters[1].monster": unknown monster "zed_loot"; "zed_loot" is an item',
      '"monsters[2].monster": unknown monster "nothing_named_so"',
      '"monsters[3].monster": unknown monster "mon_zombi"; did you mean "mon_zombie"?',
    ]);
    // A name many kinds use says the first few, alphabetically, and how many more.
    assert.equal(ws.project.registry.titlesOf(['SPECIES', 'monstergroup', 'item', 'MONSTER', 'effect_type']), 'an effect, an item, a monster and 2 other kinds');
    assert.equal(ws.project.registry.titlesOf(['recipe', 'item']), 'an item and a recipe');
  });
});

test('the kinds an unknown id names follow edits of other kinds, and stop at mods the reference does not see', () => {
  using(workspace({
    'm/modinfo.json': modinfo('m'), 'm/groups.json': GROUP.text, 'm/items.json': ITEMS,
    'other/modinfo.json': modinfo('other'), 'other/items.json': [{ type: 'GENERIC', id: 'nothing_named_so', name: { str: 'x' } }],
  }), (ws) => {
    // Only mod "other", which "m" does not depend on, defines it: not said.
    assert.equal(messages(ws)[2], '"monsters[2].monster": unknown monster "nothing_named_so"');
    // An item of that id comes in "m": the group file is re-checked and says so; it goes, and the hint with it.
    const affected = ws.project.updateFile(ws.file('m/items.json'), JSON.stringify([...ITEMS, { type: 'GENERIC', id: 'nothing_named_so', name: { str: 'x' } }]));
    assert.ok(affected.includes(ws.file('m/groups.json')), `re-checked: ${affected.join(', ')}`);
    assert.equal(messages(ws)[2], '"monsters[2].monster": unknown monster "nothing_named_so"; "nothing_named_so" is an item');
    ws.project.updateFile(ws.file('m/items.json'), JSON.stringify(ITEMS));
    assert.equal(messages(ws)[2], '"monsters[2].monster": unknown monster "nothing_named_so"');
    // The item becomes a monster group: said as such.
    ws.project.updateFile(ws.file('m/items.json'), JSON.stringify([{ type: 'monstergroup', name: 'zed_loot', monsters: [{ monster: 'mon_zombie', freq: 1, cost_multiplier: 1 }] }]));
    assert.equal(messages(ws)[1], '"monsters[1].monster": unknown monster "zed_loot"; "zed_loot" is a monster group');
  });
});
