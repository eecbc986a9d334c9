/**
 * Completion: ids of the expected kind inside a reference string, member names of the current object, and the
 * values of closed value sets. Plain data with offsets; the LSP layer turns it into CompletionItems.
 *
 * Ids are matched by native searches over each kind's ids joined in rank order (see idTable.ts): prefix, then
 * substring, then subsequence matches, each bucket capped, and a class not searched once more than enough rank
 * above it; a keystroke never sorts the full id set.
 */
import { CORE_MOD, type ModsView } from '../mods/modGraph';
import { entriesStamp } from '../index/definitionIndex';
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { selectorHolderPath, siblingKinds, type SiblingRef, type TypeSpec } from '../schema/types';
import { cursorAt, jsonTypes, nodeAt, typedPrefix, type Cursor } from './cursor';
import { expand, membersOf, specsAt, typeLabel, type MemberDoc } from './schemaAt';
import { displayName } from './symbol';
import { IdTable, foldCase, matchClass, type IdRow } from './idTable';
import { childAt, nodeAtPath } from '../syntax/locate';

export type CompletionKind = 'id' | 'member' | 'value';

export interface CompletionEntry {
  readonly label: string;
  readonly kind: CompletionKind;
  /** Short detail: `MONSTER · dda`, or a member's type. */
  readonly detail?: string;
  /** Shown beside the label (a display name). */
  readonly description?: string;
  /** Markdown. */
  readonly documentation?: string;
  readonly insertText: string;
  /** `insertText` is a snippet (`${1}` placeholders). */
  readonly snippet: boolean;
  /** Replaced range (offsets). */
  readonly start: number;
  readonly end: number;
  readonly sortText: string;
  /** For ids of a closed value set or enum: the record kind of the id (for icons). */
  readonly refKind?: string;
  /** For ids: what `idDocumentation` needs to build the documentation when the item is resolved. */
  readonly resolve?: { readonly kind: string; readonly id: string; readonly modId: string | undefined };
}

export interface CompletionResult {
  readonly items: CompletionEntry[];
  /** More matches exist than were returned: the client must ask again as the user types. */
  readonly isIncomplete: boolean;
}

export const DEFAULT_LIMIT = 200;

const EMPTY: CompletionResult = { items: [], isIncomplete: false };

export function complete(project: WorkspaceView, filePath: string, offset: number, limit = DEFAULT_LIMIT): CompletionResult {
  const c = cursorAt(project, filePath, offset);
  if (!c) return EMPTY;
  if (c.atKey) return completeMembers(c);
  return completeValue(c, limit);
}

// ---------------------------------------------------------------- member names

function completeMembers(c: Cursor): CompletionResult {
  const parent = c.path.slice(0, -1);
  const parentNode = nodeAt(c, parent);
  const present = new Set<string>();
  for (const prop of parentNode?.type === 'object' ? parentNode.children ?? [] : []) {
    const key = prop.children?.[0];
    if (key && typeof key.value === 'string' && !(c.token && c.record.start + key.offset === c.token.start)) present.add(key.value);
  }
  const members = membersOf(c.project.registry, c.record, parent, jsonTypes(c)).filter((m) => !present.has(m.name));
  if (members.length === 0) return EMPTY;
  // Replace the key being typed (quotes included); insert a value only when no `:` follows already.
  const start = c.token ? c.token.start : c.offset;
  const end = c.token ? c.token.end : c.offset;
  const after = c.text.slice(end, end + 40).trimStart();
  const withValue = !after.startsWith(':');
  const items = members.map((m, i): CompletionEntry => ({
    label: m.name,
    kind: 'member',
    detail: `${typeLabel(m.type)}${m.required ? ' (required)' : ''}`,
    documentation: m.description,
    insertText: withValue ? memberSnippet(m) : JSON.stringify(m.name),
    snippet: withValue,
    start, end,
    sortText: `${m.required ? 0 : m.fromGame ? 2 : 1}${String(i).padStart(4, '0')}`,
  }));
  return { items, isIncomplete: false };
}

function escapeSnippet(s: string): string {
  return s.replace(/[$}\\]/g, '\\$&');
}

function choiceEscape(s: string): string {
  return s.replace(/[$}\\,|]/g, '\\$&');
}

/** `"name": ${1}` shaped by the member's type (and default). */
export function memberSnippet(m: MemberDoc): string {
  const key = escapeSnippet(JSON.stringify(m.name));
  const [spec] = expand(m.type, undefined);
  const dflt = m.default;
  switch (spec.kind) {
    case 'string': {
      if (spec.values?.length) {
        const vals = typeof dflt === 'string' ? [dflt, ...spec.values.filter((v) => v !== dflt)] : [...spec.values];
        return `${key}: "\${1|${vals.map(choiceEscape).join(',')}|}"`;
      }
      const d = typeof dflt === 'string' ? escapeSnippet(dflt) : '';
      return `${key}: "\${1${d ? `:${d}` : ''}}"`;
    }
    case 'integer': case 'number':
      return `${key}: \${1:${typeof dflt === 'number' ? dflt : 0}}`;
    case 'boolean':
      return `${key}: \${1|${dflt === true ? 'true,false' : 'false,true'}|}`;
    case 'array': case 'tuple':
      return `${key}: [ $1 ]`;
    case 'object': case 'map':
      return `${key}: { $1 }`;
    default:
      return `${key}: $1`;
  }
}

