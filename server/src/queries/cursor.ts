/**
 * What is under an offset of a file: the record whose object holds it, the JSON path inside that object,
 * whether it is on a member name or a value, and the string token (if any). Every position-based query
 * (completion, definition, references, hover, rename) starts here.
 */
import type * as jsonc from 'jsonc-parser';
import { jsoncParser } from '../util/jsonc';
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import type { DefinitionRecord } from '../records/record';
import { nodeAtPath, objectTree, type JsonPath } from '../syntax/locate';
import { shallowSlice } from '../syntax/nesting';

export interface StringToken {
  /** Offset of the opening quote. */
  readonly start: number;
  /** Just past the closing quote (or the end of the typed text when the string is not closed yet). */
  readonly end: number;
  /** Whether the closing quote is there. */
  readonly closed: boolean;
  /** The string's value (unescaped). */
  readonly value: string;
}

export interface Cursor {
  readonly project: WorkspaceView;
  readonly file: SourceFile;
  /** The file's text as the project holds it (what offsets refer to). */
  readonly text: string;
  readonly offset: number;
  /** The record whose top-level object holds the offset. */
  readonly record: DefinitionRecord;
  /** Parse tree of the record's object (offsets relative to `record.start`). */
  readonly tree: jsonc.Node | undefined;
  /** Path inside the object: of the member whose name or value holds the cursor. */
  readonly path: JsonPath;
  /** On a member name (or where one is expected, e.g. after `{` or `,`). */
  readonly atKey: boolean;
  /** The string under the cursor, if the cursor is inside one. */
  readonly token: StringToken | undefined;
  /**
   * The string under the cursor is not what the parsed object holds at `path`: it is in a member written again
   * later in its object (`"copy-from": "a", "copy-from": "b"`: the parsers, and the game, keep the last), so the
   * record's analysis, made from the parsed value, says nothing about it.
   */
  readonly shadowed: boolean;
}

/** The record whose object holds `offset` (object ranges are in file order: a binary search). */
export function recordAt(file: SourceFile, offset: number): DefinitionRecord | undefined {
  const records = file.records;
  let lo = 0, hi = records.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (records[mid].start <= offset) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  if (found < 0) return undefined;
  // Several records may share one object (mapgen); take the first of them.
  let r = records[found];
  while (found > 0 && records[found - 1].index === r.index) r = records[--found];
  return offset < r.end || (offset === r.end && r.end > r.start && !isClosed(file, r)) ? r : undefined;
}

function isClosed(file: SourceFile, r: DefinitionRecord): boolean {
  return file.text === undefined || file.text.charCodeAt(r.end - 1) === 0x7d;
}

export function fileOf(project: WorkspaceView, filePath: string): SourceFile | undefined {
  return project.fileAt(filePath);
}

/** The cursor context at `offset` of a project file, or undefined when it is outside every record. */
export function cursorAt(project: WorkspaceView, filePath: string, offset: number): Cursor | undefined {
  const file = project.fileAt(filePath);
  if (!file) return undefined;
  const record = recordAt(file, offset);
  if (!record) return undefined;
  const text = project.textOf(file);
  // Deep nesting blanked out: jsonc's location walk recurses per level (see syntax/nesting.ts).
  const slice = shallowSlice(text, record.start, record.end);
  const rel = offset - record.start;
  const loc = jsoncParser().getLocation(slice, rel);
  const tree = objectTree(file.parsed, text, record.start, record.end);
  let token: StringToken | undefined;
  const prev = loc.previousNode;
  if (prev && (prev.type === 'string' || prev.type === 'property')) {
    // For a member name, jsonc reports the property; its key string spans offset..offset+length.
    const start = prev.offset;
    const raw = slice.slice(start, start + prev.length);
    const closed = isClosedString(raw);
    // An unterminated string ends at its line's end: a cursor past it (on a later line) is not in it.
    if (rel > start && (closed ? rel < start + prev.length : rel <= lineEnd(slice, start))) {
      // Typed so far: an unterminated string's token ends at the cursor.
      const end = closed ? start + prev.length : rel;
      token = { start: record.start + start, end: record.start + end, closed, value: typeof prev.value === 'string' ? prev.value : '' };
    }
  }
  // The path of the string under the cursor is the tree's: jsonc's location walk counts commas, so after a missing
  // one (`[ "a" "b", "c" ]`, as an element is typed) it names another element than the value parsed holds there.
  const node = token && tree ? stringNodeAt(tree, token.start - record.start) : undefined;
  const path = node ? jsoncParser().getNodePath(node) : loc.path;
  // Whether the string is a member name: the tree's word too (jsonc's walk still says so after an empty object
  // among an array's elements, `[ { }, "cc" ]`: every later string would be taken for a key).
  const atKey = node ? node.parent?.type === 'property' && node.parent.children?.[0] === node : loc.isAtPropertyKey;
  return { project, file, text, offset, record, tree, path, atKey, token, shadowed: node !== undefined && isShadowed(tree!, path, node) };
}

/** The string node starting at `rel` in the tree. */
function stringNodeAt(tree: jsonc.Node, rel: number): jsonc.Node | undefined {
  const node = jsoncParser().findNodeAtOffset(tree, rel);
  return node?.type === 'string' && node.offset === rel ? node : undefined;
}

/** Whether a string (a value, or a member name) at `path` is not what the parsed value holds there. */
function isShadowed(tree: jsonc.Node, path: JsonPath, node: jsonc.Node): boolean {
  const read = nodeAtPath(tree, path);
  const member = node.parent;
  const isName = member?.type === 'property' && member.children?.[0] === node;
  return isName ? read?.parent !== member : read !== node;
}

/** Whether a string token's text has its closing quote (one not escaped by an odd run of backslashes). */
function isClosedString(raw: string): boolean {
  if (raw.length < 2 || !raw.endsWith('"')) return false;
  let backslashes = 0;
  for (let i = raw.length - 2; i > 0 && raw.charCodeAt(i) === 0x5c; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** The end of the line holding `from` (where an unterminated string stops). */
function lineEnd(slice: string, from: number): number {
  for (let i = from; i < slice.length; i++) {
    const c = slice.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return i;
  }
  return slice.length;
}

/** The text of a string token between its quotes, up to the cursor. */
export function typedPrefix(c: Cursor): string {
  if (!c.token) return '';
  return c.text.slice(c.token.start + 1, Math.min(c.offset, c.token.closed ? c.token.end - 1 : c.token.end));
}

/** The parse tree node of `path` inside the cursor's object. */
export function nodeAt(c: Cursor, path: JsonPath): jsonc.Node | undefined {
  if (!c.tree) return undefined;
  return nodeAtPath(c.tree, path);
}

export function samePath(a: JsonPath, b: JsonPath): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The JSON type written at a path of the cursor's object ('object', 'array', 'string'...), for schema walks. */
export function jsonTypes(c: Cursor): (path: JsonPath) => string | undefined {
  return (path) => nodeAt(c, path)?.type;
}
