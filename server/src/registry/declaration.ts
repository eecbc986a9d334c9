/**
 * What the engine knows about one kind of definition in one game version, declared once and read by every
 * layer: the index (types, id members), the checks (schema, how a later definition of an id behaves), hover
 * (title, key fields), completion and symbols. A game version is a list of these plus a few version-wide
 * facts (see GameVersion). Plain data: adding a kind or a version is adding a declaration, not code.
 */
import type { KindSchema, SiblingRef, TypeSpec } from '../schema/types';
import type { InlineEocRoots } from '../records/inlineDefinitions';
import type { ClosedMembersData } from '../schema/nestedMembers';
import type { GeneratedDialogue, GeneratedTables } from '../schema/generated';
import type { ArgumentReader, DialogueOperator } from '../schema/dialogueOperators';
import type { MemberReadings } from '../schema/memberReadings';
import type { ColorScheme } from '../schema/colors';

/**
 * Where a definition keeps its ids.
 * - `member`: a member holding a string or an array of strings (`id`; `name` for 0.F monster groups).
 * - `recipe`: as the game builds recipe ids: `id` when given, else `result`, plus `_<variant>` (current game)
 *   and `_<id_suffix>` for crafts.
 * - `mapgen`: none of its own; `update_mapgen_id` / `nested_mapgen_id` define functions of those kinds.
 * - `snippet`: the `id` of each entry of `text`;
 * - `keys`: the names of the object `member` (an oter_id_migration's `oter_ids`: the ids it migrates), and each name
 *   without one of `suffixes` (`x_north` migrated is the terrain type `x`'s rotation);
 * - `none`: the definition has no id (profession item substitutions are keyed by what they replace).
 */
export type IdRule =
  | { readonly from: 'member'; readonly member: string }
  | { readonly from: 'recipe'; readonly suffixed: boolean; readonly variant?: boolean }
  | { readonly from: 'mapgen' }
  | { readonly from: 'snippet' }
  | { readonly from: 'keys'; readonly member: string; readonly suffixes: readonly string[] }
  | { readonly from: 'none' };

/**
 * What the game does when a definition's id is already defined:
 * - `edit-mode`: the spec's `edit-mode` member decides (create must be new; override replaces; modify edits);
 * - `override-flag`: an error unless `"override": true` (spec recipes);
 * - `replace`: a later mod replaces it silently (current DDA); a repeat within one mod is still reported;
 * - `ignore`: never reported (ids that are legitimately repeated, or whose repetition the game merges).
 */
export type Redefinition = 'edit-mode' | 'override-flag' | 'replace' | 'ignore';

/** An editor symbol category (mapped to LSP symbol kinds at the edge). */
export type SymbolCategory = 'class' | 'constant' | 'function' | 'interface' | 'module' | 'struct' | 'object' | 'enum' | 'event';

export interface KindDeclaration {
  /** The index kind: the id space references name (`item` for every item type). */
  readonly kind: string;
  /** JSON `type` values of this kind. */
  readonly types: readonly string[];
  /** How messages name it ("monster", "item group"). */
  readonly title: string;
  readonly ids: IdRule;
  /** The member an older version kept the id in (monster groups: `name` in 0.F), offered as a rename. */
  readonly formerIdMember?: string;
  /** The member table, when the engine checks this kind's members (shape, references, requiredness). */
  readonly schema?: KindSchema;
  /** Tables of particular types of the kind, where they differ (practice recipes in the recipe id space). */
  readonly typeSchemas?: Readonly<Record<string, KindSchema>>;
  readonly redefinition: Redefinition;
  /** Members shown at a glance on hover. */
  readonly keyFields?: readonly string[];
  readonly symbol?: SymbolCategory;
  /**
   * Whether records keep the whole value (kinds with a hand-written schema always do). Other kinds keep a
   * summary of the members that identify and name them; a check that reads another member of them must ask
   * for the value (Project.fullValueOf: the generated tables' walk reads it again from the file's text).
   */
  readonly fullValue?: boolean;
  /** Kinds whose ids also answer references to this kind (an item id that a MIGRATION maps still loads). */
  readonly alsoResolvedBy?: readonly string[];
  /**
   * Completion offers the ids of `alsoResolvedBy` too: they are what modders write there (vehicles where a
   * vehicle group is read), not a fallback the game tolerates (an item's old id a migration maps).
   */
  readonly offersAlsoResolved?: boolean;
  /**
   * Kinds whose ids are this kind's ids removed on purpose and migrated only where the game reads saves (an
   * oter_id_migration's overmap terrains): they resolve no reference, and a reference naming one is reported
   * saying so rather than with near ids (the modder did not misspell it).
   */
  readonly migratedBy?: readonly string[];
  /** Kinds this declaration's ids also define (mapgen defines update and nested mapgen functions). */
  readonly definesKinds?: readonly { readonly kind: string; readonly title: string }[];
}

