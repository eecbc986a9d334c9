/**
 * The vocabulary of the schema tables. A kind's schema is plain data (see kinds/*.ts): checks,
 * hover and completion all read the same tables, so a field is described once.
 */

import type { Basis } from '../basis';

/** Index kinds a reference can point at (see registry/ for how JSON types map to kinds). */
export type RefKind = string;

/**
 * Quantity and time string formats (spec 2.1: volume, mass, time; the game's units.h also reads length, energy,
 * power and money strings), `symbol` (one console cell) and `color` (a color name, schema/colors.ts).
 */
export type StringFormat = QuantityFormat | 'symbol';
export type QuantityFormat = 'volume' | 'mass' | 'time' | 'length' | 'energy' | 'power' | 'money';

export type TypeSpec =
  | StringSpec
  | NumberSpec
  | BooleanSpec
  | ArraySpec
  | TupleSpec
  | ObjectSpec
  | MapSpec
  | UnionSpec
  | AnySpec;

export interface StringSpec {
  readonly kind: 'string';
  /** Closed value set: anything else is `invalid-value`. */
  readonly values?: readonly string[];
  /** What messages call a set too long to list ("a color name"). */
  readonly valuesName?: string;
  /**
   * What a value of the set is, for messages ("a color name"): a named set is not listed in full when a value
   * is outside it (colors, flags: hundreds of values), only the nearest one.
   */
  readonly valuesTitle?: string;
  /** The string is the id of a definition of this kind: unresolved ids are `unknown-id`. */
  readonly ref?: RefKind;
  /**
   * The string is the id of a definition whose kind another member of the same object selects (a spell's
   * `effect_str`, by its `effect`); unresolved ids are `unknown-id`.
   */
  readonly refBy?: SiblingRef;
  /**
   * The reference is inferred from little evidence (generated tables: fewer than 3 distinct values): it is
   * indexed alike, but an unresolved id is a warning, not an error.
   */
  readonly weakRef?: boolean;
  /**
   * What the string's reference kind and unit format rest on when not on the table's own basis (KindSchema.basis):
   * `data`, learned from what the game's data wrote there (generated tables); `documentation`, the kind the game's
   * docs give an operator the data never writes. A reading that says what the string is drops it (applyReading).
   * An unknown id or unit of a `data` string is information at most (see Basis).
   */
  readonly basis?: Basis;
  /** With `ref`: the string may name one of the definition's variants after a `#` (`"frame#cross"` names `frame`). */
  readonly variants?: true;
  readonly format?: StringFormat;
  /**
   * False: a quantity written in a smaller unit than it could be is not hinted (`unit-style`). The generated
   * tables (schema/generated.ts) check units only; the hint is the spec's rule for the spec's kinds.
   */
  readonly unitStyle?: false;
  /** The spec allows any string here, but the game refuses one: what it says (see FieldSpec.gameRejects). */
  readonly gameRejects?: string;
  /**
   * The form an older game version read in this string's place and this one does not: an integer (a 0.F recipe's
   * `time` in moves), reported with its rewrite where one is exact (see Migration `moves`).
   */
  readonly formerly?: { readonly form: 'integer'; readonly migration: Migration };
  /** Values of `values` the spec lists but the game refuses, with what it says. */
  readonly rejectedValues?: Readonly<Record<string, string>>;
  /**
   * Values outside `values` that an older game version read as one of them, each with that value and the version:
   * reported with the rewrite to it, certain (a 0.F recipe's `activity_level: "fake"`, read as MODERATE_EXERCISE).
   */
  readonly formerValues?: Readonly<Record<string, { readonly to: string; readonly version: string }>>;
}

/**
 * A reference whose kind a sibling member selects: `{ member: 'effect', kinds: { summon: ['MONSTER', 'monstergroup'] } }`
 * reads `"effect_str": "mon_x"` beside `"effect": "summon"` as a monster's id, or a monster group's. A value of the
 * member not listed, or none (inherited through copy-from), gives the `otherwise` kinds, or makes the string no
 * reference.
 */
