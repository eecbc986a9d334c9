/**
 * `duplicate-id`: a `create` (or no edit-mode) monster, profession or scenario whose id is already defined
 * where it can see (core, its dependencies, earlier in its own mod); a recipe without `"override": true`
 * whose id is already used (spec 2.1, 2.6, section 7).
 */
import type { DefinitionRecord } from '../records/record';
import type { RecordCheck } from './context';
import { describeOrigin, describeRecord, idPath } from './describe';

export const checkDuplicateIds: RecordCheck = (record, ctx) => {
  if (record.abstract) return;
  const redefinition = ctx.project.registry.ofKind(record.kind)?.redefinition ?? 'ignore';
  const isRecipe = redefinition === 'override-flag';
  if (redefinition === 'ignore' || (isRecipe ? record.value.override === true : redefinition === 'edit-mode' && record.editMode !== 'create')) return;
  // `replace` (current game): a later mod replaces silently; only a repeat inside one mod is a mistake.
  const sameModOnly = redefinition === 'replace';
  for (const id of record.ids) {
    const earlier = ctx.project.visibleDefinitions(record.kind, id, record.source.modId)
      .filter((r) => r !== record && !r.abstract && (r.editMode === 'create' || r.editMode === 'override') && ctx.project.compareLoadOrder(r, record) < 0 && (!sameModOnly || r.source.modId === record.source.modId));
    if (earlier.length === 0) continue;
    const first: DefinitionRecord = earlier[0];
    const where = first.source === record.source ? 'earlier in this file' : first.source.modId === record.source.modId ? 'in another file of this mod' : `in ${describeOrigin(first)}`;
    const remedy = sameModOnly ? 'the later definition replaces the earlier one; remove one or give it another id'
      : isRecipe ? 'add "override": true to replace it, or give this recipe an "id_suffix"'
        : 'use "edit-mode": "override" to replace it or "modify" to change it, or pick another id';
    ctx.report({
      record, path: isRecipe && typeof record.value.id !== 'string' ? ['result'] : idPath(record), code: 'duplicate-id', severity: 'error',
      // The spec's rule (2.1, 2.6, section 7); the current game's loaders replace silently (`replace`): a repeat in one mod.
      basis: sameModOnly ? 'reader' : 'spec',
      message: `${describeRecord(ctx.project.registry, record)} is already defined ${where}; ${remedy}`,
      related: [{ record: first, path: idPath(first), message: `first definition of "${id}" (${describeOrigin(first)})` }],
    });
  }
};
