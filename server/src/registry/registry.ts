/**
 * The kinds of one game version, looked up by JSON type or by index kind. Every layer asks this, never a list
 * of its own. Types a version does not declare are still indexed (under their own name, id in `id`) so that
 * references to them resolve; they just are not checked beyond that.
 */
import { siblingRefOf, type FieldSpec, type KindSchema, type MemberNames, type SiblingRef, type TypeSpec } from '../schema/types';
import { withDialogueNames } from '../schema/dialogue';
import { INHERITANCE_MEMBERS, schemaFromTable, type TableContext } from '../schema/generated';
import { parsePath } from '../schema/memberPaths';
import { DIALOGUE_CONTAINERS, dialogueLanguageOf, type DialogueLanguage } from '../schema/dialogueLanguage';
import { NameEndings } from '../util/nameEndings';
import { readingName, readingsOfType } from '../schema/memberReadings';
import { withListEdits } from '../schema/listEdits';
import { closedMembersData, closedMembersFrom, nestedMembersOfFields, specClosesAnObject, type ClosedMembersData } from '../schema/nestedMembers';
import type { MemberNode } from '../records/beyondTables';
import { holdsEocs, type InlineEocRoots, type InlineEocRootsByType } from '../records/inlineDefinitions';
import type { DerivedIds, GameVersion, KindDeclaration } from './declaration';
import { factsOfUndeclaredType, ID_MEMBER, TypeFacts, type RecordTypes, type TypeFactsData } from '../records/typeFacts';

/** How many kinds a message names at most (see titlesOf). */
const MAX_TITLES = 3;

/** No kinds (shared: alsoResolvedBy is asked for every reference not found by its own kind). */
const NO_KINDS: readonly string[] = Object.freeze([]);

/** "an item", "a monster". */
function withArticle(title: string): string {
  return `${/^[aeiou]/i.test(title) ? 'an' : 'a'} ${title}`;
}

export class KindRegistry implements RecordTypes {
  private readonly byTypeMap = new Map<string, KindDeclaration>();
  private readonly byKindMap = new Map<string, KindDeclaration>();
  private readonly titles = new Map<string, string>();
  private readonly known: ReadonlySet<string>;
  private readonly generated = new Map<string, KindSchema | undefined>();
  private readonly builtIns = new Map<string, ReadonlySet<string>>();
  /** kind -> the kinds whose references its ids also satisfy (alsoResolvedBy, reversed). */
  private readonly satisfies = new Map<string, string[]>();
  /**
   * Types the version retired (GameVersion.retiredTypes) -> the kind of the type that replaced them. The game
   * refuses such a definition (checks/definitionType.ts says so once, with the rewrite), yet the id is what the
   * modder means: indexed as that kind, uses and copy-from resolve, so one cause is one diagnostic.
   */
  private readonly retiredKinds = new Map<string, string>();
  private readonly facts = new Map<string, TypeFacts>();

  constructor(readonly version: GameVersion) {
    this.known = new Set([...version.knownTypes, ...version.kinds.flatMap((d) => d.types)]);
    for (const d of version.kinds) {
      if (this.byKindMap.has(d.kind)) throw new Error(`${version.id}: kind ${d.kind} declared twice`);
      this.byKindMap.set(d.kind, d);
      this.titles.set(d.kind, d.title);
      for (const k of d.definesKinds ?? []) this.titles.set(k.kind, k.title);
      for (const k of d.alsoResolvedBy ?? []) this.satisfies.set(k, [...(this.satisfies.get(k) ?? []), d.kind]);
      for (const t of d.types) {
        if (this.byTypeMap.has(t)) throw new Error(`${version.id}: type ${t} declared twice`);
        this.byTypeMap.set(t, d);
      }
    }
    for (const [k, list] of Object.entries(version.builtInIds ?? {})) this.builtIns.set(k, new Set(list));
    for (const [t, retired] of Object.entries(version.retiredTypes ?? {})) {
      const replacement = this.byTypeMap.get(retired.to);
      if (replacement && !this.byTypeMap.has(t)) this.retiredKinds.set(t, replacement.kind);
    }
  }

