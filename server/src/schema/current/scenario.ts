/**
 * Scenario of the current game (0.I / experimental), written as the changes from the 0.F table
 * (kinds/scenario.ts). Checked against the current game's loader (scenario.cpp) and its data: every scenario of
 * the corpus validates with this table.
 *
 * What changed since 0.F:
 * - no `edit-mode` and no `add:`/`remove:` members (a later definition of an id replaces it);
 * - `custom_initial_date` is gone: `start_of_game` sets when play begins, `start_of_cataclysm` when the
 *   Cataclysm began;
 * - `map_special` (the spec's name) is rejected: the game reads `map_extra`;
 * - members of the spec the game does not read are dropped: `items` (starting items come from professions),
 *   `cbms`, `bionics`, `forced_bionics`, `forbidden_bionics`, `forbids_bionics`;
 * - `name` is a plain string (the loader reads no gendered object), `allowed_locs` is mandatory (a scenario
 *   without a start location fails to load), and list members take a single id in place of the array;
 * - new members: achievements (`requirement`, `hard_requirement`), hobby lists, effects on condition, map
 *   reveal settings.
 */
import type { KindSchema, TypeSpec } from '../types';
import { deriveSchema } from '../derive';
import { BOOLEAN, INTEGER, STRING, arrayOf, ref, union } from '../kinds/common';
import { GAME_DATE, SCENARIO_SCHEMA } from '../kinds/scenario';
import { oneOrMany } from './profession';

const START_LOCATIONS: TypeSpec = union(ref('start_location'), { kind: 'array', of: ref('start_location'), minItems: 1 });

export const SCENARIO_SCHEMA_CURRENT: KindSchema = deriveSchema(SCENARIO_SCHEMA, {
  removed: [
    {
      name: 'custom_initial_date',
      instead: '"start_of_game" (same members: when play begins; omitted ones default to 08:00, day 61, spring, year 1) and/or "start_of_cataclysm" (when the Cataclysm began)',
      migration: { kind: 'rename', to: 'start_of_game' },
    },
    { name: 'map_special', instead: '"map_extra" (the member name the game reads)', migration: { kind: 'rename', to: 'map_extra' } },
  ],
  drop: ['edit-mode', 'items', 'cbms', 'bionics', 'forced_bionics', 'forbidden_bionics', 'forbids_bionics'],
  replace: [
    { name: 'name', type: STRING, required: true, description: 'In-game name (one string; the game reads no `male`/`female` object for scenarios).' },
    { name: 'allowed_locs', type: START_LOCATIONS, required: true, description: 'Start location ids selectable with this scenario; at least one (the first is the default).' },
    { name: 'flags', type: oneOrMany(STRING), description: 'Scenario flags (e.g. `CITY_START`, `LONE_START`, `FIRE_START`, `HELI_CRASH`, `BORDERED`).' },
    { name: 'traits', type: oneOrMany(ref('mutation')), description: 'Trait ids that may be chosen even if they are not starting traits.' },
    { name: 'forced_traits', type: oneOrMany(ref('mutation')), description: 'Trait ids automatically added to the character.' },
    { name: 'forbidden_traits', type: oneOrMany(ref('mutation')), description: 'Trait ids that cannot be selected in character creation.' },
    {
      name: 'professions', type: oneOrMany(ref('profession')),
      description: 'Allowed profession ids; the first is the default. Empty allows every profession without the `SCEN_ONLY` flag; see `blacklist_professions` and `add_professions`.',
    },
    { name: 'missions', type: oneOrMany(ref('mission_definition')), description: 'Mission ids started at game start (origin `ORIGIN_GAME_START` only); the last listed becomes the active mission.' },
  ],
  add: [
    { name: 'requirement', type: ref('achievement'), fromGame: true, description: 'Achievement id a past character must have completed to unlock this scenario when meta progression is on.' },
    { name: 'hard_requirement', type: BOOLEAN, fromGame: true, description: 'When true, `requirement` applies even with meta progression turned off.' },
    { name: 'hobbies', type: arrayOf(ref('profession')), fromGame: true, description: 'Hobby ids: the only hobbies allowed with this scenario (see `whitelist_hobbies`). Empty allows all.' },
    { name: 'whitelist_hobbies', type: BOOLEAN, fromGame: true, default: true, description: 'When false, `hobbies` lists the hobbies that cannot be chosen instead.' },
    { name: 'eoc', type: oneOrMany(ref('effect_on_condition')), fromGame: true, description: 'Effect on condition ids run once for each new character when the scenario starts.' },
    {
      name: 'reveal_locale', type: BOOLEAN, fromGame: true, default: true,
      description: 'When true (default) and a road is near the start, the way to the nearest city and its center are revealed on the map.',
    },
    { name: 'distance_initial_visibility', type: INTEGER, fromGame: true, default: 15, description: 'Radius (overmap tiles) of the map known at the start (default 15).' },
    {
      name: 'start_of_cataclysm', type: GAME_DATE, fromGame: true,
      description: 'When the Cataclysm began: `hour`, `day`, `season`, `year` (defaults 00:00, day 61, spring, year 1). Adjustable in character creation.',
    },
    {
      name: 'start_of_game', type: GAME_DATE, fromGame: true,
      description: 'When play begins: `hour`, `day`, `season`, `year` (defaults 08:00, day 61, spring, year 1); never before the start of the Cataclysm.',
    },
  ],
});
