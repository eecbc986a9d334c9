/**
 * Recipes of the current game (0.I / experimental): `recipe`, `uncraft`, and `practice` and `nested_category`,
 * which the game loads into the same recipe dictionary as craft recipes. Written as the changes from the 0.F
 * tables (kinds/recipe.ts), as the game's loader reads them (recipe.cpp `recipe::load`, requirements.cpp
 * `load_obj_list`, `item_comp::load`, `tool_comp::load`, `quality_requirement::load`) and as the 0.I data uses
 * them. The game reports every member its loader did not read ("Invalid or misplaced field name"), so what is
 * not listed here is an error in the game, not just an unused member.
 *
 * Requiredness that the tables cannot say: `result` is mandatory unless the recipe has `result_eocs`, in which
 * case `id` and `name` are (32 Aftershock recipes); `result` is therefore not marked required.
 */
import { deriveObject, deriveSchema } from '../derive';
import type { FieldSpec, KindSchema, ObjectSpec, RemovedMember, StringSpec, TupleSpec, TypeSpec } from '../types';
import {
  BOOLEAN, DIALOGUE, INTEGER, NUMBER, SKILL_LEVEL, STRING, TRANSLATION, arrayOf, object,
  oneOf, ref, union,
} from '../kinds/common';
import { RECIPE_SCHEMA, UNCRAFT_SCHEMA } from '../kinds/recipe';
import { ENTRY_LIST_CURRENT, INLINE_ITEM_GROUP_CURRENT } from '../kinds/itemGroup';

/**
 * `activity_level` values (activity_levels_map). 0.F's `fake` is gone: the game reports it as deprecated and
 * crafts at MODERATE_EXERCISE.
 */
export const ACTIVITY_LEVELS_CURRENT = [
  'SLEEP_EXERCISE', 'NO_EXERCISE', 'LIGHT_EXERCISE', 'MODERATE_EXERCISE', 'BRISK_EXERCISE', 'ACTIVE_EXERCISE', 'EXTRA_EXERCISE',
] as const;

/** MAX_SKILL: `difficulty` outside 0..10 is refused by the loader. */
const MAX_SKILL = 10;

/**
 * A recipe's `activity_level`. 0.F's recipe::load read `"fake"` as MODERATE_EXERCISE (`get_string(
 * "activity_level", "MODERATE_EXERCISE" )`, then `if( exertion_str == "fake" ) exertion_str = "MODERATE_EXERCISE"`,
 * as its binary shows); activity_levels_map never held it, and the later recipe::load maps it to MODERATE_EXERCISE
 * with a deprecation message ("Remove after 0.H"), or refuses it once that is removed. Either way
 * "MODERATE_EXERCISE" is what 0.F crafted at: the certain rewrite.
 */
const ACTIVITY_LEVEL: StringSpec = { ...oneOf(...ACTIVITY_LEVELS_CURRENT), formerValues: { fake: { to: 'MODERATE_EXERCISE', version: '0.F' } } };
/**
 * A recipe without `activity_level` (recipe, uncraft alike: both readers read it before the type's own members).
 * 0.F's recipe::load read `get_string( "activity_level", "MODERATE_EXERCISE" )` whether the recipe inherited or not
 * (its binary: the call follows the autolearn members on every path, no `was_loaded` test; recipe_dictionary::load
 * copies the parent first, and the default then replaced its level). The current recipe::load reads `mandatory( jo,
 * was_loaded, "activity_level", exertion_str )`: required of a recipe without copy-from ("missing mandatory member"),
 * the parent's kept by one with it; an obsolete recipe returns before it (`if( obsolete ) return;`). So a 0.F
 * recipe without it, inheriting or not, is brought forward by writing what 0.F crafted it at.
 */
const ACTIVITY_LEVEL_0F_DEFAULT = { form: 'absent', migration: { kind: 'formerDefault', member: 'activity_level', value: 'MODERATE_EXERCISE', version: '0.F' } } as const;
const TIME: StringSpec = { kind: 'string', format: 'time' };
/**
 * A recipe's `time`: a time string. 0.F's recipe::load also read an integer, as moves (`jo.has_int( "time" )`); the
 * current one reads a string only (`jo.has_string( "time" )` -> read_from_json_string<time_duration>, to_moves), so
 * an integer is skipped: reported with the string read to the same moves (Migration `moves`).
 */
