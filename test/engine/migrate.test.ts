/**
 * `migrate` / `check --fix` / "Fix all" (queries/fixAll.ts over cli/migrate.ts's passes): one fixture per migration
 * rule, the definition before and after, both as the game's formatter writes them; what must stay (a guess, an old
 * id the mod itself still defines); an unformatted definition edited in place; the second run changes nothing; what
 * cannot be migrated listed once per root cause.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { modinfo, writeTree } from '../helpers/workspace';
import { MIGRATING_CORE } from '../helpers/migratingCore';
import { fixFiles } from '../../server/src/cli/migrate';
import { Project } from '../../server/src/project';
import { certainFixes } from '../../server/src/queries/fixAll';
import { formatCdda, isCddaFormatted } from '../../server/src/format/cddaFormat';
import { idMigrations } from '../../server/src/queries/migratedIds';

/** A file holding these definitions (JSON texts), as the game's formatter writes it. */
function fileOf(definitions: readonly string[]): string {
  const r = formatCdda(`[ ${definitions.join(', ')} ]`);
  assert.ok(r.ok);
  return r.text;
}

function migrateText(text: string, write = false): { after: string; left: string[]; dir: string; game: string } {
  const game = writeTree(MIGRATING_CORE);
  const dir = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/content.json': text });
  const r = fixFiles({ paths: [dir], gamePath: game, gameVersion: 'current', write });
  const after = r.changed.find((c) => c.path.endsWith('content.json'))?.after ?? text;
  return { after, left: r.left.map((c) => `${c.count} ${c.severity} ${c.cause} [${c.code}]`), dir, game };
}

