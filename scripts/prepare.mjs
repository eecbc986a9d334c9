#!/usr/bin/env node
// npm's `prepare`: builds out/ (what the package's commands run) wherever npm makes a package of this folder:
// `npm pack` and `npm publish` (prepare runs before packing), and `npm pack github:OWNER/REPO` (npm installs
// the clone's devDependencies, runs this, then packs); on packing, also the built-in game snapshot. Skipped on
// `npm ci` in a checkout: `npm test` and `npm start` build first anyway, and the build is the slow part of a fresh
// setup (~20 s of CPU).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.env.npm_command === 'ci') {
  console.log('prepare: not building on npm ci (npm test and npm start build first)');
  process.exit(0);
}
// `npm install -g github:...` (or git+file://...): npm's install in the clone inherits the outer command's global
// settings (npm_config_global in the environment), so it installs the clone into the global folder, beside and over
// the outer install, instead of the devDependencies into the clone; the build then finds no tsc. No script can
// repair that (npm/cli#8440, npm 7 to 11.19 at least): say what works instead of "tsc: not found".
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.npm_config_global === 'true' && !fs.existsSync(path.join(root, 'node_modules', 'typescript'))) {
  console.error('cdda-lint: npm cannot install a package that builds from git globally (npm/cli#8440: the build\'s devDependencies are never installed).\n'
    + 'Pack it first, then install the package it makes:\n'
    + '  npm install -g "$(npm pack --silent github:cdda-tools/cdda-json)"');
  process.exit(1);
}
const npm = process.env.npm_execpath;
const r = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (r.status !== 0) process.exit(r.status ?? 1);
// Packing (npm pack, npm publish): the built-in game snapshot from $CDDA_GAME, when it names a game folder
// (scripts/snapshot.mjs). Here rather than in `prepack`, which npm runs before this build, on a fresh clone
// without out/.
if (process.env.npm_command === 'pack' || process.env.npm_command === 'publish') {
  const s = spawnSync(process.execPath, [fileURLToPath(new URL('./snapshot.mjs', import.meta.url)), '--if-named'], { stdio: 'inherit' });
  process.exit(s.status ?? 1);
}
