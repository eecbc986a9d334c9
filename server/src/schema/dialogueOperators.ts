/**
 * The operators of the dialogue language (effects and conditions, schema/dialogueLanguage.ts) as the current game
 * documents them: doc/JSON/EFFECT_ON_CONDITION.md (CleverRaven/Cataclysm-DDA at f5c4d2093ebe) and the dialogue
 * effects and conditions of doc/JSON/NPCs.md (at a5a81e9c268f), read on 2026-11-27. The game reads each by its name
 * wherever an effect or a condition is written: conditions through the `conditional_t` parsers of condition.cpp
 * (`read_condition`: an object keyed by the operator, or a simple condition's name as a string), effects through
 * the `talk_effect_fun_t` parsers of npctalk.cpp (`talk_effect_t::parse_sub_effect`: an object keyed by the
 * operator, `talk_effect_t::parse_string_effect`: a simple effect's name). Per operator: how its own value is read,
 * the kind of id it names (an index kind of the version), and the arguments the docs list beside it.
 */

import type { RefKind, SiblingRef } from './types';

/** How an operator's own value is read. */
export type OperatorReader =
  /** Written as its name alone (`"u_is_outside"`, `"follow"`): a simple condition or effect. */
  | 'simple'
  /** `get_str_or_var`: a string or a variable object (`{ "context_val": "x" }`, a mutator). */
  | 'string'
  /** One string or variable object, or an array of them (the generic readers' one-or-many). */
  | 'strings'
  /** `get_dbl_or_var` / `get_int_or_var`: a number, a variable object, `math`, or a `[min, max]` pair of them. */
  | 'number'
  /** `get_duration_or_var`: a time string, a number of turns, a variable object, or `[min, max]`. */
  | 'duration'
  /** A variable object only: where a value is stored or a location read (`read_var_info`). */
  | 'variable'
  /** An object of its own members (`u_cast_spell`'s fake spell, `x_in_y_chance`). */
  | 'object'
  /** An array of objects (`u_has_items_sum`). */
  | 'objects'
  /** One condition (`not`). */
  | 'condition'
  /** An array of conditions (`and`, `or`). */
  | 'conditions'
  /** Effects on condition: ids, variable objects or inline ones, one or an array (`load_inline_eocs`). */
  | 'eocs'
  /** A math expression: an array of strings (`math_exp`). */
  | 'math'
  /** An array of pairs (`weighted_list_eocs`, `add_debt`). */
  | 'list'
  /** `get_bool`: true or false (an argument's). */
  | 'boolean';

/** One documented operator. */
export interface DialogueOperator {
  readonly name: string;
  /** Read as an effect, a condition, or both (`math`). */
  readonly roles: readonly ('effect' | 'condition')[];
  readonly reader: OperatorReader;
  /** The kind of id its value names (an index kind: `mutation`, `effect_type`...); the first of `reads` where it has one. */
  readonly names?: string;
  /**
   * How the game reads that id, reviewed against its reader where one kind is not the whole word or the data's
   * forms would not show it: several kinds (any resolves it), words that name no id, a harmless unknown
   * (SiblingRef.weak). The version applies it wherever the operator is written (OPERATOR_REFERENCES).
   */
  readonly reads?: SiblingRef;
  /** The arguments the docs list beside it. */
  readonly args: readonly string[];
  /** The doc that lists it. */
  readonly doc: 'EFFECT_ON_CONDITION.md' | 'NPCs.md';
}

const C = 'condition';
const E = 'effect';
/** Listed in doc/JSON/EFFECT_ON_CONDITION.md. */
const EOC = 'EFFECT_ON_CONDITION.md';
/** Listed in doc/JSON/NPCs.md. */
const NPC = 'NPCs.md';

/**
 * An id of one of `kinds` as the game's reader takes it (DialogueOperator.reads), with `none`, the words it reads as
 * no id, and `weak` where an unknown one does nothing when the dialogue runs.
 */
function reads(kinds: readonly [RefKind, ...RefKind[]], also: Pick<SiblingRef, 'none' | 'weak'> = {}): SiblingRef {
  return { kinds: {}, otherwise: kinds, ...also };
}

