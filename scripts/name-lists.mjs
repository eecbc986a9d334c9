// What the generators of name lists (gen-member-names.mjs, gen-documented-names.mjs) write alike: the names as
// lines of at most 110 characters, and where a version's list goes.
import * as path from 'path';
import { fileURLToPath } from 'url';

/** The names, space-separated, in lines of at most 110 characters. */
export function nameLines(names) {
  const lines = [];
  let line = '';
  for (const n of names) {
    if (line.length + n.length + 1 > 110) { lines.push(line); line = ''; }
    line += line ? ` ${n}` : n;
  }
  if (line) lines.push(line);
  return lines;
}

/** server/src/registry/versions/generated/<prefix>-<version without punctuation>.ts */
export function generatedListPath(prefix, versionId) {
  const slug = versionId.replace(/[^A-Za-z0-9]/g, '');
  return path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'src', 'registry', 'versions', 'generated', `${prefix}-${slug}.ts`);
}
