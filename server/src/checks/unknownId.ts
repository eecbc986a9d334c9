/**
 * `unknown-id`: a reference (from the kind's table, or `copy-from`) whose id no visible definition of the
 * expected kind has. Also `copy-from-cycle`. From a mod whose dependencies are not all present, only an id with
 * something near it or of another kind among what is found is reported (a typo of a found id): the missing mod may
 * define any other, which its unknown-dependency error says once.
 */
import { fullValueOf, type DefinitionRecord } from '../records/record';
import type { FoundReference } from '../schema/valueReports';
import { kindsThrough, selectorHolderPath, type SiblingRef } from '../schema/types';
import { ancestorsOf, inheritedMemberOf } from '../index/inheritance';
import type { CheckContext, RecordCheck } from './context';
import { describeRecord } from './describe';
import { notAbstract, unresolvedHint } from './suggest';
import { withoutVariant } from '../schema/validate';
import { pathLabel } from '../schema/valueReports';
import { valueAt } from '../util/json';
import type { Basis, DiagnosticFix } from '../diagnostic';

/** Top-level members naming a kind whose absence the spec words as an invalid value rather than an unknown id. */
const INVALID_VALUE_MEMBERS: Readonly<Record<string, { readonly kind: string; readonly rule: string }>> = {
  construction_blueprint: { kind: 'update_mapgen', rule: 'construction_blueprint must name an existing update mapgen function (spec 2.6)' },
};

/**
 * References the game does not resolve as their table says: a camp blueprint recipe (non-empty
 * `construction_blueprint`) has a `result` that names the blueprint, not an item (0.F recipe::is_blueprint).
 */
const NOT_REFERENCES: readonly { types: readonly string[]; member: string; when: (v: Record<string, unknown>) => boolean }[] = [
  { types: ['recipe'], member: 'result', when: (v) => typeof v.construction_blueprint === 'string' && v.construction_blueprint !== '' },
];

/** Whether a reference from top-level `member` is not one (see NOT_REFERENCES). */
function isExempt(record: DefinitionRecord, member: string | number): boolean {
  // (Indexed: asked for most references of the game.)
  for (let k = 0; k < NOT_REFERENCES.length; k++) {
    const x = NOT_REFERENCES[k];
    if (member === x.member && x.types.includes(record.type) && x.when(record.value)) return true;
  }
  return false;
}

/**
 * References that also accept ids of another kind, where the member (a path with `[]` for array elements)
 * holds one: a building recipe (category CC_BUILDING) may have an overmap terrain as its `result`
 * (recipe::get_consistency_error, 0.F and current); a harvest entry of type `bionic_group` drops an item group
 * (0.F harvest_list::check_consistency). `when` sees the definition and the object holding the member.
 */
const ALSO_ACCEPTS: readonly {
  types: readonly string[];
  member: string;
  /** The kind the member names. */
  of: string;
  when: (v: Record<string, unknown>, holder: Record<string, unknown>) => boolean;
  kinds: readonly string[];
}[] = [
  { types: ['recipe'], member: 'result', of: 'item', when: (v) => v.category === 'CC_BUILDING', kinds: ['overmap_terrain'] },
  { types: ['harvest'], member: 'entries[].drop', of: 'item', when: (_v, entry) => entry.type === 'bionic_group', kinds: ['item_group'] },
];

/** The types of definitions ALSO_ACCEPTS has rules for (a reference not found in another is not made whole for it). */
const ALSO_ACCEPTING_TYPES: ReadonlySet<string> = new Set(ALSO_ACCEPTS.flatMap((x) => x.types));

/** Kinds of references that ids of `kind` may also satisfy in some definitions (see ALSO_ACCEPTS). */
export function kindsAlsoAccepting(kind: string): readonly string[] {
  return ALSO_ACCEPTS.filter((x) => x.kinds.includes(kind)).map((x) => x.of);
}

/** `entries[].drop` for ['entries', 3, 'drop']. */
const memberPattern = (path: FoundReference['path']): string => path.map((p, i) => (typeof p === 'number' ? '[]' : i === 0 ? p : `.${p}`)).join('');

function alsoAccepted(record: DefinitionRecord, ref: FoundReference): readonly string[] {
  const rules = ALSO_ACCEPTS.filter((x) => x.types.includes(record.type) && x.member === memberPattern(ref.path));
  if (!rules.length) return [];
  const value = fullValueOf(record);
  const holder = valueAt(value, ref.path.slice(0, -1));
  if (!holder || typeof holder !== 'object') return [];
  return rules.find((x) => x.when(value, holder as Record<string, unknown>))?.kinds ?? [];
}

