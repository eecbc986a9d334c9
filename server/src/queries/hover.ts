/**
 * Hover: on a member name, what the spec says about it; on an id (a reference or a definition's own id), the
 * definition it resolves to — display name, type, mod, file and its copy-from chain first, then the key fields as
 * the game resolves them (a computed value says how; the definitions the values were inherited from are named
 * once each, below the table), and every definition of the id in load order (which mods override it).
 */
import type { WorkspaceView } from '../workspace/view';
import { fullValueOf, type DefinitionRecord } from '../records/record';
import { chainOf } from '../index/inheritance';
import { brief } from '../util/brief';
import { jsonTypes } from './cursor';
import { memberAt, typeLabel, type MemberDoc } from './schemaAt';
import { cursorOnString, definitionsSeenFrom, derivedBase, displayName, shortPath, symbolAt } from './symbol';
import { mapgenHover } from './mapgenCell';
import { resolveDefinition } from './resolve';
import { definitionsOfId, describeRole, originParts } from './provenance';

export interface HoverResult {
  /** Markdown. */
  readonly markdown: string;
  readonly start: number;
  readonly end: number;
}

export function hover(project: WorkspaceView, filePath: string, offset: number): HoverResult | undefined {
  // A character of a map's rows: what it places and where each meaning comes from.
  const cell = mapgenHover(project, filePath, offset);
  if (cell) return cell;
  const s = symbolAt(project, filePath, offset);
  if (s) {
    const from = s.cursor.record;
    let defs = definitionsSeenFrom(project, s.kind, s.id, from.source.modId);
    if (s.reference) defs = defs.filter((r) => r !== from || defs.length === 1);
    const md = defs.length ? describeDefinitions(project, defs, s.id, from.source.modId) : describeUndefined(project, s.kind, s.id, from.source.modId);
    return { markdown: md, start: s.range.start, end: s.range.end };
  }
  const c = cursorOnString(project, filePath, offset);
  if (!c || !c.atKey || !c.token) return undefined;
  const member = memberAt(project.registry, c.record, c.path, jsonTypes(c));
  if (!member) return undefined;
  return { markdown: describeMember(member), start: c.token.start, end: c.token.end };
}

/**
 * An id no definition of its kind has: one the game derives from another definition (that one, described), one
 * its code defines, or else what else it names, if anything.
 */
function describeUndefined(project: WorkspaceView, kind: string, id: string, modId: string | undefined): string {
  const title = project.registry.title(kind);
  // "A vehicle part", "An overmap terrain".
  const aTitle = project.registry.aTitle(kind).replace(/^a/, 'A');
  const base = derivedBase(project, kind, id, modId);
  if (base) {
    const defs = definitionsSeenFrom(project, base.kind, base.id, modId);
    return `**${id}**\n\n${aTitle} the game makes from the ${project.registry.title(base.kind)} \`${base.id}\`.\n\n---\n\n${describeDefinitions(project, defs, base.id, modId)}`;
  }
  const exists = (k: string, i: string): boolean => project.visibleDefinitions(k, i, modId).some((r) => !r.abstract);
  if (project.registry.isBuiltIn(kind, id, exists)) return `**${id}**\n\n${aTitle} the game defines in its code, not in its data.`;
  return `**${id}**\n\nNo ${title} with this id is visible from this mod.${definedAsOtherKinds(project, kind, id, modId)}`;
}

/** What else an id names, for one that names nothing of the kind expected (`"aspirin" is an item`). */
function definedAsOtherKinds(project: WorkspaceView, kind: string, id: string, modId: string | undefined): string {
  const others = project.kindsDefining(id, modId).filter((k) => k !== kind);
  return others.length ? ` \`${id}\` is ${project.registry.titlesOf(others)}.` : '';
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
  return brief(v, 60);
}

function describeDefinitions(project: WorkspaceView, defs: readonly DefinitionRecord[], id: string, fromMod: string | undefined): string {
  // The effective definition is the last one loaded; the others are listed.
  const r = defs[defs.length - 1];
  const chain = chainOf(project, r);
  // Its value as the game holds it: inherited, relative, proportional, extended, deleted (queries/resolve.ts).
  const resolved = resolveDefinition(project, r, id);
  const v = resolved.value;
  const name = displayName({ ...r, value: v });
  const out: string[] = [];
  out.push(`**${name ?? id}** — ${project.registry.title(r.kind)} \`${id}\`${r.abstract ? ' (abstract)' : ''}`);
  out.push('', `\`${r.type}\` · mod \`${r.source.modId ?? '?'}\` · ${shortPath(project, r.source.modId, r.source.path)} · game ${project.version.version.title}`);
  // The chain next to the header, where it is seen without scrolling past the table.
  if (chain.ancestors.length || chain.problem) {
    const ids = [r, ...chain.ancestors].map((x) => `\`${x.ids[0] ?? '?'}\``);
    const broken = chain.problem ? (chain.problem.kind === 'missing' ? ` ← \`${chain.problem.at.copyFrom}\` (missing)` : ' (cycle)') : '';
    out.push('', `copy-from: ${ids.join(' ← ')}${broken}`);
  }
  const desc = typeof v.description === 'string' ? v.description : undefined;
  if (desc) out.push('', desc.length > 300 ? `${desc.slice(0, 297)}...` : desc);
  const rows: string[] = [];
  // The fields each definition up the chain gave, in the order first met: each source named once.
  const inherited = new Map<string, string[]>();
  for (const f of project.registry.ofKind(r.kind)?.keyFields ?? []) {
    if (f === 'description' || !(f in v)) continue;
    const { computed, inheritedFrom } = originParts(resolved.origins[f], resolved.record);
    rows.push(`| ${f} | \`${show(v[f])}\`${computed ? ` (${computed})` : ''} |`);
    if (inheritedFrom) inherited.set(inheritedFrom, [...(inherited.get(inheritedFrom) ?? []), f]);
  }
  if (rows.length) out.push('', '| field | value |', '|---|---|', ...rows);
  if (inherited.size) out.push('', `Inherited: ${[...inherited].map(([from, fields]) => `${fields.join(', ')} from \`${from}\``).join('; ')}.`);
  // Every definition of the id in the loaded mods, in load order: which mods override it, and how.
  const all = definitionsOfId(project, r.kind, id, fromMod);
  if (all.length > 1) {
    const editModes = project.version.version.editModes && project.registry.ofKind(r.kind)?.redefinition === 'edit-mode';
    out.push('', `Defined ${all.length} times, in load order (${editModes ? 'edit-mode decides: override replaces, modify edits' : 'a later definition replaces an earlier one'}):`);
    for (const d of all) {
      const marks = [d.inEffect ? '**in effect here**' : '', d.lastLoaded && !d.inEffect ? '**in effect when its mod is loaded**' : '', d.visible ? '' : 'not a dependency of this mod'].filter(Boolean);
      out.push(`- mod \`${d.ref.mod ?? '?'}\` ${shortPath(project, d.ref.mod, d.ref.path)} — ${describeRole(d)}${marks.length ? ` · ${marks.join(' · ')}` : ''}`);
    }
  }
  return out.join('\n');
}
