/** textDocument/codeAction: quick fixes from the repairs carried in diagnostics' `data`. */
import { CodeActionKind, type CodeAction, type Connection, type Diagnostic } from 'vscode-languageserver/node';
import { fixAction } from '../../queries/codeActions';
import { DIAGNOSTIC_SOURCE, pathToUri, type DiagnosticData } from '../convert';
import type { Session } from '../session';

export function registerCodeActions(connection: Connection, session: Session): void {
  connection.onCodeAction((params): CodeAction[] | null => {
    const p = session.contentPath(params.textDocument.uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    if (params.context.only && !params.context.only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`))) return [];
    const out: CodeAction[] = [];
    const uri = pathToUri(p);
    for (const d of params.context.diagnostics) {
      const fixes = fixesOf(d);
      if (!fixes) continue;
      const start = fp.offsetAt(d.range.start), end = fp.offsetAt(d.range.end);
      for (const fix of fixes) {
        const action = fixAction(session.project, p, start, end, fix, fixes.length === 1);
        if (!action) continue;
        out.push({
          title: action.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [d],
          isPreferred: action.preferred,
          edit: { changes: { [uri]: action.edits.map((e) => ({ range: fp.range(e.start, e.end), newText: e.newText })) } },
        });
      }
    }
    return out;
  });
}

function fixesOf(d: Diagnostic): NonNullable<DiagnosticData['fixes']> | undefined {
  if (d.source !== DIAGNOSTIC_SOURCE || !d.data || typeof d.data !== 'object') return undefined;
  const fixes = (d.data as DiagnosticData).fixes;
  return Array.isArray(fixes) && fixes.length ? fixes : undefined;
}
