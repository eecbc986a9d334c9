/**
 * Effects on condition run by id (`run_eocs`, `queue_eocs`, wherever an effect is written), and those written in
 * place with an id (records/inlineDefinitions.ts): the game registers the latter under their id, so a `run_eocs`
 * elsewhere may name them. Fixtures mark the ids that must be reported (⟦...⟧).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { modinfo, using, workspace, writeTree, MINI_CORE, type TestWorkspace } from '../helpers/workspace';
import { assertMarked, parseMarked, type MarkedText } from '../helpers/marked';
import { definitions } from '../../server/src/queries/definition';
import { referencesTo } from '../../server/src/queries/references';
import { complete } from '../../server/src/queries/completion';
import { symbolAt } from '../../server/src/queries/symbol';
import { rename } from '../../server/src/queries/rename';
import { documentSymbols } from '../../server/src/queries/symbols';
import { Project } from '../../server/src/project';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync } from '../../server/src/cache/store';
import { registryOf } from '../../server/src/registry/versions';
import { VERSION_CURRENT } from '../../server/src/registry/versions/current';
import { VERSION_0F } from '../../server/src/registry/versions/v0F';

const CORE_CURRENT = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }],
  'json/eocs.json': [
    { type: 'effect_on_condition', id: 'EOC_HELLO', effect: [{ u_message: 'hello' }] },
    // Written in place, with ids: EOC_INNER and EOC_DEEPER are effects on condition of their own.
    { type: 'effect_on_condition', id: 'EOC_OUTER', effect: [{ run_eocs: [{ id: 'EOC_INNER', effect: [{ run_eocs: { id: 'EOC_DEEPER', effect: [] } }] }] }] },
    // Not definitions: no id; run_eoc_with names an EOC (no effect).
    { type: 'effect_on_condition', id: 'EOC_OTHER', effect: [{ run_eocs: [{ effect: [] }] }, { run_eoc_with: { id: 'EOC_HELLO', variables: {} } }] },
  ],
};

function withMod(fixture: MarkedText, body: (ws: TestWorkspace) => void): void {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/content.json': fixture.text }, CORE_CURRENT), body);
}

const FIXTURE = parseMarked(`[
  { "type": "effect_on_condition", "id": "EOC_M", "effect": [
    { "run_eocs": "EOC_HELLO" },
    { "run_eocs": [ "EOC_INNER", "EOC_DEEPER", ⟦"EOC_HELO"⟧ ] },
    { "run_eocs": ⟦"EOC_NOPE"⟧, "time_in_future": "1 s" },
    { "queue_eocs": [ ⟦"EOC_QUEUED"⟧ ] },
    { "run_eocs": [ { "id": "EOC_M_INLINE", "effect": [ { "run_eocs": "EOC_M_INLINE" } ] } ] },
    { "run_eocs": [ "EOC_M_INLINE" ] }
  ] },
  { "type": "talk_topic", "id": "TALK_M", "dynamic_line": "hi", "responses": [ { "text": "go", "topic": "TALK_DONE", "effect": { "run_eocs": [ ⟦"EOC_OTHERS"⟧, "EOC_OTHER" ] } } ] }
]`);

test('run_eocs and queue_eocs name effects on condition: top-level ones, and those written in place with an id', () => {
  withMod(FIXTURE, (ws) => {
    const list = ws.diagnostics('m/content.json');
    assertMarked(FIXTURE, list, 'unknown-id');
    assert.ok(list.some((d) => d.message === '"effect[1].run_eocs[2]": unknown effect on condition "EOC_HELO"; did you mean "EOC_HELLO"?'), list.map((d) => d.message).join('\n'));
  });
});

test('an effect on condition written in place: go to definition lands on its id, find references and rename start there, completion offers it', () => {
  withMod(FIXTURE, (ws) => {
    const file = ws.file('m/content.json');
    const text = FIXTURE.text;
    // From a run_eocs of another file to the id written in place in core.
    const [target] = definitions(ws.project, file, text.indexOf('"EOC_INNER"') + 2);
    assert.ok(target.path.endsWith('eocs.json'));
    assert.equal(fs.readFileSync(target.path, 'utf8').slice(target.start, target.end), '"EOC_INNER"');
    // The id written in place is a definition: the symbol there is the effect on condition, whose references
    // are the run_eocs naming it.
    const at = text.indexOf('"id": "EOC_M_INLINE"') + 8;
    const s = symbolAt(ws.project, file, at);
    assert.deepEqual(s && [s.kind, s.id, s.reference], ['effect_on_condition', 'EOC_M_INLINE', undefined]);
    const refs = referencesTo(ws.project, 'effect_on_condition', 'EOC_M_INLINE').map((r) => text.slice(r.start, r.end));
    assert.deepEqual(refs, ['"EOC_M_INLINE"', '"EOC_M_INLINE"']);
    // Rename from the id written in place: it and both run_eocs naming it.
    const renamed = rename(ws.project, file, at, 'EOC_M_RENAMED');
    assert.ok(renamed?.ok, JSON.stringify(renamed));
    assert.deepEqual(renamed.edits.map((e) => `${text.slice(e.start, e.end)}->${e.newText}`), Array(3).fill('"EOC_M_INLINE"->"EOC_M_RENAMED"'));
    // Completion in a list of run_eocs.
    const offset = text.indexOf('"EOC_DEEPER"') + 5;
    const labels = complete(ws.project, file, offset).items.map((i) => i.label);
    assert.ok(labels.includes('EOC_DEEPER') && labels.includes('EOC_INNER') && labels.includes('EOC_HELLO'), labels.join(', '));
    // The outline lists the definitions themselves, not what they hold.
    assert.deepEqual(documentSymbols(ws.project, file).map((e) => e.name), ['EOC_M', 'TALK_M']);
  });
});

test('an effect on condition written in place comes and goes with the text that writes it', () => {
  withMod(FIXTURE, (ws) => {
    const core = path.join(ws.game, 'json', 'eocs.json');
    const original = fs.readFileSync(core, 'utf8');
    ws.project.updateFile(core, original.replace('"EOC_INNER"', '"EOC_INNER_RENAMED"'));
    const ids = ws.diagnostics('m/content.json').filter((d) => d.code === 'unknown-id').map((d) => /"([^"]+)";?/.exec(d.message.split(': ')[1])?.[1]);
    assert.ok(ids.includes('EOC_INNER'), ids.join(', '));
    ws.project.updateFile(core, original);
    assertMarked(FIXTURE, ws.diagnostics('m/content.json'), 'unknown-id');
    // A definition inserted before it: the object holding EOC_INNER moves, unchanged, and still defines it.
    ws.project.updateFile(core, original.replace('[', '[ { "type": "effect_on_condition", "id": "EOC_FIRST", "effect": [] },'));
    assertMarked(FIXTURE, ws.diagnostics('m/content.json'), 'unknown-id');
  });
});

test('a warm start from the cache keeps the effects on condition written in place', () => {
  const game = writeTree({ ...MINI_CORE, ...CORE_CURRENT });
  const mods = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/content.json': FIXTURE.text });
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-cache-test-'));
  try {
    const load = (): Project => {
      const p = new Project({ gamePath: game, roots: [path.join(mods, 'm')], cache: { dir: cacheDir, log: () => undefined } });
      p.load();
      return p;
    };
    const cold = load();
    const w = finish(cold.saveCacheSteps());
    assert.ok(w && writeCacheSync(w, () => undefined), 'the cache is written');
    const warm = load();
    assert.ok((warm.cacheUse()?.hits ?? 0) > 0, 'read from the cache');
    const inline = (p: Project) => [...p.files.values()].flatMap((f) => f.records.filter((r) => r.inline).map((r) => `${r.kind}:${r.ids.join()}#${r.index}`)).sort();
    assert.deepEqual(inline(warm), inline(cold));
    assert.deepEqual(inline(cold), ['effect_on_condition:EOC_DEEPER#1', 'effect_on_condition:EOC_INNER#1', 'effect_on_condition:EOC_M_INLINE#0']);
    assertMarked(FIXTURE, warm.diagnostics(path.join(mods, 'm', 'content.json')), 'unknown-id');
  } finally {
    for (const d of [game, mods, cacheDir]) fs.rmSync(d, { recursive: true, force: true });
  }
});

test('the current game declares where its definitions write effects on condition in place as its tables show it', () => {
  const registry = registryOf(VERSION_CURRENT);
  assert.deepEqual(registry.inlineEocRoots, registry.deriveInlineEocRoots(), 'regenerate VERSION_CURRENT.inlineEocRoots (see KindRegistry.deriveInlineEocRoots)');
  assert.deepEqual(registry.inlineEocRoots?.talk_topic, ['responses', 'speaker_effect']);
  // A mission's effects run effects on condition by id in the game's data: one may be written in place there.
  assert.deepEqual(registry.inlineEocRoots?.mission_definition, ['end', 'start']);
  // 0.F has no effects on condition.
  assert.equal(registryOf(VERSION_0F).inlineEocRoots, undefined);
});

test('an effect on condition written in place in a mission\'s start or end effect, or a topic\'s speaker effect, is defined too (the game\'s data only names them there)', () => {
  const fixture = parseMarked(`[
  { "type": "mission_definition", "id": "MISSION_M", "name": "m", "goal": "MGOAL_NULL", "difficulty": 1, "value": 1, "origins": [ "ORIGIN_SECONDARY" ],
    "start": { "effect": [ { "run_eocs": [ { "id": "EOC_M_START", "effect": [ ] } ] } ] },
    "end": { "effect": [ { "run_eocs": "EOC_M_SPEAKER" } ] } },
  { "type": "talk_topic", "id": "TALK_M", "dynamic_line": "hi", "responses": [ { "text": "ok", "topic": "TALK_DONE" } ],
    "speaker_effect": { "effect": [ { "run_eocs": [ { "id": "EOC_M_SPEAKER", "effect": [ ] } ] } ] } },
  { "type": "effect_on_condition", "id": "EOC_M_RUN", "effect": [ { "run_eocs": [ "EOC_M_START", "EOC_M_SPEAKER", ⟦"EOC_M_STRAT"⟧ ] } ] }
]`);
  withMod(fixture, (ws) => assertMarked(fixture, ws.diagnostics('m/content.json'), 'unknown-id'));
});
