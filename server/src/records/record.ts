/**
 * A definition record: one top-level object of a content file, with what the index needs to know about it.
 */
import type { ParsedObject } from '../syntax/parseFile';
import type { IdRule } from '../registry/declaration';
import type { RecordTypes, TypeFacts } from './typeFacts';
import { INLINE_EOCS, inlineEocIds, type InlineEocRootsByType } from './inlineDefinitions';
import { MAP_FACTS, mapFactsFrom } from '../mapgen/facts';

/**
 * How a definition relates to an earlier one of its id (spec 2.1). `unknown`: an `edit-mode` that is none of
 * the three (reported as an invalid value); what the definition means is unknown, so the checks that depend on
 * it (missing members, duplicate or missing ids, add:/remove: members) leave it alone rather than guess.
 */
export type EditMode = 'create' | 'override' | 'modify' | 'unknown';

/** Where a record lives; `SourceFile` is owned by the project (see project.ts). */
export interface RecordSource {
  readonly path: string;
  readonly modId: string | undefined;
  /** The start (`end` false) or end offset of the file's object `objectIndex` (found on first use: indexing does not need them). */
  offsetOf(objectIndex: number, end: boolean): number;
  /** The whole value of the file's object `objectIndex`, parsed again from the file's text. */
  fullValueOf(objectIndex: number): Record<string, unknown>;
}

export interface DefinitionRecord {
  readonly type: string;
  readonly kind: string;
  /** The ids it defines (usually one; some types accept an array; abstract records define their `abstract` id). */
  readonly ids: readonly string[];
  readonly abstract: boolean;
  /** The object as written, or a summary (see KindDeclaration.fullValue, and fullValueOf for the whole). */
  readonly value: Record<string, unknown>;
  /** Whether `value` is a summary: fullValueOf reads the whole object again from the file. */
  readonly summarized: boolean;
  readonly source: RecordSource;
  /** Index of the object among the file's top-level objects. */
  readonly index: number;
  /** Offsets of `{` and just past `}` in the file's text. */
  readonly start: number;
  readonly end: number;
  readonly editMode: EditMode;
  /** `copy-from` parent id, when it inherits. */
  readonly copyFrom: string | undefined;
  /**
   * Written inside the definition at `index` (an effect on condition given in place with an id, see
   * records/inlineDefinitions.ts): indexed and found, but checked as part of that definition, not on its own.
   */
  readonly inline?: true;
}

function stringIds(v: unknown): string[] {
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
  return [];
}

/**
 * What identifies a definition earlier in the same file by (kind, id), its object or its summary: a recipe that
 * inherits its `result` through copy-from builds its id from the parent's (`"copy-from": "hoodie_shark", "variant":
 * "bear"` is `hoodie_bear`).
 */
export type EarlierInFile = (kind: string, id: string) => Record<string, unknown> | undefined;

/** The `result` a recipe has or inherits from parents earlier in its file. */
function inheritedResult(o: Record<string, unknown>, kind: string, earlier: EarlierInFile | undefined): string | undefined {
  for (let v: Record<string, unknown> | undefined = o, depth = 0; v && depth < 16; depth++) {
    if (typeof v.result === 'string') return v.result;
    v = typeof v['copy-from'] === 'string' ? earlier?.(kind, v['copy-from'] as string) : undefined;
  }
  return undefined;
}

/** Recipe ids as the game builds them: `id` when given, else `result`, `_<variant>`, `_<id_suffix>`. */
function recipeIds(o: Record<string, unknown>, kind: string, rule: Extract<IdRule, { from: 'recipe' }>, earlier: EarlierInFile | undefined): string[] {
  if (typeof o.id === 'string') return [o.id];
  const result = inheritedResult(o, kind, earlier);
  if (result === undefined) return [];
  let id = result;
  if (rule.variant && typeof o.variant === 'string' && o.variant !== '') id += `_${o.variant}`;
  if (rule.suffixed && typeof o.id_suffix === 'string' && o.id_suffix !== '') id += `_${o.id_suffix}`;
  return [id];
}

