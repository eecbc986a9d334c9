/**
 * Walks a JSON value along its TypeSpec, once, reporting shape problems (types, value sets, ranges, units,
 * unknown members) and the references it meets. The same walk serves the checks and the reference index.
 */
import type { JsonPath, Part } from '../syntax/locate';
import type { Migration, NumberSpec, ObjectSpec, RemovedMember, SiblingRef, StringSpec, TypeSpec, UnionSpec } from './types';
import { siblingKinds } from './types';
import { FORMAT_NAMES, checkQuantity, consoleWidth, durationOfMoves, isKnownFine, type QuantityProblem } from './units';
import { MAX_NESTING } from '../syntax/nesting';
import { closest } from '../util/closest';
import { isCommentKey } from './memberKeys';
import { isPlainObject } from '../util/json';
import { describeType, jsonTypeName, pathLabel, show, type Fix, type FoundReference, type ValueProblem, type ValueSink } from './valueReports';
import { Category, Shape, categoryOf, compile, compiledField, optionsFor, type SpecNode } from './compiledSpec';
import { judgeUnknownMember } from './unknownMember';
import type { Basis } from '../basis';

export { isCommentKey };

/**
 * Collects into arrays, to compare alternatives of a union before reporting the best fit. Only the number of
 * problems decides: where wording a problem costs a search ("did you mean") or long messages, an alternative's
 * walk counts it (COUNTED) instead, and the best alternative, when it has problems, is walked again into the
 * real sink (see the union case of walk).
 */
class BufferSink implements ValueSink {
  // (Both lists made at their first entry: most alternatives walked find neither.)
  private problems: ValueProblem[] | undefined;
  /**
   * The references, flat: a reference given whole, or one given to referenceAt as its kind, id, flags (FoundReference's
   * key, weak, alternative: REF_KEY...), basis, its path's length and then its steps. Flat: the alternatives of the
   * game's unions find tens of thousands, and most are thrown away.
   */
  private references: unknown[] | undefined;
  get problemCount(): number { return this.problems?.length ?? 0; }
  problem(p: ValueProblem): void { (this.problems ??= []).push(p); }
  reference(r: FoundReference): void { (this.references ??= []).push(r); }
  referenceAt(path: readonly (string | number)[], kind: string, id: string, key: boolean, weak: boolean, alternative = false, basis?: Basis, variant = false): void {
    const refs = (this.references ??= []);
    refs.push(kind, id, (key ? REF_KEY : 0) | (weak ? REF_WEAK : 0) | (alternative ? REF_ALTERNATIVE : 0) | (variant ? REF_VARIANT : 0), basis, path.length);
    for (let k = 0; k < path.length; k++) refs.push(path[k]);
  }
  replay(into: ValueSink): void {
    for (const p of this.problems ?? NOTHING_BUFFERED) into.problem(p);
    const refs = this.references ?? NOTHING_BUFFERED;
    for (let i = 0; i < refs.length;) {
      const first = refs[i];
      if (typeof first !== 'string') { into.reference(first as FoundReference); i++; continue; }
      const kind = first, id = refs[i + 1] as string, flags = refs[i + 2] as number, basis = refs[i + 3] as Basis | undefined, length = refs[i + 4] as number;
      const path = refs.slice(i + 5, i + 5 + length) as (string | number)[];
      i += 5 + length;
      const key = (flags & REF_KEY) !== 0, weak = (flags & REF_WEAK) !== 0, alternative = (flags & REF_ALTERNATIVE) !== 0, variant = (flags & REF_VARIANT) !== 0;
      if (into.referenceAt !== undefined) into.referenceAt(path, kind, id, key, weak, alternative, basis, variant);
      else into.reference({ path, kind, id, ...(key ? { key: true } : {}), ...(weak ? { weak: true } : {}), ...(alternative ? { alternative: true } : {}), ...(basis !== undefined ? { basis } : {}), ...(variant ? { variant: true } : {}) });
    }
  }
}

const NOTHING_BUFFERED: readonly never[] = [];

/** A buffered reference's flags (see BufferSink.references). */
const REF_KEY = 1, REF_WEAK = 2, REF_ALTERNATIVE = 4, REF_VARIANT = 8;

