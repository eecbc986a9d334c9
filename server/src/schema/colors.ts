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
