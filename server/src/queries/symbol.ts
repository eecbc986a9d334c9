/**
 * The (kind, id) a position names — a reference (from the record's analysis) or a definition's own id — and
 * the helpers the navigation queries share: where a record writes an id, its display name.
 */
import * as path from 'path';
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import { fullValueOf, type DefinitionRecord } from '../records/record';
import { inlineEocPath } from '../records/inlineDefinitions';
import { withoutVariant } from '../schema/validate';
import type { FoundReference } from '../schema/valueReports';
import { nodeAtPath, type JsonPath, type OffsetRange } from '../syntax/locate';
import { idPath } from '../checks/describe';
import { cursorAt, samePath, type Cursor } from './cursor';
import type { IdRule } from '../registry/declaration';

/** A location in a file: plain offsets. */
export interface Target {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

export interface SymbolAt {
  readonly kind: string;
  readonly id: string;
  readonly cursor: Cursor;
  /** The reference under the cursor (absent when the cursor is on a definition's own id). */
  readonly reference?: FoundReference;
  /** The range of the string naming the id, quotes included. */
  readonly range: OffsetRange;
}

/** The member path where a record writes `id` (its id, one entry of an id array, `abstract`, `name`...). */
export function idMemberPath(record: DefinitionRecord, id: string): JsonPath {
  // Written inside the object of the definition holding it: found in that object's whole value.
  if (record.inline) return inlineEocPath(fullValueOf(record), id) ?? [];
  const v = record.value;
  if (record.abstract) return ['abstract'];
  if (Array.isArray(v.id)) {
    const i = v.id.indexOf(id);
    if (i >= 0) return ['id', i];
  }
  // A nested or update map generator's id is its nested_mapgen_id / update_mapgen_id (records/record.ts).
  for (const m of ['nested_mapgen_id', 'update_mapgen_id']) {
    const named = v[m];
    if (named === id) return [m];
    if (Array.isArray(named) && named.includes(id)) return [m, named.indexOf(id)];
  }
  return idPath(record);
}

/** The range of the string naming `id` in a record (falls back to the record's first line). */
export function idRange(project: WorkspaceView, record: DefinitionRecord, id: string): Target {
  const key = idKeyPath(project.registry.idRuleOf(record.type), record, id);
  const r = key ? project.locate(record, key, 'key') : project.locate(record, idMemberPath(record, id));
  return { path: record.source.path, start: r.start, end: r.end };
}

/** For ids that are names of an object (IdRule `keys`): the name defining `id` (itself, or it with a suffix). */
function idKeyPath(rule: IdRule, record: DefinitionRecord, id: string): JsonPath | undefined {
  if (rule.from !== 'keys') return undefined;
  const names = record.value[rule.member];
  if (names === null || typeof names !== 'object' || Array.isArray(names)) return undefined;
  const name = Object.hasOwn(names, id) ? id : rule.suffixes.map((x) => id + x).find((n) => Object.hasOwn(names, n));
  return name === undefined ? undefined : [rule.member, name];
}

/** Whether the record literally writes `id` at its id member (recipe ids built from `result` + suffix do not). */
export function writesId(project: WorkspaceView, record: DefinitionRecord, id: string): boolean {
  const r = idRange(project, record, id);
  return project.textOf(record.source as SourceFile).slice(r.start, r.end) === JSON.stringify(id);
}

/**
 * The cursor at `offset` for the queries about what a string names (hover, definition, references): on
 * a string's opening quote, where a click before the id lands, the string it opens (for completion the cursor
 * there is before the string: cursorAt).
 */
export function cursorOnString(project: WorkspaceView, filePath: string, offset: number): Cursor | undefined {
  const c = cursorAt(project, filePath, offset);
  if (!c || c.token || c.text.charCodeAt(offset) !== 0x22) return c;
  const inside = cursorAt(project, filePath, offset + 1);
  return inside?.token?.start === offset ? inside : c;
}

/**
 * What the position names, if anything. `onOpeningQuote`: the string a cursor on its opening quote opens too
 * (hover, definition, references); rename asks without (the range it offers, the id's text, must hold the cursor).
 */
export function symbolAt(project: WorkspaceView, filePath: string, offset: number, onOpeningQuote = true): SymbolAt | undefined {
  const c = onOpeningQuote ? cursorOnString(project, filePath, offset) : cursorAt(project, filePath, offset);
  if (!c || !c.token) return undefined;
  const range = { start: c.token.start, end: c.token.end };
  // On a member name, only a name that is itself an id (a map key) names something; the member's value does not.
  const here = project.analysisOf(c.record).references.filter((r) => samePath(r.path, c.path) && (r.key === true) === c.atKey);
  // A string that may name several kinds (see FoundReference.alternative) is the symbol of the kind it resolves to.
  const modId = c.record.source.modId;
  if (c.shadowed) return shadowedSymbol(c, here, range);
  const ref = here.length > 1 ? here.find((r) => project.visibleDefinitions(r.kind, r.id, modId).length > 0) ?? here[0] : here[0];
  if (ref) return { kind: ref.kind, id: ref.id, cursor: c, reference: ref, range };
  if (c.atKey) return undefined;
  const id = c.token.value;
  // An effect on condition written in place with this id (records/inlineDefinitions.ts): its own definition.
  const inline = c.file.records.find((r) => r.inline && r.index === c.record.index && r.ids.includes(id) && samePath(idMemberPath(r, id), c.path));
  if (inline) return { kind: inline.kind, id, cursor: c, range };
  if (!c.record.ids.includes(id)) return undefined;
  if (!samePath(idMemberPath(c.record, id), c.path)) return undefined;
  return { kind: c.record.kind, id, cursor: c, range };
}

/**
 * What a shadowed string names (see Cursor.shadowed): the analysis read the string written last at its path, so
 * the kind is that reference's and the id is the one written here, as the reference made it of that string
 * (a variant's `#...` cut off). Unknown when the string read there is not a string naming the reference's id.
 */
function shadowedSymbol(c: Cursor, here: readonly FoundReference[], range: OffsetRange): SymbolAt | undefined {
  const read = c.tree && nodeAtPath(c.tree, c.path);
  const readText = c.atKey ? c.path[c.path.length - 1] : read?.value;
  if (typeof readText !== 'string' || !c.token) return undefined;
  const written = c.token.value;
  let first: SymbolAt | undefined;
  for (const r of here) {
    const id = r.id === readText ? written : r.id === withoutVariant(readText) ? withoutVariant(written) : undefined;
    if (id === undefined) continue;
    const s: SymbolAt = { kind: r.kind, id, cursor: c, reference: { ...r, id }, range };
    // Of the kinds the string may name, the one it resolves to (as in symbolAt).
    if (c.project.visibleDefinitions(r.kind, id, c.record.source.modId).length > 0) return s;
    first ??= s;
  }
  return first;
}

/** Definitions of (kind, id) as seen from a mod: the visible ones, else every one (e.g. a missing dependency). */
export function definitionsSeenFrom(project: WorkspaceView, kind: string, id: string, modId: string | undefined): DefinitionRecord[] {
  const visible = project.visibleDefinitions(kind, id, modId);
  if (visible.length) return visible;
  return [...project.definitionsOf(kind, id)].sort((a, b) => project.compareLoadOrder(a, b));
}

/** The definition a derived id is made from, as `modId` sees the definitions (see KindRegistry.derivedFrom). */
export function derivedBase(project: WorkspaceView, kind: string, id: string, modId: string | undefined): { readonly kind: string; readonly id: string } | undefined {
  return project.registry.derivedFrom(kind, id, (k, i) => project.visibleDefinitions(k, i, modId).length > 0);
}

/** A record's display name: `name` as a string, or the `str` / `str_sp` / `male` form of a name object. */
export function displayName(record: DefinitionRecord): string | undefined {
  const n = record.value.name;
  if (typeof n === 'string') return record.ids.includes(n) ? undefined : n;
  if (n && typeof n === 'object' && !Array.isArray(n)) {
    const o = n as Record<string, unknown>;
    for (const k of ['str', 'str_sp', 'male', 'female']) if (typeof o[k] === 'string') return o[k] as string;
  }
  return undefined;
}

/** Where a file is, shortly: relative to its mod folder. */
export function shortPath(project: WorkspaceView, mod: string | undefined, file: string): string {
  const m = mod ? project.mods.get(mod) : undefined;
  return m ? path.relative(path.dirname(m.contentRoot), file) : file;
}