/** A problem an alternative of a union has, counted but not worded (see BufferSink). */
const COUNTED: ValueProblem = { code: 'invalid-value', severity: 'error', path: [], part: 'value', message: '' };

/** Above 0 while a union's option is walked straight into the sink, to be taken back if it has problems (see tryOptions). */
let tryingOption = 0;

/** Whether the walk only counts problems (an alternative of a union, see BufferSink): the same number, unworded. */
function onlyCounts(sink: ValueSink): boolean {
  return tryingOption > 0 || sink instanceof BufferSink;
}

function wrongType(value: unknown, spec: TypeSpec, path: (string | number)[], sink: ValueSink): void {
  if (onlyCounts(sink)) return sink.problem(COUNTED);
  if (spec.kind === 'object' && spec.formerly !== undefined && Array.isArray(value) && formerForm(value, spec.formerly.migration, path, sink)) return;
  if (spec.kind === 'string' && spec.formerly !== undefined && Number.isInteger(value)) return formerMoves(value as number, spec.formerly.migration, path, sink);
  sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" is ${show(value)} (${jsonTypeName(value)}); expected ${describeType(spec)}` });
}

/**
 * A quantity's repair: certain when it corrects an error to the same quantity (a unit's case, white space the game
 * rejects, an exact integer in a smaller unit); the largest-unit hint is a matter of style, left to the modder.
 */
function unitFix(p: QuantityProblem): Fix {
  return p.severity === 'error' && !p.guessed ? { kind: 'replaceValue', text: p.fix!, certain: true } : { kind: 'replaceValue', text: p.fix! };
}

/**
 * A removed member's rewrite. A renamed member reads the same under its new name: certain. A member moved into an
 * object member (`armor_bash` -> `"armor": { "bash": ... }`) is certain unless the definition inherits (copy-from):
 * the old member changed one value of the inherited whole, and whether the object written in its place is merged
 * with the inherited one or replaces it is not certain from the current game's reader (its `extend` is documented as
 * the way to add to an inherited `armor`): then the rewrite is offered, not applied unattended.
 */
function migrationFix(migration: Migration, o: Record<string, unknown>, key: string, topLevel: boolean): Fix | undefined {
  const inherits = topLevel && o['copy-from'] !== undefined;
  if (migration.kind === 'damageUnit') return damageUnitFix(migration, o, key, inherits);
  return migration.kind === 'moveInto' && inherits ? { kind: 'migrate', migration } : { kind: 'migrate', migration, certain: true };
}

/**
 * `melee_cut: n` as a unit of `melee_damage`. 0.F's mtype::load reads `melee_damage` (when the definition writes
 * it; else the copied parent's stays) and then adds `melee_cut` as a cut unit (`melee_damage.add_damage(DT_CUT,
 * n)`). The rewrite is certain when that sum is what the definition writes: it does not inherit, `n` is an integer
 * (has_int), and its `melee_damage`, if any, is an array with no unit of that type (nothing to merge with). An
 * inheriting definition gets the rewrite offered: the current game's `melee_damage` replaces the parent's. No
 * rewrite when `melee_damage` is written some other way.
 */
function damageUnitFix(migration: Extract<Migration, { kind: 'damageUnit' }>, o: Record<string, unknown>, key: string, inherits: boolean): Fix | undefined {
  const units = o[migration.array];
  if (units !== undefined && !Array.isArray(units)) return undefined;
  const merges = units !== undefined && units.some((u) => isPlainObject(u) && u.damage_type === migration.damageType);
  return inherits || merges || !Number.isInteger(o[key]) ? { kind: 'migrate', migration } : { kind: 'migrate', migration, certain: true };
}

/**
 * An array in the place of an object that an older game version read so (ObjectSpec.formerly): a monster's 0.F
 * `death_function` names. One the game's own migration makes certain (one name of `names` alone, or none) is the
 * wrong type with its rewrite, certain whether or not the definition inherits (both versions replace the inherited
 * value whole, see DEATH_FUNCTIONS_0F); another says which names have no certain equivalent and what to write. False
 * when the array is not names (reported as the wrong type).
 */