const RULES: readonly { readonly rule: string; readonly before: string; readonly after: string }[] = [
  {
    rule: 'a legacy item type becomes ITEM with subtypes (unknown-type\'s retype fix)',
    before: '{ "type": "COMESTIBLE", "id": "my_apple", "copy-from": "apple", "name": { "str": "my apple" } }',
    after: '{ "type": "ITEM", "id": "my_apple", "copy-from": "apple", "name": { "str": "my apple" }, "subtypes": [ "COMESTIBLE" ] }',
  },
  {
    rule: 'a monster group\'s "name" becomes "id"',
    before: '{ "type": "monstergroup", "name": "GROUP_MINE", "monsters": [ { "monster": "mon_zombie", "weight": 100 } ] }',
    after: '{ "type": "monstergroup", "id": "GROUP_MINE", "monsters": [ { "monster": "mon_zombie", "weight": 100 } ] }',
  },
  {
    rule: 'a renamed member (removed-member, rename)',
    before: '{ "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "emit_field": [ { "emit_id": "emit_smoke", "delay": "1 s" } ] }',
    after: '{ "type": "MONSTER", "id": "mon_mine", "copy-from": "mon_zombie", "emit_fields": [ { "emit_id": "emit_smoke", "delay": "1 s" } ] }',
  },
  {
    rule: 'members moved into an object (removed-member, moveInto), all at once',
    before: '{ "type": "MONSTER", "id": "mon_mine", "name": { "str": "mine" }, "armor_bash": 3, "armor_cut": 2 }',
    after: '{ "type": "MONSTER", "id": "mon_mine", "name": { "str": "mine" }, "armor": { "bash": 3, "cut": 2 } }',
  },
  {
    rule: '0.F melee_cut becomes a cut unit of melee_damage (removed-member, damageUnit)',
    before: '{ "type": "MONSTER", "id": "mon_mine", "name": { "str": "mine" }, "melee_cut": 4 }',
    after: '{ "type": "MONSTER", "id": "mon_mine", "name": { "str": "mine" }, "melee_damage": [ { "damage_type": "cut", "amount": 4 } ] }',
  },
  {
    rule: '0.F melee_cut added to the melee_damage the monster writes',
    before: '{ "type": "MONSTER", "id": "mon_mine", "melee_damage": [ { "damage_type": "bash", "amount": 2 } ], "melee_cut": 4, "hp": 10 }',
    after: '{ "type": "MONSTER", "id": "mon_mine", "melee_damage": [ { "damage_type": "bash", "amount": 2 }, { "damage_type": "cut", "amount": 4 } ], "hp": 10 }',
  },
  {
    rule: 'a unit in the wrong case',
    before: '{ "type": "ITEM", "id": "my_rag", "copy-from": "rag", "weight": "100 G" }',
    after: '{ "type": "ITEM", "id": "my_rag", "copy-from": "rag", "weight": "100 g" }',
  },
  {
    rule: 'an item id the game migrates (MIGRATION)',
    before: '{ "type": "requirement", "id": "req_mine", "components": [ [ [ "old_rag", 1 ] ] ] }',
    after: '{ "type": "requirement", "id": "req_mine", "components": [ [ [ "rag", 1 ] ] ] }',
  },
  {
    rule: 'a trait id the game migrates (TRAIT_MIGRATION)',
    before: '{ "type": "profession", "id": "my_prof", "name": "x", "description": "x", "points": 0, "traits": [ "OLD_TRAIT" ] }',
    after: '{ "type": "profession", "id": "my_prof", "name": "x", "description": "x", "points": 0, "traits": [ "NEW_TRAIT" ] }',
  },
  {
    rule: 'overmap terrain, terrain, furniture and trap ids the game migrates (oter_id_migration, ter_furn_migration, trap_migration)',
    before: '{ "type": "mapgen", "om_terrain": [ "old_house" ], "object": { "fill_ter": "t_old_floor", "rows": [ "." ], "furniture": { ".": "f_old_chair" }, "traps": { ".": "tr_old" } } }',
    after: '{ "type": "mapgen", "om_terrain": [ "house" ], "object": { "fill_ter": "t_floor", "rows": [ "." ], "furniture": { ".": "f_chair" }, "traps": { ".": "tr_new" } } }',
  },
  {
    rule: 'a vehicle part id the game migrates (vehicle_part_migration)',
    before: '{ "type": "vehicle", "id": "my_car", "name": "car", "parts": [ { "x": 0, "y": 0, "parts": [ { "part": "old_seat" } ] } ] }',
    after: '{ "type": "vehicle", "id": "my_car", "name": "car", "parts": [ { "x": 0, "y": 0, "parts": [ { "part": "seat" } ] } ] }',
  },
  {
    rule: '0.F death_function [ "BROKEN" ] becomes { "corpse_type": "BROKEN" } (the game\'s own robots\' migration)',
    before: '{ "type": "MONSTER", "id": "mon_bot", "name": { "str": "bot" }, "death_function": [ "BROKEN" ], "hp": 10 }',
    after: '{ "type": "MONSTER", "id": "mon_bot", "name": { "str": "bot" }, "death_function": { "corpse_type": "BROKEN" }, "hp": 10 }',
  },
  {
    rule: '0.F death_function [ "MELT" ] becomes its message with no corpse',
    before: '{ "type": "MONSTER", "id": "mon_goo", "name": { "str": "goo" }, "death_function": [ "MELT" ] }',
    after: '{ "type": "MONSTER", "id": "mon_goo", "name": { "str": "goo" }, "death_function": { "message": "The %s melts away.", "corpse_type": "NO_CORPSE" } }',
  },
  {
    rule: '0.F death_function [ "NORMAL" ] is the default: dropped where the monster does not inherit',
    before: '{ "type": "MONSTER", "id": "mon_plain", "name": { "str": "plain" }, "death_function": [ "NORMAL" ], "hp": 10 }',
    after: '{ "type": "MONSTER", "id": "mon_plain", "name": { "str": "plain" }, "hp": 10 }',
  },
  {
    rule: '0.F death_function [ "NORMAL" ] of an inheriting monster becomes {} (the parent\'s is replaced whole)',
    before: '{ "type": "MONSTER", "id": "mon_heir", "copy-from": "mon_zombie", "death_function": [ "NORMAL" ] }',
    after: '{ "type": "MONSTER", "id": "mon_heir", "copy-from": "mon_zombie", "death_function": {  } }',
  },
  {
    rule: '0.F integer recipe time (moves) becomes the time string read to the same moves',
    before: '{ "type": "recipe", "result": "rag", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "activity_level": "LIGHT_EXERCISE", "time": 40000 }',
    after: '{ "type": "recipe", "result": "rag", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "activity_level": "LIGHT_EXERCISE", "time": "6 m 40 s" }',
  },
  {
    rule: '0.F activity_level "fake" becomes "MODERATE_EXERCISE" (what 0.F\'s recipe::load read it as)',
    before: '{ "type": "recipe", "result": "rag", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "activity_level": "fake", "time": "1 m" }',
    after: '{ "type": "recipe", "result": "rag", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "activity_level": "MODERATE_EXERCISE", "time": "1 m" }',
  },
];

