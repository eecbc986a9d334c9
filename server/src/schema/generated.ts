/**
 * Member tables generated from a game version's own data (scripts/gen-type-tables.mjs), turned into the
 * KindSchemas the validation walk reads, for every type without a hand-written table. What the data shows is
 * all they claim:
 * - top-level members are closed as far as the game's names tell (schema/validate.ts, judgeUnknownMember): a
 *   member no definition of the type has is a warning when it is a near miss of one (did you mean) or, where the
 *   version's program is known (0.F), a name the game never reads; a name it reads is accepted (rare is not
 *   wrong), and without the program's names (the current game) it is information;
 * - member readings (schema/memberReadings.ts, registry/versions/readings-*.ts) say how the game's loaders read
 *   a member where the data cannot show it: a reader's spec, closed value sets (color names), references the
 *   inference missed, closed objects; attached by path or by name, applied here, while the table becomes a schema;
 * - nested objects stay open (a member the data does not show may still be read by the game), their known
 *   members checked;
 * - JSON types are the union of those seen (integer and number alike), and a value of another JSON type is a
 *   warning (the data shows the forms it uses, not every form the game reads); besides, a translatable text
 *   may be a string or a `{ "str": ... }` object, a type whose data writes dialogue variable values (`v`:
 *   `{ "math": [...] }`, `{ "u_val": "x" }`) may write one wherever it writes a number or a string, and a member
 *   seen fewer than MIN_EVIDENCE times accepts anything (too little to go by), still indexing its references;
 * - `ref` members are references (find-references, rename, unknown-id; a weak one, inferred from fewer than
 *   3 values, makes an unresolved id a warning); formats check units only (no style hint, which is the spec's
 *   rule for the spec's kinds);
 * - nothing top-level is required: requiredness comes from hand-written tables (and, nested, from readings);
 * - the inheritance members (`copy-from`, `abstract`, `extend`, `delete`, `relative`, `proportional`) are
 *   always accepted; `//` comments are skipped by the walk.
 */
import { withLazyType, type FieldSpec, type KindSchema, type MapSpec, type MemberNames, type ObjectSpec, type QuantityFormat, type SiblingRef, type StringSpec, type TypeSpec } from './types';
import { oneOrManyPaths, parsePath, type PathSegment } from './memberPaths';
import { applyReading, fieldAddedBy, readingName, readingsOfType, stringWordsOf, type MemberReading, type MemberReadings } from './memberReadings';

/**
 * One type's table: `n` definitions; `v` when its data writes dialogue variable values; `m` member path ->
 * `"<types> <occurrences> [@ref | @?weak ref] [%format] [*@keyref]"`, without the paths below a dialogue
 * container (read by name: GeneratedDialogue); `e` the top-level members under which its data writes effects on
 * condition in place (registry.ts inlineEocRootsOf, over every path).
 */
export interface GeneratedTable {
  readonly n: number;
  readonly v?: 1;
  readonly m: Readonly<Record<string, string>>;
  readonly e?: readonly string[];
}

/** A version's generated tables by JSON type. */
export type GeneratedTables = Readonly<Record<string, GeneratedTable>>;

/**
 * What a version's data writes below dialogue containers (schema/dialogueLanguage.ts), pooled over every type by
 * member name: `name` (an operator or an argument), `name[]`, `name[0]`, `name.*`... -> one code as in `m`, its
 * types and occurrences summed over every path ending so, with the reference most of them name.
 */
export type GeneratedDialogue = Readonly<Record<string, string>>;

/** What a version says about its generated tables besides the tables. */
export interface TableContext {
  /** The version, for messages ("0.F"). */
  readonly version: string;
  /** How the game reads members, where its data cannot show it (schema/memberReadings.ts). */
  readonly readings?: MemberReadings;
  /** The member names the version's game reads, when known (see UnseenMembers). */
  readonly gameReads?: MemberNames;
  /** The member names the version's tables show in any type (see UnseenMembers.namesShown). */
  readonly namesShown?: MemberNames;
  /** The member names the version's documentation gives (see UnseenMembers.documented). */
  readonly documented?: MemberNames;
  /** Members that name what a sibling selects wherever a table has or admits them (GameVersion.referencesByName). */
  readonly referencesByName?: ReadonlyMap<string, SiblingRef>;
  /**
   * The spec of a dialogue container member (`effect`, `condition`, `then`...), read by name at any depth: the
   * version's dialogue language (schema/dialogueLanguage.ts) instead of the paths its data happened to write;
   * undefined for a name that is no container.
   */
  readonly dialogueContainer?: (name: string) => TypeSpec | undefined;
}

