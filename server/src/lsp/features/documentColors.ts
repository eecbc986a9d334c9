/**
 * textDocument/documentColor and colorPresentation over queries/colors: a swatch on every game color name
 * (`"color": "light_red"`), and the nearest game color name written for a color chosen in the editor's picker.
 */
import type { Color, ColorInformation, ColorPresentation, Connection } from 'vscode-languageserver/node';
import { colorNameFor, documentColors } from '../../queries/colors';
import type { Session } from '../session';
import { documentParams, invalid, rangeOf } from '../requests';

function lspColor(rgb: string): Color {
  const n = parseInt(rgb.slice(1), 16);
  return { red: (n >> 16) / 255, green: ((n >> 8) & 255) / 255, blue: (n & 255) / 255, alpha: 1 };
}

/** The swatches answered at most for one file (the game's largest file names a few thousand colors). */
export const MAX_SWATCHES = 10_000;

export function registerDocumentColors(connection: Connection, session: Session): void {
  connection.onDocumentColor((params): ColorInformation[] => {
    const p = session.contentPath(documentParams(session, params).uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return [];
    const found = documentColors(session.project, p, MAX_SWATCHES);
    if (found.length > MAX_SWATCHES) {
      session.log(`Colors: ${p} names more than ${MAX_SWATCHES} colors; swatches are shown on the first ${MAX_SWATCHES} only`);
      found.length = MAX_SWATCHES;
    }
    return found.map((c) => ({ range: fp.range(c.start, c.end), color: lspColor(c.rgb) }));
  });
  connection.onColorPresentation((params): ColorPresentation[] => {
    const d = documentParams(session, params);
    const range = rangeOf(d.params.range, 'range');
    const color = d.params.color as Record<string, unknown> | undefined;
    const channel = (k: string): number => {
      const v = color?.[k];
      return typeof v === 'number' && v >= 0 && v <= 1 ? Math.round(v * 255) : invalid(`"color.${k}" must be a number from 0 to 1`);
    };
    const rgb = { r: channel('red'), g: channel('green'), b: channel('blue') };
    const p = session.contentPath(d.uri);
    const fp = p && session.positions(p);
    const file = p && session.project.fileAt(p);
    if (!p || !fp || !file) return [];
    const current = session.project.textOf(file).slice(fp.offsetAt(range.start), fp.offsetAt(range.end));
    const name = colorNameFor(session.project, current, rgb);
    return name ? [{ label: name, textEdit: { range, newText: name } }] : [];
  });
}
