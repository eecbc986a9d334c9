/**
 * The current game: refinements of its generated tables (schema/overlay.ts) where its data alone cannot show what
 * a member names. Each names the code that reads the member; all are checked against all of the current game's
 * data (test/engine/realDataCurrent.test.ts).
 */
import type { Refinement, TableOverlay } from '../../schema/overlay';
import type { SiblingRef } from '../../schema/types';
import { REQUIREMENT_MEMBERS_CURRENT, USING_CURRENT } from '../../schema/current/recipe';
import { SPELL_EFFECT_STR_CURRENT } from './shared';

/**
 * Item flags are json_flag ids: Item_factory::finalize_post drops any other ("itype X uses undefined flag Y.
 * Please add corresponding 'json_flag' entry to json."). The generator took no kind because some flags are also
 * ids of other kinds.
 */
const JSON_FLAG: Refinement = { ref: 'json_flag' };

/**
 * A harvest entry's `drop` (harvest_list::check_consistency, "Harvest list X has invalid entry"): an item, or an
 * item group when the entry's harvest_drop_type is a group one (`"group": true`: the game's bionic_group and
 * mutagen_group).
 */
const HARVEST_DROP: SiblingRef = { member: 'type', kinds: { bionic_group: ['item_group'], mutagen_group: ['item_group'] }, otherwise: ['item'] };

/** requirement_data::load_requirement, the reader of recipes' requirements ("unknown component", "unknown tool"). */
const REQUIREMENTS: TableOverlay = {
  tools: { type: REQUIREMENT_MEMBERS_CURRENT.tools },
  components: { type: REQUIREMENT_MEMBERS_CURRENT.components },
  qualities: { type: REQUIREMENT_MEMBERS_CURRENT.qualities },
};

export const OVERLAYS_CURRENT: Readonly<Record<string, TableOverlay>> = {
  ITEM: { flags: JSON_FLAG, 'flags[]': JSON_FLAG },
  harvest: { 'entries[].drop': { refBy: HARVEST_DROP } },
  requirement: REQUIREMENTS,
  // construction::load reads its requirements in place with the same reader, and `using` as recipes do.
  construction: { ...REQUIREMENTS, using: { type: USING_CURRENT } },
  // Its data names effects, monsters, items, EOCs... in effect_str: which, only the spell's effect tells.
  SPELL: { effect_str: { refBy: SPELL_EFFECT_STR_CURRENT } },
};