  /** The declaration of a JSON `type`, when this version declares it. */
  ofType(type: string): KindDeclaration | undefined {
    return this.byTypeMap.get(type);
  }

  /** The declaration of an index kind. */
  ofKind(kind: string): KindDeclaration | undefined {
    return this.byKindMap.get(kind);
  }

  /** The index kind of a JSON type (a retired type: its replacement's; other undeclared types are their own kind). */
  kindOfType(type: string): string {
    return this.factsOf(type).kind;
  }

  /** Where a type keeps its ids. */
  idRuleOf(type: string): KindDeclaration['ids'] {
    return this.factsOf(type).ids;
  }

  /** The facts of every type the version declares or retires (see factsOf), as plain data for the read-ahead thread. */
  typeFactsData(): TypeFactsData {
    const data: Record<string, TypeFactsData[string]> = {};
    for (const type of [...this.byTypeMap.keys(), ...this.retiredKinds.keys()]) {
      const f = this.factsOf(type);
      data[type] = [f.kind, f.ids, f.keepsFullValue];
    }
    return data;
  }

  /**
   * kindOfType, idRuleOf and keepsFullValue at once: making a record asks all three (80,000 records on a load).
   * Found once per type, as objects of one shape, where the declarations are of many (their reads, per
   * definition, were megamorphic).
   */
  factsOf(type: string): TypeFacts {
    let facts = this.facts.get(type);
    if (facts !== undefined) return facts;
    const d = this.byTypeMap.get(type);
    const retiredAs = this.retiredKinds.get(type);
    facts = d === undefined && retiredAs === undefined ? factsOfUndeclaredType(type)
      : new TypeFacts(d?.kind ?? retiredAs ?? type, d?.ids ?? ID_MEMBER, d !== undefined && (d.schema !== undefined || d.typeSchemas !== undefined || d.fullValue === true));
    // Only the version's types are kept: a type being typed in an editor passes through many that are none.
    if (d !== undefined || retiredAs !== undefined) this.facts.set(type, facts);
    return facts;
  }

  /** The member table of a type: the hand-written one, else the one generated from the version's data. */
  schemaOfType(type: string): KindSchema | undefined {
    if (this.completed.has(type)) return this.completed.get(type);
    const handWritten = this.handWrittenSchemaOfType(type);
    const table = handWritten ? withDialogueNames(handWritten, this.referencesByName, this.version.generatedDialogue ? () => this.dialogueContainer('condition') : undefined) : this.generatedSchemaOfType(type);
    const schema = table && withListEdits(table);
    this.completed.set(type, schema);
    return schema;
  }

  /** schemaOfType's answers (the tables with their list edits, see schema/listEdits.ts, and dialogue names, schema/dialogue.ts). */
  private readonly completed = new Map<string, KindSchema | undefined>();

  /** The table generated from the version's data (built on first use), when the type has one. */
  generatedSchemaOfType(type: string): KindSchema | undefined {
    if (this.generated.has(type)) return this.generated.get(type);
    const table = this.version.generatedTables?.[type];
    const former = this.byTypeMap.get(type)?.formerIdMember;
    // The older id member is reported by the id check (checks/definitionType.ts), with its rename: not twice.
    const extra = former ? [{ name: former, type: { kind: 'any' } as const, description: 'Where an older game version kept the id (reported with a rename).' }] : [];
    const built = table && Object.prototype.hasOwnProperty.call(this.version.generatedTables, type) ? schemaFromTable(table, type, this.kindOfType(type), this.tableContext, extra) : undefined;
    if (built?.unapplied.length) this.unappliedReadings.set(type, built.unapplied.map((u) => `${this.version.id} ${type}: ${u}`));
    const schema = built?.schema;
    this.generated.set(type, schema);
    return schema;
  }

