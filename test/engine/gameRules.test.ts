/**
 * Rules the recall measurement against the real game found missing (test/engine/recall.test.ts): each one a
 * mistake the 0.F game's --check-mods rejects. Every rule has a fixture that fires and a near-miss that must
 * not; the real-data tests keep both corpora free of them.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ITEM_BASICS, modinfo, workspace, type FileTree } from '../helpers/workspace';
import { registryOf, findVersion } from '../../server/src/registry/versions';

const mod = (files: FileTree): FileTree => ({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });
/** The marker of the current game's data. */
const CURRENT_CORE: FileTree = { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] };

/** `code: message` of the diagnostics of m/a.json for these definitions. */
function diagnostics(definitions: unknown[], core: FileTree = {}): string[] {
  return workspace(mod({ 'a.json': definitions }), core).diagnostics('m/a.json').map((d) => `${d.code}: ${d.message}`);
}

test('every member reading attached by path has its place in its type\'s generated table (both versions)', () => {
  for (const id of ['0.F', 'current']) {
    const version = findVersion(id)!;
    const registry = registryOf(version);
    for (const type of Object.keys(version.memberReadings ?? {})) {
      if (type === '*') continue;
      assert.ok(registry.generatedSchemaOfType(type), `${id} ${type}`);
      assert.deepEqual(registry.unappliedReadingsOf(type), [], `${id} ${type}`);
    }
  }
});

test('a table learned without the data a reading\'s path comes from loads without that reading (it crashed the registry)', () => {
  const current = findVersion('current')!;
  // ter_furn_transform as a mod would teach it with no furniture results: the reading of furniture[].result has no place.
  const tables = { ...current.generatedTables, ter_furn_transform: { n: 1, m: { id: 's 1', type: 's 1', terrain: 'a 1', 'terrain[]': 'o 1', 'terrain[].result': 's 1', 'terrain[].valid_terrain': 'a 1', 'terrain[].valid_terrain[]': 's 1' } } };
  const heldOut = Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(current), generatedTables: { value: tables, enumerable: true } }) as typeof current;
  const registry = registryOf(heldOut);
  const schema = registry.generatedSchemaOfType('ter_furn_transform');
  assert.ok(schema);
  // The paths it has keep their refinement; the others are listed, not thrown.
  const terrain = schema.fields.find((f) => f.name === 'terrain');
  assert.match(JSON.stringify(terrain), /"name":"result","type":\{"kind":"union","options":\[\{"kind":"string","ref":"terrain"\}/);
  const pathOf = (message: string) => /^current ter_furn_transform: (\S+):/.exec(message)?.[1];
  assert.deepEqual(registry.unappliedReadingsOf('ter_furn_transform').map(pathOf), ['furniture[].result', 'furniture[].valid_furniture[]', 'field[].result']);
});

test('colors: a name the game cannot parse fires, with the nearest name; every form it reads does not', () => {
  const monster = { type: 'MONSTER', id: 'mon_x', 'copy-from': 'mon_zombie' };
  assert.deepEqual(diagnostics([{ ...monster, color: 'light_gaay' }]), ['invalid-value: "color": "light_gaay" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "light_gray"?)']);
  assert.deepEqual(diagnostics([{ type: 'GENERIC', id: 'x', name: 'x', ...ITEM_BASICS, color: 'c_whitte' }]), ['invalid-value: "color": "c_whitte" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "c_white"?)']);
  assert.deepEqual(diagnostics([{ type: 'terrain', id: 't_x', color: ['green', 'brwn', 'brown', 'white'] }]), ['invalid-value: "color[1]": "brwn" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "brown"?)']);
  assert.deepEqual(diagnostics([{ type: 'vehicle_part', id: 'vp_x', broken_color: 'light_bleu' }]), ['invalid-value: "broken_color": "light_bleu" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "light_blue"?)']);
  // The current game reads colors alike.
  assert.deepEqual(diagnostics([{ type: 'ITEM', id: 'x', name: 'x', ...ITEM_BASICS, color: 'yelow' }], CURRENT_CORE), ['invalid-value: "color": "yelow" is not a valid value; expected a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...) (did you mean "yellow"?)']);
  // Near-misses: the prefixes, a background, the empty string ("no color").
  for (const color of ['light_gray', 'c_light_gray', 'h_red', 'i_yellow', 'white_red', 'c_light_green_cyan', '']) {
    assert.deepEqual(diagnostics([{ ...monster, color }, { type: 'GENERIC', id: 'x', name: 'x', ...ITEM_BASICS, color }, { type: 'furniture', id: 'f_x', color }]), [], color);
  }
  // A background color is a bare name (bgcolor_from_string adds `i_`).
  assert.deepEqual(diagnostics([{ type: 'furniture', id: 'f_x', color: 'white', bgcolor: 'light_gray' }]), []);
  // The lt/dk abbreviations: 0.F's check reports "Deprecated foreground color suffix was used" for each.
  for (const color of ['ltgray', 'ltred_white']) assert.equal(diagnostics([{ ...monster, color }]).length, 1, color);
  // Another background than those six is no color of the table.
  assert.equal(diagnostics([{ ...monster, color: 'white_blue' }]).length, 1);
});

