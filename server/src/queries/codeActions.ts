/**
 * Code actions from the repairs diagnostics carry (`Diagnostic.fixes`): replace a value (unit fix, did-you-mean
 * id), rename a member (misspelt name), add missing mandatory members (after the last member, with the
 * object's indentation and commas, written as the game's formatter writes them, the value of a closed set the
 * one the loaded definitions of that type use most). Plain text edits: an editor inserts them as they are.
 */
import * as jsonc from 'jsonc-parser';
import { jsoncParser } from '../util/jsonc';
import type { WorkspaceView } from '../workspace/view';
import type { AddedMember, DiagnosticFix } from '../diagnostic';
import type { DefinitionRecord } from '../records/record';
import type { Migration } from '../schema/types';
import { durationOfMoves } from '../schema/units';
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
export function fixAction(project: WorkspaceView, filePath: string, start: number, end: number, fix: DiagnosticFix, only: boolean): FixAction | undefined {
  const file = project.fileAt(filePath);
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
      const record = recordAt(file, start);
      const members = record ? fix.members.map((m) => likelyMember(project, record, m)) : fix.members;
      const edit = addMembersEdit(project, filePath, start, members);
      if (!edit) return undefined;
      const names = members.map((m) => `"${m.name}": ${JSON.stringify(m.value)}`).join(', ');
      return { title: `Add missing member${members.length > 1 ? 's' : ''} ${names}`, edits: [edit], preferred: only };
    }
  }
}

/**
 * An insertion of `members` after the last member of the object holding `at`. In a formatted file the result is
 * formatted too: one member per line at the members' indentation, each value as the game's formatter writes it.
 */
export function addMembersEdit(project: WorkspaceView, filePath: string, at: number, members: readonly AddedMember[]): FixEdit | undefined {
  const file = project.fileAt(filePath);
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
  // A definition is an element of the file's top-level array (depth 1) or the file's one object (depth 0).
  const depth = /^\uFEFF?\s*\[/.test(text) ? 1 : 0;
  const memberText = (m: AddedMember): string => {
    // Required when a fix adds members (the formatter is 37 KB to load; the whole game's check makes none of these).
    const { formatMember } = require('../format/cddaFormat') as typeof import('../format/cddaFormat');
    const formatted = formatMember(m.name, JSON.stringify(m.value), depth, eol);
    return formatted.ok ? formatted.text : `${JSON.stringify(m.name)}: ${JSON.stringify(m.value)}`;
  };
  const render = (indent: string) => members.map((m) => `${indent}${memberText(m)}`);
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
    return { start: lastEnd, end: lastEnd, newText: members.map((m) => `, ${memberText(m)}`).join('') };
  }
  const indent = lineIndent(lastStart);
  // A trailing comma already after the last member is kept: insert after it.
  const after = jsoncParser().createScanner(text.slice(lastEnd, record.end), true);
  const hasComma = after.scan() === jsonc.SyntaxKind.CommaToken;
  const insertAt = hasComma ? lastEnd + after.getTokenOffset() + 1 : lastEnd;
  const body = render(indent).join(`,${eol}`);
  return { start: insertAt, end: insertAt, newText: hasComma ? `${eol}${body},` : `,${eol}${body}` };
}

/**
 * A member of a closed set with the value the loaded definitions of the record's type use most (ties and unused
 * values in the table's order): what a modder most likely means, not the set's first name. An id member alike,
 * in whatever form they write it (`"sloc_field"`, `[ "sloc_field" ]`), when at least two definitions write the
 * same (else the placeholder stays).
 */
function likelyMember(project: WorkspaceView, record: DefinitionRecord, m: AddedMember): AddedMember {
  if (!m.usualId && (!m.choices || m.choices.length < 2)) return m;
  const ranked = usesOf(project, record, m);
  const best = ranked[0];
  const value = best && best.count >= (m.usualId ? 2 : 1) ? best.value : m.value;
  return { ...m, value, choices: m.choices ? ranked.map((u) => u.value as string) : undefined };
}

