/**
 * Profession, profession group and profession item substitutions of the current game (0.I / experimental),
 * written as the changes from the 0.F tables (kinds/profession.ts, kinds/professionItemSubstitutions.ts).
 * Checked against the current game's loader (profession.cpp, profession_group.cpp) and its data: every
 * profession, hobby, profession group and substitution of the corpus validates with these tables.
 *
 * What changed since 0.F:
 * - no `edit-mode` and no `add:`/`remove:` members (a later definition of an id replaces it);
 * - `cbms` (the spec's name) is rejected: the game reads `CBMs`;
 * - hobbies are professions with `"subtype": "hobby"`; `profession_group` lists them;
 * - `items.male` / `items.female` take an inline item group too, like `both`;
 * - `pets` entries are `{ "name", "amount" }` objects only (the game reads no plain monster id);
 * - `traits` entries may name a variant; `description` may be gendered;
 * - addiction `type` is a reference to `addiction_type` (data now);
 * - new members: achievements (`requirement`), NPC backgrounds, ages, money, missions, recipes, martial arts,
 *   effects on condition, forbidden traits and hobby lists.
 */
import type { FieldSpec, KindSchema, ObjectSpec, TypeSpec } from '../types';
import { deriveObject, deriveSchema } from '../derive';
import {
  BOOLEAN, DIALOGUE, INTEGER, NUMBER, STRING, TRANSLATION, arrayOf, inheritanceFields, object,
  oneOf, ref, typeField, union,
} from '../kinds/common';
import { ADDICTION, ITEMS, ITEM_LIST, PET, PROFESSION_SCHEMA } from '../kinds/profession';
import { INLINE_ITEM_GROUP_CURRENT } from '../kinds/itemGroup';
import { PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA, REPLACEMENT_WITH_RATIO, SUB_ENTRY } from '../kinds/professionItemSubstitutions';

/**
 * A list member read by the game's generic readers (`string_id_reader`, `auto_flags_reader`, typed readers):
 * an array of entries, or a single entry in place of the array.
 */
export function oneOrMany(entry: TypeSpec): TypeSpec {
  return union(entry, arrayOf(entry));
}

/** `{ "male": ..., "female": ... }`: a description per gender (both needed, else the object is a translation). */
const GENDERED_DESCRIPTION: ObjectSpec = object([
  { name: 'male', type: STRING, required: true, description: 'Description shown for male characters.' },
  { name: 'female', type: STRING, required: true, description: 'Description shown for female characters.' },
]);

/** `{ "trait": id, "variant": id }`: a starting trait with one of its variants. */
const TRAIT_WITH_VARIANT: ObjectSpec = object([
  { name: 'trait', type: ref('mutation'), required: true, description: 'Trait (mutation) id.' },
  { name: 'variant', type: STRING, description: 'Id of one of the variants the trait defines.' },
]);

const GENDERED_ITEMS: TypeSpec = union(ITEM_LIST, INLINE_ITEM_GROUP_CURRENT);

const ITEMS_CURRENT: ObjectSpec = deriveObject(ITEMS, {
  replace: [
    {
      name: 'both', type: GENDERED_ITEMS,
      description: 'Items for every character: an inline item group (`items`, `entries`...; read as a collection), or the legacy list of item ids and `[ item id, snippet id ]` pairs.',
    },
    { name: 'male', type: GENDERED_ITEMS, description: 'Items for male characters only: an inline item group or a legacy item list, like `both`.' },
    { name: 'female', type: GENDERED_ITEMS, description: 'Items for female characters only: an inline item group or a legacy item list, like `both`.' },
  ],
});

/** Addiction types are data now (`addiction_type`). */
const ADDICTION_CURRENT: ObjectSpec = deriveObject(ADDICTION, {
  replace: [{ name: 'type', type: ref('addiction_type'), required: true, description: 'Addiction type id.' }],
});

const ACHIEVEMENT_IDS: TypeSpec = oneOrMany(ref('achievement'));

