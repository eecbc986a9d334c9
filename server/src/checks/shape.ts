/**
 * `invalid-value`, `unknown-field`, `bad-unit`: what a record's own members get wrong against its kind's
 * table. The walk ran when the record was indexed (records/analyze.ts); this reports its findings, but for a
 * member the game folder's own definitions of the type write at the same place (a game newer than the tables: see
 * workspace/gameUsage.ts), which is known there.
 */
import type { RecordCheck } from './context';
import { tablePathOf } from '../records/beyondTables';

export const checkShape: RecordCheck = (record, ctx) => {
  const problems = ctx.project.analysisOf(record).problems;
  if (problems.length === 0) return;
  // A problem the walk gives no basis of its own rests on its table's (KindSchema.basis).
  const tableBasis = ctx.project.registry.schemaOfType(record.type)?.basis ?? 'reader';
  for (const p of problems) {
    if (p.code === 'unknown-field' && usedByTheGame(record.type, p.path, ctx)) continue;
    ctx.report({ record, path: p.path, part: p.part, code: p.code, severity: p.severity, basis: p.basis ?? tableBasis, message: p.message, fixes: p.fixes });
  }
};

/** Whether the game's own data of `type` has the unknown member at `path` (at the same place in the table). */
function usedByTheGame(type: string, path: readonly (string | number)[], ctx: Parameters<RecordCheck>[1]): boolean {
  const at = tablePathOf(ctx.project.registry, type, path);
  return at !== undefined && ctx.project.gameUsage.usesMember(type, at);
}
