/**
 * The "resolved definition" document: a definition as the game holds it (queries/resolve.ts) written as JSON
 * with `//` comments (JSONC, which editors highlight and fold): a header naming the definition, its copy-from
 * chain with each file, the problems met, and every definition of its id in load order (which mods override
 * it); then the object, each member followed by where its value came from and, for computed values, the steps
 * (`80 (mon_zombie) → +20 = 100 (mon_child)`). Read-only by nature: editing it changes nothing.
 */
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { brief } from '../util/brief';
import { cursorAt } from './cursor';
import { shortPath } from './symbol';
import { resolveDefinition, type MemberOrigin, type RecordRef, type ResolvedDefinition } from './resolve';
import { definitionsOfId, describeOrigin, describeRole, isOwnValue } from './provenance';
import { definitionsSeenFrom, symbolAt } from './symbol';

export interface ResolvedDocument {
  readonly kind: string;
  readonly id: string;
  /** The mod of the definition resolved. */
  readonly mod: string | undefined;
  /** "monster mon_child". */
  readonly title: string;
  /** JSON with `//` comments. */
  readonly text: string;
  readonly problems: readonly string[];
}

/** Widest a value is written on one line before it is spread over several. */
const ONE_LINE = 72;
/** Column where member comments start (when the member's line is shorter). */
const COMMENT_COLUMN = 48;

/** The definition a position is about: a reference's target (as the position's mod sees it), else the definition there. */
export function resolvedDocumentAt(project: WorkspaceView, filePath: string, offset: number): ResolvedDocument | undefined {
  const s = symbolAt(project, filePath, offset);
  if (s?.reference) {
    const from = s.cursor.record;
    let defs = definitionsSeenFrom(project, s.kind, s.id, from.source.modId);
    if (defs.length > 1) defs = defs.filter((r) => r !== from);
    return defs.length ? documentOf(project, defs[defs.length - 1], s.id, from.source.modId) : undefined;
  }
  if (s) return documentOf(project, s.cursor.record, s.id, s.cursor.record.source.modId);
  const c = cursorAt(project, filePath, offset);
  if (!c || c.record.ids.length === 0) return undefined;
  return documentOf(project, c.record, c.record.ids[0], c.record.source.modId);
}

/**
 * The definition of (kind, id) in effect: as `mod` sees it (the last visible one), or with every loaded mod
 * (the last loaded one) when no mod is given.
 */
export function resolvedDocumentOf(project: WorkspaceView, kind: string, id: string, mod?: string): ResolvedDocument | undefined {
  const defs = mod !== undefined ? definitionsSeenFrom(project, kind, id, mod) : [...project.definitionsOf(kind, id)].sort((a, b) => project.compareLoadOrder(a, b));
  const r = defs[defs.length - 1];
  return r ? documentOf(project, r, id, mod ?? r.source.modId) : undefined;
}

function documentOf(project: WorkspaceView, record: DefinitionRecord, id: string, viewMod: string | undefined): ResolvedDocument {
  const resolved = resolveDefinition(project, record, id);
  const title = `${project.registry.title(record.kind)} ${id}`;
  return { kind: record.kind, id, mod: record.source.modId, title, text: render(project, resolved, viewMod, title), problems: resolved.problems };
}

function where(project: WorkspaceView, ref: RecordRef): string {
  return `${ref.mod ?? '?'}: ${shortPath(project, ref.mod, ref.path)}`;
}