export const PROFESSION_SCHEMA_CURRENT: KindSchema = deriveSchema(PROFESSION_SCHEMA, {
  removed: [{ name: 'cbms', instead: '"CBMs" (the member name the game reads)', migration: { kind: 'rename', to: 'CBMs' } }],
  drop: ['edit-mode'],
  replace: [
    {
      name: 'description', type: union(...TRANSLATION.options, GENDERED_DESCRIPTION), required: true,
      description: 'In-game description: a text, or an object with a `male` and a `female` description.',
    },
    {
      name: 'addictions', type: oneOrMany(ADDICTION_CURRENT),
      description: 'Starting addictions: objects with `type` (addiction type id) and `intensity`.',
    },
    {
      name: 'items', type: ITEMS_CURRENT,
      description: 'Starting items: optional `both` (every character), `male` and `female`, each an inline item group or a legacy list of item ids.',
    },
    {
      name: 'pets', type: arrayOf(PET),
      description: 'Monsters the character starts with as tamed pets: `{ "name": monster id, "amount": n }` objects.',
    },
    { name: 'flags', type: oneOrMany(STRING), description: 'Profession flags (e.g. `SCEN_ONLY`, `NO_BONUS_ITEMS`, `SKIP_DEFAULT_BACKGROUND`).' },
    {
      name: 'traits', type: arrayOf(union(ref('mutation'), TRAIT_WITH_VARIANT)),
      description: 'Starting traits (mutations): trait ids, or `{ "trait": id, "variant": id }` for a given variant.',
    },
    { name: 'CBMs', type: oneOrMany(ref('bionic')), description: 'CBM (bionic) ids implanted in the character.', fromGame: true },
  ],
  add: [
    {
      name: 'subtype', type: oneOf('hobby'), fromGame: true,
      description: '`"hobby"` makes this a hobby (a background picked beside the profession); without it the definition is a profession. The game gives no other value a meaning.',
    },
    { name: 'age_lower', type: INTEGER, fromGame: true, description: 'Lowest age of a randomly generated character with this profession (manual input is not limited).' },
    { name: 'age_upper', type: INTEGER, fromGame: true, description: 'Highest age of a randomly generated character with this profession (manual input is not limited).' },
    { name: 'starting_cash', type: INTEGER, fromGame: true, description: 'Starting bank balance (the game counts money in cents).' },
    { name: 'npc_background', type: ref('trait_group'), fromGame: true, description: 'Trait group id of the background stories an NPC with this profession can tell.' },
    { name: 'missions', type: oneOrMany(ref('mission_definition')), fromGame: true, description: 'Mission ids started at game start (their origins must include `ORIGIN_GAME_START`).' },
    {
      name: 'requirement', type: ACHIEVEMENT_IDS, fromGame: true,
      description: 'Achievement id (or ids, all needed) a past character must have completed to unlock this profession when meta progression is on.',
    },
    { name: 'hard_requirement', type: BOOLEAN, fromGame: true, description: 'When true, `requirement` applies even with meta progression turned off.' },
    { name: 'forbidden_traits', type: oneOrMany(ref('mutation')), fromGame: true, description: 'Trait ids a character with this profession cannot take.' },
    { name: 'hobbies', type: arrayOf(ref('profession')), fromGame: true, description: 'Hobby ids: the only hobbies this profession may take (see `whitelist_hobbies`). Empty allows all.' },
    { name: 'whitelist_hobbies', type: BOOLEAN, fromGame: true, default: true, description: 'When false, `hobbies` lists the hobbies this profession cannot take instead.' },
    { name: 'recipes', type: arrayOf(ref('recipe')), fromGame: true, description: 'Recipe ids the character knows from the start.' },
    {
      name: 'effect_on_conditions', type: oneOrMany(union(ref('effect_on_condition'), DIALOGUE)), fromGame: true,
      description: 'Effects on condition run when the game starts: ids or inline effect-on-condition objects.',
    },
    { name: 'starting_styles', type: arrayOf(ref('martial_art')), fromGame: true, description: 'Martial art style ids the character knows from the start.' },
    { name: 'starting_styles_choices', type: arrayOf(ref('martial_art')), fromGame: true, description: 'Martial art style ids offered as a choice in character creation.' },
    { name: 'starting_styles_choices_amount', type: INTEGER, fromGame: true, default: 1, description: 'How many styles of `starting_styles_choices` the player picks.' },
  ],
});

/** Profession group (`type` = `profession_group`): a list of hobbies every new character gets. No 0.F table. */
const PROFESSION_GROUP_FIELDS: FieldSpec[] = [
  typeField(['profession_group']),
  { name: 'id', type: STRING, required: true, description: 'Unique profession group id.' },
  {
    name: 'professions', type: arrayOf(ref('profession')), fromGame: true,
    description: 'Profession (hobby) ids of the group; the default group `adult_basic_background` is given to every new character.',
  },
  ...inheritanceFields('profession_group'),
];

export const PROFESSION_GROUP_SCHEMA_CURRENT: KindSchema = { basis: 'reader', fields: PROFESSION_GROUP_FIELDS, editMembers: [] };

/** `ratio` is read as a positive floating-point number (0.72 cooked meat per raw meat...). */
const SUB_ENTRY_CURRENT: ObjectSpec = deriveObject(SUB_ENTRY, {
  replace: [{
    name: 'new', type: arrayOf(union(ref('item'), deriveObject(REPLACEMENT_WITH_RATIO, {
      replace: [{ name: 'ratio', type: NUMBER, required: true, description: 'Replacement items (or charges) per replaced one: a positive number, rounded, at least 1.' }],
    }))),
    required: true,
    description: 'Replacement entries: item ids or `{ "item", "ratio" }` objects.',
  }],
});

export const PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA_CURRENT: KindSchema = deriveSchema(PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA, {
  replace: [
    { name: 'sub', type: arrayOf(SUB_ENTRY_CURRENT), description: 'Substitution rules: `present` / `absent` + `new` (by item), or `item` + `new` (by trait).' },
    {
      name: 'group', type: union(ref('item_group'), INLINE_ITEM_GROUP_CURRENT), fromGame: true,
      description: 'Bonus form: an item group id or an inline item group (a collection), given to characters matching `bonus`.',
    },
  ],
});
