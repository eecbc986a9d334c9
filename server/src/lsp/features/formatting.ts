/**
 * textDocument/formatting and textDocument/rangeFormatting over format/cddaFormat: the game's own JSON style,
 * as one edit covering the span that changes (none when the text is formatted already). Range formatting
 * formats the top-level definitions the range touches. The style is fixed (two spaces): the client's
 * tabSize / insertSpaces do not apply. A text that is not JSON (or that the game's formatter refuses) gets no
 * edit; the reason is logged in the output channel.
 */
import type { Connection, Range, TextEdit } from 'vscode-languageserver/node';
import { formatEdit, formatRangeEdit, type EditResult } from '../../format/cddaFormat';
import type { Session } from '../session';
import { documentParams, invalid, rangeOf } from '../requests';
import type { PositionConverter } from '../convert';

export function registerFormatting(connection: Connection, session: Session): void {
  connection.onDocumentFormatting((raw): TextEdit[] | null => {
    const { params, uri } = documentParams(session, raw);
    checkOptions(params.options);
    const doc = documentOf(session, uri);
    return doc ? toEdits(session, doc, formatEdit(doc.text)) : null;
  });

  connection.onDocumentRangeFormatting((raw): TextEdit[] | null => {
    const { params, uri } = documentParams(session, raw);
    const range = rangeOf(params.range, 'range');
    checkOptions(params.options);
    const doc = documentOf(session, uri);
    if (!doc) return null;
    const start = doc.at.offsetAt(range.start), end = doc.at.offsetAt(range.end);
    return toEdits(session, doc, formatRangeEdit(doc.text, Math.min(start, end), Math.max(start, end)));
  });
}

/** LSP's FormattingOptions: required, and an object (its values do not change the game's style). */
function checkOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) invalid('"options" must be an object (FormattingOptions)');
}

interface Doc { readonly path: string; readonly text: string; readonly at: PositionConverter }

/** The text the client has of a content file: its open document, else what the project holds. */
function documentOf(session: Session, uri: string): Doc | undefined {
  const p = session.contentPath(uri);
  if (!p) return undefined;
  const open = session.openDocuments.get(p);
  if (open) return { path: p, text: open.getText(), at: open };
  const fp = session.positions(p);
  return fp ? { path: p, text: fp.text, at: { positionAt: (o) => fp.position(o), offsetAt: (pos) => fp.offsetAt(pos) } } : undefined;
}

function toEdits(session: Session, doc: Doc, result: EditResult): TextEdit[] | null {
  if (!result.ok) {
    const pos = doc.at.positionAt(result.problem.offset);
    session.log(`Not formatted: ${doc.path}:${pos.line + 1}:${pos.character + 1}: ${result.problem.message}`);
    return null;
  }
  if (!result.edit) return [];
  const range: Range = { start: doc.at.positionAt(result.edit.start), end: doc.at.positionAt(result.edit.end) };
  return [{ range, newText: result.edit.newText }];
}
