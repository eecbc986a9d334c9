/**
 * `duplicate-id`: a `create` (or no edit-mode) monster, profession or scenario whose id is already defined
 * where it can see (core, its dependencies, earlier in its own mod); a recipe without `"override": true`
 * whose id is already used (spec 2.1, 2.6, section 7).
 */
import type { DefinitionRecord } from '../records/record';
import type { CheckContext, RecordCheck } from './context';
import { describeOrigin, describeRecord, idPath } from './describe';

export const checkDuplicateIds: RecordCheck = (record, ctx) => {
  if (record.abstract) return;
  const redefinition = ctx.project.registry.ofKind(record.kind)?.redefinition ?? 'ignore';
  const isRecipe = redefinition === 'override-flag';
  if (redefinition === 'ignore' || (isRecipe ? record.value.override === true : redefinition === 'edit-mode' && record.editMode !== 'create')) return;
  // The member the spec redefines by (`edit-mode`, a recipe's `override`), when the game refuses it (`game-rejects`):
  // the advice is then what the game reads. The 0.F game loads a later definition of an id in place of the
  // earlier one, and one that copies from its own id keeps the earlier one's members (0.F --check-mods: clean).
  const specMember = isRecipe ? 'override' : 'edit-mode';
  // `replace` (current game): a later mod replaces silently; only a repeat inside one mod is a mistake.
  const sameModOnly = redefinition === 'replace';
  for (let k = 0; k < record.ids.length; k++) {
    const id = record.ids[k];
    const visible = ctx.project.visibleDefinitions(record.kind, id, record.source.modId);
    // Most ids have no other definition: nothing more is worked out for them (the table's fields are not searched).
    if (visible.length === 0 || (visible.length === 1 && visible[0] === record)) continue;
    const refused = rejectsMember(ctx, record.type, specMember);
    // Such a copy of another mod's definition is no duplicate; one of its own mod's is applied on top of the first
    // (a list extended twice: "Duplicate profession X in scenario Y", 0.F --check-mods).
    const selfCopy = refused && record.ids.length === 1 && record.value['copy-from'] === record.ids[0];
    const first = firstEarlier(visible, record, ctx, sameModOnly || selfCopy);
    if (!first) continue;
    const where = first.source === record.source ? 'earlier in this file' : first.source.modId === record.source.modId ? 'in another file of this mod' : `in ${describeOrigin(first)}`;
    const otherId = isRecipe ? 'give this recipe an "id_suffix"' : 'pick another id';
    const remedy = sameModOnly ? 'the later definition replaces the earlier one; remove one or give it another id'
      : selfCopy ? 'this copy-from of its own id changes that one again (a list it extends gets its entries twice); merge the two'
      : refused ? `the ${ctx.project.registry.version.id} game loads this one in its place (it reads no "${specMember}"); to change only some of its members, write "copy-from": "${id}" with just those, or ${otherId}`
        : isRecipe ? `add "override": true to replace it, or ${otherId}`
          : `use "edit-mode": "override" to replace it or "modify" to change it, or ${otherId}`;
    ctx.report({
      record, path: isRecipe && typeof record.value.id !== 'string' ? ['result'] : idPath(record), code: 'duplicate-id', severity: 'error',
      // The spec's rule (2.1, 2.6, section 7); the current game's loaders replace silently (`replace`): a repeat in one mod.
      basis: sameModOnly ? 'reader' : 'spec',
      message: `${describeRecord(ctx.project.registry, record)} is already defined ${where}; ${remedy}`,
      related: [{ record: first, path: idPath(first), message: `first definition of "${id}" (${describeOrigin(first)})` }],
    });
  }
};

/**
 * The first of `visible` that `record` repeats: a definition (not a template, not a modify) loaded before it, of its
 * own mod when `sameMod`. (A loop, not a filter's closure: a closure's variables are made at each call of the check,
 * every definition's.)
 */
function firstEarlier(visible: readonly DefinitionRecord[], record: DefinitionRecord, ctx: CheckContext, sameMod: boolean): DefinitionRecord | undefined {
  for (let i = 0; i < visible.length; i++) {
    const r = visible[i];
    if (r !== record && !r.abstract && (r.editMode === 'create' || r.editMode === 'override') && ctx.project.compareLoadOrder(r, record) < 0 && (!sameMod || r.source.modId === record.source.modId)) return r;
  }
  return undefined;
}

/** Whether the game refuses `member` in a definition of `type` (its table's `gameRejects`). */
function rejectsMember(ctx: CheckContext, type: string, member: string): boolean {
  return ctx.project.registry.schemaOfType(type)?.fields.some((f) => f.name === member && f.gameRejects !== undefined) === true;
}
