/**
 * References whose kind a sibling member selects (schema SiblingRef): a spell's `effect_str` names an effect, a
 * monster, an item, an EOC... by its `effect`. Each case that fires has a near miss that must not: the other kind
 * the game may pick by a flag, an effect whose effect_str names no definition, an effect inherited through
 * copy-from (unknown here, so nothing is judged).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { modinfo, using, workspace, type TestWorkspace } from '../helpers/workspace';
import { complete } from '../../server/src/queries/completion';
import { definitions } from '../../server/src/queries/definition';
import { referencesTo } from '../../server/src/queries/references';

/** The current game's marker file, so that the stand-in game folder is detected as the current game. */
const CURRENT = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };

const CORE_EXTRA = {
  ...CURRENT,
  'json/effects.json': [{ type: 'effect_type', id: 'dazed', name: ['Dazed'] }],
  'json/monstergroups.json': [{ type: 'monstergroup', id: 'GROUP_ZOMBIE', monsters: [{ monster: 'mon_zombie', weight: 1 }] }],
  'json/item_groups.json': [{ type: 'item_group', id: 'clothes', subtype: 'distribution', entries: [{ item: 'jeans' }] }],
  'json/eocs.json': [{ type: 'effect_on_condition', id: 'EOC_HELLO', effect: [{ u_message: 'hello' }] }],
  'json/items_current.json': [{ type: 'ITEM', id: 'wand', name: { str: 'wand' } }],
};

function spell(id: string, extra: Record<string, unknown>): Record<string, unknown> {
  return { type: 'SPELL', id, name: id, description: 'd', valid_targets: ['self'], shape: 'blast', ...extra };
}

function spellWorkspace(spells: readonly Record<string, unknown>[], gameVersion?: string): TestWorkspace {
  return workspace({ 'm/modinfo.json': modinfo('m'), 'm/spells.json': spells }, CORE_EXTRA, { gameVersion });
}

/** Each unknown-id of the spells file: the id its message names. */
function unknownIds(ws: TestWorkspace): string[] {
  return ws.diagnostics('m/spells.json').filter((d) => d.code === 'unknown-id').map((d) => /"([^"]+)"$/.exec(d.message.split(';')[0])?.[1] ?? d.message).sort();
}

test('a spell\'s effect_str is judged as the id its effect names: each kind fires on an unknown id', () => {
  const ws = spellWorkspace([
    spell('s_attack', { effect: 'attack', effect_str: 'dazzled' }),
    spell('s_summon', { effect: 'summon', effect_str: 'mon_zombi' }),
    spell('s_item', { effect: 'spawn_item', effect_str: 'wandd' }),
    spell('s_eoc', { effect: 'effect_on_condition', effect_str: 'EOC_HELO' }),
    spell('s_remove', { effect: 'remove_effect', effect_str: 'dazed_not' }),
    // A monster's id where the effect spawns an item: what to write instead.
    spell('s_wrong_effect', { effect: 'spawn_item', effect_str: 'mon_dog' }),
  ]);
  using(ws, () => {
    assert.deepEqual(unknownIds(ws), ['EOC_HELO', 'dazed_not', 'dazzled', 'mon_dog', 'mon_zombi', 'wandd']);
    assert.ok(ws.diagnostics('m/spells.json').some((d) => d.message.endsWith('unknown item "mon_dog"; "mon_dog" is a monster: with "effect": "summon" it names one')));
    const summon = ws.diagnostics('m/spells.json').find((d) => d.message.includes('mon_zombi'))!;
    assert.match(summon.message, /unknown monster "mon_zombi"/);
    assert.equal(fs.readFileSync(summon.path, 'utf8').slice(summon.start, summon.end), '"mon_zombi"');
    assert.deepEqual(summon.fixes?.map((f) => (f as { text?: string }).text), ['mon_zombie'], 'the nearest monster id as the fix');
  });
});