/** A value on one line, spaced as the game's JSON style writes it: `[ "a", 1 ]`, `{ "str": "zombie" }`. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[ ${value.map(oneLine).join(', ')} ]` : '[ ]';
  if (typeof value === 'object' && value !== null) {
    const e = Object.entries(value);
    return e.length ? `{ ${e.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }` : '{ }';
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value as JSON: on one line when it fits, else one entry per line (recursively); never throws. */
function json(value: unknown, indent: string): string {
  try {
    const one = oneLine(value);
    if (one.length + indent.length <= ONE_LINE + 2 || typeof value !== 'object' || value === null) return one;
    const inner = `${indent}  `;
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
      // A long list of plain values (flags): as many to a line as fit.
      const lines: string[] = [];
      for (const item of value.map((v) => JSON.stringify(v) ?? 'null')) {
        const last = lines.length - 1;
        if (last >= 0 && lines[last].length + item.length + 2 <= ONE_LINE) lines[last] += `, ${item}`; else lines.push(`${inner}${item}`);
      }
      return `[\n${lines.join(',\n')}\n${indent}]`;
    }
    if (Array.isArray(value)) return `[\n${value.map((v) => `${inner}${json(v, inner)}`).join(',\n')}\n${indent}]`;
    return `{\n${Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${json(v, inner)}`).join(',\n')}\n${indent}}`;
  } catch {
    return JSON.stringify(brief(value, ONE_LINE)); // nested too deep to write out
  }
}

/** The steps of a computed value, when there is more than one: `80 (mon_zombie) → +20 = 100 (mon_child)`. */
function history(origin: MemberOrigin | undefined, self: RecordRef): string | undefined {
  const steps = origin?.steps ?? [];
  if (steps.length < 2 || !steps.every((s) => typeof s.value !== 'object' || s.value === null)) return undefined;
  const name = (by: RecordRef): string => (by.id === self.id && !(by.path === self.path && by.start === self.start) && by.mod !== undefined ? `${by.id} [${by.mod}]` : by.id);
  const op = (s: (typeof steps)[number]): string => {
    if (s.op === 'relative') return typeof s.operand === 'number' ? (s.operand >= 0 ? `+${s.operand} = ` : `${s.operand} = `) : `+${brief(s.operand, 20)} = `;
    if (s.op === 'proportional') return `×${brief(s.operand, 20)} = `;
    return s.op === 'set' ? '' : `${s.op} → `;
  };
  return steps.map((s) => `${op(s)}${brief(s.value, 30)} (${name(s.by)})`).join(' → ');
}

function render(project: WorkspaceView, r: ResolvedDefinition, viewMod: string | undefined, title: string): string {
  const self = r.record;
  const out: string[] = [];
  out.push(`// ${title}: the definition as the game holds it after copy-from, relative, proportional, extend and delete${project.version.version.editModes ? ' (and edit-mode)' : ''}.`);
  out.push(`// Game ${project.version.version.title}. Members without a comment are the definition's own values. Read-only: edit the files named below.`);
  out.push(`// Defined in ${where(project, self)}${self.abstract ? ' (abstract: only for other definitions to copy from)' : ''}`);
  for (const l of r.lineage) out.push(`//   ${l.via === 'modify' ? 'edits' : 'copy-from'} ${l.ref.id}${l.ref.abstract ? ' (abstract)' : ''} — ${where(project, l.ref)}`);
  if (r.problems.length) {
    out.push('// Problems:');
    for (const p of r.problems) out.push(`//   ! ${p}`);
  }
  const all = definitionsOfId(project, self.kind, r.id, viewMod);
  if (all.length > 1) {
    out.push(`// Definitions of ${r.id} in load order:`);
    all.forEach((d, i) => {
      const marks = [d.ref.path === self.path && d.ref.start === self.start ? 'this one' : '', d.inEffect ? 'in effect as its mod sees it' : '', d.lastLoaded && !d.inEffect ? 'in effect when all these mods are loaded' : ''].filter(Boolean);
      out.push(`//   ${i + 1}. ${where(project, d.ref)} — ${describeRole(d)}${marks.length ? ` [${marks.join(', ')}]` : ''}`);
    });
  }
  out.push('{');
  const entries = Object.entries(r.value);
  entries.forEach(([k, v], i) => {
    const line = `  ${JSON.stringify(k)}: ${json(v, '  ')}${i < entries.length - 1 ? ',' : ''}`;
    const origin = r.origins[k];
    const last = origin?.steps[origin.steps.length - 1];
    const own = isOwnValue(origin, self);
    // A computed value shows its steps (which name every definition involved); others where they came from.
    const steps = history(origin, self);
    const mine = last !== undefined && last.by.path === self.path && last.by.start === self.start;
    const words = [steps ? `${mine ? '' : 'inherited: '}${steps}` : own ? '' : describeOrigin(origin, self), last?.note].filter(Boolean).join(' · ');
    const comment = words ? `// ${words}` : '';
    if (!comment || k === 'type' || k === 'id' || k === 'abstract') { out.push(line); return; }
    if (line.includes('\n')) out.push(`  ${comment}`, line);
    else out.push(`${line.padEnd(COMMENT_COLUMN)} ${comment}`);
  });
  out.push('}');
  return `${out.join('\n')}\n`;
}
