/**
 * The engine over folders, for modders' CI: loads the given paths (and the mods they need), then prints the
 * diagnostics of files under those paths.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../project';
import { detectGamePath } from '../mods/discover';
import { LineIndex } from '../syntax/lineIndex';
import type { Diagnostic, Severity } from '../diagnostic';
import { describeVersion } from '../registry/versions';

export interface LintOptions {
  readonly paths: readonly string[];
  readonly gamePath?: string;
  /** The game version whose format applies (id or alias); default: detected from the game folder. */
  readonly gameVersion?: string;
}

export interface LintResult {
  readonly project: Project;
  /** Per reported file, its diagnostics (files without any are left out). */
  readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
  readonly filesChecked: number;
}

export function lint(options: LintOptions): LintResult {
  const gamePath = detectGamePath(options.gamePath);
  const roots = options.paths.map((p) => path.resolve(p));
  const project = new Project({ gamePath, gameVersion: options.gameVersion, roots });
  project.load();
  const diagnostics = new Map<string, readonly Diagnostic[]>();
  const files = project.reportedFiles().filter((f) => roots.some((r) => f.path === r || f.path.startsWith(r.endsWith(path.sep) ? r : r + path.sep)));
  for (const f of files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const list = project.diagnostics(f.path);
    if (list.length) diagnostics.set(f.path, list);
  }
  return { project, diagnostics, filesChecked: files.length };
}

export interface JsonDiagnostic {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: Severity;
  code: string;
  message: string;
}

export function toJsonDiagnostics(result: LintResult): JsonDiagnostic[] {
  const out: JsonDiagnostic[] = [];
  for (const [file, list] of result.diagnostics) {
    const lines = new LineIndex(result.project.textOf(result.project.files.get(file)!));
    for (const d of list) {
      out.push({ file, range: { start: lines.positionAt(d.start), end: lines.positionAt(d.end) }, severity: d.severity, code: d.code, message: d.message });
    }
  }
  return out;
}

export function formatText(result: LintResult, cwd: string): string {
  const lines: string[] = [];
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of toJsonDiagnostics(result)) {
    const rel = path.relative(cwd, d.file);
    const shown = rel.startsWith('..') ? d.file : rel;
    lines.push(`${shown}:${d.range.start.line + 1}:${d.range.start.character + 1}  ${d.severity}  ${d.message}  [${d.code}]`);
    counts[d.severity]++;
  }
  const total = counts.error + counts.warning + counts.information + counts.hint;
  const version = `game version ${describeVersion(result.project.version)}`;
  lines.push(total === 0
    ? `No problems in ${result.filesChecked} file(s); ${version}.`
    : `${total} problem(s) (${counts.error} error(s), ${counts.warning} warning(s), ${counts.information} info, ${counts.hint} hint(s)) in ${result.diagnostics.size} of ${result.filesChecked} file(s); ${version}.`);
  return lines.join('\n') + '\n';
}

export function hasErrors(result: LintResult): boolean {
  for (const list of result.diagnostics.values()) if (list.some((d) => d.severity === 'error')) return true;
  return false;
}

export function pathExists(p: string): boolean {
  return fs.existsSync(p);
}