export interface SiblingRef {
  /** The sibling member whose value selects the kinds; absent: always `otherwise` (a member naming one kind wherever it is written). */
  readonly member?: string;
  /** Other members that select alike when `member` is absent (a map generator's `set` entry: `point`, `line` or `square`). */
  readonly or?: readonly string[];
  /**
   * Per value of the member (a string, or `true` / `false`), the kinds an id may be of: any of them resolves it
   * (the game picks one by flags that copy-from may inherit, so each is accepted); the first is the reference's
   * own (hover, messages, completion first).
   */
  readonly kinds: Readonly<Record<string, readonly [RefKind, ...RefKind[]]>>;
  /** The kinds when the member is absent or has a value not listed; none: the string then names nothing. */
  readonly otherwise?: readonly [RefKind, ...RefKind[]];
  /**
   * The selecting member is on the object this many objects above the one holding the string (a map generator
   * parameter's `type`, beside the `default` whose `distribution` lists the ids); absent: the same object.
   */
  readonly up?: number;
  /** Words the game reads as no id at all (`"u_has_bionics": "ANY"`: any bionic). */
  readonly none?: readonly string[];
  /** Values of the selecting member under which the string names nothing (a pattern: `"om_terrain_match_type": "PREFIX"`). */
  readonly noIdWhen?: readonly string[];
  /** Members whose presence, whatever their value, selects these kinds when `member` selects none (`"subcategory": "X"`). */
  readonly present?: Readonly<Record<string, readonly [RefKind, ...RefKind[]]>>;
  /**
   * An unknown id is a warning, not an error: the game resolves the id only when the dialogue runs, and an unknown
   * one does nothing there (a spell class levelled: no spell of it is known).
   */
  readonly weak?: true;
  /**
   * The selecting member names a definition of `kind`, and it is that definition's `member` (inherited through
   * copy-from) whose value selects the kinds, whichever mod defines it: a harvest entry's drop is an item group
   * when its drop type says `"group": true`. A definition is not read while one value is walked: the walk names
   * every kind the string may name, and the unknown-id check reads the definition (checks/unknownId.ts).
   */
  readonly through?: { readonly kind: RefKind; readonly member: string };
}

/**
 * The path of the object whose member selects the kind of the string at `path` (see SiblingRef.up): the object
 * holding the string (its member's, or its list's when the string is an entry of one, alone or weighted as
 * `[ id, weight ]`), then `up` objects above it.
 */
export function selectorHolderPath(path: readonly (string | number)[], up = 0): (string | number)[] {
  let end = path.length;
  for (let level = 0; level <= up; level++) {
    while (end > 0 && typeof path[end - 1] === 'number') end--;
    if (end > 0) end--;
  }
  return path.slice(0, end);
}

/** The kinds a sibling-selected reference in `holder` names (see SiblingRef); undefined when it names none. */
export function siblingKinds(by: SiblingRef, holder: Readonly<Record<string, unknown>>): readonly [RefKind, ...RefKind[]] | undefined {
  if (by.through !== undefined) return everyKindOf(by);
  let selector = by.member === undefined ? undefined : holder[by.member];
  if (selector === undefined && by.or) for (const m of by.or) if (selector === undefined) selector = holder[m];
  const key = typeof selector === 'string' ? selector : typeof selector === 'boolean' ? String(selector) : undefined;
  if (key !== undefined && by.noIdWhen?.includes(key)) return undefined;
  if (key !== undefined && Object.prototype.hasOwnProperty.call(by.kinds, key)) return by.kinds[key];
  if (by.present) for (const m in by.present) if (holder[m] !== undefined) return by.present[m];
  return by.otherwise;
}

