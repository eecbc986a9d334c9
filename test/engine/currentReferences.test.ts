/**
 * References of the current game that its data alone cannot show (registry/versions/readings-current.ts): item
 * flags, harvest drops, the requirements of `requirement` and `construction` definitions, and more; dialogue
 * members by name (registry/versions/current.ts referencesByName); and, in both
 * versions, the entries `extend` adds to list members (schema/listEdits.ts). Each fixture marks the ids that must
 * be reported (⟦...⟧); the ids beside them are near misses that must not be.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { modinfo, using, workspace, type TestWorkspace } from '../helpers/workspace';
import { assertMarked, parseMarked, type MarkedText } from '../helpers/marked';
import { definitions } from '../../server/src/queries/definition';
import { rename } from '../../server/src/queries/rename';
import { complete } from '../../server/src/queries/completion';
import { hover } from '../../server/src/queries/hover';

/** The current game's marker file, and what the fixtures name. */
const CORE_CURRENT = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }],
  'json/flags.json': [{ type: 'json_flag', id: 'WATERPROOF' }],
  'json/items_current.json': [
    { type: 'ITEM', id: 'meat', name: { str: 'meat' } },
    { type: 'ITEM', id: 'hammer', name: { str: 'hammer' } },
  ],
  'json/item_groups.json': [{ type: 'item_group', id: 'bionics_common', subtype: 'distribution', entries: [{ item: 'meat' }] }],
  'json/harvest_drop_type.json': [
    { type: 'harvest_drop_type', id: 'flesh' },
    { type: 'harvest_drop_type', id: 'bionic_group', group: true },
  ],
  'json/requirements.json': [{ type: 'requirement', id: 'glue_req', components: [[['meat', 1]]] }],
  'json/qualities.json': [{ type: 'tool_quality', id: 'HAMMER', name: 'hammering' }],
  'json/vitamins.json': [{ type: 'vitamin', id: 'iron', vit_type: 'vitamin' }],
  'json/item_categories.json': [{ type: 'ITEM_CATEGORY', id: 'tools', name: 'TOOLS', zone: 'LOOT_TOOLS', sort_rank: 1 }],
  'json/traits.json': [{ type: 'mutation', id: 'GOOD_HEARING', name: 'Good Hearing', points: 1, description: 'd' }],
  'json/bionics.json': [{ type: 'bionic', id: 'bio_flashlight', name: 'Flashlight', description: 'd' }],
  'json/vehicles.json': [
    { type: 'vehicle', id: 'car', name: 'Car', parts: [] },
    { type: 'vehicle_group', id: 'parked_cars', vehicles: [['car', 100]] },
  ],
  'json/terrain.json': [{ type: 'terrain', id: 't_flat_roof', name: 'roof', symbol: '.', color: 'white', move_cost: 2 }],
  'json/furniture.json': [{ type: 'furniture', id: 'f_chair', name: 'chair', symbol: 'h', color: 'white', move_cost_mod: 1, required_str: 1 }],
  'json/traps.json': [{ type: 'trap', id: 'tr_beartrap', name: 'bear trap', color: 'blue', symbol: '^', visibility: 1, avoidance: 1, difficulty: 1 }],
  'json/fields.json': [{ type: 'field_type', id: 'fd_fire', intensity_levels: [{ name: 'fire' }] }],
  'json/body_parts.json': [
    { type: 'body_part', id: 'leg_l', name: 'left leg' },
    { type: 'sub_body_part', id: 'leg_hip_l', parent: 'leg_l', name: 'left hip' },
  ],
  'json/effects.json': [{ type: 'effect_type', id: 'dazed', name: ['Dazed'] }],
  'json/skills.json': [{ type: 'skill', id: 'melee', name: 'melee', description: 'd' }],
  'json/species.json': [{ type: 'SPECIES', id: 'ZOMBIE' }],
  'json/morale_types.json': [{ type: 'morale_type', id: 'morale_music', text: 'Music' }],
  'json/npcs.json': [{ type: 'npc', id: 'm_trader', name_suffix: 'trader', class: 'NC_M', attitude: 0, mission: 0, chat: 'TALK_DONE', faction: 'no_faction' }],
  'json/recipes.json': [{ type: 'recipe', result: 'meat', category: 'CC_FOOD', time: '1 m', components: [[['meat', 1]]] }],
  'json/construction_meta.json': [
    { type: 'construction_group', id: 'build_thing', name: 'Build thing' },
    { type: 'construction_category', id: 'OTHER', name: 'Other' },
  ],
};

/** What the 0.F fixtures name. */
const ITEMS_0F = { 'json/items_0f.json': [{ type: 'GENERIC', id: 'meat', name: { str: 'meat' }, weight: '1 g', volume: '1 ml' }] };

function withMod(fixture: MarkedText, body: (ws: TestWorkspace) => void): void {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': fixture.text }, CORE_CURRENT), body);
}

/**
 * A mod of `fixture` over the current game: its diagnostics of `code` are exactly the marked ones, each with the
 * severity and basis `expected` lists in order (`error/reader`: a reading of the game's loader behind it).
 */
function assertReadings(fixture: MarkedText, code: string, expected: readonly string[]): void {
  withMod(fixture, (ws) => {
    const list = ws.diagnostics('m/content.json').filter((d) => d.code === code);
    assertMarked(fixture, list, code);
    assert.deepEqual(list.map((d) => `${d.severity}/${d.basis}`), expected);
  });
}

/** A mod of `fixture` over a 0.F game made of `core`: its unknown ids are exactly the marked ones; then `more`. */
function with0F(fixture: MarkedText, core: Record<string, unknown>, more?: (ws: TestWorkspace) => void): void {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': fixture.text }, core), (ws) => {
    assert.equal(ws.project.version.version.id, '0.F');
    assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id');
    more?.(ws);
  });
}

test('item flags are json_flag ids; LIGHT_<n> is a light level', () => {
  const fixture = parseMarked(`[
  { "type": "ITEM", "id": "m_coat", "name": "coat", "description": "A coat.", "symbol": "[", "weight": "1 kg", "volume": "1 L", "flags": [ "WATERPROOF", "LIGHT_40", ⟦"WATERPRUF"⟧ ] },
  { "type": "ITEM", "id": "m_hat", "name": "hat", "description": "A hat.", "symbol": "[", "weight": "1 kg", "volume": "1 L", "flags": ⟦"WATERPROFF"⟧ },
  { "type": "ITEM", "id": "m_cap", "name": "cap", "description": "A cap.", "symbol": "[", "weight": "1 kg", "volume": "1 L", "flags": "WATERPROOF" }
]`);
  withMod(fixture, (ws) => {
    assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id');
    assert.match(ws.diagnostics('m/content.json')[0].message, /unknown flag "WATERPRUF"; did you mean "WATERPROOF"\?/);
  });
});