/** Ids of a record whose id rule is not a plain member (see IdRule), by the kind they define. */
function builtIds(o: Record<string, unknown>, kind: string, rule: IdRule, earlier: EarlierInFile | undefined): { kind: string; ids: string[] }[] {
  switch (rule.from) {
    case 'member': return [{ kind, ids: stringIds(o[rule.member]) }];
    case 'recipe': return [{ kind, ids: recipeIds(o, kind, rule, earlier) }];
    case 'mapgen': {
      const out: { kind: string; ids: string[] }[] = [];
      if (o.update_mapgen_id !== undefined) out.push({ kind: 'update_mapgen', ids: stringIds(o.update_mapgen_id) });
      if (o.nested_mapgen_id !== undefined) out.push({ kind: 'nested_mapgen', ids: stringIds(o.nested_mapgen_id) });
      // A map generator for overmap terrains defines no id, but is still checked and its references indexed.
      if (out.length === 0) out.push({ kind, ids: [] });
      return out;
    }
    case 'none': return [{ kind, ids: [] }];
    case 'keys': {
      const names = o[rule.member];
      if (names === null || typeof names !== 'object' || Array.isArray(names)) return [{ kind, ids: [] }];
      const ids = new Set<string>();
      for (const name of Object.keys(names)) {
        if (name === '' || name.startsWith('//')) continue;
        ids.add(name);
        const suffix = rule.suffixes.find((x) => name.endsWith(x) && name.length > x.length);
        if (suffix !== undefined) ids.add(name.slice(0, -suffix.length));
      }
      return [{ kind, ids: [...ids] }];
    }
    case 'snippet': {
      const ids = Array.isArray(o.text) ? o.text.flatMap((t) => (t && typeof t === 'object' && !Array.isArray(t) ? stringIds((t as Record<string, unknown>).id) : [])) : [];
      return [{ kind, ids }];
    }
  }
}

export function editModeOf(o: Record<string, unknown>): EditMode {
  const m = o['edit-mode'];
  if (m === undefined || m === 'create') return 'create';
  return m === 'override' || m === 'modify' ? m : 'unknown';
}

/** The whole object of a record: its value, or for a summarized record the object read again from its file. */
export function fullValueOf(record: DefinitionRecord): Record<string, unknown> {
  return record.summarized ? record.source.fullValueOf(record.index) : record.value;
}

/**
 * Members a summary keeps (see KindDeclaration.fullValue): what identifies, names and parents a record (an
 * oter_id_migration's ids are the names of its `oter_ids`), and what the load rules ask of every item's copy-from
 * chain (checks/loadRules.ts: symbol, weight, volume).
 */
const SUMMARY_MEMBERS = ['type', 'id', 'alias', 'abstract', 'name', 'copy-from', 'edit-mode', 'result', 'variant', 'id_suffix', 'update_mapgen_id', 'nested_mapgen_id', 'oter_ids', 'om_terrain', 'description', 'category', 'symbol', 'weight', 'volume'];
const IN_SUMMARY: ReadonlySet<string> = new Set(SUMMARY_MEMBERS);

/**
 * One member of a record's object: from its value, or from its file when its summary does not keep that member
 * (`whole`: the file's object, when the caller has it at hand).
 */
export function memberOf(record: DefinitionRecord, member: string, whole?: Record<string, unknown>): unknown {
  return record.summarized && !IN_SUMMARY.has(member) ? (whole ?? record.source.fullValueOf(record.index))[member] : record.value[member];
}

/**
 * A record's summary (see KindDeclaration.fullValue): of a summary, the same summary again. `eocRoots`: where the
 * version's types write effects on condition in place, whose ids the summary lists (INLINE_EOCS).
 */
export function summarize(o: Record<string, unknown>, eocRoots: InlineEocRootsByType | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // An index, not `for of`: the array iterator's results were 12 MB of garbage while the current game loads.
  for (let i = 0; i < SUMMARY_MEMBERS.length; i++) { const m = SUMMARY_MEMBERS[i]; if (m in o) out[m] = o[m]; }
  if (o.type === 'snippet') out.text = o.text;
  // What the resolution of palettes needs of a palette's whole object (a summary's, kept): maps name the game's
  // palettes from any file (a map's own facts are its analysis': records/analyze.ts).
  if (o.type === 'palette') out[MAP_FACTS] = MAP_FACTS in o ? o[MAP_FACTS] : mapFactsFrom(o);
  const roots = eocRoots !== undefined && typeof o.type === 'string' ? eocRoots.get(o.type) : undefined;
  if (roots !== undefined) {
    const ids = inlineEocIds(o, roots);
    if (ids.length) out[INLINE_EOCS] = ids;
    // A summary summarized again (an object moved in an edited file keeps its record's value) keeps its list.
    else if (INLINE_EOCS in o) out[INLINE_EOCS] = o[INLINE_EOCS];
  }
  return out;
}

const NO_IDS: readonly string[] = Object.freeze([]);

/**
 * The ids of the effects on condition written inside a record's object (`o`: what identifies it; `whole`: `o` is the
 * whole object, not a summary; `roots`: see InlineEocRoots).
 */
function inlineEocsOf(o: Record<string, unknown>, whole: boolean, roots: readonly string[] | undefined): readonly string[] {
  const listed = o[INLINE_EOCS];
  if (Array.isArray(listed)) return listed.filter((x): x is string => typeof x === 'string');
  // A whole object is searched here; a summary lists them.
  return whole && roots !== undefined ? inlineEocIds(o, roots) : NO_IDS;
}

/**
 * The records of one parsed object (one, or none for objects without a type; mapgen with two ids gives two).
 * `wholesInFile`: a record of a type that keeps its whole value keeps it in the file until first read, as one the
 * second thread summarized does (see ParsedObject.wholeInFile): for a file read from disk outside the roots.
 */
