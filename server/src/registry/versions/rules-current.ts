/**
 * The current game: what its code says about members of generated tables that its data cannot show (reviewed
 * by hand from the game's source; see MemberRule in schema/generated.ts). Each rule names the code that reads
 * the member.
 */
import type { MemberRules } from '../../schema/generated';
import { BACKGROUND_COLOR_NAMES, COLOR_NAMES, COLOR_RULES } from '../../schema/colors';

const color = { values: COLOR_NAMES };
const background = { values: BACKGROUND_COLOR_NAMES };

export const RULES_CURRENT: MemberRules = {
  ITEM: {
    // itype::load: color_from_string; explosion_iuse::load for a countdown explosion.
    color,
    'countdown_action.draw_explosion_color': color,
    // place_monster_iuse::load: an mtype_id (Aftershock's mon_copbot, mon_eyebot, mon_milbot_308... that no
    // monster is any more kept the inference below its bar).
    'use_action.monster_id': { ref: 'MONSTER' },
  },
  // map_data_common_t::load_symbol: color_from_string, or bgcolor_from_string; one per season in an array.
  terrain: { 'color[]?': color, bgcolor: background },
  furniture: { 'color[]?': color, 'bgcolor[]?': background },
  ...COLOR_RULES,
};