/** What a template (abstract) may name: any definition, templates too. */
const anyDefinition = (): boolean => true;

/** How many ids of a looping copy-from chain a message lists. */
const CYCLE_LISTED = 20;

/** What a definition's copy-from accepts: any definition but itself (a monster may name itself as its baby; not as its parent). */
function notItself(record: DefinitionRecord): (r: DefinitionRecord) => boolean {
  return (r) => r !== record;
}

/** Whether a built-in id's base is defined where `modId` sees it. */
function definedFrom(project: CheckContext['project'], modId: string | undefined): (kind: string, id: string) => boolean {
  return (k, i) => project.anyVisibleDefinition(k, i, modId, notAbstract);
}

export const checkUnknownIds: RecordCheck = (record, ctx) => {
  const { project } = ctx;
  const modId = record.source.modId;
  if (!project.mods.get('dda')) return;
  // A template (abstract) may name another template: it is never instantiated, its children name the real thing.
  // (No closure in this body, which runs for each of the game's 80,000 definitions: the copy-from's and the
  // built-in test's are made by functions of their own, only for a copy-from and a reference not found.)
  let acceptsParent: ((r: DefinitionRecord) => boolean) | undefined;
  const acceptsReferenced = record.abstract ? anyDefinition : notAbstract;
  const analysis = project.analysisOf(record);
  const throughDefinitions = project.registry.selectsThroughDefinitions(record.type);
  // Read once for all of them (a summarized definition's whole object is parsed again from its file).
  let whole: Record<string, unknown> | undefined;
  let defined: ((k: string, i: string) => boolean) | undefined;
  // Every reference is looked up here (the whole game's: several hundred thousand): no list is built for one found, and a
  // reference is made whole (its path) only when it is reported or a rule reads its path.
  for (let at = analysis.nextReference(-1); at >= 0; at = analysis.nextReference(at)) {
    const refKind = analysis.kindAt(at), id = analysis.idAt(at), member = analysis.memberAt(at);
    if (member !== undefined && isExempt(record, member)) continue;
    const isCopyFrom = member === 'copy-from';
    const accepts = isCopyFrom ? (acceptsParent ??= notItself(record)) : acceptsReferenced;
    if (throughDefinitions && !isCopyFrom && judgedThroughDefinition(ctx, record, (whole ??= fullValueOf(record)), analysis.referenceAt(at), accepts)) continue;
    const found = project.anyVisibleDefinition(refKind, id, modId, accepts);
    if (isCopyFrom) {
      if (found && project.lineageOf(record).problem?.kind === 'cycle') reportCycle(ctx, record, analysis.referenceAt(at));
      else if (!found) reportUnresolved(ctx, record, analysis.referenceAt(at), analysis.alternativesAt(at), true, accepts);
      continue;
    }
    if (found) continue;
    const alternatives = analysis.alternativesAt(at);
    if (visibleAsAny(ctx, project.registry.alsoResolvedBy(refKind), id, modId, accepts)) continue;
    // A string that may name another kind a sibling selects (a spell summoning a monster group).
    if (visibleAsAny(ctx, alternatives, id, modId, accepts)) continue;
    if (ALSO_ACCEPTING_TYPES.has(record.type) && visibleAsAny(ctx, alsoAccepted(record, analysis.referenceAt(at)), id, modId, accepts)) continue;
    defined ??= definedFrom(project, modId);
    if (project.registry.isBuiltIn(refKind, id, defined)) continue;
    // A built-in id of another kind the string may name (f_null where a construction's furniture or terrain is).
    if (builtInOfAny(ctx, alternatives, id, defined)) continue;
    reportUnresolved(ctx, record, analysis.referenceAt(at), alternatives, false, accepts);
  }
};

