/**
 * 0.F: what the game's code says about members of generated tables that its data cannot show (reviewed by
 * hand; see MemberRule in schema/generated.ts). Each rule names the code that reads the member.
 */
import type { MemberRules } from '../../schema/generated';
import { BACKGROUND_COLOR_NAMES, COLOR_NAMES, COLOR_RULES } from '../../schema/colors';
import { ITEM_TYPES_0F } from './shared';

const color = { values: COLOR_NAMES };
const background = { values: BACKGROUND_COLOR_NAMES };

export const RULES_0F: MemberRules = {
  // Item_factory::load_basic_info: color_from_string( jo.get_string( "color" ) ).
  ...Object.fromEntries(ITEM_TYPES_0F.map((t) => [t, { color }])),
  TOOL: {
    color,
    // explosion_iuse::load.
    'use_action.draw_explosion_color': color,
    // place_monster_iuse::load: an mtype_id (Aftershock's mon_laserturret_x-ray, a data bug, kept the
    // inference below its bar).
    'use_action.monster_id': { ref: 'MONSTER' },
  },
  GENERIC: { color, 'use_action.monster_id': { ref: 'MONSTER' } },
  // map_data_common_t::load_symbol: color_from_string, or bgcolor_from_string; one per season in an array.
  terrain: { 'color[]?': color },
  furniture: { color, 'bgcolor[]?': background },
  ...COLOR_RULES,
};
