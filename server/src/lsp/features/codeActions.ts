/**
 * textDocument/codeAction: quick fixes from the repairs carried in diagnostics' `data`; and, when the editor asks
 * for source actions (`source`, `source.fixAll`: "Fix all", a fix on save), the file's certain repairs as one
 * action (queries/fixAll.ts, what `cdda-lint check --fix` applies).
 */
import { CodeActionKind, type CodeAction, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import { fixAction } from '../../queries/codeActions';
import { certainFixes } from '../../queries/fixAll';
import { isOurSource, pathToUri, type DiagnosticData } from '../convert';
import type { Session } from '../session';
import { documentParams, invalid, rangeOf } from '../requests';

export function registerCodeActions(connection: Connection, session: Session): void {
  connection.onCodeAction((raw): CodeAction[] | null => {
    const { params, uri: asked } = documentParams(session, raw);
    rangeOf(params.range, 'range');
    const context = params.context as { only?: unknown; diagnostics?: unknown } | undefined;
    if (typeof context !== 'object' || context === null || !Array.isArray(context.diagnostics)) invalid('"context.diagnostics" must be an array');
    const p = session.contentPath(asked);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const only = Array.isArray(context.only) ? context.only.filter((k): k is string => typeof k === 'string') : undefined;
    const wants = (kind: string): boolean => !only || only.some((k) => k === kind || kind.startsWith(`${k}.`));
    const out: CodeAction[] = [];
    const uri = pathToUri(p);
    // Asked for by name only: not among the quick fixes of a place.
    if (only && wants(CodeActionKind.SourceFixAll)) {
      const plan = certainFixes(session.project, p);
      if (plan.edits.length) {
        out.push({
          title: `Fix all certain CDDA problems (${plan.repairs.length})`, kind: CodeActionKind.SourceFixAll, diagnostics: [],
          edit: { changes: { [uri]: plan.edits.map((e) => ({ range: fp.range(e.start, e.end), newText: e.newText })) } },
        });
      }
    }
    if (!wants(CodeActionKind.QuickFix)) return out;
    for (const d of context.diagnostics as Diagnostic[]) {
      if (typeof d !== 'object' || d === null) continue;
      const fixes = fixesOf(d);
      if (!fixes) continue;
      const range = rangeOf(d.range, 'context.diagnostics[].range');
      const start = fp.offsetAt(range.start), end = fp.offsetAt(range.end);
      for (const fix of fixes) {
        const action = fixAction(session.project, p, start, end, fix, fixes.length === 1);
        if (!action) continue;
        // Plain text edits, never snippets: an editor re-indents a snippet's lines, and the file would no longer be
        // in the game's format.
        out.push({
          title: action.title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: action.preferred,
          edit: { changes: { [uri]: action.edits.map((e) => ({ range: fp.range(e.start, e.end), newText: e.newText })) } },
        });
      }
    }
    return out;
  });
}

function fixesOf(d: Diagnostic): NonNullable<DiagnosticData['fixes']> | undefined {
  if (!isOurSource(d.source) || !d.data || typeof d.data !== 'object') return undefined;
  const fixes = (d.data as DiagnosticData).fixes;
  return Array.isArray(fixes) && fixes.length ? fixes : undefined;
}
