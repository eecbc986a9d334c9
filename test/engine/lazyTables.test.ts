/**
 * A type's table is built as the checks reach its members (schema/generated.ts, schema/dialogue.ts): the first
 * check of a file pays for the members its definitions write, and the version's dialogue language is built only
 * when a definition writes dialogue. What is reported is the same either way. (Its own process: the registry of a
 * version, and its dialogue language, are built once per process.)
 */
import { test, mock } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace } from '../helpers/workspace';
import { assertMarked, parseMarked } from '../helpers/marked';

const language = require('../../server/src/schema/dialogueLanguage') as typeof import('../../server/src/schema/dialogueLanguage');

const NO_DIALOGUE = JSON.stringify([
  // A generated table (the current game's ITEM) and a hand-written one (its recipe), neither written with dialogue.
  { type: 'ITEM', id: 'm_cloth', name: { str: 'cloth' }, description: 'A cloth.', weight: '10 g', volume: '250 ml', material: ['cotton'] },
  { type: 'recipe', result: 'm_cloth', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', time: '1 m', components: [[['rag', 1]]] },
]);

const DIALOGUE = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_M", "effect": [ { "u_add_effect": ⟦"eff_clam"⟧, "duration": "1 h" } ] },
  { "type": "recipe", "id": "m_eoc_recipe", "category": "CC_OTHER", "subcategory": "CSC_OTHER_OTHER", "skill_used": "tailor", "time": "1 m",
    "result_eocs": [ { "id": "EOC_M_RESULT", "effect": [ { "u_add_effect": ⟦"eff_calmm"⟧, "duration": "1 h" } ] } ] }
]`);

test('the dialogue language is built when a definition first writes dialogue, not by checking definitions that write none', () => {
  const built = mock.method(language, 'dialogueLanguageOf');
  try {
    const core = { 'json/effects.json': [{ type: 'effect_type', id: 'eff_calm', name: ['Calm'] }] };
    using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/plain.json': NO_DIALOGUE, 'm/dialogue.json': DIALOGUE.text }, core, { gameVersion: 'current' }), (ws) => {
      ws.diagnostics('m/plain.json');
      assert.equal(built.mock.callCount(), 0, 'checking an item and a recipe without dialogue built the dialogue language');
      const list = ws.diagnostics('m/dialogue.json');
      assert.equal(built.mock.callCount(), 1);
      // An effect on condition (its own table) and a recipe's result_eocs (a hand-written table's dialogue member).
      assertMarked(DIALOGUE, list, 'unknown-id');
    });
  } finally {
    built.mock.restore();
  }
});