function formerForm(value: readonly unknown[], migration: Migration, path: (string | number)[], sink: ValueSink): boolean {
  if (migration.kind !== 'deathFunctions' || !value.every((v) => typeof v === 'string')) return false;
  const names = value as readonly string[];
  if (names.length === 0 || (names.length === 1 && Object.hasOwn(migration.names, names[0]))) {
    sink.problem({
      code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
      message: `"${pathLabel(path)}" is ${show(value)} (array); expected an object: the old death functions are no longer read`,
      fixes: [{ kind: 'migrate', migration, certain: true }],
    });
    return true;
  }
  const unknown = names.filter((n) => !Object.hasOwn(migration.names, n));
  const named = (unknown.length ? unknown : names).map((n) => JSON.stringify(n)).join(', ');
  const several = unknown.length !== 1;
  sink.problem({
    code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
    message: `"${pathLabel(path)}": the old death function${several ? 's' : ''} ${named}${unknown.length ? '' : ' together'} ${several ? 'have' : 'has'} no certain equivalent in this game: ` +
      `write an object that does what ${several ? 'they' : 'it'} did instead, { "corpse_type": NORMAL, SPLATTER, BROKEN or NO_CORPSE, "message": ..., "effect": { "id": a spell, "hit_self": true }, "eoc": ... } (the game's own monsters now cast spells such as "death_acid", "death_gas", "death_boomer")`,
  });
  return true;
}

/**
 * An integer where a time string is read now, that an older version read as moves (StringSpec.formerly): a 0.F
 * recipe's `time`. 0.F's recipe::load read an integer as moves (`jo.has_int( "time" )`: `time = jo.get_int`); the
 * current one reads only a string (`jo.has_string( "time" )`, read_from_json_string<time_duration>, to_moves), so
 * an integer is skipped and the recipe keeps its default or copied time. The string read to the same moves is the
 * certain rewrite; a number of moves no string reads to (not whole seconds) is reported with the nearest ones.
 */
function formerMoves(moves: number, migration: Migration, path: (string | number)[], sink: ValueSink): void {
  const exact = durationOfMoves(moves);
  const label = `"${pathLabel(path)}" is ${moves} (integer): a number of moves, no longer read (this game reads a time string)`;
  if (exact !== undefined) {
    sink.problem({
      code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
      message: `${label}; write ${JSON.stringify(exact)} (the same ${moves} moves)`,
      fixes: [{ kind: 'migrate', migration, certain: true }],
    });
    return;
  }
  const near = moves > 0 ? [Math.floor(moves / 100) * 100, Math.ceil(moves / 100) * 100].filter((m) => m > 0).map((m) => JSON.stringify(durationOfMoves(m))) : [];
  sink.problem({
    code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
    message: `${label}; no time string reads to exactly ${moves} moves (a string counts whole seconds, 100 moves each)` +
      (near.length ? `: write the nearest, ${[...new Set(near)].join(' or ')}` : ': write a time string such as "30 m"'),
  });
}

function fixesOf(fix: Fix | undefined): readonly Fix[] | undefined {
  return fix ? [fix] : undefined;
}

/** A number out of range (`1e309`, read as Infinity) is reported on the text (checks/definitionText.ts), nowhere else. */
function isOutOfRange(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}

/**
 * `path` is the walk's own stack (pushed and popped as it descends); reports get copies. Labels are built only
 * when something is reported: this walk runs over every checked definition (every value of the game's data),
 * so the common path allocates nothing but the references it reports.
 */
export function validateValue(value: unknown, spec: TypeSpec, path: (string | number)[], sink: ValueSink): void {
  walk(value, compile(spec), path, sink);
}

/** The label of a path, made when asked for (a function of its own: see matchingOptions). */
function labelOf(path: readonly (string | number)[]): () => string {
  return () => `"${pathLabel(path)}"`;
}