  /**
   * The readings attached by path (registry/versions/readings-*.ts) a type's generated table had no place for, once
   * its table is built: none for the committed tables (a test checks), some for tables learned without a mod or from
   * a newer game.
   */
  unappliedReadingsOf(type: string): readonly string[] {
    this.generatedSchemaOfType(type);
    return this.unappliedReadings.get(type) ?? [];
  }

  private readonly unappliedReadings = new Map<string, readonly string[]>();

  /**
   * The reference whose kind a sibling selects at `path` of a definition of `type`, if it is one (see SiblingRef: a
   * member's refBy in the type's table, or GameVersion.referencesByName where the table says nothing).
   */
  siblingRefAt(type: string, path: readonly (string | number)[]): SiblingRef | undefined {
    const member = path[path.length - 1];
    if (typeof member !== 'string') return undefined;
    const schema = this.schemaOfType(type);
    const own = schema && fieldRefAlong(schema.fields, path, 0);
    return own ?? this.referencesByName?.get(member);
  }

  /**
   * Whether definitions of `type` have a reference whose kind a definition it names selects (SiblingRef.through):
   * the unknown-id check reads that definition for them alone.
   */
  selectsThroughDefinitions(type: string): boolean {
    let selects = this.throughDefinitions.get(type);
    if (selects === undefined) {
      const readings = readingsOfType(this.version.memberReadings, type);
      selects = readings !== undefined && Object.values(readings).some((r) => 'refBy' in r && r.refBy.through !== undefined);
      this.throughDefinitions.set(type, selects);
    }
    return selects;
  }

  private readonly throughDefinitions = new Map<string, boolean>();

  /** A member named so names what a sibling selects wherever it is written (GameVersion.referencesByName). */
  referenceByName(member: string): SiblingRef | undefined {
    return this.referencesByName?.get(member);
  }

  private get referencesByName(): ReadonlyMap<string, SiblingRef> | undefined {
    const named = this.version.referencesByName;
    return named && (this.referencesByNameMap ??= new Map(Object.entries(named)));
  }

  private referencesByNameMap: ReadonlyMap<string, SiblingRef> | undefined;

  /** What every generated table of the version is built with (see TableContext). */
  private get tableContext(): TableContext {
    return this.tableContextValue ??= {
      version: this.version.id,
      readings: this.version.memberReadings,
      gameReads: this.version.memberNames === undefined ? undefined : gameReads(this.version),
      namesShown: namesShown(this.version),
      documented: documentedMembers(this.version),
      referencesByName: this.referencesByName,
      dialogueContainer: this.dialogueContainer,
    };
  }

  private tableContextValue: TableContext | undefined;

  /** The dialogue language's spec of a container member (the language built on first use), undefined for any other name. */
  private readonly dialogueContainer = (name: string): TypeSpec | undefined => {
    const tables = this.version.generatedDialogue;
    if (!tables || !DIALOGUE_CONTAINERS.has(name)) return undefined;
    if (!this.dialogueLanguage) {
      const { durations, references, operators, operatorArguments, argumentReaders } = this.version.dialogue ?? {};
      const byName = references ? new Map([...(this.referencesByName ?? []), ...Object.entries(references)]) : this.referencesByName;
      // A declared kind, or a type the version loads, indexed as its own kind (`trap`, `weapon_category`).
      const isKind = (kind: string): boolean => this.ofKind(kind) !== undefined || (this.isKnownType(kind) && this.kindOfType(kind) === kind);
      this.dialogueLanguage = dialogueLanguageOf(tables, { durations, byName, operators, operatorArguments, argumentReaders, isKind });
    }
    return this.dialogueLanguage.containerSpec(name);
  };

  private dialogueLanguage: DialogueLanguage | undefined;

