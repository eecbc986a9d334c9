/**
 * A union's options walked straight into the analysis's sink, taken back when they have problems
 * (schema/validate.ts tryOptions), find what the walk through buffers finds: the same problems, worded the same,
 * and the same references in the same order, whichever option fits, when none does, and for a union within one.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace } from '../helpers/workspace';
import { validateTopLevel } from '../../server/src/schema/topLevel';
import type { FoundReference, ValueProblem, ValueSink } from '../../server/src/schema/valueReports';
import { fullValueOf } from '../../server/src/records/record';

/** A sink that cannot take back what it is given: the walk compares a union's options in buffers. */
class PlainSink implements ValueSink {
  readonly problems: ValueProblem[] = [];
  readonly references: FoundReference[] = [];
  problem(p: ValueProblem): void { this.problems.push(p); }
  reference(r: FoundReference): void { this.references.push(r); }
}

const RECIPES = [
  {
    type: 'recipe', result: 'r_fits', category: 'CC_OTHER', skill_used: 'fabrication', time: '1 m',
    // Each component list's entries are a union of tuples: the first fits, the second fits, neither fits.
    components: [[['c_first', 1]], [['c_list', 2, 'LIST']], [['c_bad_count', 'x']], [['c_too_long', 1, 'LIST', 5, 6]]],
    tools: [[['t_first', -1]], [['t_bad', 'x', 'y']]],
    // An array of skills or one skill's tuple.
    skills_required: [['fabrication', 1], ['tailor', 2]],
  },
  { type: 'recipe', result: 'r_one_skill', category: 'CC_OTHER', skill_used: 'fabrication', time: '1 m', skills_required: ['tailor', 1] },
  { type: 'recipe', result: 'r_bad_skill', category: 'CC_OTHER', skill_used: 'fabrication', time: '1 m', skills_required: [1, 'tailor', { x: 1 }] },
  { type: 'recipe', 'copy-from': 'r_fits', result: 'r_child', category: 'CC_OTHER', components: [[['c_child', 1]]] },
];

const MONSTERS = [
  {
    type: 'MONSTER', id: 'mon_union', name: 'u', description: 'd', volume: '1 L', weight: '1 kg', symbol: 'u', color: 'red',
    default_faction: 'zombie', bodytype: 'human', speed: 100, hp: 10,
    // Special attacks: a name, a [name, cooldown] pair, an object of one form or another, and one of none.
    special_attacks: ['SMASH', ['GRAB', 10], { id: 'bite', cooldown: 5 }, { type: 'leap', cooldown: 'x' }, [1, 2, 3]],
  },
];

test('a union\'s options tried in the analysis\'s sink find what buffers find', () => {
  const ws = workspace({ 'm/modinfo.json': modinfo('m'), 'm/recipes.json': RECIPES, 'm/monsters.json': MONSTERS });
  using(ws, () => {
    const registry = ws.project.registry;
    let problems = 0, references = 0;
    for (const rel of ['m/recipes.json', 'm/monsters.json']) {
      const file = ws.project.fileAt(ws.file(rel))!;
      for (const record of file.records) {
        const schema = registry.schemaOfType(record.type);
        if (record.inline || !schema) continue;
        const plain = new PlainSink();
        validateTopLevel(fullValueOf(record), schema, registry.title(record.kind), record.editMode, plain);
        const analysis = ws.project.analysisOf(record);
        assert.deepEqual(analysis.problems, plain.problems, `${record.ids.join()}: the same problems`);
        // The analysis adds a copy-from reference when the walk met none (records/analyze.ts).
        const walked = analysis.references.filter((r) => !(r.path.length === 1 && r.path[0] === 'copy-from') || plain.references.some((p) => p.path[0] === 'copy-from'));
        assert.deepEqual(walked, plain.references.map((r) => ({ ...r, path: [...r.path] })), `${record.ids.join()}: the same references`);
        problems += plain.problems.length;
        references += plain.references.length;
      }
    }
    // Options that fit and options that do not were both walked.
    assert.ok(problems >= 4, `problems found: ${problems}`);
    assert.ok(references >= 10, `references found: ${references}`);
  });
});
