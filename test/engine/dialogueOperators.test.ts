/**
 * The dialogue language covers every operator the current game documents (test/engine/dialogueOperatorsDocumented.ts,
 * from doc/JSON/EFFECT_ON_CONDITION.md and NPCs.md): each is in the operator table (schema/dialogueOperators.ts) in
 * its role, and a member of the version's dialogue language with the docs' description, whether or not the game's
 * own data writes it; the kinds operators and arguments name are the version's index kinds.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { findVersion, registryOf } from '../../server/src/registry/versions';
import { ARGUMENT_READERS, DIALOGUE_OPERATORS } from '../../server/src/schema/dialogueOperators';
import type { ObjectSpec } from '../../server/src/schema/types';
import { DOCUMENTED_CONDITIONS, DOCUMENTED_EFFECTS } from './dialogueOperatorsDocumented';
import { modinfo, workspace } from '../helpers/workspace';


/** The current game's dialogue language object (built when a table first reads a dialogue container). */
function currentLanguage(): ObjectSpec {
  const registry = registryOf(findVersion('current')!);
  const condition = registry.schemaOfType('effect_on_condition')?.fields.find((f) => f.name === 'condition')?.type;
  assert.ok(condition?.kind === 'union');
  const object = condition.options.find((o): o is ObjectSpec => o.kind === 'object');
  assert.ok(object);
  return object;
}

test('dialogue operators: every documented condition and effect is in the table, in its role, and in the language with its description', () => {
  const fields = new Map(currentLanguage().fields.map((f) => [f.name, f]));
  for (const [role, documented] of [['condition', DOCUMENTED_CONDITIONS], ['effect', DOCUMENTED_EFFECTS]] as const) {
    const missing = documented.filter((name) => !DIALOGUE_OPERATORS.get(name)?.roles.includes(role));
    const undescribed = documented.filter((name) => !/operator \(doc\/JSON\//.test(fields.get(name)?.description ?? ''));
    const covered = documented.length - new Set([...missing, ...undescribed]).size;
    console.log(`${role}s: ${covered} of ${documented.length} documented covered`);
    assert.deepEqual(missing, [], `${role}s documented but not in schema/dialogueOperators.ts`);
    assert.deepEqual(undescribed, [], `${role}s documented but not described by the language`);
  }
});

test('dialogue operators: the kinds they name are index kinds of the current game (declared, or a type it loads as its own kind)', () => {
  const registry = registryOf(findVersion('current')!);
  const indexed = (kind: string): boolean => registry.ofKind(kind) !== undefined || (registry.isKnownType(kind) && registry.kindOfType(kind) === kind);
  const reviewed = [...DIALOGUE_OPERATORS.values()].flatMap((op) => [...(op.reads?.otherwise ?? []), ...Object.values(op.reads?.kinds ?? {}).flat()].map((kind) => [op.name, kind] as const));
  const named = [...[...DIALOGUE_OPERATORS.values()].map((op) => [op.name, op.names] as const), ...reviewed, ...[...ARGUMENT_READERS].map(([name, a]) => [name, a.names] as const)];
  assert.deepEqual(named.filter(([, kind]) => kind !== undefined && !indexed(kind)).map(([name, kind]) => `${name}: ${kind}`), []);
});

test('dialogue operators: one the data never writes is read as the docs say (a reference where it names a kind); 0.F has none', () => {
  const fields = new Map(currentLanguage().fields.map((f) => [f.name, f]));
  // u_has_visible_trait: a string or a variable object naming a trait, never written in the current game's data.
  const visible = fields.get('u_has_visible_trait')?.type;
  assert.ok(visible?.kind === 'union');
  assert.deepEqual(visible.options.map((o) => (o.kind === 'string' ? `string @${o.ref}` : o.kind)), ['string @mutation', 'object']);
  // An argument only: any value, described by the operators that take it.
  assert.match(fields.get('loc_1')?.description ?? '', /An argument of `line_of_sight`/);
  assert.equal(findVersion('0.F')!.dialogue?.operators, undefined, "0.F's dialogue is older: the current docs do not apply");
});

test('dialogue operators: an argument the data never writes is read as the docs say (a flag is true or false; a trap searched for names a trap)', () => {
  const eoc = (id: string, look: Record<string, unknown>): Record<string, unknown> => ({
    type: 'effect_on_condition', id,
    condition: { line_of_sight: 10, loc_1: { context_val: 'a' }, loc_2: { context_val: 'b' }, ...look },
    effect: [{ u_location_variable: { context_val: 'loc' }, trap: 'tr_unknown_thing', target_max_radius: 5 }],
  });
  const ws = workspace({ 'm/modinfo.json': modinfo('m'), 'm/eocs.json': [eoc('EOC_A', { with_fields: 'no' }), eoc('EOC_B', { with_fields: false })] }, { 'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }] }, { gameVersion: 'current' });
  const found = ws.diagnostics('m/eocs.json').map((d) => `${d.code}/${d.severity}: ${d.message.split(';')[0]}`);
  assert.deepEqual(found, [
    'invalid-value/warning: "condition.with_fields" is "no" (string)',
    'unknown-id/warning: "effect[0].trap": unknown trap "tr_unknown_thing"',
    'unknown-id/warning: "effect[0].trap": unknown trap "tr_unknown_thing"',
  ]);
});