// ---------------------------------------------------------------- values

function completeValue(c: Cursor, limit: number): CompletionResult {
  const specs = specsAt(c.project.registry, c.record, c.path, jsonTypes(c)).flatMap((s) => expand(s, c.token ? 'string' : undefined));
  // A member its table does not list (a rare path), named so that it is a reference wherever it is written.
  // An entry of a list (`"run_eocs": [ "..." ]`) is named by the list's member.
  const last = typeof c.path[c.path.length - 1] === 'number' ? c.path[c.path.length - 2] : c.path[c.path.length - 1];
  const byName = typeof last === 'string' && c.path.length > 1 ? c.project.registry.referenceByName(last) : undefined;
  if (byName && !specs.some((s) => s.kind === 'string')) specs.push({ kind: 'string', refBy: byName });
  if (specs.length === 0) return EMPTY;
  const inString = c.token !== undefined;
  const prefix = typedPrefix(c);
  const start = inString ? c.token!.start + 1 : c.offset;
  const end = inString ? (c.token!.closed ? c.token!.end - 1 : c.token!.end) : c.offset;
  const quote = (s: string): string => (inString ? JSON.stringify(s).slice(1, -1) : JSON.stringify(s));
  const items: CompletionEntry[] = [];
  let incomplete = false;
  const seenKinds = new Set<string>();
  const seenValues = new Set<string>();
  for (const spec of specs) {
    if (spec.kind === 'string' && spec.values) {
      spec.values.forEach((v, i) => {
        if (seenValues.has(v) || !matches(v, prefix)) return;
        seenValues.add(v);
        items.push({ label: v, kind: 'value', detail: typeLabel(spec), insertText: quote(v), snippet: false, start, end, sortText: `0${String(i).padStart(5, '0')}` });
      });
    } else if (spec.kind === 'string' && (spec.ref || spec.refBy)) {
      for (const kind of (spec.ref ? [spec.ref] : siblingKindsAt(c, spec.refBy!)).flatMap((k) => c.project.registry.completedKinds(k))) {
        if (seenKinds.has(kind)) continue;
        seenKinds.add(kind);
        const isCopyFrom = c.path.length === 1 && c.path[0] === 'copy-from';
        const r = completeIds(c.project, kind, prefix, c.record, isCopyFrom, limit);
        incomplete ||= r.incomplete;
        for (const e of r.entries) items.push(Object.assign(e as CompletionEntry, { insertText: quote(e.label), start, end }));
      }
    } else if (spec.kind === 'boolean' && !inString) {
      for (const v of ['true', 'false']) items.push({ label: v, kind: 'value', detail: 'boolean', insertText: v, snippet: false, start, end, sortText: `0${v}` });
    }
  }
  if (items.length > limit) { items.length = limit; incomplete = true; }
  return { items, isIncomplete: incomplete };
}

/** The kinds a reference whose kind a sibling selects names at the cursor (see SiblingRef): none while unselected. */
function siblingKindsAt(c: Cursor, by: SiblingRef): readonly string[] {
  const member = by.member;
  if (member === undefined) return siblingKinds(by, {}) ?? [];
  const holderPath = selectorHolderPath(c.path, by.up);
  const holder = c.tree && nodeAtPath(c.tree, holderPath);
  const values: Record<string, unknown> = {};
  for (const m of [member, ...(by.or ?? [])]) {
    const selector = holder && childAt(holder, m);
    if (selector?.type === 'string' || selector?.type === 'boolean') values[m] = selector.value;
  }
  return siblingKinds(by, values) ?? [];
}

function matches(candidate: string, prefix: string): boolean {
  if (prefix === '') return true;
  return candidate.toLowerCase().includes(prefix.toLowerCase());
}

type IdEntry = Omit<CompletionEntry, 'insertText' | 'start' | 'end'>;

/**
 * The documentation of an id completion, built when the editor shows that item (completionItem/resolve)
 * rather than for every candidate on every keystroke.
 */
export function idDocumentation(project: WorkspaceView, kind: string, id: string, modId: string | undefined): string | undefined {
  const records = project.visibleDefinitions(kind, id, modId);
  const r = records[records.length - 1];
  if (!r) return undefined;
  const name = displayName(r);
  const desc = typeof r.value.description === 'string' ? r.value.description : undefined;
  return [name ? `**${name}**` : undefined, `${project.registry.title(r.kind)} \`${id}\``, desc].filter(Boolean).join('\n\n');
}

