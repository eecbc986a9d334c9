/**
 * Finds the text range of a member inside one top-level object, on demand. Parsing only the object's
 * own slice keeps this cheap in large files; results are cached per (text, object start).
 */
import type * as jsonc from 'jsonc-parser';
import { jsoncParser } from '../util/jsonc';
import { shallowSlice } from './nesting';

export type JsonPath = readonly (string | number)[];

export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/** Which part of a member to point at: its value (default) or its key. */
export type Part = 'value' | 'key';

const treeCache = new WeakMap<object, Map<number, jsonc.Node | undefined>>();

/**
 * The trees kept, oldest first (at most TREES_KEPT): a tree weighs about ten times its text, and a whole-game
 * check locates diagnostics in thousands of objects, each of them only while its file is checked.
 */
const treesKept: { readonly perHolder: Map<number, jsonc.Node | undefined>; readonly start: number }[] = [];
const TREES_KEPT = 64;

/**
 * A parse tree of the object at [start, end), keyed on a holder object that lives as long as the text (the
 * recent ones are cached). What is nested deeper than the limit is a `0` in the tree (see nesting.ts): the
 * parser recurses per level.
 */
export function objectTree(holder: object, text: string, start: number, end: number): jsonc.Node | undefined {
  let perHolder = treeCache.get(holder);
  if (!perHolder) { perHolder = new Map(); treeCache.set(holder, perHolder); }
  if (perHolder.has(start)) return perHolder.get(start);
  const tree = jsoncParser().parseTree(shallowSlice(text, start, end), [], { allowTrailingComma: true });
  perHolder.set(start, tree);
  treesKept.push({ perHolder, start });
  if (treesKept.length > TREES_KEPT) { const old = treesKept.shift()!; old.perHolder.delete(old.start); }
  return tree;
}

/**
 * The value a member name or element index names inside an object or array node. Of a name written twice, the
 * last: the value the parsers keep (`JSON.parse` and jsonc's `parse` both overwrite), so the text located is the
 * text whose value was read and analysed (jsonc's `findNodeAtLocation` takes the first).
 */
export function childAt(node: jsonc.Node, step: string | number): jsonc.Node | undefined {
  const children = node.children;
  if (!children) return undefined;
  if (typeof step === 'number') return node.type === 'array' && step >= 0 ? children[step] : undefined;
  if (node.type !== 'object') return undefined;
  for (let i = children.length - 1; i >= 0; i--) {
    const member = children[i].children;
    if (member?.length === 2 && member[0].value === step) return member[1];
  }
  return undefined;
}

/** The node at `path` inside `tree` (see childAt), undefined when the path does not exist. */
export function nodeAtPath(tree: jsonc.Node, path: JsonPath): jsonc.Node | undefined {
  let node: jsonc.Node | undefined = tree;
  for (let k = 0; node && k < path.length; k++) node = childAt(node, path[k]);
  return node;
}

/**
 * The range of `path` inside the object; falls back to the deepest existing ancestor (so a diagnostic on a
 * missing member lands on its parent), and to the object's first line when nothing matches.
 */
export function locatePath(tree: jsonc.Node | undefined, objectStart: number, path: JsonPath, part: Part = 'value'): OffsetRange {
  if (!tree) return { start: objectStart, end: objectStart + 1 };
  let node: jsonc.Node | undefined = tree;
  let depthFound = 0;
  for (let k = 0; k < path.length; k++) {
    const next = childAt(node, path[k]);
    if (!next) break;
    node = next;
    depthFound = k + 1;
  }
  if (depthFound === 0) {
    // Point at the object's opening brace only: underlining a whole definition is noise.
    return { start: objectStart + tree.offset, end: objectStart + tree.offset + 1 };
  }
  let target: jsonc.Node = node;
  if (part === 'key' && depthFound === path.length && target.parent?.type === 'property' && target.parent.children) {
    target = target.parent.children[0];
  }
  return { start: objectStart + target.offset, end: objectStart + target.offset + target.length };
}

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;
const BRACKETS_AND_QUOTES = /["{}[\]]/g;

function skipWhiteSpace(text: string, i: number): number {
  for (let c = text.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = text.charCodeAt(++i));
  return i;
}

/** Just past the string whose opening quote is at `i`. */
function pastString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    j = text.indexOf('"', j);
    if (j < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
    if ((backslashes & 1) === 0) return j + 1;
    j++;
  }
}

