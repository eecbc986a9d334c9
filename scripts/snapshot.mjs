#!/usr/bin/env node
// Makes the built-in game snapshot the package ships (server/src/mods/gameSnapshot.ts): the content files of a
// current game's data/json and data/mods, compressed, with a manifest (version, date of the data, origin, the
// game's CC-BY-SA 3.0 attribution), into game-snapshot/ (git-ignored: the repository holds none of the game's data).
//   npm run snapshot -- GAME_DIR [--date YYYY-MM-DD] [--source TEXT] [--out DIR]
//   node scripts/snapshot.mjs --if-named   (npm pack / publish, from scripts/prepare.mjs): from $CDDA_GAME when it
//                                          names a game folder; else the snapshot already there is packed, or none
// GAME_DIR: the game's data folder (json/ and mods/) or a checkout of the game's repository. The date is the
// checkout's last commit, else the newest file's; the source its repository and commit, else the folder's name.
// Needs the build (out/): `npm run snapshot` builds first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); if (i < 0) return undefined; const v = args[i + 1]; args.splice(i, 2); return v; };
const ifNamed = args.includes('--if-named');
if (ifNamed) args.splice(args.indexOf('--if-named'), 1);
const date = option('--date');
const source = option('--source');
const outDir = path.resolve(option('--out') ?? path.join(root, 'game-snapshot'));

function fail(message) {
  console.error(`snapshot: ${message}`);
  process.exit(1);
}

let gameArg = args[0];
if (ifNamed) {
  gameArg = process.env.CDDA_GAME?.trim() || undefined;
  if (!gameArg) {
    const existing = path.join(outDir, 'manifest.json');
    if (fs.existsSync(existing)) {
      const m = JSON.parse(fs.readFileSync(existing, 'utf8'));
      console.warn(`snapshot: no $CDDA_GAME; packing the snapshot already in ${path.relative(root, outDir)}/ (game data of ${m.date}, ${m.source})`);
    } else {
      console.warn('snapshot: no $CDDA_GAME: packing without a built-in game (a check then needs a game folder; CDDA_GAME=GAME_DIR when packing includes one: see README, "Built-in game")');
    }
    process.exit(0);
  }
}
if (!gameArg || args.length > 1) fail('usage: npm run snapshot -- GAME_DIR [--date YYYY-MM-DD] [--source TEXT] [--out DIR]');

const out = (p) => path.join(root, 'out', 'server', 'src', ...p.split('/'));
if (!fs.existsSync(out('mods/gameSnapshot.js'))) fail('out/ is not built: run `npm run build` first');
const { gameDataFolder, holdsGameData } = require(out('mods/gameFolder.js'));
const { writeSnapshot } = require(out('mods/gameSnapshot.js'));
const { detectVersion } = require(out('registry/versions/index.js'));

const gameDir = gameDataFolder(gameArg);
if (!holdsGameData(gameDir)) fail(`${gameArg}: no json/ folder (nor data/json): not the game's data folder nor a checkout of the game`);

function git(...gitArgs) {
  const r = spawnSync('git', ['-C', gameDir, ...gitArgs], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** The newest modification date of the game's json/ files (a folder that is not a checkout). */
function newestFileDate() {
  let newest = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  walk(path.join(gameDir, 'json'));
  return new Date(newest).toISOString().slice(0, 10);
}

const inCheckout = git('rev-parse', '--is-inside-work-tree') === 'true';
const commit = inCheckout ? git('rev-parse', '--short=12', 'HEAD') : undefined;
const remote = inCheckout ? git('remote', 'get-url', 'origin') : undefined;
const version = detectVersion(gameDir).version;
if (version.id !== 'current') console.warn(`snapshot: warning: ${gameDir} holds ${version.title}, not the current game`);
if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date ${date}: expected YYYY-MM-DD`);
const describe = {
  gameVersion: version.id,
  gameVersionTitle: version.title,
  date: date ?? (commit ? git('log', '-1', '--format=%cs') : undefined) ?? newestFileDate(),
  source: source ?? (commit ? `${(remote ?? 'a checkout').replace(/^https:\/\/github\.com\/|\.git$/g, '')} at ${commit}` : `the folder ${path.basename(path.resolve(gameArg))}`),
};

const t0 = Date.now();
const m = writeSnapshot(gameDir, outDir, describe);
const mb = (n) => (n / 1e6).toFixed(1);
console.log(`snapshot: ${path.relative(process.cwd(), outDir) || '.'}/: ${m.files} files, ${mb(m.bytes)} MB -> ${mb(m.packedBytes)} MB; ${m.gameVersionTitle}, game data of ${m.date} (${m.source}); ${((Date.now() - t0) / 1000).toFixed(1)} s`);
