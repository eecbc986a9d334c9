/**
 * The dialogue language (effects on condition, talk effects and conditions) as one recursive table, read by member
 * name at any depth, as the game reads it: its parsers (`talk_effect_fun_t` in npctalk.cpp, `conditional_t` in
 * condition.cpp) dispatch on a member's name wherever an effect or condition is written: inside `then`, `else`,
 * `false_effect`, an inline `run_eocs`, a weighted list, at any depth, in any type.
 *
 * The generator (scripts/gen-type-tables.mjs) pools every dialogue path of a version's data by its member name
 * (GeneratedDialogue; one reference decision per name), so a form the data wrote at one depth is known at every
 * other (`"duration": "PERMANENT"` inside `then`), and the readers below say which forms the game accepts for
 * what the data shows:
 * - a number is read by `get_dbl_or_var` / `get_int_or_var` (dialogue.h, `dbl_or_var`): a number, a variable
 *   object (`{ "math": [...] }`, `{ "u_val": "x" }`, `{ "global_val": ... }`), or a `[min, max]` pair of either;
 * - a string by `get_str_or_var`: a string or a variable object;
 * - a duration by `get_duration_or_var`: a time string, a number of turns, a variable object or `[min, max]`, and
 *   `"PERMANENT"` where the effect takes it (`talk_effect_fun_t::set_add_effect`, EFFECT_ON_CONDITION.md);
 * - an effect list (`effect`, `then`, `else`, `false_effect`, `run_eocs`...) by `talk_effect_t::parse_sub_effect`
 *   and `load_inline_eocs`: one effect or an array of them, each an object, or a string (a simple effect, or an
 *   effect on condition's id);
 * - a condition (`condition`, `if`...) by `read_condition`: an object, or a string naming a simple condition
 *   (`"u_is_outside"`);
 * - a list the data writes as an array may be written as its one value (the generic readers' one-or-many).
 */
import { everyKindOf, type FieldSpec, type ObjectSpec, type QuantityFormat, type SiblingRef, type StringSpec, type TypeSpec } from './types';
import { parseCode, type GeneratedDialogue, type MemberCode } from './generated';
import { parsePath } from './memberPaths';
import type { ArgumentReader, DialogueOperator, OperatorReader } from './dialogueOperators';

/**
 * Members whose value is dialogue (an effect, a list of effects, a condition, inline effects on condition): below
 * one of these, every member is read by name. The generator (scripts/gen-type-tables.mjs) pools the same paths,
 * reading this list.
 */
export const DIALOGUE_CONTAINERS: ReadonlySet<string> = new Set([
  'condition', 'deactivate_condition', 'goal_condition', 'effect', 'false_effect', 'if', 'then', 'else', 'true_eocs',
  'false_eocs', 'run_eocs', 'effect_on_conditions', 'speaker_effect', 'dynamic_line',
]);

/** Containers read as one condition (`read_condition`: an object, or a simple condition's name). */
const CONDITIONS: ReadonlySet<string> = new Set(['condition', 'deactivate_condition', 'goal_condition', 'if']);

/** What a version says about how its dialogue reads values (GameVersion.dialogue, referencesByName). */
export interface DialogueReaders {
  /** The documented operators (schema/dialogueOperators.ts), where the version declares them. */
  readonly operators?: ReadonlyMap<string, DialogueOperator>;
  /** The documented arguments, each with the operators that take it. */
  readonly operatorArguments?: ReadonlyMap<string, readonly string[]>;
  /** How the documented arguments the data never writes are read (schema/dialogueOperators.ts ARGUMENT_READERS). */
  readonly argumentReaders?: ReadonlyMap<string, ArgumentReader>;
  /** Whether the version indexes a kind (an operator's `names` is a reference only then). */
  readonly isKind?: (kind: string) => boolean;
  /** Members read as durations (`get_duration_or_var`), with the words each takes besides (`"PERMANENT"`). */
  readonly durations?: Readonly<Record<string, readonly string[]>>;
  /** Members that name what a sibling selects (GameVersion.referencesByName and dialogue.references). */
  readonly byName?: ReadonlyMap<string, SiblingRef>;
}

