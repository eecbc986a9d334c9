/**
 * Item group entries as the 0.F game reads them (item_group.cpp: Item_factory::add_entry, load_min_max,
 * load_sub_ref), in `item_group` definitions and in inline groups (a profession's items). The game reads every
 * member of an entry object, so one it does not know is "Invalid or misplaced field name": the members below are
 * those 0.F reads, checked with its --check-mods (`variant` and `event` are later versions' members).
 */
import type { FieldSpec, ObjectSpec, TypeSpec } from '../types';
import { ANY, BOOLEAN, INLINE_ITEM_GROUP, INTEGER, OPEN_OBJECT, STRING, arrayOf, object, ref, union } from './common';

/** `n`, or `[ min, max ]`. */
const AMOUNT: TypeSpec = union(INTEGER, { kind: 'tuple', items: [INTEGER, INTEGER], names: ['min', 'max'] });

/** `x`, `x-min` and `x-max` (load_min_max). */
const minMax = (name: string, what: string): FieldSpec[] => [
  { name, type: AMOUNT, description: `${what}: a number, or \`[ min, max ]\`.` },
  { name: `${name}-min`, type: INTEGER, description: `${what}: the least.` },
  { name: `${name}-max`, type: INTEGER, description: `${what}: the most.` },
];

/** `x-item` and `x-group` (load_sub_ref). */
const subRef = (name: string, what: string, itemType: TypeSpec = ref('item'), groupType: TypeSpec = ref('item_group')): FieldSpec[] => [
  { name: `${name}-item`, type: itemType, description: `${what}: an item id.` },
  { name: `${name}-group`, type: groupType, description: `${what}: an item group id.` },
];

const ENTRY_FIELDS: FieldSpec[] = [
  { name: 'item', type: ref('item'), description: 'The item spawned.' },
  { name: 'group', type: ref('item_group'), description: 'The item group spawned from.' },
  { name: 'prob', type: INTEGER, description: 'Weight (distribution) or chance in percent (collection); default 100.' },
  ...minMax('count', 'How many'),
  ...minMax('charges', 'Charges of each item'),
  ...minMax('damage', 'Damage level of each item'),
  ...minMax('dirt', 'Dirt level of each gun'),
  ...subRef('container', 'The container the items spawn in'),
  ...subRef('contents', 'What spawns inside the items', union(ref('item'), arrayOf(ref('item'))), union(ref('item_group'), arrayOf(ref('item_group')))),
  ...subRef('ammo', 'The ammunition the items spawn with'),
  { name: 'sealed', type: BOOLEAN, description: 'Whether the container spawns sealed; default true.' },
  { name: 'custom-flags', type: arrayOf(STRING), description: 'Flags set on the spawned items.' },
  { name: 'artifact', type: OPEN_OBJECT, description: 'Makes the item a relic: `procgen_id` and `rules`.' },
  // Read only as an array (a string is unread, so "Invalid or misplaced field name").
  { name: 'snippets', type: arrayOf(STRING), description: 'Snippet ids (of the item\'s snippet_category), one of which the item gets.' },
];

/**
 * An entry object; its `collection` / `distribution` members are inline groups of entries alike. `open`: members
 * it does not list are accepted (the current game reads more: `variant`, `event`...), those it lists checked.
 */
function itemGroupEntry(open: boolean): ObjectSpec {
  const fields: FieldSpec[] = [...ENTRY_FIELDS];
  const entry = object(fields, open);
  /** What a list of entries holds: entry objects (checked), item ids and `[ id, prob ]` pairs. */
  const entryOrShortForm: TypeSpec = union(entry, STRING, arrayOf(ANY));
  fields.push(
    { name: 'collection', type: arrayOf(entryOrShortForm), description: 'An inline collection: every entry rolled on its own.' },
    { name: 'distribution', type: arrayOf(entryOrShortForm), description: 'An inline distribution: one entry chosen by weight.' },
  );
  return entry;
}

/** An inline item group (a profession's items) whose `items`, `groups` and `entries` hold `entry` objects. */
function inlineItemGroup(entry: ObjectSpec): { readonly items: TypeSpec; readonly groups: TypeSpec; readonly entries: TypeSpec; readonly inline: ObjectSpec } {
  /** `items` of a group: item ids, `[ item id, prob ]` pairs or entry objects. */
  const items: TypeSpec = arrayOf(union(ref('item'), { kind: 'tuple', items: [ref('item'), INTEGER], names: ['item id', 'prob'] }, entry));
  /** `groups` of a group: group ids or `[ group id, prob ]` pairs. */
  const groups: TypeSpec = arrayOf(union(ref('item_group'), { kind: 'tuple', items: [ref('item_group'), INTEGER], names: ['group id', 'prob'] }));
  /** `entries` of a group: entry objects. */
  const entries: TypeSpec = arrayOf(entry);
  const inline: ObjectSpec = {
    ...INLINE_ITEM_GROUP,
    fields: INLINE_ITEM_GROUP.fields.map((f) => (f.name === 'items' ? { ...f, type: items } : f.name === 'entries' ? { ...f, type: entries } : f.name === 'groups' ? { ...f, type: groups } : f)),
  };
  return { items, groups, entries, inline };
}

export const ITEM_GROUP_ENTRY_0F: ObjectSpec = itemGroupEntry(false);
const GROUP_0F = inlineItemGroup(ITEM_GROUP_ENTRY_0F);
export const ITEMS_0F: TypeSpec = GROUP_0F.items;
export const GROUPS_0F: TypeSpec = GROUP_0F.groups;
export const ENTRIES_0F: TypeSpec = GROUP_0F.entries;
/** An inline item group (a profession's items) whose entries are checked as 0.F reads them. */
export const INLINE_ITEM_GROUP_0F: ObjectSpec = GROUP_0F.inline;

/**
 * An inline item group of the current game (profession items, death drops, byproducts): its entries name items and
 * groups as 0.F's do, and may have members 0.F does not read.
 */
const ITEM_GROUP_ENTRY_CURRENT = itemGroupEntry(true);
export const INLINE_ITEM_GROUP_CURRENT: ObjectSpec = inlineItemGroup(ITEM_GROUP_ENTRY_CURRENT).inline;
/** An array of the current game's entries, read as a collection (death drops, byproducts): objects, ids, pairs. */
export const ENTRY_LIST_CURRENT: TypeSpec = arrayOf(union(ITEM_GROUP_ENTRY_CURRENT, STRING, arrayOf(ANY)));