function walk(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  // The walk follows the table, which is shallow; the limit guards against a table that refers to itself.
  if (path.length > MAX_NESTING) return;
  // The common case of a union, one option of the value's JSON type, is that option: walked here, straight into
  // the sink (every value of a generated table is a union's: no second call, no buffers to throw away).
  while (node.shape === Shape.Union) {
    const candidates = optionsFor(node, categoryOf(value));
    if (candidates.length !== 1) return walkUnion(value, node, candidates, path, sink);
    node = candidates[0];
  }
  // Each shape walked by a function of its own: a value that takes a path not taken before (a first tuple, a first
  // wrong type...) has only that function compiled again (see the reports below).
  switch (node.shape) {
    case Shape.Any:
      if (node.namedRefs !== undefined) namedReferencesIn(value, node.namedRefs, path, sink);
      return;
    case Shape.String:
      return walkString(value, node, path, sink);
    case Shape.Integer:
    case Shape.Number:
      return walkNumber(value, node, path, sink);
    case Shape.Boolean:
      if (typeof value !== 'boolean') notOfItsType(value, node, path, sink);
      return;
    case Shape.Array:
      return walkArray(value, node, path, sink);
    case Shape.Tuple:
      return walkTuple(value, node, path, sink);
    case Shape.Map:
      return walkMap(value, node, path, sink);
    case Shape.Object:
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return notOfItsType(value, node, path, sink);
      walkMembers(value as Record<string, unknown>, node, path, sink, undefined);
      return;
  }
}

function walkString(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (typeof value !== 'string') return notOfItsType(value, node, path, sink);
  const values = node.values;
  if (values !== undefined && !(node.valueSet !== undefined ? node.valueSet.has(value) : values.includes(value))) notInSet(value, values, node, path, sink);
  if (node.rejectedValues !== undefined || node.gameRejects !== undefined) rejectedString(value, node, path, sink);
  const format = node.format;
  if (format !== undefined && (format === 'symbol' || !isKnownFine(value, format, node.unitStyle))) formatProblem(value, node, path, sink);
  if (node.ref !== undefined && !namesNothing(value)) stringReference(node.variants ? withoutVariant(value) : value, node, path, sink, node.variants === true && value.includes('#'));
}

function walkNumber(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (typeof value !== 'number' || (node.shape === Shape.Integer && !Number.isInteger(value))) return notOfItsType(value, node, path, sink);
  if (isOutOfRange(value)) return;
  if ((node.min !== undefined && value < node.min) || (node.max !== undefined && value > node.max)) outOfItsRange(value, node, path, sink);
}

function walkArray(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (!Array.isArray(value)) return notOfItsType(value, node, path, sink);
  if ((node.minItems !== undefined && value.length < node.minItems) || (node.maxItems !== undefined && value.length > node.maxItems)) wrongEntryCount(value, node, path, sink);
  const of = node.of!;
  for (let i = 0; i < value.length; i++) {
    path.push(i);
    walk(value[i], of, path, sink);
    path.pop();
  }
}

function walkTuple(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (!Array.isArray(value)) return notOfItsType(value, node, path, sink);
  const items = node.items;
  if (value.length < node.required || (!node.open && value.length > items.length)) wrongElementCount(value, node, path, sink);
  for (let i = 0; i < value.length && i < items.length; i++) {
    path.push(i);
    walk(value[i], items[i], path, sink);
    path.pop();
  }
}

function walkMap(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return notOfItsType(value, node, path, sink);
  const o = value as Record<string, unknown>;
  const keyRef = node.ref, of = node.of!;
  enclosing.push(o);
  try {
    for (const k in o) {
      if (isCommentKey(k)) continue;
      path.push(k);
      if (keyRef !== undefined && !node.keyAlso?.includes(k)) keyReference(k, keyRef, node, path, sink);
      walk(o[k], of, path, sink);
      path.pop();
    }
  } finally {
    enclosing.pop();
  }
}

// What the walk reports, out of its line: the walk runs for every value of the game's data and its functions are
// compiled again whenever a value takes a path they had not taken yet (a first out-of-range number...); the less
// code they hold, the cheaper each compilation.

/** A value not of its spec's JSON type (a number out of range is reported on the text: see isOutOfRange). */
function notOfItsType(value: unknown, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (!isOutOfRange(value)) wrongType(value, node.spec, path, sink);
}