  /**
   * The top-level members a definition of `type` may write without an unknown-member diagnostic: its table's
   * fields (undefined: the type has no table, its members are not checked). Made from the raw tables, not the
   * built schema (building every type's takes half a second): indexing the game asks this of each definition
   * (see records/beyondTables.ts). A test keeps it equal to schemaOfType's fields.
   */
  tableMembersOf(type: string): ReadonlySet<string> | undefined {
    if (this.tableMembers.has(type)) return this.tableMembers.get(type);
    const handWritten = this.handWrittenSchemaOfType(type);
    const table = this.version.generatedTables !== undefined && Object.prototype.hasOwnProperty.call(this.version.generatedTables, type) ? this.version.generatedTables[type] : undefined;
    let names: Set<string> | undefined;
    if (handWritten) {
      names = new Set(handWritten.fields.map((f) => f.name));
    } else if (table) {
      names = new Set(['type', ...INHERITANCE_MEMBERS]);
      for (const p of Object.keys(table.m)) addFirstName(names, p);
      const former = this.byTypeMap.get(type)?.formerIdMember;
      if (former) names.add(former);
      // A reading's path names an existing member or adds one (a reader's spec; see schema/memberReadings.ts).
      for (const p of Object.keys(this.version.memberReadings?.[type] ?? {})) if (readingName(p) === undefined) addFirstName(names, p);
    }
    this.tableMembers.set(type, names);
    return names;
  }

  private readonly tableMembers = new Map<string, ReadonlySet<string> | undefined>();

  /**
   * The objects below the top level a type's generated table closes (records/beyondTables.ts MemberNode), as the
   * version declares them (GameVersion.closedMembers), else read from the table the checks read when first asked for
   * (deriveNestedMembersOf). A generated table's own objects are all open
   * (schema/generated.ts): only what the version adds by hand closes one (a member reading closing an object, or
   * giving a spec that does, by path or by name), so no other type's table is built here (building them
   * all would cost indexing a tenth of its time). None for a hand-written table: its objects list what the game's
   * code reads (reviewed from its source), so the game's data writing another member there is a mistake of the
   * data rather than news, and stays flagged (the current game's two reenactor professions write
   * `npc_background`, a top-level member, inside `description`).
   */
  nestedMembersOf(type: string): MemberNode | undefined {
    const declared = this.declaredNestedMembers();
    return declared !== undefined ? declared.get(type) : this.deriveNestedMembersOf(type);
  }

  /** GameVersion.closedMembers made into nodes (when first asked for), when made from this version's tables and readings. */
  private declaredNestedMembers(): ReadonlyMap<string, MemberNode> | undefined {
    if (this.declaredNested === undefined) {
      const { closedMembers: declared, generatedTables, generatedDialogue, memberReadings } = this.version;
      const [tables, dialogue, readings] = declared?.madeFrom() ?? [];
      const ours = declared !== undefined && tables === generatedTables && dialogue === generatedDialogue && readings === memberReadings;
      this.declaredNested = ours ? closedMembersFrom(declared.data) : null;
    }
    return this.declaredNested ?? undefined;
  }

  private declaredNested: ReadonlyMap<string, MemberNode> | null | undefined;

  /**
   * nestedMembersOf's answer read from the tables, building the schema of each type a reading closes an object in
   * (GameVersion.closedMembers declares it as data, so that a start builds none: a test keeps the two equal).
   */
  deriveNestedMembersOf(type: string): MemberNode | undefined {
    if (this.nestedMembers.has(type)) return this.nestedMembers.get(type);
    const schema = this.mayCloseNestedObjects(type) ? this.schemaOfType(type) : undefined;
    const node = schema && nestedMembersOfFields(schema.fields);
    this.nestedMembers.set(type, node);
    return node;
  }

  private readonly nestedMembers = new Map<string, MemberNode | undefined>();

  /** deriveNestedMembersOf of every type the version declares or retires, as data (what GameVersion.closedMembers declares). */
  deriveClosedMembers(): ClosedMembersData {
    const byType = new Map<string, MemberNode>();
    for (const type of [...this.known, ...Object.keys(this.version.retiredTypes ?? {})]) {
      const node = this.deriveNestedMembersOf(type);
      if (node) byType.set(type, node);
    }
    return closedMembersData(byType);
  }

  private mayCloseNestedObjects(type: string): boolean {
    if (this.handWrittenSchemaOfType(type)) return false;
    const readings = readingsOfType(this.version.memberReadings, type);
    return readings !== undefined && Object.values(readings).some((r) => 'closed' in r || ('type' in r && specClosesAnObject(r.type)));
  }