test('0.F item phases and item group subtypes are closed sets; the values the game reads pass', () => {
  assert.deepEqual(diagnostics([{ type: 'COMESTIBLE', id: 'x', name: 'x', ...ITEM_BASICS, phase: 'liqud' }]), ['invalid-value: "phase": "liqud" is not a phase the game knows; did you mean "liquid"?']);
  assert.deepEqual(diagnostics([{ type: 'item_group', id: 'g', subtype: 'colection', entries: [{ item: 'rag' }] }]), ['invalid-value: "subtype": "colection" is not an item group subtype the game knows; did you mean "collection"?']);
  assert.deepEqual(diagnostics([
    { type: 'COMESTIBLE', id: 'x', name: 'x', ...ITEM_BASICS, phase: 'liquid' }, { type: 'AMMO', id: 'y', name: 'y', ...ITEM_BASICS, phase: 'solid' },
    { type: 'item_group', id: 'g1', subtype: 'collection', entries: [{ item: 'rag' }] }, { type: 'item_group', id: 'g2', subtype: 'distribution', entries: [{ item: 'rag' }] }, { type: 'item_group', id: 'g3', subtype: 'old', entries: [{ item: 'rag' }] },
  ]), []);
});

test('0.F references the generated tables could not prove: tool ammunition, harvest drops, requirement components', () => {
  const core: FileTree = { 'json/ammo.json': [{ type: 'ammunition_type', id: 'battery', name: 'batteries', default: 'rag' }], 'json/groups.json': [{ type: 'item_group', id: 'bionics_common', entries: [{ item: 'rag' }] }] };
  assert.deepEqual(diagnostics([{ type: 'TOOL', id: 'x', name: 'x', ...ITEM_BASICS, ammo: 'batery' }], core), ['unknown-id: "ammo": unknown ammunition type "batery"; did you mean "battery"?']);
  assert.deepEqual(diagnostics([{ type: 'harvest', id: 'h', entries: [{ drop: 'ragg', type: 'flesh', mass_ratio: 0.1 }] }], core), ['unknown-id: "entries[0].drop": unknown item "ragg"; did you mean "rag"?']);
  assert.deepEqual(diagnostics([{ type: 'requirement', id: 'r', components: [[['rag', 1], ['sheet_coton', 1]]], tools: [[['hamer', -1]]] }], core), [
    'unknown-id: "components[0][1][0]": unknown item "sheet_coton"; did you mean "sheet_cotton"?',
    'unknown-id: "tools[0][0][0]": unknown item "hamer"; did you mean "hammer"?',
  ]);
  // Near-misses: a known ammunition type; a bionic_group entry drops an item group; a LIST of a requirement.
  assert.deepEqual(diagnostics([
    { type: 'TOOL', id: 'x', name: 'x', ...ITEM_BASICS, ammo: 'battery' },
    { type: 'harvest', id: 'h', entries: [{ drop: 'rag', type: 'flesh', mass_ratio: 0.1 }, { drop: 'bionics_common', type: 'bionic_group' }] },
    { type: 'requirement', id: 'r', components: [[['rag', 1], ['r2', 1, 'LIST']]], tools: [[['hammer', -1]]], qualities: [{ id: 'HAMMER', level: 1 }] },
    { type: 'requirement', id: 'r2', components: [[['rag', 1]]] },
    { type: 'tool_quality', id: 'HAMMER', name: 'hammering' },
  ], core), []);
  // An item group is no drop of another type of entry.
  assert.deepEqual(diagnostics([{ type: 'harvest', id: 'h', entries: [{ drop: 'bionics_common', type: 'flesh' }] }], core), ['unknown-id: "entries[0].drop": unknown item "bionics_common"; "bionics_common" is an item group']);
});