for (const { rule, before, after } of RULES) {
  test(`migrate: ${rule}`, () => {
    const text = fileOf([before]);
    const r = migrateText(text);
    assert.equal(r.after, fileOf([after]));
    assert.ok(isCddaFormatted(r.after), 'and so is the text after');
  });
}

test('migrate: only the edited definition changes; the others stay byte for byte, formatted or not', () => {
  const untouched = '{ "type": "ITEM",   "id": "mine", "copy-from": "rag" }';
  const text = `[\n  ${untouched},\n  {\n    "type": "requirement",\n    "id": "req_mine",\n    "components": [ [ [ "old_rag", 1 ] ] ]\n  }\n]\n`;
  const r = migrateText(text);
  assert.equal(r.after, text.replace('"old_rag"', '"rag"'));
  // An unformatted definition is edited in place, not reformatted.
  const loose = '[ { "type":"requirement","id":"req_mine","components":[[["old_rag",1]]] } ]';
  assert.equal(migrateText(loose).after, loose.replace('"old_rag"', '"rag"'));
});

test('migrate: what stays (near misses): a guess, a move into an inherited object, an old id the mod still defines, an id already new', () => {
  const text = fileOf([
    // A misspelt member has a "did you mean" fix, which is a guess: never applied unattended.
    '{ "type": "ITEM", "id": "my_rag", "copy-from": "rag", "weigth": "1 g" }',
    // Moved into an object in a definition that inherits: merged or replacing the parent's? Offered, not applied.
    '{ "type": "MONSTER", "id": "mon_heir", "copy-from": "mon_zombie", "armor_bash": 3 }',
    // 0.F added melee_cut to the inherited melee_damage; the current game's melee_damage replaces it: offered only.
    '{ "type": "MONSTER", "id": "mon_cutter", "copy-from": "mon_zombie", "melee_cut": 3 }',
    // The mod defines "old_rag" itself: its own item, not the game's migrated one.
    '{ "type": "ITEM", "id": "old_rag", "copy-from": "rag" }',
    '{ "type": "requirement", "id": "req_mine", "components": [ [ [ "old_rag", 1 ], [ "rag", 1 ] ] ] }',
  ]);
  assert.equal(migrateText(text).after, text);
});

