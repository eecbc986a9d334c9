/**
 * Finds the text range of a member inside one top-level object, on demand. Parsing only the object's
 * own slice keeps this cheap in large files; results are cached per (text, object start).
 */
import * as jsonc from 'jsonc-parser';
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
  const tree = jsonc.parseTree(shallowSlice(text, start, end), [], { allowTrailingComma: true });
  perHolder.set(start, tree);
  treesKept.push({ perHolder, start });
  if (treesKept.length > TREES_KEPT) { const old = treesKept.shift()!; old.perHolder.delete(old.start); }
  return tree;
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
    const next = jsonc.findNodeAtLocation(node, [path[k]]);
    if (!next) break;
    node = next;
    depthFound = k + 1;
  }
  if (depthFound === 0) {
    // Point at the object's opening brace only: underlining a whole definition is noise.
    return { start: objectStart + tree.offset, end: objectStart + tree.offset + 1 };
  }
  let target: jsonc.Node = node!;
  if (part === 'key' && depthFound === path.length && target.parent?.type === 'property' && target.parent.children) {
    target = target.parent.children[0];
  }
  return { start: objectStart + target.offset, end: objectStart + target.offset + target.length };
}