test('0.F monster flags, death functions, triggers and old-style special attacks are the game\'s closed sets', () => {
  const monster = { type: 'MONSTER', id: 'mon_x', 'copy-from': 'mon_zombie' };
  assert.deepEqual(diagnostics([{ ...monster, flags: ['SEES', 'HEARRS'] }]), ['invalid-value: "flags[1]": "HEARRS" is not a monster flag the game knows; did you mean "HEARS"?']);
  // Flags and death functions older versions had and 0.F dropped (its --check-mods: "invalid monster flag").
  assert.equal(diagnostics([{ ...monster, flags: ['FEATHER'] }]).length, 1);
  assert.deepEqual(diagnostics([{ ...monster, death_function: ['DETONATE'] }]), ['invalid-value: "death_function[0]": "DETONATE" is not a death function the game knows']);
  assert.deepEqual(diagnostics([{ ...monster, anger_triggers: ['PLAYER_CLOS'] }]), ['invalid-value: "anger_triggers[0]": "PLAYER_CLOS" is not a monster trigger the game knows; did you mean "PLAYER_CLOSE"?']);
  assert.deepEqual(diagnostics([{ ...monster, special_attacks: [['SHRIEKK', 10]] }]), ['unknown-id: "special_attacks[0][0]": unknown monster attack "SHRIEKK"']);
  assert.deepEqual(diagnostics([{ type: 'SPECIES', id: 'SP', fear_triggers: ['FIRES'] }]), ['invalid-value: "fear_triggers[0]": "FIRES" is not a monster trigger the game knows; did you mean "FIRE"?']);
  // Near-misses: values 0.F reads (FUR and WOOL are still flags), a built-in attack, a data-defined one, by id.
  assert.deepEqual(diagnostics([
    { ...monster, flags: ['SEES', 'FUR', 'WOOL', 'CATFOOD', 'RANGED_ATTACKER'], death_function: ['NORMAL', 'NECRO_BOOMER'], anger_triggers: ['MEAT', 'MATING_SEASON'], fear_triggers: ['FIRE'], placate_triggers: ['HURT'], special_attacks: [['SHRIEK', 10], ['scratch', 5], { id: 'scratch', cooldown: 3 }] },
    { type: 'monster_attack', attack_type: 'melee', id: 'scratch', cooldown: 5 },
    { type: 'SPECIES', id: 'SP', fear_triggers: ['FIRE'], anger_triggers: ['HURT'], placate_triggers: ['MEAT'], flags: ['SEES'] },
  ]), []);
  // The current game's monsters have their own rules (flags are data there).
  assert.deepEqual(diagnostics([{ type: 'monster_flag', id: 'MY_FLAG' }, { type: 'MONSTER', id: 'mon_y', 'copy-from': 'mon_zombie', flags: ['MY_FLAG'] }], CURRENT_CORE), []);
});