function notInSet(value: string, values: readonly string[], node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (onlyCounts(sink)) sink.problem(COUNTED);
  else reportNotInSet(value, values, node, path, sink);
}

/** A string the game refuses (StringSpec.rejectedValues, gameRejects). */
function rejectedString(value: string, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const rejected = (node.rejectedValues !== undefined && Object.hasOwn(node.rejectedValues, value) ? node.rejectedValues[value] : undefined) ?? node.gameRejects;
  if (rejected) gameRejects(sink, path.slice(), 'value', `"${pathLabel(path)}": ${show(value)}`, rejected);
}

/** A symbol's width, or a quantity that is not plainly fine (isKnownFine). */
function formatProblem(value: string, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const format = node.format!;
  if (format === 'symbol') {
    const w = consoleWidth(value);
    if (w !== 1) sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}": ${show(value)} is ${w} console cells wide; a symbol must be exactly one cell wide` });
    return;
  }
  const p = checkQuantity(value, format, labelOf(path), node.unitStyle);
  // A quantity a larger unit states exactly is a style hint (`unit-style`), apart from real unit errors.
  if (p) {
    // A format learned from the data (generated tables): the game may read no quantity here (see Basis).
    const learned = node.basis === 'data' && p.severity !== 'hint' ? `; the game's data writes ${FORMAT_NAMES[format]} here: check that the game reads one` : '';
    sink.problem({ code: p.severity === 'hint' ? 'unit-style' : 'bad-unit', severity: p.severity, basis: node.basis, path: path.slice(), part: 'value', message: p.message + learned, fixes: p.fix ? [unitFix(p)] : undefined });
  }
}

/** `variant`: the string writes a variant after the id (see FoundReference.variant). */
function stringReference(id: string, node: SpecNode, path: (string | number)[], sink: ValueSink, variant: boolean): void {
  if (sink.referenceAt !== undefined) sink.referenceAt(path, node.ref!, id, false, node.weakRef, false, node.basis, variant);
  else sink.reference({ path: path.slice(), kind: node.ref!, id, ...(node.weakRef ? { weak: true } : {}), ...(node.basis !== undefined ? { basis: node.basis } : {}), ...(variant ? { variant: true } : {}) });
}

function keyReference(key: string, keyRef: string, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  if (sink.referenceAt !== undefined) sink.referenceAt(path, keyRef, key, true, false, false, node.basis);
  else sink.reference({ path: path.slice(), kind: keyRef, id: key, key: true, ...(node.basis !== undefined ? { basis: node.basis } : {}) });
}

