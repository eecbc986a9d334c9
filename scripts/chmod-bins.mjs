#!/usr/bin/env node
// Keeps the executables of package.json "bin" executable after a build (tsc writes plain files), so a global
// `npm link` install keeps working across rebuilds.
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const bin of Object.values(pkg.bin ?? {})) {
  const p = path.join(root, bin);
  if (fs.existsSync(p)) fs.chmodSync(p, 0o755);
}