/** Whether some definition of `id` as one of `kinds` is visible from `modId` (indexed: asked for every reference not found). */
function visibleAsAny(ctx: CheckContext, kinds: readonly string[], id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean {
  for (let k = 0; k < kinds.length; k++) if (ctx.project.anyVisibleDefinition(kinds[k], id, modId, accepts)) return true;
  return false;
}

/** Whether `id` is a built-in id of one of `kinds` (see KindRegistry.isBuiltIn). */
function builtInOfAny(ctx: CheckContext, kinds: readonly string[], id: string, defined: (kind: string, id: string) => boolean): boolean {
  for (let k = 0; k < kinds.length; k++) if (ctx.project.registry.isBuiltIn(kinds[k], id, defined)) return true;
  return false;
}

/** A copy-from chain that loops back. */
function reportCycle(ctx: CheckContext, record: DefinitionRecord, ref: FoundReference): void {
  const { project } = ctx;
  // The chain as far as it goes before looping back (a long chain leading into a loop: its first ids).
  const ancestors = ancestorsOf((r) => project.lineageOf(r), record, CYCLE_LISTED - 1);
  // generic_factory's copy-from (JSON_INHERITANCE.md): a definition waits for its parent, which never loads.
  ctx.report({
    record, path: ref.path, code: 'copy-from-cycle', severity: 'error', basis: 'reader',
    message: `${describeRecord(project.registry, record)} inherits from itself: its copy-from chain loops (${[record, ...ancestors].map((r) => r.ids[0]).join(' -> ')} -> ...)`,
  });
}

/**
 * A reference whose kinds a definition its sibling names selects (SiblingRef.through: a harvest entry's drop, an
 * item group when its drop type says `"group": true`), judged here, where definitions are read: whether it was one
 * (else the ordinary lookup judges it). A sibling naming no definition is its own unknown id, and the string is
 * not judged (the game checks the drop only of a valid drop type: harvest_list::check_consistency). `whole`: the
 * definition's whole object.
 */
function judgedThroughDefinition(ctx: CheckContext, record: DefinitionRecord, whole: Record<string, unknown>, ref: FoundReference, accepts: (r: DefinitionRecord) => boolean): boolean {
  const { project } = ctx;
  const by = project.registry.siblingRefAt(record.type, ref.path);
  if (by?.through === undefined || by.member === undefined) return false;
  const modId = record.source.modId;
  const holder = valueAt(whole, selectorHolderPath(ref.path, by.up));
  const named = holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>)[by.member] : undefined;
  let kinds = by.otherwise;
  if (typeof named === 'string') {
    const definitions = project.visibleDefinitions(by.through.kind, named, modId);
    const definition = definitions[definitions.length - 1];
    if (definition === undefined) return true;
    kinds = kindsThrough(by, inheritedMemberOf((r) => project.lineageOf(r), definition, by.through.member));
  }
  if (kinds === undefined) return true;
  if (kinds.some((kind) => project.anyVisibleDefinition(kind, ref.id, modId, accepts))) return true;
  const defined = (k: string, i: string): boolean => project.anyVisibleDefinition(k, i, modId, notAbstract);
  if (kinds.some((kind) => project.registry.isBuiltIn(kind, ref.id, defined))) return true;
  reportUnresolved(ctx, record, { ...ref, kind: kinds[0] }, kinds.slice(1), false, accepts);
  return true;
}

/**
 * For a reference whose kind a sibling selects (see SiblingRef), when the id is one of a kind another value of
 * that sibling selects: what to write instead (`"clothes" is an item group: with "use_item_group": true ...`).
 */
function siblingHint(project: CheckContext['project'], record: DefinitionRecord, ref: FoundReference, alternatives: readonly string[], accepts: (r: DefinitionRecord) => boolean): string | undefined {
  const by = project.registry.siblingRefAt(record.type, ref.path);
  if (by === undefined || by.member === undefined) return undefined;
  const member = selectorWritten(record, ref, by.member, by.or, by.up);
  const tried = new Set([ref.kind, ...alternatives]);
  const is = (kind: string): boolean => !tried.has(kind) && project.anyVisibleDefinition(kind, ref.id, record.source.modId, accepts);
  for (const [value, kinds] of Object.entries(by.kinds)) {
    const kind = kinds.find(is);
    if (kind !== undefined) return `; "${ref.id}" is ${project.registry.aTitle(kind)}: ${selectedBy(project, by, member, value)} it names one`;
  }
  const kind = by.otherwise?.find(is);
  if (kind === undefined) return undefined;
  // A flag's other case is its absence; a selector of named values has others besides (or none).
  const flag = Object.keys(by.kinds).every((v) => v === 'true' || v === 'false');
  const other = by.through
    ? `with "${member}" naming ${project.registry.aTitle(by.through.kind)} without ${Object.keys(by.kinds).map((v) => `"${by.through!.member}": ${v}`).join(' or ')}`
    : flag ? `without "${member}"` : `with another "${member}" (or none)`;
  return `; "${ref.id}" is ${project.registry.aTitle(kind)}: ${other} it names one`;
}