test('migrate: 0.F death functions with no certain equivalent stay, listed by name with what to write; an object already stays', () => {
  const text = fileOf([
    // ACID became a spell of the game's data, not always the same one: no certain rewrite.
    '{ "type": "MONSTER", "id": "mon_a", "name": { "str": "a" }, "death_function": [ "ACID", "NORMAL" ] }',
    '{ "type": "MONSTER", "id": "mon_b", "name": { "str": "b" }, "death_function": [ "ACID" ] }',
    // Two names the migration knows alone, together: left too.
    '{ "type": "MONSTER", "id": "mon_c", "name": { "str": "c" }, "death_function": [ "NORMAL", "BROKEN" ] }',
    '{ "type": "MONSTER", "id": "mon_d", "name": { "str": "d" }, "death_function": { "corpse_type": "BROKEN" } }',
  ]);
  const r = migrateText(text);
  assert.equal(r.after, text);
  const said = r.left.filter((l) => l.includes('death function'));
  assert.equal(said.length, 2, r.left.join('\n'));
  assert.match(said.find((l) => l.startsWith('2 '))!, /^2 error the old death function "ACID" has no certain equivalent in this game: write an object that does what it did instead, \{ "corpse_type"/);
  assert.match(said.find((l) => l.startsWith('1 '))!, /the old death functions "NORMAL", "BROKEN" together have no certain equivalent/);
});

test('migrate: a 0.F recipe time of moves no string reads to exactly stays, with the nearest strings to write', () => {
  const text = fileOf([
    '{ "type": "recipe", "result": "rag", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "activity_level": "LIGHT_EXERCISE", "time": 150 }',
    '{ "type": "recipe", "result": "rag", "id_suffix": "b", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "activity_level": "LIGHT_EXERCISE", "time": "1 m" }',
  ]);
  const r = migrateText(text);
  assert.equal(r.after, text);
  const said = r.left.filter((l) => l.includes('moves'));
  assert.equal(said.length, 1, r.left.join('\n'));
  assert.match(said[0], /^1 error "time" is N \(integer\): a number of moves, no longer read/);
});

test('migrate: ids the game removed with nothing to replace them are left, listed once per root cause with their count', () => {
  const text = fileOf([
    '{ "type": "profession", "id": "p1", "name": "x", "description": "x", "points": 0, "traits": [ "GONE_TRAIT" ] }',
    '{ "type": "profession", "id": "p2", "name": "x", "description": "x", "points": 0, "traits": [ "GONE_TRAIT" ] }',
    // A map of its fill terrain alone (mapgen setup_common: "fill_ter" qualifies without rows).
    '{ "type": "mapgen", "om_terrain": [ "old_shed" ], "object": { "fill_ter": "t_old_atm" } }',
  ]);
  const r = migrateText(text);
  assert.equal(r.after, text);
  assert.deepEqual(r.left, [
    // A terrain that became a terrain and a furniture is no rename: left for a person. The map's reader rejects it
    // (ter_furn_migration mends saved maps only): an error, said once, as removed, not also as an unknown terrain.
    '1 error terrain "t_old_atm" was removed by the game (ter_furn_migration), with nothing to replace it [removed-id]',
    '2 warning trait "GONE_TRAIT" was removed by the game (TRAIT_MIGRATION), with nothing to replace it [removed-id]',
    '1 warning overmap terrain "old_shed" was removed by the game (oter_id_migration), with nothing to replace it [removed-id]',
  ]);
});

test('migrate: the game\'s migrations as a table, by kind (an overmap special\'s too; one without a new id is removed)', () => {
  const game = writeTree(MIGRATING_CORE);
  const dir = writeTree({ 'm/modinfo.json': modinfo('m') });
  const { project } = fixFiles({ paths: [dir], gamePath: game, gameVersion: 'current', write: false });
  const table = idMigrations(project);
  assert.deepEqual(table.get('overmap_special')?.get('old_special'), { to: 'special', by: 'overmap_special_migration' });
  assert.deepEqual(table.get('overmap_special')?.get('gone_special'), { to: undefined, by: 'overmap_special_migration' });
  assert.deepEqual(table.get('terrain')?.get('t_old_atm'), { to: undefined, by: 'ter_furn_migration' });
});

test('migrate: a second run changes nothing (every rule at once, written to disk)', () => {
  const text = fileOf(RULES.map((r) => r.before));
  const first = migrateText(text, true);
  const file = path.join(first.dir, 'm', 'content.json');
  const written = fs.readFileSync(file, 'utf8');
  assert.equal(written, fileOf(RULES.map((r) => r.after)));
  const again = fixFiles({ paths: [first.dir], gamePath: first.game, gameVersion: 'current', write: true });
  assert.equal(again.changed.length, 0);
  assert.equal(again.repairs, 0);
  assert.equal(fs.readFileSync(file, 'utf8'), written);
});

/**
 * A 0.F recipe without `activity_level`: 0.F's recipe::load read `get_string( "activity_level", "MODERATE_EXERCISE" )`,
 * inheriting or not; the current one requires it without copy-from and takes the parent's with it. A legacy item
 * type places the mod in 0.F (its verdict, decided before the first repair rewrites that type).
 */
const OLD_ITEM = '{ "type": "COMESTIBLE", "id": "my_apple", "copy-from": "apple", "name": { "str": "my apple" } }';
const NEW_ITEM = '{ "type": "ITEM", "id": "my_apple", "copy-from": "apple", "name": { "str": "my apple" }, "subtypes": [ "COMESTIBLE" ] }';
const RECIPE = '"category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "skill_used": "tailor", "time": "1 m", "components": [ [ [ "rag", 1 ] ] ]';
const WITHOUT_LEVEL: readonly string[] = [
  `{ "type": "recipe", "result": "my_apple", ${RECIPE} }`,
  `{ "type": "uncraft", "result": "my_apple", "time": "1 m", "components": [ [ [ "rag", 1 ] ] ] }`,
  // Inheriting from a parent that writes another level: 0.F did not take it.
  `{ "type": "recipe", "result": "my_apple", "id_suffix": "light", ${RECIPE}, "activity_level": "LIGHT_EXERCISE" }`,
  '{ "type": "recipe", "result": "my_apple", "id_suffix": "heir", "copy-from": "my_apple_light", "time": "2 m" }',
  // An abstract one: the current game's recipe dictionary loads it as any other recipe.
  `{ "abstract": "my_base", "type": "recipe", ${RECIPE} }`,
  // An obsolete one: both readers stop before the level.
  '{ "type": "recipe", "result": "my_apple", "id_suffix": "old", "obsolete": true }',
];

test('migrate: a 0.F recipe without activity_level gets "MODERATE_EXERCISE", what 0.F read (uncraft, inheriting and abstract alike; obsolete left)', () => {
  // The legacy item in a file repaired first: the mod is still 0.F's when its recipes' file is repaired after it.
  const game = writeTree(MIGRATING_CORE);
  const dir = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/items.json': fileOf([OLD_ITEM]), 'm/recipes.json': fileOf(WITHOUT_LEVEL) });
  const r = fixFiles({ paths: [dir], gamePath: game, gameVersion: 'current', write: true });
  assert.equal(r.changed.find((c) => c.path.endsWith('items.json'))?.after, fileOf([NEW_ITEM]));
  const level = ', "activity_level": "MODERATE_EXERCISE" }';
  assert.equal(r.changed.find((c) => c.path.endsWith('recipes.json'))?.after, fileOf([
    WITHOUT_LEVEL[0].replace(/ }$/, level),
    WITHOUT_LEVEL[1].replace(/ }$/, level),
    WITHOUT_LEVEL[2],
    WITHOUT_LEVEL[3].replace(/ }$/, level),
    WITHOUT_LEVEL[4].replace(/ }$/, level),
    WITHOUT_LEVEL[5],
  ]));
  assert.deepEqual(r.left.filter((c) => c.cause.includes('activity_level')), []);
  const again = fixFiles({ paths: [dir], gamePath: game, gameVersion: 'current', write: true });
  assert.equal(again.repairs, 0);
});