function outOfItsRange(value: number, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const spec = node.spec as NumberSpec;
  const range = spec.min !== undefined && spec.max !== undefined ? `from ${spec.min} to ${spec.max}` : spec.min !== undefined ? `at least ${spec.min}` : `at most ${spec.max}`;
  sink.problem({ code: 'invalid-value', severity: spec.rangeSeverity ?? 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" is ${value}; expected ${range}` });
}

function wrongEntryCount(value: readonly unknown[], node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const want = node.minItems === node.maxItems ? `exactly ${node.minItems}` : node.maxItems === undefined ? `at least ${node.minItems}` : `${node.minItems ?? 0} to ${node.maxItems}`;
  sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" has ${value.length} entries; expected ${want}` });
}

function wrongElementCount(value: readonly unknown[], node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const items = node.items;
  const want = node.required === items.length ? `${node.required}` : `${node.required} to ${items.length}`;
  sink.problem({ code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value', message: `"${pathLabel(path)}" has ${value.length} elements; expected ${want}: ${describeType(node.spec)}` });
}

/** A value of a union that no option, or several, of its JSON type take: the best fitting option is reported. */
function walkUnion(value: unknown, node: SpecNode, candidates: readonly SpecNode[], path: (string | number)[], sink: ValueSink): void {
  if (isOutOfRange(value)) return;
  if (candidates.length === 0) {
    const spec = node.spec as UnionSpec;
    if (spec.mismatch !== 'warning') return wrongType(value, spec, path, sink);
    sink.problem({ code: 'invalid-value', severity: 'warning', basis: spec.basis, path: path.slice(), part: 'value', message: unlikeItsForms(value, spec, path) });
    return;
  }
  if (tryingOption === 0 && sink.rollBack !== undefined) return tryOptions(value, candidates, path, sink);
  let best: BufferSink | undefined, bestNode = candidates[0];
  for (let k = 0; k < candidates.length; k++) {
    const buf = new BufferSink();
    walk(value, candidates[k], path, buf);
    if (!best || buf.problemCount < best.problemCount) { best = buf; bestNode = candidates[k]; }
    if (buf.problemCount === 0) break;
  }
  // The alternatives' problems were counted, not all worded: the best one is walked again to report them.
  if (best!.problemCount === 0 || onlyCounts(sink)) best!.replay(sink);
  else walk(value, bestNode, path, sink);
}

/**
 * walkUnion's options tried straight into a sink that can take back what it is given (the analysis's): each option's
 * problems counted, as into a buffer, and taken back; the first without any stays, its references neither buffered
 * nor replayed (the first option mostly fits: a recipe's components, a monster's special attacks). When every
 * option has problems, the best fitting is walked again to report them, as from buffers.
 */
function tryOptions(value: unknown, candidates: readonly SpecNode[], path: (string | number)[], sink: ValueSink): void {
  let bestNode = candidates[0], bestCount = Infinity;
  for (let k = 0; k < candidates.length; k++) {
    const problems = sink.problemsSoFar!(), references = sink.referencesSoFar!();
    tryingOption++;
    try {
      walk(value, candidates[k], path, sink);
    } finally {
      tryingOption--;
    }
    const count = sink.problemsSoFar!() - problems;
    if (count === 0) return;
    sink.rollBack!(problems, references);
    if (count < bestCount) { bestCount = count; bestNode = candidates[k]; }
  }
  walk(value, bestNode, path, sink);
}

/**
 * A value of none of the forms a union knows, worded by what they rest on: forms the game's data writes (it never
 * writes this one: the game may read it all the same), or the forms the game's docs or its parser give.
 */
function unlikeItsForms(value: unknown, spec: UnionSpec, path: readonly (string | number)[]): string {
  const written = `"${pathLabel(path)}" is ${show(value)}`;
  if (spec.basis === 'documentation') return `${written} (${jsonTypeName(value)}); the game's documentation gives ${describeType(spec)} here`;
  if (spec.basis === 'reader') return `${written} (${jsonTypeName(value)}); the game reads ${describeType(spec)} here`;
  if (spec.basis === 'data') return `${written}: the game's data never writes ${aJsonType(value)} here (only ${describeType(spec)}); check that the game reads one`;
  return `${written} (${jsonTypeName(value)}); expected ${describeType(spec)}`;
}

/** A value's JSON type with its article, for messages ("an integer", "true or false"). */
function aJsonType(value: unknown): string {
  const t = jsonTypeName(value);
  return t === 'boolean' ? 'true or false' : t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

/** A string outside its spec's closed set, with the nearest value of the set. */
function reportNotInSet(value: string, values: readonly string[], node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const former = (node.spec as StringSpec).formerValues;
  if (former !== undefined && Object.hasOwn(former, value)) {
    const { to, version } = former[value];
    sink.problem({
      code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
      message: `"${pathLabel(path)}": ${show(value)} is not a value of this game; ${version} read it as "${to}": write that`,
      fixes: [{ kind: 'replaceValue', text: to, certain: true }],
    });
    return;
  }
  const near = closest(value, values);
  sink.problem({
    code: 'invalid-value', severity: 'error', path: path.slice(), part: 'value',
    message: (node.spec as StringSpec).valuesTitle
      ? `"${pathLabel(path)}": ${show(value)} is not ${(node.spec as StringSpec).valuesTitle} the game knows${near ? `; did you mean "${near}"?` : ''}`
      : `"${pathLabel(path)}": ${show(value)} is not a valid value; expected ${(node.spec as StringSpec).valuesName ?? `one of ${values.map((x) => `"${x}"`).join(', ')}`}${near ? ` (did you mean "${near}"?)` : ''}`,
    fixes: near ? [{ kind: 'replaceValue', text: near }] : undefined,
  });
}

/** A spec form the game refuses (see FieldSpec.gameRejects). */
function gameRejects(sink: ValueSink, path: JsonPath, part: Part, what: string, says: string): void {
  // Found with the game's own --check-mods.
  sink.problem({ code: 'game-rejects', severity: 'warning', basis: 'reader', path, part, message: `${what}: a spec form the game refuses: ${says}` });
}

/**
 * Members of an object: known ones validated, unknown ones reported with the closest known name. Returns
 * whether some member was one `isExtraMember` accepts (left to the caller).
 */
export function validateMembers(
  o: Record<string, unknown>,
  spec: ObjectSpec,
  path: (string | number)[],
  sink: ValueSink,
  isExtraMember?: (key: string) => boolean,
): boolean {
  return walkMembers(o, compile(spec), path, sink, isExtraMember);
}

/** The id of a string that may name a variant of it (`frame#cross`: `frame`; see StringSpec.variants). */
export function withoutVariant(value: string): string {
  const hash = value.indexOf('#');
  return hash < 0 ? value : value.slice(0, hash);
}

/**
 * An empty or blank id is no reference: the game's data blanks an inherited id so (`"smoking_result": " "` on an
 * item that copies a smokable one).
 */
function namesNothing(id: string): boolean {
  return id === '' || (id.charCodeAt(0) <= 0x20 && id.trim() === '');
}

/**
 * The objects the walk is inside, outermost first (each pushed while its members are walked): where a sibling
 * reference finds the object its selecting member is on (SiblingRef.up).
 */
const enclosing: Readonly<Record<string, unknown>>[] = [];

/** The reference of member `key` of `o`, whose kind a sibling selects (see SiblingRef); `path` ends at the member. */
function siblingReference(o: Readonly<Record<string, unknown>>, key: string, by: SiblingRef, path: (string | number)[], sink: ValueSink): void {
  const value = o[key];
  if (typeof value !== 'string' && !Array.isArray(value)) return;
  const selecting = by.up === undefined ? o : enclosing[enclosing.length - 1 - by.up];
  const kinds = selecting === undefined ? undefined : siblingKinds(by, selecting);
  if (kinds === undefined) return;
  const weak = by.weak === true;
  if (typeof value === 'string') { referencesOf(value, kinds, by.none, weak, path, sink); return; }
  // A list of ids, each named alike, alone or weighted (`[ id, weight ]`); objects in it are walked by the
  // member's spec.
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    path.push(i);
    if (typeof entry === 'string') referencesOf(entry, kinds, by.none, weak, path, sink);
    else if (isWeightedId(entry)) { path.push(0); referencesOf(entry[0], kinds, by.none, weak, path, sink); path.pop(); }
    path.pop();
  }
}

/**
 * The references of members named so (`u_has_effect`, `run_eocs`...) at any depth of a value no table spells out
 * (AnySpec.dialogue), as a table's open objects have them at their own level.
 */
function namedReferencesIn(value: unknown, named: ReadonlyMap<string, SiblingRef>, path: (string | number)[], sink: ValueSink): void {
  if (value === null || typeof value !== 'object' || path.length > MAX_NESTING) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      namedReferencesIn(value[i], named, path, sink);
      path.pop();
    }
    return;
  }
  const o = value as Record<string, unknown>;
  enclosing.push(o);
  try {
    for (const key in o) {
      path.push(key);
      const by = named.get(key);
      if (by !== undefined) siblingReference(o, key, by, path, sink);
      namedReferencesIn(o[key], named, path, sink);
      path.pop();
    }
  } finally {
    enclosing.pop();
  }
}

function isWeightedId(entry: unknown): entry is [string, number] {
  return Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'number';
}

/**
 * A string naming one of `kinds` (the first its own, the others its alternatives), unless it is one of `none`;
 * `weak`: unresolved, a warning (SiblingRef.weak).
 */
function referencesOf(id: string, kinds: readonly string[], none: readonly string[] | undefined, weak: boolean, path: (string | number)[], sink: ValueSink): void {
  if (namesNothing(id) || none?.includes(id)) return;
  for (let k = 0; k < kinds.length; k++) {
    if (sink.referenceAt !== undefined) sink.referenceAt(path, kinds[k], id, false, weak, k > 0);
    else sink.reference({ path: path.slice(), kind: kinds[k], id, ...(weak ? { weak: true } : {}), ...(k > 0 ? { alternative: true } : {}) });
  }
}

function walkMembers(o: Record<string, unknown>, node: SpecNode, path: (string | number)[], sink: ValueSink, isExtraMember: ((key: string) => boolean) | undefined): boolean {
  // Mandatory members of nested objects (`upgrades.half_life`...); the top level is checked with inheritance
  // in checks/missingField.ts.
  if (path.length > 0 && node.requiredFields.length > 0) missingMembers(o, node, path, sink);
  enclosing.push(o);
  try {
    return walkFields(o, node, path, sink, isExtraMember);
  } finally {
    enclosing.pop();
  }
}

function missingMembers(o: Record<string, unknown>, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  for (const f of node.requiredFields) {
    if (!(f.name in o)) {
      sink.problem({ code: 'missing-field', severity: 'error', path: path.slice(), part: 'key', message: `"${pathLabel(path)}" is missing its mandatory member "${f.name}"` });
    }
  }
}

function walkFields(o: Record<string, unknown>, node: SpecNode, path: (string | number)[], sink: ValueSink, isExtraMember: ((key: string) => boolean) | undefined): boolean {
  let extra = false;
  const fields = node.fields;
  for (const key in o) {
    if (isCommentKey(key)) continue;
    const member = fields.get(key);
    if (member !== undefined) {
      if (member.gameRejects) gameRejects(sink, [...path, key], 'key', `"${key}"`, member.gameRejects);
      path.push(key);
      const memberNode = compiledField(member);
      if (member.refBy !== undefined) siblingReference(o, key, member.refBy, path, sink);
      walk(o[key], memberNode, path, sink);
      path.pop();
      continue;
    }
    if (node.open) {
      // A member the table does not list, named so that it is a reference wherever it is written.
      const by = node.namedRefs?.get(key);
      if (by !== undefined) { path.push(key); siblingReference(o, key, by, path, sink); path.pop(); }
      continue;
    }
    if (isExtraMember !== undefined && isExtraMember(key)) { extra = true; continue; }
    notInTable(o, key, node, path, sink);
  }
  return extra;
}

/** A member a closed object's table does not list: removed from the game, or unknown (out of walkFields' line, as walk's reports). */
function notInTable(o: Record<string, unknown>, key: string, node: SpecNode, path: (string | number)[], sink: ValueSink): void {
  const removed = removedMember(node.spec as ObjectSpec, key);
  if (removed) {
    sink.problem({
      code: 'removed-member', severity: 'error', path: [...path, key], part: 'key',
      message: `"${key}"${path.length ? ` in "${pathLabel(path)}"` : ''} is no longer read by this game version; write ${removed.instead} instead`,
      fixes: fixesOf(removed.migration && migrationFix(removed.migration, o, key, path.length === 0)),
    });
    return;
  }
  // Only a member the game reads or documents can be no problem (judgeUnknownMember): the others are counted unworded.
  const unseen = (node.spec as ObjectSpec).unseen;
  if (onlyCounts(sink) && unseen?.gameReads?.has(key) !== true && unseen?.documented?.has(key) !== true) { sink.problem(COUNTED); return; }
  const judged = judgeUnknownMember(key, node.fieldNames, (node.spec as ObjectSpec).unseen, path.length ? ` in "${pathLabel(path)}"` : '');
  if (judged) {
    sink.problem({
      code: 'unknown-field', severity: judged.severity, basis: judged.basis, path: [...path, key], part: 'key', message: judged.message,
      fixes: judged.near ? [{ kind: 'renameKey', to: judged.near }] : undefined,
    });
  }
}
function removedMember(spec: ObjectSpec, key: string): RemovedMember | undefined {
  return spec.removed?.find((r) => r.name === key);
}
