/**
 * The game's color names (color.cpp `color_manager::load_default`, the same list in 0.F and the current game;
 * 0.F's list checked against the names compiled into its binary): 16 colors, each as a foreground `c_`, a
 * highlight `h_` and an inverted `i_` color, the foreground colors on six backgrounds (`c_white_red`), and
 * `c_unset`.
 */
import { valueSetSpec, type MemberReadings, type ValueSet } from './memberReadings';
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
  expected: 'a color name (`white`, `light_gray`, `c_red`, `i_green`, `white_red`...)',
  values: [...FOREGROUND, ...FOREGROUND.map((c) => `c_${c}`), ...COLORS.flatMap((c) => [`h_${c}`, `i_${c}`]), ''],
};

/** A member holding a color name, for hand-written tables. */
export const COLOR: StringSpec = { kind: 'string', ...valueSetSpec(COLOR_NAMES) };

/** What `bgcolor_from_string` reads: a color's bare name, to which it adds `i_`. */
export const BACKGROUND_COLOR_NAMES: ValueSet = {
  expected: 'a background color name (`white`, `light_gray`, `red`...: the game adds `i_`)',
  values: COLORS,
};

const color = { values: COLOR_NAMES };

/**
 * The colors both versions read alike (the nc_color readers of assign.h and generic_factory.h, color_reader,
 * all call color_from_string); the version files add their own.
 */
export const COLOR_READINGS: MemberReadings = {
  field_type: { 'intensity_levels[].color': color },
  map_extra: { color },
  movement_mode: { panel_color: color, symbol_color: color },
  overmap_land_use_code: { color },
  overmap_terrain: { color },
  trap: { color },
  vehicle_part: { color, broken_color: color },
  weather_type: { color, map_color: color, 'weather_animation.color': color },
};

/** The RGB (`#rrggbb`) of each of the 16 colors in a game version's default color scheme. */
export type ColorScheme = Readonly<Record<string, string>>;

/**
 * The current game's default color scheme: its data/raw/colors.json (a `colordef`, copied to
 * config/base_colors.json, which a player may change), for pictures and swatches of what the game draws. Its
 * names: GRAY is light_gray, DGRAY dark_gray, LMAGENTA pink.
 */
export const COLORS_CURRENT: ColorScheme = {
  black: '#000000', red: '#ff0000', green: '#006e00', brown: '#5c3317', blue: '#0000c8', magenta: '#8b3a62',
  cyan: '#0096b4', light_gray: '#969696', dark_gray: '#636363', light_red: '#ff9696', light_green: '#00ff00',
  yellow: '#ffff00', light_blue: '#6464ff', pink: '#fe00fe', light_cyan: '#00f0ff', white: '#ffffff',
};

/** 0.F's data/raw/colors.json: brown (97, 56, 28) and blue (10, 10, 220) as they were then. */
export const COLORS_0F: ColorScheme = { ...COLORS_CURRENT, brown: '#61381c', blue: '#0a0adc' };

const isColor = (n: string): boolean => COLORS.includes(n);

/** A color name read as color_from_string reads it: `c_`, `h_` or `i_`, one of the 16 colors, maybe on a background. */
export interface ColorName {
  readonly prefix: '' | 'c_' | 'h_' | 'i_';
  /** One of the 16 colors (`light_red` for the old `ltred`). */
  readonly base: string;
  /** `x_y`: x on y. */
  readonly background?: string;
}

/** The parts of a color name; undefined for a name the game does not read. */
export function colorName(name: string): ColorName | undefined {
  const prefix = /^[chi]_/.test(name) ? (name.slice(0, 2) as ColorName['prefix']) : '';
  let n = name.slice(prefix.length);
  if (prefix === 'h_' || prefix === 'i_') return isColor(n) ? { prefix, base: n } : undefined;
  if (n.startsWith('lt')) n = `light_${n.slice(2)}`;
  else if (n.startsWith('dk')) n = `dark_${n.slice(2)}`;
  if (isColor(n)) return { prefix, base: n };
  for (const bg of BACKGROUNDS) if (n.endsWith(`_${bg}`) && isColor(n.slice(0, -bg.length - 1))) return { prefix, base: n.slice(0, -bg.length - 1), background: bg };
  return undefined;
}

/**
 * The foreground and background a color name draws with (color_from_string: `c_` optional; `h_x` is x on blue,
 * `i_x` black on x, `x_y` x on y); undefined for a name the game does not read.
 */
export function colorStyle(name: string, rgb: ColorScheme): { readonly fg: string; readonly bg?: string } | undefined {
  const c = colorName(name);
  if (!c) return undefined;
  if (c.prefix === 'h_') return { fg: rgb[c.base], bg: rgb.blue };
  if (c.prefix === 'i_') return { fg: rgb.black, bg: rgb[c.base] };
  return c.background ? { fg: rgb[c.base], bg: rgb[c.background] } : { fg: rgb[c.base] };
}

/** The name of the color nearest to an RGB value, written as `like` is (its prefix and background kept). */
export function nearestColorName(rgb: { r: number; g: number; b: number }, like: ColorName, scheme: ColorScheme): string {
  let best = '', bestDistance = Infinity;
  for (const base of COLORS) {
    const n = parseInt(scheme[base].slice(1), 16);
    const d = ((n >> 16) - rgb.r) ** 2 + (((n >> 8) & 255) - rgb.g) ** 2 + ((n & 255) - rgb.b) ** 2;
    if (d < bestDistance) { best = base; bestDistance = d; }
  }
  return `${like.prefix}${best}${like.background ? `_${like.background}` : ''}`;
}