/** How a member is read by its name, at any depth: a dialogue container, or a reading attached by name. */
interface MemberLookup {
  readonly container: TableContext['dialogueContainer'];
  readonly byName: ReadonlyMap<string, MemberReading> | undefined;
}

/** Below this many occurrences a member's JSON types are not enforced. */
export const MIN_EVIDENCE = 3;

const ANY: TypeSpec = { kind: 'any' };
const NUMBER: TypeSpec = { kind: 'number' };
const BOOLEAN: TypeSpec = { kind: 'boolean' };
const OPEN: ObjectSpec = { kind: 'object', fields: [], open: true };

/** A parsed member code. */
export interface MemberCode {
  readonly types: string;
  readonly count: number;
  readonly ref?: string;
  readonly weakRef?: boolean;
  readonly format?: QuantityFormat;
  readonly keyRef?: string;
  readonly weakKeyRef?: boolean;
}

export function parseCode(code: string): MemberCode {
  const parts = code.split(' ');
  const out: { -readonly [K in keyof MemberCode]: MemberCode[K] } = { types: parts[0], count: Number(parts[1]) };
  for (const p of parts.slice(2)) {
    if (p.startsWith('*@?')) { out.keyRef = p.slice(3); out.weakKeyRef = true; }
    else if (p.startsWith('*@')) out.keyRef = p.slice(2);
    else if (p.startsWith('@?')) { out.ref = p.slice(2); out.weakRef = true; }
    else if (p.startsWith('@')) out.ref = p.slice(1);
    else if (p.startsWith('%')) out.format = p.slice(1) as QuantityFormat;
  }
  return out;
}

interface Node {
  code?: MemberCode;
  /** How the game reads the member here (attached by path; see schema/memberReadings.ts). */
  readings?: MemberReading[];
  /** Made when a member is added (most nodes are leaves). */
  named?: Map<string, Node>;
  element?: Node;
  readonly positions: Node[];
  mapValue?: Node;
}

const newNode = (): Node => ({ positions: [] });

/** The node of a path (made when `make`), else undefined. */
function nodeAt(root: Node, p: string, make: boolean): Node | undefined {
  return nodeAlong(root, parsePath(p), make);
}

function nodeAlong(root: Node, segments: readonly PathSegment[], make: boolean): Node | undefined {
  let node = root;
  for (const s of segments) {
    let next: Node | undefined;
    if ('name' in s) {
      next = node.named?.get(s.name);
      if (!next && make) (node.named ??= new Map()).set(s.name, next = newNode());
    } else if ('element' in s) {
      next = node.element ?? (make ? (node.element = newNode()) : undefined);
    } else if ('position' in s) {
      next = node.positions[s.position] ?? (make ? (node.positions[s.position] = newNode()) : undefined);
    } else {
      next = node.mapValue ?? (make ? (node.mapValue = newNode()) : undefined);
    }
    if (!next) return undefined;
    node = next;
  }
  return node;
}

/**
 * The tree of a table's member paths, with the readings attached by path; the readings it has no place for, in
 * words. A reader's spec (`{ type }`) at a member the data does not show adds it where its parent is an object.
 */
function treeOf(table: GeneratedTable, readings: Readonly<Record<string, MemberReading>> | undefined, unapplied: string[]): Node {
  const root = newNode();
  for (const [p, code] of Object.entries(table.m)) nodeAt(root, p, true)!.code = parseCode(code);
  for (const [written, reading] of Object.entries(readings ?? {})) {
    if (readingName(written) !== undefined) continue;
    let placed = false;
    for (const p of oneOrManyPaths(written)) {
      const segments = parsePath(p);
      const node = nodeAlong(root, segments, false) ?? memberAdded(root, segments, reading);
      if (node && placesIn(node, reading, segments.length === 1)) {
        (node.readings ??= []).push(reading);
        placed = true;
      }
    }
    if (!placed) unapplied.push(`${written}: ${whyUnplaced(root, written, reading)}`);
  }
  return root;
}

/** The node a reader's spec adds for a member the data does not show, where its parent is an object. */
function memberAdded(root: Node, segments: readonly PathSegment[], reading: MemberReading): Node | undefined {
  const last = segments[segments.length - 1];
  if (!('type' in reading) || !last || !('name' in last)) return undefined;
  const parent = nodeAlong(root, segments.slice(0, -1), false);
  if (!parent || (parent !== root && !parent.code?.types.includes('o'))) return undefined;
  return nodeAlong(root, segments, true);
}

