/**
 * `cdda-lint format`: which files a path names, and each one in the game's style (format/cddaFormat). Reads and
 * decides; the caller writes and prints.
 */
import * as fs from 'fs';
import * as path from 'path';
import { formatCdda } from '../format/cddaFormat';
import { isToolingJson, listJsonFiles } from '../mods/discover';
import { MAX_FILE_BYTES } from '../util/readFile';
import { LineIndex } from '../syntax/lineIndex';

/**
 * The files to format: a file named is taken as it is; a folder gives its `.json` files, but for tools' own
 * (package.json, tsconfig.json, editor settings, cdda-lint.config.json) and those under node_modules, .git,
 * .vscode, out or dist. Sorted, each once.
 */
export function filesToFormat(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const abs = path.resolve(p);
    if (fs.statSync(abs).isFile()) out.add(abs);
    else for (const f of listJsonFiles(abs)) if (!isToolingJson(path.basename(f))) out.add(f);
  }
  return [...out].sort();
}

export type FileOutcome =
  | { readonly path: string; readonly status: 'formatted' }
  | { readonly path: string; readonly status: 'changed'; readonly text: string }
  | { readonly path: string; readonly status: 'error'; readonly message: string; readonly line: number; readonly column: number };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** One file: already in the game's style, or its formatted text, or why it cannot be formatted (1-based place). */
export function formatFile(p: string): FileOutcome {
  let text: string;
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return { path: p, status: 'error', message: 'not a regular file', line: 1, column: 1 };
    if (st.size > MAX_FILE_BYTES) return { path: p, status: 'error', message: `larger than ${MAX_FILE_BYTES >> 20} MB`, line: 1, column: 1 };
    text = UTF8.decode(fs.readFileSync(p));
  } catch (err) {
    const message = err instanceof TypeError ? 'not valid UTF-8 (the game reads UTF-8 only); not changed' : `cannot be read: ${(err as Error).message}`;
    return { path: p, status: 'error', message, line: 1, column: 1 };
  }
  const r = formatCdda(text);
  if (!r.ok) {
    const pos = new LineIndex(text).positionAt(r.problem.offset);
    return { path: p, status: 'error', message: r.problem.message, line: pos.line + 1, column: pos.character + 1 };
  }
  return r.text === text ? { path: p, status: 'formatted' } : { path: p, status: 'changed', text: r.text };
}