const RECIPE_TIME: StringSpec = { ...TIME, formerly: { form: 'integer', migration: { kind: 'moves' } } };
const POSITIVE = { kind: 'integer', min: 1 } as const;

function baseField(schema: KindSchema, name: string): FieldSpec {
  const f = schema.fields.find((x) => x.name === name);
  if (!f) throw new Error(`schema/current/recipe: no field "${name}" in the 0.F table`);
  return f;
}

/** The 0.F field with a new type and description (requiredness and `fromGame` kept unless given). */
function changed(schema: KindSchema, name: string, change: Partial<FieldSpec>): FieldSpec {
  return { ...baseField(schema, name), ...change };
}

// --- Requirements (tools, qualities, components), as requirements.cpp reads them -----------------------------

/** `[ item id, count ]` or `[ item id, count, "NO_RECOVER" ]`: count must be positive; a boolean is not read. */
const COMPONENT: TupleSpec = {
  kind: 'tuple', items: [ref('item'), POSITIVE, oneOf('NO_RECOVER')], required: 2, names: ['item id', 'count', '"NO_RECOVER"'],
};

/** `[ requirement id, count, "LIST" ]`: a requirement's component list, inlined (`"NO_RECOVER"` may be added). */
const COMPONENT_LIST: TupleSpec = {
  kind: 'tuple', items: [ref('requirement'), POSITIVE, oneOf('LIST', 'NO_RECOVER'), oneOf('LIST', 'NO_RECOVER')], required: 3,
  names: ['requirement id', 'count', '"LIST"', '"NO_RECOVER"'],
};

/** `[ tool id, charges ]`: -1 consumes no charges (0 is refused). */
const TOOL: TupleSpec = { kind: 'tuple', items: [ref('item'), INTEGER], names: ['tool id', 'charges'] };

/** `[ requirement id, count, "LIST" ]`: a requirement's tool list, inlined. */
const TOOL_LIST: TupleSpec = {
  kind: 'tuple', items: [ref('requirement'), INTEGER, oneOf('LIST')], names: ['requirement id', 'count', '"LIST"'],
};

/** A tool alternative: a bare tool id (no charges used), `[ tool id, charges ]` or a LIST entry. */
const TOOL_ALTERNATIVE: TypeSpec = union(ref('item'), TOOL, TOOL_LIST);

const QUALITY: ObjectSpec = object([
  { name: 'id', type: ref('tool_quality'), required: true, description: 'Tool quality id.' },
  { name: 'level', type: INTEGER, description: 'Minimum quality level (0 and negative levels are allowed).', default: 1 },
  { name: 'amount', type: POSITIVE, description: 'Number of tools with this quality needed (at least 1).', default: 1 },
]);

const QUALITIES: TypeSpec = arrayOf(union(QUALITY, arrayOf(QUALITY)));
/** Groups of alternatives; a group may also be a single tool id. */
const TOOLS: TypeSpec = arrayOf(union(arrayOf(TOOL_ALTERNATIVE), ref('item')));
const COMPONENTS: TypeSpec = arrayOf(arrayOf(union(COMPONENT, COMPONENT_LIST)));

/**
 * The three requirement members as the current game reads them wherever it reads requirements (recipes,
 * `requirement` definitions, constructions: requirements.cpp `requirement_data::load_requirement`).
 */
export const REQUIREMENT_MEMBERS_CURRENT: Readonly<Record<'tools' | 'components' | 'qualities', TypeSpec>> = { tools: TOOLS, components: COMPONENTS, qualities: QUALITIES };

const QUALITIES_DESCRIPTION = 'Tool qualities needed: `{ "id", "level", "amount" }` objects (an array of them is a set of alternatives).';
const TOOLS_DESCRIPTION = 'Tools needed: groups of alternatives, each a tool id (no charges used), `[ tool id, charges ]` (-1: no charges consumed) or `[ requirement id, count, "LIST" ]`; a group may be a single tool id.';
const COMPONENTS_DESCRIPTION = 'Components: groups of alternatives `[ item id, count ]`, `[ item id, count, "NO_RECOVER" ]` (not recovered on disassembly) or `[ requirement id, count, "LIST" ]` (the requirement\'s components inlined).';

/** The object of `blueprint_needs.inline`: requirements written in place. */
const INLINE_REQUIREMENT: ObjectSpec = object([
  { name: 'qualities', type: QUALITIES, description: QUALITIES_DESCRIPTION },
  { name: 'tools', type: TOOLS, description: TOOLS_DESCRIPTION },
  { name: 'components', type: COMPONENTS, description: COMPONENTS_DESCRIPTION },
]);