test('near misses: known ids of either kind the game may pick, effects whose effect_str names nothing checked, an inherited effect', () => {
  const ws = spellWorkspace([
    spell('s_attack', { effect: 'attack', effect_str: 'dazed' }),
    spell('s_summon', { effect: 'summon', effect_str: 'mon_zombie' }),
    // SPAWN_GROUP makes it a monster group; copy-from may inherit the flag, so a group is accepted either way.
    spell('s_summon_group', { effect: 'summon', effect_str: 'GROUP_ZOMBIE' }),
    spell('s_item_group', { effect: 'spawn_item', effect_str: 'clothes', flags: ['SPAWN_GROUP'] }),
    spell('s_eoc', { effect: 'effect_on_condition', effect_str: 'EOC_HELLO' }),
    // An energy source, a timed event: no definitions.
    spell('s_energy', { effect: 'recover_energy', effect_str: 'MANA' }),
    spell('s_event', { effect: 'timed_event', effect_str: 'artifact_light' }),
    // Random transformation: empty.
    spell('s_polymorph', { effect: 'targeted_polymorph', effect_str: '' }),
    // The effect comes from the parent: what effect_str names is not known here.
    spell('s_child', { 'copy-from': 's_summon', effect_str: 'not_a_monster_maybe_an_item' }),
  ]);
  using(ws, () => {
    assert.deepEqual(unknownIds(ws), []);
  });
});

test('0.F: the effects 0.F has are judged; an effect it does not have is its invalid value, not also an unknown id', () => {
  const ws = spellWorkspace([
    spell('s_summon', { effect: 'summon', effect_str: 'mon_zombi' }),
    spell('s_summon_ok', { effect: 'summon', effect_str: 'mon_dog' }),
    spell('s_eoc', { effect: 'effect_on_condition', effect_str: 'EOC_HELO' }),
  ], '0.F');
  using(ws, () => {
    assert.deepEqual(unknownIds(ws), ['mon_zombi']);
    assert.ok(ws.diagnostics('m/spells.json').some((d) => d.code === 'invalid-value' && d.message.includes('effect_on_condition')), 'the effect itself is 0.F\'s invalid value');
  });
});

test('editing the effect changes what effect_str names', () => {
  const ws = spellWorkspace([spell('s', { effect: 'summon', effect_str: 'wand' })]);
  using(ws, () => {
    assert.deepEqual(unknownIds(ws), ['wand']);
    const file = ws.file('m/spells.json');
    ws.project.updateFile(file, fs.readFileSync(file, 'utf8').replace('"summon"', '"spawn_item"'));
    assert.deepEqual(unknownIds(ws), []);
  });
});

test('completion in effect_str offers the ids its effect names (both kinds where a flag picks); definition and find references go to either kind', () => {
  const ws = spellWorkspace([
    spell('s_summon', { effect: 'summon', effect_str: 'mon_zombie' }),
    spell('s_none', { effect: 'recover_energy', effect_str: '' }),
    spell('s_group', { effect: 'summon', effect_str: 'GROUP_ZOMBIE' }),
  ]);
  using(ws, () => {
    const file = ws.file('m/spells.json');
    const text = fs.readFileSync(file, 'utf8');
    const inSummon = text.indexOf('"effect_str": "mon_zombie"') + '"effect_str": "'.length;
    const labels = complete(ws.project, file, inSummon).items.map((i) => i.label);
    assert.ok(labels.includes('mon_dog') && labels.includes('GROUP_ZOMBIE'), labels.join(', '));
    assert.ok(!labels.includes('wand'), 'no items');
    const inNone = text.indexOf('"effect_str": ""') + '"effect_str": "'.length;
    assert.deepEqual(complete(ws.project, file, inNone).items.map((i) => i.label), [], 'recover_energy names no definition');
    const target = definitions(ws.project, file, inSummon + 2);
    assert.equal(target.length, 1);
    assert.equal(fs.readFileSync(target[0].path, 'utf8').slice(target[0].start, target[0].end), '"mon_zombie"');
    assert.match(target[0].path, /monsters\.json$/);
    // The other kind the effect accepts: the monster group.
    const group = definitions(ws.project, file, text.indexOf('"GROUP_ZOMBIE"') + 2);
    assert.equal(group.length, 1);
    assert.match(group[0].path, /monstergroups\.json$/);
    // Find references of the group (and so rename) list the spell; of the monster, the other spell only.
    const inFile = (kind: string, id: string): string[] => referencesTo(ws.project, kind, id).filter((r) => r.path === file).map((r) => text.slice(r.start, r.end));
    assert.deepEqual(inFile('monstergroup', 'GROUP_ZOMBIE'), ['"GROUP_ZOMBIE"']);
    assert.deepEqual(inFile('MONSTER', 'mon_zombie'), ['"mon_zombie"']);
    assert.deepEqual(ws.diagnostics('m/spells.json').filter((d) => d.code === 'unknown-id'), [], 'each string judged once, by the kinds it may name');
  });
});

