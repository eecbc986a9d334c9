/**
 * The version in this tool's package.json: the npm package's (cdda-lint) from out/server/src/..., the VS Code
 * extension's (cdda-json, its own manifest) from its bundle's dist/. "0.0.0" when neither is found.
 */
import * as fs from 'fs';
import * as path from 'path';

const OUR_NAMES = new Set(['cdda-lint', 'cdda-json']);

let found: string | undefined;

export function packageVersion(): string {
  if (found !== undefined) return found;
  found = '0.0.0';
  for (const up of ['..', '../..', '../../..', '../../../..']) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, up, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name && OUR_NAMES.has(pkg.name) && pkg.version) { found = pkg.version; break; }
    } catch { /* keep looking */ }
  }
  return found;
}
