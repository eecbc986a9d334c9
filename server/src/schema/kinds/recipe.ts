/**
 * Recipes (`type` = `recipe` craft recipes, `uncraft` disassembly recipes), spec 2.6, plus the members the
 * 0.F game reads that the spec does not list (`fromGame`). The spec gives one table for both types; the
 * uncraft schema shares it with the requiredness disassembly recipes have in the game (see
 * docs/schema-notes.md).
 */
import type { FieldSpec, KindSchema, ObjectSpec, TupleSpec, TypeSpec } from '../types';
import {
  BOOLEAN, INTEGER, NUMBER, OPEN_OBJECT, SKILL_LEVEL, STRING, TRANSLATION, arrayOf, inheritanceFields, object, oneOf,
  ref, union,
} from './common';

/** `activity_level` values of the 0.F game (`fake` marks recipes that are never crafted). */
export const ACTIVITY_LEVELS = [
  'NO_EXERCISE', 'LIGHT_EXERCISE', 'MODERATE_EXERCISE', 'BRISK_EXERCISE', 'ACTIVE_EXERCISE', 'EXTRA_EXERCISE', 'fake',
] as const;

/** `[ item id, count ]` or `[ item id, count, recoverable ]`; the game writes the third as `"NO_RECOVER"`. */
const COMPONENT: TupleSpec = {
  kind: 'tuple', items: [ref('item'), INTEGER, union(BOOLEAN, oneOf('NO_RECOVER'))], required: 2,
  names: ['item id', 'count', 'recoverable'],
};

/** `[ tool id, charges ]`: -1 means no charges are consumed. */
const TOOL: TupleSpec = { kind: 'tuple', items: [ref('item'), INTEGER], names: ['tool id', 'charges'] };

/** `[ requirement id, count, "LIST" ]`: the alternatives of a requirement's list, inlined (0.F). */
const REQUIREMENT_LIST: TupleSpec = {
  kind: 'tuple', items: [ref('requirement'), INTEGER, oneOf('LIST')], names: ['requirement id', 'count', '"LIST"'],
};

/** A group of alternatives. */
const groupsOf = (alt: TypeSpec): TypeSpec => arrayOf(arrayOf(union(alt, REQUIREMENT_LIST)));

const QUALITY: ObjectSpec = object([
  { name: 'id', type: ref('tool_quality'), required: true, description: 'Tool quality id.' },
  { name: 'level', type: INTEGER, description: 'Minimum quality level.', default: 1 },
  { name: 'amount', type: INTEGER, description: 'Number of tools with this quality needed.', default: 1 },
]);

/** `[ book id, skill level ]` or `[ book id, skill level, recipe name ]`. */
const BOOK_LEARN_ENTRY: TupleSpec = {
  kind: 'tuple', items: [ref('item'), INTEGER, STRING], required: 2, names: ['book id', 'skill level', 'recipe name'],
};

/** The game's object form of `book_learn`: book id -> `{ skill_level, recipe_name, hidden }`. */
const BOOK_LEARN_MAP: TypeSpec = {
  kind: 'map', key: ref('item'),
  value: object([
    { name: 'skill_level', type: INTEGER, required: true, description: 'Skill level needed to learn the recipe from the book.' },
    { name: 'recipe_name', type: STRING, description: 'Name of the recipe in the book; defaults to the result item\'s name.' },
    { name: 'hidden', type: BOOLEAN, description: 'The recipe is not listed in the book\'s description.' },
  ]),
};

const BLUEPRINT_ENTRY: ObjectSpec = object([
  { name: 'id', type: STRING, required: true, description: 'Camp feature id.' },
  { name: 'amount', type: INTEGER, description: 'How many of the feature.', default: 1 },
]);

/**
 * The requirement members (`tools`, `components`, `qualities`) as recipes write them; `requirement`
 * definitions write them alike (0.F requirement_data::load_requirement, the same reader).
 */
export const REQUIREMENT_MEMBERS: Readonly<Record<'tools' | 'components' | 'qualities', TypeSpec>> = {
  tools: groupsOf(TOOL),
  components: groupsOf(COMPONENT),
  qualities: arrayOf(union(QUALITY, arrayOf(QUALITY))),
};

/** The object of 0.F's `blueprint_needs.inline`: requirements written in place. */
const INLINE_REQUIREMENT_0F = object([
  { name: 'tools', type: REQUIREMENT_MEMBERS.tools, description: 'Tools needed: groups of alternatives `[ tool id, charges ]`.' },
  { name: 'qualities', type: REQUIREMENT_MEMBERS.qualities, description: 'Tool qualities needed: `{ "id", "level", "amount" }` objects.' },
  { name: 'components', type: REQUIREMENT_MEMBERS.components, description: 'Components: groups of alternatives `[ item id, count ]`.' },
]);

