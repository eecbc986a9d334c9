/**
 * Member tables generated from a game version's own data (scripts/gen-type-tables.mjs), turned into the
 * KindSchemas the validation walk reads, for every type without a hand-written table. What the data shows is
 * all they claim:
 * - top-level members are closed as far as the game's names tell (schema/validate.ts, judgeUnknownMember): a
 *   member no definition of the type has is a warning when it is a near miss of one (did you mean) or, where the
 *   version's program is known (0.F), a name the game never reads; a name it reads is accepted (rare is not
 *   wrong), and without the program's names (the current game) it is information;
 * - reviewed rules (MemberRule, registry/versions/rules-*.ts) add what the game's code says and the data cannot
 *   show: closed value sets (color names) and references the inference missed;
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
 * - nothing is required: requiredness comes from hand-written tables only;
 * - the inheritance members (`copy-from`, `abstract`, `extend`, `delete`, `relative`, `proportional`) are
 *   always accepted; `//` comments are skipped by the walk.
 */
import { withLazyType, type FieldSpec, type KindSchema, type MapSpec, type MemberNames, type ObjectSpec, type QuantityFormat, type SiblingRef, type StringSpec, type TypeSpec } from './types';

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

/** A closed set of strings the game reads a member from, with what messages call it ("a color name"). */
export interface ValueSet {
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * What the game's code says about one member path of a generated table and its data cannot show (reviewed by
 * hand, from the game's source; registry/versions/rules-*.ts): never inferred from the data's values.
 */
export interface MemberRule {
  /** The member takes one of a fixed set (an unknown color name is an error of the game). */
  readonly values?: ValueSet;
  /** The member names a definition of this kind (where data bugs kept the inference below its bar). */
  readonly ref?: string;
}

/** Reviewed rules by JSON type, then by member path (the tables' path syntax). */
export type MemberRules = Readonly<Record<string, Readonly<Record<string, MemberRule>>>>;

/** What a version says about its generated tables besides the tables. */
export interface TableContext {
  /** The version, for messages ("0.F"). */
  readonly version: string;
  readonly rules?: MemberRules;
  /** The member names the version's game reads, when known (see UnseenMembers). */
  readonly gameReads?: MemberNames;
  /** The member names the version's tables show in any type (see UnseenMembers.namesShown). */
  readonly namesShown?: MemberNames;
  /** Members that name what a sibling selects wherever a table has or admits them (GameVersion.referencesByName). */
  readonly referencesByName?: ReadonlyMap<string, SiblingRef>;
  /**
   * The spec of a dialogue container member (`effect`, `condition`, `then`...), read by name at any depth: the
   * version's dialogue language (schema/dialogueLanguage.ts) instead of the paths its data happened to write;
   * undefined for a name that is no container.
   */
  readonly dialogueContainer?: (name: string) => TypeSpec | undefined;
  /**
   * Members read by one reader wherever they are written (GameVersion.readersByName): their spec by name, per JSON
   * type (`*`: in every type).
   */
  readonly readers?: Readonly<Record<string, Readonly<Record<string, TypeSpec>>>>;
}

/** How a member is read by its name, at any depth: a dialogue container, or a reader (TableContext.readers). */
interface MemberLookup {
  readonly container: TableContext['dialogueContainer'];
  readonly readers: Readonly<Record<string, TypeSpec>> | undefined;
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

/** A path segment: a member name, an array element (`[]`), a tuple position (`[n]`), a map value (`*`). */
export type PathSegment = { readonly name: string } | { readonly element: true } | { readonly position: number } | { readonly mapValue: true };

/** `a.b[][0].*.["x.y"]` -> segments (see scripts/gen-type-tables.mjs for the syntax). */
export function parsePath(p: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === '.') { i++; continue; }
    if (c === '[') {
      if (p[i + 1] === ']') { out.push({ element: true }); i += 2; continue; }
      if (p[i + 1] === '"') {
        let j = i + 2;
        while (j < p.length && p[j] !== '"') j += p[j] === '\\' ? 2 : 1;
        out.push({ name: JSON.parse(p.slice(i + 1, j + 1)) as string });
        i = j + 2;
        continue;
      }
      const close = p.indexOf(']', i);
      out.push({ position: Number(p.slice(i + 1, close)) });
      i = close + 1;
      continue;
    }
    if (c === '*' && (i + 1 === p.length || p[i + 1] === '.' || p[i + 1] === '[')) { out.push({ mapValue: true }); i++; continue; }
    let j = i;
    while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
    out.push({ name: p.slice(i, j) });
    i = j;
  }
  return out;
}

