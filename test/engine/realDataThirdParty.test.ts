/**
 * Five third-party mods for the current game (../shared/corpora/cdda-current-thirdparty-mods: Berserk,
 * cataclysmWuxia, grind, delta_ethr_corps, delta_abstract_crafting), written by their authors without this tool
 * and never part of what our tables learned from: each checked on its own against the current game's data, as a
 * modder would. Their authors load them in their game, so every diagnostic is a genuine mistake of the mod (named
 * here with its count), something the mod uses that is newer than the current-game corpus (named so), or a false
 * alarm of ours, which must not be here. Skipped without CDDA_CURRENT_GAME and CDDA_THIRDPARTY_MODS (the folder
 * holding the five; `.ci/run` unpacks ../shared/corpora there).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { lint } from '../../server/src/cli/lint';
import { classOf, warningsOnData } from '../helpers/diagnosticClasses';

const GAME = process.env.CDDA_CURRENT_GAME ?? '';
const MODS = process.env.CDDA_THIRDPARTY_MODS ?? '';
const present = GAME !== '' && fs.existsSync(path.join(GAME, 'json')) && MODS !== '' && fs.existsSync(path.join(MODS, 'grind'));
const skip = present ? false : 'CDDA_CURRENT_GAME and CDDA_THIRDPARTY_MODS are not both set (unpack ../shared/corpora/cdda-0.I-experimental.tar.xz and cdda-current-thirdparty-mods.tar.xz)';

/** Per mod, class -> [count, why it is there]. */
const EXPECTED: Record<string, Record<string, [number, string]>> = {
  Berserk: {
    'unit-style/hint: volume': [4, 'monsters\' volumes a larger unit states exactly ("75000 ml" -> "75 L"); a hint'],
    'unit-style/hint: weight': [10, 'as for volume ("70000 g" -> "70 kg")'],
    'unknown-id: effect_str -> effect': [1, 'spells.json: an attack spell applies effect "pain", which neither the mod nor the game defines'],
  },
  cataclysmWuxia: {
    'unit-style/hint: weight': [1, 'jiangshi.json "40000 g" -> "40 kg"'],
    'unknown-field/information: No SPELL in the game\'s data has a member': [50, 'newer than the corpus: spells\' caster_condition and caster_condition_fail_message (25 each), read by later experimental builds; information (the current-game tables cannot know them)'],
    'unknown-id: enchantments[].hit_me_effect[].id -> spell': [3, 'effects.json casts countering_still_hand_actual and still_water_breaks_the_blade_actual/_removal; the mod\'s spells are hua_still_water_breaks_the_blade_* (warnings: enchantment::load reads them as fake spells; the game casts nothing)'],
    'unknown-id: items[][] -> item': [1, 'newer than the corpus: jiangshi_drops.json drops item "cheongsam", which later builds define (Single_item_creator::check_consistency: "item id X is unknown" in this game)'],
    'invalid-value/error: special_attacks': [2, 'animals.json and zombified_animals.json give special_attacks one object, not an array: the game reads special_attacks only as an array (mtype::load), so the drain attack is never loaded'],
    'unknown-id: flags[] -> monster flag': [1, 'newer than the corpus: monster flag UNBREAKABLE_MORALE (mon_flag_UNBREAKABLE_MORALE of later builds)'],
    'unknown-id: extend.special_attacks[].id -> monster attack': [1, 'newer than the corpus: monster attack hulk_wide_swing of later builds'],
  },
  delta_abstract_crafting: {
    'unknown-id: result -> item': [3, 'abstract_crafting.json makes ethr_hev_armor_under/_mask/_helmet, items of delta_ethr_corps, a mod it does not depend on'],
  },
  delta_ethr_corps: {
    'unknown-id: weapon_category[] -> weapon category': [1, 'ethr_tools.json: weapon category "BATON"; the game\'s is "BATONS"'],
  },
  grind: {
    // A field type's indestructible, newer than the corpus's data, is accepted: JSON_INFO.md documents it.
    'unknown-id: enchantments[].incoming_damage_mod[].type -> damage type': [1, 'mutations.json: damage type "biologicl" (biological)'],
  },
};

for (const [mod, expected] of Object.entries(EXPECTED)) {
  test(`third-party mod ${mod}, checked against the current game: only its genuine mistakes and what is newer than the corpus`, { skip }, () => {
    const result = lint({ paths: [path.join(MODS, mod)], gamePath: GAME });
    assert.ok(result.filesChecked > 0, `checked ${result.filesChecked} files`);
    const counts: Record<string, number> = {};
    for (const list of result.diagnostics.values()) for (const d of list) counts[classOf(d)] = (counts[classOf(d)] ?? 0) + 1;
    assert.deepEqual(counts, Object.fromEntries(Object.entries(expected).map(([k, [n]]) => [k, n])));
    // Nothing above information rests on the data alone.
    assert.deepEqual(warningsOnData(result.diagnostics), []);
  });
}