/** Whether the member's data has a place for the reading (a string for a reference, an object to close...). */
function placesIn(node: Node, reading: MemberReading, topLevel: boolean): boolean {
  if ('type' in reading) return true;
  if (!node.code) return false;
  if ('required' in reading) return !topLevel;
  return typeof applyReading(specOfCode(node.code), reading) !== 'string';
}

/** Why a reading attached by path has no place in the tree (for the list of unapplied readings). */
function whyUnplaced(root: Node, written: string, reading: MemberReading): string {
  if ('required' in reading && !written.includes('.') && !written.includes('[')) return "a top-level member's requiredness is the hand-written tables'";
  const nodes = oneOrManyPaths(written).map((p) => nodeAt(root, p, false)).filter((n): n is Node => n?.code !== undefined);
  if (!nodes.length) return 'the table has no such member';
  return `the data never writes ${'closed' in reading ? 'an object' : 'a string'} there (${nodes.map((n) => n.code!.types).join(', ')})`;
}

/** The JSON types a code shows, as a spec, to ask whether a reading has a place in them. */
function specOfCode(code: MemberCode): TypeSpec {
  return { kind: 'union', options: [...code.types].map((t): TypeSpec => (t === 's' ? { kind: 'string' } : t === 'o' ? OPEN : ANY)) };
}

const TYPE_WORDS: Record<string, string> = { s: 'a string', i: 'an integer', n: 'a number', b: 'true or false', a: 'an array', o: 'an object', z: 'null' };

function describe(code: MemberCode, total: number | undefined, readings: readonly MemberReading[] | undefined): string {
  const read = readings?.map(stringWordsOf).filter((w) => w !== undefined).pop();
  const string = read ?? (code.ref ? `a \`${code.ref}\` id` : code.format ? `a ${code.format} string` : TYPE_WORDS.s);
  const what = [...code.types].map((t) => (t === 's' ? string : TYPE_WORDS[t] ?? t));
  const map = code.keyRef ? `; keys are \`${code.keyRef}\` ids` : '';
  const seen = total !== undefined ? `Seen in ${code.count} of ${total} definitions` : `Seen ${code.count} time${code.count === 1 ? '' : 's'}`;
  // Hover says what the member's checks rest on: the data alone, or a reading of its loader (see Basis).
  const byLoader = readings?.some((r) => !('required' in r)) === true;
  // Joined into one flat string: a template of templates is a tree of parts, kept for every member of every table.
  return [seen, ': ', what.join(' or '), map, byLoader ? " (from the game's data, read as its loader reads it)." : " (from the game's data alone)."].join('');
}

/** Members of a translatable text object (a string is read alike). */
const TRANSLATION_KEYS = new Set(['str', 'str_pl', 'str_sp', 'ctxt', '//~']);
/**
 * Members holding a translatable text (a `{ "str": ... }` object is read alike): a speech's `sound` too
 * (load_speech, src/speech.cpp, reads it as a translation).
 */
const TEXT_MEMBERS = new Set(['name', 'description', 'text', 'message', 'sound']);
const STRING: TypeSpec = { kind: 'string' };
const TRANSLATION_OBJECT: ObjectSpec = {
  kind: 'object', open: true,
  fields: [
    { name: 'str', type: STRING, description: 'The text (singular form).' },
    { name: 'str_pl', type: STRING, description: 'Plural form, when it is not the singular plus "s".' },
    { name: 'str_sp', type: STRING, description: 'One form used for both singular and plural.' },
    { name: 'ctxt', type: STRING, description: 'Translation context, to tell homonyms apart.' },
  ],
};

/**
 * The spec of a member path (`name`: its member name; `vars`: the type writes dialogue variable values; `byName`:
 * see TableContext.referencesByName).
 */