test('0.F item group entries: every member is read, so an unknown one fires; the members 0.F reads do not', () => {
  assert.deepEqual(diagnostics([{ type: 'item_group', id: 'g', items: [{ item: 'rag', pob: 50 }], entries: [{ group: 'g2', 'contaner-item': 'rag' }] }, { type: 'item_group', id: 'g2', items: ['rag'] }]), [
    'unknown-field: Unknown member "pob" in "items[0]"; did you mean "prob"?',
    'unknown-field: Unknown member "contaner-item" in "entries[0]"; did you mean "container-item"?',
  ]);
  // A profession's inline group is read alike; its entries name items and groups.
  assert.deepEqual(diagnostics([{ type: 'profession', id: 'p', name: 'P', description: 'd', points: 0, items: { both: { entries: [{ item: 'rag', 'ammmo-item': 'rag' }, { group: 'no_such_group' }] } } }]), [
    'unknown-field: Unknown member "ammmo-item" in "items.both.entries[0]"; did you mean "ammo-item"?',
    'unknown-id: "items.both.entries[1].group": unknown item group "no_such_group"',
  ]);
  // Near-misses: every member 0.F reads (its --check-mods reports none of these), short forms, nested groups.
  const entry = {
    item: 'rag', prob: 50, count: [1, 2], 'charges-min': 1, 'charges-max': 2, damage: 1, 'dirt-min': 0, 'dirt-max': 1, 'container-item': 'rag', 'contents-group': 'g2',
    'ammo-item': 'rag', sealed: false, 'custom-flags': ['FILTHY'], snippets: ['s1'], artifact: { procgen_id: 'cult' },
  };
  assert.deepEqual(diagnostics([
    { type: 'item_group', id: 'g', subtype: 'collection', items: ['rag', ['rag', 10], entry], entries: [entry, { group: 'g2', 'container-group': 'g2' }, { collection: [{ item: 'rag' }], prob: 10 }, { distribution: [{ item: 'rag' }, 'rag'] }], groups: ['g2', ['g2', 5]] },
    { type: 'item_group', id: 'g2', items: [['rag', 1]] },
    { type: 'profession', id: 'p', name: 'P', description: 'd', points: 0, items: { both: { entries: [entry] } } },
  ]), []);
});

test('0.F monster group entries: monster, freq and cost_multiplier are required, an unknown member fires', () => {
  assert.deepEqual(diagnostics([{ type: 'monstergroup', name: 'G', default: 'mon_zombie', monsters: [{ monster: 'mon_zombie', freq: 10, cost_multiplie: 1 }] }]), [
    'missing-field: "monsters[0]" is missing its mandatory member "cost_multiplier"',
    'unknown-field: Unknown member "cost_multiplie" in "monsters[0]"; did you mean "cost_multiplier"?',
  ]);
  assert.deepEqual(diagnostics([{ type: 'monstergroup', name: 'G', default: 'mon_zombie', monsters: [
    { monster: 'mon_zombie', freq: 10, cost_multiplier: 1, pack_size: [1, 3], starts: 72, ends: 144, conditions: ['DAY', 'SUMMER'] },
    { monster: 'mon_dog', freq: 5, cost_multiplier: 2, spawn_data: { ammo: [{ ammo_id: 'rag', qty: 10 }] } },
  ] }]), []);
});

test('0.F harvest entries: an unknown member or drop type fires; the members and types 0.F reads do not', () => {
  assert.deepEqual(diagnostics([{ type: 'harvest', id: 'h', entries: [{ drop: 'rag', type: 'flesh', masss_ratio: 0.1 }, { drop: 'rag', type: 'bonee', mass_ratio: 0.1 }] }]), [
    'unknown-field: Unknown member "masss_ratio" in "entries[0]"; did you mean "mass_ratio"?',
    'invalid-value: "entries[1].type": "bonee" is not a harvest drop type the game knows; did you mean "bone"?',
  ]);
  assert.deepEqual(diagnostics([{ type: 'harvest', id: 'h', message: 'm', leftovers: 'rag', entries: [
    { drop: 'rag', type: 'flesh', mass_ratio: 0.1, base_num: [1, 2], scale_num: [0, 0.5], max: 3, flags: ['FILTHY'], faults: ['fault_x'] },
    ...['offal', 'skin', 'bone', 'blood', 'bionic'].map((type) => ({ drop: 'rag', type })),
  ] }, { type: 'fault', id: 'fault_x' }, { type: 'json_flag', id: 'FILTHY' }]), []);
});