test('a harvest drop is an item, or an item group when its drop type says "group": true, whichever mod defines it', () => {
  const fixture = parseMarked(`[
  { "type": "harvest_drop_type", "id": "m_cbm_group", "group": true },
  { "type": "harvest_drop_type", "id": "m_cbm_group_too", "copy-from": "m_cbm_group" },
  { "type": "harvest_drop_type", "id": "m_offal" },
  { "type": "harvest", "id": "m_harvest", "entries": [
    { "drop": "meat", "type": "flesh" },
    { "drop": ⟦"meatt"⟧, "type": "flesh" },
    { "drop": "bionics_common", "type": "bionic_group" },
    { "drop": ⟦"meat"⟧, "type": "bionic_group" },
    { "drop": ⟦"bionics_common"⟧ },
    { "drop": "bionics_common", "type": "m_cbm_group" },
    { "drop": "bionics_common", "type": "m_cbm_group_too" },
    { "drop": ⟦"bionics_common"⟧, "type": "m_offal" },
    { "drop": "meat", "type": "m_offal" },
    { "drop": "bionics_common", "type": ⟦"m_cbm_grup"⟧ }
  ] }
]`);
  withMod(fixture, (ws) => {
    const list = ws.diagnostics('m/content.json');
    assertMarked(fixture, list, 'unknown-id');
    const messages = list.map((d) => d.message);
    assert.ok(messages.includes('"entries[3].drop": unknown item group "meat"; "meat" is an item: with "type" naming a harvest drop type without "group": true it names one'), messages.join('\n'));
    assert.ok(messages.includes('"entries[4].drop": unknown item "bionics_common"; "bionics_common" is an item group: with "type" naming a harvest drop type whose "group" is true it names one'), messages.join('\n'));
    // Go to definition follows the drop type: the group's definition.
    const at = fixture.text.indexOf('"bionics_common", "type": "bionic_group"') + 2;
    assert.deepEqual(definitions(ws.project, ws.file('m/content.json'), at).map((d) => d.path.endsWith('item_groups.json')), [true]);
  });
});

test('a mutation\'s override_look names what its tile_category says: a terrain, a monster...; an unknown one is a warning (the game draws no such tile)', () => {
  const fixture = parseMarked(`[
  { "type": "mutation", "id": "m_treeform", "name": "Tree form", "points": 1, "description": "d",
    "override_look": { "id": "t_flat_roof", "tile_category": "terrain" } },
  { "type": "mutation", "id": "m_treeform2", "name": "Tree form", "points": 1, "description": "d",
    "override_look": { "id": ⟦"t_flat_rof"⟧, "tile_category": "terrain" } },
  { "type": "mutation", "id": "m_chairform", "name": "Chair form", "points": 1, "description": "d",
    "override_look": { "id": "f_chair", "tile_category": "furniture" } },
  { "type": "mutation", "id": "m_glow", "name": "Glow", "points": 1, "description": "d",
    "override_look": { "id": "lighting_lowlight_light", "tile_category": "lighting" } }
]`);
  assertReadings(fixture, 'unknown-id', ['warning/reader']);
});

test('a transform\'s valid terrain and furniture (a warning: one nothing defines is never transformed) and a layout widget\'s children name what the game reads there', () => {
  const fixture = parseMarked(`[
  { "type": "ter_furn_transform", "id": "m_transform", "terrain": [ { "valid_terrain": [ "t_flat_roof", ⟦"t_flat_rof"⟧ ], "result": "t_flat_roof" } ],
    "furniture": [ { "valid_furniture": [ "f_chair", ⟦"f_chiar"⟧ ], "result": "f_null" } ] },
  { "type": "widget", "id": "m_child", "style": "text", "string": "x" },
  { "type": "widget", "id": "m_layout", "style": "layout", "arrange": "columns", "widgets": [ "m_child", ⟦"m_chlid"⟧ ] }
]`);
  assertReadings(fixture, 'unknown-id', ['warning/reader', 'warning/reader', 'error/reader']);
});

test('what the current game\'s loaders read as ids, however rarely a definition writes them: item group entries, topics, map terrain, trait lists, enchantment damage types, weapon categories (a warning)', () => {
  const fixture = parseMarked(`[
  { "type": "item_group", "id": "m_group", "subtype": "distribution", "items": [ [ "meat", 10 ], [ ⟦"meatt"⟧, 10 ], "hammer", { "item": ⟦"hamer"⟧, "prob": 5 }, { "group": ⟦"bionics_comon"⟧ } ] },
  { "type": "talk_topic", "id": "M_TALK", "dynamic_line": "Hi.", "responses": [ { "text": "Again.", "topic": "M_TALK" }, { "text": "Bye.", "topic": ⟦"M_TALKK"⟧ } ] },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "m_nest", "object": { "mapgensize": [ 1, 1 ], "rows": [ "." ], "terrain": { ".": ⟦"t_flat_rof"⟧, "#": "t_flat_roof" } } },
  { "type": "mutation", "id": "M_TRAIT", "name": "t", "points": 1, "description": "d", "cancels": [ "GOOD_HEARING", ⟦"GOOD_HEARIN"⟧ ],
    "enchantments": [ { "incoming_damage_mod": [ { "type": "bash", "multiply": -0.1 }, { "type": ⟦"bassh"⟧, "multiply": -0.1 } ] } ] },
  { "type": "weapon_category", "id": "M_CLUBS", "name": "clubs" },
  { "type": "ITEM", "id": "m_club", "name": "club", "description": "d", "symbol": "/", "weight": "1 kg", "volume": "1 L", "weapon_category": [ "M_CLUBS", ⟦"M_CLUB"⟧ ] }
]`);
  assertReadings(fixture, 'unknown-id', [...Array(7).fill('error/reader'), 'warning/reader']);
});

test('numbers the current game\'s loaders read with a number getter: an item group entry\'s probability, a pair\'s second member, a vehicle part\'s place', () => {
  const fixture = parseMarked(`[
  { "type": "item_group", "id": "m_group", "subtype": "distribution", "items": [ [ "meat", 10 ], [ "hammer", ⟦"10"⟧ ], { "item": "meat", "prob": ⟦"5"⟧ } ], "entries": [ { "item": "hammer", "prob": 5 } ] },
  { "type": "vehicle", "id": "m_car", "name": "car", "parts": [ { "x": 0, "y": ⟦"0"⟧, "parts": [] } ] }
]`);
  assertReadings(fixture, 'invalid-value', Array(3).fill('error/reader'));
});

test('more ids the current game\'s loaders check: a vehicle\'s spawned items, a construction\'s skills, a spell\'s extra effects, an item\'s techniques', () => {
  const fixture = parseMarked(`[
  { "type": "vehicle", "id": "m_cart", "name": "cart", "parts": [], "items": [ { "x": 0, "y": 0, "chance": 10, "items": [ "meat", ⟦"meet"⟧ ], "item_groups": [ ⟦"bionics_comon"⟧ ] } ] },
  { "type": "construction", "id": "m_build", "group": "build_thing", "category": "OTHER", "time": "1 m", "required_skills": [ [ "melee", 1 ], [ ⟦"mele"⟧, 1 ] ] },
  { "type": "SPELL", "id": "m_spell", "name": "s", "description": "d", "valid_targets": [ "self" ], "effect": "attack", "extra_effects": [ { "id": "m_spell" }, { "id": ⟦"m_spel"⟧ } ] },
  { "type": "technique", "id": "m_tech", "name": "t" },
  { "type": "ITEM", "id": "m_stick", "name": "stick", "description": "d", "symbol": "/", "weight": "1 kg", "volume": "1 L", "techniques": [ "m_tech", ⟦"m_tec"⟧ ] }
]`);
  assertReadings(fixture, 'unknown-id', Array(5).fill('error/reader'));
});

