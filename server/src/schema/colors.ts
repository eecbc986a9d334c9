/**
 * The game's color names (color.cpp `color_manager::load_default`, the same list in 0.F and the current game;
 * 0.F's list checked against the names compiled into its binary): 16 colors, each as a foreground `c_`, a
 * highlight `h_` and an inverted `i_` color, the foreground colors on six backgrounds (`c_white_red`), and
 * `c_unset`.
 */
import type { MemberRules, ValueSet } from './generated';
import type { StringSpec } from './types';

const COLORS = [
  'white', 'black', 'light_gray', 'dark_gray', 'red', 'green', 'blue', 'cyan', 'magenta', 'brown',
  'light_red', 'light_green', 'light_blue', 'light_cyan', 'pink', 'yellow',
];
const BACKGROUNDS = ['red', 'white', 'green', 'yellow', 'magenta', 'cyan'];
const FOREGROUND = [...COLORS, ...COLORS.flatMap((c) => BACKGROUNDS.map((b) => `${c}_${b}`)), 'unset'];

/**
 * What `color_from_string` reads: a registered name, or one without its `c_` (it adds `c_` unless the second
 * character is `_`); the empty string is no color. Anything else, and the old `lt`/`dk` spellings it rewrites,
 * is a debug message (an error of the game's own checks).
 */
export const COLOR_NAMES: ValueSet = {
  name: 'a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...)',
  values: [...FOREGROUND, ...FOREGROUND.map((c) => `c_${c}`), ...COLORS.flatMap((c) => [`h_${c}`, `i_${c}`]), ''],
};

/** A member holding a color name, for hand-written tables. */
export const COLOR: StringSpec = { kind: 'string', values: COLOR_NAMES.values, valuesName: COLOR_NAMES.name };

/** What `bgcolor_from_string` reads: a color's bare name, to which it adds `i_`. */
export const BACKGROUND_COLOR_NAMES: ValueSet = {
  name: 'a background color name (`white`, `light_gray`, `red`...: the game adds `i_`)',
  values: COLORS,
};

const color = { values: COLOR_NAMES };

/**
 * The colors both versions read alike (the nc_color readers of assign.h and generic_factory.h, color_reader,
 * all call color_from_string); the version files add their own.
 */
export const COLOR_RULES: MemberRules = {
  field_type: { 'intensity_levels[].color': color },
  map_extra: { color },
  movement_mode: { panel_color: color, symbol_color: color },
  overmap_land_use_code: { color },
  overmap_terrain: { color },
  trap: { color },
  vehicle_part: { color, broken_color: color },
  weather_type: { color, map_color: color, 'weather_animation.color': color },
};

/**
 * The 16 colors' default RGB values (the game's data/raw/colors.json, which a player's theme may change), for
 * pictures of what the game draws.
 */
const RGB: Readonly<Record<string, string>> = {
  black: '#000000', red: '#ff0000', green: '#006e00', brown: '#5c3317', blue: '#0000c8', magenta: '#8b3a62',
  cyan: '#0096b4', light_gray: '#969696', dark_gray: '#636363', light_red: '#ff9696', light_green: '#00ff00',
  yellow: '#ffff00', light_blue: '#6464ff', pink: '#fe00fe', light_cyan: '#00f0ff', white: '#ffffff',
};

/**
 * The foreground and background a color name draws with (color_from_string: `c_` optional; `h_x` is x on blue,
 * `i_x` black on x, `x_y` x on y); undefined for a name the game does not read.
 */
export function colorStyle(name: string): { readonly fg: string; readonly bg?: string } | undefined {
  let n = name.startsWith('c_') ? name.slice(2) : name;
  if (n.startsWith('h_') && RGB[n.slice(2)]) return { fg: RGB[n.slice(2)], bg: RGB.blue };
  if (n.startsWith('i_') && RGB[n.slice(2)]) return { fg: RGB.black, bg: RGB[n.slice(2)] };
  if (n.startsWith('lt')) n = `light_${n.slice(2)}`;
  else if (n.startsWith('dk')) n = `dark_${n.slice(2)}`;
  if (RGB[n]) return { fg: RGB[n] };
  for (const bg of BACKGROUNDS) if (n.endsWith(`_${bg}`) && RGB[n.slice(0, -bg.length - 1)]) return { fg: RGB[n.slice(0, -bg.length - 1)], bg: RGB[bg] };
  return undefined;
}