function specOf(node: Node, name: string, vars: boolean, byName: ReadonlyMap<string, SiblingRef> | undefined, dialogue: MemberLookup): TypeSpec {
  const reader = readerOf(node.readings);
  if (reader) return reader;
  const code = node.code;
  if (!code) return ANY;
  const options: TypeSpec[] = [];
  let number = false;
  for (const t of code.types) {
    switch (t) {
      case 's':
        options.push(stringSpecOf(code, name, byName));
        break;
      case 'i': case 'n':
        if (!number) options.push(NUMBER);
        number = true;
        break;
      case 'b': options.push(BOOLEAN); break;
      case 'a':
        if (node.positions.length) {
          options.push({ kind: 'tuple', items: Array.from(node.positions, (p) => (p ? specOf(p, name, vars, byName, dialogue) : ANY)), required: 0, open: true });
        } else {
          options.push({ kind: 'array', of: node.element ? specOf(node.element, name, vars, byName, dialogue) : ANY });
          // A list of strings may be its one string: the generic readers (generic_factory.h, read_container via
          // the string readers) take a single value where they read a list.
          const element = node.element?.code;
          if (element?.types.includes('s') && !code.types.includes('s')) options.push(readAs(node.element!.readings, stringSpecOf(element, name, byName)));
        }
        break;
      case 'o':
        if (node.mapValue) {
          const key: StringSpec = code.keyRef ? { kind: 'string', ref: code.keyRef, ...(code.weakKeyRef ? { weakRef: true } : {}), basis: 'data' } : { kind: 'string' };
          const map: MapSpec = { kind: 'map', key, value: specOf(node.mapValue, name, vars, byName, dialogue) };
          options.push(map);
        } else {
          options.push(node.named?.size ? { kind: 'object', fields: fieldsOf(node, undefined, vars, byName, dialogue), open: true, namedRefs: byName } : byName ? { ...OPEN, namedRefs: byName } : OPEN);
        }
        break;
      default: // null: anything
        options.push(ANY);
    }
  }
  const has = (t: string): boolean => code.types.includes(t);
  // A translatable text: a string, or an object of translation members.
  if (has('o') && !has('s') && !node.mapValue && node.named !== undefined && node.named.size > 0 && [...node.named.keys()].every((k) => TRANSLATION_KEYS.has(k))) options.push(STRING);
  if (has('s') && !has('o') && TEXT_MEMBERS.has(name)) options.push(TRANSLATION_OBJECT);
  // A duration is read by time_duration::deserialize (calendar.cpp), which takes an integer as a number of turns.
  if (code.format === 'time' && !number) options.push(NUMBER);
  // A dialogue value where the data writes a number or a string: `{ "math": [...] }`, `{ "u_val": "x" }`...
  if (vars && !has('o') && (has('i') || has('n') || has('s'))) options.push(OPEN);
  // A member that names a definition by name takes its id even where the data only writes something else there (a
  // variable: `"u_mutate_category": { "context_val": "x" }`).
  const named = byName?.get(name);
  if (named && !has('s') && !has('a')) options.unshift({ kind: 'string', refBy: named });
  // A reading says what the game reads here, however rarely the data writes it.
  const read = node.readings?.some((r) => !('required' in r) && !('closed' in r)) === true;
  if (code.count < MIN_EVIDENCE && !read && !options.includes(ANY)) options.push(ANY);
  return readAs(node.readings, { kind: 'union', options, mismatch: 'warning', basis: 'data' });
}

/** The spec of the last reader (`{ type }`) among a member's readings, if any. */
function readerOf(readings: readonly MemberReading[] | undefined): TypeSpec | undefined {
  const reader = readings?.filter((r): r is Extract<MemberReading, { type: TypeSpec }> => 'type' in r).pop();
  return reader?.type;
}

/** `spec` read as the readings say (each placed where it applies, see placesIn). */
function readAs(readings: readonly MemberReading[] | undefined, spec: TypeSpec): TypeSpec {
  let out = spec;
  for (const r of readings ?? []) {
    const read = applyReading(out, r);
    if (typeof read !== 'string') out = read;
  }
  return out;
}

/** The string a member path takes (a reference, a unit format, a closed set of values, or any string). */
function stringSpecOf(code: MemberCode, name: string, byName: ReadonlyMap<string, SiblingRef> | undefined): StringSpec {
  const s: { -readonly [K in keyof StringSpec]: StringSpec[K] } = { kind: 'string' };
  const named = byName?.get(name);
  // The version's reading by name (the game's dialogue reader) where it names the kind the data shows: its word.
  if (code.ref && !(named && namesKind(named, code.ref))) { s.ref = code.ref; if (code.weakRef) s.weakRef = true; }
  else if (named) s.refBy = named;
  if (code.format) { s.format = code.format; s.unitStyle = false; }
  // The kind and the format are what the data wrote (a reading that says what the string is drops this).
  if ((code.ref && s.refBy === undefined) || code.format) s.basis = 'data';
  return s;
}

/** Whether a reference by name may name `kind`. */
function namesKind(by: SiblingRef, kind: string): boolean {
  return (by.otherwise?.includes(kind) ?? false) || Object.values(by.kinds).some((kinds) => kinds.includes(kind));
}

