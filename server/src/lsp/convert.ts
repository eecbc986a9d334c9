/**
 * Conversions at the LSP edge: file URIs <-> paths, engine offsets <-> LSP positions (through a line index of
 * the very text the offsets refer to), engine diagnostics -> LSP diagnostics.
 */
import * as path from 'path';
import { URI } from 'vscode-uri';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Location, type Position, type Range } from 'vscode-languageserver/node';
import type { WorkspaceView } from '../workspace/view';
import { BASIS_WORDS, type Diagnostic, type Severity } from '../diagnostic';
import { LineIndex } from '../syntax/lineIndex';
import type { Target } from '../queries/symbol';

/** The file path of a `file:` URI (other schemes: undefined). */
export function uriToPath(uri: string): string | undefined {
  try {
    const u = URI.parse(uri);
    return u.scheme === 'file' ? path.resolve(u.fsPath) : undefined;
  } catch {
    return undefined;
  }
}

export function pathToUri(p: string): string {
  return URI.file(p).toString();
}

/** Line indexes of the texts last seen per path, rebuilt when the text changes. */
export class LineIndexCache {
  private readonly byPath = new Map<string, { text: string; index: LineIndex }>();

  get(p: string, text: string): LineIndex {
    const cur = this.byPath.get(p);
    if (cur && cur.text === text) {
      // Equal, but maybe another string of the same contents (the disk's text, then the open document's):
      // keep the one last asked about, so that the next comparison with it is immediate, not a full scan.
      cur.text = text;
      return cur.index;
    }
    const index = new LineIndex(text);
    if (this.byPath.size > 256 && !cur) this.byPath.delete(this.byPath.keys().next().value!);
    this.byPath.set(p, { text, index });
    return index;
  }

  forget(p: string): void {
    this.byPath.delete(p);
  }
}

/** Offset <-> position conversion of one text: a LineIndex, or an open TextDocument (kept up to date incrementally). */
export interface PositionConverter {
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}

/** Offsets of one file's current text as the project holds it. */
export class FilePositions {
  constructor(readonly path: string, readonly text: string, private readonly index: PositionConverter) {}

  /** `document`: the open document of the file, used when it holds the very text the project has. */
  static of(project: WorkspaceView, cache: LineIndexCache, p: string, document?: { getText(): string } & PositionConverter): FilePositions | undefined {
    const file = project.fileAt(p);
    if (!file) return undefined;
    const text = project.textOf(file);
    if (document && document.getText() === text) return new FilePositions(p, text, document);
    return new FilePositions(p, text, cache.get(p, text));
  }

  offsetAt(pos: Position): number {
    return this.index.offsetAt(pos);
  }

  position(offset: number): Position {
    return this.index.positionAt(offset);
  }

  range(start: number, end: number): Range {
    return { start: this.index.positionAt(start), end: this.index.positionAt(end) };
  }
}

/** A range in any project file (reads context files through the project). */
export function targetRange(project: WorkspaceView, cache: LineIndexCache, t: { path: string; start: number; end: number }): Range {
  const fp = FilePositions.of(project, cache, t.path);
  if (!fp) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return fp.range(t.start, t.end);
}

export function toLocation(project: WorkspaceView, cache: LineIndexCache, t: Target): Location {
  return { uri: pathToUri(t.path), range: targetRange(project, cache, t) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export const DIAGNOSTIC_SOURCE = 'cdda';

/**
 * A diagnostic's source as the editor shows it after the message (VS Code's hover: `cdda: the game's reader`): the
 * tool, and what the verdict rests on.
 */
export function sourceOf(d: Diagnostic): string {
  return `${DIAGNOSTIC_SOURCE}: ${BASIS_WORDS[d.basis]}`;
}

/** Whether a diagnostic the client sends back is one of ours (see sourceOf). */
export function isOurSource(source: string | undefined): boolean {
  return source === DIAGNOSTIC_SOURCE || source?.startsWith(`${DIAGNOSTIC_SOURCE}: `) === true;
}

/** What a diagnostic carries in `data`: what its verdict rests on, and the fixes for code actions. */
export interface DiagnosticData {
  readonly basis?: Diagnostic['basis'];
  readonly fixes?: Diagnostic['fixes'];
}

export function toLspDiagnostic(project: WorkspaceView, cache: LineIndexCache, fp: FilePositions, d: Diagnostic): LspDiagnostic {
  const out: LspDiagnostic = {
    range: fp.range(d.start, d.end),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: sourceOf(d),
    message: d.message,
  };
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({
      location: { uri: pathToUri(r.path), range: r.path === fp.path ? fp.range(r.start, r.end) : targetRange(project, cache, r) },
      message: r.message,
    }));
  }
  out.data = (d.fixes?.length ? { basis: d.basis, fixes: d.fixes } : { basis: d.basis }) satisfies DiagnosticData;
  return out;
}