/**
 * What one mod sees of a kind's ids: for an id, the definition completion describes (the one that counts among
 * the visible ones), and the ids by where that definition is (the mod itself, another non-core mod it sees, core),
 * each in rank order: an empty prefix takes the first of each. Kept up to date with the kind's changes (see
 * DefinitionIndex.changedSince), made again when the mods change.
 */
class Sight {
  /** Rows by origin (see originOf), in rank order. */
  readonly byOrigin: readonly IdRow[][] = [[], [], []];
  /** The mods when it was made: a sight is for one snapshot of them. */
  readonly mods: ModsView;
  private readonly visible: ReadonlySet<string>;
  private readonly redefinition: string | undefined;

  constructor(private readonly project: WorkspaceView, kind: string, private readonly mod: string | undefined, private readonly allowAbstract: boolean, table: IdTable) {
    this.mods = project.mods;
    this.visible = project.mods.visibleFrom(mod);
    this.redefinition = project.registry.ofKind(kind)?.redefinition;
    // Rows come in rank order.
    for (const row of table.rows) {
      const record = this.recordOf(row);
      if (record) this.byOrigin[this.originOf(record)].push(row);
    }
  }

  /** The definition of a row completion describes; undefined when the mod can use none. */
  recordOf(row: IdRow): DefinitionRecord | undefined {
    const records = row.records;
    if (records.length === 1) return this.usable(records[0]) ? records[0] : undefined; // most ids: one definition
    let best: DefinitionRecord | undefined;
    for (const r of records) {
      if (!this.usable(r)) continue;
      if (!best) { best = r; continue; }
      const later = this.project.compareLoadOrder(best, r) < 0;
      if (later ? this.laterWins(r) : !this.laterWins(best)) best = r;
    }
    return best;
  }

  /** 0: defined in the mod itself, 1: in another non-core mod it sees, 2: in core. */
  originOf(record: DefinitionRecord): number {
    return record.source.modId === this.mod ? 0 : record.source.modId === CORE_MOD ? 2 : 1;
  }

  /** After the definitions of `ids` changed (`table` up to date): their rows are placed again. */
  update(table: IdTable, ids: readonly string[]): void {
    for (const id of new Set(ids)) {
      for (const list of this.byOrigin) {
        const at = positionIn(list, id);
        if (list[at]?.id === id) list.splice(at, 1);
      }
      const row = table.row(id);
      const record = row && this.recordOf(row);
      if (record) { const list = this.byOrigin[this.originOf(record)]; list.splice(positionIn(list, id), 0, row); }
    }
  }

  private usable(r: DefinitionRecord): boolean {
    return r.source.modId !== undefined && this.visible.has(r.source.modId) && (!r.abstract || this.allowAbstract);
  }

  // A later definition of an id replaces the earlier only where the version says so (current game; 0.F
  // overrides); a later plain create is the erroneous duplicate, so completion describes the first.
  private laterWins(r: DefinitionRecord): boolean {
    return this.redefinition === 'edit-mode' ? r.editMode !== 'create' : this.redefinition === 'override-flag' ? r.value.override === true : true;
  }
}

