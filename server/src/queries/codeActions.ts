/**
 * Code actions from the repairs diagnostics carry (`Diagnostic.fixes`): replace a value (unit fix, did-you-mean
 * id), rename a member (misspelt name), add missing mandatory members (after the last member, with the
 * object's indentation and commas).
 */
import * as jsonc from 'jsonc-parser';
import type { Project } from '../project';
import type { DiagnosticFix } from '../diagnostic';
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
    case 'addMembers': {
      const edit = addMembersEdit(project, filePath, start, fix.members);
      if (!edit) return undefined;
      const names = fix.members.map((m) => `"${m.name}"`).join(', ');
      return { title: `Add missing member${fix.members.length > 1 ? 's' : ''} ${names}`, edits: [edit], preferred: only };
    }
  }
}

/** An insertion of `members` after the last member of the object holding `at`. */
export function addMembersEdit(project: Project, filePath: string, at: number, members: readonly { name: string; value: unknown }[]): FixEdit | undefined {
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
  const render = (indent: string) => members.map((m) => `${indent}${JSON.stringify(m.name)}: ${JSON.stringify(m.value)}`);
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
    return { start: lastEnd, end: lastEnd, newText: members.map((m) => `, ${JSON.stringify(m.name)}: ${JSON.stringify(m.value)}`).join('') };
  }
  const indent = lineIndent(lastStart);
  // A trailing comma already after the last member is kept: insert after it.
  const after = jsonc.createScanner(text.slice(lastEnd, record.end), true);
  const hasComma = after.scan() === jsonc.SyntaxKind.CommaToken;
  const insertAt = hasComma ? lastEnd + after.getTokenOffset() + 1 : lastEnd;
  const body = render(indent).join(`,${eol}`);
  return { start: insertAt, end: insertAt, newText: hasComma ? `${eol}${body},` : `,${eol}${body}` };
}

function detectUnit(text: string): string {
  return /\n\t+\S/.test(text) ? '\t' : '  ';
}
