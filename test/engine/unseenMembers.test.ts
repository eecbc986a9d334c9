/**
 * A member a generated table lacks (schema/validate.ts judgeUnknownMember): the tables know what the data uses,
 * so a member no data uses is judged by what else is known. 0.F: its program's strings (the real game errs on
 * "foo_bar_baz" on an item, "Invalid or misplaced field name", and accepts "phase", which no GENERIC in its
 * data has). The current game: no program, so a name its documentation gives is accepted, any other is information.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, workspace, type FileTree } from '../helpers/workspace';
import { findVersion, registryOf } from '../../server/src/registry/versions';
import { judgeUnknownMember } from '../../server/src/schema/unknownMember';

const mod = (files: FileTree): FileTree => ({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });
const CURRENT_CORE: FileTree = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };

const item0F = (id: string, extra: Record<string, unknown>): Record<string, unknown> => ({ type: 'GENERIC', id, name: { str: id }, description: 'd', weight: '1 g', volume: '1 ml', symbol: 'x', color: 'red', ...extra });
const itemCurrent = (id: string, extra: Record<string, unknown>): Record<string, unknown> => ({ type: 'ITEM', id, name: { str: id }, description: 'd', weight: '1 g', volume: '1 ml', symbol: 'x', color: 'red', ...extra });

/** `code/severity: message` of each diagnostic of the mod's items.json. */
function reported(items: unknown[], version: '0.F' | 'current'): string[] {
  const ws = workspace(mod({ 'items.json': items }), version === 'current' ? CURRENT_CORE : {}, { gameVersion: version });
  return ws.diagnostics('m/items.json').map((d) => `${d.code}/${d.severity}: ${d.message}`);
}

test('0.F: a member its program never reads is a warning; one it reads that no GENERIC uses is accepted', () => {
  assert.deepEqual(reported([item0F('t_a', { foo_bar_baz: 1 })], '0.F'), ['unknown-field/warning: Unknown member "foo_bar_baz": the 0.F game reads no member of this name']);
  // phase: read by Item_factory::load_basic_info for every item type; only other item types' data write it.
  // sealed: a name 0.F's compiler wrote as immediate values (not among its strings), shown by its comestibles.
  // mapgen_straight: a name 0.F builds at run time ("mapgen_" + shape), shown by its overmap terrains.
  assert.deepEqual(reported([item0F('t_b', { phase: 'solid', sealed: false }), item0F('t_c', { mapgen_straight: [] })], '0.F'), []);
});

test('0.F: a near miss of a known member is a warning with the suggestion, or information when the game reads that name', () => {
  assert.deepEqual(reported([item0F('t_a', { colour: 'red' })], '0.F'), ['unknown-field/warning: Unknown member "colour"; did you mean "color"?']);
  // "symbols" is read by vehicle parts: on an item, maybe a slip of "symbol", maybe a member this type reads.
  assert.deepEqual(reported([item0F('t_b', { symbols: 'x' })], '0.F'), ['unknown-field/information: No GENERIC in the 0.F game\'s data has a member "symbols", which the game reads elsewhere; did you mean "symbol"?']);
});

test('current: without the program, a member no ITEM uses is information, and so is a near miss (the data alone)', () => {
  assert.deepEqual(reported([itemCurrent('t_a', { foo_bar_baz: 1 })], 'current'), ['unknown-field/information: No ITEM in the game\'s data has a member "foo_bar_baz"; the game may not read it']);
  // Without the program, a near miss is the data's word alone: information, with the suggestion.
  assert.deepEqual(reported([itemCurrent('t_b', { colour: 'red' })], 'current'), ['unknown-field/information: No ITEM in the current game\'s data has a member "colour"; did you mean "color"? (check that the game reads "colour")']);
  assert.deepEqual(reported([itemCurrent('t_c', { phase: 'solid', 'copy-from': 't_a' })], 'current').filter((d) => d.startsWith('unknown-field')), []);
});

test('current: a member its documentation gives (doc/JSON) is read by the game: accepted, or information when a near miss', () => {
  // energy_shield_max_hp: ITEM.md's armor fields; no ITEM of the current data writes it.
  assert.deepEqual(reported([itemCurrent('t_a', { energy_shield_max_hp: 10 })], 'current'), []);
  // gun_jam_mult: ITEM.md's gun fields, a near miss of "mag_jam_mult" (which ITEMs write): a member, maybe misplaced.
  assert.deepEqual(reported([itemCurrent('t_b', { gun_jam_mult: 1 })], 'current'), ['unknown-field/information: No ITEM in the current game\'s data has a member "gun_jam_mult", which the game\'s documentation names; did you mean "mag_jam_mult"?']);
  // The documents are incomplete: a name they lack stays information, and so does a near miss.
  assert.deepEqual(reported([itemCurrent('t_c', { foo_bar_baz: 1, colour: 'red' })], 'current'), [
    'unknown-field/information: No ITEM in the game\'s data has a member "foo_bar_baz"; the game may not read it',
    'unknown-field/information: No ITEM in the current game\'s data has a member "colour"; did you mean "color"? (check that the game reads "colour")',
  ]);
  // 0.F knows its program's names: no documentation needed there.
  assert.equal(registryOf(findVersion('0.F')!).generatedSchemaOfType('GENERIC')!.unseen!.documented, undefined);
});

test('hand-written tables list what the game reads: any member they lack is a warning, in both versions', () => {
  const monster = { type: 'MONSTER', id: 'mon_t', name: { str: 't' }, description: 'd', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 5, speed: 100, symbol: 'x', color: 'red', foo_bar_baz: 1 };
  for (const version of ['0.F', 'current'] as const) {
    const ws = workspace(mod({ 'monsters.json': [monster] }), version === 'current' ? CURRENT_CORE : {}, { gameVersion: version });
    assert.deepEqual(ws.diagnostics('m/monsters.json').filter((d) => d.code === 'unknown-field').map((d) => `${d.severity}: ${d.message}`), ['warning: Unknown member "foo_bar_baz"'], version);
  }
});

test('the 0.F program names: read by ending (the linker keeps "name" inside longer strings), only for 0.F', () => {
  const reads = registryOf(findVersion('0.F')!).generatedSchemaOfType('GENERIC')!.unseen!.gameReads!;
  for (const n of ['armor_data', 'pet_armor_data', 'name', 'max_charges', 'hp']) assert.ok(reads.has(n), n);
  for (const n of ['foo_bar_baz', 'colour', 'ammo_dataa', '']) assert.ok(!reads.has(n), n);
  assert.equal(registryOf(findVersion('current')!).generatedSchemaOfType('ITEM')!.unseen!.gameReads, undefined);
  // The verdict alone: no game names, no generated table.
  assert.equal(judgeUnknownMember('foo', ['bar'], undefined)?.severity, 'warning');
});
