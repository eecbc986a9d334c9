/**
 * The game's color names written in a file, for swatches: the string of every `color`, `bgcolor` or `..._color`
 * member (or an element of its array: a color per season) that color_from_string or bgcolor_from_string reads,
 * with the RGB of its color in the version's default scheme (schema/colors.ts). `i_red`, `h_red`, `red_white` and a
 * `bgcolor` `red` all show red; choosing another color writes the nearest game color in the same form.
 */
import { jsoncParser } from '../util/jsonc';
import type { WorkspaceView } from '../workspace/view';
import { shallowSlice } from '../syntax/nesting';
import { colorName, nearestColorName } from '../schema/colors';

export interface ColorUse {
  /** The name's text, inside its quotes. */
  readonly start: number;
  readonly end: number;
  readonly name: string;
  /** `#rrggbb`. */
  readonly rgb: string;
}

const isColorMember = (name: string): boolean => name === 'color' || name === 'bgcolor' || name.endsWith('_color');

/** `limit`: the swatches wanted at most (the search stops at the record past it). */
export function documentColors(project: WorkspaceView, filePath: string, limit = Infinity): ColorUse[] {
  const file = project.fileAt(filePath);
  if (!file) return [];
  const text = project.textOf(file);
  const scheme = project.version.version.colors;
  const out: ColorUse[] = [];
  let visitedTo = -1;
  // Only the definitions whose text names a color member are parsed (most of a large file names none).
  let named = text.indexOf('color"');
  for (const r of file.records) {
    if (out.length > limit) break;
    // Records sharing an object (a mapgen's several ids) or inside another's (inline effects) are visited once.
    if (r.inline || r.start < visitedTo) continue;
    visitedTo = r.end;
    while (named >= 0 && named < r.start) named = text.indexOf('color"', named + 1);
    if (named < 0) break;
    if (named >= r.end) continue;
    // The member whose value comes next; per open array, the color member it is the value of.
    let member: string | undefined;
    const arrays: (string | undefined)[] = [];
    jsoncParser().visit(shallowSlice(text, r.start, r.end), {
      onObjectProperty: (name) => { member = name; },
      onObjectBegin: () => { arrays.push(undefined); member = undefined; },
      onObjectEnd: () => { arrays.pop(); member = undefined; },
      onArrayBegin: () => { arrays.push(member !== undefined && isColorMember(member) ? member : undefined); member = undefined; },
      onArrayEnd: () => { arrays.pop(); member = undefined; },
      onLiteralValue: (value, offset, length) => {
        const owner = member ?? arrays[arrays.length - 1];
        member = undefined;
        if (typeof value !== 'string' || !owner || !isColorMember(owner)) return;
        const start = r.start + offset + 1, end = r.start + offset + length - 1;
        if (text.slice(start, end) !== value) return; // escapes: not a name the game knows anyway
        const c = colorName(value);
        const rgb = c && scheme[c.base];
        if (rgb && out.length <= limit) out.push({ start, end, name: value, rgb });
      },
    }, { allowTrailingComma: true });
  }
  return out;
}

/** The game's color name to write for a color chosen in place of `current` (nearest, in the same form). */
export function colorNameFor(project: WorkspaceView, current: string, rgb: { r: number; g: number; b: number }): string | undefined {
  const c = colorName(current);
  return c && nearestColorName(rgb, c, project.version.version.colors);
}