// --- Members whose form changed since 0.F ---------------------------------------------------------------------

/** `[ book id ]` or `[ book id, skill level ]`: 0.F's third element (recipe name) is not read any more. */
const BOOK_LEARN_ENTRY: TupleSpec = { kind: 'tuple', items: [ref('item'), INTEGER], required: 1, names: ['book id', 'skill level'] };

const BOOK_LEARN_MAP: TypeSpec = {
  kind: 'map', key: ref('item'),
  value: object([
    { name: 'skill_level', type: INTEGER, description: 'Skill level needed to learn the recipe from the book.' },
    { name: 'recipe_name', type: TRANSLATION, description: 'Name of the recipe in the book; defaults to the result item\'s name.' },
    { name: 'hidden', type: BOOLEAN, description: 'The recipe is not listed in the book\'s description.' },
  ]),
};

const PROFICIENCY_0F = ((): ObjectSpec => {
  const t = baseField(RECIPE_SCHEMA, 'proficiencies').type;
  if (t.kind !== 'array' || t.of.kind !== 'object') throw new Error('schema/current/recipe: 0.F proficiencies is not an array of objects');
  return t.of;
})();

/**
 * Renaming `fail_multiplier` to `skill_penalty` does not keep its meaning: the game reads it (with an error) as
 * `skill_penalty = fail_multiplier - 1`, and since `skill_penalty` itself was absent, finalization then replaces
 * that value with the proficiency's default penalty. So no mechanical rename is offered.
 */
const FAIL_MULTIPLIER: RemovedMember = {
  name: 'fail_multiplier',
  instead: '"skill_penalty": <fail_multiplier - 1> (a penalty in skill levels, not a multiplier: 1.5 becomes 0.5)',
};

const PROFICIENCY: ObjectSpec = deriveObject(PROFICIENCY_0F, {
  removed: [FAIL_MULTIPLIER],
  replace: [
    { name: 'time_multiplier', type: NUMBER, description: 'Time multiplier without the proficiency; absent or 0: the proficiency\'s default. Not with `"required": true`.' },
  ],
  add: [
    { name: 'skill_penalty', type: NUMBER, description: 'Skill levels subtracted from the crafter\'s effective skill without the proficiency; absent: the proficiency\'s default.' },
  ],
});

/**
 * `[ requirement id, count ]`; the game reads only these two, and the data often adds `"LIST"` (147 records of
 * the 0.I data, as in component lists), which it loads without complaint.
 */
const USING_ENTRY: TupleSpec = {
  kind: 'tuple', items: [ref('requirement'), INTEGER, oneOf('LIST')], required: 2, names: ['requirement id', 'count', '"LIST"'],
};

/** `using`: a requirement id, or `[ requirement id, count ]` pairs (recipes and constructions read it alike). */
export const USING_CURRENT: TypeSpec = union(ref('requirement'), arrayOf(USING_ENTRY));

const OVERRIDE: RemovedMember = {
  name: 'override',
  instead: 'no "override" (a recipe defined again with the same id now replaces the earlier one)',
};

const BLUEPRINT_NEEDS: ObjectSpec = object([
  { name: 'time', type: TIME, description: 'Construction time (a time string).' },
  { name: 'skills', type: arrayOf(SKILL_LEVEL), description: '`[ skill id, level ]` pairs.' },
  { name: 'inline', type: INLINE_REQUIREMENT, description: 'Requirements of the construction (`qualities`, `tools`, `components`).' },
]);