function fieldsOf(node: Node, total: number | undefined, vars: boolean, byName: ReadonlyMap<string, SiblingRef> | undefined, dialogue: MemberLookup): FieldSpec[] {
  const out: FieldSpec[] = [];
  for (const [name, child] of [...(node.named ?? [])].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const own = child.readings;
    const required = own?.some((r) => 'required' in r) === true ? { required: true } : {};
    if (!child.code) {
      const reader = readerOf(own);
      if (reader) out.push({ ...fieldAddedBy(name, reader), ...required });
      continue;
    }
    // A reading by name (the member read with one reader wherever it is written), unless one by path says more.
    const named = dialogue.byName?.get(name);
    // Made when first read (see withLazyType): a dialogue container's spec builds the version's dialogue language.
    const typeOf = (): TypeSpec => {
      const reader = readerOf(own) ?? (named && 'type' in named ? named.type : undefined);
      return reader !== undefined ? readAs(own, reader)
        : (!own && dialogue.container !== undefined && writesDialogue(child) ? dialogue.container(name) : undefined)
          ?? readAs(named ? [named] : undefined, specOf(child, name, vars, byName, dialogue));
    };
    out.push(withLazyType({ name, type: ANY, description: describe(child.code, total, named ? [named, ...own ?? []] : own), fromGame: true, ...required }, typeOf));
  }
  return out;
}

/**
 * Whether a member's data is dialogue: objects or arrays of objects (a spell's `effect` is a plain string, an
 * effect on condition's `effect` an object or a list of them).
 */
function writesDialogue(node: Node): boolean {
  return node.code!.types.includes('o') || node.element?.code?.types.includes('o') === true;
}

/** Members every definition may have, whatever its type's data shows (JSON_INHERITANCE): inheritanceFields' names. */
export const INHERITANCE_MEMBERS: readonly string[] = ['copy-from', 'abstract', 'extend', 'delete', 'relative', 'proportional'];

/** Members every definition may have, whatever its type's data shows (JSON_INHERITANCE). */
function inheritanceFields(kind: string): FieldSpec[] {
  return [
    { name: 'copy-from', type: { kind: 'string', ref: kind }, description: 'Id of a definition of the same kind to inherit every member from; members given here replace the inherited ones.', fromGame: true },
    { name: 'abstract', type: { kind: 'string' }, description: 'Makes this definition a template only other definitions copy from; the string is its id.', fromGame: true },
    { name: 'extend', type: OPEN, description: 'Entries to add to inherited list members (with copy-from).', fromGame: true },
    { name: 'delete', type: OPEN, description: 'Entries to remove from inherited list members (with copy-from).', fromGame: true },
    { name: 'relative', type: OPEN, description: 'Numbers to add to inherited members (with copy-from).', fromGame: true },
    { name: 'proportional', type: OPEN, description: 'Factors to multiply inherited numbers by (with copy-from).', fromGame: true },
  ];
}

/**
 * The KindSchema of one generated table (`kind`: the index kind `copy-from` names; `extra`: members accepted
 * besides, such as an older version's id member that the id check reports itself), with the readings attached by
 * path that the table has no place for, in words: none for the committed tables (a test checks), some for a table
 * learned without a mod or from a newer game, whose members there stay as its data showed them.
 */
export function schemaFromTable(table: GeneratedTable, type: string, kind: string, context: TableContext, extra: readonly FieldSpec[] = []): { readonly schema: KindSchema; readonly unapplied: readonly string[] } {
  const readings = readingsOfType(context.readings, type);
  const unapplied: string[] = [];
  const root = treeOf(table, readings, unapplied);
  const inherited = [...inheritanceFields(kind), ...extra];
  const names = new Set(inherited.map((f) => f.name));
  // A reading attached by name (every type's, then this type's) applies at any depth.
  const byName = new Map<string, MemberReading>();
  for (const [key, reading] of Object.entries(readings ?? {})) {
    const name = readingName(key);
    if (name !== undefined) byName.set(name, reading);
  }
  const lookup: MemberLookup = { container: context.dialogueContainer, byName: byName.size ? byName : undefined };
  const fields = [...fieldsOf(root, table.n, table.v === 1, context.referencesByName, lookup).filter((f) => !names.has(f.name)), ...inherited];
  if (!fields.some((f) => f.name === 'type')) fields.push({ name: 'type', type: { kind: 'string' }, description: 'The JSON type of the definition.' });
  // Its verdicts beyond the data's forms (marked `data` where they are made) are its readings': the game's reader.
  return { schema: { fields, editMembers: [], basis: 'reader', unseen: { type, version: context.version, gameReads: context.gameReads, namesShown: context.namesShown, documented: context.documented } }, unapplied };
}