test('migrate: the repair\'s title says what 0.F read, and for an inheriting recipe that its parent\'s level is not kept', () => {
  const game = writeTree(MIGRATING_CORE);
  const dir = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/content.json': fileOf([OLD_ITEM, ...WITHOUT_LEVEL]) });
  const project = new Project({ gamePath: game, gameVersion: 'current', roots: [dir] });
  project.load();
  const titles = certainFixes(project, path.join(dir, 'm', 'content.json')).repairs.filter((t) => t.includes('activity_level'));
  assert.deepEqual(titles, [
    'Add "activity_level": "MODERATE_EXERCISE" (what 0.F read when it was not written)',
    'Add "activity_level": "MODERATE_EXERCISE" (what 0.F read when it was not written)',
    'Add "activity_level": "MODERATE_EXERCISE" (what 0.F read when it was not written, whatever the copy-from parent writes)',
    'Add "activity_level": "MODERATE_EXERCISE" (what 0.F read when it was not written)',
  ]);
  // The check says it too, where the current game would take the parent's level without a word.
  const said = project.diagnostics(path.join(dir, 'm', 'content.json')).filter((d) => d.message.includes('does not write'));
  assert.deepEqual(said.map((d) => `${d.severity} ${d.message}`), [
    'warning recipe "my_apple_heir" does not write "activity_level": 0.F read it as "MODERATE_EXERCISE" whatever the copy-from parent writes; this game takes the parent\'s ("LIGHT_EXERCISE")',
  ]);
});

test('migrate: near misses of the 0.F activity_level: a recipe that writes one, and a mod written for the current game, get none', () => {
  const text = fileOf([NEW_ITEM, ...WITHOUT_LEVEL]);
  const r = migrateText(text);
  // The current mod lacks the member (the game refuses the recipe and the uncraft): a person writes the level.
  assert.equal(r.after, text);
  assert.deepEqual(r.left.filter((l) => l.includes('activity_level')).map((l) => l.replace(/: How strenuous.*\[/, ' [')), [
    '1 error disassembly recipe "my_apple" is missing mandatory member "activity_level" [missing-field]',
    '1 error recipe "my_apple" is missing mandatory member "activity_level" [missing-field]',
  ]);
  // An inheriting recipe of a current mod takes its parent's level, as meant: nothing said.
  const game = writeTree(MIGRATING_CORE);
  const dir = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/content.json': text });
  const project = new Project({ gamePath: game, gameVersion: 'current', roots: [dir] });
  project.load();
  assert.deepEqual(project.diagnostics(path.join(dir, 'm', 'content.json')).filter((d) => /does not write|my_base/.test(d.message)), []);
});
