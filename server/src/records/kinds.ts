/**
 * How JSON `type` values map to index kinds, and where each type keeps its id.
 * Every item type shares one kind, `item`: a recipe's `result` may name a TOOL or a COMESTIBLE alike.
 */

/** Item types of the game (0.F item_factory), all one id space. */
export const ITEM_TYPES: ReadonlySet<string> = new Set([
  'GENERIC', 'COMESTIBLE', 'ARMOR', 'TOOL', 'AMMO', 'BOOK', 'GUN', 'MAGAZINE', 'GUNMOD', 'TOOL_ARMOR',
  'BIONIC_ITEM', 'PET_ARMOR', 'ENGINE', 'WHEEL', 'TOOLMOD', 'BATTERY',
]);

/** The index kind of a JSON type. */
export function kindOfType(type: string): string {
  return ITEM_TYPES.has(type) ? 'item' : type;
}

/** Human names of kinds for messages ("no monster named ..."); others fall back to the type. */
const KIND_TITLES: Record<string, string> = {
  item: 'item', MONSTER: 'monster', profession: 'profession', scenario: 'scenario', recipe: 'recipe',
  uncraft: 'disassembly recipe', item_group: 'item group', monstergroup: 'monster group', harvest: 'harvest entry',
  SPECIES: 'species', MONSTER_FACTION: 'monster faction', effect_type: 'effect', material: 'material',
  skill: 'skill', start_location: 'start location', mission_definition: 'mission', mutation: 'trait',
  bionic: 'bionic', vehicle: 'vehicle', scent_type: 'scent type', emit: 'field emission',
  requirement: 'requirement', tool_quality: 'tool quality', update_mapgen: 'update mapgen function',
  recipe_category: 'recipe category', snippet: 'snippet', ammunition_type: 'ammunition type',
  json_flag: 'flag', overmap_special: 'overmap special', map_extra: 'map special', field_type: 'field type',
  body_part: 'body part', martial_art: 'martial art', proficiency: 'proficiency', npc_class: 'NPC class',
  faction: 'faction', vitamin: 'vitamin', fault: 'fault', MIGRATION: 'item migration',
};

/**
 * Kinds whose ids also answer references to another kind: an item id that a MIGRATION entry maps to a new
 * item still loads (the game migrates it), so it is not an unknown item.
 */
export const ALSO_RESOLVES: Readonly<Record<string, readonly string[]>> = {
  item: ['MIGRATION'],
};

export function kindTitle(kind: string): string {
  return KIND_TITLES[kind] ?? kind;
}
