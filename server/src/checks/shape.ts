/**
 * `invalid-value`, `unknown-field`, `bad-unit`: what a record's own members get wrong against its kind's
 * table. The walk ran when the record was indexed (records/analyze.ts); this reports its findings.
 */
import type { RecordCheck } from './context';

export const checkShape: RecordCheck = (record, ctx) => {
  for (const p of ctx.project.analysisOf(record).problems) {
    ctx.report({ record, path: p.path, part: p.part, code: p.code, severity: p.severity, message: p.message, fixes: p.fixes });
  }
};
