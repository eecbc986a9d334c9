/** Offset <-> line/character conversion (UTF-16 code units, as LSP and JavaScript strings count). */
export interface Position {
  readonly line: number;
  readonly character: number;
}

export class LineIndex {
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    if (text.indexOf('\r') < 0) {
      // Only \n breaks lines: a native search from one to the next (most files; the CLI indexes hundreds).
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x0a) starts.push(i + 1);
        else if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0, hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) lo = mid; else hi = mid - 1;
    }
    return { line: lo, character: this.beforeLineEnd(clamped, this.lineStarts[lo]) - this.lineStarts[lo] };
  }

  /** LSP: a character past the line's length means the line's end (before its \n, \r\n or \r), not the next line. */
  offsetAt(pos: Position): number {
    if (pos.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[Math.max(0, pos.line)];
    const next = pos.line + 1 < this.lineStarts.length ? this.lineStarts[pos.line + 1] : this.text.length;
    return this.beforeLineEnd(Math.min(start + Math.max(0, pos.character), next), start);
  }

  /** `offset` moved back before the line break it is in or after (as vscode-languageserver-textdocument does). */
  private beforeLineEnd(offset: number, lineStart: number): number {
    while (offset > lineStart && (this.text.charCodeAt(offset - 1) === 0x0a || this.text.charCodeAt(offset - 1) === 0x0d)) offset--;
    return offset;
  }
}
