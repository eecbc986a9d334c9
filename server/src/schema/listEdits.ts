/**
 * `extend` (doc/JSON_INHERITANCE.md): with copy-from, entries added to inherited list members, written as those
 * members are (`"extend": { "flags": [ "X" ] }`). So each list member of a table is a member of `extend`, of the
 * same type: the ids it adds are references as the member's own are (checked, found, renamed), and completion
 * offers them. Members a table writes there itself (a monster's `special_attacks`) are kept; anything else stays
 * accepted (the object stays open).
 *
 * Not `delete`: it is written otherwise for some members (an item's `"delete": { "qualities": [ "COOK" ] }` gives
 * ids only), and removing an entry that is not there is no error of the game (a mod removes what another mod,
 * not among its dependencies, may add).
 */
import { withLazyType, type FieldSpec, type KindSchema, type ObjectSpec, type TypeSpec } from './types';
import type { Basis } from '../basis';

/** Members no copy-from inherits as a list. */
const NOT_LISTS = new Set(['copy-from', 'abstract', 'extend', 'delete', 'relative', 'proportional', 'id', 'type', 'edit-mode']);

/**
 * `schema` with its `extend` member listing its list members. The list is made when `extend`'s type is first read:
 * it reads the type of every member (see withLazyType), which a definition without `extend` never needs.
 */
export function withListEdits(schema: KindSchema): KindSchema {
  if (!schema.fields.some(isOpenExtend)) return schema;
  let lists: readonly { readonly name: string; readonly type: TypeSpec }[] | undefined;
  const listMembers = (): readonly { readonly name: string; readonly type: TypeSpec }[] => lists ??= schema.fields.flatMap((f) => {
    const entry = NOT_LISTS.has(f.name) ? undefined : entryOf(f.type);
    return entry ? [{ name: f.name, type: extendType(entry, f.type.kind === 'union' ? f.type.basis : undefined) }] : [];
  });
  const fields = schema.fields.map((f): FieldSpec => (isOpenExtend(f) ? withLazyType(f, () => extendedBy(f.type as ObjectSpec, listMembers())) : f));
  return { ...schema, fields };
}

function isOpenExtend(f: FieldSpec): boolean {
  return f.name === 'extend' && f.type.kind === 'object' && f.type.open === true;
}

/** `extend`'s own type with the list members it does not name itself. */
function extendedBy(type: ObjectSpec, lists: readonly { readonly name: string; readonly type: TypeSpec }[]): ObjectSpec {
  const own = new Set(type.fields.map((x) => x.name));
  const added = lists.filter((m) => !own.has(m.name)).map((m): FieldSpec => ({ name: m.name, type: m.type, description: `Entries added to the inherited \`${m.name}\`.`, fromGame: true }));
  return added.length === 0 ? type : { ...type, fields: [...type.fields, ...added] };
}

/** The entry type of a list member (of its array form), undefined when it has none. */
function entryOf(spec: TypeSpec): TypeSpec | undefined {
  if (spec.kind === 'array') return spec.of;
  if (spec.kind === 'union') for (const o of spec.options) { const e = entryOf(o); if (e) return e; }
  return undefined;
}

/**
 * What `extend` takes for a list of `entry`: the entries, or one alone (the game's list readers take a single
 * entry too: 0.F DinoMod writes `"extend": { "flags": "SWIMS" }`). References stay; closed value sets do not: the
 * game's readers check ids, not the sets a table lists (0.F Dark-Skies-Above extends monster categories with its
 * own `ALIEN`), and a form the table does not know is a warning.
 */
function extendType(entry: TypeSpec, basis: Basis | undefined): TypeSpec {
  const open = withoutValueSets(entry);
  // The member's forms rest on what its own do (the data's, for a generated table: see Basis).
  return { kind: 'union', options: [open, { kind: 'array', of: open }], mismatch: 'warning', ...(basis ? { basis } : {}) };
}

function withoutValueSets(spec: TypeSpec): TypeSpec {
  if (spec.kind === 'string' && spec.values) {
    const { values: _values, valuesName: _name, valuesTitle: _title, ...rest } = spec;
    return rest;
  }
  if (spec.kind === 'union') return { ...spec, options: spec.options.map(withoutValueSets) };
  return spec;
}
