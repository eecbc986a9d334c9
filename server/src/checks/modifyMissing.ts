/** `modify-missing`: `"edit-mode": "modify"` of an id that no visible definition has (spec 2.1, section 7). */
import type { CheckContext, RecordCheck } from './context';
import { describeRecord, idPath } from './describe';
import { unresolvedHint } from './suggest';
import type { DefinitionRecord } from '../records/record';

// (The test apart from the body: see checkGunAmmo.)
export const checkModifyMissing: RecordCheck = (record, ctx) => {
  if (record.editMode === 'modify') checkModify(record, ctx);
};

function checkModify(record: DefinitionRecord, ctx: CheckContext): void {
  for (const id of record.ids) {
    // What a modify edits: a definition other than itself and other than another modify.
    const editable = (r: DefinitionRecord): boolean => r !== record && r.editMode !== 'modify';
    const targets = ctx.project.visibleDefinitions(record.kind, id, record.source.modId).filter(editable);
    if (targets.length) continue;
    ctx.noteUnresolved(record.kind);
    const hint = unresolvedHint(ctx.project, record.kind, id, record.source.modId, editable);
    ctx.report({
      record, path: idPath(record), code: 'modify-missing', severity: 'error', basis: 'spec',
      message: `${describeRecord(ctx.project.registry, record)} has "edit-mode": "modify" but no such ${describeRecord(ctx.project.registry, record).split(' "')[0]} exists in this mod, its dependencies or the base game${hint.text}`,
      fixes: hint.near.map((text) => ({ kind: 'replaceValue' as const, text })),
    });
  }
}
