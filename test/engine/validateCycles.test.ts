/**
 * A spec that refers to itself (the dialogue language: a condition holds effects, an effect holds conditions) is
 * compiled once, in whatever order its parts are first reached; a value is judged the same whichever came first.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { validateValue } from '../../server/src/schema/validate';
import type { ValueSink } from '../../server/src/schema/valueReports';
import type { ObjectSpec, TypeSpec, UnionSpec } from '../../server/src/schema/types';

function problems(value: unknown, spec: TypeSpec): string[] {
  const out: string[] = [];
  const sink: ValueSink = { problem: (p) => out.push(p.message), reference: () => undefined };
  validateValue(value, spec, [], sink);
  return out;
}

test('a union reached first inside its own cycle still matches the objects it holds (a recipe\'s result_eocs written in place)', () => {
  // The language's shape: an object whose `condition` is a union holding the object, and whose `effect` is another.
  const object: { kind: 'object'; fields: { name: string; type: TypeSpec; description: string }[]; open: true } = { kind: 'object', fields: [], open: true };
  const condition: UnionSpec = { kind: 'union', options: [{ kind: 'string' }, object as ObjectSpec, { kind: 'boolean' }] };
  const effect: UnionSpec = { kind: 'union', options: [{ kind: 'string' }, object as ObjectSpec, { kind: 'array', of: object as ObjectSpec }] };
  object.fields.push({ name: 'condition', type: condition, description: '' }, { name: 'effect', type: effect, description: '' });
  // Compiled from the effect first: the condition union is compiled while the object is.
  assert.deepEqual(problems([{ u_message: 'x' }], effect), []);
  const inPlace: TypeSpec = { kind: 'array', of: { kind: 'union', options: [{ kind: 'string', ref: 'effect_on_condition' }, condition] } };
  assert.deepEqual(problems([{ id: 'EOC_X', effect: [{ u_message: 'hi' }] }, 'EOC_Y'], inPlace), []);
  // A value of no option's type is still one.
  assert.equal(problems([7], inPlace).length, 1);
});