/**
 * conditional_fun::f_at_om_location and f_near_om_location (condition.cpp): the overmap terrain the talker is on (or
 * within `range` of), compared without its rotation or connection suffix (oter_no_dir_or_connections); or
 * FACTION_CAMP_ANY (a camp is there), FACTION_CAMP_START (a terrain a camp may be founded on). An unknown id is never
 * matched: the condition is always false.
 */
const OM_LOCATION = reads(['overmap_terrain'], { none: ['FACTION_CAMP_ANY', 'FACTION_CAMP_START'] });

/**
 * role, doc, operator names (space-separated), reader, kind named ('' none; `reads`: how the game's reader takes
 * it, see DialogueOperator.reads), arguments (space-separated).
 */
type Row = readonly [typeof C | typeof E, typeof EOC | typeof NPC, string, OperatorReader, string | SiblingRef, string];

const ROWS: readonly Row[] = [
  [C, EOC, 'has_alpha has_beta', 'simple', '', ''],
  [C, EOC, 'u_male u_female npc_male npc_female', 'simple', '', ''],
  [C, EOC, 'u_is_avatar u_is_npc u_is_character u_is_monster u_is_item u_is_furniture u_is_vehicle npc_is_avatar npc_is_npc npc_is_character npc_is_monster npc_is_item npc_is_furniture npc_is_vehicle', 'simple', '', ''],
  [C, EOC, 'u_at_om_location npc_at_om_location', 'string', OM_LOCATION, ''],
  [C, EOC, 'u_has_trait npc_has_trait', 'string', 'mutation', ''],
  [C, EOC, 'u_has_any_trait npc_has_any_trait', 'strings', 'mutation', ''],
  [C, EOC, 'u_has_visible_trait npc_has_visible_trait', 'string', 'mutation', ''],
  [C, EOC, 'u_is_trait_purifiable npc_is_trait_purifiable', 'string', 'mutation', ''],
  [C, EOC, 'u_has_martial_art npc_has_martial_art', 'string', 'martial_art', ''],
  [C, EOC, 'u_using_martial_art npc_using_martial_art', 'string', 'martial_art', ''],
  // conditional_fun::f_has_flag: a json_character_flag of the talker (a monster's monster flags count too,
  // EFFECT_ON_CONDITION.md), which needs no definition: a flag a trait, an effect or a bionic writes in its "flags"
  // is one (the game's own GRAB_FILTER, DISABLE_FLIGHT, BG_SURVIVAL_STORY are only written so). No kind names them all.
  [C, EOC, 'u_has_flag npc_has_flag', 'string', '', ''],
  [C, EOC, 'u_has_part_flag npc_has_part_flag', 'string', '', 'enabled'],
  [C, EOC, 'u_has_species npc_has_species', 'string', 'SPECIES', ''],
  [C, EOC, 'u_bodytype npc_bodytype', 'string', '', ''],
  [C, EOC, 'expects_vars', 'strings', '', ''],
  [C, EOC, 'compare_string', 'strings', '', ''],
  [C, EOC, 'compare_string_match_all', 'strings', '', ''],
  [C, EOC, 'u_profession', 'string', 'profession', ''],
  [C, EOC, 'u_has_strength npc_has_strength u_has_dexterity npc_has_dexterity u_has_intelligence npc_has_intelligence u_has_perception npc_has_perception', 'number', '', ''],
  [C, EOC, 'u_has_part_temp npc_has_part_temp', 'number', '', 'bodypart'],
  [C, EOC, 'u_has_item npc_has_item', 'string', 'item', ''],
  [C, EOC, 'u_has_items npc_has_items', 'object', '', 'item count charges'],
  [C, EOC, 'u_has_item_category npc_has_item_category', 'string', 'ITEM_CATEGORY', 'count'],
  [C, EOC, 'u_has_items_sum npc_has_items_sum', 'objects', '', 'item amount'],
  [C, EOC, 'u_has_bionics npc_has_bionics', 'string', 'bionic', ''],
  [C, EOC, 'u_has_effect npc_has_effect', 'string', 'effect_type', 'intensity bodypart'],
  [C, EOC, 'u_has_any_effect npc_has_any_effect', 'strings', 'effect_type', 'intensity bodypart'],
  [C, EOC, 'u_has_proficiency npc_has_proficiency', 'string', 'proficiency', ''],
  [C, EOC, 'u_can_stow_weapon npc_can_stow_weapon u_can_drop_weapon npc_can_drop_weapon u_has_weapon npc_has_weapon u_controlling_vehicle npc_controlling_vehicle u_driving npc_driving', 'simple', '', ''],
  [C, EOC, 'u_know_recipe', 'string', 'recipe', ''],
  [C, EOC, 'u_has_worn_with_flag npc_has_worn_with_flag u_has_wielded_with_flag npc_has_wielded_with_flag', 'string', 'json_flag', ''],
  [C, EOC, 'u_has_wielded_with_weapon_category npc_has_wielded_with_weapon_category', 'string', 'weapon_category', ''],
  [C, EOC, 'u_has_wielded_with_skill npc_has_wielded_with_skill', 'string', 'skill', ''],
  // conditional_fun::f_has_wielded_with_ammotype: ammotype( id ), compared with the wielded item's.
  [C, EOC, 'u_has_wielded_with_ammotype npc_has_wielded_with_ammotype', 'string', reads(['ammunition_type']), ''],
  [C, EOC, 'u_can_see npc_can_see u_is_deaf npc_is_deaf u_is_alive npc_is_alive u_is_warm npc_is_warm u_exists npc_exists', 'simple', '', ''],
  [C, EOC, 'u_is_on_terrain npc_is_on_terrain', 'string', 'terrain', ''],
  [C, EOC, 'u_is_on_terrain_with_flag npc_is_on_terrain_with_flag', 'string', '', ''],
  [C, EOC, 'u_is_in_field npc_is_in_field', 'string', 'field_type', ''],
  [C, EOC, 'u_query npc_query', 'string', '', 'default'],
  [C, EOC, 'map_terrain_with_flag map_furniture_with_flag', 'string', '', 'loc'],
  [C, EOC, 'map_terrain_id', 'string', 'terrain', 'loc'],
  [C, EOC, 'map_furniture_id', 'string', 'furniture', 'loc'],
  [C, EOC, 'map_field_id', 'string', 'field_type', 'loc'],
  [C, EOC, 'map_in_city', 'string', '', ''],
  [C, EOC, 'player_see_u player_see_npc', 'simple', '', ''],
  [C, EOC, 'u_can_see_location npc_can_see_location', 'string', '', ''],
  [C, EOC, 'u_see_npc npc_see_you u_see_npc_loc npc_see_you_loc', 'simple', '', ''],
  [C, EOC, 'u_is_driven npc_is_driven u_is_remote_controlled npc_is_remote_controlled u_can_fly npc_can_fly u_is_flying npc_is_flying u_can_float npc_can_float u_is_floating npc_is_floating u_is_falling npc_is_falling u_is_skidding npc_is_skidding u_is_sinking npc_is_sinking u_is_on_rails npc_is_on_rails u_is_avatar_passenger npc_is_avatar_passenger', 'simple', '', ''],
  [C, EOC, 'line_of_sight', 'number', '', 'loc_1 loc_2 with_fields'],
  [C, EOC, 'has_ammo', 'simple', '', ''],
  [C, EOC, 'test_eoc', 'string', 'effect_on_condition', ''],
  [E, EOC, 'sound_effect', 'string', '', 'id outdoor_event volume'],
  [E, EOC, 'open_dialogue', 'object', '', 'topic true_eocs false_eocs'],
  [E, EOC, 'take_control', 'object', '', 'true_eocs false_eocs'],
  [E, EOC, 'take_control_menu', 'simple', '', ''],
  [E, EOC, 'give_achievement', 'string', 'achievement', ''],
  [E, EOC, 'assign_mission', 'string', 'mission_definition', 'deadline'],
  [E, EOC, 'remove_active_mission', 'string', 'mission_definition', ''],
  // talk_effect_fun_t's finish_mission: the player's active mission of that type, if any (none: nothing is done).
  [E, EOC, 'finish_mission', 'string', reads(['mission_definition'], { weak: true }), 'success step'],
  [E, EOC, 'offer_mission', 'strings', 'mission_definition', ''],
  [E, EOC, 'run_eocs', 'eocs', 'effect_on_condition', 'iterations condition time_in_future randomize_time_in_future alpha_loc beta_loc alpha_talker beta_talker false_eocs variables'],
  [E, EOC, 'u_set_talker npc_set_talker', 'variable', '', ''],
  [E, EOC, 'u_roll_remainder npc_roll_remainder', 'strings', '', 'type message true_eocs false_eocs'],
  [E, EOC, 'if', 'condition', '', 'then else'],
  [E, EOC, 'switch', 'number', '', 'cases'],
  [E, EOC, 'foreach', 'string', '', 'var effect target'],
  [E, EOC, 'u_run_npc_eocs npc_run_npc_eocs', 'eocs', 'effect_on_condition', 'unique_ids local npc_range npc_must_see'],
  [E, EOC, 'u_run_monster_eocs npc_run_monster_eocs', 'eocs', 'effect_on_condition', 'mtype_ids monster_range monster_must_see'],
  [E, EOC, 'u_run_inv_eocs npc_run_inv_eocs', 'string', '', 'search_data title true_eocs false_eocs'],
  [E, EOC, 'u_map_run_eocs npc_map_run_eocs', 'eocs', 'effect_on_condition', 'store_coordinates_in condition target_var range stop_at_first'],
  [E, EOC, 'u_map_run_item_eocs npc_map_run_item_eocs', 'string', '', 'loc min_radius max_radius title search_data true_eocs false_eocs'],
  [E, EOC, 'reveal_map', 'variable', '', 'radius'],
  [E, EOC, 'reveal_route', 'variable', '', 'target_var radius road_only'],
  [E, EOC, 'closest_city', 'variable', '', 'known'],
  [E, EOC, 'weighted_list_eocs', 'list', 'effect_on_condition', ''],
  [E, EOC, 'run_eoc_selector', 'eocs', 'effect_on_condition', 'names descriptions keys title hide_failing allow_cancel hilight_disabled variables'],
  [E, EOC, 'u_deal_damage npc_deal_damage', 'string', 'damage_type', 'amount bodypart arpen arpen_mult dmg_mult min_hit max_hit can_attack_high hit_roll'],
  [E, EOC, 'u_mutate npc_mutate', 'number', '', 'use_vitamins'],
  [E, EOC, 'u_mutate_category npc_mutate_category', 'string', 'mutation_category', 'use_vitamins'],
  [E, EOC, 'u_mutate_towards npc_mutate_towards', 'string', 'mutation', 'category use_vitamins'],
  [E, EOC, 'u_set_trait_purifiability npc_set_trait_purifiability', 'string', 'mutation', 'purifiable'],
  [E, EOC, 'u_add_effect npc_add_effect', 'string', 'effect_type', 'duration target_part intensity force_bool'],
  [E, EOC, 'u_add_bionic npc_add_bionic u_lose_bionic npc_lose_bionic', 'string', 'bionic', ''],
  [E, EOC, 'u_add_trait npc_add_trait', 'string', 'mutation', 'variant'],
  [E, EOC, 'u_lose_effect npc_lose_effect', 'strings', 'effect_type', 'target_part'],
  [E, EOC, 'u_lose_trait npc_lose_trait u_activate_trait npc_activate_trait u_deactivate_trait npc_deactivate_trait', 'string', 'mutation', ''],
  [E, EOC, 'u_learn_martial_art npc_learn_martial_art u_forget_martial_art npc_forget_martial_art', 'string', 'martial_art', ''],
  [E, EOC, 'u_add_var npc_add_var', 'string', '', 'value possible_values time type context'],
  [E, EOC, 'u_lose_var npc_lose_var', 'string', '', 'type context'],
  [E, EOC, 'copy_var', 'variable', '', 'target_var'],
  [E, EOC, 'set_string_var', 'strings', '', 'target_var parse_tags i18n string_input'],
  [E, EOC, 'set_condition', 'string', '', 'condition'],
  [E, EOC, 'u_location_variable npc_location_variable', 'variable', '', 'min_radius max_radius outdoor_only passable_only target_params x_adjust y_adjust z_adjust z_override terrain furniture field trap monster zone npc target_min_radius target_max_radius true_eocs false_eocs'],
  [E, EOC, 'location_variable_adjust', 'variable', '', 'x_adjust y_adjust z_adjust z_override overmap_tile'],
  [E, EOC, 'barber_hair barber_beard', 'simple', '', ''],
  [E, EOC, 'u_learn_recipe npc_learn_recipe', 'string', 'recipe', ''],
  [E, EOC, 'u_forget_recipe npc_forget_recipe', 'string', '', 'category subcategory'],
  [E, EOC, 'npc_first_topic', 'string', 'talk_topic', ''],
  [E, EOC, 'u_add_wet npc_add_wet', 'number', '', ''],
  [E, EOC, 'u_make_sound npc_make_sound', 'string', '', 'volume type target_var snippet same_snippet'],
  [E, EOC, 'u_mod_healthy npc_mod_healthy', 'number', '', 'cap'],
  [E, EOC, 'u_add_morale npc_add_morale', 'string', 'morale_type', 'bonus max_bonus duration decay_start capped'],
  [E, EOC, 'u_lose_morale npc_lose_morale', 'string', 'morale_type', ''],
  [E, EOC, 'u_consume_item_sum npc_consume_item_sum', 'objects', '', 'item amount'],
  [E, EOC, 'u_set_fac_relation npc_set_fac_relation', 'string', '', 'set_value_to'],
  [E, EOC, 'u_add_faction_trust', 'number', '', ''],
  [E, EOC, 'u_message npc_message message', 'string', '', 'type sound outdoor_only snippet store_in_lore same_snippet popup popup_flag popup_w_interrupt_query interrupt_type'],
  [E, EOC, 'u_cast_spell npc_cast_spell', 'object', '', 'id hit_self message npc_message min_level max_level targeted loc true_eocs false_eocs'],
  // talk_effect_fun_t's level_spell_class: the spells whose spell_class is this trait are levelled (none known: none).
  [E, EOC, 'u_level_spell_class npc_level_spell_class', 'string', reads(['mutation'], { weak: true }), 'levels'],
  [E, EOC, 'u_assign_activity npc_assign_activity', 'string', 'activity_type', 'duration'],
  [E, EOC, 'u_cancel_activity npc_cancel_activity', 'simple', '', ''],
  [E, EOC, 'u_teleport npc_teleport', 'variable', '', 'success_message fail_message force force_safe'],
  [E, EOC, 'u_explosion npc_explosion', 'object', '', 'target_var emp_blast scrambler_blast'],
  [E, EOC, 'u_knockback npc_knockback', 'number', '', 'stun dam_mult target_var direction_var'],
  [E, EOC, 'u_query_omt npc_query_omt', 'variable', '', 'message target_var distance_limit spread'],
  [E, EOC, 'u_query_tile npc_query_tile', 'string', '', 'target_var range z_level message center_var'],
  [E, EOC, 'u_choose_adjacent_highlight npc_choose_adjacent_highlight', 'variable', '', 'target_var condition allow_vertical allow_autoselect message failure_message false_eocs'],
  [E, EOC, 'mirror_coordinates', 'variable', '', 'center_var relative_var'],
  [E, EOC, 'u_die npc_die', 'object', '', 'remove_corpse supress_message remove_from_creature_tracker'],
  [E, EOC, 'u_prevent_death npc_prevent_death', 'simple', '', ''],
  [E, EOC, 'u_attack npc_attack', 'string', 'technique', 'allow_special allow_unarmed forced_movecost'],
  [E, EOC, 'u_set_flag npc_set_flag u_unset_flag npc_unset_flag', 'string', 'json_flag', ''],
  [E, EOC, 'u_activate npc_activate', 'string', '', 'target_var'],
  [E, EOC, 'u_set_fault npc_set_fault', 'string', 'fault', 'force message'],
  [E, EOC, 'u_set_random_fault_of_type npc_set_random_fault_of_type', 'string', '', 'force message'],
  // talk_effect_fun_t's map_spawn_item: an item, or with "use_item_group": true an item group (as u_spawn_item).
  [E, EOC, 'map_spawn_item', 'string', { member: 'use_item_group', kinds: { true: ['item_group'] }, otherwise: ['item'] }, 'loc count container use_item_group flags'],
  [E, EOC, 'mapgen_update', 'strings', 'mapgen', 'time_in_future key target_var'],
  [E, EOC, 'revert_location', 'variable', '', 'time_in_future key'],
  [E, EOC, 'alter_timed_events', 'string', '', 'time_in_future'],
  [E, EOC, 'lightning', 'simple', '', ''],
  [E, EOC, 'next_weather', 'simple', '', ''],
  [E, EOC, 'custom_light_level', 'number', '', 'length key'],
  [E, EOC, 'u_transform_radius npc_transform_radius', 'number', '', 'ter_furn_transform target_var time_in_future key'],
  [E, EOC, 'transform_line', 'string', 'ter_furn_transform', 'first second'],
  [E, EOC, 'place_override', 'string', '', 'length key'],
  [E, EOC, 'u_spawn_monster npc_spawn_monster', 'string', '', 'real_count hallucination_count group single_target min_radius max_radius outdoor_only indoor_only open_air_allowed target_range lifespan target_var temporary_drop_items mon_variables summoner_is_alpha summoner_is_beta spawn_message spawn_message_plural true_eocs false_eocs'],
  // An NPC template (npc_template::load), as the version's referencesByName says.
  [E, EOC, 'u_spawn_npc npc_spawn_npc', 'string', 'npc', 'unique_id traits real_count hallucination_count min_radius max_radius outdoor_only indoor_only open_air_allowed lifespan target_var spawn_message spawn_message_plural true_eocs false_eocs'],
  [E, EOC, 'u_set_field npc_set_field', 'string', 'field_type', 'intensity radius age outdoor_only indoor_only hit_player target_var'],
  [E, EOC, 'u_emit npc_emit', 'string', 'emit', 'chance_mult target_var'],
  [E, EOC, 'turn_cost', 'duration', '', ''],
  [E, EOC, 'transform_item', 'string', 'item', 'active'],
  [E, NPC, 'u_buy_item', 'string', 'item', 'cost count container true_eocs false_eocs use_item_group suppress_message flags'],
  [E, NPC, 'u_sell_item', 'string', 'item', 'cost count true_eocs false_eocs'],
  [E, NPC, 'u_bulk_trade_accept npc_bulk_trade_accept u_bulk_donate npc_bulk_donate', 'number', '', ''],
  [E, NPC, 'u_spend_cash', 'number', '', 'true_eocs false_eocs'],
  [E, NPC, 'add_debt', 'list', '', ''],
  [E, NPC, 'u_consume_item npc_consume_item', 'string', 'item', 'count charges popup'],
  [E, NPC, 'u_remove_item_with npc_remove_item_with', 'string', 'item', ''],
  [E, NPC, 'u_buy_monster', 'string', 'MONSTER', 'cost count name pacified true_eocs false_eocs'],
  [E, NPC, 'assign_guard stop_guard start_camp distribute_food_auto wake_up reveal_stats end_conversation insult_combat hostile flee follow leave follow_only stop_following npc_thankful drop_weapon stranger_neutral start_mugging lead_to_safety start_training start_training_npc start_training_seminar basecamp_mission bionic_install bionic_remove', 'simple', '', ''],
  [E, NPC, 'companion_mission', 'string', '', ''],
  [E, NPC, 'npc_class_change', 'string', 'npc_class', ''],
  [E, NPC, 'npc_faction_change', 'string', 'faction', ''],
  [E, NPC, 'u_faction_rep', 'number', '', ''],
  [E, NPC, 'toggle_npc_rule set_npc_rule clear_npc_rule set_npc_engagement_rule set_npc_aim_rule', 'string', '', ''],
  [E, NPC, 'u_set_goal npc_set_goal', 'object', '', 'true_eocs false_eocs'],
  [E, NPC, 'u_set_guard_pos npc_set_guard_pos', 'variable', '', 'unique_id'],
  [E, NPC, 'deny_follow deny_lead deny_train deny_personal_info', 'simple', '', ''],
  [C, NPC, 'u_has_mission', 'string', 'mission_definition', ''],
  [C, NPC, 'u_has_cash u_are_owed u_has_faction_trust', 'number', '', ''],
  [C, NPC, 'u_has_camp', 'simple', '', ''],
  [C, NPC, 'at_safe_space u_at_safe_space npc_at_safe_space has_assigned_mission has_many_assigned_missions has_no_available_mission npc_has_no_available_mission u_has_no_available_mission has_available_mission u_has_available_mission npc_has_available_mission has_many_available_missions', 'simple', '', ''],
  [C, NPC, 'mission_goal npc_mission_goal u_mission_goal', 'string', '', ''],
  [C, NPC, 'u_has_activity npc_has_activity u_is_travelling npc_is_travelling', 'simple', '', ''],
  [E, NPC, 'mission_success mission_failure clear_mission mission_reward', 'simple', '', ''],
  [E, NPC, 'lesser_give_aid lesser_give_aid_all give_aid give_aid_all buy_haircut buy_shave morale_chat player_weapon_away player_weapon_drop', 'simple', '', ''],
  [E, NPC, 'start_trade give_equipment npc_gets_item npc_gets_item_to_use', 'simple', '', ''],
  [E, NPC, 'u_spawn_item', 'string', 'item', 'count container use_item_group suppress_message force_equip flags'],
  [C, NPC, 'mission_complete npc_mission_complete u_mission_complete mission_incomplete npc_mission_incomplete u_mission_incomplete mission_failed npc_mission_failed u_mission_failed mission_has_generic_rewards', 'simple', '', ''],
  [C, NPC, 'npc_service npc_allies npc_allies_global', 'number', '', ''],
  [C, NPC, 'is_by_radio u_available npc_available u_following npc_following u_friend npc_friend u_hostile npc_hostile u_train_skills npc_train_skills u_train_styles npc_train_styles', 'simple', '', ''],
  [C, NPC, 'u_has_class npc_has_class', 'string', 'npc_class', ''],
  [C, NPC, 'u_near_om_location npc_near_om_location', 'string', OM_LOCATION, 'range'],
  [C, NPC, 'u_aim_rule npc_aim_rule u_engagement_rule npc_engagement_rule u_cbm_reserve_rule npc_cbm_reserve_rule u_cbm_recharge_rule npc_cbm_recharge_rule u_rule npc_rule u_override npc_override', 'string', '', ''],
  [C, NPC, 'has_pickup_list u_has_pickup_list npc_has_pickup_list', 'simple', '', ''],
  [C, NPC, 'u_roll_contested npc_roll_contested', 'number', '', 'difficulty die_size'],
  [C, NPC, 'npc_role_nearby', 'string', '', ''],
  [C, NPC, 'has_reason', 'simple', '', ''],
  [C, NPC, 'is_season', 'string', '', ''],
  [C, NPC, 'is_day u_is_outside npc_is_outside u_is_underwater npc_is_underwater', 'simple', '', ''],
  [C, NPC, 'is_outside', 'variable', '', ''],
  [C, NPC, 'one_in_chance', 'number', '', ''],
  [C, NPC, 'x_in_y_chance', 'object', '', 'x y'],
  // conditional_fun::f_is_weather: weather_type_id( id ), compared with the weather now.
  [C, NPC, 'is_weather', 'string', reads(['weather_type']), ''],
  [C, NPC, 'mod_is_loaded', 'string', 'MOD_INFO', ''],
  [C, NPC, 'get_condition', 'string', '', ''],
  [C, EOC, 'and or', 'conditions', '', ''],
  [C, EOC, 'not', 'condition', '', ''],
  [C, NPC, 'math', 'math', '', ''],
  [E, NPC, 'math', 'math', '', ''],
];

