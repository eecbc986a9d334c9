/**
 * The certain repairs of a file, as text edits: what `check --fix`, `migrate`, the editor's "Fix all"
 * (source.fixAll) and *CDDA: Migrate Mod* apply. Two sources, one plan:
 * - the diagnostics' fixes marked `certain` (see Fix: a unit's case, a renamed or moved member, a monster group's
 *   `name` -> `id`, a legacy item type -> `ITEM` + `subtypes`), the first certain one of each diagnostic;
 * - every reference to an id the game itself migrates (queries/migratedIds.ts), rewritten to the new id, unless
 *   something the mod sees still defines the old one.
 * Edits that would overlap one already taken wait for the next pass (the CLI runs passes until nothing changes).
 * A definition that was in the game's format before stays in it: the edited definition is formatted as the
 * game's formatter writes it, and the edit is the smallest one that turns the old text into that.
 */
import * as path from 'path';
import type { WorkspaceView, WrittenForVersion } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { fixAction, type FixEdit } from './codeActions';
import { idMigrations } from './migratedIds';
import { formatCdda, formatRangeEdit, isCddaFormatted, lineBreakOf, minimalEdit } from '../format/cddaFormat';

/** A use of an id the game removed without a replacement: nothing to rewrite it to. */
export interface RemovedIdUse {
  readonly path: string;
  readonly kind: string;
  readonly id: string;
  /** The migration type that removes it. */
  readonly by: string;
  readonly start: number;
  readonly end: number;
}

export interface FilePlan {
  readonly path: string;
  /** Non-overlapping, in file order. */
  readonly edits: readonly FixEdit[];
  /** What the edits repair, one title per fix (`Rename to "emit_fields"`, `"rock" -> "stone"`). */
  readonly repairs: readonly string[];
  /** Repairs left for another pass because their edits overlap ones taken. */
  readonly deferred: number;
  readonly removed: readonly RemovedIdUse[];
}

interface Candidate {
  readonly title: string;
  readonly edits: readonly FixEdit[];
}

/**
 * The certain repairs of one reported file (none for a file that is not reported: the game, context mods).
 * `writtenFor`: the version its mod is written for as the migration found it first (see diagnosticsForMigration).
 */
export function certainFixes(project: WorkspaceView, filePath: string, writtenFor?: WrittenForVersion): FilePlan {
  const file = project.fileAt(filePath);
  const none: FilePlan = { path: filePath, edits: [], repairs: [], deferred: 0, removed: [] };
  if (!file || !file.reported) return none;
  const text = project.textOf(file);
  const candidates: Candidate[] = [];
  for (const d of project.diagnosticsForMigration(filePath, writtenFor)) {
    const fix = d.fixes?.find((f) => f.certain);
    const action = fix && fixAction(project, filePath, d.start, d.end, fix, true);
    if (action && action.edits.length) candidates.push({ title: action.title, edits: action.edits });
  }
  const removed: RemovedIdUse[] = [];
  const migrations = idMigrations(project);
  if (migrations.size) {
    for (const record of file.records) {
      for (const ref of project.analysisOf(record).references) {
        const m = ref.alternative ? undefined : migrations.get(ref.kind)?.get(ref.id);
        if (!m || project.visibleDefinitions(ref.kind, ref.id, record.source.modId).length) continue;
        const at = project.locate(record, ref.path, ref.key ? 'key' : 'value');
        if (m.to === undefined) { removed.push({ path: filePath, kind: ref.kind, id: ref.id, by: m.by, ...at }); continue; }
        // The id as written, and a variant after it (`"frame#cross"`, see StringSpec.variants) kept.
        const written = text.slice(at.start, at.end), quoted = JSON.stringify(ref.id).slice(0, -1);
        if (written !== `${quoted}"` && !written.startsWith(`${quoted}#`)) continue;
        candidates.push({ title: `"${ref.id}" -> "${m.to}" (${m.by})`, edits: [{ start: at.start + 1, end: at.start + quoted.length, newText: JSON.stringify(m.to).slice(1, -1) }] });
      }
    }
  }
  const { taken, deferred } = nonOverlapping(candidates);
  const edits = formatted(text, file.records, taken.flatMap((c) => c.edits));
  return { path: filePath, edits, repairs: taken.map((c) => c.title), deferred, removed };
}