/**
 * A game version: its kinds and the version-wide facts. Detection reads `markers`: paths (relative to the game
 * folder) that exist in this version's data and in no older supported one.
 */
export interface GameVersion {
  /** Stable id used in settings and the CLI: `0.F`, `current`. */
  readonly id: string;
  /** Shown to the user: "0.F (Frank)", "current (0.I / experimental)". */
  readonly title: string;
  /** Other names accepted in settings (`0.I`, `experimental`). */
  readonly aliases: readonly string[];
  /** Paths under the game folder that identify this version (all must exist). Empty: the fallback. */
  readonly markers: readonly string[];
  /** Whether the spec's `edit-mode` and `add:`/`remove:` members exist in this version. */
  readonly editModes: boolean;
  /**
   * How `relative` / `proportional` apply to a damage instance (`{ "damage_type", "amount", ... }` units):
   * `in-place` (default; current game, damage.cpp `damage_instance::operator+=`): units they name are changed,
   * the others kept, a bare number applies to every unit; `matching-units` (0.F, assign.cpp
   * `assign_dmg_relative` / `assign_dmg_proportional`): only the units they name are kept, and a bare number
   * is a stab unit (the legacy form).
   */
  readonly damageInheritance?: 'in-place' | 'matching-units';
  /** Whether a mod's `mod_interactions/<mod id>/` folders load only when that other mod is active. */
  readonly modInteractions: boolean;
  readonly kinds: readonly KindDeclaration[];
  /** Every JSON `type` the game loads (generated from its data, see scripts/gen-known-types.mjs). */
  readonly knownTypes: readonly string[];
  /** Types an older version loaded that this one does not, with what replaced them. */
  readonly retiredTypes?: Readonly<Record<string, RetiredType>>;
  /**
   * Member tables generated from this version's data (scripts/gen-type-tables.mjs) for the types without a
   * hand-written one (see schema/generated.ts). A hand-written table always wins.
   */
  readonly generatedTables?: GeneratedTables;
  /** What the version's data writes below dialogue containers, by member name (scripts/gen-type-tables.mjs, schema/generated.ts). */
  readonly generatedDialogue?: GeneratedDialogue;
  /**
   * How the game's loaders read members of the generated tables where the data cannot show it (readers, value sets,
   * references, closed objects), by JSON type, attached by path or by name (schema/memberReadings.ts).
   */
  readonly memberReadings?: MemberReadings;
  /** The RGB of the 16 colors in the version's default color scheme (its data/raw/colors.json). */
  readonly colors: ColorScheme;
  /**
   * The identifier-like strings of the version's program, space-separated (scripts/gen-member-names.mjs): a
   * member name the game reads ends one of them. Known for 0.F (its binary); without them, a member no data
   * uses is information, not a warning (see UnseenMembers).
   */
  readonly memberNames?: string;
  /**
   * The member names the version's JSON documentation gives, space-separated (scripts/gen-documented-names.mjs):
   * read by the game, so a documented member no data uses is accepted where `memberNames` is unknown. Only to
   * accept, never to warn: the documents are incomplete.
   */
  readonly documentedMembers?: string;
  /**
   * Members that name what a sibling member selects wherever a generated table has them, or admits them in an
   * open object: the dialogue grammar's (`u_spawn_item` is an item, or an item group with `"use_item_group": true`).
   */
  readonly referencesByName?: Readonly<Record<string, SiblingRef>>;
  /**
   * How the version's dialogue reads its members (schema/dialogueLanguage.ts), where its data alone cannot show it:
   * the members read as durations, by name, with the words each takes besides (`"PERMANENT"`; absent: read as the
   * data writes them, 0.F reading a number of turns), and members that name what a sibling selects in dialogue
   * only (besides `referencesByName`, which applies everywhere).
   */
  readonly dialogue?: {
    readonly durations?: Readonly<Record<string, readonly string[]>>;
    readonly references?: Readonly<Record<string, SiblingRef>>;
    /** The operators the version's docs list (schema/dialogueOperators.ts), and their arguments by name. */
    readonly operators?: ReadonlyMap<string, DialogueOperator>;
    readonly operatorArguments?: ReadonlyMap<string, readonly string[]>;
    readonly argumentReaders?: ReadonlyMap<string, ArgumentReader>;
  };
  /**
   * Where the version's types write effects on condition in place, which define ids of their own (see
   * records/inlineDefinitions.ts): per JSON type, the top-level members to search. Absent: the version has none.
   * Data, so that a start computes nothing from the tables; KindRegistry.deriveInlineEocRoots says what the tables
   * show, and a test keeps the two equal.
   */
  readonly inlineEocRoots?: InlineEocRoots;
  /**
   * The objects below the top level its generated tables close (KindRegistry.nestedMembersOf), by JSON type: made
   * before a start's loop, for both threads to learn with (records/beyondTables.ts). Data, so that a start builds no
   * schema for them (the 0.F tables' made 7-9 ms of a cold start); KindRegistry.deriveClosedMembers says what the
   * tables show, and a test keeps the two equal (scripts/gen-closed-members.mjs writes it). `madeFrom`: the tables,
   * dialogue and readings it was made from; a version whose own are others (changed by hand, in a test) derives it.
   */
  readonly closedMembers?: {
    readonly data: ClosedMembersData;
    readonly madeFrom: () => readonly [GeneratedTables | undefined, GeneratedDialogue | undefined, MemberReadings | undefined];
  };
  /** Ids the game defines in its code, not in data, by index kind (`t_null`, `TALK_DONE`): references resolve. */
  readonly builtInIds?: Readonly<Record<string, readonly string[]>>;
  /** Ids of a kind the game derives from other definitions (see DerivedIds). */
  readonly derivedIds?: readonly DerivedIds[];
  /** What the game's loader and consistency checks say about members of a kind's definitions (see LoadRule), by index kind. */
  readonly loadRules?: Readonly<Record<string, readonly LoadRule[]>>;
  /** How the version's loader checks a map generator's `rows` (see MapgenRowRules). */
  readonly mapgenRows: MapgenRowRules;
  /** How terrain joins its neighbours in the ASCII view (see TerrainConnections). */
  readonly terrainConnections: TerrainConnections;
}