/** The documented operators by name. */
export const DIALOGUE_OPERATORS: ReadonlyMap<string, DialogueOperator> = (() => {
  const out = new Map<string, DialogueOperator>();
  for (const [role, doc, names, reader, kind, args] of ROWS) {
    for (const name of names.split(' ')) {
      const seen = out.get(name);
      const roles = seen && !seen.roles.includes(role) ? [...seen.roles, role] : [role];
      const own = typeof kind === 'string' ? kind || undefined : kind.otherwise?.[0];
      out.set(name, { name, roles, reader, names: own, ...(typeof kind === 'string' ? {} : { reads: kind }), args: args ? args.split(' ') : [], doc });
    }
  }
  return out;
})();

/** Argument name -> the operators that take it (in the table's order). */
export const OPERATOR_ARGUMENTS: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const op of DIALOGUE_OPERATORS.values()) {
    for (const a of op.args) {
      let list = out.get(a);
      if (!list) out.set(a, list = []);
      list.push(op.name);
    }
  }
  return out;
})();

/**
 * How the game reads arguments (the docs' word): the only word on those its own data never writes, and what it
 * takes besides the forms the data shows on those it does (schema/dialogueLanguage.ts); the kind a string one names
 * where it names one.
 */
export interface ArgumentReader {
  readonly reader: OperatorReader;
  readonly names?: string;
  /** How the game reads the id it names, reviewed against its reader (as DialogueOperator.reads). */
  readonly reads?: SiblingRef;
}

