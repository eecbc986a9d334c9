/**
 * Recall against the real 0.F game: the single-mistake copies of shipped mods (test/recall/mistakes.ts), each
 * with the game's own verdict (test/recall/verdicts-0.F.json, recorded with scripts/record-verdicts.mjs), run
 * through our engine (one Project over the game, each mistake applied with updateFile and undone). Per family:
 * the mistakes the game rejects that we report AT the mistake (a new error or warning whose range meets the
 * changed member, value or definition), those we miss, and those the game accepts that we flag anyway.
 * Every miss and every flag is named below with its reason, so a regression — or a fix — changes the test: the
 * lists are exact, so no family's recall can fall below the measured one unnoticed.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { createHash } from 'crypto';
import { Project } from '../../server/src/project';
import type { Diagnostic } from '../../server/src/diagnostic';
import { applyMistake, DEFAULT_SEED, FAMILY_NAMES, generateMistakes, type Mistake } from '../recall/mistakes';

const GAME = '/usr/share/games/cataclysm-dda';
const present = fs.existsSync(path.join(GAME, 'json')) && fs.existsSync(path.join(GAME, 'mods'));
const VERDICTS = path.resolve(__dirname, '..', '..', '..', 'test', 'recall', 'verdicts-0.F.json');

interface Verdict { readonly rejected: boolean | null; readonly messages: readonly string[]; readonly edit: string }

/** Game-rejected mistakes we do not report at the mistake: name -> why. */
const MISSED: Record<string, string> = {
};

/**
 * Game-accepted mistakes we report: name -> why that is right (a rule of the spec) or what is left to fix. (An id
 * that names nothing where only the data says what kind is read is information, not reported: see basis.ts.)
 */
const SPEC_DUPLICATE = 'spec section 7: a create whose id is already defined is an error (edit-mode override/modify says what is meant); the 0.F game silently lets the later definition win';
const NAMES_NOTHING = 'the id names nothing the game knows; 0.F does not look it up when loading, only when it is used (a debug message, or the effect silently missing)';
// An id naming nothing where only the data shows the member's kind is information (see Basis), not flagged: 12
// such mistakes the game accepts (an item's category, a spell's affected body parts, an effect's removed or
// blocked effects, a mapgen item, a flag) left this list when the basis cap came in.
const FLAGGED: Record<string, string> = {
  'monsters/duplicate-id/Magiclysm/monsters/forgedwellers.json#/2': SPEC_DUPLICATE,
  'monsters/duplicate-id/Aftershock/mobs/robots.json#/21': 'the copy repeats the original\'s own spec violation (no bodytype, spec 2.2; counted in the real-data test): the second definition reports it too',
  'spells/missing-id/Magiclysm/Spells/item_only.json#/2/effect_str': NAMES_NOTHING + ' (the spell spawns no item)',
  'recipes/duplicate-id/Aftershock/recipes/recipes.json#/9': 'spec 2.6 and section 7: a recipe id already in use without "override" fails; 0.F replaces it silently',
  'professions/duplicate-id/Fuji_Mil_Prof/prof/spc.json#/1': SPEC_DUPLICATE,
  'professions/duplicate-id/CRT_EXPANSION/scenarios/crt_classes.json#/14': SPEC_DUPLICATE,
};

const fingerprint = (m: Mistake): string => createHash('sha1').update(JSON.stringify([m.file, m.edit])).digest('hex').slice(0, 12);
const reported = (d: Diagnostic): boolean => d.severity === 'error' || d.severity === 'warning';
const keyOf = (d: Diagnostic): string => `${d.code}|${d.message}`;

/** The diagnostics of `after` that `before` does not have (as code and message, counted). */
function fresh(before: readonly Diagnostic[], after: readonly Diagnostic[]): Diagnostic[] {
  const left = new Map<string, number>();
  for (const d of before) left.set(keyOf(d), (left.get(keyOf(d)) ?? 0) + 1);
  return after.filter((d) => {
    const n = left.get(keyOf(d)) ?? 0;
    if (n > 0) { left.set(keyOf(d), n - 1); return false; }
    return true;
  });
}

interface Outcome { readonly mistake: Mistake; readonly rejected: boolean; readonly atMistake: Diagnostic[]; readonly elsewhere: Diagnostic[] }

