/**
 * Hover: on a member name, what the spec says about it; on an id (a reference or a definition's own id), the
 * definition it resolves to — display name, type, mod, file, key fields — and its copy-from chain.
 */
import * as path from 'path';
import type { Project } from '../project';
import { fullValueOf, type DefinitionRecord } from '../records/record';
import { chainOf } from '../index/inheritance';
import { cursorAt, jsonTypes } from './cursor';
import { memberAt, typeLabel, type MemberDoc } from './schemaAt';
import { definitionsSeenFrom, displayName, symbolAt } from './symbol';

export interface HoverResult {
  /** Markdown. */
  readonly markdown: string;
  readonly start: number;
  readonly end: number;
}

export function hover(project: Project, filePath: string, offset: number): HoverResult | undefined {
  const s = symbolAt(project, filePath, offset);
  if (s) {
    const from = s.cursor.record;
    let defs = definitionsSeenFrom(project, s.kind, s.id, from.source.modId);
    if (s.reference) defs = defs.filter((r) => r !== from || defs.length === 1);
    const md = defs.length ? describeDefinitions(project, defs, s.id) : `**${s.id}**\n\nNo ${project.registry.title(s.kind)} with this id is visible from this mod.`;
    return { markdown: md, start: s.range.start, end: s.range.end };
  }
  const c = cursorAt(project, filePath, offset);
  if (!c || !c.atKey || !c.token) return undefined;
  const member = memberAt(project.registry, c.record, c.path, jsonTypes(c));
  if (!member) return undefined;
  return { markdown: describeMember(member), start: c.token.start, end: c.token.end };
}

export function describeMember(m: MemberDoc): string {
  const lines = [`**${m.name}**: \`${typeLabel(m.type)}\`${m.required ? ' — required' : ' — optional'}${m.fromGame ? ' (read by the game, not in the spec)' : ''}`, '', m.description];
  if (m.default !== undefined) lines.push('', `Default: \`${JSON.stringify(m.default)}\``);
  const values = enumValues(m);
  if (values && values.length > 6) lines.push('', `Values: ${values.map((v) => `\`${v}\``).join(', ')}`);
  return lines.join('\n');
}

function enumValues(m: MemberDoc): readonly string[] | undefined {
  let t = m.type;
  while (t.kind === 'array') t = t.of;
  return t.kind === 'string' ? t.values : undefined;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Where a file is, shortly: relative to its mod folder. */
function shortPath(project: Project, r: DefinitionRecord): string {
  const mod = r.source.modId ? project.graph.get(r.source.modId) : undefined;
  return mod ? path.relative(path.dirname(mod.contentRoot), r.source.path) : r.source.path;
}

function describeDefinitions(project: Project, defs: readonly DefinitionRecord[], id: string): string {
  // The effective definition is the last one loaded; the others are listed.
  const r = defs[defs.length - 1];
  const chain = chainOf(project, r);
  const lineage = [r, ...chain.ancestors];
  const name = lineage.map(displayName).find((n) => n !== undefined);
  const out: string[] = [];
  out.push(`**${name ?? id}** — ${project.registry.title(r.kind)} \`${id}\`${r.abstract ? ' (abstract)' : ''}`);
  out.push('', `\`${r.type}\` · mod \`${r.source.modId ?? '?'}\` · ${shortPath(project, r)} · game ${project.version.version.title}`);
  const desc = lineage.map((x) => x.value.description).find((d) => typeof d === 'string') as string | undefined;
  if (desc) out.push('', desc.length > 300 ? `${desc.slice(0, 297)}...` : desc);
  const rows: string[] = [];
  const keyFields = project.registry.ofKind(r.kind)?.keyFields ?? [];
  // Summarized records (types without a hand-written table) are read again for their key fields.
  const values = keyFields.length ? lineage.map((x) => fullValueOf(x)) : [];
  for (const f of keyFields) {
    if (f === 'description') continue;
    const i = values.findIndex((v) => f in v);
    if (i >= 0) rows.push(`| ${f} | \`${show(values[i][f])}\`${lineage[i] !== r ? ` (from \`${lineage[i].ids[0]}\`)` : ''} |`);
  }
  if (rows.length) out.push('', '| field | value |', '|---|---|', ...rows);
  if (chain.ancestors.length || chain.problem) {
    const ids = lineage.map((x) => `\`${x.ids[0] ?? '?'}\``);
    const broken = chain.problem ? (chain.problem.kind === 'missing' ? ` ← \`${chain.problem.at.copyFrom}\` (missing)` : ' (cycle)') : '';
    out.push('', `copy-from: ${ids.join(' ← ')}${broken}`);
  }
  if (defs.length > 1) {
    out.push('', `Defined ${defs.length} times (load order):`);
    for (const d of defs) out.push(`- mod \`${d.source.modId ?? '?'}\` ${d.editMode !== 'create' ? `(${d.editMode}) ` : ''}${shortPath(project, d)}`);
  }
  return out.join('\n');
}
