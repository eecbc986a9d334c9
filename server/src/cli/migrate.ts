/**
 * `cdda-lint migrate` and `check --fix`: the certain repairs of every file under the paths (queries/fixAll.ts),
 * applied pass after pass until a pass changes nothing (a repair whose edits overlapped another's waits for the
 * next pass; a repair can make another one appear, as a legacy type's new `ITEM` table finds a renamed member).
 * Then what is left, by root cause (queries/notMigrated.ts). The files are written only when asked.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../project';
import type { SeverityOverrides } from '../diagnostic';
import { applyEdits, certainFixes, type RemovedIdUse } from '../queries/fixAll';
import { rootCauses, type RootCause } from '../queries/notMigrated';
import type { VersionChoice } from '../registry/versions';
import type { WrittenForVersion } from '../workspace/view';

export interface FixOptions {
  readonly paths: readonly string[];
  readonly gamePath?: string;
  readonly gameVersion?: string;
  readonly severity?: SeverityOverrides;
  readonly dependencyPaths?: readonly string[];
  /** Write the changed files (false: --dry-run). */
  readonly write: boolean;
}

export interface FixedFile {
  readonly path: string;
  readonly before: string;
  readonly after: string;
}

export interface FixResult {
  /** The project after the repairs (its files hold the new texts, written or not). */
  readonly project: Project;
  readonly version: VersionChoice;
  readonly filesChecked: number;
  /** The files the repairs change, in path order. */
  readonly changed: readonly FixedFile[];
  /** How many repairs were made, by title. */
  readonly repairs: number;
  readonly passes: number;
  /** What is left for a person, one line per root cause. */
  readonly left: readonly RootCause[];
}

/** Enough for any chain seen (a type, then its members); a pass that still changes something after it is reported. */
export const MAX_PASSES = 5;

export function fixFiles(options: FixOptions): FixResult {
  const roots = options.paths.map((p) => path.resolve(p));
  const under = (p: string): boolean => roots.some((r) => p === r || p.startsWith(r.endsWith(path.sep) ? r : r + path.sep));
  const project = new Project({ gamePath: options.gamePath, gameVersion: options.gameVersion, roots, severity: options.severity, dependencyPaths: options.dependencyPaths });
  project.load();
  const reported = project.reportedFiles().filter((f) => under(f.path));
  const files = reported.map((f) => f.path).sort();
  // The version each mod is written for, decided before the first repair: rewriting a mod's legacy forms moves its
  // verdict, and what a missing member was read as is the older version's (checks/missingField.ts formerDefaults).
  const versions = new Map<string | undefined, WrittenForVersion>();
  for (const f of reported) if (!versions.has(f.modId)) versions.set(f.modId, { version: project.writtenForVersion(f.modId) });
  const writtenFor = (p: string): WrittenForVersion | undefined => versions.get(project.fileAt(p)?.modId);
  const before = new Map<string, string>();
  let repairs = 0, passes = 0;
  let removed: RemovedIdUse[] = [];
  for (;;) {
    let changedThisPass = false;
    removed = [];
    for (const p of files) {
      const plan = certainFixes(project, p, writtenFor(p));
      removed.push(...plan.removed);
      if (plan.edits.length === 0 || passes >= MAX_PASSES) continue;
      const file = project.fileAt(p)!;
      const text = project.textOf(file);
      if (!before.has(p)) before.set(p, text);
      project.updateFile(p, applyEdits(text, plan.edits));
      repairs += plan.repairs.length;
      changedThisPass = true;
    }
    if (!changedThisPass || passes >= MAX_PASSES) break;
    passes++;
  }
  const changed: FixedFile[] = [];
  for (const [p, text] of before) {
    const after = project.textOf(project.fileAt(p)!);
    if (after !== text) changed.push({ path: p, before: text, after });
  }
  if (options.write) for (const c of changed) fs.writeFileSync(c.path, c.after, 'utf8');
  const left = rootCauses(files.flatMap((p) => project.diagnosticsForMigration(p, writtenFor(p))), removed, project.registry);
  return { project, version: project.version, filesChecked: files.length, changed, repairs, passes, left };
}
