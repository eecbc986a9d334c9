#!/usr/bin/env node
// Builds the VS Code extension package:
//   1. typechecks the client (client/tsconfig.json; the root tsconfig does not cover client/),
//   2. bundles client/src/extension.ts -> dist/client.js and server/src/lsp/bin.ts -> dist/server.js (and the
//      server's second thread, server/src/index/readAheadWorker.ts -> dist/readAheadWorker.js) with esbuild (platform node, target node20, minified, no source maps),
//   3. runs `vsce package` in a staged copy whose manifest keeps the extension's name (the npm package is cdda-lint)
//      (user-facing README from docs/marketplace/, its screenshots inside it) -> cdda-json.vsix, with the built-in
//      game snapshot when game-snapshot/ holds one (see server/src/mods/gameSnapshot.ts): made first from the game
//      folder $CDDA_GAME names, as `npm pack` makes the npm package's (scripts/snapshot.mjs --if-named). It says
//      which, and the packed README says the same: what the extension checks against with no game folder.
// Options: --no-vsix (stop after bundling), --out FILE (vsix path).
// Env: CDDA_GAME (the current game's folder: the built-in game), CDDA_SERVER_ENTRY overrides the server entry (for
// trying the harness with a stand-in server).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const noVsix = args.includes('--no-vsix');
const outIdx = args.indexOf('--out');
const vsixPath = path.resolve(root, outIdx >= 0 ? args[outIdx + 1] : 'cdda-json.vsix');
const serverEntry = path.resolve(root, process.env.CDDA_SERVER_ENTRY || 'server/src/lsp/bin.ts');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** The repository's web address from package.json (https://github.com/owner/name). */
function repositoryWebUrl() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url ?? '';
  const m = /github\.com[/:]([^/]+)\/([^/]+?)(\.git)?$/.exec(url);
  if (!m) {
    console.error(`package: package.json "repository" (${url || 'none'}) is not a GitHub address; the README's images need one`);
    process.exit(1);
  }
  return `https://github.com/${m[1]}/${m[2]}`;
}

