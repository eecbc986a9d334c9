/** `modify-missing`: `"edit-mode": "modify"` of an id that no visible definition has (spec 2.1, section 7). */
import type { RecordCheck } from './context';
import { describeRecord, idPath } from './describe';
import { suggestIds } from './suggest';

export const checkModifyMissing: RecordCheck = (record, ctx) => {
  if (record.editMode !== 'modify') return;
  for (const id of record.ids) {
    const targets = ctx.project.visibleDefinitions(record.kind, id, record.source.modId).filter((r) => r !== record && r.editMode !== 'modify');
    if (targets.length) continue;
    ctx.noteUnresolved(record.kind);
    const near = suggestIds(ctx.project, record.kind, id, record.source.modId);
    ctx.report({
      record, path: idPath(record), code: 'modify-missing', severity: 'error',
      message: `${describeRecord(ctx.project.registry, record)} has "edit-mode": "modify" but no such ${describeRecord(ctx.project.registry, record).split(' "')[0]} exists in this mod, its dependencies or the base game${near.length ? `; did you mean "${near[0]}"?` : ''}`,
      fixes: near.map((text) => ({ kind: 'replaceValue' as const, text })),
    });
  }
};