/** Changes that apply to every recipe type (the members recipe::load reads for all of them). */
const COMMON_REPLACE = (schema: KindSchema): FieldSpec[] => [
  changed(schema, 'result', { required: false, requiredUnless: 'result_eocs', description: 'Id of the resulting item; also the recipe id (with `variant` and `id_suffix`). Mandatory unless the recipe has `result_eocs` (then `id` and `name` are).' }),
  changed(schema, 'time', { type: RECIPE_TIME, description: 'Crafting time as a time string ("30 m", "1 h 30 m"); an integer number of moves is not read any more.' }),
  changed(schema, 'difficulty', { type: { kind: 'integer', min: 0, max: MAX_SKILL }, description: 'Difficulty of the success check, 0 to 10 (the level of `skill_used` it is checked against).' }),
  changed(schema, 'book_learn', {
    type: union(arrayOf(BOOK_LEARN_ENTRY), BOOK_LEARN_MAP),
    description: 'Books teaching the recipe: `[ book id, skill level ]` entries, or an object `{ book id: { "skill_level", "recipe_name", "hidden" } }` (the form that names or hides the recipe).',
  }),
  changed(schema, 'activity_level', {
    type: ACTIVITY_LEVEL, required: true, formerly: ACTIVITY_LEVEL_0F_DEFAULT,
    description: 'How strenuous crafting is (mandatory): SLEEP_EXERCISE, NO_EXERCISE, LIGHT_EXERCISE, MODERATE_EXERCISE, BRISK_EXERCISE, ACTIVE_EXERCISE or EXTRA_EXERCISE.',
  }),
  changed(schema, 'proficiencies', {
    type: arrayOf(PROFICIENCY),
    description: 'Proficiencies used by the recipe: `{ "proficiency", "required", "time_multiplier", "skill_penalty", "learning_time_multiplier", "max_experience" }`.',
  }),
  changed(schema, 'qualities', { type: QUALITIES, description: QUALITIES_DESCRIPTION }),
  changed(schema, 'tools', { type: TOOLS, description: TOOLS_DESCRIPTION }),
  changed(schema, 'components', { type: COMPONENTS, description: COMPONENTS_DESCRIPTION }),
  changed(schema, 'using', {
    type: USING_CURRENT,
    description: 'Additional requirements: a requirement id, or `[ requirement id, count ]` pairs (count a whole number: 1.5 is read as 1).',
  }),
  changed(schema, 'id', { description: 'Recipe id of a recipe without `result` (one that only runs `result_eocs`); mandatory there, and not read otherwise.' }),
];

const COMMON_ADD: FieldSpec[] = [
  { name: 'name', type: TRANSLATION, description: 'Name of the recipe in the crafting menu, instead of the result\'s name; mandatory for a recipe without `result`.', fromGame: true },
  {
    name: 'result_eocs', type: arrayOf(union(ref('effect_on_condition'), DIALOGUE)), fromGame: true,
    description: 'Effects on condition run when the craft completes: EOC ids or inline EOC objects. A recipe with these may omit `result`.',
  },
  { name: 'container_variant', type: STRING, description: 'Item variant of the `container`.', fromGame: true },
  { name: 'sealed', type: BOOLEAN, description: 'Whether the container of a `contained` result is sealed.', fromGame: true },
];

/** Members recipe::load reads for `"type": "recipe"` only. */
const CRAFT_ONLY = [
  'id_suffix', 'category', 'subcategory', 'description', 'reversible', 'byproducts', 'construction_blueprint', 'blueprint_name',
  'blueprint_resources', 'blueprint_provides', 'blueprint_requires', 'blueprint_excludes', 'blueprint_needs', 'check_blueprint_needs',
];

export const RECIPE_SCHEMA_CURRENT: KindSchema = deriveSchema(RECIPE_SCHEMA, {
  removed: [OVERRIDE],
  // A spec member the game does not read.
  drop: ['on_display'],
  replace: [
    ...COMMON_REPLACE(RECIPE_SCHEMA),
    { name: 'category', type: ref('recipe_category'), required: true, description: 'Crafting category (mandatory): a recipe_category id such as `CC_WEAPON`.' },
    changed(RECIPE_SCHEMA, 'subcategory', { required: true, description: 'Crafting subcategory (mandatory): one of the category\'s `recipe_subcategories` (data: mods add subcategories).' }),
    changed(RECIPE_SCHEMA, 'reversible', {
      type: union(BOOLEAN, object([{ name: 'time', type: TIME, required: true, description: 'Disassembly time of the generated uncraft recipe.' }])),
      description: 'Default false. `true`, or `{ "time": "30 s" }` with the disassembly time: an uncraft recipe reversing this one is also generated. Not with byproducts.',
    }),
    changed(RECIPE_SCHEMA, 'blueprint_needs', { type: BLUEPRINT_NEEDS }),
    changed(RECIPE_SCHEMA, 'check_blueprint_needs', { description: 'Camp blueprint: default true. Whether `blueprint_needs` is checked against the construction; without `blueprint_needs` the needs are computed.', default: true }),
  ],
  add: [
    ...COMMON_ADD,
    { name: 'variant', type: STRING, description: 'Item variant of the result that the recipe makes; the recipe id becomes `<result>_<variant>` (before `id_suffix`).', fromGame: true },
    {
      name: 'byproduct_group', type: union(ref('item_group'), ENTRY_LIST_CURRENT, INLINE_ITEM_GROUP_CURRENT), fromGame: true,
      description: 'Extra items produced, as an item group: a group id, an array of entries (a collection) or an inline group. Not with `reversible`.',
    },
    {
      name: 'blueprint_parameter_names', fromGame: true,
      type: { kind: 'map', key: STRING, value: { kind: 'map', key: STRING, value: TRANSLATION } },
      description: 'Camp blueprint: for each parameter of the update mapgen, the name shown for each of its values.',
    },
  ],
});