  /** The hand-written table of a type (schema/kinds, schema/current), when it has one. */
  handWrittenSchemaOfType(type: string): KindSchema | undefined {
    const d = this.byTypeMap.get(type);
    return d?.typeSchemas?.[type] ?? d?.schema;
  }

  /**
   * Every top-level member the tables name (fields, and the members their requirements depend on): what a check
   * may ask a copy-from chain about. A few hundred names, whatever the data.
   */
  get memberNames(): ReadonlySet<string> {
    if (this.memberNameSet) return this.memberNameSet;
    const names = new Set<string>();
    for (const d of this.version.kinds) {
      for (const s of [...(d.schema ? [d.schema] : []), ...Object.values(d.typeSchemas ?? {})]) {
        for (const f of s.fields) {
          names.add(f.name);
          if (f.requiredWith !== undefined) names.add(f.requiredWith);
          if (f.requiredUnless !== undefined) names.add(f.requiredUnless);
        }
      }
    }
    return (this.memberNameSet = names);
  }

  private memberNameSet: ReadonlySet<string> | undefined;

  /** The types whose records keep their whole value (see keepsFullValue). */
  typesKeepingFullValue(): string[] {
    return [...this.byTypeMap.keys()].filter((t) => this.keepsFullValue(t));
  }

  /**
   * Whether records of a type keep their whole value (see KindDeclaration.fullValue): hand-written tables do.
   * Types checked with a generated table keep a summary: their walk re-reads the value from the file's text
   * (Project.fullValueOf), so that indexing the whole game does not hold every definition in memory.
   */
  keepsFullValue(type: string): boolean {
    return this.factsOf(type).keepsFullValue;
  }

  /** Whether the game defines (kind, id) in its code (`t_null`...); `exists` tells whether a data id exists. */
  isBuiltIn(kind: string, id: string, exists: (kind: string, id: string) => boolean): boolean {
    if (this.builtIns.get(kind)?.has(id)) return true;
    // (Indexed, and no closure in this body: asked for every reference not found by its own kind.)
    const derived = this.version.derivedIds;
    if (derived === undefined) return false;
    for (let k = 0; k < derived.length; k++) if (derived[k].kind === kind && derivedFromExisting(derived[k], id, exists)) return true;
    return false;
  }

  /**
   * The definition a derived id is made from (see DerivedIds: `frame_vertical_left` from the vehicle part `frame`,
   * `house_w_1_north` from the overmap terrain `house_w_1`), when one exists; for hover and go to definition.
   */
  derivedFrom(kind: string, id: string, exists: (kind: string, id: string) => boolean): { readonly kind: string; readonly id: string } | undefined {
    for (const d of this.version.derivedIds ?? []) {
      if (d.kind !== kind || d.from === undefined) continue;
      for (const base of derivedBases(d, id)) if (exists(d.from, base)) return { kind: d.from, id: base };
    }
    return undefined;
  }

  /**
   * The ids the game derives from the definition (kind, id) (see DerivedIds: the overmap terrain `house_w_1`
   * gives `house_w_1_north`...): whether they exist follows whether it does.
   */
  derivedIdsOf(kind: string, id: string): { readonly kind: string; readonly id: string }[] {
    const out: { kind: string; id: string }[] = [];
    for (const d of this.version.derivedIds ?? []) {
      if (d.from !== kind) continue;
      if (d.prefix !== undefined) out.push({ kind: d.kind, id: d.prefix + id });
      for (const s of d.suffixes ?? []) out.push({ kind: d.kind, id: id + s });
    }
    return out;
  }

  /** A kind's title with its article: "a monster", "an item group". */
  aTitle(kind: string): string {
    return withArticle(this.title(kind));
  }