export function recordsOf(obj: ParsedObject, index: number, source: RecordSource, registry: RecordTypes, earlier?: EarlierInFile, wholesInFile = false): DefinitionRecord[] {
  const full = obj.value;
  const type = full.type;
  if (typeof type !== 'string') return [];
  const facts = registry.factsOf(type);
  const keep = facts.keepsFullValue;
  const inFile = keep && (obj.wholeInFile === true || wholesInFile);
  const eocRoots = registry.inlineEocRootsByType;
  // `o`: what identifies the record (a summary has all of it); `value`: what the record keeps.
  const o = obj.reduced || (keep && !inFile) ? full : summarize(full, eocRoots);
  const own = ownRecordsOf(type, o, index, source, facts, inFile, earlier);
  const inline = eocRoots !== undefined ? inlineEocsOf(o, keep && !inFile, eocRoots.get(type)) : NO_IDS;
  if (inline.length === 0) return own;
  const kind = registry.factsOf(EOC_TYPE).kind;
  return [...own, ...inline.map((id) => new Definition(EOC_TYPE, kind, [id], false, { type: EOC_TYPE, id }, true, source, index, 'create', undefined, true))];
}

const EOC_TYPE = 'effect_on_condition';

/**
 * What a recipe's result is looked up in (see EarlierInFile): the objects (as parsed, or summarized) of `records`
 * made so far of the file's `objects`, the latest first.
 */
export function earlierIn(records: readonly DefinitionRecord[], objects: readonly ParsedObject[]): EarlierInFile {
  return (kind, id) => {
    for (let k = records.length - 1; k >= 0; k--) if (records[k].kind === kind && records[k].ids.includes(id)) return objects[records[k].index].value;
    return undefined;
  };
}

/** The records of a file's objects, in order (a file indexed for the first time; see recordsOf). */
export function recordsOfObjects(objects: readonly ParsedObject[], source: RecordSource, registry: RecordTypes, wholesInFile: boolean): DefinitionRecord[] {
  const records: DefinitionRecord[] = [];
  const earlier = earlierIn(records, objects);
  for (let i = 0; i < objects.length; i++) {
    const made = recordsOf(objects[i], i, source, registry, earlier, wholesInFile);
    for (let k = 0; k < made.length; k++) records.push(made[k]);
  }
  return records;
}

/** The records the object defines itself (see recordsOf). */
function ownRecordsOf(type: string, o: Record<string, unknown>, index: number, source: RecordSource, facts: TypeFacts, inFile: boolean, earlier: EarlierInFile | undefined): DefinitionRecord[] {
  const value = inFile ? WHOLE_IN_FILE : o;
  const abstractId = typeof o.abstract === 'string' && o.abstract !== '' ? o.abstract : undefined;
  const copyFrom = typeof o['copy-from'] === 'string' ? (o['copy-from'] as string) : undefined;
  const editMode = editModeOf(o);
  const { kind, ids: rule, keepsFullValue: keep } = facts;
  // The common case (ids in one member) without intermediate objects: indexing runs this 80,000 times.
  if (rule.from === 'member') {
    // generic_factory also reads `alias`: more ids of the same definition (0.F terrain and furniture use it).
    const ids = abstractId !== undefined ? [abstractId] : o.alias === undefined ? stringIds(o[rule.member]) : [...stringIds(o[rule.member]), ...stringIds(o.alias)];
    return [new Definition(type, kind, ids, abstractId !== undefined, value, !keep, source, index, editMode, copyFrom)];
  }
  const out: DefinitionRecord[] = [];
  for (const built of builtIds(o, kind, rule, earlier)) {
    const all = abstractId !== undefined && built.kind === kind ? [abstractId] : built.ids;
    out.push(new Definition(type, built.kind, all, abstractId !== undefined, value, !keep, source, index, editMode, copyFrom));
  }
  return out;
}

/** A record's whole value is read from its file when first asked for (see ParsedObject.wholeInFile). */
const WHOLE_IN_FILE = null;

class Definition implements DefinitionRecord {
  declare readonly inline?: true;
  constructor(
    readonly type: string,
    readonly kind: string,
    readonly ids: readonly string[],
    readonly abstract: boolean,
    /** The value, or WHOLE_IN_FILE until first read. */
    private kept: Record<string, unknown> | typeof WHOLE_IN_FILE,
    readonly summarized: boolean,
    readonly source: RecordSource,
    readonly index: number,
    readonly editMode: EditMode,
    readonly copyFrom: string | undefined,
    inline = false,
  ) {
    if (inline) this.inline = true;
  }

  get value(): Record<string, unknown> {
    return (this.kept ??= this.source.fullValueOf(this.index));
  }

  get start(): number {
    return this.source.offsetOf(this.index, false);
  }

  get end(): number {
    return this.source.offsetOf(this.index, true);
  }
}
