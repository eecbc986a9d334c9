/**
 * 0.F: where the game's loaders are stricter than its data shows, as refinements of the generated tables
 * (schema/overlay.ts). Each one was found with the real 0.F game's --check-mods (test/recall: a mistake of that
 * kind in a shipped mod is rejected) and checked against all of 0.F's data, which loads cleanly.
 */
import type { TableOverlay } from '../../schema/overlay';

export const OVERLAYS_0F: Readonly<Record<string, TableOverlay>> = {};
