/**
 * Code actions from the repairs diagnostics carry (`Diagnostic.fixes`): replace a value (unit fix, did-you-mean
 * id), rename a member (misspelt name), add missing mandatory members (after the last member, with the
 * object's indentation and commas).
 */
import * as jsonc from 'jsonc-parser';
import type { Project } from '../project';
import type { AddedMember, DiagnosticFix } from '../diagnostic';
import type { Migration } from '../schema/types';
import { recordAt } from './cursor';
import { objectTree } from '../syntax/locate';

export interface FixEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export interface FixAction {
  readonly title: string;
  readonly edits: FixEdit[];
  /** The same insertion as a snippet (placeholders, choices), for clients that can insert one. */
  readonly snippet?: FixEdit;
  /** The preferred fix when there is one obvious repair. */
  readonly preferred: boolean;
}

/** The edits of a fix for a diagnostic covering [start, end) of a file. */
export function fixAction(project: Project, filePath: string, start: number, end: number, fix: DiagnosticFix, only: boolean): FixAction | undefined {
  const file = project.files.get(filePath);
  if (!file) return undefined;
  const text = project.textOf(file);
  switch (fix.kind) {
    case 'replaceValue': {
      const old = text.slice(start, end);
      const newText = old.startsWith('"') ? JSON.stringify(fix.text) : fix.text;
      return { title: `Change to ${JSON.stringify(fix.text)}`, edits: [{ start, end, newText }], preferred: only };
    }
    case 'renameKey': {
      const old = text.slice(start, end);
      if (!old.startsWith('"')) return undefined;
      return { title: `Rename member to "${fix.to}"`, edits: [{ start, end, newText: JSON.stringify(fix.to) }], preferred: only };
    }
    case 'retype': {
      const edits: FixEdit[] = [{ start, end, newText: JSON.stringify(fix.to) }];
      const added = fix.members.length ? addMembersEdit(project, filePath, start, fix.members) : undefined;
      if (added) edits.push(added);
      return { title: `Change to "type": "${fix.to}"${fix.members.length ? ` with ${fix.members.map((m) => `"${m.name}": ${JSON.stringify(m.value)}`).join(', ')}` : ''}`, edits, preferred: only };
    }
    case 'migrate':
      return migrationAction(project, filePath, start, end, fix.migration, only);
    case 'addMembers': {
      const edit = addMembersEdit(project, filePath, start, fix.members);
      if (!edit) return undefined;
      const snippet = addMembersEdit(project, filePath, start, fix.members, true);
      const names = fix.members.map((m) => `"${m.name}"`).join(', ');
      return { title: `Add missing member${fix.members.length > 1 ? 's' : ''} ${names}`, edits: [edit], snippet, preferred: only };
    }
  }
}

/** An insertion of `members` after the last member of the object holding `at`. */
export function addMembersEdit(project: Project, filePath: string, at: number, members: readonly AddedMember[], asSnippet = false): FixEdit | undefined {
  const file = project.files.get(filePath);
  if (!file) return undefined;
  const record = recordAt(file, at);
  if (!record) return undefined;
  const text = project.textOf(file);
  const tree = objectTree(file.parsed, text, record.start, record.end);
  if (!tree || tree.type !== 'object') return undefined;
  const props = tree.children ?? [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const objStart = record.start + tree.offset;
  const lineIndent = (offset: number): string => {
    const ls = text.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*/.exec(text.slice(ls, offset))![0];
  };
  // As a snippet: each value a placeholder (a choice among a closed set's values), the names escaped.
  const valueText = (m: AddedMember, i: number): string => (asSnippet ? snippetValue(m, i + 1) : JSON.stringify(m.value));
  const nameText = (m: AddedMember): string => (asSnippet ? escapeSnippet(JSON.stringify(m.name)) : JSON.stringify(m.name));
  const render = (indent: string) => members.map((m, i) => `${indent}${nameText(m)}: ${valueText(m, i)}`);
  if (props.length === 0) {
    const base = lineIndent(objStart);
    const unit = detectUnit(text);
    return { start: objStart + 1, end: objStart + 1, newText: `${eol}${render(base + unit).join(`,${eol}`)}${eol}${base}` };
  }
  const last = props[props.length - 1];
  const lastStart = record.start + last.offset;
  const lastEnd = lastStart + last.length;
  const sameLine = !text.slice(objStart, lastStart).includes('\n');
  if (sameLine) {
    return { start: lastEnd, end: lastEnd, newText: members.map((m, i) => `, ${nameText(m)}: ${valueText(m, i)}`).join('') };
  }
  const indent = lineIndent(lastStart);
  // A trailing comma already after the last member is kept: insert after it.
  const after = jsonc.createScanner(text.slice(lastEnd, record.end), true);
  const hasComma = after.scan() === jsonc.SyntaxKind.CommaToken;
  const insertAt = hasComma ? lastEnd + after.getTokenOffset() + 1 : lastEnd;
  const body = render(indent).join(`,${eol}`);
  return { start: insertAt, end: insertAt, newText: hasComma ? `${eol}${body},` : `,${eol}${body}` };
}

/** Text taken literally inside a snippet. */
function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, (c) => `\\${c}`);
}

