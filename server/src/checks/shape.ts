/**
 * `invalid-value`, `unknown-field`, `bad-unit`: what a record's own members get wrong against its kind's
 * table. The walk ran when the record was indexed (records/analyze.ts); this reports its findings, but for a
 * top-level member the game folder's own definitions of the type write (a game newer than the tables: see
 * workspace/gameUsage.ts), which is known there.
 */
import type { RecordCheck } from './context';

export const checkShape: RecordCheck = (record, ctx) => {
  for (const p of ctx.project.analysisOf(record).problems) {
    if (p.code === 'unknown-field' && p.path.length === 1 && ctx.project.gameUsage.usesMember(record.type, String(p.path[0]))) continue;
    ctx.report({ record, path: p.path, part: p.part, code: p.code, severity: p.severity, message: p.message, fixes: p.fixes });
  }
};