/** Every kind a sibling-selected reference may name, `otherwise`'s first (all a reference selected through a definition may name, see SiblingRef.through). */
export function everyKindOf(by: SiblingRef): readonly [RefKind, ...RefKind[]] | undefined {
  const kinds = [...new Set([...(by.otherwise ?? []), ...Object.values(by.kinds).flat()])];
  return kinds.length ? kinds as [RefKind, ...RefKind[]] : undefined;
}

/**
 * The kinds a reference selected through a definition names (see SiblingRef.through), given the value of that
 * definition's member (undefined: it does not write it, nor do its ancestors).
 */
export function kindsThrough(by: SiblingRef, value: unknown): readonly [RefKind, ...RefKind[]] | undefined {
  const key = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : undefined;
  if (key !== undefined && Object.prototype.hasOwnProperty.call(by.kinds, key)) return by.kinds[key];
  return by.otherwise;
}

/**
 * `field` with its type made by `makeType` when first read, then kept (the same object at every read). A generated
 * table has hundreds of members at a level and a definition writes a few: its specs are built, and compiled for the
 * walk, as the walk or a query reaches them, not all at a type's first definition (the current game's ITEM table:
 * 813 member paths, ~20 ms of a first check).
 */
export function withLazyType(field: FieldSpec, makeType: () => TypeSpec): FieldSpec {
  let type: TypeSpec | undefined;
  const out = { ...field };
  // (Redefined in place: the members keep their order, as JSON.stringify and the tests see them.)
  Object.defineProperty(out, 'type', { get: () => (type ??= makeType()), enumerable: true, configurable: true });
  return out;
}

/** The sibling-selected reference of a member's type: its string spec's, or a union's string option's. */
export function siblingRefOf(spec: TypeSpec): SiblingRef | undefined {
  if (spec.kind === 'string') return spec.refBy;
  // A list of such ids (`"run_eocs": [ ... ]`): the same sibling selects the kind of each.
  if (spec.kind === 'array') return spec.of.kind === 'string' || spec.of.kind === 'union' ? siblingRefOf(spec.of) : undefined;
  if (spec.kind === 'union') for (const o of spec.options) { const by = siblingRefOf(o); if (by) return by; }
  return undefined;
}

export interface NumberSpec {
  readonly kind: 'integer' | 'number';
  readonly min?: number;
  readonly max?: number;
  /** 'warning' for limits the spec calls conventions ("0 to 10 in base content") rather than rules. */
  readonly rangeSeverity?: 'error' | 'warning';
}

export interface BooleanSpec {
  readonly kind: 'boolean';
}

