/** Runs every check on one file. Each rule family is its own module; this only lists them. */
import type { Project, SourceFile } from '../project';
import type { Diagnostic, RelatedLocation } from '../diagnostic';
import type { CheckContext, RecordCheck, RecordReport } from './context';
import type { DefinitionRecord } from '../records/record';
import { checkSyntax } from './syntax';
import { checkModDependencies } from './modDependencies';
import { checkShape } from './shape';
import { checkMissingFields } from './missingField';
import { checkDuplicateIds } from './duplicateId';
import { checkModifyMissing } from './modifyMissing';
import { checkUnknownIds } from './unknownId';
import { checkScenarioMissions } from './scenarioMissions';
import { checkTooComplex } from './tooComplex';

const RECORD_CHECKS: readonly RecordCheck[] = [
  checkShape, checkMissingFields, checkDuplicateIds, checkModifyMissing, checkUnknownIds, checkScenarioMissions, checkTooComplex,
];

/** The game stops reading an obsolete recipe once it has its id (0.F recipe::load): nothing in it is used. */
function isObsoleteRecipe(record: DefinitionRecord): boolean {
  return (record.type === 'recipe' || record.type === 'uncraft') && record.value.obsolete === true;
}

export function runChecks(project: Project, file: SourceFile): { diagnostics: Diagnostic[]; unresolvedKinds: Set<string> } {
  const diagnostics: Diagnostic[] = [];
  const unresolvedKinds = new Set<string>();
  const toRelated = (a: NonNullable<RecordReport['related']>[number]): RelatedLocation => {
    const range = project.locate(a.record, a.path, a.part);
    return { path: a.record.source.path, start: range.start, end: range.end, message: a.message };
  };
  const ctx: CheckContext = {
    project,
    file,
    report(d) {
      const range = project.locate(d.record, d.path, d.part);
      diagnostics.push({
        path: file.path, start: range.start, end: range.end, severity: d.severity, code: d.code, message: d.message,
        related: d.related?.map(toRelated), fixes: d.fixes,
      });
    },
    reportAt(start, end, code, severity, message) {
      diagnostics.push({ path: file.path, start, end, severity, code, message });
    },
    noteUnresolved(kind) {
      unresolvedKinds.add(kind);
    },
  };
  checkSyntax(ctx);
  checkModDependencies(ctx);
  for (const record of file.records) {
    if (isObsoleteRecipe(record)) continue;
    for (const check of RECORD_CHECKS) check(record, ctx);
  }
  diagnostics.sort((a, b) => a.start - b.start || a.end - b.end);
  return { diagnostics, unresolvedKinds };
}