  /**
   * Kinds named with their articles, in alphabetical order (the same whatever order they were found in): "a bionic
   * and a recipe".
   */
  titlesOf(kinds: readonly string[]): string {
    const titles = kinds.map((k) => this.title(k)).sort().map(withArticle);
    // A name many kinds use (`null`): the first few, and how many more.
    if (titles.length > MAX_TITLES) return `${titles.slice(0, MAX_TITLES).join(', ')} and ${titles.length - MAX_TITLES} other kinds`;
    return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}` : titles[0] ?? '';
  }

  /** How messages name a kind: "monster", "item group"; an undeclared kind by its type's name in words. */
  title(kind: string): string {
    // `mutation_category`: "mutation category".
    return this.titles.get(kind) ?? kind.replace(/_/g, ' ').toLowerCase();
  }

  /** Where the version's types write effects on condition in place (GameVersion.inlineEocRoots). */
  get inlineEocRoots(): InlineEocRoots | undefined {
    return this.version.inlineEocRoots;
  }

  /** The same, as a map. */
  get inlineEocRootsByType(): InlineEocRootsByType | undefined {
    const roots = this.version.inlineEocRoots;
    return roots && (this.inlineEocRootsMap ??= new Map(Object.entries(roots)));
  }

  private inlineEocRootsMap: InlineEocRootsByType | undefined;

  /**
   * Where the version's tables show effects on condition written in place (what GameVersion.inlineEocRoots
   * declares; a test keeps the two equal): a generated table's (see inlineEocRootsOf), and the members of a
   * hand-written table whose spec names such a member.
   */
  deriveInlineEocRoots(): InlineEocRoots {
    const out: Record<string, readonly string[]> = {};
    for (const [type, table] of Object.entries(this.version.generatedTables ?? {})) {
      // The generator writes them (`e`): the dialogue paths they are read from are no longer in the table.
      const roots = new Set<string>(table.e ?? inlineEocRootsOf(table.m));
      if (roots.size) out[type] = [...roots].sort();
    }
    for (const d of this.version.kinds) {
      for (const type of d.types) {
        const schema = this.handWrittenSchemaOfType(type);
        const roots = schema?.fields.filter((f) => holdsEocs(f.name) || namesEocHolder(f.type, new Set())).map((f) => f.name).sort() ?? [];
        if (roots.length) out[type] = roots;
      }
    }
    return out;
  }

  /** Kinds whose ids also satisfy a reference to `kind`. */
  alsoResolvedBy(kind: string): readonly string[] {
    return this.byKindMap.get(kind)?.alsoResolvedBy ?? NO_KINDS;
  }

  /** Kinds whose ids are ids of `kind` migrated away (see KindDeclaration.migratedBy). */
  migratedBy(kind: string): readonly string[] {
    return this.byKindMap.get(kind)?.migratedBy ?? [];
  }

  /** The kinds whose ids completion offers for a reference to `kind`: itself, and those it offers besides. */
  completedKinds(kind: string): readonly string[] {
    const d = this.byKindMap.get(kind);
    return d?.offersAlsoResolved && d.alsoResolvedBy?.length ? [kind, ...d.alsoResolvedBy] : [kind];
  }

  /** Kinds whose references the ids of `kind` also satisfy (the reverse of alsoResolvedBy). */
  alsoResolves(kind: string): readonly string[] {
    return this.satisfies.get(kind) ?? [];
  }

  /** Whether the game of this version loads definitions of this JSON type. */
  isKnownType(type: string): boolean {
    return this.known.has(type);
  }

  /**
   * Whether the tables say what the game does with this type: loads it, or no longer loads it (a retired type,
   * GameVersion.retiredTypes). A game's data using another type is newer than the tables (records/beyondTables.ts).
   */
  knowsType(type: string): boolean {
    return this.known.has(type) || Object.prototype.hasOwnProperty.call(this.version.retiredTypes ?? {}, type);
  }

  get knownTypes(): ReadonlySet<string> {
    return this.known;
  }

  /** Every declared kind (for lists in docs and tests). */
  get kinds(): readonly KindDeclaration[] {
    return this.version.kinds;
  }
}

/**
 * The member names a version's game reads: those its program's strings end with, and every name its tables
 * show (names the code builds at run time, or writes as immediate values, are not among the strings). Both are
 * made when a name is first asked for: only a member no table lists is asked about, and clean data has none.
 */
/**
 * The top-level members of a generated table's paths `m` under which its data writes effects on condition in
 * place: a member holding them in a list or an object, or with a path whose data writes objects in a member that
 * holds them (`responses[].effect.run_eocs[]`: "so"), or an effect running effects on condition
 * (`end.effect[].run_eocs`: its data names them, a mod may write one in place). The generator calls it on every
 * path of a type, dialogue paths included, and writes the answer as the table's `e`.
 */
export function inlineEocRootsOf(m: Readonly<Record<string, string>>): string[] {
  const roots = new Set<string>();
  for (const [p, code] of Object.entries(m)) {
    if (!(p.includes('eoc') || p.includes('effect_on_conditions'))) continue;
    const end = p.search(/[.[]/);
    const types = code.slice(0, code.indexOf(' '));
    // A top-level member holding them in a list or an object, whatever its data writes there.
    if (end < 0) { if (holdsEocs(p) && /[ao]/.test(types)) roots.add(p); continue; }
    // The path ends at the holder or at its entries (`run_eocs`, `run_eocs[]`); its first name is up to the
    // first "." or "[".
    const steps = parsePath(p);
    let k = steps.length - 1;
    while (k >= 0 && !('name' in steps[k])) k--;
    const last = steps[k];
    if (last === undefined || !('name' in last) || !holdsEocs(last.name)) continue;
    if (!types.includes('o') && !runsEocs(last.name)) continue;
    roots.add(p.slice(0, end));
  }
  return [...roots].sort();
}

function gameReads(version: GameVersion): MemberNames {
  let program: NameEndings | undefined;
  let shown: Set<string> | undefined;
  return {
    has: (name) => {
      program ??= new NameEndings(version.memberNames!.split(/\s+/).filter((n) => n !== ''));
      return program.has(name) || (shown ??= shownNames(version)).has(name);
    },
  };
}

/** GameVersion.documentedMembers as a set, built on first use. */
function documentedMembers(version: GameVersion): MemberNames | undefined {
  const text = version.documentedMembers;
  if (text === undefined) return undefined;
  let names: Set<string> | undefined;
  return { has: (name) => (names ??= new Set(text.split(/\s+/).filter((n) => n !== ''))).has(name) };
}

/** shownNames, built on first use. */
function namesShown(version: GameVersion): MemberNames {
  let shown: Set<string> | undefined;
  return { has: (name) => (shown ??= shownNames(version)).has(name) };
}

/** Every member name the version's tables show: generated and hand-written. */
function shownNames(version: GameVersion): Set<string> {
  const shown = new Set<string>();
  for (const table of Object.values(version.generatedTables ?? {})) {
    for (const p of Object.keys(table.m)) for (const s of parsePath(p)) if ('name' in s) shown.add(s.name);
  }
  for (const key of Object.keys(version.generatedDialogue ?? {})) for (const s of parsePath(key)) if ('name' in s) shown.add(s.name);
  for (const d of version.kinds) {
    for (const schema of [...(d.schema ? [d.schema] : []), ...Object.values(d.typeSchemas ?? {})]) for (const f of schema.fields) shown.add(f.name);
  }
  return shown;
}

/** Adds the top-level member a table path starts with (`a.b[]`: `a`): cut, unless quoted (`["a.b"]`), without parsing it all. */
function addFirstName(names: Set<string>, p: string): void {
  if (p.startsWith('[')) {
    const first = parsePath(p)[0];
    if (first && 'name' in first) names.add(first.name);
    return;
  }
  const end = p.search(/[.[]/);
  names.add(end < 0 ? p : p.slice(0, end));
}

/** The ids a derived id may come from (see DerivedIds): none when it does not have the rule's shape. */
export function derivedBases(d: DerivedIds, id: string): string[] {
  const bases: string[] = [];
  someDerivedBase(d, id, pushBase, bases);
  return bases;
}

function pushBase(_d: DerivedIds, base: string, bases: string[]): boolean {
  bases.push(base);
  return false;
}

/** Whether `id` is derived (see DerivedIds) from a base that exists (any base, for ids derived from nothing). */
function derivedFromExisting(d: DerivedIds, id: string, exists: (kind: string, id: string) => boolean): boolean {
  return someDerivedBase(d, id, baseExists, exists);
}

function baseExists(d: DerivedIds, base: string, exists: (kind: string, id: string) => boolean): boolean {
  return d.from === undefined || exists(d.from, base);
}

/**
 * Whether `test` holds for one of the ids a derived id may come from, tried in derivedBases' order (no list made,
 * no closure: `arg` is what the test reads besides; the unknown-id check asks this of every id it finds nowhere).
 */
function someDerivedBase<T>(d: DerivedIds, id: string, test: (d: DerivedIds, base: string, arg: T) => boolean, arg: T): boolean {
  if (d.prefix !== undefined) return id.startsWith(d.prefix) && id.length > d.prefix.length && test(d, id.slice(d.prefix.length), arg);
  const suffixes = d.suffixes;
  if (suffixes === undefined) return false;
  for (let k = 0; k < suffixes.length; k++) {
    const s = suffixes[k];
    if (id.endsWith(s) && id.length > s.length && test(d, id.slice(0, -s.length), arg)) return true;
  }
  return false;
}

/**
 * The sibling-selected reference of the member at `path[at..]` among an object's `fields` (indexed loops, no
 * closure: asked for every reference of a type that selects through definitions, see selectsThroughDefinitions).
 */
function fieldRefAlong(fields: readonly FieldSpec[], path: readonly (string | number)[], at: number): SiblingRef | undefined {
  const step = path[at];
  if (typeof step !== 'string') return undefined;
  for (let k = 0; k < fields.length; k++) if (fields[k].name === step) return siblingRefAlong(fields[k].type, path, at + 1);
  return undefined;
}

/** The sibling-selected reference of the member at `path[at..]` inside `spec` (through unions, arrays, tuples, maps). */
function siblingRefAlong(spec: TypeSpec, path: readonly (string | number)[], at: number): SiblingRef | undefined {
  if (at === path.length) return siblingRefOf(spec);
  const step = path[at];
  switch (spec.kind) {
    case 'union':
      for (let k = 0; k < spec.options.length; k++) { const by = siblingRefAlong(spec.options[k], path, at); if (by) return by; }
      return undefined;
    case 'object': return fieldRefAlong(spec.fields, path, at);
    case 'array': return typeof step === 'number' ? siblingRefAlong(spec.of, path, at + 1) : undefined;
    case 'tuple': return typeof step === 'number' && step < spec.items.length ? siblingRefAlong(spec.items[step], path, at + 1) : undefined;
    case 'map': return typeof step === 'string' ? siblingRefAlong(spec.value, path, at + 1) : undefined;
    default: return undefined;
  }
}

/**
 * A dialogue effect that runs effects on condition (`run_eocs`, `true_eocs`, `weighted_list_eocs`...), which the
 * game reads with ones written in place: not `test_eoc` (a condition naming one), nor a list the game reads as ids.
 */
function runsEocs(member: string): boolean {
  return member.endsWith('_eocs');
}

/** Whether a spec has, at any depth, a member that holds effects on condition (see holdsEocs). */
function namesEocHolder(spec: TypeSpec, seen: Set<TypeSpec>): boolean {
  if (seen.has(spec)) return false;
  seen.add(spec);
  switch (spec.kind) {
    case 'object': return spec.fields.some((f) => holdsEocs(f.name) || namesEocHolder(f.type, seen));
    case 'array': return namesEocHolder(spec.of, seen);
    case 'tuple': return spec.items.some((t) => namesEocHolder(t, seen));
    case 'map': return namesEocHolder(spec.value, seen);
    case 'union': return spec.options.some((t) => namesEocHolder(t, seen));
    default: return false;
  }
}