function run(cmd, cmdArgs, cwd = root) {
  const r = spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`package: ${path.basename(cmd)} ${cmdArgs.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
}

/** The extension's identity on the marketplace and in VS Code (publisher.name); the npm package is cdda-lint. */
const EXTENSION_NAME = 'cdda-json';

/**
 * A folder to run vsce in: what .vscodeignore lets into the vsix (and the marketplace README), with the manifest's
 * name set to the extension's, so the npm package's name does not change the installed extension's id.
 */
function stageExtension() {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-vsix-'));
  process.on('exit', () => fs.rmSync(stage, { recursive: true, force: true }));
  for (const p of ['.vscodeignore', 'dist', 'syntaxes', 'images', 'docs/marketplace', 'CHANGELOG.md', 'LICENSE', 'README.md', 'game-snapshot']) {
    if (fs.existsSync(path.join(root, p))) fs.cpSync(path.join(root, p), path.join(stage, p), { recursive: true });
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  manifest.name = EXTENSION_NAME;
  // npm's fields, not the extension's: vsce would check the files list against the staged folder.
  delete manifest.files;
  delete manifest.scripts;
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(manifest, null, 2));
  return stage;
}

const t0 = Date.now();
console.log('package: typechecking client');
run(bin('tsc'), ['-p', 'client']);

if (!fs.existsSync(serverEntry)) {
  console.error(`package: server entry ${path.relative(root, serverEntry)} does not exist`);
  process.exit(1);
}

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  // ESM builds first: jsonc-parser's UMD main uses a require() pattern bundlers cannot follow.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  absWorkingDir: root,
  nodePaths: [path.join(root, 'node_modules')],
};
console.log('package: bundling dist/client.js, dist/server.js and dist/readAheadWorker.js');
await Promise.all([
  esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  esbuild.build({ ...common, entryPoints: [serverEntry], outfile: 'dist/server.js' }),
  // Started by the server from its own folder (index/readAhead.ts).
  esbuild.build({ ...common, entryPoints: ['server/src/index/readAheadWorker.ts'], outfile: 'dist/readAheadWorker.js' }),
]);
for (const f of ['dist/client.js', 'dist/server.js', 'dist/readAheadWorker.js']) {
  console.log(`package: ${f} ${(fs.statSync(path.join(root, f)).size / 1024).toFixed(1)} KiB`);
}

/**
 * The user-facing README as packaged: each screenshot (a relative image link, from the repository's root) inside
 * it as a `data:` URL, other relative links to the repository. VS Code's extension page loads only `https:` and
 * `data:` images (its webview's Content-Security-Policy: a relative image resolves against the webview, not the
 * extension folder, and is refused; microsoft/vscode#43173), and a link to the repository shows nothing until the
 * repository serves the file: inside the README the screenshots come from the installed extension itself.
 */
function packagedReadme(source) {
  const types = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };
  const isRelative = (link) => !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('#');
  return fs.readFileSync(source, 'utf8').replace(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g, (all, image, text, link) => {
    if (!isRelative(link)) return all;
    if (!image) return `[${text}](${repositoryWebUrl()}/blob/HEAD/${link})`;
    const file = path.join(root, link);
    const type = types[path.extname(file).toLowerCase()];
    if (!type || !fs.existsSync(file)) {
      console.error(`package: ${path.relative(root, source)}: image ${link} ${type ? 'does not exist' : 'is not a PNG, JPEG or GIF'}`);
      process.exit(1);
    }
    return `![${text}](data:${type};base64,${fs.readFileSync(file).toString('base64')})`;
  });
}

/** The built-in game the extension will hold, made from $CDDA_GAME when it names a game: its manifest, or undefined. */
function builtInGame() {
  if (process.env.CDDA_GAME?.trim()) {
    // snapshot.mjs reads the engine from out/ (the tsc build, not the bundles).
    if (process.env.npm_execpath) run(process.execPath, [process.env.npm_execpath, 'run', 'build', '--silent']);
    else run('npm', ['run', 'build', '--silent']);
    run(process.execPath, [path.join(root, 'scripts', 'snapshot.mjs'), '--if-named']);
  }
  const manifest = path.join(root, 'game-snapshot', 'manifest.json');
  return fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')) : undefined;
}

/**
 * What the packed README says of the built-in game, in place of its `<!-- built-in game -->` line: this package's
 * snapshot (its date and origin), or that it has none and how to get one.
 */
function builtInGameText(manifest) {
  return manifest
    ? `With no game folder anywhere, the extension checks against its built-in snapshot of the game's data, ${manifest.gameVersionTitle} of ${manifest.date}; the status bar's tooltip says so. The game data in it is Cataclysm: DDA's, under CC-BY-SA 3.0.`
    : 'This build of the extension holds no built-in game (it was packaged without a snapshot of the game\'s data): with no game folder, it checks without the game\'s definitions and says so on each mod\'s `modinfo.json`. Set the Game Path, or install a build made with one (`CDDA_GAME=GAME_DIR npm run package`).';
}

if (!noVsix) {
  const game = builtInGame();
  if (game) console.log(`package: with the built-in game: ${game.gameVersionTitle}, game data of ${game.date} (${game.source})`);
  else console.warn('package: WITHOUT a built-in game: game-snapshot/ holds none, so the extension checks only against a game folder it finds or is given. To include one: CDDA_GAME=GAME_DIR npm run package (or npm run snapshot -- GAME_DIR first). The packed README says it has none.');
  console.log(`package: vsce package -> ${path.relative(root, vsixPath)}`);
  const readme = path.join(root, 'dist/README.md');
  const marker = '<!-- built-in game -->';
  const source = packagedReadme(path.join(root, 'docs/marketplace/README.md'));
  if (!source.includes(marker)) {
    console.error(`package: docs/marketplace/README.md has no ${marker} line, where what it says of the built-in game goes`);
    process.exit(1);
  }
  fs.writeFileSync(readme, source.replace(marker, builtInGameText(game)));
  // Its links are final: vsce would otherwise point relative ones at the repository and refuse `data:` images.
  run(bin('vsce'), ['package', '--no-dependencies', '--readme-path', 'dist/README.md', '--no-rewrite-relative-links', '-o', vsixPath], stageExtension());
  console.log(`package: ${path.relative(root, vsixPath)} ${(fs.statSync(vsixPath).size / 1024).toFixed(1)} KiB, ${game ? 'with' : 'without'} the built-in game`);
}
console.log(`package: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