/**
 * How the version reads which terrain connects to which (the ASCII view draws a terrain with the AUTO_WALL_SYMBOL
 * flag as the line joining the neighbours it connects to: map::determine_wall_corner, mapgen/walls.ts).
 */
export interface TerrainConnections {
  /** The member naming the groups a terrain is in (a string or a list). */
  readonly groupsMember: string;
  /** The member naming the groups a terrain connects to. */
  readonly connectsMember: string;
  /** Flags that put a terrain in a group and connect it to that group. */
  readonly flagGroups: Readonly<Record<string, string>>;
  /** The groups member, when written, is the one group, replacing the flags' (0.F: set_connects replaces connect_group). */
  readonly memberReplacesFlags: boolean;
}

/**
 * A member the game reports at load when it is absent, empty or zero (checks/loadRules.ts), for kinds whose table
 * cannot say so (generated tables require nothing) or only in part (a member needed with another's form). What the
 * definition inherits through copy-from counts, unless `own`.
 */
export interface LoadRule {
  readonly member: string;
  /**
   * What the game refuses: `absent` (neither the definition nor its copy-from chain sets it), `empty` (absent, or
   * an empty string or translation), `zero` (absent, or a quantity of zero).
   */
  readonly when: 'absent' | 'empty' | 'zero';
  /** Only the definition's own object counts: the game reads the member anew at each definition. */
  readonly own?: true;
  /** A definition with a `copy-from` is not checked (generic_factory's `mandatory` with `was_loaded`). */
  readonly exceptCopies?: true;
  /** Abstract definitions are checked too (a load error; a consistency check looks at loaded, non-abstract ones). */
  readonly abstractToo?: true;
  /** Only when the definition itself writes this member as a number (recipe `decomp_learn`: a level of `skill_used`). */
  readonly withNumber?: string;
  /** Flags that spare a definition (after copy-from, `extend` and `delete`). */
  readonly unlessFlags?: readonly string[];
  /** Whether the game stops loading the mod there (a JSON error), or reports and goes on (a debug message). */
  readonly stops: boolean;
  /** What the game says, as it says it. */
  readonly says: string;
  /** The game's function that says it (CleverRaven/Cataclysm-DDA src/...). */
  readonly where: string;
}

/**
 * What a version's mapgen_function_json_base::setup_common rejects in a map generator's `rows`, besides what both
 * versions reject (fewer rows than the map's height, a row with fewer cells than its width, a character not in
 * `terrain` without `fill_ter`, a character with no mapping at all, a map with none of `fill_ter`,
 * `predecessor_mapgen`, `rows`).
 */
export interface MapgenRowRules {
  /** More rows than the height, or more cells than the width, are rejected ("check mapgensize"); else ignored. */
  readonly exactSize: boolean;
  /** Rows with no character mapped to a terrain are rejected even with a `fill_ter` ("format: no terrain map"). */
  readonly rowsNeedTerrain: boolean;
}

/**
 * Ids of `kind` the game derives from other definitions: `prefix` + an id of kind `from` (current game: a
 * monster with the GEN_DORMANT flag gets a `pseudo_dormant_<id>` twin), an id of `from` + one of `suffixes`
 * (an overmap terrain's rotations `_north`..., a linear one's `_straight`...), or `prefix` + any name when the
 * definitions it comes from are not indexed (a martial art buff `x` is the effect `mabuff:x`).
 */
export interface DerivedIds {
  readonly kind: string;
  readonly prefix?: string;
  readonly suffixes?: readonly string[];
  readonly from?: string;
}

/** A type a newer version dropped: what to write instead, and the rewrite (a new type, members to add). */
export interface RetiredType {
  readonly instead: string;
  readonly to: string;
  readonly addMembers?: Readonly<Record<string, unknown>>;
}
