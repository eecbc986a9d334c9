/**
 * The dialogue language (schema/dialogueLanguage.ts): an effect or condition is read by its members' names at any
 * depth, with the forms the game's readers take (`_or_var` values, durations with their words, one-or-many lists,
 * bare-string conditions), whatever depth the game's own data happened to write them at. Fixtures mark what must
 * be reported (⟦...⟧); everything else in them is a form the game reads and must stay silent.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace } from '../helpers/workspace';
import { assertMarked, parseMarked, type MarkedText } from '../helpers/marked';
import { complete } from '../../server/src/queries/completion';
import { hover } from '../../server/src/queries/hover';

const CORE_CURRENT = {
  'json/effects.json': [{ type: 'effect_type', id: 'eff_calm', name: ['Calm'] }],
  'json/traits.json': [{ type: 'mutation', id: 'TRAIT_X', name: 'X', description: 'x', points: 0 }],
  'json/eocs.json': [{ type: 'effect_on_condition', id: 'EOC_HELLO', effect: [{ u_message: 'hello' }] }],
};

function checked(fixture: MarkedText, gameVersion: string, core: Record<string, unknown>, body: (list: ReturnType<ReturnType<typeof workspace>['diagnostics']>) => void): void {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': fixture.text }, core, { gameVersion }), (ws) => body(ws.diagnostics('m/content.json')));
}

const NESTED_FORMS = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_FORMS", "effect": [
    { "if": "u_is_outside", "then": [ { "u_add_effect": "eff_calm", "duration": "PERMANENT" } ], "else": { "u_add_effect": "eff_calm", "duration": [ "1 minute", "5 minutes" ] } },
    { "if": { "not": "u_is_outside" }, "then": { "run_eocs": [ { "id": "EOC_FORMS_INLINE", "effect": [ { "u_add_effect": "eff_calm", "duration": "PERMANENT", "intensity": { "math": [ "1 + 1" ] } } ] } ] } },
    { "run_eocs": "EOC_HELLO", "time_in_future": [ "1 minute", "5 minutes" ] },
    { "queue_eocs": [ "EOC_HELLO" ], "time_in_future": "infinite" },
    { "weighted_list_eocs": [ [ { "id": "EOC_FORMS_WEIGHTED", "effect": [ { "run_eocs": [ "EOC_HELLO" ] } ] }, 3 ] ] },
    { "if": "u_is_outside", "then": { "u_message": "out" }, "else": { "if": "u_is_outside", "then": { "u_message": "in" }, "else": [ { "u_lose_trait": "TRAIT_X" }, { "u_message": "gone" } ] } }
  ] }
]`);

test('the current game: forms its readers take are accepted at any depth (durations, variables, one-or-many, bare conditions)', () => {
  checked(NESTED_FORMS, 'current', CORE_CURRENT, (list) => {
    assert.deepEqual(list.map((d) => `${d.code}: ${d.message}`), []);
  });
});

const NESTED_MISTAKES = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_MISTAKES", "effect": [
    { "if": "u_is_outside", "then": [ { "u_add_effect": "eff_calm", "duration": ⟦"5 minuts"⟧ } ] },
    { "if": "u_is_outside", "then": { "u_message": "x" }, "else": { "if": "u_is_outside", "then": { "u_message": "y" }, "else": [ { "u_lose_trait": "TRAIT_X" }, { "u_add_effect": ⟦"eff_clam"⟧, "duration": "1 h" } ] } },
    { "run_eocs": [ { "id": "EOC_MISTAKES_INLINE", "effect": [ { "run_eocs": [ ⟦"EOC_HELO"⟧ ] } ] } ] }
  ] }
]`);

test('the current game: a wrong duration and unknown ids are reported at any depth, by the member that names them', () => {
  checked(NESTED_MISTAKES, 'current', CORE_CURRENT, (list) => {
    assertMarked({ text: NESTED_MISTAKES.text, ranges: [NESTED_MISTAKES.ranges[0]] }, list, 'bad-unit');
    assertMarked({ text: NESTED_MISTAKES.text, ranges: NESTED_MISTAKES.ranges.slice(1) }, list, 'unknown-id');
    assert.equal(list.length, 3, list.map((d) => d.message).join('\n'));
  });
});

const TALK_0F = parseMarked(`[
  { "type": "talk_topic", "id": "TALK_M", "dynamic_line": "hi", "responses": [
    { "text": "rest", "topic": "TALK_DONE", "effect": { "npc_add_effect": "eff_calm", "duration": "600" } },
    { "text": "stay", "topic": "TALK_DONE", "effect": [ { "u_add_effect": "eff_calm", "duration": "PERMANENT" } ] }
  ] }
]`);

test('0.F: a talk effect\'s duration is turns (its reader takes "600"), not a time string', () => {
  checked(TALK_0F, '0.F', { 'json/effects.json': [{ type: 'effect_type', id: 'eff_calm', name: ['Calm'] }] }, (list) => {
    assert.deepEqual(list.filter((d) => d.code === 'bad-unit' || d.code === 'invalid-value').map((d) => d.message), []);
  });
});

test('inside a nested effect, completion offers the dialogue\'s operators and hover describes them, from the same table', () => {
  const text = `[ { "type": "effect_on_condition", "id": "EOC_C", "effect": [ { "if": "u_is_outside", "then": [ { "u_add_effect": "eff_calm", "duration": "1 h" }, {  } ] } ] } ]`;
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': text }, CORE_CURRENT, { gameVersion: 'current' }), (ws) => {
    const file = ws.file('m/content.json');
    const labels = complete(ws.project, file, text.indexOf('{  }') + 2).items.map((i) => i.label);
    for (const operator of ['u_add_effect', 'u_message', 'run_eocs', 'u_lose_trait']) assert.ok(labels.includes(operator), `${operator} in ${labels.length} labels`);
    const shown = hover(ws.project, file, text.indexOf('"duration"') + 2);
    assert.ok(shown && /dialogue member/i.test(JSON.stringify(shown)), JSON.stringify(shown));
  });
});

const SIBLINGS = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_SIBLINGS", "effect": [
    { "u_forget_recipe": "CC_OTHER", "category": true },
    { "u_forget_recipe": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER" },
    { "u_forget_recipe": ⟦"CC_OTHER"⟧ },
    { "u_location_variable": { "global_val": "place" }, "target_params": { "om_terrain": "house_", "om_terrain_match_type": "PREFIX" } },
    { "u_location_variable": { "global_val": "place" }, "target_params": { "om_terrain": "lab", "om_terrain_match_type": "CONTAINS" } },
    { "u_location_variable": { "global_val": "place" }, "target_params": { "om_terrain": ⟦"house_"⟧ } }
  ] }
]`);

test('the current game: a dialogue reference typed by its sibling (u_forget_recipe with "category" or a "subcategory"; om_terrain with a pattern match type)', () => {
  checked(SIBLINGS, 'current', CORE_CURRENT, (list) => {
    assertMarked(SIBLINGS, list, 'unknown-id');
  });
});

const IN_HAND_WRITTEN = parseMarked(`[
  { "type": "recipe", "result": "eff_calm_potion", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "skill_used": "fabrication", "time": "1 m", "difficulty": 0, "components": [ [ [ "sheet_cotton", 1 ] ] ],
    "result_eocs": [ { "id": "EOC_BREWED", "effect": [ { "if": "u_is_outside", "then": [ { "u_add_effect": "eff_calm", "duration": "PERMANENT" }, { "u_add_effect": "eff_calm", "duration": ⟦"5 minuts"⟧ } ] } ] } ] }
]`);

test('the current game: dialogue written in a hand-written table (a recipe\'s result_eocs in place) is read with the same language', () => {
  checked(IN_HAND_WRITTEN, 'current', CORE_CURRENT, (list) => {
    assertMarked(IN_HAND_WRITTEN, list, 'bad-unit');
    assert.deepEqual(list.filter((d) => d.code === 'invalid-value').map((d) => d.message), []);
  });
});

const REVIEWED_CORE = {
  ...CORE_CURRENT,
  'json/weather.json': [{ type: 'weather_type', id: 'sunny', name: 'Sunny' }],
  'json/overmap.json': [{ type: 'overmap_terrain', id: 'field', name: 'field' }],
  'json/ammo_types.json': [{ type: 'ammunition_type', id: '9mm', name: '9 mm', default: 'x' }],
  'json/missions.json': [{ type: 'mission_definition', id: 'MISSION_X', name: 'X', goal: 'MGOAL_NULL', difficulty: 1, value: 1 }],
  'json/item_groups.json': [{ type: 'item_group', id: 'GROUP_X', items: [] }],
  'json/body_parts.json': [{ type: 'body_part', id: 'torso', name: 'torso' }],
};

// The operators whose reading of an id schema/dialogueOperators.ts reviews against the game's reader (`reads`): the
// game's data writes each without an id its evidence could type (conditions on weather, terrains, ammunition
// types; FACTION_CAMP_ANY beside terrain ids; an item or a group by "use_item_group").
const REVIEWED = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_REVIEWED", "condition": { "and": [
    { "is_weather": "sunny" }, { "is_weather": ⟦"clear"⟧ },
    { "u_at_om_location": "FACTION_CAMP_ANY" }, { "npc_near_om_location": "FACTION_CAMP_START", "range": 3 },
    { "u_at_om_location": "field" }, { "u_near_om_location": ⟦"pagan_cult_enter"⟧, "range": 4 },
    { "u_has_wielded_with_ammotype": "9mm" }, { "npc_has_wielded_with_ammotype": ⟦"44c"⟧ },
    { "u_has_flag": "GRAB_FILTER" }
  ] },
  "effect": [
    { "map_spawn_item": "GROUP_X", "use_item_group": true }, { "map_spawn_item": ⟦"GROUP_X"⟧ },
    { "finish_mission": "MISSION_X", "success": true }, { "finish_mission": ⟦"MISSION_NOWHERE"⟧ },
    { "u_level_spell_class": "TRAIT_X", "levels": 1 }, { "npc_level_spell_class": ⟦"NO_SUCH_CLASS"⟧, "levels": 1 },
    { "u_add_effect": "eff_calm", "duration": "1 h", "target_part": "RANDOM" }, { "u_lose_effect": "eff_calm", "target_part": "ALL" },
    { "u_add_effect": "eff_calm", "duration": "1 h", "target_part": "torso" }, { "u_add_effect": "eff_calm", "duration": "1 h", "target_part": ⟦"random"⟧ }
  ] }
]`);

test('the current game: dialogue operators name what the game\'s reader reads (weather, terrains or FACTION_CAMP_*, an item or a group, a body part or RANDOM), a harmless unknown as a warning', () => {
  checked(REVIEWED, 'current', REVIEWED_CORE, (list) => {
    assertMarked(REVIEWED, list, 'unknown-id');
    // A condition on nothing is always false, an item spawned that does not exist an error; a mission finished or a
    // spell class levelled that nothing defines does nothing (talk_effect_fun_t): a warning.
    assert.deepEqual(list.filter((d) => d.code === 'unknown-id').map((d) => `${d.severity}: ${d.message.split(';')[0]}`), [
      'error: "condition.and[1].is_weather": unknown weather type "clear"',
      'error: "condition.and[5].u_near_om_location": unknown overmap terrain "pagan_cult_enter"',
      'error: "condition.and[7].npc_has_wielded_with_ammotype": unknown ammunition type "44c"',
      'error: "effect[1].map_spawn_item": unknown item "GROUP_X"',
      'warning: "effect[3].finish_mission": unknown mission "MISSION_NOWHERE"',
      'warning: "effect[5].npc_level_spell_class": unknown trait "NO_SUCH_CLASS"',
      'error: "effect[9].target_part": unknown body part "random"',
    ]);
  });
});