interface MemberUse { readonly value: unknown; count: number }

/** Ranked uses by type and member, per workspace revision: a whole-game check adds the same member to thousands of definitions. */
const usesMemo = new WeakMap<WorkspaceView, { readonly revision: number; readonly byKey: Map<string, readonly MemberUse[]> }>();

/** Each value the loaded definitions of the record's type write for the member, with how many write it, most first. */
function usesOf(project: WorkspaceView, record: DefinitionRecord, m: AddedMember): readonly MemberUse[] {
  let memo = usesMemo.get(project);
  if (!memo || memo.revision !== project.revision) usesMemo.set(project, (memo = { revision: project.revision, byKey: new Map() }));
  const key = JSON.stringify([record.kind, record.type, m.name, m.usualId === true, m.choices ?? null]);
  const held = memo.byKey.get(key);
  if (held) return held;
  // Each value written, by its JSON text, with how many definitions write it.
  const uses = new Map<string, MemberUse>(m.choices?.map((c) => [JSON.stringify(c), { value: c, count: 0 }]));
  for (const records of project.entries(record.kind).values()) {
    for (const r of records) {
      const v = r.type === record.type && !r.summarized ? r.value[m.name] : undefined;
      if (v === undefined || v === '') continue;
      const written = JSON.stringify(v);
      const seen = uses.get(written);
      if (seen) seen.count++;
      else if (m.usualId) uses.set(written, { value: v, count: 1 });
    }
  }
  const ranked = [...uses.values()].sort((a, b) => b.count - a.count);
  memo.byKey.set(key, ranked);
  return ranked;
}

function detectUnit(text: string): string {
  return /\n\t+\S/.test(text) ? '\t' : '  ';
}

/**
 * A member a newer game version replaced: renamed, moved into an object member (`armor_bash: 3` -> `armor: { bash:
 * 3 }`), or made a damage unit of an array member (`melee_cut: 3` -> `melee_damage: [ { "damage_type": "cut",
 * "amount": 3 } ]`).
 */
function migrationAction(project: WorkspaceView, filePath: string, start: number, end: number, migration: Migration, only: boolean): FixAction | undefined {
  if (migration.kind === 'rename') {
    return { title: `Rename to "${migration.to}"`, edits: [{ start, end, newText: JSON.stringify(migration.to) }], preferred: only };
  }
  if (migration.kind === 'moves') return movesAction(project, filePath, start, end, only);
  if (migration.kind === 'formerDefault') return formerDefaultAction(project, filePath, start, migration, only);
  const place = memberPlace(project, filePath, start);
  if (!place) return undefined;
  if (migration.kind === 'deathFunctions') return deathFunctionsAction(place, migration, only);
  return migration.kind === 'moveInto' ? moveIntoAction(project, place, migration, only) : damageUnitAction(place, migration, only);
}

/** An integer number of moves (a 0.F recipe's `"time": 6000`) as the time string read to the same moves (`"1 m"`). */
function movesAction(project: WorkspaceView, filePath: string, start: number, end: number, only: boolean): FixAction | undefined {
  const file = project.fileAt(filePath);
  const old = file && project.textOf(file).slice(start, end).trim();
  const exact = old !== undefined && /^\d+$/.test(old) ? durationOfMoves(Number(old)) : undefined;
  if (exact === undefined) return undefined;
  return { title: `Write ${old} moves as ${JSON.stringify(exact)}`, edits: [{ start, end, newText: JSON.stringify(exact) }], preferred: only };
}

/**
 * A member absent from a definition, added with the value the version it is written for read in its absence (a 0.F
 * recipe without `activity_level`: "MODERATE_EXERCISE"). The title says when that replaces what the definition
 * would otherwise take from its copy-from parent: the older version did not inherit it.
 */