test('a recipe subcategory must be one of its category\'s (both versions), also through copy-from', () => {
  const recipe = { type: 'recipe', result: 'rag', id_suffix: 'x', category: 'CC_OTHER' };
  assert.deepEqual(diagnostics([{ ...recipe, subcategory: 'CSC_OTHER_OTHR' }]), ['invalid-value: "subcategory": "CSC_OTHER_OTHR" is not a subcategory of recipe category "CC_OTHER"; did you mean "CSC_OTHER_OTHER"?']);
  assert.deepEqual(diagnostics([{ type: 'recipe', result: 'rag', id_suffix: 'y', 'copy-from': 'rag', subcategory: 'CSC_NOPE' }]), ['invalid-value: "subcategory": "CSC_NOPE" is not a subcategory of recipe category "CC_OTHER"']);
  assert.deepEqual(diagnostics([{ ...recipe, result: 'stick', subcategory: 'CSC_NOPE', activity_level: 'NO_EXERCISE' }], { ...CURRENT_CORE, 'json/c.json': [{ type: 'recipe_category', id: 'CC_OTHER', recipe_subcategories: ['CSC_ALL'] }, { type: 'ITEM', id: 'stick', subtypes: ['GENERIC'] }] }), ['invalid-value: "subcategory": "CSC_NOPE" is not a subcategory of recipe category "CC_OTHER"']);
  // Near-misses: a listed subcategory; an unknown category is unknown-id's alone.
  assert.deepEqual(diagnostics([{ ...recipe, subcategory: 'CSC_OTHER_OTHER' }, { ...recipe, id_suffix: 'z', subcategory: 'CSC_ALL' }]), []);
  assert.deepEqual(diagnostics([{ ...recipe, category: 'CC_NOPE', subcategory: 'CSC_ALL' }]).map((d) => d.split(':')[0]), ['unknown-id']);
});

test('0.F spells: effect, energy source, damage type, targets, shape and flags are closed sets; field_id names a field', () => {
  const spell = { type: 'SPELL', id: 'sp', name: 'S', description: 'd', valid_targets: ['self'], shape: 'blast', effect: 'none' };
  assert.deepEqual(diagnostics([{ ...spell, effect: 'target_attack' }]), ['invalid-value: "effect": "target_attack" is not a spell effect the game knows']);
  assert.deepEqual(diagnostics([{ ...spell, energy_source: 'MAEA' }]), ['invalid-value: "energy_source": "MAEA" is not an energy source the game knows; did you mean "MANA"?']);
  assert.deepEqual(diagnostics([{ ...spell, damage_type: 'true' }]), ['invalid-value: "damage_type": "true" is not a damage type the game knows']);
  assert.deepEqual(diagnostics([{ ...spell, valid_targets: ['hostle'], flags: ['SILNT'] }]), [
    'invalid-value: "valid_targets[0]": "hostle" is not a spell target the game knows; did you mean "hostile"?',
    'invalid-value: "flags[0]": "SILNT" is not a spell flag the game knows; did you mean "SILENT"?',
  ]);
  assert.deepEqual(diagnostics([{ ...spell, field_id: 'fd_firre' }, { type: 'field_type', id: 'fd_fire' }]), ['unknown-id: "field_id": unknown field type "fd_firre"; did you mean "fd_fire"?']);
  // Near-misses: values 0.F reads (its --check-mods), `none` as no field.
  assert.deepEqual(diagnostics([
    { ...spell, effect: 'attack', energy_source: 'MANA', damage_type: 'pure', valid_targets: ['hostile', 'ground', 'field'], shape: 'cone', flags: ['SILENT', 'WONDER', 'MUST_HAVE_CLASS_TO_LEARN'], field_id: 'none' },
    { ...spell, id: 'sp2', effect: 'summon_vehicle', damage_type: 'none', field_id: 'fd_fire' }, { type: 'field_type', id: 'fd_fire' },
  ]), []);
});

