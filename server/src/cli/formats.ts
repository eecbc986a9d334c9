/**
 * cdda-lint's output formats: `text` (one line per problem, then a summary), `json` (an array of
 * JsonDiagnostic), `github` (workflow commands: annotations on the pull request), `sarif` (SARIF 2.1.0, for
 * code scanning). Positions: text and github 1-based; json 0-based (LSP); sarif 1-based UTF-16 columns.
 */
import * as path from 'path';
import { pathToFileURL } from 'url';
import type * as sarif from 'sarif';
import type { Severity } from '../diagnostic';
import { describeVersion } from '../registry/versions';
import { GAME_ENV, describeGame } from '../mods/gameFolder';
import type { JsonDiagnostic, LintTotals } from './lint';
import { CODE_DESCRIPTIONS } from './codes';
import { newerThanTables } from '../workspace/gameUsage';

export const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export interface Counts { error: number; warning: number; information: number; hint: number }

export function countBySeverity(list: readonly JsonDiagnostic[]): Counts {
  const counts: Counts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of list) counts[d.severity]++;
  return counts;
}

function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

export function summary(result: LintTotals, list: readonly JsonDiagnostic[]): string {
  const c = countBySeverity(list);
  const total = c.error + c.warning + c.information + c.hint;
  const files = new Set(list.map((d) => d.file)).size;
  const newer = newerThanTables(result.learned);
  const game = result.game ? describeGame(result.game) : `no game folder (--game, "gamePath" or $${GAME_ENV} names one)`;
  const version = `${game}, game version ${describeVersion(result.version)}${newer ? `; ${newer}` : ''}`;
  return total === 0
    ? `No problems in ${result.filesChecked} file(s); ${version}.`
    : `${total} problem(s) (${c.error} error(s), ${c.warning} warning(s), ${c.information} info, ${c.hint} hint(s)) in ${files} of ${result.filesChecked} file(s); ${version}.`;
}

export function formatText(result: LintTotals, list: readonly JsonDiagnostic[], cwd: string): string {
  const lines = list.map((d) => `${shownPath(d.file, cwd)}:${d.range.start.line + 1}:${d.range.start.character + 1}  ${d.severity}  ${d.message}  [${d.code}]`);
  lines.push(summary(result, list));
  return lines.join('\n') + '\n';
}

export function formatJson(list: readonly JsonDiagnostic[]): string {
  return JSON.stringify(list, null, 2) + '\n';
}

/** GitHub workflow commands (`::error file=...,line=...::message`), escaped as the runner expects. */
export function formatGithub(result: LintTotals, list: readonly JsonDiagnostic[], cwd: string): string {
  const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const command: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };
  const lines = list.map((d) => {
    const props = [
      `file=${escapeProperty(shownPath(d.file, cwd))}`, `line=${d.range.start.line + 1}`, `col=${d.range.start.character + 1}`,
      `endLine=${d.range.end.line + 1}`, `endColumn=${d.range.end.character + 1}`, `title=${escapeProperty(`cdda-lint ${d.code}`)}`,
    ];
    return `::${command[d.severity]} ${props.join(',')}::${escapeData(d.message)}`;
  });
  lines.push(summary(result, list));
  return lines.join('\n') + '\n';
}

/** SARIF 2.1.0: one run, rules for the codes used, results with related locations and fixes. */
export function formatSarif(result: LintTotals, list: readonly JsonDiagnostic[], cwd: string, toolVersion: string): string {
  const root = pathToFileURL(cwd.endsWith(path.sep) ? cwd : cwd + path.sep).href;
  const location = (file: string, range: JsonDiagnostic['range'], message?: string): sarif.Location => {
    const rel = path.relative(cwd, file);
    const inside = !rel.startsWith('..') && !path.isAbsolute(rel);
    return {
      physicalLocation: {
        artifactLocation: inside ? { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' } : { uri: pathToFileURL(file).href },
        region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
      },
      ...(message ? { message: { text: message } } : {}),
    };
  };
  const codes = [...new Set(list.map((d) => d.code))].sort();
  const rules: sarif.ReportingDescriptor[] = codes.map((code) => ({
    id: code,
    shortDescription: { text: CODE_DESCRIPTIONS[code] ?? code },
    helpUri: 'https://github.com/cdda-tools/cdda-json#diagnostic-codes',
  }));
  const level: Record<Severity, sarif.Result.level> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
  const results: sarif.Result[] = list.map((d) => ({
    ruleId: d.code,
    ruleIndex: codes.indexOf(d.code),
    level: level[d.severity],
    message: { text: d.message },
    locations: [location(d.file, d.range)],
    properties: { basis: d.basis },
    ...(d.related ? { relatedLocations: d.related.map((r, i) => ({ id: i, ...location(r.file, r.range, r.message) })) } : {}),
    ...(d.fixes ? {
      fixes: d.fixes.map((f) => ({
        description: { text: f.title },
        artifactChanges: [{
          artifactLocation: location(d.file, d.range).physicalLocation!.artifactLocation!,
          replacements: f.edits.map((e) => ({
            deletedRegion: { startLine: e.range.start.line + 1, startColumn: e.range.start.character + 1, endLine: e.range.end.line + 1, endColumn: e.range.end.character + 1 },
            insertedContent: { text: e.newText },
          })),
        }],
      })),
    } : {}),
  }));
  const log: sarif.Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'cdda-lint', version: toolVersion, informationUri: 'https://github.com/cdda-tools/cdda-json', rules } },
      originalUriBaseIds: { SRCROOT: { uri: root } },
      columnKind: 'utf16CodeUnits',
      properties: { gameVersion: describeVersion(result.version), filesChecked: result.filesChecked },
      results,
    }],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
