/**
 * Spec 2.2.4 and section 7: a `gun` special attack whose monster starts with more of its `ammo_type` than the
 * attack's `max_ammo` makes the game print a debug message. A warning: the monster still loads.
 */
import type { CheckContext, RecordCheck } from './context';
import type { DefinitionRecord } from '../records/record';

// (The test of the type apart from the body: a function whose variables a closure captures makes their context at
// each call, before any test, and every definition is checked.)
export const checkGunAmmo: RecordCheck = (record, ctx) => {
  if (record.type === 'MONSTER') checkMonster(record, ctx);
};

function checkMonster(record: DefinitionRecord, ctx: CheckContext): void {
  const attacks = record.value.special_attacks;
  const starting = record.value.starting_ammo;
  if (!Array.isArray(attacks) || typeof starting !== 'object' || starting === null) return;
  attacks.forEach((attack, i) => {
    if (typeof attack !== 'object' || attack === null || Array.isArray(attack)) return;
    const a = attack as Record<string, unknown>;
    if (a.type !== 'gun' || typeof a.max_ammo !== 'number' || typeof a.ammo_type !== 'string') return;
    const count = (starting as Record<string, unknown>)[a.ammo_type];
    if (typeof count !== 'number' || count <= a.max_ammo) return;
    ctx.report({
      record, path: ['special_attacks', i, 'max_ammo'], code: 'invalid-value', severity: 'warning', basis: 'spec',
      message: `"special_attacks[${i}].max_ammo" is ${a.max_ammo}, but "starting_ammo" gives ${count} "${a.ammo_type}": the game prints a debug message when the ammo exceeds max_ammo`,
      related: [{ record, path: ['starting_ammo', a.ammo_type], message: `starting_ammo of "${a.ammo_type}"` }],
    });
  });
}