export interface ArraySpec {
  readonly kind: 'array';
  readonly of: TypeSpec;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** A fixed-position array such as `[ item id, count ]`; items past `required` are optional. */
export interface TupleSpec {
  readonly kind: 'tuple';
  readonly items: readonly TypeSpec[];
  /** How many leading items must be present (default: all). */
  readonly required?: number;
  /** Names of the positions, for messages and hover ("count", "recoverable"). */
  readonly names?: readonly string[];
  /** Items past `items` are accepted unchecked (generated tables: only the positions the data shows). */
  readonly open?: boolean;
}

export interface ObjectSpec {
  readonly kind: 'object';
  readonly fields: readonly FieldSpec[];
  /** When true, members not listed are accepted (the spec does not show them). */
  readonly open?: boolean;
  /**
   * Of an open object: members not listed, named so, are references whose kind a sibling selects (the dialogue
   * grammar's `u_spawn_item`, wherever an effect is written; see GameVersion.referencesByName).
   */
  readonly namedRefs?: ReadonlyMap<string, SiblingRef>;
  /** Members an older game version read here that this one rejects (reported with what replaced them). */
  readonly removed?: readonly RemovedMember[];
  /**
   * The form an older game version read in this object's place and this one rejects: an array (a monster's 0.F
   * `death_function` names), reported with its rewrite where one is certain (see Migration `deathFunctions`).
   */
  readonly formerly?: { readonly form: 'array'; readonly migration: Migration };
  /** A table generated from data: how a member its data never shows is judged (see UnseenMembers). */
  readonly unseen?: UnseenMembers;
}

/** Whether a game version's program reads a member of a given name, somewhere (GameVersion.memberNames). */
export interface MemberNames {
  has(name: string): boolean;
}

/**
 * A table generated from a version's data knows the members its data uses, not every member the game reads: a
 * member it lacks is judged by schema/validate.ts (judgeUnknownMember): a near miss of a known member is a
 * warning with the suggestion; else, when the version's own names are known (`gameReads`: 0.F's binary), a
 * name the game never reads is a warning and one it reads is accepted; without them, a name the documentation
 * gives is accepted and any other is information.
 */
export interface UnseenMembers {
  /** The JSON type, for messages. */
  readonly type: string;
  /** The version, for messages ("0.F"). */
  readonly version: string;
  readonly gameReads?: MemberNames;
  /**
   * The member names the version's tables show in any type (its data uses them, so its game reads them somewhere):
   * where the program's names are unknown (the current game), a near miss of a known member that is such a name is
   * information, not a warning (a region_overlay's `overmap_river_settings`, a region_settings member, is no
   * misspelled `overmap_lake_settings`).
   */
  readonly namesShown?: MemberNames;
  /**
   * The member names the version's JSON documentation gives (GameVersion.documentedMembers): where the program's
   * names are unknown, a documented name is one the game reads (accepted, or information when a near miss). Only to
   * accept: the documents are incomplete, so a name they lack is judged as before.
   */
  readonly documented?: MemberNames;
}

/** A member an older game version read that this one rejects, with what to write instead. */
export interface RemovedMember {
  readonly name: string;
  /** What replaced it, in words: `"armor": { "bash": n }`. */
  readonly instead: string;
  /** A mechanical rewrite, when one exists (offered as a quick fix to port a mod). */
  readonly migration?: Migration;
}

/**
 * How a removed member (or a removed form of a member, ObjectSpec.formerly) is rewritten: renamed; moved into an
 * object member under a key; a number of damage, made a damage unit of that type in an array member (`melee_cut: 3`
 * -> `"melee_damage": [ { "damage_type": "cut", "amount": 3 } ]`); or an array of old death function names made the
 * object that does the same (`["BROKEN"]` -> `{ "corpse_type": "BROKEN" }`): `names` gives the object of each name
 * the rewrite is certain for, and an array is rewritten only when it names one of them alone (or none: `[]` read
 * as `NORMAL`).
 */
export type Migration =
  | { readonly kind: 'rename'; readonly to: string }
  | { readonly kind: 'moveInto'; readonly object: string; readonly key: string }
  | { readonly kind: 'damageUnit'; readonly array: string; readonly damageType: string }
  | { readonly kind: 'deathFunctions'; readonly names: Readonly<Record<string, Readonly<Record<string, string>>>> }
  /** An integer number of moves as the time string read to the same moves (a 0.F recipe's `"time": 6000` -> `"1 m"`). */
  | { readonly kind: 'moves' }
  /**
   * A member absent from a definition, added with the value `version` read in its absence (FieldSpec.formerly): a
   * 0.F recipe without `activity_level` gets `"MODERATE_EXERCISE"`. Certain only where the mod is written for
   * `version`: a mod written for this one simply lacks the member.
   */
  | { readonly kind: 'formerDefault'; readonly member: string; readonly value: string; readonly version: string };

/** An object used as a map, e.g. `starting_ammo`: ammo id -> count. */
export interface MapSpec {
  readonly kind: 'map';
  readonly key: StringSpec;
  readonly value: TypeSpec;
  /**
   * Literal keys accepted beside those `key` describes, and not references: the pseudo damage types `all`,
   * `physical`, `non_physical` of a damage-type map (current game).
   */
  readonly keyAlso?: readonly string[];
}

/** Several accepted shapes, told apart by their JSON type (string vs object vs array...). */
export interface UnionSpec {
  readonly kind: 'union';
  readonly options: readonly TypeSpec[];
  /**
   * How a value of none of the options' JSON types is reported (default: an error). Generated tables say
   * `warning`: they know the forms the data uses, not every form the game reads.
   */
  readonly mismatch?: 'warning';
  /**
   * What the union's forms rest on when not on the table's basis (KindSchema.basis): `data` where they are the
   * forms the game's data writes (generated tables, the dialogue language's pooled members), `documentation`
   * where the docs' reader of an operator gives them, `reader` where the game's parser does (a dialogue condition).
   */
  readonly basis?: Basis;
}

export interface AnySpec {
  readonly kind: 'any';
  /**
   * A dialogue condition or effect, or an effect on condition written in place, that a hand-written table does not
   * spell out: the version's members named by `referencesByName` are references at any depth in it (the registry
   * gives them as `namedRefs`, see schema/dialogue.ts).
   */
  readonly dialogue?: true;
  readonly namedRefs?: ReadonlyMap<string, SiblingRef>;
}

export interface FieldSpec {
  readonly name: string;
  readonly type: TypeSpec;
  /** Mandatory for `create` / `override` (spec 2.1). */
  readonly required?: boolean;
  /** Mandatory only when this other member is present (recipe `category` with `subcategory`). */
  readonly requiredWith?: string;
  /** Mandatory unless this other member is present (a recipe's `result`, unless it has `result_eocs`). */
  readonly requiredUnless?: string;
  /** The spec's words for the field; shown on hover and in completion. */
  readonly description: string;
  /** Not in the spec but accepted by the real game (0.F data uses it). */
  readonly fromGame?: boolean;
  /**
   * A spec member that the version's game itself refuses to load, with what it says (found with the game's
   * own --check-mods): reported as `game-rejects` so a modder knows the target game will not load the form.
   */
  readonly gameRejects?: string;
  /** Default value, when the spec gives one (shown on hover, used by snippets). */
  readonly default?: unknown;
  /**
   * What an older game version read when a definition did not write the member, where this version requires it or
   * takes the copy-from parent's: a value of its own (a 0.F recipe without `activity_level` crafted at
   * MODERATE_EXERCISE, inheriting or not). Reported by missing-field with the member to add (Migration
   * `formerDefault`), a certain repair only for a mod written for that version (see checks/missingField.ts).
   */
  readonly formerly?: { readonly form: 'absent'; readonly migration: Migration };
}

/**
 * A documented `add:` / `remove:` member (spec 2.3, 2.5): `member` is the JSON member name as written,
 * `entry` the accepted entry type of its array.
 */
export interface EditMemberSpec {
  readonly member: string;
  /** The list property it edits (for hover and messages). */
  readonly property: string;
  readonly entry: TypeSpec;
  readonly description: string;
}

/** The member table of a kind (which types it covers, its title and edit rules are in its KindDeclaration). */
export interface KindSchema {
  readonly fields: readonly FieldSpec[];
  /**
   * What a verdict of the table rests on where the walk says nothing more (see Basis): `spec` for the 0.F tables
   * (schema/kinds, from the definition format spec), `reader` for the current game's (schema/current, each change
   * checked against the loader) and for a generated table, whose verdicts beyond the data's forms (marked `data`
   * where they are made) are its member readings'.
   */
  readonly basis: 'spec' | 'reader';
  /** Top-level members an older version read that this one rejects. */
  readonly removed?: readonly RemovedMember[];
  /** A table generated from data (see ObjectSpec.unseen). */
  readonly unseen?: UnseenMembers;
  /** Documented `add:` / `remove:` members; any other such member is `invalid-value`. */
  readonly editMembers: readonly EditMemberSpec[];
}
