/**
 * Color names as the game reads them (color.cpp: color_manager's table and color_from_string, the same in 0.F
 * and the current game; doc/COLOR.md): a foreground with the prefix `c_` (normal), `h_` (highlighted) or `i_`
 * (inverted), or `c_<foreground>_<background>`; the `c_` may be left out, and `lt` / `dk` stand for `light_` /
 * `dark_`. Anything else is "couldn't parse color" / "invalid color name" when the game loads the definition.
 */
import { closest } from '../util/closest';

const FOREGROUNDS = [
  'black', 'white', 'light_gray', 'dark_gray', 'red', 'green', 'blue', 'cyan', 'magenta', 'brown', 'light_red',
  'light_green', 'light_blue', 'light_cyan', 'pink', 'yellow',
] as const;
const BACKGROUNDS = ['red', 'white', 'green', 'yellow', 'magenta', 'cyan'] as const;

/** The names of the game's table (145 of them), prefix included. */
const NAMES: ReadonlySet<string> = new Set([
  ...['c_', 'h_', 'i_'].flatMap((p) => FOREGROUNDS.map((f) => p + f)),
  ...BACKGROUNDS.flatMap((b) => FOREGROUNDS.map((f) => `c_${f}_${b}`)),
  'c_unset',
]);

/** color_from_string's normalization: the default prefix, then `lt` and `dk` spelt out. */
function normalized(name: string): string {
  const prefixed = name.slice(1, 2) === '_' ? name : `c_${name}`;
  return prefixed.replace(/lt/g, 'light_').replace(/dk/g, 'dark_');
}

/** Whether the game reads `name` as a color (the empty string is "no color"). */
export function isColorName(name: string): boolean {
  return name === '' || NAMES.has(normalized(name));
}

/** The nearest color name, written as `name` is (with or without the `c_` prefix). */
export function nearestColor(name: string): string | undefined {
  const bare = !(name.slice(1, 2) === '_');
  const candidates = [...NAMES].map((n) => (bare && n.startsWith('c_') ? n.slice(2) : n));
  return closest(name, candidates);
}