function formerDefaultAction(project: WorkspaceView, filePath: string, start: number, migration: Extract<Migration, { kind: 'formerDefault' }>, only: boolean): FixAction | undefined {
  const edit = addMembersEdit(project, filePath, start, [{ name: migration.member, value: migration.value }]);
  if (!edit) return undefined;
  const file = project.fileAt(filePath);
  const record = file && recordAt(file, start);
  const why = record?.copyFrom !== undefined
    ? `what ${migration.version} read when it was not written, whatever the copy-from parent writes`
    : `what ${migration.version} read when it was not written`;
  return { title: `Add "${migration.member}": ${JSON.stringify(migration.value)} (${why})`, edits: [edit], preferred: only };
}

/**
 * Old death function names (`"death_function": [ "BROKEN" ]`) as the object that does the same (`{ "corpse_type":
 * "BROKEN" }`): one name of the migration's alone, or none (read as NORMAL). The default (`NORMAL`, `[]`) drops the
 * member where the definition does not inherit, as the game's own migration did; an inheriting one writes `{}`,
 * which replaces the parent's whole (see DEATH_FUNCTIONS_0F).
 */
function deathFunctionsAction(place: MemberPlace, migration: Extract<Migration, { kind: 'deathFunctions' }>, only: boolean): FixAction | undefined {
  const { prop, record } = place;
  // The array as written, from its nodes (jsonc-parser's value functions are not loaded by a check: see the CLI's tests).
  const array = prop.children?.[1];
  if (array?.type !== 'array' || (array.children?.length ?? 0) > 1) return undefined;
  const names: unknown[] = (array.children ?? []).map((n) => (n.type === 'string' ? n.value : undefined));
  const name = names.length ? names[0] : 'NORMAL';
  const to = typeof name === 'string' && Object.hasOwn(migration.names, name) ? migration.names[name] : undefined;
  if (!to) return undefined;
  const key = String(keyOf(prop));
  const inherits = place.topLevel && record.value['copy-from'] !== undefined;
  if (Object.keys(to).length === 0 && !inherits) {
    return { title: `Remove "${key}": ${JSON.stringify(names)} is the default`, edits: deletions(place, new Set([prop])), preferred: only };
  }
  const text = Object.keys(to).length ? `{ ${Object.entries(to).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }` : '{ }';
  const { start, end } = absolute(place, prop.children![1]);
  return { title: `Write "${key}" as ${text}`, edits: [{ start, end, newText: text }], preferred: only };
}

/** Where a removed member is written: its property among its object's, in the text of its record. */
interface MemberPlace {
  readonly text: string;
  readonly record: DefinitionRecord;
  /** Whether its object is the definition itself. */
  readonly topLevel: boolean;
  readonly prop: jsonc.Node;
  readonly siblings: readonly jsonc.Node[];
}

function memberPlace(project: WorkspaceView, filePath: string, start: number): MemberPlace | undefined {
  const file = project.fileAt(filePath);
  const record = file && recordAt(file, start);
  if (!file || !record) return undefined;
  const text = project.textOf(file);
  const tree = objectTree(file.parsed, text, record.start, record.end);
  const at = tree && jsoncParser().findNodeAtOffset(tree, start - record.start);
  const prop = at?.parent?.type === 'property' ? at.parent : undefined;
  const parent = prop?.parent;
  if (!prop || !parent || parent.type !== 'object') return undefined;
  return { text, record, topLevel: parent === tree, prop, siblings: parent.children ?? [] };
}

const keyOf = (p: jsonc.Node): unknown => p.children?.[0]?.value;

/** A node's offsets in the file (a record's tree counts from the record's start). */
function absolute(place: MemberPlace, n: jsonc.Node): { start: number; end: number } {
  return { start: place.record.start + n.offset, end: place.record.start + n.offset + n.length };
}

/** A property's value as written. */
function valueText(place: MemberPlace, p: jsonc.Node): string {
  const { start, end } = absolute(place, p.children![1]);
  return place.text.slice(start, end);
}

