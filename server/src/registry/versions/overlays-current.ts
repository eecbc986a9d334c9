/**
 * The current game: refinements of its generated tables (schema/overlay.ts) where its data alone cannot show what
 * a member names. Checked against all of the current game's data (test/engine/realDataCurrent.test.ts).
 */
import type { TableOverlay } from '../../schema/overlay';
import { SPELL_EFFECT_STR_CURRENT } from './shared';

export const OVERLAYS_CURRENT: Readonly<Record<string, TableOverlay>> = {
  // Its data names effects, monsters, items, EOCs... in effect_str: which, only the spell's effect tells.
  SPELL: { effect_str: { refBy: SPELL_EFFECT_STR_CURRENT } },
};