/**
 * The certain repairs of every reported file of a mod: the mod of the file at `at`, or the mods' files under the
 * folder `at`. One pass (the language server's *Migrate Mod*: the editor applies it, and the next run takes what
 * waited); cli/migrate.ts runs passes until nothing changes.
 */
export function modFixes(project: WorkspaceView, at: string): FilePlan[] {
  const file = project.fileAt(at);
  const folder = at.endsWith(path.sep) ? at : at + path.sep;
  const files = project.reportedFiles().filter((f) => (file ? f.modId !== undefined && f.modId === file.modId : f.path.startsWith(folder)));
  return files.map((f) => f.path).sort().map((p) => certainFixes(project, p));
}

/** The candidates whose edits overlap none taken before them (in file order); the same repair twice counts once. */
function nonOverlapping(candidates: readonly Candidate[]): { taken: Candidate[]; deferred: number } {
  const sorted = [...candidates].sort((a, b) => first(a) - first(b));
  const taken: Candidate[] = [];
  const spans: FixEdit[] = [];
  const seen = new Set<string>();
  let deferred = 0;
  for (const c of sorted) {
    const key = JSON.stringify(c.edits);
    if (seen.has(key)) continue;
    seen.add(key);
    if (c.edits.some((e) => spans.some((s) => overlaps(e, s)))) { deferred++; continue; }
    taken.push(c);
    spans.push(...c.edits);
  }
  return { taken, deferred };
}

function first(c: Candidate): number {
  return Math.min(...c.edits.map((e) => e.start));
}

/** Two edits that cannot both apply: their ranges share text, one inserts inside the other, or both insert at one place. */
function overlaps(a: FixEdit, b: FixEdit): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return b.start < a.start && a.start < b.end;
  if (b.start === b.end) return a.start < b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/** The edits applied to a text (non-overlapping, any order). */
export function applyEdits(text: string, edits: readonly FixEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '', at = 0;
  for (const e of sorted) {
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * The edits, one per edited definition: the definition's new text, formatted as the game's formatter writes it
 * when the definition was formatted before, as the smallest edit from the old text. Edits outside any top-level
 * definition are kept as they are.
 */
function formatted(text: string, records: readonly DefinitionRecord[], edits: readonly FixEdit[]): FixEdit[] {
  if (edits.length === 0) return [];
  const tops = records.filter((r) => !r.inline);
  const byRecord = new Map<DefinitionRecord, FixEdit[]>();
  const loose: FixEdit[] = [];
  for (const e of edits) {
    const r = tops.find((t) => t.start <= e.start && e.end <= t.end);
    if (!r) { loose.push(e); continue; }
    let list = byRecord.get(r);
    if (!list) byRecord.set(r, (list = []));
    list.push(e);
  }
  const inArray = /^\uFEFF?\s*\[/.test(text);
  const wholeFormatted = inArray && isCddaFormatted(text);
  const eol = lineBreakOf(text);
  const out: FixEdit[] = [...loose];
  for (const [r, list] of byRecord) {
    const before = text.slice(r.start, r.end);
    let after = applyEdits(before, list.map((e) => ({ ...e, start: e.start - r.start, end: e.end - r.start })));
    const wasFormatted = wholeFormatted || (inArray && definitionFormatted(text, r));
    if (wasFormatted) after = formatDefinition(after, eol) ?? after;
    const edit = minimalEdit(before, after, r.start);
    if (edit) out.push(edit);
  }
  return out.sort((a, b) => a.start - b.start);
}

function definitionFormatted(text: string, r: DefinitionRecord): boolean {
  const result = formatRangeEdit(text, r.start, r.end);
  return result.ok && result.edit === undefined;
}

/** A top-level definition's text as the game's formatter writes it in a file's array (undefined: not JSON). */
function formatDefinition(definition: string, eol: '\n' | '\r\n'): string | undefined {
  const open = `[${eol}  `, close = `${eol}]${eol}`;
  const result = formatCdda(`${open}${definition}${close}`);
  if (!result.ok || !result.text.startsWith(open) || !result.text.endsWith(close)) return undefined;
  return result.text.slice(open.length, result.text.length - close.length);
}