/** The words for a value of a sibling reference's selector: `with "group": true`, or through a definition `with "type" naming a harvest drop type whose "group" is true`. */
function selectedBy(project: CheckContext['project'], by: SiblingRef, member: string, value: string): string {
  const written = value === 'true' || value === 'false' ? value : JSON.stringify(value);
  return by.through ? `with "${member}" naming ${project.registry.aTitle(by.through.kind)} whose "${by.through.member}" is ${written}` : `with "${member}": ${written}`;
}

/**
 * Which of a sibling reference's selecting members the object holding the string writes (a `set` entry's `line`
 * or `square` rather than `point`): the first, when it writes none of them.
 */
function selectorWritten(record: DefinitionRecord, ref: FoundReference, member: string, or: readonly string[] | undefined, up: number | undefined): string {
  if (!or?.length) return member;
  const holder = valueAt(fullValueOf(record), selectorHolderPath(ref.path, up));
  if (holder === null || typeof holder !== 'object') return member;
  return [member, ...or].find((m) => m in holder) ?? member;
}

/**
 * What an unresolved reference rests on: a `copy-from` parent, the game's inheritance (generic_factory); else the
 * kind's own (FoundReference.basis: learned from the data, given by the docs), else its table's.
 */
function basisOf(ctx: CheckContext, record: DefinitionRecord, ref: FoundReference, isCopyFrom: boolean): Basis {
  if (isCopyFrom) return 'reader';
  return ref.basis ?? ctx.project.registry.schemaOfType(record.type)?.basis ?? 'reader';
}

/**
 * Whether an id found nowhere (nothing near, no other kind) is left unjudged: its mod sees a dependency that is not
 * found, which may define it (said once, on that dependency's unknown-dependency error).
 */
function leftToMissingDependency(ctx: CheckContext, record: DefinitionRecord): boolean {
  return ctx.project.mods.seesUnknownDependency(record.source.modId);
}

/** An id no visible definition has, with the nearest ids as fixes. */
function reportUnresolved(ctx: CheckContext, record: DefinitionRecord, ref: FoundReference, alternatives: readonly string[], isCopyFrom: boolean, accepts: (r: DefinitionRecord) => boolean): void {
  const { project } = ctx;
  const modId = record.source.modId;
  ctx.noteUnresolved(ref.kind);
  const basis = basisOf(ctx, record, ref, isCopyFrom);
  if (basis === 'data') { reportLearnedKind(ctx, record, ref, alternatives, accepts); return; }
  // What the id is, where that says more than near ids: one of a kind a sibling selects, or a name migrated away.
  const known = siblingHint(project, record, ref, alternatives, accepts) ?? migratedHint(ctx, record, ref);
  let hint = known !== undefined ? { text: known, near: [] as string[] } : unresolvedHint(project, ref.kind, ref.id, modId, accepts);
  // Nothing near among its own kind: the ids of the other kinds the string may name (see FoundReference.alternative).
  for (const kind of alternatives) if (hint.text === '') hint = unresolvedHint(project, kind, ref.id, modId, accepts);
  if (hint.text === '' && !isCopyFrom) hint = { text: otherKindsHint(ctx, record, ref, alternatives), near: [] };
  // Nothing found says what it is: the missing dependency may define it (said once, on that dependency).
  if (hint.text === '' && leftToMissingDependency(ctx, record)) return;
  const member = INVALID_VALUE_MEMBERS[ref.path[0]];
  const special = ref.path.length === 1 && member?.kind === ref.kind ? member.rule : undefined;
  ctx.report({
    record, path: ref.path, part: ref.key ? 'key' : 'value', code: special ? 'invalid-value' : 'unknown-id', severity: ref.weak ? 'warning' : 'error',
    basis: special ? 'spec' : basis,
    message: special
      ? `"${pathLabel(ref.path)}": no update mapgen "${ref.id}" exists; ${special}`
      : `"${pathLabel(ref.path)}": unknown ${project.registry.title(ref.kind)} "${ref.id}"${isCopyFrom ? ' (the copy-from parent must be visible: this mod, its dependencies or the base game)' : ''}${hint.text}`,
    fixes: fixesOf(hint.near, record, ref),
  });
}

/**
 * An unresolved id of a kind learned from where the game's data writes ids (see Basis): never "unknown", which the
 * kind alone cannot say. An id of another kind is said to be one (the game may read that kind here: a mutation's
 * `override_look` names a terrain by its `tile_category`); an id of no kind at all, with its near ids, is very
 * likely a typo, yet the data alone cannot tell that the game reads an id here at all (a free string the data
 * happened to write ids in): information, both, until a reading of the member's loader says what the game reads.
 */
