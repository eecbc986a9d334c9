#!/usr/bin/env node
// npm's `prepare`: builds out/ (what the package's commands run) wherever npm makes a package of this folder:
// `npm pack` and `npm publish` (prepare runs before packing), and `npm install github:OWNER/REPO` (npm installs
// the clone's devDependencies, runs this, then packs). Skipped on `npm ci` in a checkout: `npm test` and
// `npm start` build first anyway, and the build is the slow part of a fresh setup (~20 s of CPU).
import { spawnSync } from 'node:child_process';

if (process.env.npm_command === 'ci') {
  console.log('prepare: not building on npm ci (npm test and npm start build first)');
  process.exit(0);
}
const npm = process.env.npm_execpath;
const r = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