export const UNCRAFT_SCHEMA_CURRENT: KindSchema = deriveSchema(UNCRAFT_SCHEMA, {
  removed: [OVERRIDE],
  drop: ['on_display', ...CRAFT_ONLY],
  replace: COMMON_REPLACE(UNCRAFT_SCHEMA),
  add: COMMON_ADD,
});

/** Members of the current recipe table that practice and nested-category recipes do not have. */
const BLUEPRINT = [
  'construction_blueprint', 'blueprint_name', 'blueprint_parameter_names', 'blueprint_resources', 'blueprint_provides',
  'blueprint_requires', 'blueprint_excludes', 'blueprint_needs', 'check_blueprint_needs',
];

const ID_REQUIRED = (what: string): FieldSpec => changed(RECIPE_SCHEMA_CURRENT, 'id', { required: true, description: `Id of the ${what} (mandatory; it shares the recipe id space).` });

export const PRACTICE_SCHEMA_CURRENT: KindSchema = deriveSchema(RECIPE_SCHEMA_CURRENT, {
  // The game refuses `result` ("use byproducts") and `difficulty` ("use practice_data").
  drop: ['result', 'difficulty', 'id_suffix', 'variant', 'reversible', ...BLUEPRINT],
  replace: [
    { ...baseField(RECIPE_SCHEMA_CURRENT, 'type'), type: oneOf('practice'), description: '`practice`: a recipe that trains a skill or proficiency, producing no result.' },
    ID_REQUIRED('practice recipe'),
    changed(RECIPE_SCHEMA_CURRENT, 'name', { required: true, description: 'Name of the practice in the crafting menu (mandatory).' }),
    changed(RECIPE_SCHEMA_CURRENT, 'description', { description: 'Description of the practice.' }),
    changed(RECIPE_SCHEMA_CURRENT, 'byproducts', { description: 'Items produced by the practice: `[ item id, count ]` pairs.' }),
  ],
  add: [
    {
      name: 'practice_data', required: true, fromGame: true, description: 'Difficulty range of the practice (mandatory): `min_difficulty`, `max_difficulty`, `skill_limit`.',
      type: object([
        { name: 'min_difficulty', type: INTEGER, description: 'Lowest difficulty: the practice is at the crafter\'s level of `skill_used`, clamped to this range.' },
        { name: 'max_difficulty', type: INTEGER, description: 'Highest difficulty (default 9).' },
        { name: 'skill_limit', type: INTEGER, description: 'Skill level the practice cannot train past (default 10).' },
      ]),
    },
  ],
});

export const NESTED_CATEGORY_SCHEMA_CURRENT: KindSchema = deriveSchema(RECIPE_SCHEMA_CURRENT, {
  // The game refuses `result` and `autolearn` (a nested category shows when one of its recipes does).
  drop: ['result', 'autolearn', 'id_suffix', 'variant', 'reversible', 'byproducts', 'byproduct_group', ...BLUEPRINT],
  replace: [
    { ...baseField(RECIPE_SCHEMA_CURRENT, 'type'), type: oneOf('nested_category'), description: '`nested_category`: an entry of the crafting menu grouping other recipes.' },
    ID_REQUIRED('nested category'),
    changed(RECIPE_SCHEMA_CURRENT, 'name', { required: true, description: 'Name of the group in the crafting menu (mandatory).' }),
    changed(RECIPE_SCHEMA_CURRENT, 'description', { description: 'Description of the group.' }),
  ],
  add: [
    { name: 'nested_category_data', type: arrayOf(ref('recipe')), required: true, fromGame: true, description: 'Ids of the recipes grouped here (mandatory).' },
  ],
});
