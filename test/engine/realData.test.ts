/**
 * The whole real game data (core + all 40 mods, Debian's cataclysm-dda-data 0.F): no crash, and every class of
 * diagnostic it yields is counted and justified here. The game loads this data, so each class must be a rule
 * of the spec (or of the game) that this content breaks — justified below — or it is a bug of ours.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { lint } from '../../server/src/cli/lint';
import { classOf, warningsOnData } from '../helpers/diagnosticClasses';

const GAME = '/usr/share/games/cataclysm-dda';
const present = fs.existsSync(path.join(GAME, 'json'));

/** class -> [count, why the game data has it]. */
const EXPECTED: Record<string, [number, string]> = {
  // ---- spec 2.2 (monster) rules that 0.F content predates
  'missing-field: monster without bodytype': [267, 'spec 2.2 makes bodytype mandatory; 0.F monsters (robots, blobs, fungi...) omit it, after inheritance'],
  'invalid-value/error: bodytype': [93, 'spec 2.2.1 lists the bodytypes; 0.F also has dog (59), ostrich (18), horse (15), lion (1)'],
  'invalid-value/error: categories[]': [117, 'spec 2.2: categories are NULL, CLASSIC, WILDLIFE; DinoMod and Dark-Skies-Above use DINOSAUR / ALIEN'],
  'invalid-value/error: luminance': [32, 'spec 8: luminance 0 to 10; 0.F fungi, nether and fire monsters use up to 80'],
  'invalid-value/warning: dodge': [3, 'spec 8: dodge 0 to 10 in base content (a warning: the spec calls it a convention)'],
  'invalid-value/warning: melee_skill': [1, 'spec 8: melee_skill 0 to 10 in base content; higher is anomalous (warning)'],
  'missing-field: upgrades without half_life': [207, 'spec 2.2.5: half_life is required within upgrades; 0.F growth upgrades give only age_grow'],
  'missing-field: special_attacks[] without cooldown': [2, 'spec 2.2.4: a new-style special attack requires cooldown; two Aftershock robot gun attacks omit it'],
  'missing-field: monster without speed': [1, 'spec 2.2: speed is mandatory; core mon_dragon_dummy (a debug monster) has none'],
  'missing-field: monster without volume': [1, 'spec 2.2: volume is mandatory; core mon_robofac_prototype has none'],
  'missing-field: monster without weight': [1, 'spec 2.2: weight is mandatory; core mon_robofac_prototype has none'],
  'unit-style/hint: volume': [128, 'spec 2.1: the largest unit keeping full precision is used ("3000 ml" -> "3 L"); a hint, not an error'],
  'unit-style/hint: weight': [7, 'spec 2.1: as for volume ("2000 g" -> "2 kg"); a hint'],
  // ---- spec 2.1 / 2.6 / section 7 duplicate rules: 0.F lets a later definition replace an earlier one silently
  'duplicate-id: monster in mod': [20, 'spec 7: a create whose id exists is an error; mods redefine core monsters (15 by copy-from of their own id) without edit-mode'],
  'duplicate-id: scenario in mod': [37, 'spec 7: as for monsters; mods redefine core scenarios by copy-from of their own id, 0.F style'],
  'duplicate-id: recipe in mod': [40, 'spec 2.6/7: a recipe with override false whose id is in use fails; mods replace core recipes without "override"'],
  'duplicate-id: disassembly recipe in mod': [7, 'spec 2.6/7: as for recipes (Generic_Guns replaces core uncrafts)'],
  'duplicate-id: recipe earlier in this file': [7, 'spec 2.6/7: the same recipe id twice in one file (e.g. armor_scrapsuit, tshirt, pot_copper): the second silently wins in 0.F'],
  'duplicate-id: disassembly recipe earlier in this file': [1, 'spec 2.6/7: uncraft gold_ring twice in recipe_deconstruction.json'],
  // ---- spec 2.4
  'invalid-value/error: sub[].new[].ratio': [8, 'spec 2.4: ratio is an integer; 0.F substitutions use fractions such as 0.72'],
  // ---- spec 2.6
  'invalid-value/error: book_learn[]': [3, 'spec 2.6: book_learn entries are [book, level, name?]; three fuel recipes give only the book'],
  // ---- references to nothing: bugs in the data that 0.F does not check
  'unknown-id: special_attacks[].ammo_type -> item': [1, 'spec 2.2.4: ammo_type is an item id; Aftershock mon_defbot_shot gives "shot", an ammunition type'],
  'unknown-id: copy-from -> overmap terrain': [2, 'Graphical_Overmap and alt_map_key write "copy-from": "" (no parent); 0.F silently drops the object'],
  'unknown-id: copy-from -> trait': [1, 'Magiclysm STR_UP_ALPHA copies from its own id, which nothing defined before it'],
  'unknown-id: effect_str -> effect': [2, 'attack spells that apply effects defined nowhere: Aftershock protection_from_cold (afs_cold_protect), TEST_DATA test_spell_json (the placeholder "string")'],
  // ---- references the generated tables index (schema/generated.ts): each id is defined nowhere in the data
  'unknown-id: responses[].topic -> dialogue topic': [10, 'dialogue responses leading to topics nothing defines (TALK_CONVERSATION_RADIO, TALK_REFUGEE_Boris_Son_Tough x2, TALK_REFUGEE_GENERAL_Refuse_Boris_Mission_1, TALK_SUGGEST_FOLLOW_RED in DinoMod, Aftershock BGRS_MIGO_3_STORY3, BGSS_GANGER_1/2_STORY3, BGSS_RADIATION_2_STORY3 x2); choosing one ends in the game\'s "I don\'t know what to say" debug message'],
  'unknown-id: traits[].trait -> trait': [10, 'trait groups list traits defined nowhere (0.F --check-mods does not check trait groups): core expertise_traits.json, 8 Exp_*1fake2 (the traits are Exp_*1Fake2, with a capital F; one is also written "Exp_Biology 1fake2"); Aftershock BG_trait_groups_afs.json BGRS_AFTERLIFE_1 and BGRS_Bonesinger_1 (the trait is BGRS_Bonesinger)'],
  'unknown-id/data: object.place_nested[].chunks[] -> nested mapgen function': [1, 'information (a kind learned from the data, no reading yet): basecamp modular_workshop_metal.json places nested mapgen fbmw_room2_metal, which does not exist (fbmh_/fbms_room2_metal do)'],
  'unknown-id: terrain[] -> overmap terrain': [2, 'warnings: core start_locations.json lists house_two_story_basement and house_09b, multi-tile city buildings, not overmap terrain types: a start location matches terrain types, so these two entries never match (the others of their lists do)'],
  'unknown-id/data: om_terrain -> overmap terrain': [1, 'information (a kind learned from the data, no reading yet): FEMA_entrance_00.json generates "FEMA_be", an overmap terrain nothing defines (FEMA_le/re/te exist): the map generator is never used'],
  'unknown-id/data: om_terrain[] -> overmap terrain': [1, 'information (a kind learned from the data, no reading yet): More_Locations mil_outpost_ube_00.json generates "mil_outpost_ube", which no overmap terrain is (mil_outpost_ubea/ubeb are)'],
  'unknown-id: default -> monster': [1, 'Dark-Skies-Above monster group default dks_mon_stray_burnt: no such monster'],
  'unknown-id/data: looks_like -> item': [1, 'information (a kind learned from the data, no reading yet): Dark-Skies-Above obsolete.json: looks_like "power_armor", an item 0.F does not have (power_armor_basic...)'],
  // ---- references of more types (registry/versions/readings-0F.ts)
  'unknown-id: requirements.install.using[][] -> requirement': [1, 'core obsolete.json: the abstract door_abstract installs with requirement vehicle_bolt, defined nowhere (0.F --check-mods reports it for a part that is not abstract: "unknown or incorrectly specified install requirements")'],
  'unknown-id: requirements.removal.using[][] -> requirement': [1, 'the same part, the same requirement, for removal'],
  'unknown-id: components -> requirement': [1, 'TEST_DATA magic.json: a test spell consumes requirement test_components, defined nowhere'],
  'unknown-id: targeted_monster_ids[] -> monster': [1, 'TEST_DATA magic.json: a test spell targets mon_test, defined nowhere'],
  'unknown-id: spell_class -> trait': [1, 'TEST_DATA magic.json: a test spell of class test_trait, defined nowhere'],
  'unknown-id: traits[].group -> trait group': [2, 'DinoMod npc_classes_mutant.json gives two NPC classes the trait group trait_mutant_npc_common, which only Magiclysm defines, a mod DinoMod does not depend on'],
  // ---- dialogue conditions and effects, by member name wherever written (registry/versions/shared.ts DIALOGUE_REFERENCES)
  'unknown-id: responses[].condition.and[].not.npc_has_trait -> trait': [7, 'core npcs/Backgrounds/prisoner_1.json tests trait PSYCHOTIC, which nothing defines (the condition is always false)'],
  'unknown-id: responses[].condition.and[].npc_has_trait -> trait': [1, 'the same file, the same trait'],
  'unknown-id: responses[].success.topic -> dialogue topic': [1, 'core TALK_TEST.json leads to TALK_TEST_TRUE_CONDITION_NEXT, defined nowhere'],
  'unknown-id: responses[].failure.topic -> dialogue topic': [1, 'core TALK_TEST.json leads to TALK_TEST_FALSE_CONDITION_NEXT, defined nowhere'],
  // ---- references the readings name against data bugs (registry/versions/readings-0F.ts)
  'unknown-id: use_action.monster_id -> monster': [1, 'Aftershock inactiverobot.json: an inactive X-ray turret places "mon_laserturret_x-ray"; the monster is mon_laserturret_xray (the other item of the file names it right)'],
  // ---- map generators (checks/mapgenRows.ts): the rows of every map the game generates are as it wants them
  'mapgen-rows/warning: a character with no mapping (weight 0)': [128, 'More_Locations (obsolete in 0.F) maps of weight 0, which the game never generates nor sets up (0.F --check-mods --id more_locations is silent; a copy of bandit_tower_1gate_00 of weight 100 gets "row 23 column 6: \'P\' has no terrain, furniture, or other definition" and on): "P" of its gates, "," of combo houses... map to nothing in their palettes; 12 marked per map'],
  'unused-mapping/hint': [2755, 'map generators\' own mappings no cell of their rows uses (1466 terrain, 676 furniture, 523 items, 90 others): harmless leftovers'],
};

test('the real game data: every class of diagnostic is a justified one, with its count', { skip: present ? false : `no game data at ${GAME} (apt-get install cataclysm-dda-data)` }, () => {
  const result = lint({ paths: [GAME], gamePath: GAME });
  assert.ok(result.filesChecked >= 3400, `checked ${result.filesChecked} files`);
  const counts: Record<string, number> = {};
  for (const list of result.diagnostics.values()) for (const d of list) counts[classOf(d)] = (counts[classOf(d)] ?? 0) + 1;
  const expected = Object.fromEntries(Object.entries(EXPECTED).map(([k, [n]]) => [k, n]));
  assert.deepEqual(counts, expected);
  // Nothing above information rests on the data alone.
  assert.deepEqual(warningsOnData(result.diagnostics), []);
});
