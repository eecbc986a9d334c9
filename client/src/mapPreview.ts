/**
 * A live picture of the map generator under the cursor, beside the editor: the server's cdda/mapPreview cells
 * (symbol and game colors of each cell's furniture, else terrain) drawn as the game's ASCII view draws them, a grid
 * line every overmap terrain of a multi-tile map, markers for what else a cell places, a hover per cell. It follows
 * the cursor and is drawn again as the document changes (after a short pause in typing).
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { MAP_PREVIEW_REQUEST, type MapPreviewParams, type MapPreviewResult } from '../../shared/src/protocol';

const REDRAW_DELAY_MS = 150;

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page of one picture (no scripts: the hover of each cell is its title). */
export function previewHtml(p: MapPreviewResult): string {
  const rows = p.rows.map((row, r) => {
    const cells = row.map((c, col) => {
      const style = [c.fg ? `color:${c.fg}` : '', c.bg ? `background:${c.bg}` : ''].filter(Boolean).join(';');
      const classes = [
        p.tile && col > 0 && col % p.tile === 0 ? 'tl' : '', p.tile && r > 0 && r % p.tile === 0 ? 'tt' : '',
        c.markers.length ? 'mk' : '', p.cursor && p.cursor.row === r && p.cursor.column === col ? 'cur' : '',
      ].filter(Boolean).join(' ');
      const what = [c.furniture ? `furniture ${c.furniture}` : '', c.terrain ? `terrain ${c.terrain}` : '', ...c.markers].filter(Boolean).join(', ');
      // A regional placeholder: what the region makes of it, and which is drawn.
      const regional = (c.regional ?? []).map((g) => `\n${g.placeholder} is one of ${g.choices.map((x) => `${x.id} (${x.weight})`).join(', ')} in the ${g.region} region; drawn as ${g.drawn}`).join('');
      const title = `row ${r + 1}, column ${col + 1}: ${JSON.stringify(c.key)}${what ? ` — ${what}` : ''}${regional}`;
      return `<td class="${classes}" style="${style}" title="${escape(title)}">${escape(c.symbol)}</td>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>
body { background: #000; color: #ccc; font-family: var(--vscode-editor-font-family, monospace); }
table { border-collapse: collapse; font-size: 14px; line-height: 1; }
td { width: 1ch; height: 1.1em; padding: 0 1px; text-align: center; white-space: pre; }
td.tl { border-left: 1px solid #444; } td.tt { border-top: 1px solid #444; }
td.mk { text-decoration: underline; } td.cur { outline: 1px solid #ff0; }
h1 { font-size: 13px; font-weight: normal; color: #999; }
.note { font-size: 12px; color: #c90; }
</style></head><body><h1>${escape(p.title)}</h1>${p.note ? `<p class="note">${escape(p.note)}</p>` : ''}<table>${rows.join('')}</table></body></html>`;
}

export class MapPreview {
  private panel: vscode.WebviewPanel | undefined;
  private document: vscode.TextDocument | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly client: () => LanguageClient | undefined, context: vscode.ExtensionContext) {
    context.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((e) => { if (e.textEditor.document === this.document) this.schedule(0); }),
      vscode.workspace.onDidChangeTextDocument((e) => { if (e.document === this.document) this.schedule(REDRAW_DELAY_MS); }),
      vscode.window.onDidChangeActiveTextEditor((e) => { if (this.panel && e && e.document.languageId === 'json') { this.document = e.document; this.schedule(0); } }),
    );
  }

  /** cdda.showMapPreview: opens (or reveals) the picture of the map under the cursor. */
  async show(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('CDDA: open a map generator (a "mapgen" definition) and put the cursor in it.');
      return;
    }
    this.document = editor.document;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('cddaMapPreview', 'Map preview', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: false });
      this.panel.onDidDispose(() => { this.panel = undefined; });
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    await this.draw(true);
  }

  private schedule(delay: number): void {
    if (!this.panel) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.draw(false), delay);
  }

  private async draw(explicit: boolean): Promise<void> {
    const c = this.client();
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === this.document);
    if (!c || !this.panel || !editor) return;
    const params: MapPreviewParams = {
      textDocument: c.code2ProtocolConverter.asTextDocumentIdentifier(editor.document),
      position: c.code2ProtocolConverter.asPosition(editor.selection.active),
    };
    const result = await c.sendRequest<MapPreviewResult | null>(MAP_PREVIEW_REQUEST, params);
    if (!this.panel) return;
    // Outside a map generator the last picture stays; asked for there, say so.
    if (!result) {
      if (explicit) void vscode.window.showInformationMessage('CDDA: no map generator with "rows" here.');
      return;
    }
    this.panel.title = `Map: ${result.title}`;
    this.panel.webview.html = previewHtml(result);
  }
}