test('0.F terrain and furniture: bash and deconstruct members are read by type, examine actions are a closed set', () => {
  const terrain = { type: 'terrain', id: 't_x', name: 'x', symbol: '.', color: 'white', move_cost: 2 };
  const furniture = { type: 'furniture', id: 'f_x', name: 'x', symbol: '#', color: 'white', move_cost_mod: 1, required_str: 1 };
  assert.deepEqual(diagnostics([{ ...terrain, bash: { str_min: 1, stremin: 2, ter_set: 't_null' } }]), ['unknown-field: Unknown member "stremin" in "bash"; did you mean "str_min"?']);
  // Furniture bashes into furniture: `ter_set` is not read there; terrain deconstructs into terrain, which it must name.
  assert.deepEqual(diagnostics([{ ...furniture, bash: { str_min: 1, ter_set: 't_null' } }]).map((d) => d.split(';')[0]), ['unknown-field: Unknown member "ter_set" in "bash"']);
  assert.deepEqual(diagnostics([{ ...terrain, deconstruct: { tor_set: 't_null', items: [] } }]), [
    'missing-field: "deconstruct" is missing its mandatory member "ter_set"',
    'unknown-field: Unknown member "tor_set" in "deconstruct"; did you mean "ter_set"?',
  ]);
  assert.deepEqual(diagnostics([{ ...furniture, examine_action: 'rreload_furniture' }]), ['invalid-value: "examine_action": "rreload_furniture" is not an examine action the game knows; did you mean "reload_furniture"?']);
  // Near-misses: members 0.F reads that its data does not write, the other type's set member, examine actions.
  assert.deepEqual(diagnostics([
    { ...terrain, bash: { str_min: 1, str_max: 2, str_min_supported: 1, str_max_supported: 3, collapse_radius: 1, destroy_only: true, tent_centers: ['f_null'], ter_set: 't_null' }, deconstruct: { ter_set: 't_null', furn_set: 'f_null', deconstruct_above: true }, examine_action: 'harvest_ter' },
    { ...furniture, id: 'f_y', bash: { str_min: 1, str_min_blocked: 1, str_max_blocked: 2, bash_below: true, furn_set: 'f_null' }, deconstruct: { furn_set: 'f_null', deconstruct_above: false }, examine_action: 'workbench' },
  ]), []);
});

test('0.F effects: base_mods and scaling_mods take the modifiers 0.F reads; map generators their object\'s members', () => {
  assert.deepEqual(diagnostics([{ type: 'effect_type', id: 'e', base_mods: { speed_mod: [10], spee_mod: [1] }, scaling_mods: { pain_min_val: [1] } }]), [
    'unknown-field: Unknown member "spee_mod" in "base_mods"; did you mean "speed_mod"?',
    // Read for some modifiers only (pain_max_val is; pain_min_val is not).
    'unknown-field: Unknown member "pain_min_val" in "scaling_mods"; did you mean "pain_max_val"?',
  ]);
  assert.deepEqual(diagnostics([{ type: 'effect_type', id: 'e', base_mods: { str_mod: [1], hunger_min_val: [1], pain_max_val: [2], vomit_tick: [600], size_mod: [1] }, scaling_mods: { stamina_max_val: [1] } }]), []);
  const mapgen = { type: 'mapgen', method: 'json', nested_mapgen_id: 'n1' };
  assert.deepEqual(diagnostics([{ ...mapgen, object: { mapgensize: [1, 1], rows: ['.'], terrain: { '.': 't_null' }, place_monters: [] } }]), ['unknown-field: Unknown member "place_monters" in "object"; did you mean "place_monsters"?']);
  assert.deepEqual(diagnostics([{ ...mapgen, object: { mapgensize: [1, 1], rows: ['.'], terrain: { '.': 't_null' }, fill_ter: 't_null', place_computers: [], translate_ter: [], graffiti: {}, faction_owner: [] } }]), []);
});

test('0.F item flags are json_flag ids (or LIGHT_<n> light levels)', () => {
  const flags = [{ type: 'json_flag', id: 'EATEN_HOT' }, { type: 'json_flag', id: 'VARSIZE' }];
  assert.deepEqual(diagnostics([...flags, { type: 'COMESTIBLE', id: 'x', name: 'x', ...ITEM_BASICS, flags: ['EATENsHOT'] }]), ['unknown-id: "flags[0]": unknown flag "EATENsHOT"; did you mean "EATEN_HOT"?']);
  assert.deepEqual(diagnostics([...flags, { type: 'ARMOR', id: 'x', name: 'x', ...ITEM_BASICS, flags: ['VARSIZE'] }, { type: 'TOOL', id: 'y', name: 'y', ...ITEM_BASICS, flags: ['LIGHT_240'] }, { type: 'GENERIC', id: 'z', name: 'z', ...ITEM_BASICS, flags: ['EATEN_HOT', 'LIGHT_4'] }]), []);
});