/** Edits deleting `gone` of the place's properties, by runs of neighbours: each run with the comma before it (or after it, at the start). */
function deletions(place: MemberPlace, gone: ReadonlySet<jsonc.Node>): FixEdit[] {
  const { siblings } = place;
  const edits: FixEdit[] = [];
  for (let i = 0; i < siblings.length; i++) {
    if (!gone.has(siblings[i])) continue;
    let j = i;
    while (j + 1 < siblings.length && gone.has(siblings[j + 1])) j++;
    const from = i > 0 ? absolute(place, siblings[i - 1]).end : absolute(place, siblings[i]).start;
    const to = i > 0 || j === siblings.length - 1 ? absolute(place, siblings[j]).end : absolute(place, siblings[j + 1]).start;
    edits.push({ start: from, end: to, newText: '' });
    i = j;
  }
  return edits;
}

/**
 * A move gathers every removed member of the record moving into the same object, so one action ports them all:
 * into the existing object, or in place of the first of them.
 */
function moveIntoAction(project: WorkspaceView, place: MemberPlace, migration: Extract<Migration, { kind: 'moveInto' }>, only: boolean): FixAction {
  const { prop, siblings } = place;
  // Top level: every removed member going to the same object; nested: this one only.
  const removed = place.topLevel ? project.registry.schemaOfType(place.record.type)?.removed ?? [] : [];
  const targetKey = (p: jsonc.Node): string | undefined => {
    if (p === prop) return migration.key;
    const r = removed.find((x) => x.name === keyOf(p));
    return r?.migration?.kind === 'moveInto' && r.migration.object === migration.object ? r.migration.key : undefined;
  };
  const moving = siblings.filter((p) => targetKey(p) !== undefined);
  const entries = moving.map((p) => `${JSON.stringify(targetKey(p))}: ${valueText(place, p)}`);
  const existing = siblings.find((p) => keyOf(p) === migration.object && p.children?.[1]?.type === 'object');
  const edits: FixEdit[] = [];
  let deleted: jsonc.Node[];
  if (existing) {
    edits.push(appendTo(place, existing.children![1], entries.join(', ')));
    deleted = moving;
  } else {
    const first = absolute(place, moving[0]);
    edits.push({ start: first.start, end: first.end, newText: `${JSON.stringify(migration.object)}: { ${entries.join(', ')} }` });
    deleted = moving.slice(1);
  }
  edits.push(...deletions(place, new Set(deleted)));
  const names = moving.map((p) => `"${String(keyOf(p))}"`).join(', ');
  return { title: `Move ${names} into "${migration.object}"`, edits, preferred: only };
}

/** The edit adding `entries` (written) after the last of an object's or an array's children. */
function appendTo(place: MemberPlace, container: jsonc.Node, entries: string): FixEdit {
  const children = container.children ?? [];
  const at = children.length ? absolute(place, children[children.length - 1]).end : absolute(place, container).start + 1;
  return { start: at, end: at, newText: children.length ? `, ${entries}` : ` ${entries} ` };
}

/** A number of damage as a unit of its type, added to the array member (written in its place when there is none). */
function damageUnitAction(place: MemberPlace, migration: Extract<Migration, { kind: 'damageUnit' }>, only: boolean): FixAction {
  const { prop, siblings } = place;
  const unit = `{ "damage_type": ${JSON.stringify(migration.damageType)}, "amount": ${valueText(place, prop)} }`;
  const existing = siblings.find((p) => keyOf(p) === migration.array && p.children?.[1]?.type === 'array');
  const title = `Write "${String(keyOf(prop))}" as a "${migration.damageType}" unit of "${migration.array}"`;
  if (existing) return { title, edits: [appendTo(place, existing.children![1], unit), ...deletions(place, new Set([prop]))], preferred: only };
  const { start, end } = absolute(place, prop);
  return { title, edits: [{ start, end, newText: `${JSON.stringify(migration.array)}: [ ${unit} ]` }], preferred: only };
}