test('recall against the 0.F game: every family, every miss and flag named', { skip: present ? false : `no game data at ${GAME} (apt-get install cataclysm-dda-data)` }, () => {
  const { mistakes, mods } = generateMistakes(GAME, DEFAULT_SEED);
  const verdicts = (JSON.parse(fs.readFileSync(VERDICTS, 'utf8')) as { verdicts: Record<string, Verdict> }).verdicts;
  const stale = mistakes.filter((m) => verdicts[m.name]?.edit !== fingerprint(m)).map((m) => m.name);
  assert.deepEqual(stale, [], 'mistakes without a recorded verdict of the game: run scripts/record-verdicts.mjs (see docs/testing.md)');

  const project = new Project({ gamePath: GAME, roots: mods.map((m) => path.join(GAME, 'mods', m)) });
  project.load();
  const baselines = new Map<string, Diagnostic[]>();
  const outcomes: Outcome[] = [];
  for (const m of mistakes) {
    const file = path.join(GAME, 'mods', m.mod, m.file);
    const original = fs.readFileSync(file, 'utf8');
    if (!baselines.has(file)) baselines.set(file, project.diagnostics(file).filter(reported));
    project.updateFile(file, applyMistake(original, m));
    const added = fresh(baselines.get(file)!, project.diagnostics(file).filter(reported));
    project.updateFile(file, original);
    const meets = (d: Diagnostic): boolean => d.start <= m.at.end && d.end >= m.at.start;
    const verdict = verdicts[m.name];
    assert.notEqual(verdict.rejected, null, `${m.name}: the game could not run on it; record it again`);
    outcomes.push({ mistake: m, rejected: verdict.rejected === true, atMistake: added.filter(meets), elsewhere: added.filter((d) => !meets(d)) });
  }

  const rows = FAMILY_NAMES.map((family) => {
    const of = outcomes.filter((o) => o.mistake.family === family);
    const rejected = of.filter((o) => o.rejected);
    const caught = rejected.filter((o) => o.atMistake.length > 0).length;
    const flagged = of.filter((o) => !o.rejected && o.atMistake.length + o.elsewhere.length > 0).length;
    return { family, mistakes: of.length, rejected: rejected.length, caught, missed: rejected.length - caught, flagged, recall: rejected.length ? caught / rejected.length : 1 };
  });
  const total = rows.reduce((t, r) => ({ mistakes: t.mistakes + r.mistakes, rejected: t.rejected + r.rejected, caught: t.caught + r.caught, flagged: t.flagged + r.flagged }), { mistakes: 0, rejected: 0, caught: 0, flagged: 0 });
  const pct = (x: number): string => `${(100 * x).toFixed(0)}%`;
  console.log(['family             mistakes  rejected  caught  missed  recall  flagged(accepted)',
    ...rows.map((r) => `${r.family.padEnd(18)} ${String(r.mistakes).padStart(8)}  ${String(r.rejected).padStart(8)}  ${String(r.caught).padStart(6)}  ${String(r.missed).padStart(6)}  ${pct(r.recall).padStart(6)}  ${String(r.flagged).padStart(7)}`),
    `${'all'.padEnd(18)} ${String(total.mistakes).padStart(8)}  ${String(total.rejected).padStart(8)}  ${String(total.caught).padStart(6)}  ${String(total.rejected - total.caught).padStart(6)}  ${pct(total.caught / total.rejected).padStart(6)}  ${String(total.flagged).padStart(7)}`].join('\n'));

  const describe = (o: Outcome): string => `${o.mistake.name}  (${o.mistake.description})${o.elsewhere.length ? `; we report elsewhere: ${o.elsewhere.map((d) => `${d.code}: ${d.message}`).join(' / ')}` : ''}${o.rejected ? `; the game: ${verdicts[o.mistake.name].messages.join(' / ')}` : ''}`;
  const missed = outcomes.filter((o) => o.rejected && o.atMistake.length === 0);
  const flagged = outcomes.filter((o) => !o.rejected && o.atMistake.length + o.elsewhere.length > 0);
  assert.deepEqual(missed.map((o) => o.mistake.name).filter((n) => !(n in MISSED)), [], `misses not explained in MISSED:\n${missed.filter((o) => !(o.mistake.name in MISSED)).map(describe).join('\n')}`);
  assert.deepEqual(Object.keys(MISSED).filter((n) => !missed.some((o) => o.mistake.name === n)), [], 'MISSED lists mistakes we now catch (or that no longer exist): remove them');
  assert.deepEqual(flagged.map((o) => o.mistake.name).filter((n) => !(n in FLAGGED)), [], `flags on mistakes the game accepts, not justified in FLAGGED:\n${flagged.filter((o) => !(o.mistake.name in FLAGGED)).map((o) => `${describe(o)}; at the mistake: ${o.atMistake.map((d) => `${d.code}: ${d.message}`).join(' / ')}`).join('\n')}`);
  assert.deepEqual(Object.keys(FLAGGED).filter((n) => !flagged.some((o) => o.mistake.name === n)), [], 'FLAGGED lists mistakes we no longer flag (or that no longer exist): remove them');
});