function reportLearnedKind(ctx: CheckContext, record: DefinitionRecord, ref: FoundReference, alternatives: readonly string[], accepts: (r: DefinitionRecord) => boolean): void {
  const { project } = ctx;
  const modId = record.source.modId;
  ctx.noteKindsOf(ref.id);
  const kinds = [ref.kind, ...alternatives];
  const written = `the game's data writes ${kinds.map((k) => project.registry.title(k)).join(' or ')} ids here`;
  // A name migrated away (the game's own migration) is said so before anything else, as for any reference.
  const migrated = migratedHint(ctx, record, ref);
  if (migrated !== undefined) {
    ctx.report({ record, path: ref.path, part: ref.key ? 'key' : 'value', code: 'unknown-id', severity: 'information', basis: 'data', message: `"${pathLabel(ref.path)}"${migrated.replace(/^; /, ': ')}; ${written}` });
    return;
  }
  const defining = project.kindsDefining(ref.id, modId);
  const others = defining.filter((k) => !kinds.includes(k));
  const at = { record, path: ref.path, part: ref.key ? 'key' as const : 'value' as const, code: 'unknown-id', severity: 'information' as const, basis: 'data' as const };
  if (others.length === 0 && defining.includes(ref.kind)) {
    // Defined, but as a template (abstract) only other definitions copy from: nothing the game makes.
    ctx.report({ ...at, message: `"${pathLabel(ref.path)}": "${ref.id}" is ${project.registry.aTitle(ref.kind)} template (abstract), which the game never makes; ${written}` });
    return;
  }
  if (others.length) {
    ctx.report({ ...at, message: `"${pathLabel(ref.path)}": "${ref.id}" is ${project.registry.titlesOf(others)}; ${written}: check that the game reads ${project.registry.aTitle(others[0])} here` });
    return;
  }
  let hint = unresolvedHint(project, ref.kind, ref.id, modId, accepts);
  for (const kind of alternatives) if (hint.text === '') hint = unresolvedHint(project, kind, ref.id, modId, accepts);
  // Nothing found says what it is: the missing dependency may define it (as in reportUnresolved).
  if (hint.text === '' && leftToMissingDependency(ctx, record)) return;
  ctx.report({
    ...at,
    message: `"${pathLabel(ref.path)}": "${ref.id}" names nothing the game or its mods define here (${written})${hint.text}`,
    fixes: fixesOf(hint.near, record, ref),
  });
}

/**
 * For an id of a kind removed on purpose (see KindDeclaration.migratedBy): `; "forge_3A" is an overmap terrain
 * migrated away (oter_id_migration)`, said before any near id (a near one would be a wrong fix).
 */
function migratedHint(ctx: CheckContext, record: DefinitionRecord, ref: FoundReference): string | undefined {
  const migrations = ctx.project.registry.migratedBy(ref.kind);
  if (migrations.length === 0) return undefined;
  ctx.noteKindsOf(ref.id);
  const kinds = ctx.project.kindsDefining(ref.id, record.source.modId).filter((k) => migrations.includes(k));
  return kinds.length ? `; "${ref.id}" is ${ctx.project.registry.titlesOf(kinds)}` : undefined;
}

/**
 * What an id nothing of its kind has (nor anything near) names instead, in the mods the record sees: `; "aspirin"
 * is an item` where an effect is read (a monster for a monster group, an item for an item group...).
 */
function otherKindsHint(ctx: CheckContext, record: DefinitionRecord, ref: FoundReference, alternatives: readonly string[]): string {
  const { project } = ctx;
  ctx.noteKindsOf(ref.id);
  const tried = new Set([ref.kind, ...alternatives, ...project.registry.alsoResolvedBy(ref.kind)]);
  const others = project.kindsDefining(ref.id, record.source.modId).filter((k) => !tried.has(k));
  return others.length ? `; "${ref.id}" is ${project.registry.titlesOf(others)}` : '';
}

/** The near ids as fixes, each keeping what the string writes after its id (`#cross` of `"frame#cross"`, see StringSpec.variants). */
function fixesOf(near: readonly string[], record: DefinitionRecord, ref: FoundReference): DiagnosticFix[] {
  if (near.length === 0) return [];
  // (The string is read again only when it writes a variant: a summarized definition's is parsed from its file.)
  const written = ref.key || !ref.variant ? undefined : valueAt(fullValueOf(record), ref.path);
  const variant = typeof written === 'string' && written !== ref.id && withoutVariant(written) === ref.id ? written.slice(ref.id.length) : '';
  return near.map((text) => ({ kind: 'replaceValue', text: text + variant }));
}