export const ARGUMENT_READERS: ReadonlyMap<string, ArgumentReader> = new Map<string, ArgumentReader>([
  ...['enabled', 'with_fields', 'npc_must_see', 'known', 'can_attack_high', 'force_bool', 'capped', 'set_value_to', 'force_safe',
    'emp_blast', 'scrambler_blast', 'allow_vertical', 'allow_autoselect', 'remove_corpse', 'supress_message',
    'remove_from_creature_tracker', 'allow_special', 'allow_unarmed', 'single_target', 'open_air_allowed', 'summoner_is_alpha',
    'summoner_is_beta', 'hit_player'].map((a): [string, ArgumentReader] => [a, { reader: 'boolean' }]),
  ...['arpen', 'arpen_mult', 'dmg_mult', 'min_hit', 'max_hit', 'hit_roll', 'cap', 'max_level', 'distance_limit', 'spread',
    'forced_movecost',
    // A fake spell's level (`fake_spell::load`: dbl_or_var), which the game's data writes as variable objects only.
    'min_level'].map((a): [string, ArgumentReader] => [a, { reader: 'number' }]),
  // The monster a `mon_faction` mutator reads (EFFECT_ON_CONDITION.md "Mutators": get_str_or_var).
  ['mtype_id', { reader: 'string', names: 'MONSTER' }],
  ['age', { reader: 'duration' }], ['loc_1', { reader: 'variable' }], ['loc_2', { reader: 'variable' }],
  // u_location_variable searches for a field or a trap of this id; u_forget_recipe's recipe subcategory.
  ['field', { reader: 'string', names: 'field_type' }], ['trap', { reader: 'string', names: 'trap' }], ['subcategory', { reader: 'string' }],
  // The body part an effect is added to or removed from (u_add_effect, u_lose_effect): talker_character::add_effect
  // and remove_effect read "RANDOM" as a random body part, else bodypart_str_id( bp ); EFFECT_ON_CONDITION.md:
  // u_lose_effect's "ALL" removes it from every part.
  ['target_part', { reader: 'string', names: 'body_part', reads: reads(['body_part'], { none: ['RANDOM', 'ALL'] }) }],
]);

/**
 * The operators and arguments whose reading of an id is reviewed against the game's reader (`reads`), by name: the
 * version names them so wherever they are written (GameVersion.referencesByName), over what its data's forms show.
 */
export const OPERATOR_REFERENCES: ReadonlyMap<string, SiblingRef> = new Map([
  ...[...DIALOGUE_OPERATORS.values()].flatMap((op) => (op.reads ? [[op.name, op.reads] as const] : [])),
  ...[...ARGUMENT_READERS].flatMap(([name, a]) => (a.reads ? [[name, a.reads] as const] : [])),
]);
