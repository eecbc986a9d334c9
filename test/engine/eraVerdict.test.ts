/**
 * The era a mod's own content is written for (registry/versions/writtenFor.ts, eras.ts): one decisive definition
 * places a mod; a few strays of another format do not move it; the verdict names the eras the evidence leaves and
 * the forms that rule the checked game out.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { emptyTally, eraVerdict, formsOf, tallyDefinition, type FormTally } from '../../server/src/registry/versions/writtenFor';
import { erasTitle } from '../../server/src/registry/versions/eras';

/** A tally of definitions given as plain objects. */
function tally(...defs: Record<string, unknown>[]): FormTally {
  const t = emptyTally();
  for (const d of defs) tallyDefinition(formsOf({ type: String(d.type), member: (m) => d[m] }), t);
  return t;
}
const ITEM = { type: 'ITEM', id: 'new' };
const TOOL = { type: 'TOOL', id: 'old' };
const GROUP_BY_NAME = { type: 'monstergroup', name: 'GROUP_OLD', monsters: [{ monster: 'mon_zombie', freq: 1 }] };
const GROUP_WEIGHED = { type: 'monstergroup', name: 'GROUP_2024', monsters: [{ monster: 'mon_zombie', weight: 1 }] };
const EOC = { type: 'effect_on_condition', id: 'EOC_X' };
const MONSTER = { type: 'MONSTER', id: 'mon_x' };

test('one decisive definition places a mod; definitions of types every version has place nothing', () => {
  assert.equal(eraVerdict('0.F', tally(MONSTER, MONSTER, MONSTER)), undefined);
  const v = eraVerdict('0.F', tally(ITEM, MONSTER, MONSTER, MONSTER));
  assert.equal(v?.title, 'current (0.I / experimental)');
  assert.equal(v?.direction, 'newer');
  assert.equal(v?.fitsVersion, 'current');
  assert.deepEqual(v?.against.map((c) => [c.form.id, c.count]), [['item-type', 1]]);
  const old = eraVerdict('current', tally(GROUP_BY_NAME));
  assert.equal(old?.title, '0.F (Frank) or an experimental build before January 2025\'s monster group ids');
  assert.equal(old?.direction, 'older');
  assert.equal(old?.fitsVersion, '0.F');
});

test('the evidence of both sides narrows the era: a 2024 mod is after 0.F and before 2025', () => {
  const t = tally(TOOL, TOOL, GROUP_WEIGHED, EOC);
  const onCurrent = eraVerdict('current', t);
  assert.equal(onCurrent?.title, 'an experimental build between 0.F and January 2025 (0.G, 0.H)');
  assert.deepEqual(onCurrent?.against.map((c) => c.form.id), ['legacy-item-types', 'monstergroup-name']);
  assert.deepEqual(onCurrent?.placing.map((c) => c.form.id).sort(), ['monstergroup-weight', 'types-after-0F']);
  assert.equal(onCurrent?.fitsVersion, undefined, 'no supported version reads it');
  const on0F = eraVerdict('0.F', t);
  assert.equal(on0F?.direction, 'newer');
  assert.deepEqual(on0F?.against.map((c) => c.form.id).sort(), ['monstergroup-weight', 'types-after-0F']);
});

test('near misses: strays of another format, as many as the checked game\'s forms, give no verdict', () => {
  assert.equal(eraVerdict('current', tally(ITEM, ITEM, TOOL)), undefined);
  assert.equal(eraVerdict('0.F', tally(TOOL, TOOL, ITEM)), undefined);
  assert.equal(eraVerdict('0.F', tally(TOOL, ITEM)), undefined, 'a tie goes to the checked game');
  // The majority decides against the checked game: the strays are not counted as evidence for the verdict.
  const v = eraVerdict('current', tally(TOOL, TOOL, ITEM));
  assert.equal(v?.title, '0.F (Frank) or an experimental build before 2025\'s item types');
  assert.deepEqual(v?.placing, []);
});

test('eras in words', () => {
  assert.equal(erasTitle(0, 0), '0.F (Frank)');
  assert.equal(erasTitle(1, 2), 'an experimental build after 0.F and before 2025\'s item types');
  assert.equal(erasTitle(1, 3), 'an experimental build after 0.F, or current (0.I / experimental)');
  assert.equal(erasTitle(0, 3), 'any format');
});
