/**
 * The current game's data (0.I / experimental: core + 39 mods, 5,248 files) checked as the current game: the
 * game loads all of it, so every diagnostic is a genuine violation of the current format — each class counted
 * and justified here — or a bug of ours. The corpus is not part of the project: the test reads it from
 * CDDA_CURRENT_GAME (a folder holding json/ and mods/; `.ci/run` unpacks ../shared/corpora there) and is
 * skipped without it.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { lint } from '../../server/src/cli/lint';
import { classOf, warningsOnData } from '../helpers/diagnosticClasses';

const GAME = process.env.CDDA_CURRENT_GAME ?? '';
const present = GAME !== '' && fs.existsSync(path.join(GAME, 'json'));
const skip = present ? false : 'CDDA_CURRENT_GAME is not set to the current game data (unpack ../shared/corpora/cdda-0.I-experimental.tar.xz and point it at cdda-0.I-experimental)';

/** class -> [count, why the current game's data has it]. */
const EXPECTED: Record<string, [number, string]> = {
  // ---- style, not violations: spec 2.1's "largest unit that keeps full precision" (a hint, code unit-style)
  'unit-style/hint: volume': [134, 'a volume a larger unit states exactly ("3000 ml" -> "3 L"); a hint'],
  'unit-style/hint: weight': [26, 'as for volume ("2000 g" -> "2 kg"); a hint'],
  // ---- references to nothing: bugs in the data that the game does not check at load time
  'unknown-id: death_function.effect.id -> spell': [4, 'spells hurt_void_spider (core nether.json, twice), death_sap and death_pollen (TropiCataclysm) are defined nowhere'],
  'unknown-id: nested_category_data[] -> recipe': [7, 'core nested.json lists recipes that do not exist (medium_battery_cell, nested_atomic_battery, nested_dry_battery, knife_combat_army_mod, knife_combat_marine_mod, sword_bayonet_mod, cardboard_shield); the crafting menu reports each when opened'],
  'unknown-id: special_attacks[].fake_skills[][] -> skill': [1, 'core nether.json gives a gun attack the skill "throwing"; the skill is "throw"'],
  'unknown-id: traits[].trait -> trait': [22, 'trait groups list traits defined nowhere (the game does not check trait groups when it loads): core BG_trait_groups.json, 10 BOSS_* stories (BOSS_Evac_Shelter_01/01b/02/02b/03/03b, BOSS_Free_Merchants_01/02, BOSS_Hub01_01, BOSS_Isherwood_01); core expertise_traits.json, 8 Exp_*1fake2 (the traits are Exp_*1Fake2, with a capital F; one is also written "Exp_Biology 1fake2"); Aftershock and aftershock_exoplanet BG_trait_groups_afs.json BGRS_AFTERLIFE_1 and BGRS_Bonesinger_1 (the trait is BGRS_Bonesinger), each'],
  'unknown-id: roof -> terrain': [1, 'core terrain-walls.json gives a foam wall the roof t_foam_roof, defined nowhere'],
  'unknown-id: weakpoints[].effects[].effect -> effect': [1, 'core nether.json applies effect sectioned_filaments, which is only tested in conditions, never defined'],
  'unknown-id: weakpoints[].effects[].effect_on_conditions[] -> effect on condition': [1, 'core nether.json runs EOC_MORALE_SUBTRACT_100, defined nowhere'],
  // ---- references the generated tables index (schema/generated.ts), with their readings: a dialogue response's
  // topic by the dialogue's reading by name (DIALOGUE_REFERENCES), a layout's widgets and a transform's valid
  // terrain by the readings of widget::load and ter_furn_data::load
  'unknown-id: responses[].topic -> dialogue topic': [30, 'dialogue responses leading to topics defined nowhere the mod can see: 28 defined nowhere at all (core gung_ho BGSS_GUNG_HO_*_IDEAS2/3 x8, TALK_BALTHAZAR_MEET_DESCRIPTION_WEAK_1, TALK_GREAT_LIBRARY_LIBRARIAN_Robofac, TALK_CONVERSATION_RADIO, COMP_NURSING_HOME_LEGAL, TALK_CARLOS_FORGE, TALK_ROBOFAC_INTERCOM_BROKEN_YRAX_DELTA, TALK_TACOMA_Dana_Bakery1, TALK_TACOMA_Pablo_Propane1 x2; Aftershock and aftershock_exoplanet BGRS_MIGO_3_STORY3, BGSS_GANGER_1/2_STORY3, BGSS_RADIATION_2_STORY3 x2 each; BombasticPerks TALK_PERK_MENU_PSIONICS), 2 only in mods the referring mod does not depend on (Aftershock -> aftershock_exoplanet TALK_SALVOR_FABRICATOR_BACKSTORY_CURRENT_DAY_WHY_STAY; Perk_melee -> BombasticPerks TALK_PERK_MENU_MAIN)'],
  'unknown-id: terrain[].valid_terrain[] -> terrain': [2, 'warnings (ter_furn_transform::load reads a ter_str_id, never checked: never transformed): core vitrified_farm.json ter_furn_transform lists furniture ids (f_vitrified_bookcase_talker, f_vitrified_doll) as valid terrain: they never match'],
  'unknown-id: use_action.monster_id -> monster': [10, 'Aftershock and aftershock_exoplanet inactiverobot.json (each): inactive robots that place mon_copbot, mon_eyebot, mon_milbot_308, mon_riotbot (monsters the game no longer has) and "mon_laserturret_x-ray" (the monster is mon_laserturret_xray)'],
  'unknown-id: widgets[] -> widget': [2, 'core spacebar_mana.json lays out spacebar_mana_graph and spacebar_current_max_mana_nums_layout, widgets only Magiclysm defines'],
  // dialogue conditions testing traits that nothing defines (always false): the condition members are pooled
  // over every type (u_has_trait, npc_has_trait, u_has_any_trait name traits), so these are found at any depth
  'unknown-id: clauses[].condition.and[].u_has_trait -> trait': [14, 'core ui/zenfs/mod_SI.json: sidebar clauses test "awayfromhome", a trait of the Sky Island mod, which is not part of this game data'],
  'unknown-id: clauses[].condition.and[].not.u_has_trait -> trait': [1, 'the same file, the same trait'],
  'unknown-id: responses[].condition.and[].not.npc_has_trait -> trait': [7, 'core npcs/Backgrounds/prisoner_1.json tests trait PSYCHOTIC, which nothing defines'],
  'unknown-id: responses[].condition.and[].npc_has_trait -> trait': [1, 'the same file, the same trait'],
  'unknown-id: responses[].condition.u_has_trait -> trait': [1, 'core holdouts/NC_GLOOSCAP.json tests "SKILLED LIAR" (with a space), defined nowhere'],
  'unknown-id: condition.and[].not.u_has_trait -> trait': [1, 'core mutation_effect_eocs.json tests GASTROPOD_EXTREMITY_2, defined nowhere'],
  'unknown-id: condition.u_has_trait -> trait': [1, 'Perk_melee shared_eocs.json tests MELEE_PERK_TEMPO, defined nowhere'],
  'unknown-id: condition.or[].u_has_any_trait[] -> trait': [1, 'core godco_npc_eocs.json lists THRESH_ELPHA, defined nowhere'],
  'unknown-id: effect[].u_lose_effect -> effect': [1, 'core misc_effect_on_condition.json removes effect "effect_amigara" (the C++ name of the effect whose id is "amigara"), defined nowhere'],
  'unknown-id: effect[].then[].u_lose_effect -> effect': [1, 'the same file, the same id'],
  'unknown-id: effect[].else[].else[].run_eocs -> effect on condition': [1, 'Aftershock telekinesis_eocs.json runs EOC_TELEKINETIC_PUSH_DOWN_CHECKER; the EOC is EOC_AFS_TELEKINETIC_PUSH_DOWN_CHECKER'],
  'unknown-id: false_effect[].run_eocs -> effect on condition': [1, 'Magiclysm item_only.json runs EOC_SUMMON_MUSHROOMS, defined nowhere'],
  'unknown-id: effect[].npc_add_effect -> effect': [3, 'core chemist_npc.json gives chemist_waiting_for_gas_fungicide (the effect is chemist_waiting_for_gas_fungicidal); Aftershock and aftershock_exoplanet damage_types.json give psi_dazed, defined nowhere'],
  'unknown-id: responses[].condition.u_has_mission -> mission': [4, 'core TALK_MSU14.json tests mission RD_1 (twice), and liam_chat.json MISSION_ISHERWOOD_BARRY_1, defined nowhere; core TALK_COMPUTER.json tests MISSION_OLD_GUARD_NEC_COMMO_2, which only the no_hope mod defines'],
  'unknown-id: responses[].success.topic -> dialogue topic': [1, 'core TALK_TEST.json leads to TALK_TEST_TRUE_CONDITION_NEXT, defined nowhere'],
  'unknown-id: responses[].failure.topic -> dialogue topic': [2, 'core TALK_TEST.json leads to TALK_TEST_FALSE_CONDITION_NEXT, and prepper_1.json to BGSS_PREPPER_1_FOUND_LMOE2_FAILLIE (LMOE3/LMOE4 exist), defined nowhere'],
  'unknown-id: effect[].open_dialogue.topic -> dialogue topic': [1, 'Perk_melee leveling.json opens TALK_PERK_MENU_MAIN, which only BombasticPerks defines, a mod Perk_melee does not depend on'],
  'unknown-id: goal_condition.or[].u_has_item -> item': [2, 'core starting_missions.json: a mission goal tests items remmington_700 (the item is remington_700) and antibiotic (antibiotics)'],
  'unknown-id: condition.and[].or[].u_has_item -> item': [1, 'core end_screen.json tests item iv_mutagen_flavor, defined nowhere'],
  'unknown-id: camp_migrations.overmap_terrain -> overmap terrain': [1, 'a warning (load_oter_id_camp_migration reads it unchecked): Magiclysm camp_placement.json names forge_3A, a terrain its migration.json migrates away, on which overmap::unserialize places no camp'],
  'unknown-id: category -> item category': [7, 'warnings: items whose category is no item category, which the game replaces by one it computes: core science.json "tool" x3 and "TOOL" (the category is tools); Aftershock, aftershock_exoplanet and TEST_DATA "ARMOR" (armor)'],
  'unknown-id: active_procgen_values[].spell_id -> spell': [1, 'core relic_procgen_data.json lets artifacts cast AO_TELEPORT, defined nowhere (AEA_TELEPORT is)'],
  'unknown-id: effect_str -> effect': [6, 'attack spells that apply effects defined nowhere: Aftershock and aftershock_exoplanet protection_from_cold (afs_cold_protect) and afs_electrokinetic_shock_touch (psi_dazed_zap), each; Magiclysm debug_fall_protection (debug_feather_fall: the effect is feather_fall); TEST_DATA test_spell_json (the placeholder "string")'],
  // references of more types (registry/versions/readings-current.ts) and dialogue members by name (current.ts)
  'unknown-id: resist_traits[] -> trait': [3, 'effects resisted by trait BLEED_IMMUNE, which nothing defines (it is an immunity flag): core effects.json star_vampire_blood_drink_feral, and two in obsolete_effect.json'],
  'unknown-id: resist_effects[] -> effect': [2, 'core effects.json: effects resisted by effect PAINRESIST and by "aspirin" (an item), neither an effect'],
  'unknown-id: use_action.effects[].id -> effect': [5, 'drugs giving effects defined nowhere: core med.json "smoke" x3 (the effects are smoke_eyes and smoke_lungs); Aftershock and aftershock_exoplanet cheap_food.json pkill1 (pkill1_generic...), each'],
  'unknown-id: pocket_data[].default_magazine -> item': [3, 'core fake.json: three appliance pseudo items come with magazine pseudo_battery, defined nowhere'],
  'unknown-id: terrain[] -> overmap terrain': [4, 'warnings (a start on none of its terrains fails when a game begins): Aftershock and aftershock_exoplanet start location sloc_crashed_gunship on afs_crashed_gunship, defined nowhere (its only terrain); core\'s urban_library (a city building; its terrains are urban_library_1...) and MA\'s house_two_story_basement (renamed house_2story_basement), among others'],
  'unknown-id: ignored_monster_species[] -> species': [2, 'warnings (not checked by the game; the spell ignores no monster for it): Aftershock and aftershock_exoplanet electrokinesis spells ignore species PSI_NULL, defined nowhere'],
  'unknown-id: skill -> skill': [2, 'warnings (not checked by the game): Magiclysm migration_and_obsoletion/temporary.json, an obsolete spell training the removed skill "deduction"; TEST_DATA magic.json, "not_spellcraft" (a test placeholder)'],
  'unknown-id: effect[].cases[].effect[].mapgen_update -> update mapgen function': [1, 'core labyrinth_effect_on_condition.json: case 0 of the passcode generator runs UM_LS_Passcode_Generator_0, which nothing defines (_1 to _3 exist)'],
  'unknown-id: speaker_effect.effect.mapgen_update -> update mapgen function': [1, 'core exodii_merchant_talk_exodization.json runs tier1_CBM_shop_update, which nothing defines'],
  'unknown-id: responses[].effect[].mapgen_update -> update mapgen function': [1, 'core robofac_intercom_trades.json runs robofachq_surface_entrance, an overmap terrain, as an update map generator (beside a mission target\'s reveal_radius)'],
  'unknown-id: removes_effects[] -> effect': [3, 'warnings (the game removes nothing by an unknown id): core effects.json removes "stung", defined nowhere; Aftershock and aftershock_exoplanet esper effects remove Magiclysm\'s telepathic_ignorance without depending on it'],
  'unknown-id: condition.and[].not.u_has_bionics -> bionic': [1, 'core misc_effect_on_condition.json tests bionic armor_bio_eyes, an item (the pseudo item of bio_armor_eyes)'],
  'unknown-id: false_effect[].u_lose_morale -> morale type': [2, 'core effects_eocs.json removes morale types morale_social_dissatisfied and morale_asocial_dissatisfied, defined nowhere'],
  'unknown-id: spell_class -> trait': [1, 'core artisan_guns.json gives spell bring_the_sun the class KELVINIST, a trait of Magiclysm, which core does not depend on'],
  'unknown-id: targeted_monster_ids[] -> monster': [2, 'core yrax_special_attacks.json targets mon_yrax_sphenocorona_inert (mon_yrax_sphenocorona exists); TEST_DATA magic.json targets mon_test: defined nowhere'],
  'unknown-id: components -> requirement': [1, 'TEST_DATA magic.json: a spell consumes requirement test_components, defined nowhere'],
  'unknown-id: terrain[].result -> terrain': [2, 'core EOC_talkers/vitrified_farm.json: terrain transforms whose results are furniture ids (f_vitrified_sofa, f_vitrified_bookcase)'],
  'unknown-id: furniture[].valid_furniture[] -> furniture': [2, 'warnings (ter_furn_transform::load reads a furn_str_id, never checked): Magiclysm ter_fur_transform.json lists terrains (t_grass_tall, t_grass_long) as valid furniture: they never match'],
  'unknown-id: shopkeeper_price_rules[].group -> item group': [5, 'core BEM_drugs.json prices group BEM_DRUGRUNNER_STOCK (the group is BEM_DRUGRUNNER_stock); Defense_Mode npcs.json prices harvest ids as item groups (zombie_humanoid, human, arachnid, triffid_paralytic)'],
  'unknown-id: repeat_responses.for_item[] -> item': [2, 'core NPC_ranch_nurse.json repeats a response for items 1st_aid and ifak, defined nowhere (1st_aid is only ascii art)'],
  'unknown-id: effect[].if.test_eoc -> effect on condition': [1, 'extra_mut_scen debug.json tests EOC_IS_GLAND, defined nowhere'],
  'unknown-id: effect[].then[].if.test_eoc -> effect on condition': [1, 'the same file, the same id'],
  'unknown-id: condition.not.or[].u_has_effect -> effect': [1, 'core enchantments.json tests effect "smoke" (an item; the effects are smoke_eyes, smoke_lungs)'],
  'unknown-id: condition.and[].and[].not.u_has_effect -> effect': [2, 'core mutation_techs.json tests effect GRAB, defined nowhere (a monster flag), twice'],
  'unknown-id: condition.and[].not.u_has_effect -> effect': [6, 'Magiclysm techniques_fantasy_species.json tests effect GRAB (twice), and monsterspells.json "BLIND" (the effect is blind); core monster_attacks.json tests sectioned_filaments (three times), an effect only ever tested'],
  'unknown-id: condition.not.u_has_effect -> effect': [1, 'core monster_attacks.json, sectioned_filaments once more'],
  'unknown-id: condition.or[].npc_has_effect -> effect': [2, 'core void_spider_mechanics.json tests effects WEBBED and GRABBED (the effects are webbed and grabbed)'],
  'unknown-id: responses[].condition.and[].u_has_effect -> effect': [1, 'core godco NPC_Jeremiah_Weaver.json tests effect godco_joinee, defined nowhere'],
  'unknown-id: responses[].condition.and[].not.u_has_effect -> effect': [1, 'the same file, the same effect'],
  'unknown-id: responses[].condition.and[].npc_has_effect -> effect': [2, 'core godco NPC_Kostas_Walsman.json tests effect godco_kostas_trade, defined nowhere, twice'],
  'unknown-id: clauses[].condition.not.u_has_effect -> effect': [6, 'core ui/zenfs sidebars for mods not in this game data test their effects: mod_MoM.json effect_disease_psionic_drain x3, mod_XE.json vampire_virus x3'],
  'unknown-id: clauses[].condition.and[].u_has_effect -> effect': [9, 'the same: mod_XE.json vampire_virus x8, mod_SI.json warpdisintegration'],
  'unknown-id: clauses[].condition.u_has_effect -> effect': [2, 'the same: mod_XE.json vampire_virus x2'],
  'unknown-id: condition.and[].npc_has_effect -> effect': [2, 'Aftershock and aftershock_exoplanet damage_types.json test effect effect_psyshield_protection, defined nowhere'],
  'unknown-id: effect[].run_eocs[].effect[].npc_lose_effect -> effect': [2, 'the same files remove that effect'],
  'unknown-id: effect[].run_eocs[].false_effect[].npc_lose_effect -> effect': [2, 'the same files remove that effect'],
  'unknown-id: enchantments[].special_vision[].condition.and[].not.npc_has_effect -> effect': [2, 'Aftershock and aftershock_exoplanet effects_esper.json test effect eff_monster_immune_to_telepathy, defined nowhere'],
  'unknown-id: special_vision[].condition.or[].npc_has_species -> species': [1, 'core enchantments.json tests species nether_player_hate, a monster faction, no species'],
  'unknown-id: enchantments[].special_vision[].condition.or[].npc_has_species -> species': [2, 'the same in BombasticPerks sight_beyond_sight.json and Magiclysm effects.json'],
  'unknown-id: enchantments[].special_vision[].condition.and[].or[].and[].not.npc_has_species -> species': [4, 'Aftershock and aftershock_exoplanet effects_esper.json test species PSI_NULL, defined nowhere, twice each'],
  // dialogue conditions on weather, overmap terrains and ammunition types that nothing defines, and a mission finished
  // (schema/dialogueOperators.ts reads: OPERATOR_REFERENCES); a condition on one is always false
  'unknown-id: effect[].if.or[].is_weather -> weather type': [2, 'core misc_effect_on_condition.json tests weather "clear" beside "sunny", twice: no weather is "clear"'],
  'unknown-id: condition.and[].or[].and[].is_weather -> weather type': [4, 'core nether_eocs test weather near_portal_storm (the storms are early_, distant_, close_portal_storm and portal_storm): portal_dependent_effect_on_condition.json once, portal_storm_effect_on_condition.json three times'],
  'unknown-id: deactivate_condition.not.or[].is_weather -> weather type': [2, 'the same weather in the same two files'],
  'unknown-id: condition.or[].is_weather -> weather type': [1, 'the same weather, portal_dependent_effect_on_condition.json'],
  'unknown-id: condition.and[].not.or[].is_weather -> weather type': [1, 'the same'],
  'unknown-id: deactivate_condition.or[].or[].is_weather -> weather type': [1, 'the same'],
  'unknown-id: condition.and[].is_weather -> weather type': [3, 'Aftershock effects_on_condition.json, aftershock_exoplanet effects_on_condition.json and EOC/world_eocs.json test weather "clear", defined nowhere'],
  'unknown-id: condition.and[].not.u_near_om_location -> overmap terrain': [6, 'core generic_npc_eocs.json tests pagan_cult_enter four times, and Magiclysm mana_upgrades.json dirt_road twice: overmap terrains defined nowhere (dirt_road is only a travel cost type)'],
  'unknown-id: clauses[].condition.and[].or[].u_at_om_location -> overmap terrain': [3, 'core ui/zenfs/mod_SI.json: a sidebar tests sky_island_core, _edge and _corner, terrains of the Sky Island mod, which is not part of this game data'],
  'unknown-id: dynamic_line.concatenate[].npc_at_om_location -> overmap terrain': [10, 'Aftershock and aftershock_exoplanet BGBR_Sadie.json test terrains "water" and "Lab" (defined nowhere; lab is), "subterranean" and "swamp" (overmap locations) and "Mansion_Road_1" (an overmap special), each'],
  'unknown-id: condition.and[].and[].or[].u_at_om_location -> overmap terrain': [2, 'Magiclysm mana_upgrades.json tests generic_river and generic_river_bank, abstract overmap terrains (copy-from templates, never on the map)'],
  'unknown-id: effect[].if.u_has_wielded_with_ammotype -> ammunition type': [1, 'Isolation-Protocol sorcery_eoc.json tests ammunition type "44c", defined nowhere (44 is)'],
  'unknown-id: effect[].target_part -> body part': [1, 'core mutation_effect_eocs.json adds formication to body part "random" (the game reads "RANDOM" as a random part, any other word as a body part id)'],
  'unknown-id: responses[].effect.finish_mission -> mission': [1, 'a warning (nothing is finished): core TALK_COMPUTER.json finishes MISSION_OLD_GUARD_NEC_COMMO_2, which only the no_hope mod defines'],
  // ---- members the game does not read
  'unknown-field/warning: Unknown member "npc_background" in "desc': [2, 'core professions reenactor and reenactor2 put npc_background inside description ({male, female}); the game ignores it there'],
  // ---- values of the wrong type
  'invalid-value/error: using[][]': [1, 'core feet.json xl_espadrilles uses a requirement 1.5 times; the game reads an integer (1)'],
  // ---- map generators (checks/mapgenRows.ts): every map's rows are as the game wants them (8,113 map generators,
  // palettes resolved, the `extending` ones included); a map's own mapping that no cell uses is common (a map
  // copied from another keeps its mappings), hence a hint
  'unused-mapping/hint': [1790, 'map generators\' own mappings no cell of their rows uses (858 terrain, 580 furniture, 285 items, 67 others): harmless leftovers'],
};