/** Just past the JSON value starting at `i` (a native search jumps between brackets and quotes). */
function pastValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return pastString(text, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    let j = i;
    for (;;) {
      // `test`, not `exec`: no match array made per bracket (a whole-game check's locating made 35 MB of them).
      BRACKETS_AND_QUOTES.lastIndex = j;
      if (!BRACKETS_AND_QUOTES.test(text)) return text.length;
      j = BRACKETS_AND_QUOTES.lastIndex - 1;
      const d = text.charCodeAt(j);
      if (d === QUOTE) { j = pastString(text, j); continue; }
      if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if (--depth === 0) return j + 1;
      j++;
    }
  }
  // A number, true, false or null.
  let j = i + 1;
  for (let d = text.charCodeAt(j); j < text.length && d !== COMMA && d !== 0x7d && d !== CLOSE_BRACKET && d !== 0x20 && d !== 0x0a && d !== 0x0d && d !== 0x09; d = text.charCodeAt(++j));
  return j;
}

/** The member name written at [start, end) (quotes included). */
function nameAt(text: string, start: number, end: number): string {
  for (let i = start + 1; i < end - 1; i++) if (text.charCodeAt(i) === BACKSLASH) return JSON.parse(text.slice(start, end)) as string;
  return text.slice(start + 1, end - 1);
}

/** Whether the member name written at [start, end) (quotes included) is `name`. */
function nameIs(text: string, start: number, end: number, name: string): boolean {
  // The search for an escape stays inside the name: `indexOf` would run on to the file's next backslash, maybe its
  // end (every member of a file of 50,000 definitions, each a scan of the rest of its 10 MB).
  let escaped = false;
  for (let i = start + 1; i < end - 1 && !escaped; i++) escaped = text.charCodeAt(i) === BACKSLASH;
  if (!escaped) return end - start - 2 === name.length && text.startsWith(name, start + 1);
  return JSON.parse(text.slice(start, end)) === name;
}

/**
 * locatePath(objectTree(...)) for an object of a text `JSON.parse` accepts, without a parse tree: follows `path`
 * from the object at `objectStart`, skipping what is off the path (a whole-game check locates its diagnostics
 * in thousands of definitions, some of them large map generators). The same ranges, the same fallbacks.
 */
export function locateInJson(text: string, objectStart: number, path: JsonPath, part: Part = 'value'): OffsetRange {
  return new JsonLocator(text).locate(objectStart, path, part);
}

/** An object a JsonLocator scanned. */
interface ScannedObject {
  /** Its members as [name start, name end, value start, value end, ...]. */
  readonly members: readonly number[];
  /** Just past the object (its `}`). */
  readonly end: number;
  /** How many times a member was looked for in it. */
  asked: number;
  /** Each member name's last member (its offset in `members`): made when it is asked a second time. */
  named: Map<string, number> | undefined;
}

/** The offset in `members` (see ScannedObject) of the last member named `name`, -1 if none. */
function lastNamed(text: string, members: readonly number[], name: string): number {
  for (let m = members.length - 4; m >= 0; m -= 4) if (nameIs(text, members[m], members[m + 1], name)) return m;
  return -1;
}

/** Each member name's last member (see ScannedObject.named). */
function namesOf(text: string, members: readonly number[]): Map<string, number> {
  const named = new Map<string, number>();
  for (let m = 0; m < members.length; m += 4) named.set(nameAt(text, members[m], members[m + 1]), m);
  return named;
}

/**
 * locateInJson for several paths in one text: each object or array a path steps through is scanned once, its
 * members' offsets kept, so that a definition's many reports (a map generator's hundreds of unused mappings, each
 * under the same `object` and `mapping`) do not each scan the definition again.
 */
export class JsonLocator {
  /** Per object start: its members (see ScannedObject). */
  private readonly objects = new Map<number, ScannedObject>();
  /** Per array start: its elements scanned so far as [start, end, ...], and where the next begins (-1: none). */
  private readonly arrays = new Map<number, { readonly elements: number[]; next: number }>();