/** A member's value as snippet placeholder `n`: `"${n|a,b|}"` for a closed set, else the placeholder value selected. */
function snippetValue(m: AddedMember, n: number): string {
  if (m.choices && m.choices.length) {
    const choice = (s: string): string => s.replace(/[\\$}|,]/g, (c) => `\\${c}`);
    return `"\${${n}|${m.choices.map(choice).join(',')}|}"`;
  }
  const json = JSON.stringify(m.value);
  if (typeof m.value === 'string') return `"\${${n}:${escapeSnippet(json.slice(1, -1))}}"`;
  return `\${${n}:${escapeSnippet(json)}}`;
}

function detectUnit(text: string): string {
  return /\n\t+\S/.test(text) ? '\t' : '  ';
}

/**
 * A member a newer game version replaced: renamed, or moved into an object member (`armor_bash: 3` ->
 * `armor: { bash: 3 }`). A move gathers every removed member of the record moving into the same object, so
 * one action ports them all: into the existing object, or in place of the first of them.
 */
function migrationAction(project: Project, filePath: string, start: number, end: number, migration: Migration, only: boolean): FixAction | undefined {
  if (migration.kind === 'rename') {
    return { title: `Rename to "${migration.to}"`, edits: [{ start, end, newText: JSON.stringify(migration.to) }], preferred: only };
  }
  const file = project.files.get(filePath);
  const record = file && recordAt(file, start);
  if (!file || !record) return undefined;
  const text = project.textOf(file);
  const tree = objectTree(file.parsed, text, record.start, record.end);
  const at = tree && jsonc.findNodeAtOffset(tree, start - record.start);
  const prop = at?.parent?.type === 'property' ? at.parent : undefined;
  const parent = prop?.parent;
  if (!prop || !parent || parent.type !== 'object') return undefined;
  const siblings = parent.children ?? [];
  const keyOf = (p: jsonc.Node): unknown => p.children?.[0]?.value;
  const abs = (n: jsonc.Node): { start: number; end: number } => ({ start: record.start + n.offset, end: record.start + n.offset + n.length });
  // Top level: every removed member going to the same object; nested: this one only.
  const removed = parent === tree ? project.registry.schemaOfType(record.type)?.removed ?? [] : [];
  const targetKey = (p: jsonc.Node): string | undefined => {
    if (p === prop) return migration.key;
    const r = removed.find((x) => x.name === keyOf(p));
    return r?.migration?.kind === 'moveInto' && r.migration.object === migration.object ? r.migration.key : undefined;
  };
  const moving = siblings.filter((p) => targetKey(p) !== undefined);
  const entries = moving.map((p) => `${JSON.stringify(targetKey(p))}: ${text.slice(abs(p.children![1]).start, abs(p.children![1]).end)}`);
  const existing = siblings.find((p) => keyOf(p) === migration.object && p.children?.[1]?.type === 'object');
  const edits: FixEdit[] = [];
  let deleted: jsonc.Node[];
  if (existing) {
    const obj = existing.children![1];
    const members = obj.children ?? [];
    const insertAt = members.length ? abs(members[members.length - 1]).end : abs(obj).start + 1;
    edits.push({ start: insertAt, end: insertAt, newText: members.length ? `, ${entries.join(', ')}` : ` ${entries.join(', ')} ` });
    deleted = moving;
  } else {
    const first = abs(moving[0]);
    edits.push({ start: first.start, end: first.end, newText: `${JSON.stringify(migration.object)}: { ${entries.join(', ')} }` });
    deleted = moving.slice(1);
  }
  // Deleted members, by runs of neighbours: each run with the comma before it (or after it, at the start).
  const gone = new Set(deleted);
  for (let i = 0; i < siblings.length; i++) {
    if (!gone.has(siblings[i])) continue;
    let j = i;
    while (j + 1 < siblings.length && gone.has(siblings[j + 1])) j++;
    const from = i > 0 ? abs(siblings[i - 1]).end : abs(siblings[i]).start;
    const to = i > 0 || j === siblings.length - 1 ? abs(siblings[j]).end : abs(siblings[j + 1]).start;
    edits.push({ start: from, end: to, newText: '' });
    i = j;
  }
  const names = moving.map((p) => `"${String(keyOf(p))}"`).join(', ');
  return { title: `Move ${names} into "${migration.object}"`, edits, preferred: only };
}