/** Where the row of `id` is, or would go, in a list of rows in rank order. */
function positionIn(list: readonly IdRow[], id: string): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = list[mid].id;
    if (c.length < id.length || (c.length === id.length && c < id)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Per kind: its ids ready to match, the kind's stamp they reflect (see entriesStamp), and what mods see of them. */
interface KindCache { readonly table: IdTable; stamp: number; readonly sights: Map<string, Sight> }

const caches = new WeakMap<WorkspaceView, Map<string, KindCache>>();

/** How many mods' sights of a kind are kept (a workspace completes from a few mods at a time). */
const SIGHTS_KEPT = 8;

function sightOf(project: WorkspaceView, kind: string, mod: string | undefined, allowAbstract: boolean): { table: IdTable; sight: Sight } {
  let perKind = caches.get(project);
  if (!perKind) { perKind = new Map(); caches.set(project, perKind); }
  const entries = project.entries(kind);
  const stamp = entriesStamp(entries);
  let cache = perKind.get(kind);
  if (cache && cache.stamp !== stamp) {
    // Brought up to date with what changed since (an edit: a few ids), else made again.
    const ids = project.idsChangedSince(kind, cache.stamp);
    if (ids) {
      cache.table.update(entries, ids);
      for (const sight of cache.sights.values()) sight.update(cache.table, ids);
      cache.stamp = stamp;
    } else cache = undefined;
  }
  if (!cache) { cache = { table: new IdTable(entries), stamp, sights: new Map() }; perKind.set(kind, cache); }
  const key = `${mod ?? ''}\u0000${allowAbstract}`;
  let sight = cache.sights.get(key);
  if (!sight || sight.mods !== project.mods) {
    sight = new Sight(project, kind, mod, allowAbstract, cache.table);
    cache.sights.delete(key);
    if (cache.sights.size >= SIGHTS_KEPT) cache.sights.delete(cache.sights.keys().next().value!);
    cache.sights.set(key, sight);
  }
  return { table: cache.table, sight };
}

/**
 * Ids of `kind` visible from the record's mod matching `prefix`: prefix matches first (shortest first; same case
 * before other case), then substring, then subsequence matches.
 */
export function completeIds(project: WorkspaceView, kind: string, prefix: string, from: DefinitionRecord, allowAbstract: boolean, limit: number): { entries: IdEntry[]; incomplete: boolean } {
  const { table, sight } = sightOf(project, kind, from.source.modId, allowAbstract);
  // Buckets by match (prefix same case, prefix other case, substring, subsequence) and then by where the id is
  // defined (this mod, another non-core mod it sees, core): a mod's own ids come first. Each fills in rank order.
  const buckets: { row: IdRow; record: DefinitionRecord }[][] = Array.from({ length: 12 }, () => []);
  let incomplete = false;
  let kept = 0;
  const lower = foldCase(prefix);
  if (lower === '') {
    // Every id matches: the first of each origin.
    sight.byOrigin.forEach((rows, b) => {
      for (const row of rows.slice(0, limit)) buckets[b].push({ row, record: sight.recordOf(row)! });
      if (rows.length > limit) incomplete = true;
    });
  } else {
    const classes: (() => Iterable<number>)[] = [() => table.prefixed(lower), () => table.containing(lower)];
    if (lower.length > 1) classes.push(() => table.scattered(lower));
    // A bucket is of use while it has room and fewer than `limit` ids rank above it (the answer is the first
    // `limit` ids in bucket order).
    const ofUse = (b: number): boolean => {
      if (buckets[b].length >= limit) return false;
      let above = 0;
      for (let i = 0; i < b; i++) above += buckets[i].length;
      return above < limit;
    };
    classes.forEach((rowsOf, c) => {
      // More than `limit` ids kept already rank above every id of a later class; so does a full first bucket.
      if (kept > limit || buckets[0].length >= limit) return;
      // The buckets this class fills: prefixes 0-5, substrings 6-8, subsequences 9-11.
      const first = c === 0 ? 0 : (c + 1) * 3, last = c === 0 ? 5 : first + 2;
      const coreDone = (): boolean => (c === 0 ? !ofUse(2) && !ofUse(5) : !ofUse(first + 2));
      const bucketOf = (row: IdRow, origin: number): number => (c === 0 ? (row.id.startsWith(prefix) ? 0 : 1) : c + 1) * 3 + origin;
      for (const k of rowsOf()) {
        const row = table.rows[k];
        const record = sight.recordOf(row);
        if (!record) continue;
        const origin = sight.originOf(record);
        const b = bucketOf(row, origin);
        if (!ofUse(b)) {
          incomplete = true;
          // Thousands of substring matches of a short prefix need not all be looked at: with core's buckets
          // done, the rest of the class's ids of the mod and of the other mods it sees are found among theirs.
          let any = false;
          for (let x = first; x <= last && !any; x++) any = ofUse(x);
          if (!any) return;
          if (origin === 2 && coreDone()) {
            const seen = new Set(buckets.flatMap((list) => list.map((x) => x.row)));
            for (const o of [0, 1]) {
              for (const r of sight.byOrigin[o]) {
                if (seen.has(r) || matchClass(r.lower, lower) !== c) continue;
                const rb = bucketOf(r, o);
                if (ofUse(rb)) { buckets[rb].push({ row: r, record: sight.recordOf(r)! }); kept++; } else incomplete = true;
              }
            }
            return;
          }
          continue;
        }
        buckets[b].push({ row, record });
        kept++;
        if (b === 0 && buckets[0].length >= limit) { incomplete = true; return; }
      }
    });
  }
  const entries: IdEntry[] = [];
  buckets.forEach((bucket, bi) => {
    if (entries.length >= limit) { incomplete ||= bucket.length > 0; return; }
    for (const { row, record: r } of bucket) {
      if (entries.length >= limit) { incomplete = true; break; }
      const id = row.id;
      entries.push({
        label: id,
        kind: 'id',
        detail: `${r.type} · ${r.source.modId ?? '?'}${r.abstract ? ' (abstract)' : ''}`,
        description: displayName(r),
        snippet: false,
        sortText: `${bi}${String(entries.length).padStart(5, '0')}`,
        resolve: { kind, id, modId: from.source.modId },
        refKind: kind,
      });
    }
  });
  return { entries, incomplete };
}