/** Below this many occurrences over the whole version a member's JSON types are not enforced (as generated.ts). */
const MIN_EVIDENCE = 3;

/** One member name's pooled evidence, with its arrays' and maps' values pooled alike. */
interface Pooled {
  types: Set<string>;
  count: number;
  /** Reference kinds with how often each was decided (the generator decides once per name: usually one). */
  refs: Map<string, number>;
  weak: boolean;
  /** Formats, and whether a string was ever written without one. */
  formats: Set<QuantityFormat>;
  plainString: boolean;
  keyRef?: string;
  element?: Pooled;
  positions: Pooled[];
  mapValue?: Pooled;
}

const newPooled = (): Pooled => ({ types: new Set(), count: 0, refs: new Map(), weak: true, formats: new Set(), plainString: false, positions: [] });

function pool(into: Pooled, code: MemberCode): void {
  for (const t of code.types) into.types.add(t);
  into.count += code.count;
  if (code.types.includes('s')) {
    if (code.ref) {
      into.refs.set(code.ref, (into.refs.get(code.ref) ?? 0) + code.count);
      if (!code.weakRef) into.weak = false;
    } else if (code.format) into.formats.add(code.format);
    else into.plainString = true;
  }
  if (code.keyRef) into.keyRef = code.keyRef;
}

/**
 * A path's key in the pooled dialogue evidence (GeneratedDialogue) when a container stands before its last member
 * name (`effect[].then.u_add_effect[]` -> `u_add_effect[]`: the name and the element, position and map steps
 * after it), else undefined: the path stays in its type's table. The generator pools by it.
 */