test('dialogue effects: u_spawn_item and u_spawn_monster name an item or monster, or with their flag a group, wherever an effect is written', () => {
  const eoc = (id: string, effect: unknown): Record<string, unknown> => ({ type: 'effect_on_condition', id, effect });
  const ws = workspace({
    'm/modinfo.json': modinfo('m'),
    'm/eocs.json': [
      eoc('EOC_ITEM', [{ u_spawn_item: 'wandd' }]),
      eoc('EOC_ITEM_OK', [{ u_spawn_item: 'wand' }, { u_spawn_item: 'clothes', use_item_group: true }]),
      eoc('EOC_MONSTER', [{ u_spawn_monster: 'GROUP_ZOMBI', group: true, real_count: 1 }]),
      eoc('EOC_MONSTER_OK', [{ u_spawn_monster: 'mon_zombie', real_count: 1 }, { u_spawn_monster: 'GROUP_ZOMBIE', group: true }]),
      // The flag is beside it: a group without it is spawned as an item (the game finds none).
      eoc('EOC_NO_FLAG', [{ u_spawn_item: 'clothes' }]),
      // Where the table knows the object but not this member in it (its data never spawns there): still a reference.
      eoc('EOC_DEEP', { if: 'u_is_avatar', then: { u_message: 'hi' }, else: { u_spawn_item: 'no_such_thing' } }),
      // A variable value names nothing here.
      eoc('EOC_VAR', [{ u_spawn_item: { global_val: 'what' } }]),
    ],
  }, CORE_EXTRA);
  using(ws, () => {
    const messages = ws.diagnostics('m/eocs.json').filter((d) => d.code === 'unknown-id').map((d) => d.message);
    assert.equal(messages.length, 4, messages.join('\n'));
    assert.match(messages.find((m) => m.includes('"clothes"'))!, /unknown item "clothes"; "clothes" is an item group: with "use_item_group": true it names one$/);
    assert.match(messages.find((m) => m.includes('wandd'))!, /unknown item "wandd"/);
    assert.match(messages.find((m) => m.includes('GROUP_ZOMBI'))!, /unknown monster group "GROUP_ZOMBI".*GROUP_ZOMBIE/);
    assert.ok(messages.some((m) => m.includes('no_such_thing')));
    const file = ws.file('m/eocs.json');
    const text = fs.readFileSync(file, 'utf8');
    const deep = text.indexOf('"no_such_thing"') + 1;
    assert.ok(complete(ws.project, file, deep).items.some((i) => i.label === 'wand'), 'completion where the table has no path');
    const groupUses = referencesTo(ws.project, 'monstergroup', 'GROUP_ZOMBIE').filter((r) => r.path === file);
    assert.deepEqual(groupUses.map((r) => text.slice(r.start, r.end)), ['"GROUP_ZOMBIE"'], 'find references of the group');
  });
});

test('a definition of the other kind coming and going re-checks the reference (an update in another file)', () => {
  const ws = spellWorkspace([spell('s', { effect: 'summon', effect_str: 'GROUP_NEW' }), spell('t', { effect: 'attack', effect_str: 'new_effect' })]);
  using(ws, () => {
    assert.deepEqual(unknownIds(ws), ['GROUP_NEW', 'new_effect']);
    const other = ws.file('m/defs.json');
    fs.writeFileSync(other, '[]');
    ws.project.updateFile(other, JSON.stringify([{ type: 'monstergroup', id: 'GROUP_NEW', monsters: [{ monster: 'mon_zombie', weight: 1 }] }, { type: 'effect_type', id: 'new_effect' }]));
    assert.deepEqual(unknownIds(ws), [], 'the group and the effect now exist');
    ws.project.updateFile(other, '[]');
    assert.deepEqual(unknownIds(ws), ['GROUP_NEW', 'new_effect'], 'gone again');
  });
});