  constructor(private readonly text: string) {}

  locate(objectStart: number, path: JsonPath, part: Part = 'value'): OffsetRange {
    const text = this.text;
    let start = objectStart, end = objectStart;
    // The member name of the node reached, when it is a member's value.
    let nameStart = -1, nameEnd = -1;
    let depthFound = 0;
    for (let k = 0; k < path.length; k++) {
      const step = path[k];
      const c = text.charCodeAt(start);
      let found = false;
      if (typeof step === 'string') {
        if (c !== OPEN_BRACE) break;
        // The last member of that name, whose value JSON.parse keeps (see childAt).
        const object = this.objectAt(start);
        const m = object.named ? object.named.get(step) ?? -1 : lastNamed(text, object.members, step);
        if (++object.asked === 2 && !object.named) object.named = namesOf(text, object.members);
        if (m >= 0) {
          const members = object.members;
          nameStart = members[m]; nameEnd = members[m + 1]; start = members[m + 2]; end = members[m + 3]; found = true;
        }
      } else {
        if (c !== OPEN_BRACKET || step < 0) break;
        const elements = this.elementsTo(start, step);
        if (2 * step < elements.length) { nameStart = -1; start = elements[2 * step]; end = elements[2 * step + 1]; found = true; }
      }
      if (!found) break;
      depthFound = k + 1;
    }
    // Point at the object's opening brace only: underlining a whole definition is noise.
    if (depthFound === 0) return { start: objectStart, end: objectStart + 1 };
    if (part === 'key' && depthFound === path.length && nameStart >= 0) return { start: nameStart, end: nameEnd };
    return { start, end };
  }

  /**
   * The members of the object at `start` (see `objects`). The objects among them, and among theirs, are scanned
   * as they are passed, their members kept: a path goes on into one of them (a map's unused mappings are at
   * `object`, a layer, a key), which a skip over it and a scan of it afterwards went through twice.
   */
  private objectAt(start: number, levelsScanned = 2): ScannedObject {
    let object = this.objects.get(start);
    if (object) return object;
    const text = this.text;
    const members: number[] = [];
    let i = skipWhiteSpace(text, start + 1);
    while (text.charCodeAt(i) === QUOTE) {
      const ns = i, ne = pastString(text, i);
      const vs = skipWhiteSpace(text, skipWhiteSpace(text, ne) + 1);
      const ve = levelsScanned > 0 && text.charCodeAt(vs) === OPEN_BRACE ? this.objectAt(vs, levelsScanned - 1).end : pastValue(text, vs);
      members.push(ns, ne, vs, ve);
      i = skipWhiteSpace(text, ve);
      if (text.charCodeAt(i) !== COMMA) break;
      i = skipWhiteSpace(text, i + 1);
    }
    // Just past its `}` (in a text JSON.parse accepts, the one after its last member); else as pastValue finds it.
    const end = text.charCodeAt(i) === CLOSE_BRACE ? i + 1 : pastValue(text, start);
    object = { members, end, asked: 0, named: undefined };
    this.objects.set(start, object);
    return object;
  }

  /**
   * The elements of the array at `start` as [start, end, ...], scanned as far as element `n` (or the array's end):
   * only as far as an element was asked for (one element of a long list costs what it did before any was kept).
   */
  private elementsTo(start: number, n: number): readonly number[] {
    let array = this.arrays.get(start);
    if (!array) { array = { elements: [], next: skipWhiteSpace(this.text, start + 1) }; this.arrays.set(start, array); }
    const text = this.text, elements = array.elements;
    while (2 * n >= elements.length && array.next >= 0) {
      const i = array.next;
      if (text.charCodeAt(i) === CLOSE_BRACKET || i >= text.length) { array.next = -1; break; }
      const ve = pastValue(text, i);
      elements.push(i, ve);
      const after = skipWhiteSpace(text, ve);
      array.next = text.charCodeAt(after) === COMMA ? skipWhiteSpace(text, after + 1) : -1;
    }
    return elements;
  }
}