test('the current game data, checked as the current game: every class of diagnostic justified, with its count', { skip }, () => {
  const result = lint({ paths: [GAME], gamePath: GAME });
  assert.equal(result.project.version.version.id, 'current', 'detected from the game folder');
  // Files of mod_interactions folders whose other mod is not in the corpus are not loaded (as in the game).
  assert.ok(result.filesChecked >= 5200, `checked ${result.filesChecked} files`);
  const counts: Record<string, number> = {};
  for (const list of result.diagnostics.values()) for (const d of list) counts[classOf(d)] = (counts[classOf(d)] ?? 0) + 1;
  assert.deepEqual(counts, Object.fromEntries(Object.entries(EXPECTED).map(([k, [n]]) => [k, n])));
  // Nothing above information rests on the data alone (the basis of every warning and error: a reader, the spec, the docs).
  assert.deepEqual(warningsOnData(result.diagnostics), []);
});

test('a current mod (Magiclysm) checked on its own against current core: only its genuine errors', { skip }, () => {
  const result = lint({ paths: [path.join(GAME, 'mods', 'Magiclysm')], gamePath: GAME });
  assert.ok(result.filesChecked > 100, `checked ${result.filesChecked} files`);
  const counts: Record<string, number> = {};
  for (const list of result.diagnostics.values()) for (const d of list) counts[classOf(d)] = (counts[classOf(d)] ?? 0) + 1;
  // Its debug spell debug_fall_protection applies effect debug_feather_fall, which nothing defines (feather_fall is);
  // an EOC of its item_only.json runs EOC_SUMMON_MUSHROOMS, which nothing defines; techniques test effect GRAB
  // (twice) and a monster spell "BLIND" (blind), defined nowhere; its effects.json tests species nether_player_hate
  // (a monster faction); a transform lists terrains as valid furniture (twice); an obsolete spell trains the
  // removed skill "deduction" (a warning); a camp migration names forge_3A, a terrain it migrates away (a warning:
  // no camp is ever placed on it); 74 mappings of its maps that no cell uses (hints); its mana upgrades test
  // overmap terrains generic_river and generic_river_bank (abstract: never on the map) and dirt_road (none), twice each.
  assert.deepEqual(counts, {
    'unit-style/hint: volume': 13, 'unit-style/hint: weight': 3, 'unknown-id: camp_migrations.overmap_terrain -> overmap terrain': 1, 'unknown-id: effect_str -> effect': 1,
    'unknown-id: false_effect[].run_eocs -> effect on condition': 1, 'unknown-id: condition.and[].not.u_has_effect -> effect': 3,
    'unknown-id: enchantments[].special_vision[].condition.or[].npc_has_species -> species': 1, 'unknown-id: furniture[].valid_furniture[] -> furniture': 2,
    'unknown-id: skill -> skill': 1, 'unused-mapping/hint': 74,
    'unknown-id: condition.and[].and[].or[].u_at_om_location -> overmap terrain': 2, 'unknown-id: condition.and[].not.u_near_om_location -> overmap terrain': 2,
  });
});