/** An item that the game loads without a word (both versions), to take members from. */
const WHOLE_ITEM = { name: { str: 'x' }, description: 'An x.', symbol: 'x', weight: '1 g', volume: '1 ml' };
const without = (o: Record<string, unknown>, ...members: string[]): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([k]) => !members.includes(k)));
const GAME_SAYS = {
  symbol: 'the game reports it when loading: "symbol not defined" (Item_factory::check_definitions)',
  description: 'the game reports it when loading: "empty description" (Item_factory::check_definitions)',
  weight: 'the game reports it when loading: "zero weight (if zero weight is intentional you can suppress this error with the ZERO_WEIGHT flag)" (Item_factory::check_definitions)',
  volume: 'the game reports it when loading: "item has zero volume (if zero volume is intentional you can suppress this error with the ZERO_WEIGHT flag)" (Item_factory::finalize_pre)',
};

test('items: a symbol, a description, a weight and a volume, after copy-from, as the game checks them (both versions; each found with 0.F --check-mods)', () => {
  const flags: FileTree = { 'json/flags.json': ['PSEUDO', 'ZERO_WEIGHT', 'NO_DROP', 'IRREMOVABLE'].map((id) => ({ type: 'json_flag', id })) };
  for (const [type, core] of [['GENERIC', flags], ['ITEM', { ...CURRENT_CORE, ...flags }]] as const) {
    assert.deepEqual(diagnostics([
      { type, id: 'a', ...without(WHOLE_ITEM, 'symbol') },
      { type, id: 'b', ...WHOLE_ITEM, symbol: '' },
      { type, id: 'c', ...without(WHOLE_ITEM, 'description') },
      { type, id: 'd', ...WHOLE_ITEM, description: { str: '' } },
      { type, id: 'e', ...without(WHOLE_ITEM, 'weight') },
      { type, id: 'f', ...WHOLE_ITEM, weight: '0 g' },
      { type, id: 'g', ...without(WHOLE_ITEM, 'volume') },
      { type, id: 'h', ...WHOLE_ITEM, volume: '0 L' },
    ], core), [
      `missing-field: item "a" has no "symbol"; ${GAME_SAYS.symbol}`,
      `invalid-value: "symbol": "" of item "b"; ${GAME_SAYS.symbol}`,
      `missing-field: item "c" has no "description"; ${GAME_SAYS.description}`,
      `invalid-value: "description": {"str":""} of item "d"; ${GAME_SAYS.description}`,
      `missing-field: item "e" has no "weight"; ${GAME_SAYS.weight}`,
      `invalid-value: "weight": "0 g" of item "f"; ${GAME_SAYS.weight}`,
      `missing-field: item "g" has no "volume"; ${GAME_SAYS.volume}`,
      `invalid-value: "volume": "0 L" of item "h"; ${GAME_SAYS.volume}`,
    ], type);
    // What a copy-from chain sets counts; an abstract definition is not checked (the game checks loaded items).
    const ws = workspace(mod({ 'a.json': [
      { type, abstract: 'base', name: { str: 'base' }, weight: '0 kg' },
      { type, id: 'child', 'copy-from': 'base', name: { str: 'child' }, description: 'A child.', volume: '1 L' },
    ] }), core);
    assert.deepEqual(ws.diagnostics('m/a.json').map((d) => `${d.code}: ${d.message}`), [
      `missing-field: item "child" has no "symbol" (nor does its copy-from chain); ${GAME_SAYS.symbol}`,
      `invalid-value: item "child" copies "weight": "0 kg" from item "base"; ${GAME_SAYS.weight}`,
    ], type);
    assert.equal(ws.diagnostics('m/a.json')[1].related?.[0].message, '"weight": "0 kg" of copy-from ancestor item "base"');
    // Near-misses: inherited members; a flag the game's is_physical reads, own, copied or added by `extend`.
    assert.deepEqual(diagnostics([
      { type, abstract: 'base', ...without(WHOLE_ITEM, 'name', 'weight', 'volume'), name: { str: 'base' }, flags: ['PSEUDO'] },
      { type, id: 'copied', 'copy-from': 'base', name: { str: 'copied' } },
      { type, id: 'own', ...without(WHOLE_ITEM, 'weight', 'volume'), flags: ['ZERO_WEIGHT'] },
      { type, id: 'extended', ...without(WHOLE_ITEM, 'weight', 'volume'), 'copy-from': 'own', extend: { flags: ['NO_DROP'] }, delete: { flags: ['ZERO_WEIGHT'] } },
      { type, id: 'irremovable', ...WHOLE_ITEM, weight: '0 g', volume: '0 ml', flags: ['IRREMOVABLE'] },
      { type, abstract: 'incomplete', name: { str: 'incomplete' } },
    ], core), [], type);
    // `delete` takes the flag away again.
    assert.deepEqual(diagnostics([
      { type, id: 'own', ...without(WHOLE_ITEM, 'weight'), flags: ['ZERO_WEIGHT'] },
      { type, id: 'deleted', 'copy-from': 'own', name: { str: 'deleted' }, delete: { flags: ['ZERO_WEIGHT'] } },
    ], core), [`missing-field: item "deleted" has no "weight" (nor does its copy-from chain); ${GAME_SAYS.weight}`], type);
  }
});