interface Node {
  code?: MemberCode;
  rule?: MemberRule;
  /** Made when a member is added (most nodes are leaves). */
  named?: Map<string, Node>;
  element?: Node;
  readonly positions: Node[];
  mapValue?: Node;
}

const newNode = (): Node => ({ positions: [] });

/** The node of a path (made when `make`), else undefined. */
function nodeAt(root: Node, p: string, make: boolean): Node | undefined {
  let node = root;
  for (const s of parsePath(p)) {
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
 * The paths a rule's or an overlay's path stands for. `[]?` marks a member the game reads with the generic
 * readers' one-or-many (one value, or an array of them): what is said of it is said of the value and of each
 * element, whichever the data writes (`color[]?`: `color` and `color[]`; `use_action[]?.type`: `use_action.type`
 * and `use_action[].type`).
 */
export function oneOrManyPaths(p: string): string[] {
  const i = p.indexOf('[]?');
  if (i < 0) return [p];
  const rest = oneOrManyPaths(p.slice(i + 3));
  return [...rest.map((r) => p.slice(0, i) + r), ...rest.map((r) => `${p.slice(0, i)}[]${r}`)];
}

function treeOf(table: GeneratedTable, rules: Readonly<Record<string, MemberRule>> | undefined): Node {
  const root = newNode();
  for (const [p, code] of Object.entries(table.m)) nodeAt(root, p, true)!.code = parseCode(code);
  // A rule for a path the table lacks (regenerated without it) is reported by ruleProblems, not applied.
  for (const [written, rule] of Object.entries(rules ?? {})) {
    for (const p of oneOrManyPaths(written)) {
      const node = nodeAt(root, p, false);
      if (node?.code?.types.includes('s')) node.rule = rule;
    }
  }
  return root;
}

/**
 * Rules naming a path their type's table lacks, or one it never shows as a string (to review); a one-or-many
 * path (`[]?`), when none of the paths it stands for is a string in the table.
 */
export function ruleProblems(tables: GeneratedTables, rules: MemberRules): string[] {
  const out: string[] = [];
  for (const [type, paths] of Object.entries(rules)) {
    const table = Object.prototype.hasOwnProperty.call(tables, type) ? tables[type] : undefined;
    for (const written of Object.keys(paths)) {
      const codes = oneOrManyPaths(written).map((p) => table?.m[p]).filter((c): c is string => c !== undefined);
      if (!codes.length) out.push(`${type} ${written}: not in the generated table`);
      else if (!codes.some((c) => parseCode(c).types.includes('s'))) out.push(`${type} ${written}: the data never writes a string here (${codes.join(', ')})`);
    }
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = { s: 'a string', i: 'an integer', n: 'a number', b: 'true or false', a: 'an array', o: 'an object', z: 'null' };

function describe(code: MemberCode, total: number | undefined, rule: MemberRule | undefined): string {
  const string = rule?.values ? rule.values.name : rule?.ref ? `a \`${rule.ref}\` id` : code.ref ? `a \`${code.ref}\` id` : code.format ? `a ${code.format} string` : TYPE_WORDS.s;
  const what = [...code.types].map((t) => (t === 's' ? string : TYPE_WORDS[t] ?? t));
  const map = code.keyRef ? `; keys are \`${code.keyRef}\` ids` : '';
  const seen = total !== undefined ? `Seen in ${code.count} of ${total} definitions` : `Seen ${code.count} time${code.count === 1 ? '' : 's'}`;
  // Joined into one flat string: a template of templates is a tree of parts, kept for every member of every table.
  return [seen, ': ', what.join(' or '), map, " (from the game's data)."].join('');
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
  const code = node.code;
  if (!code) return ANY;
  const options: TypeSpec[] = [];
  let number = false;
  for (const t of code.types) {
    switch (t) {
      case 's':
        options.push(stringSpecOf(node, code, name, byName));
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
          if (element?.types.includes('s') && !code.types.includes('s')) options.push(stringSpecOf(node.element!, element, name, byName));
        }
        break;
      case 'o':
        if (node.mapValue) {
          const key: StringSpec = code.keyRef ? (code.weakKeyRef ? { kind: 'string', ref: code.keyRef, weakRef: true } : { kind: 'string', ref: code.keyRef }) : { kind: 'string' };
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
  // A reviewed rule says what the game reads here, however rarely the data writes it.
  if (code.count < MIN_EVIDENCE && !node.rule && !options.includes(ANY)) options.push(ANY);
  return { kind: 'union', options, mismatch: 'warning' };
}

/** The string a member path takes (a reference, a unit format, a closed set of values, or any string). */
function stringSpecOf(node: Node, code: MemberCode, name: string, byName: ReadonlyMap<string, SiblingRef> | undefined): StringSpec {
  const s: { -readonly [K in keyof StringSpec]: StringSpec[K] } = { kind: 'string' };
  const rule = node.rule;
  if (rule?.ref) s.ref = rule.ref;
  else if (code.ref) { s.ref = code.ref; if (code.weakRef) s.weakRef = true; }
  else if (byName?.has(name)) s.refBy = byName.get(name);
  if (code.format && !rule?.ref) { s.format = code.format; s.unitStyle = false; }
  if (rule?.values) { s.values = rule.values.values; s.valuesName = rule.values.name; }
  return s;
}

function fieldsOf(node: Node, total: number | undefined, vars: boolean, byName: ReadonlyMap<string, SiblingRef> | undefined, dialogue: MemberLookup): FieldSpec[] {
  const out: FieldSpec[] = [];
  for (const [name, child] of [...(node.named ?? [])].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (!child.code) continue;
    // Made when first read (see withLazyType): a dialogue container's spec builds the version's dialogue language.
    const typeOf = (): TypeSpec => {
      const reader = dialogue.readers !== undefined && Object.prototype.hasOwnProperty.call(dialogue.readers, name) ? dialogue.readers[name] : undefined;
      const type = reader ?? (dialogue.container !== undefined && writesDialogue(child) ? dialogue.container(name) : undefined);
      return type ?? specOf(child, name, vars, byName, dialogue);
    };
    out.push(withLazyType({ name, type: ANY, description: describe(child.code, total, child.rule), fromGame: true }, typeOf));
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
 * besides, such as an older version's id member that the id check reports itself).
 */
export function schemaFromTable(table: GeneratedTable, type: string, kind: string, context: TableContext, extra: readonly FieldSpec[] = []): KindSchema {
  const root = treeOf(table, context.rules?.[type]);
  const inherited = [...inheritanceFields(kind), ...extra];
  const names = new Set(inherited.map((f) => f.name));
  // A member read by name (context.readers: every type's, then this type's) takes its reader's spec at any depth.
  const all = context.readers?.['*'];
  const own = context.readers !== undefined && Object.prototype.hasOwnProperty.call(context.readers, type) ? context.readers[type] : undefined;
  const lookup: MemberLookup = { container: context.dialogueContainer, readers: own ? { ...all, ...own } : all };
  const fields = [...fieldsOf(root, table.n, table.v === 1, context.referencesByName, lookup).filter((f) => !names.has(f.name)), ...inherited];
  if (!fields.some((f) => f.name === 'type')) fields.push({ name: 'type', type: { kind: 'string' }, description: 'The JSON type of the definition.' });
  return { fields, editMembers: [], unseen: { type, version: context.version, gameReads: context.gameReads, namesShown: context.namesShown } };
}