/** The spec's table, in its order. Requiredness is the game's (see UNCRAFT_REQUIRED); the same for disassembly. */
function recipeFields(type: 'recipe' | 'uncraft'): FieldSpec[] {
  const spec: FieldSpec[] = [
    { name: 'type', type: oneOf(type), required: true, description: '`recipe` (craft recipe) or `uncraft` (disassembly recipe).' },
    { name: 'reversible', type: BOOLEAN, description: 'Default false. When true, an uncraft recipe reversing this one is also generated.', default: false },
    { name: 'result', type: ref('item'), required: true, description: 'Id of the resulting item; also the default recipe id.' },
    { name: 'id_suffix', type: STRING, description: 'Default empty. The recipe id is the result id followed by this suffix.', default: '' },
    { name: 'category', type: ref('recipe_category'), requiredWith: 'subcategory', description: 'Crafting category (a recipe_category id such as `CC_WEAPON`); `CC_NONCRAFT` is used for disassembly recipes.' },
    { name: 'subcategory', type: STRING, description: 'Crafting subcategory (one of the category\'s `recipe_subcategories`).' },
    { name: 'override', type: BOOLEAN, description: 'Default false. If false and the id is already used, recipe loading fails; if true, the existing recipe is replaced.', default: false, gameRejects: 'Invalid or misplaced field name "override" (0.F replaces an existing recipe id silently)' },
    { name: 'obsolete', type: BOOLEAN, description: 'Default false. Marks the recipe obsolete (instead of deleting it, to keep saves compatible).', default: false },
    { name: 'delete_flags', type: arrayOf(STRING), description: 'Default empty. Flags removed from the crafted item; overrides flag inheritance but not the item type\'s own flags.', default: [] },
    { name: 'contained', type: BOOLEAN, description: 'Default false. Spawn the produced item inside a container.', default: false },
    { name: 'container', type: ref('item'), description: 'Container item id overriding the item\'s default container.' },
    { name: 'charges', type: INTEGER, description: 'Default null. Overrides the default charges of count-by-charges items.' },
    { name: 'result_mult', type: INTEGER, description: 'Default 1. Items (or stacks, for count-by-charges items) produced per craft.', default: 1 },
    { name: 'skill_used', type: ref('skill'), description: 'Skill trained and used for success checks.' },
    { name: 'skills_required', type: union(arrayOf(SKILL_LEVEL), SKILL_LEVEL), description: 'Skills required to unlock the recipe: `[ skill id, level ]` pairs (the game also reads a single pair).' },
    { name: 'book_learn', type: union(arrayOf(BOOK_LEARN_ENTRY), BOOK_LEARN_MAP), description: 'Books teaching the recipe: `[ book id, skill level, optional recipe name ]` entries; the name defaults to the result\'s name, an empty name hides it from the book\'s description.' },
    { name: 'difficulty', type: INTEGER, description: 'Difficulty of the success check.' },
    { name: 'time', type: union({ kind: 'string', format: 'time' }, INTEGER), description: 'Crafting time: a time string (e.g. "30 m", "1 h"), or a legacy integer in moves (1000 moves is about 10 seconds), not to be supported in the future.' },
    { name: 'autolearn', type: union(BOOLEAN, arrayOf(SKILL_LEVEL)), description: '`true`: learned upon gaining the required skills; `[ skill id, level ]` pairs: learned upon gaining those levels.' },
    { name: 'decomp_learn', type: union(INTEGER, arrayOf(SKILL_LEVEL)), description: 'Integer: learnable by disassembling the result at that level of `skill_used`; `[ skill id, level ]` pairs: at those levels.' },
    { name: 'never_learn', type: BOOLEAN, description: 'Default false. The player cannot learn the recipe (debug or NPC use).', default: false },
    { name: 'batch_time_factors', type: { kind: 'tuple', items: [NUMBER, NUMBER], names: ['max time reduction (%)', 'minimal batch size'] }, description: 'Batch crafting: first the maximum time reduction in percent, then the minimal batch size reaching it.' },
    { name: 'flags', type: arrayOf(STRING), description: 'Boolean features of the recipe.' },
    { name: 'construction_blueprint', type: ref('update_mapgen'), description: 'Update-mapgen id used by faction camps to upgrade buildings; if non-empty, that mapgen function must exist.' },
    { name: 'on_display', type: BOOLEAN, description: 'Marks a hidden construction item used by faction camps to compute construction times, unavailable to the player.' },
    { name: 'using', type: union(ref('requirement'), arrayOf({ kind: 'tuple', items: [ref('requirement'), INTEGER], names: ['requirement id', 'count'] })), description: 'Additional external requirements: a requirement id, or `[ requirement id, count ]` pairs.' },
    { name: 'qualities', type: REQUIREMENT_MEMBERS.qualities, description: 'Generic tool qualities needed: objects with `id`, `level`, `amount` (the game also reads an array of alternative qualities).' },
    { name: 'tools', type: REQUIREMENT_MEMBERS.tools, description: 'Specific tools needed: groups of alternatives `[ tool id, charges ]`; -1 charges means none consumed.' },
    { name: 'components', type: REQUIREMENT_MEMBERS.components, description: 'Components: groups of equivalent alternatives `[ item id, count ]` or `[ item id, count, recoverable ]` (recoverable defaults to true: whether it is recovered on disassembly).' },
  ];
  const fromGame: FieldSpec[] = [
    { name: 'id', type: STRING, description: 'Explicit recipe id, replacing the default (`result`, plus `_` and `id_suffix` when given).' },
    { name: 'activity_level', type: oneOf(...ACTIVITY_LEVELS), description: 'How strenuous crafting is: NO_EXERCISE, LIGHT_EXERCISE, MODERATE_EXERCISE, BRISK_EXERCISE, ACTIVE_EXERCISE, EXTRA_EXERCISE (or `fake`).', fromGame: true },
    {
      name: 'proficiencies', description: 'Proficiencies used by the recipe.', fromGame: true,
      type: arrayOf(object([
        { name: 'proficiency', type: ref('proficiency'), required: true, description: 'Proficiency id.' },
        { name: 'required', type: BOOLEAN, description: 'The proficiency is required to craft (default false).' },
        { name: 'time_multiplier', type: NUMBER, description: 'Time multiplier without the proficiency.' },
        { name: 'fail_multiplier', type: NUMBER, description: 'Failure chance multiplier without the proficiency.' },
        { name: 'learning_time_multiplier', type: NUMBER, description: 'Multiplier of the time spent learning the proficiency while crafting.' },
        { name: 'max_experience', type: { kind: 'string', format: 'time' }, description: 'Most proficiency experience this recipe can give.' },
      ])),
    },
    { name: 'byproducts', type: arrayOf({ kind: 'tuple', items: [ref('item'), INTEGER], required: 1, names: ['item id', 'count'] }), description: 'Extra items produced: `[ item id, count ]` pairs.', fromGame: true },
    { name: 'description', type: TRANSLATION, description: 'Description of the recipe (used by camp blueprints).', fromGame: true },
    { name: 'blueprint_name', type: TRANSLATION, description: 'Camp blueprint: name of the construction.', fromGame: true },
    { name: 'blueprint_resources', type: arrayOf(ref('item')), description: 'Camp blueprint: item ids of the resources the construction makes available.', fromGame: true },
    { name: 'blueprint_provides', type: arrayOf(BLUEPRINT_ENTRY), description: 'Camp blueprint: features provided (`{ "id", "amount" }`).', fromGame: true },
    { name: 'blueprint_requires', type: arrayOf(BLUEPRINT_ENTRY), description: 'Camp blueprint: features required (`{ "id", "amount" }`).', fromGame: true },
    { name: 'blueprint_excludes', type: arrayOf(BLUEPRINT_ENTRY), description: 'Camp blueprint: features that prevent it (`{ "id", "amount" }`).', fromGame: true },
    {
      name: 'blueprint_needs', description: 'Camp blueprint: time, skills and requirements of the construction, checked against the mapgen when `check_blueprint_needs` is true.', fromGame: true,
      type: object([
        { name: 'time', type: union({ kind: 'string', format: 'time' }, INTEGER), description: 'Construction time.' },
        { name: 'skills', type: arrayOf(SKILL_LEVEL), description: '`[ skill id, level ]` pairs.' },
        // requirement_data::load_requirement reads them ("not a valid item template", "Unknown quality"; any
        // other member: "Invalid or misplaced field name", 0.F --check-mods).
        { name: 'inline', type: INLINE_REQUIREMENT_0F, description: 'Inline requirements (`tools`, `qualities`, `components`).' },
      ], true),
    },
    { name: 'check_blueprint_needs', type: BOOLEAN, description: 'Camp blueprint: whether `blueprint_needs` is checked against the construction.', fromGame: true },
  ];
  return [...spec, ...fromGame, ...inheritanceFields(type)];
}

/**
 * Spec 2.6 leaves recipe requiredness "not shown", so the game decides: 0.F loads a recipe or an uncraft with
 * only `result` (checked with the game; 2,400 real recipes omit skills_required, 2,300 tools...), and rejects
 * a `subcategory` without `category` ("recipe X has subcategory but no category", recipe_dictionary.cpp).
 */
export const UNCRAFT_REQUIRED: readonly string[] = ['type', 'result'];

export const RECIPE_SCHEMA: KindSchema = {
  basis: 'spec',
  fields: recipeFields('recipe'),
  editMembers: [],
};

export const UNCRAFT_SCHEMA: KindSchema = {
  basis: 'spec',
  fields: recipeFields('uncraft').map((f) => (f.required && !UNCRAFT_REQUIRED.includes(f.name) ? { ...f, required: false } : f)),
  editMembers: [],
};