test('items: a name, as each version reads it (0.F: in every definition, abstract or copying; current: unless it copies)', () => {
  const says0F = 'the game stops loading the mod there: "name unspecified for item type" (Item_factory::load_basic_info)';
  assert.deepEqual(diagnostics([
    { type: 'GENERIC', id: 'a', ...without(WHOLE_ITEM, 'name') },
    { type: 'GENERIC', id: 'whole', ...WHOLE_ITEM },
    { type: 'GENERIC', id: 'b', 'copy-from': 'whole' },
    { type: 'GENERIC', abstract: 'c' },
  ]), [
    `missing-field: item "a" has no "name"; ${says0F}`,
    `missing-field: item "b" has no "name" (copy-from does not carry it: the game reads it in each definition); ${says0F}`,
    `missing-field: item "c" has no "name"; ${says0F}`,
  ]);
  const saysCurrent = 'the game stops loading the mod there: "object beginning at next line missing mandatory member "name"" (itype::load, generic_factory mandatory)';
  assert.deepEqual(diagnostics([
    { type: 'ITEM', id: 'a', ...without(WHOLE_ITEM, 'name') },
    { type: 'ITEM', abstract: 'c' },
  ], CURRENT_CORE), [`missing-field: item "a" has no "name"; ${saysCurrent}`, `missing-field: item "c" has no "name"; ${saysCurrent}`]);
  // Near-miss: the current game's copy inherits it.
  assert.deepEqual(diagnostics([{ type: 'ITEM', id: 'a', ...WHOLE_ITEM }, { type: 'ITEM', id: 'b', 'copy-from': 'a' }], CURRENT_CORE), []);
});

test('recipes: a decomp_learn level needs skill_used, own or copied (both versions); its array form names its skills', () => {
  const recipe = { type: 'recipe', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', difficulty: 1, time: '1 m', components: [[['rag', 1]]] };
  const says = 'the game stops loading the mod there: "decomp_learn specified with no skill_used" (recipe::load)';
  for (const core of [{}, CURRENT_CORE]) {
    const current = core === CURRENT_CORE ? { activity_level: 'NO_EXERCISE' } : {};
    assert.deepEqual(diagnostics([{ ...recipe, ...current, result: 'rag', id_suffix: 'a', decomp_learn: 2 }], core).filter((d) => d.startsWith('missing-field')), [
      `missing-field: recipe "rag_a" has no "skill_used", which a number in "decomp_learn" is a level of; ${says}`,
    ]);
    assert.deepEqual(diagnostics([
      { ...recipe, ...current, result: 'rag', id_suffix: 'b', skill_used: 'tailor', decomp_learn: 2 },
      { ...recipe, ...current, result: 'rag', id_suffix: 'c', decomp_learn: [['tailor', 2]] },
      { ...recipe, ...current, result: 'rag', id_suffix: 'd', 'copy-from': 'rag_b', decomp_learn: 3 },
    ], core).filter((d) => d.startsWith('missing-field')), []);
  }
});