export function dialogueKeyOf(p: string): string | undefined {
  const segments = parsePath(p);
  let last = -1;
  for (let i = 0; i < segments.length; i++) if ('name' in segments[i]) last = i;
  let below = false;
  for (let i = 0; i < last && !below; i++) {
    const s = segments[i];
    if ('name' in s && DIALOGUE_CONTAINERS.has(s.name)) below = true;
  }
  if (!below) return undefined;
  const name = (segments[last] as { name: string }).name;
  let key = /^[^.[\]"*]+$/.test(name) ? name : `[${JSON.stringify(name)}]`;
  for (const s of segments.slice(last + 1)) key += 'element' in s ? '[]' : 'position' in s ? `[${s.position}]` : '.*';
  return key;
}

/** A version's dialogue language: the spec of each container member, all sharing one recursive dialogue object. */
export interface DialogueLanguage {
  /** The spec of a dialogue container written as `name` (an effect list, a condition...). */
  containerSpec(name: string): TypeSpec;
  /** The object every dialogue object is read as (operators and their arguments by name). */
  readonly object: ObjectSpec;
}

/** The dialogue language of a version's data (its pooled evidence), read as `readers` say (build it once per version). */
export function dialogueLanguageOf(evidence: GeneratedDialogue, readers: DialogueReaders): DialogueLanguage {
  const byName = readers.byName;
  const members = new Map<string, Pooled>();
  for (const [key, code] of Object.entries(evidence)) {
    const [first, ...steps] = parsePath(key);
    if (first === undefined || !('name' in first)) continue;
    let node = members.get(first.name);
    if (!node) members.set(first.name, node = newPooled());
    for (const s of steps) {
      if ('element' in s) node = node.element ??= newPooled();
      else if ('position' in s) node = node.positions[s.position] ??= newPooled();
      else if ('mapValue' in s) node = node.mapValue ??= newPooled();
    }
    pool(node, parseCode(code));
  }
  const fields: FieldSpec[] = [];
  const object: ObjectSpec = { kind: 'object', fields, open: true, namedRefs: byName };
  const containers = new Map<string, TypeSpec>();
  const language: DialogueLanguage = {
    object,
    containerSpec(name) {
      let spec = containers.get(name);
      if (!spec) containers.set(name, spec = containerOf(name, members.get(name), object, readers));
      return spec;
    },
  };
  // The members the data writes, with what it shows; the documented operators and arguments it never writes, as
  // the docs read them (schema/dialogueOperators.ts).
  const operators = readers.operators;
  const names = new Set([...members.keys(), ...(operators?.keys() ?? []), ...(readers.operatorArguments?.keys() ?? [])]);
  for (const name of [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const node = members.get(name);
    const op = operators?.get(name);
    const argument = readers.argumentReaders?.get(name);
    const documented = argument && readerSpec(argument.reader, name, argument.names, object, readers, language);
    const type = DIALOGUE_CONTAINERS.has(name) ? language.containerSpec(name)
      // What the data shows, and what the game's reader of a documented argument takes besides (`min_level` as a
      // number where the data writes only variable objects: `get_dbl_or_var` reads either).
      : node ? (documented ? either(memberSpec(node, name, object, readers), documented) : memberSpec(node, name, object, readers))
        : op ? operatorSpec(op, object, readers, language)
          : readers.durations?.[name] !== undefined ? durationOf(readers.durations[name], object)
            : documented ?? ANY;
    const docs = describeDocumented(name, op, readers.operatorArguments?.get(name));
    const description = node ? `${docs}${docs ? ' ' : ''}${describePooled(name, node)}` : docs;
    fields.push({ name, type, description, fromGame: true });
  }
  return language;
}

/** Any of `options`, as the docs' reader of an operator or argument takes them (a value none matches: a warning, on the docs' word). */
function either(...options: TypeSpec[]): TypeSpec {
  return { kind: 'union', options, mismatch: 'warning', basis: 'documentation' };
}

const NUMBER: TypeSpec = { kind: 'number' };
const BOOLEAN: TypeSpec = { kind: 'boolean' };
const ANY: TypeSpec = { kind: 'any' };
const STRING: StringSpec = { kind: 'string' };

/** The one string form the pooled strings of a member allow: a reference, a unit format, or any string. */
function stringOf(node: Pooled, name: string, byName: ReadonlyMap<string, SiblingRef> | undefined): StringSpec {
  const s: { -readonly [K in keyof StringSpec]: StringSpec[K] } = { kind: 'string' };
  let best: string | undefined, most = 0;
  for (const [kind, n] of node.refs) if (n > most) { best = kind; most = n; }
  // The version's reviewed names first: `u_buy_item` names an item, or an item group with "use_item_group".
  if (byName?.has(name)) {
    s.refBy = byName.get(name);
  } else if (best !== undefined) {
    s.ref = best;
    if (node.weak) s.weakRef = true;
    s.basis = 'data';
  } else if (node.formats.size === 1 && !node.plainString) {
    s.format = [...node.formats][0];
    s.unitStyle = false;
    s.basis = 'data';
  }
  return s;
}

/** An `_or_var` value's `[min, max]` pair, each end one of `ends` (a number or a variable object: `dbl_or_var`). */
function rangeOf(...ends: TypeSpec[]): TypeSpec {
  const end: TypeSpec = { kind: 'union', options: ends, mismatch: 'warning', basis: 'reader' };
  return { kind: 'tuple', items: [end, end], required: 1 };
}

function memberSpec(node: Pooled, name: string, object: ObjectSpec, readers: DialogueReaders): TypeSpec {
  const options: TypeSpec[] = [];
  const has = (t: string): boolean => node.types.has(t);
  const numeric = has('i') || has('n');
  const words = readers.durations?.[name];
  if (words !== undefined) return durationOf(words, object);
  const byName = readers.byName;
  if (has('s')) options.push(stringOf(node, name, byName));
  if (numeric) options.push(NUMBER);
  if (has('b')) options.push(BOOLEAN);
  if (has('a')) {
    // A list some table saw as a tuple (its first few positions) is read as a list where another table shows one:
    // `and` is a list of conditions, whatever its length.
    const element = node.element;
    if (element) options.push({ kind: 'array', of: memberSpec(element, name, object, readers) });
    else options.push({ kind: 'tuple', items: Array.from(node.positions, (p) => (p ? memberSpec(p, name, object, readers) : ANY)), required: 0, open: true });
    // One-or-many: an array's one value may stand alone (the generic readers' single-value form).
    if (element) {
      if (element.types.has('s') && !has('s')) options.push(stringOf(element, name, byName));
      if (element.types.has('o') && !has('o')) options.push(object);
    }
  } else if (numeric) {
    options.push(rangeOf(NUMBER, object));
  }
  if (has('o')) {
    const value = node.mapValue;
    options.push(value ? { kind: 'map', key: node.keyRef ? { kind: 'string', ref: node.keyRef, basis: 'data' } : STRING, value: memberSpec(value, name, object, readers) } : object);
  } else if (has('s') || numeric) {
    // A variable object where the data writes a literal (`str_or_var`, `dbl_or_var`).
    options.push(object);
  }
  if (has('z') || node.count < MIN_EVIDENCE) options.push(ANY);
  return { kind: 'union', options, mismatch: 'warning', basis: 'data' };
}

/** `get_duration_or_var`: a time string, turns, a variable object or `[min, max]`, or one of `words` ("PERMANENT"). */
function durationOf(words: readonly string[], object: ObjectSpec): TypeSpec {
  const time: TypeSpec = { kind: 'string', format: 'time', unitStyle: false };
  const options: TypeSpec[] = [time];
  if (words.length) options.push({ kind: 'string', values: words });
  options.push(NUMBER, rangeOf(time, NUMBER, object), object);
  return { kind: 'union', options, mismatch: 'warning', basis: 'reader' };
}

/**
 * A container: a condition is an object or a simple condition's name; anything else an effect list, one effect
 * or an array of them, each an object or a string (a simple effect, or an effect on condition's id where the data
 * names them there: `run_eocs`).
 */
function containerOf(name: string, node: Pooled | undefined, object: ObjectSpec, readers: DialogueReaders): TypeSpec {
  const strings = node ? [node, node.element].filter((n): n is Pooled => n !== undefined && n.types.has('s')) : [];
  const text = strings.length ? stringOf(mergedStrings(strings), name, readers.byName) : STRING;
  // read_condition (condition.cpp), talk_effect_t::parse_sub_effect and load_inline_eocs (npctalk.cpp).
  if (CONDITIONS.has(name)) return { kind: 'union', options: [text, object, BOOLEAN], mismatch: 'warning', basis: 'reader' };
  const one: TypeSpec = { kind: 'union', options: [text, object], mismatch: 'warning', basis: 'reader' };
  return { kind: 'union', options: [text, object, { kind: 'array', of: one }], mismatch: 'warning', basis: 'reader' };
}

/** The strings a container's value and its elements write, pooled (`run_eocs`: "EOC_X" and [ "EOC_X" ]). */
function mergedStrings(nodes: readonly Pooled[]): Pooled {
  const out = newPooled();
  for (const n of nodes) {
    out.count += n.count;
    for (const [k, c] of n.refs) out.refs.set(k, (out.refs.get(k) ?? 0) + c);
    if (!n.weak) out.weak = false;
    for (const f of n.formats) out.formats.add(f);
    if (n.plainString) out.plainString = true;
    for (const t of n.types) out.types.add(t);
  }
  return out;
}

/** The order the tables write JSON types in (scripts/gen-type-tables.mjs). */
const TYPE_ORDER = 'sinbaoz';
const TYPE_WORDS: Record<string, string> = { s: 'a string', i: 'an integer', n: 'a number', b: 'true or false', a: 'an array', o: 'an object', z: 'null' };

function describePooled(name: string, node: Pooled): string {
  if (DIALOGUE_CONTAINERS.has(name)) {
    return CONDITIONS.has(name)
      ? 'A condition: an object of a condition operator and its arguments, or a simple condition\'s name (read at any depth).'
      : 'Effects: one effect or an array of them, each an object of an effect operator and its arguments, or a string (read at any depth).';
  }
  const what = [...node.types].sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b)).map((t) => TYPE_WORDS[t] ?? t).join(' or ');
  const refs = [...node.refs.keys()];
  return `A dialogue member (an effect's or condition's operator or argument, read by name at any depth). Seen ${node.count} time${node.count === 1 ? '' : 's'} in the game's data: ${what}${refs.length ? `; names \`${refs[0]}\` ids` : ''}.`;
}

/**
 * The spec of a documented operator the data never writes, by its reader (the value forms of
 * schema/dialogueOperators.ts), naming its kind where the version indexes it (weakly: the kind is the docs' word).
 */
function operatorSpec(op: DialogueOperator, object: ObjectSpec, readers: DialogueReaders, language: DialogueLanguage): TypeSpec {
  return readerSpec(op.reader, op.name, op.names, object, readers, language);
}

/** The spec of what `reader` reads as member `name`, naming `kind` (schema/dialogueOperators.ts). */
function readerSpec(reader: OperatorReader, name: string, kind: string | undefined, object: ObjectSpec, readers: DialogueReaders, language: DialogueLanguage): TypeSpec {
  const refBy = readers.byName?.get(name);
  const named: StringSpec = refBy ? { kind: 'string', refBy }
    : kind !== undefined && readers.isKind?.(kind) ? { kind: 'string', ref: kind, weakRef: true, basis: 'documentation' } : STRING;
  switch (reader) {
    case 'simple': return ANY;
    case 'string': return either(named, object);
    case 'strings': return either(named, object, { kind: 'array', of: either(named, object) });
    case 'number': return either(NUMBER, rangeOf(NUMBER, object), object);
    case 'duration': return durationOf(readers.durations?.[name] ?? [], object);
    case 'variable': return object;
    case 'object': return object;
    case 'objects': return { kind: 'array', of: object };
    case 'condition': return language.containerSpec('condition');
    case 'conditions': return { kind: 'array', of: language.containerSpec('condition') };
    case 'eocs': return language.containerSpec('run_eocs');
    case 'math': return { kind: 'array', of: STRING };
    case 'list': return { kind: 'array', of: ANY };
    case 'boolean': return either(BOOLEAN);
  }
}

const READER_WORDS: Record<OperatorReader, string> = {
  simple: 'written as its name alone (a simple condition or effect)',
  string: 'a string or a variable object (`get_str_or_var`)',
  strings: 'a string or a variable object, or an array of them',
  number: 'a number, a variable object, `math`, or a `[min, max]` pair (`get_dbl_or_var`)',
  duration: 'a duration: a time string, turns, a variable object or `[min, max]` (`get_duration_or_var`)',
  variable: 'a variable object (where a value is stored or a location read)',
  object: 'an object of its own members',
  objects: 'an array of objects',
  condition: 'a condition',
  conditions: 'an array of conditions',
  eocs: 'effects on condition: ids, variable objects or inline ones, one or an array',
  math: 'a math expression (an array of strings)',
  list: 'an array of pairs',
  boolean: 'true or false',
};

/** What an operator's value names, in words: `, naming \`json_flag\` or \`monster_flag\` ids (or \`MUTATION_THRESHOLD\`)`. */
function describeNamed(op: DialogueOperator): string {
  const by = op.reads;
  if (!by) return op.names ? `, naming \`${op.names}\` ids` : '';
  const kinds = everyKindOf(by) ?? [];
  const selected = by.member !== undefined ? ` (by its "${by.member}")` : '';
  const words = by.none?.length ? ` (or ${by.none.map((w) => `\`${w}\``).join(', ')})` : '';
  return `, naming ${kinds.map((k) => `\`${k}\``).join(' or ')} ids${selected}${words}${by.weak ? '; an unknown one does nothing when it runs' : ''}`;
}

/** The docs' word on a documented operator or argument (empty for a member the docs do not list). */
function describeDocumented(name: string, op: DialogueOperator | undefined, argumentOf: readonly string[] | undefined): string {
  const out: string[] = [];
  if (op) {
    const roles = op.roles.join(' and ');
    const role = `${/^[aeiou]/.test(roles) ? 'An' : 'A'} ${roles}`;
    const parser = op.roles.map((r) => (r === 'condition' ? '`conditional_t` (condition.cpp)' : '`talk_effect_fun_t` (npctalk.cpp)')).join(' and ');
    out.push(`${role} operator (doc/JSON/${op.doc}), read by the game's ${parser}: its value is ${READER_WORDS[op.reader]}${describeNamed(op)}.`);
    if (op.args.length) out.push(`Arguments: ${op.args.map((a) => `\`${a}\``).join(', ')}.`);
  }
  if (argumentOf?.length) {
    const shown = argumentOf.slice(0, 6).map((o) => `\`${o}\``).join(', ');
    out.push(`An argument of ${shown}${argumentOf.length > 6 ? ` and ${argumentOf.length - 6} more operators` : ''}.`);
  }
  return out.join(' ');
}