test('requirements name items, tools, qualities and other requirements, in requirement and construction definitions', () => {
  const fixture = parseMarked(`[
  { "type": "requirement", "id": "m_req",
    "components": [ [ [ "meat", 1 ], [ ⟦"meet"⟧, 1 ], [ "glue_req", 1, "LIST" ], [ ⟦"glue_rq"⟧, 1, "LIST" ] ] ],
    "tools": [ [ [ "hammer", -1 ], ⟦"hamer"⟧ ] ],
    "qualities": [ { "id": "HAMMER", "level": 1 }, { "id": ⟦"HAMMERING"⟧ } ] },
  { "type": "construction", "id": "m_build", "group": "build_thing", "category": "OTHER", "time": "1 m",
    "components": [ [ [ "meat", 1 ], [ ⟦"meet"⟧, 1 ] ] ],
    "using": [ [ "glue_req", 1 ], [ ⟦"glue_rq"⟧, 1 ] ] }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('extend names what the list members it adds to name; delete is left alone', () => {
  const fixture = parseMarked(`[
  { "type": "ITEM", "id": "m_coat", "name": "coat", "flags": [ "WATERPROOF" ] },
  { "type": "ITEM", "id": "m_coat2", "copy-from": "m_coat", "extend": { "flags": [ "LIGHT_5", ⟦"WATERPRUF"⟧, "WATERPROOF" ] } },
  { "type": "ITEM", "id": "m_coat3", "copy-from": "m_coat", "extend": { "flags": ⟦"WATERPRUF"⟧ }, "delete": { "flags": [ "NOT_A_FLAG" ] } }
]`);
  withMod(fixture, (ws) => {
    assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id');
    // Go to definition from an id in extend.
    const at = fixture.text.indexOf('"WATERPROOF" ] } }') + 3;
    assert.deepEqual(definitions(ws.project, ws.file('m/content.json'), at).map((d) => d.path.endsWith('flags.json')), [true]);
  });
});

test('0.F: extend takes one entry alone, and a value a table lists no set for (the game checks ids, not the sets)', () => {
  const ws = workspace({
    'm/modinfo.json': modinfo('m'),
    'm/monsters.json': [
      { type: 'MONSTER', id: 'mon_alien', 'copy-from': 'mon_zombie', extend: { categories: ['ALIEN'], flags: 'SWIMS', species: ['ZOMBEE'] } },
    ],
  });
  using(ws, () => {
    assert.deepEqual(ws.diagnostics('m/monsters.json').map((d) => `${d.code} ${d.message}`), ['unknown-id "extend.species[0]": unknown species "ZOMBEE"; did you mean "ZOMBIE"?']);
  });
});

test('more members the current game reads as ids: vitamins, smoking results, item categories, trait groups, NPC bionics, placed vehicles, roofs, spell fields, artifact spells', () => {
  const fixture = parseMarked(`[
  { "type": "ITEM", "id": "m_jerky", "name": "jerky", "vitamins": [ [ "iron", "3 mg" ], [ ⟦"irn"⟧, 2 ] ], "smoking_result": "meat" },
  { "type": "ITEM", "id": "m_meat", "copy-from": "m_jerky", "name": "not smokable", "smoking_result": " " },
  { "type": "ITEM", "id": "m_meat2", "copy-from": "m_jerky", "name": "mistyped", "smoking_result": ⟦"meet"⟧ },
  { "type": "ITEM", "id": "m_hammer", "name": "hammer", "category": "tools" },
  { "type": "ITEM", "id": "m_hammer2", "name": "hammer", "category": ⟦"tool"⟧ },
  { "type": "trait_group", "id": "m_traits", "subtype": "distribution", "traits": [ { "trait": "GOOD_HEARING" }, { "trait": ⟦"GOOD_HEARIN"⟧ } ] },
  { "type": "npc_class", "id": "NC_M", "name": "m", "job_description": "d", "bionics": [ { "id": "bio_flashlight" }, { "id": ⟦"bio_flashlite"⟧ } ] },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "m_lot", "object": { "mapgensize": [ 4, 4 ], "place_vehicles": [ { "vehicle": "car", "x": 1, "y": 1 }, { "vehicle": "parked_cars", "x": 2, "y": 2 }, { "vehicle": ⟦"kar"⟧, "x": 3, "y": 3 } ] } },
  { "type": "terrain", "id": "t_m_wall", "name": "wall", "symbol": "#", "color": "white", "move_cost": 0, "roof": ⟦"t_flat_rof"⟧ },
  { "type": "terrain", "id": "t_m_wall2", "name": "wall", "symbol": "#", "color": "white", "move_cost": 0, "roof": "t_null" },
  { "type": "SPELL", "id": "m_fire", "name": "fire", "description": "d", "valid_targets": [ "ground" ], "effect": "attack", "field_id": "fd_fire" },
  { "type": "SPELL", "id": "m_none", "name": "none", "description": "d", "valid_targets": [ "ground" ], "effect": "attack", "field_id": "none" },
  { "type": "SPELL", "id": "m_typo", "name": "typo", "description": "d", "valid_targets": [ "ground" ], "effect": "attack", "field_id": ⟦"fd_fir"⟧ },
  { "type": "relic_procgen_data", "id": "m_relics", "active_procgen_values": [ { "weight": 1, "spell_id": "m_fire" }, { "weight": 1, "spell_id": ⟦"m_fier"⟧ } ] }
]`);
  withMod(fixture, (ws) => {
    const list = ws.diagnostics('m/content.json');
    assertMarked(fixture, list, 'unknown-id');
    // The game computes a category in place of an unknown one: a warning.
    assert.deepEqual(list.filter((d) => d.message.includes('category')).map((d) => `${d.severity} ${d.message}`), ['warning "category": unknown item category "tool"; did you mean "tools"?']);
  });
});

test('0.F: a placed vehicle is a vehicle group or a vehicle (the game refuses any other: "no such vehicle type or group"), and completion offers both', () => {
  const ws = workspace({
    'm/modinfo.json': modinfo('m'),
    'm/mapgen.json': [
      { type: 'mapgen', method: 'json', nested_mapgen_id: 'm_lot', object: { mapgensize: [4, 4], place_vehicles: [{ vehicle: 'car', x: 1, y: 1, chance: 100, rotation: 0 }, { vehicle: 'parked_cars', x: 2, y: 2, chance: 100, rotation: 0 }, { vehicle: 'kar', x: 3, y: 3, chance: 100, rotation: 0 }] } },
    ],
  }, { 'json/vehicles.json': CORE_CURRENT['json/vehicles.json'] });
  using(ws, () => {
    assert.deepEqual(ws.diagnostics('m/mapgen.json').filter((d) => d.code === 'unknown-id').map((d) => d.message), ['"object.place_vehicles[2].vehicle": unknown vehicle group "kar"; did you mean "car"?']);
    // Go to definition of a vehicle named as a group: the vehicle.
    const text = fs.readFileSync(ws.file('m/mapgen.json'), 'utf8');
    assert.deepEqual(definitions(ws.project, ws.file('m/mapgen.json'), text.indexOf('"car"') + 2).map((d) => d.path.endsWith('vehicles.json')), [true]);
    // Completion offers the groups and the vehicles.
    const labels = complete(ws.project, ws.file('m/mapgen.json'), text.indexOf('"kar"') + 1).items.map((i) => i.label).sort();
    assert.deepEqual(labels, ['car', 'parked_cars']);
  });
});

test('inline item groups of the current game name items and groups: profession items, death drops', () => {
  const fixture = parseMarked(`[
  { "type": "profession", "id": "m_cook", "name": "Cook", "description": "d", "points": 0,
    "items": { "both": { "items": [ "meat", ⟦"meet"⟧ ], "entries": [ { "item": "hammer", "variant": "v" }, { "item": ⟦"hamer"⟧ }, { "group": "bionics_common" }, { "group": ⟦"bionics_comon"⟧ } ] } } },
  { "type": "MONSTER", "id": "m_cow", "copy-from": "mon_dog", "death_drops": [ { "item": "meat" }, { "group": ⟦"bionics_comon"⟧ } ] },
  { "type": "MONSTER", "id": "m_cow2", "copy-from": "mon_dog", "death_drops": { "subtype": "collection", "entries": [ { "item": ⟦"meet"⟧, "prob": 50 } ] } }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('dialogue conditions and effects name traits, effects, missions, items, terrains and topics wherever they are written', () => {
  const fixture = parseMarked(`[
  { "type": "TRAIT_MIGRATION", "id": "OLD_HEARING", "remove": true },
  { "type": "mission_definition", "id": "MISSION_M", "name": "m", "goal": "MGOAL_NULL", "difficulty": 1, "value": 1, "origins": [ "ORIGIN_SECONDARY" ] },
  { "type": "effect_on_condition", "id": "EOC_M", "effect": [
    { "weighted_list_eocs": [ [ { "id": "EOC_M_PICK", "condition": { "or": [ { "u_has_trait": "GOOD_HEARING" }, { "u_has_trait": ⟦"GOOD_HEARIN"⟧ } ] }, "effect": [ { "u_lose_trait": "OLD_HEARING" } ] }, 1 ] ] },
    { "npc_add_effect": ⟦"dazzled"⟧, "duration": "1 m" },
    { "offer_mission": "MISSION_M" },
    { "u_lose_trait": ⟦"OLD_HEARIN"⟧ }
  ] },
  { "type": "talk_topic", "id": "TALK_M", "dynamic_line": "hi", "responses": [
    { "text": "a", "trial": { "type": "LIE", "difficulty": 1 }, "success": { "topic": "TALK_M" }, "failure": { "topic": ⟦"TALK_MM"⟧ } },
    { "text": "b", "topic": "TALK_DONE", "condition": { "and": [ { "u_has_mission": ⟦"MISSION_N"⟧ }, { "u_has_item": "meat" }, { "u_has_item": ⟦"meet"⟧ }, { "u_is_on_terrain": "t_flat_roof" } ] } }
  ] }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('a map generator\'s set entry names a terrain, a furniture or a trap by its point, line or square', () => {
  const fixture = parseMarked(`[
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "m_set", "object": { "mapgensize": [ 4, 4 ], "set": [
    { "point": "terrain", "id": "t_flat_roof", "x": 0, "y": 0 }, { "point": "terrain", "id": ⟦"t_flat_rof"⟧, "x": 0, "y": 0 },
    { "line": "furniture", "id": "f_chair", "x": 0, "y": 0, "x2": 1, "y2": 1 }, { "line": "furniture", "id": ⟦"t_flat_roof"⟧, "x": 0, "y": 0, "x2": 1, "y2": 1 },
    { "square": "trap", "id": "tr_beartrap", "x": 0, "y": 0, "x2": 1, "y2": 1 }, { "square": "trap_remove", "id": "tr_null", "x": 0, "y": 0, "x2": 1, "y2": 1 },
    { "point": "variable", "id": "my_variable", "x": 0, "y": 0 }, { "square": "radiation", "amount": 5, "x": 0, "y": 0, "x2": 1, "y2": 1 }
  ] } }
]`);
  withMod(fixture, (ws) => {
    const list = ws.diagnostics('m/content.json');
    assertMarked(fixture, list, 'unknown-id');
    assert.ok(list.some((d) => d.message === '"object.set[3].id": unknown furniture "t_flat_roof"; "t_flat_roof" is a terrain: with "line": "terrain" it names one'), list.map((d) => d.message).join('\n'));
  });
});

test('a construction\'s pre_terrain and post_terrain name a terrain or a furniture (f_null: none)', () => {
  const fixture = parseMarked(`[
  { "type": "construction", "id": "m_place", "group": "build_thing", "category": "OTHER", "time": "1 m", "pre_terrain": "t_flat_roof", "post_terrain": "f_chair" },
  { "type": "construction", "id": "m_take", "group": "build_thing", "category": "OTHER", "time": "1 m", "pre_terrain": ⟦"f_chairr"⟧, "post_terrain": "f_null" },
  { "type": "construction", "id": "m_roof", "group": "build_thing", "category": "OTHER", "time": "1 m", "post_terrain": ⟦"t_flat_rof"⟧ }
]`);
  withMod(fixture, (ws) => {
    const list = ws.diagnostics('m/content.json');
    assertMarked(fixture, list, 'unknown-id');
    assert.ok(list.some((d) => d.message === '"pre_terrain": unknown terrain "f_chairr"; did you mean "f_chair"?'), list.map((d) => d.message).join('\n'));
  });
});

test('0.F: a construction\'s tool group may list a bare tool id, and its components name items', () => {
  const ws = workspace({
    'm/modinfo.json': modinfo('m'),
    'm/constructions.json': [
      { type: 'construction', id: 'm_paint', description: 'Paint', category: 'DECORATE', required_skills: [['fabrication', 0]], time: 10, tools: [['hammer']], components: [[['rag', 1], ['rgа', 1]]], pre_terrain: 't_dirt', post_terrain: 't_dirt' },
    ],
  }, { 'json/terrain.json': [{ type: 'terrain', id: 't_dirt', name: 'dirt', symbol: '.', color: 'brown', move_cost: 2 }], 'json/construction_categories.json': [{ type: 'construction_category', id: 'DECORATE', name: 'Decorate' }] });
  using(ws, () => {
    assert.deepEqual(ws.diagnostics('m/constructions.json').filter((d) => d.code === 'unknown-id' || d.code === 'invalid-value').map((d) => d.message.split(';')[0]), ['"components[0][1][0]": unknown item "rgа"']);
  });
});

test('a vehicle prototype names its parts, with a variant after "#"; turret_<gun> parts come from gun items', () => {
  const fixture = parseMarked(`[
  { "type": "vehicle_part", "id": "frame", "name": "frame", "item": "meat", "location": "structure", "variants": [ { "id": "cross", "symbols": "+" } ] },
  { "type": "vehicle_part", "id": "seat", "name": "seat", "item": "meat", "location": "center" },
  { "type": "vehicle", "id": "m_cart", "name": "cart", "parts": [
    { "x": 0, "y": 0, "parts": [ "frame#cross", "seat", ⟦"frme#cross"⟧, { "part": "seat" }, { "part": ⟦"seet"⟧ }, "turret_hammer", ⟦"turret_hamer"⟧ ] }
  ] }
]`);
  withMod(fixture, (ws) => {
    const file = ws.file('m/content.json');
    const list = ws.diagnostics('m/content.json');
    assertMarked(fixture, list, 'unknown-id');
    // The fix keeps the variant.
    const frme = list.find((d) => d.message.includes('"frme"'))!;
    assert.deepEqual(frme.fixes?.map((f) => (f as { text?: string }).text), ['frame#cross']);
    // Go to definition of the part a variant names.
    const at = fixture.text.indexOf('"frame#cross"') + 3;
    assert.deepEqual(definitions(ws.project, file, at).map((d) => fixture.text.slice(d.start, d.end)), ['"frame"']);
    // Rename of the part keeps each variant.
    const renamed = rename(ws.project, file, fixture.text.indexOf('"id": "frame"') + 8, 'frame_wood');
    assert.ok(renamed?.ok);
    let text = fixture.text;
    for (const e of [...renamed.edits].sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
    assert.ok(text.includes('"id": "frame_wood"') && text.includes('"frame_wood#cross", "seat"'), text);
  });
});

test('more types name ids: a sub body part its body part, a trait the gear it restricts, an effect its resisting traits, price rules and repeated responses items, transforms terrains and furniture, spells their class, components and targets', () => {
  const fixture = parseMarked(`[
  { "type": "sub_body_part", "id": "m_knee", "parent": "leg_l", "name": "knee" },
  { "type": "sub_body_part", "id": "m_knee2", "parent": ⟦"leg_left"⟧, "name": "knee" },
  { "type": "sub_body_part", "id": "m_debug", "parent": "bp_null", "name": "debug" },
  { "type": "mutation", "id": "M_HOOVES", "name": "Hooves", "points": 0, "description": "d", "restricts_gear": [ "leg_l", "leg_hip_l", ⟦"leg_hip_left"⟧ ] },
  { "type": "effect_type", "id": "m_bleed", "name": [ "Bleed" ], "resist_traits": [ "GOOD_HEARING", ⟦"BLEED_IMMUNE"⟧ ] },
  { "type": "npc_class", "id": "NC_M2", "name": "m", "job_description": "d", "shopkeeper_price_rules": [ { "group": "bionics_common", "markup": 2 }, { "group": ⟦"zombie_humanoid"⟧, "markup": 2 }, { "item": "meat", "markup": 2 } ] },
  { "type": "talk_topic", "id": "TALK_M2", "dynamic_line": "hi", "repeat_responses": { "for_item": [ "meat", ⟦"1st_aid"⟧ ], "response": { "text": "<topic_item>", "topic": "TALK_DONE" } } },
  { "type": "ter_furn_transform", "id": "m_transform",
    "terrain": [ { "result": "t_flat_roof", "valid_terrain": [ "t_null" ] }, { "result": ⟦"f_chair"⟧, "valid_terrain": [ "t_flat_roof" ] } ],
    "furniture": [ { "result": [ [ "f_null", 2 ], [ "f_chair", 1 ] ], "valid_furniture": [ "f_chair", ⟦"t_flat_roof"⟧ ] } ],
    "field": [ { "result": "fd_null", "valid_field": [ "fd_fire" ] }, { "result": ⟦"fd_smoke"⟧, "valid_field": [ "fd_fire" ] } ] },
  { "type": "SPELL", "id": "m_bolt", "name": "bolt", "description": "d", "valid_targets": [ "hostile" ], "effect": "attack", "spell_class": "GOOD_HEARING", "components": "glue_req", "targeted_monster_ids": [ "mon_dog" ] },
  { "type": "SPELL", "id": "m_bolt2", "name": "bolt", "description": "d", "valid_targets": [ "hostile" ], "effect": "attack", "spell_class": "NONE", "components": ⟦"glue_reqs"⟧, "targeted_monster_ids": [ ⟦"mon_dogg"⟧ ] },
  { "type": "SPELL", "id": "m_bolt3", "name": "bolt", "description": "d", "valid_targets": [ "hostile" ], "effect": "attack", "spell_class": ⟦"KELVINIST"⟧ }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('dialogue members name what their documentation says, wherever written: EOCs tested and run, effects, traits, bionics, recipes, flags, species, NPCs, items bought and sold, morale, fields', () => {
  const fixture = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_M2", "condition": { "and": [ { "test_eoc": "EOC_M2" }, { "test_eoc": ⟦"EOC_M3"⟧ }, { "u_has_effect": "dazed" }, { "u_has_effect": "mabuff:buff_karate" },
      { "not": { "npc_has_effect": ⟦"dazzled"⟧ } }, { "u_has_any_effect": [ "dazed", ⟦"dazd"⟧ ] }, { "npc_has_species": "ZOMBIE" }, { "npc_has_species": ⟦"ZOMBEE"⟧ },
      { "u_has_worn_with_flag": "WATERPROOF" }, { "u_has_wielded_with_flag": ⟦"WATERPRUF"⟧ }, { "u_know_recipe": "meat" },
      { "u_has_bionics": "ANY" }, { "u_has_bionics": "bio_flashlight" }, { "npc_has_bionics": ⟦"bio_flashlite"⟧ } ] },
    "effect": [
      { "u_add_effect": "dazed", "duration": "1 m" }, { "u_lose_effect": [ "dazed", ⟦"dazd"⟧ ] },
      { "u_add_trait": "GOOD_HEARING" }, { "npc_add_trait": ⟦"GOOD_HEARIN"⟧ }, { "u_add_bionic": ⟦"bio_flashlite"⟧ },
      { "u_learn_recipe": "meat" }, { "u_learn_recipe": ⟦"meet"⟧ }, { "u_spawn_npc": "m_trader" }, { "u_spawn_npc": ⟦"m_trader2"⟧ },
      { "u_sell_item": "meat" }, { "u_consume_item": ⟦"meet"⟧ }, { "u_buy_item": "meat" }, { "u_buy_item": "bionics_common", "use_item_group": true }, { "u_buy_item": ⟦"bionics_common"⟧ },
      { "u_add_morale": "morale_music", "bonus": 1 }, { "u_lose_morale": ⟦"morale_musik"⟧ }, { "u_set_field": "fd_fire" }, { "u_set_field": ⟦"fd_fir"⟧ },
      { "u_add_effect": { "global_val": "effect_var" }, "duration": "1 m" },
      { "run_eocs": "EOC_M2", "true_eocs": [ "EOC_M2" ], "false_eocs": [ ⟦"EOC_M4"⟧, { "id": "EOC_M_INLINE", "effect": [ ] } ] }
    ] }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('0.F: dialogue conditions and effects name topics, traits, effects, missions and items wherever written (a trial\'s success and failure too)', () => {
  const fixture = parseMarked(`[
  { "type": "talk_topic", "id": "TALK_M", "dynamic_line": "hi", "responses": [
    { "text": "a", "trial": { "type": "LIE", "difficulty": 1 }, "success": { "topic": "TALK_M" }, "failure": { "topic": ⟦"TALK_MM"⟧ } },
    { "text": "b", "topic": "TALK_DONE", "condition": { "and": [ { "npc_has_trait": "GOOD_HEARING" }, { "not": { "npc_has_trait": ⟦"GOOD_HEARIN"⟧ } }, { "u_has_item": ⟦"meet"⟧ } ] },
      "effect": [ { "u_buy_item": "meat", "count": 1 }, { "u_buy_item": ⟦"meet"⟧ }, { "npc_add_effect": ⟦"dazzled"⟧, "duration": 10 } ] }
  ] }
]`);
  with0F(fixture, {
    ...ITEMS_0F,
    'json/traits.json': CORE_CURRENT['json/traits.json'],
    'json/effects.json': CORE_CURRENT['json/effects.json'],
  });
});

test('an item\'s use and tick actions name use functions (item_action ids and the few only the game\'s code registers), in both versions', () => {
  const actions = { 'json/item_actions.json': [{ type: 'item_action', id: 'transform', name: 'Transform' }, { type: 'item_action', id: 'heal', name: 'Heal' }, { type: 'item_action', id: 'repair_fabric', name: 'Repair' }] };
  const current = parseMarked(`[
  { "type": "ITEM", "id": "m_radio", "name": "radio", "use_action": [ "heal", { "type": "transform", "target": "meat" }, { "type": ⟦"transfrom"⟧, "target": "meat" } ],
    "tick_action": [ "RADIO_TICK", ⟦"RADIO_TOCK"⟧ ] },
  { "type": "ITEM", "id": "m_kit", "name": "kit", "use_action": { "type": "repair_item", "item_action_type": "repair_fabric" } },
  { "type": "ITEM", "id": "m_kit2", "name": "kit", "use_action": { "type": ⟦"repair_items"⟧ } }
]`);
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': current.text }, { ...CORE_CURRENT, ...actions }), (ws) => {
    assertMarked(current, ws.diagnostics('m/content.json'), 'unknown-id');
  });
  // 0.F --check-mods: "Received unrecognized iuse function transfrom, using iuse::none instead".
  const old = parseMarked(`[
  { "type": "TOOL", "id": "m_tool", "name": "tool", "description": "d", "weight": "1 g", "volume": "1 ml", "symbol": ";", "color": "white",
    "use_action": [ "heal", { "type": "transform", "target": "meat" }, { "type": ⟦"transfrom"⟧, "target": "meat" } ] },
  { "type": "GENERIC", "id": "m_thing", "name": "thing", "description": "d", "weight": "1 g", "volume": "1 ml", "symbol": ";", "color": "white", "use_action": { "type": ⟦"heel"⟧ } }
]`);
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': old.text }, { ...actions, ...ITEMS_0F }), (ws) => {
    assert.equal(ws.project.version.version.id, '0.F');
    assertMarked(old, ws.diagnostics('m/content.json'), 'unknown-id');
    assert.ok(ws.diagnostics('m/content.json').some((d) => d.message.includes('unknown use action "heel"; did you mean "heal"?')));
  });
});

test('0.F: a vehicle part\'s install and removal requirements (the game: "unknown or incorrectly specified install requirements"), NPC classes\' trait groups, mapgen vehicles', () => {
  const fixture = parseMarked(`[
  { "type": "vehicle_part", "id": "m_door", "name": { "str": "door" }, "item": "meat", "requirements": {
    "install": { "time": "60 m", "using": [ [ "glue_req", 1 ], [ ⟦"vehicle_boltz"⟧, 1 ] ] }, "removal": { "time": "30 m", "using": ⟦"glue_rek"⟧ } } },
  { "type": "npc_class", "id": "NC_M", "name": "m", "job_description": "d", "traits": [ { "group": "m_traits" }, { "group": ⟦"m_trait"⟧ } ] },
  { "type": "trait_group", "id": "m_traits", "subtype": "distribution", "traits": [ ] },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "m_lot", "object": { "mapgensize": [ 2, 2 ], "rows": [ "ab", ".." ], "vehicles": { "a": { "vehicle": "car", "chance": 100 }, "b": { "vehicle": ⟦"kar"⟧, "chance": 100 } } } }
]`);
  with0F(fixture, {
    ...ITEMS_0F, 'json/requirements.json': CORE_CURRENT['json/requirements.json'], 'json/vehicles.json': CORE_CURRENT['json/vehicles.json'],
  });
});

test('a map generator\'s or palette\'s parameter names what its type says in its distribution, alone or weighted; completion offers that kind', () => {
  const fixture = parseMarked(`[
  { "type": "palette", "id": "m_pal_a", "parameters": { "roof": { "type": "ter_str_id", "default": { "distribution": [ "t_flat_roof", [ ⟦"t_flat_rof"⟧, 2 ] ] } } } },
  { "type": "palette", "id": "m_pal_b" },
  { "type": "mapgen", "method": "json", "nested_mapgen_id": "m_room", "object": { "mapgensize": [ 1, 1 ], "rows": [ "." ],
    "parameters": {
      "style": { "type": "palette_id", "scope": "omt", "default": { "distribution": [ [ "m_pal_a", 3 ], "m_pal_b", ⟦"m_pal_c"⟧ ] } },
      "chair": { "type": "furn_str_id", "default": { "distribution": [ [ "f_chair", 1 ], [ ⟦"f_chiar"⟧, 1 ] ] } },
      "words": { "type": "string", "default": { "distribution": [ "anything", "at all" ] } }
    },
    "palettes": [ { "param": "style" } ] } }
]`);
  withMod(fixture, (ws) => {
    assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id');
    const text = fixture.text;
    const labels = complete(ws.project, ws.file('m/content.json'), text.indexOf('"m_pal_c"') + 3).items.map((i) => i.label);
    assert.ok(labels.includes('m_pal_a') && labels.includes('m_pal_b') && !labels.includes('t_flat_roof'), labels.join());
    // Go to definition of a palette named in a distribution: the palette's id.
    assert.deepEqual(definitions(ws.project, ws.file('m/content.json'), text.indexOf('"m_pal_b"', text.indexOf('palette_id')) + 2).map((d) => d.start), [text.indexOf('"id": "m_pal_b"') + 6]);
  });
});

test('an item\'s default magazine, a drug\'s effects, the clothing mods it takes, the flags and vitamins its conditional names test; the effects resisting an effect', () => {
  const fixture = parseMarked(`[
  { "type": "clothing_mod", "id": "steel_padded", "flag": "WATERPROOF", "item": "meat", "implement_prompt": "p", "destroy_prompt": "d" },
  { "type": "ITEM", "id": "m_lamp", "name": "lamp", "valid_mods": [ "steel_padded", ⟦"steel_pad"⟧ ],
    "pocket_data": [ { "pocket_type": "MAGAZINE_WELL", "default_magazine": "hammer" }, { "pocket_type": "MAGAZINE_WELL", "default_magazine": ⟦"pseudo_battery"⟧ } ] },
  { "type": "ITEM", "id": "m_pill", "name": "pill", "use_action": { "type": "consume_drug", "effects": [ { "id": "dazed", "duration": "1 m" }, { "id": ⟦"smoke"⟧, "duration": "1 m" } ] } },
  { "type": "ITEM", "id": "m_stew", "name": "stew", "conditional_names": [
    { "type": "FLAG", "condition": "WATERPROOF", "name": "a" }, { "type": "FLAG", "condition": ⟦"WATERPROF"⟧, "name": "b" },
    { "type": "VITAMIN", "condition": "iron", "name": "c" }, { "type": "VITAMIN", "condition": ⟦"irn"⟧, "name": "d" },
    { "type": "COMPONENT_ID_SUBSTRING", "condition": "mutant", "name": "e" }, { "type": "VAR", "condition": "anything", "name": "f", "value": "1" } ] },
  { "type": "effect_type", "id": "m_pain", "name": [ "Pain" ], "resist_effects": [ "dazed", ⟦"aspirin"⟧ ] }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('0.F: a monster\'s inline death drops name items and groups, and their entries are read member by member (the game: "item id X is unknown", "Invalid or misplaced field name")', () => {
  const fixture = parseMarked(`[
  { "type": "MONSTER", "id": "m_zed", "copy-from": "mon_zombie", "name": { "str": "zed" },
    "death_drops": { "subtype": "collection", "groups": [ [ "m_loot", 50 ], [ ⟦"m_lot"⟧, 50 ] ], "items": [ "meat", ⟦"meet"⟧ ], "entries": [ { "item": "meat", "prb": 50 } ] } },
  { "type": "item_group", "id": "m_loot", "subtype": "collection", "items": [ "meat" ] }
]`);
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': fixture.text }, ITEMS_0F), (ws) => {
    assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id');
    assert.deepEqual(ws.diagnostics('m/content.json').filter((d) => d.code === 'unknown-field').map((d) => d.message), ['Unknown member "prb" in "death_drops.entries[0]"; did you mean "prob"?']);
  });
});

test('0.F: spells name their class, components and targets, monsters the spells they cast; effects their resisting traits; transforms their valid furniture; drugs their effects; armor its clothing mods', () => {
  const fixture = parseMarked(`[
  { "type": "SPELL", "id": "m_bolt", "name": "bolt", "description": "d", "valid_targets": [ "hostile" ], "effect": "attack", "spell_class": "GOOD_HEARING", "components": "glue_req", "targeted_monster_ids": [ "mon_dog", ⟦"mon_dogg"⟧ ] },
  { "type": "SPELL", "id": "m_bolt2", "name": "bolt", "description": "d", "valid_targets": [ "hostile" ], "effect": "attack", "spell_class": "NONE", "components": ⟦"glue_reqs"⟧ },
  { "type": "SPELL", "id": "m_bolt3", "name": "bolt", "description": "d", "valid_targets": [ "hostile" ], "effect": "attack", "spell_class": ⟦"GOOD_HEARIN"⟧ },
  { "type": "MONSTER", "id": "m_caster", "copy-from": "mon_zombie", "name": { "str": "caster" }, "special_attacks": [
    { "type": "spell", "spell_data": { "id": "m_bolt", "min_level": 1 }, "cooldown": 10 }, { "type": "spell", "spell_data": { "id": ⟦"m_blot"⟧ }, "cooldown": 10 } ] },
  { "type": "effect_type", "id": "m_bleed", "name": [ "Bleed" ], "resist_traits": [ "GOOD_HEARING", ⟦"BLEED_IMMUNE"⟧ ] },
  { "type": "ter_furn_transform", "id": "m_transform", "furniture": [ { "result": "f_null", "valid_furniture": [ "f_chair", "f_null", ⟦"f_chiar"⟧ ] } ] },
  { "type": "GENERIC", "id": "m_pill", "name": "pill", "description": "d", "weight": "1 g", "volume": "1 ml", "use_action": { "type": "consume_drug", "effects": [ { "id": "dazed", "duration": 10 }, { "id": ⟦"dazd"⟧, "duration": 10 } ] } },
  { "type": "ARMOR", "id": "m_vest", "name": "vest", "description": "d", "weight": "1 g", "volume": "1 ml", "valid_mods": [ "steel_padded", ⟦"steel_pad"⟧ ] },
  { "type": "clothing_mod", "id": "steel_padded", "flag": "WATERPROOF", "item": "meat", "implement_prompt": "p", "destroy_prompt": "d" }
]`);
  with0F(fixture, {
    ...ITEMS_0F, 'json/traits.json': CORE_CURRENT['json/traits.json'], 'json/effects.json': CORE_CURRENT['json/effects.json'],
    'json/requirements.json': CORE_CURRENT['json/requirements.json'], 'json/furniture.json': CORE_CURRENT['json/furniture.json'], 'json/flags.json': CORE_CURRENT['json/flags.json'],
  }, (ws) => {
    // The game's --check-mods passes an unknown valid furniture (never checked: never transformed): a warning.
    const transform = ws.diagnostics('m/content.json').filter((d) => d.code === 'unknown-id' && d.message.includes('f_chiar'));
    assert.deepEqual(transform.map((d) => `${d.severity}/${d.basis}`), ['warning/reader']);
  });
});

test('dialogue members by name also inside what hand-written tables leave open: a monster attack\'s condition, a recipe\'s effects on condition written in place', () => {
  const fixture = parseMarked(`[
  { "type": "MONSTER", "id": "m_spider", "copy-from": "mon_dog", "special_attacks": [
    { "type": "melee", "id": "m_bite", "cooldown": 5, "condition": { "and": [ { "u_has_effect": "dazed" }, { "not": { "npc_has_effect": ⟦"dazzled"⟧ } } ] } } ] },
  { "type": "recipe", "id": "m_study", "name": "study", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "time": "1 m",
    "result_eocs": [ "EOC_M_STUDY", { "id": "EOC_M_STUDY_INLINE", "effect": [ { "u_add_effect": "dazed", "duration": "1 m" }, { "u_lose_effect": ⟦"dazd"⟧ } ] } ] },
  { "type": "effect_on_condition", "id": "EOC_M_STUDY", "effect": [ { "run_eocs": "EOC_M_STUDY_INLINE" } ] }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('completion inside a dialogue condition a hand-written table leaves open offers the members that name definitions, then their ids; hover says what such a member names', () => {
  const text = `[
  { "type": "MONSTER", "id": "m_spider", "copy-from": "mon_dog", "special_attacks": [
    { "type": "melee", "id": "m_bite", "cooldown": 5, "condition": { "and": [ { "u_has_eff": "x" }, { "u_has_effect": "daz" } ] } } ] }
]`;
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': text }, CORE_CURRENT), (ws) => {
    const file = ws.file('m/content.json');
    const members = complete(ws.project, file, text.indexOf('u_has_eff"') + 9).items.map((i) => i.label);
    assert.ok(members.includes('u_has_effect') && members.includes('run_eocs'), members.join());
    const ids = complete(ws.project, file, text.indexOf('"daz"') + 4).items.map((i) => i.label);
    assert.deepEqual(ids, ['dazed']);
    // Hover on such a member says what it names.
    assert.match(hover(ws.project, file, text.indexOf('"u_has_effect"') + 3)?.markdown ?? '', /u_has_effect.*\n\nDialogue: names an effect/s);
  });
});

test('hover on an id that names nothing of its kind says what it names instead, if anything, or that the game\'s code defines it', () => {
  const fixture = parseMarked(`[
  { "type": "effect_type", "id": "m_pain", "name": [ "Pain" ], "resist_effects": [ ⟦"meat"⟧, ⟦"nothing_at_all"⟧ ] },
  { "type": "ter_furn_transform", "id": "m_clear", "terrain": [ { "result": "t_null", "valid_terrain": [ "t_flat_roof" ] } ] }
]`);
  withMod(fixture, (ws) => {
    assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id');
    const file = ws.file('m/content.json');
    assert.equal(hover(ws.project, file, fixture.text.indexOf('"meat"') + 2)?.markdown, '**meat**\n\nNo effect with this id is visible from this mod. `meat` is an item and a recipe.');
    assert.equal(hover(ws.project, file, fixture.text.indexOf('"nothing_at_all"') + 2)?.markdown, '**nothing_at_all**\n\nNo effect with this id is visible from this mod.');
    assert.equal(hover(ws.project, file, fixture.text.indexOf('"t_null"') + 2)?.markdown, '**t_null**\n\nA terrain the game defines in its code, not in its data.');
  });
});

test('an NPC class\'s skills (ALL: every other), a technique\'s skills, the effects an effect removes, a map extra\'s update map generator, a start location\'s terrains, a spell\'s skill and ignored species, a mutation category\'s vitamin (null: none)', () => {
  const fixture = parseMarked(`[
  { "type": "npc_class", "id": "NC_M", "name": "m", "job_description": "j", "skills": [
    { "skill": "ALL", "level": { "rng": [ 0, 2 ] } }, { "skill": "melee", "bonus": { "rng": [ 1, 2 ] } }, { "skill": ⟦"meele"⟧, "bonus": { "rng": [ 1, 2 ] } } ] },
  { "type": "technique", "id": "m_tec", "name": "t", "skill_requirements": [ { "name": "melee", "level": 1 }, { "name": ⟦"unarmd"⟧, "level": 1 } ] },
  { "type": "effect_type", "id": "m_calm", "name": [ "Calm" ], "removes_effects": [ "dazed", ⟦"stung"⟧ ] },
  { "type": "mapgen", "method": "json", "update_mapgen_id": "m_crater_update", "object": { "place_terrain": [ { "ter": "t_flat_roof", "x": 0, "y": 0 } ] } },
  { "type": "map_extra", "id": "mx_m_a", "name": { "str": "a" }, "description": "d", "generator": { "generator_method": "update_mapgen", "generator_id": "m_crater_update" } },
  { "type": "map_extra", "id": "mx_m_b", "name": { "str": "b" }, "description": "d", "generator": { "generator_method": "update_mapgen", "generator_id": ⟦"m_crater_updat"⟧ } },
  { "type": "map_extra", "id": "mx_m_c", "name": { "str": "c" }, "description": "d", "generator": { "generator_method": "map_extra_function", "generator_id": "mx_crater" } },
  { "type": "overmap_terrain", "id": "m_field", "name": "field" },
  { "type": "start_location", "id": "sloc_m", "name": "m", "terrain": [ "m_field", ⟦"m_feild"⟧, { "om_terrain": "m_fi", "om_terrain_match_type": "PREFIX" } ] },
  { "type": "SPELL", "id": "m_spell", "name": "s", "description": "d", "effect": "attack", "shape": "blast", "valid_targets": [ "hostile" ], "skill": "melee", "ignored_monster_species": [ "ZOMBIE" ] },
  { "type": "SPELL", "id": "m_spell2", "name": "s", "description": "d", "effect": "attack", "shape": "blast", "valid_targets": [ "hostile" ], "skill": ⟦"deduction"⟧, "ignored_monster_species": [ ⟦"PSI_NULL"⟧ ] },
  { "type": "mutation_category", "id": "M_CAT", "name": "m", "threshold_mut": "GOOD_HEARING", "vitamin": "iron" },
  { "type": "mutation_category", "id": "M_CAT2", "name": "m", "threshold_mut": "GOOD_HEARING", "vitamin": "null" },
  { "type": "mutation_category", "id": "M_CAT3", "name": "m", "threshold_mut": "GOOD_HEARING", "vitamin": ⟦"irn"⟧ }
]`);
  withMod(fixture, (ws) => {
    const found = ws.diagnostics('m/content.json');
    assertMarked(fixture, found, 'unknown-id');
    // The game reads an unknown technique skill as level 0 and removes nothing by an unknown effect: warnings.
    const severity = (id: string): string | undefined => found.find((d) => d.message.includes(`"${id}"`))?.severity;
    assert.deepEqual(['meele', 'unarmd', 'stung', 'm_crater_updat', 'm_feild', 'deduction', 'PSI_NULL', 'irn'].map(severity), ['error', 'warning', 'warning', 'error', 'warning', 'warning', 'warning', 'warning']);
  });
});

test('0.F: an NPC class\'s skills (the game: "Invalid skill"; ALL: every other), a map extra\'s update map generator (the game: "invalid update mapgen function")', () => {
  const fixture = parseMarked(`[
  { "type": "npc_class", "id": "NC_M", "name": "m", "job_description": "j", "skills": [
    { "skill": "ALL", "level": { "rng": [ 0, 2 ] } }, { "skill": "melee", "bonus": { "rng": [ 1, 2 ] } }, { "skill": ⟦"meele"⟧, "bonus": { "rng": [ 1, 2 ] } } ] },
  { "type": "mapgen", "method": "json", "update_mapgen_id": "m_crater_update", "object": { "place_terrain": [ { "ter": "t_flat_roof", "x": 0, "y": 0 } ] } },
  { "type": "map_extra", "id": "mx_m_a", "name": "a", "description": "d", "generator": { "generator_method": "update_mapgen", "generator_id": "m_crater_update" } },
  { "type": "map_extra", "id": "mx_m_b", "name": "b", "description": "d", "generator": { "generator_method": "update_mapgen", "generator_id": ⟦"m_crater_updat"⟧ } },
  { "type": "map_extra", "id": "mx_m_c", "name": "c", "description": "d", "generator": { "generator_method": "map_extra_function", "generator_id": "mx_crater" } }
]`);
  with0F(fixture, { ...ITEMS_0F, 'json/skills.json': CORE_CURRENT['json/skills.json'], 'json/terrain.json': CORE_CURRENT['json/terrain.json'] });
});

test('0.F: a vehicle prototype names its parts, a variant after "_" (the game: "unknown vehicle part X in Y")', () => {
  const fixture = parseMarked(`[
  { "type": "vehicle", "id": "m_cart", "name": "Cart", "parts": [
    { "x": 0, "y": 0, "parts": [ "frame", "frame_vertical_left", "frame_cross_unconnected", ⟦"frame_bogus"⟧, ⟦"frame_wheel_left"⟧ ] },
    { "x": 1, "y": 0, "part": "frame_nw_edge" }, { "x": 2, "y": 0, "part": ⟦"fram"⟧ } ] }
]`);
  const core = { ...ITEMS_0F, 'json/vehicle_parts.json': [{ type: 'vehicle_part', id: 'frame', name: { str: 'frame' }, item: 'meat', location: 'structure', standard_symbols: true }] };
  with0F(fixture, core, (ws) => {
    // A variant leads to its part, and hover says what the game makes it from.
    const file = ws.file('m/content.json');
    const variant = fixture.text.indexOf('frame_vertical_left') + 2;
    assert.deepEqual(definitions(ws.project, file, variant).map((t) => path.basename(t.path)), ['vehicle_parts.json']);
    assert.match(hover(ws.project, file, variant)?.markdown ?? '', /^\*\*frame_vertical_left\*\*\n\nA vehicle part the game makes from the vehicle part `frame`\./);
    assert.match(hover(ws.project, file, fixture.text.indexOf('frame_bogus') + 2)?.markdown ?? '', /No vehicle part with this id is visible/);
  });
});

test('0.F: a camp blueprint\'s inline needs name items and qualities, their members closed (the game: "not a valid item template", "Unknown quality", "Invalid or misplaced field name")', () => {
  const fixture = parseMarked(`[
  { "type": "recipe", "result": "m_fireplace", "category": "CC_BUILDING", "subcategory": "CSC_BUILDING_BASES", "construction_blueprint": "fbmh_fireplace", "blueprint_name": "fireplace",
    "blueprint_needs": { "time": "2 h", "skills": [ ], "inline": { "tools": [ ], "qualities": [ [ { "id": "HAMMER", "level": 2 } ], [ { "id": ⟦"HAMMERZ"⟧, "level": 2 } ] ],
      "components": [ [ [ "meat", 40 ] ], [ [ ⟦"meatz"⟧, 1 ] ] ] } } }
]`);
  with0F(fixture, {
    ...ITEMS_0F, 'json/qualities.json': CORE_CURRENT['json/qualities.json'],
    'json/recipe_categories.json': [{ type: 'recipe_category', id: 'CC_BUILDING', recipe_subcategories: ['CSC_BUILDING_BASES'] }],
  }, (ws) => {
    const typo = ws.project.updateFile(ws.file('m/content.json'), fixture.text.replace('"components"', '"componentz"'));
    assert.ok(typo.length > 0);
    assert.ok(ws.diagnostics('m/content.json').some((d) => d.code === 'unknown-field' && d.message.includes('"componentz"')));
  });
});

test('dialogue effects name the update map generator they run, the trait a mutation heads for, the category mutated in, the activity assigned, the recipe forgotten, the item category tested', () => {
  const fixture = parseMarked(`[
  { "type": "mapgen", "method": "json", "update_mapgen_id": "m_update", "object": { "place_terrain": [ { "ter": "t_flat_roof", "x": 0, "y": 0 } ] } },
  { "type": "activity_type", "id": "ACT_M", "activity_level": "NO_EXERCISE", "verb": "m", "based_on": "neither" },
  { "type": "mutation_category", "id": "M_CAT", "name": "m", "threshold_mut": "GOOD_HEARING", "vitamin": "iron" },
  { "type": "effect_on_condition", "id": "m_eoc", "effect": [
    { "mapgen_update": "m_update" }, { "mapgen_update": ⟦"m_updat"⟧ },
    { "u_mutate_towards": "GOOD_HEARING" }, { "npc_mutate_towards": ⟦"GOOD_HEARIN"⟧ },
    { "u_mutate_category": "M_CAT" }, { "u_mutate_category": ⟦"M_CATT"⟧ },
    { "u_assign_activity": "ACT_M", "duration": "1 s" }, { "npc_assign_activity": ⟦"ACT_N"⟧, "duration": "1 s" },
    { "u_forget_recipe": "meat" }, { "u_forget_recipe": ⟦"meet"⟧ } ],
    "condition": { "or": [ { "u_has_item_category": "tools" }, { "npc_has_item_category": ⟦"toolz"⟧ } ] } }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});

test('0.F: a FLAG conditional name names an item flag; a COMPONENT_ID one is left alone', () => {
  const fixture = parseMarked(`[
  { "type": "COMESTIBLE", "id": "m_stew", "name": { "str": "stew" }, "weight": "1 g", "volume": "1 ml", "conditional_names": [
    { "type": "FLAG", "condition": "WATERPROOF", "name": "a" }, { "type": "FLAG", "condition": ⟦"WATERPROF"⟧, "name": "b" },
    { "type": "COMPONENT_ID", "condition": "mutant", "name": "c" } ] }
]`);
  with0F(fixture, { ...ITEMS_0F, 'json/flags.json': CORE_CURRENT['json/flags.json'] });
});
