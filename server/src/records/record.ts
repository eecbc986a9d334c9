/**
 * A definition record: one top-level object of a content file, with what the index needs to know about it.
 */
import type { ParsedObject } from '../syntax/parseFile';
import { kindOfType } from './kinds';

export type EditMode = 'create' | 'override' | 'modify';

/** Where a record lives; `SourceFile` is owned by the project (see project.ts). */
export interface RecordSource {
  readonly path: string;
  readonly modId: string | undefined;
  /** Offsets of the file's object `objectIndex` (computed on first use: indexing does not need them). */
  rangeOf(objectIndex: number): { start: number; end: number };
}

export interface DefinitionRecord {
  readonly type: string;
  readonly kind: string;
  /** The ids it defines (usually one; some types accept an array; abstract records define their `abstract` id). */
  readonly ids: readonly string[];
  readonly abstract: boolean;
  /** The object as written, or a summary for types the engine does not check (see FULL_VALUE_TYPES). */
  readonly value: Record<string, unknown>;
  readonly source: RecordSource;
  /** Index of the object among the file's top-level objects. */
  readonly index: number;
  /** Offsets of `{` and just past `}` in the file's text. */
  readonly start: number;
  readonly end: number;
  readonly editMode: EditMode;
  /** `copy-from` parent id, when it inherits. */
  readonly copyFrom: string | undefined;
}

/** How each type names its id when not `id` (0.F): monster groups and factions use `name`. */
const ID_MEMBER: Record<string, string> = {
  monstergroup: 'name',
  MONSTER_FACTION: 'name',
};

function stringIds(v: unknown): string[] {
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
  return [];
}

/** Recipe ids as the game builds them: `result`, plus `_<id_suffix>` for craft recipes (not uncraft). */
function recipeIds(o: Record<string, unknown>, type: string): string[] {
  if (typeof o.id === 'string') return [o.id];
  if (typeof o.result !== 'string') return [];
  if (type === 'recipe' && typeof o.id_suffix === 'string' && o.id_suffix !== '') return [`${o.result}_${o.id_suffix}`];
  return [o.result];
}

/** Ids a record defines; mapgen has no id but may define update / nested mapgen functions. */
function idsOf(o: Record<string, unknown>, type: string): { kind: string; ids: string[] }[] {
  if (type === 'recipe' || type === 'uncraft') return [{ kind: type, ids: recipeIds(o, type) }];
  if (type === 'mapgen') {
    const out: { kind: string; ids: string[] }[] = [];
    if (o.update_mapgen_id !== undefined) out.push({ kind: 'update_mapgen', ids: stringIds(o.update_mapgen_id) });
    if (o.nested_mapgen_id !== undefined) out.push({ kind: 'nested_mapgen', ids: stringIds(o.nested_mapgen_id) });
    return out;
  }
  if (type === 'snippet') {
    // Snippet ids live inside `text` entries: { "id": ..., "text": ... }.
    const ids = Array.isArray(o.text) ? o.text.flatMap((t) => (t && typeof t === 'object' && !Array.isArray(t) ? stringIds((t as Record<string, unknown>).id) : [])) : [];
    return [{ kind: 'snippet', ids }];
  }
  return [{ kind: kindOfType(type), ids: stringIds(o[ID_MEMBER[type] ?? 'id']) }];
}

/** Types whose ids are built or found elsewhere than in `id` / `name` (see idsOf). */
const MULTI_KIND_TYPES = new Set(['recipe', 'uncraft', 'mapgen', 'snippet']);

export function editModeOf(o: Record<string, unknown>): EditMode {
  const m = o['edit-mode'];
  return m === 'override' || m === 'modify' ? m : 'create';
}

/** The records of one parsed object (one, or none for objects without a type or id; mapgen may give two). */
/**
 * Types whose whole value the engine reads (the spec's kinds are checked; missions and recipe categories are
 * looked into by those checks). Other types keep a summary: what identifies and names them, and their parent.
 * The summary keeps the index small; a full value is parsed again when a feature needs it.
 */
const FULL_VALUE_TYPES = new Set([
  'MONSTER', 'profession', 'profession_item_substitutions', 'scenario', 'recipe', 'uncraft',
  'mission_definition', 'recipe_category', 'MOD_INFO',
]);
const SUMMARY_MEMBERS = ['type', 'id', 'abstract', 'name', 'copy-from', 'edit-mode', 'result', 'id_suffix', 'update_mapgen_id', 'nested_mapgen_id', 'description', 'category'];

function summarize(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of SUMMARY_MEMBERS) if (m in o) out[m] = o[m];
  if (o.type === 'snippet') out.text = o.text;
  return out;
}

export function recordsOf(obj: ParsedObject, index: number, source: RecordSource): DefinitionRecord[] {
  const full = obj.value;
  const type = full.type;
  if (typeof type !== 'string') return [];
  const o = FULL_VALUE_TYPES.has(type) ? full : summarize(full);
  const abstractId = typeof o.abstract === 'string' && o.abstract !== '' ? o.abstract : undefined;
  const copyFrom = typeof o['copy-from'] === 'string' ? (o['copy-from'] as string) : undefined;
  const editMode = editModeOf(o);
  // The common case (one kind, id in `id` or `name`) without intermediate objects: indexing runs this 43,000 times.
  if (!MULTI_KIND_TYPES.has(type)) {
    const kind = kindOfType(type);
    const ids = abstractId !== undefined ? [abstractId] : stringIds(o[ID_MEMBER[type] ?? 'id']);
    return [new Definition(type, kind, ids, abstractId !== undefined, o, source, index, editMode, copyFrom)];
  }
  const out: DefinitionRecord[] = [];
  for (const { kind, ids } of idsOf(o, type)) {
    const all = abstractId !== undefined && kind === kindOfType(type) ? [abstractId] : ids;
    out.push(new Definition(type, kind, all, abstractId !== undefined, o, source, index, editMode, copyFrom));
  }
  return out;
}

class Definition implements DefinitionRecord {
  constructor(
    readonly type: string,
    readonly kind: string,
    readonly ids: readonly string[],
    readonly abstract: boolean,
    readonly value: Record<string, unknown>,
    readonly source: RecordSource,
    readonly index: number,
    readonly editMode: EditMode,
    readonly copyFrom: string | undefined,
  ) {}

  get start(): number {
    return this.source.rangeOf(this.index).start;
  }

  get end(): number {
    return this.source.rangeOf(this.index).end;
  }
}
