#!/usr/bin/env node
// Real-editor end-to-end test: the packaged extension in VS Code (code-server 4.100.3) in Debian's
// Chromium, driven by playwright-core. Needs `bash test/e2e/setup.sh` first (npm run test:e2e does both).
//
// Scenarios, on a copy of test/e2e/workspace (mod_a depends on dda, mod_b on mod_a):
//   (a) a bad unit typed into mod_b shows up in the Problems panel, and vanishes again on undo;
//   (b) completion inside "upgrades": { "into": "mon_|" } offers mon_a_shambler (mod_a) and mon_zombie (core);
//   (c) F12 on mod_b's "into": "mon_a_shambler" opens mod_a's file at the definition;
//   (d) CDDA: Restart Server and CDDA: Reindex Workspace end with the server ready again;
//   (e) CDDA: Show Resolved Definition on mod_b's mon_b_brute_elder opens its resolved value beside (hp 150: 80
//       from mon_zombie, +40 in mon_b_brute, x1.25 in its own proportional);
//   (f) Types: Show Type Hierarchy on mon_b_brute lists its subtype mon_b_brute_elder, then its supertype mon_zombie;
//   (g) the extension's page in the Extensions view shows its name, icon and README with its screenshots, from the
//       installed extension (this machine is offline: nothing is fetched);
//   (h) cdda.gamePath set in User settings (a folder other than the one auto-detection finds) holds when another
//       cdda.* setting changes: the server keeps that game (code-server is a remote window, like WSL and SSH);
//   (i) the "add missing member" quick fix leaves a file in the game's format formatted (no snippet re-indented
//       by VS Code), with the body type the game's monsters use most;
//   (j) CDDA: Show Map Preview on a real two-tile house of the game (four palettes) draws every cell as the server's
//       cdda/mapPreview resolves it (symbol, colors, hover, grid, cursor), and redraws a cell typed into its rows.
// Screenshots of every step go to test-output/e2e/*.png (also on failure); the final ones are copied to
// docs/screenshots/ (with UPDATE_SCREENSHOTS=1). Stops code-server (its own process group) and Chromium, pass or fail. Exit 1 on failure.
//
// Env: E2E_SKIP_PACKAGE=1 reuses ./cdda-json.vsix; E2E_KEEP=1 keeps the temporary folder;
//      E2E_TIMEOUT_S (default 240) bounds the whole run; CDDA_GAME_PATH (default /usr/share/games/cataclysm-dda).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const e2eTools = path.join(root, '.e2e');
const require = createRequire(path.join(e2eTools, 'package.json'));
const outDir = path.join(root, 'test-output/e2e');
const docsShots = path.join(root, 'docs/screenshots');
const codeServerBin = path.join(e2eTools, 'node_modules/.bin/code-server');
const vsix = path.join(root, 'cdda-json.vsix');
const gamePath = process.env.CDDA_GAME_PATH || '/usr/share/games/cataclysm-dda';
const totalTimeoutMs = Number(process.env.E2E_TIMEOUT_S || 240) * 1000;
const STEP_TIMEOUT = 30_000;
const t0 = Date.now();

const log = (msg) => console.log(`[e2e ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
class TestFailure extends Error {}
const fail = (msg) => {
  throw new TestFailure(msg);
};

if (!fs.existsSync(codeServerBin)) {
  console.error('e2e: code-server is not installed; run `bash test/e2e/setup.sh` (or `npm run test:e2e`).');
  process.exit(2);
}
const { chromium } = require('playwright-core');

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

// ---------------------------------------------------------------------------------------------------
// Processes we start, and their cleanup (only our own process group; pass or fail).
let codeServer;
let browser;
let tmp;
let timedOut = false;
let cleanupPromise;
function cleanup() {
  cleanupPromise ??= doCleanup();
  return cleanupPromise;
}
async function doCleanup() {
  if (browser) {
    await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  }
  if (codeServer && codeServer.exitCode === null && codeServer.signalCode === null) {
    try {
      process.kill(-codeServer.pid, 'SIGTERM');
    } catch {}
    const exited = await Promise.race([
      new Promise((r) => codeServer.once('exit', () => r(true))),
      new Promise((r) => setTimeout(() => r(false), 5000)),
    ]);
    if (!exited) {
      try {
        process.kill(-codeServer.pid, 'SIGKILL');
      } catch {}
    }
  }
  if (tmp && !process.env.E2E_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
}
process.on('exit', () => {
  // last resort if something threw past the async cleanup
  if (codeServer && codeServer.exitCode === null) {
    try {
      process.kill(-codeServer.pid, 'SIGKILL');
    } catch {}
  }
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await cleanup();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (codeServer.exitCode !== null) fail(`code-server exited early (code ${codeServer.exitCode}); see test-output/e2e/code-server.log`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(`code-server did not answer on ${url} within ${timeoutMs / 1000}s`);
}

function lineOf(file, needle) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.includes(needle));
  if (i < 0) fail(`fixture ${file} has no line with ${needle}`);
  return i + 1;
}

let page;
let shotNo = 0;
const shots = {};
async function shot(name) {
  if (!page) return;
  const file = path.join(outDir, `${String(++shotNo).padStart(2, '0')}-${name}.png`);
  try {
    await page.screenshot({ path: file, timeout: 10_000 });
    shots[name] = file;
  } catch (e) {
    log(`screenshot ${name} failed: ${e.message}`);
  }
}

async function waitUntil(what, fn, timeoutMs = STEP_TIMEOUT, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      if (e instanceof TestFailure) throw e;
      last = e;
    }
    await page.waitForTimeout(intervalMs);
  }
  fail(`timed out after ${timeoutMs / 1000}s waiting for ${what}${last instanceof Error ? ` (${last.message})` : ''}`);
}

// ---------------------------------------------------------------------------------------------------
// Editor helpers
const quickInput = () => page.locator('.quick-input-widget');
async function quickInputClosed() {
  await waitUntil('the quick input to close', async () => !(await quickInput().isVisible()));
}
async function editorFocused() {
  await waitUntil('the editor to have focus', () =>
    page.evaluate(() => !!document.activeElement?.closest('.editor-instance .monaco-editor')),
  );
}
async function activeTabTitle() {
  return (await page.locator('.tabs-container .tab.active .label-name').first().textContent())?.trim();
}
async function openFile(name) {
  await page.keyboard.press('Control+P');
  await waitUntil('Quick Open', () => quickInput().isVisible());
  await page.keyboard.type(name, { delay: 20 });
  await waitUntil(`Quick Open to list ${name}`, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes(name),
  );
  await page.keyboard.press('Enter');
  await quickInputClosed();
  await waitUntil(`tab ${name}`, async () => (await activeTabTitle()) === name);
  await editorFocused();
}
async function goToLine(line) {
  await page.keyboard.press('Control+G');
  await waitUntil('Go to Line', () => quickInput().isVisible());
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await quickInputClosed();
  await editorFocused();
  await waitUntil(`cursor on line ${line}`, async () => (await cursorPosition())?.line === line);
}
async function cursorPosition() {
  const text = await page.locator('[id="status.editor.selection"]').first().textContent({ timeout: 2000 });
  const m = /Ln (\d+), Col (\d+)/.exec(text ?? '');
  return m ? { line: Number(m[1]), col: Number(m[2]) } : undefined;
}
async function runCommand(title, { opensPicker = false } = {}) {
  await page.keyboard.press('F1');
  await waitUntil('the command palette', () => quickInput().isVisible());
  await page.keyboard.type(title, { delay: 10 });
  await waitUntil(`command "${title}"`, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes(title),
  );
  await page.keyboard.press('Enter');
  if (opensPicker) {
    // the same quick input stays open with the command's own list
    await waitUntil(`the picker of "${title}"`, async () =>
      !(await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes(title),
    );
  } else {
    await quickInputClosed();
  }
}
async function showOutputChannel() {
  await runCommand('Output: Show Output Channels', { opensPicker: true });
  await page.keyboard.type('CDDA Language Server', { delay: 10 });
  await waitUntil('the CDDA output channel in the list', async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes('CDDA Language Server'),
  );
  await page.keyboard.press('Enter');
  await quickInputClosed();
  // the Output view has a filter box too, and it may show the Problems filter's text: clear it
  const outFilter = page.locator('.viewpane-filter input').filter({ visible: true }).first();
  if (await outFilter.count()) await outFilter.fill('');
  await page.waitForTimeout(1000);
}
function clientLog() {
  if (!tmp) return '';
  const found = [];
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.startsWith('CDDA Language Server')) found.push(p);
    }
  };
  walk(path.join(tmp, 'ud/logs'));
  return found.map((p) => fs.readFileSync(p, 'utf8')).join('\n');
}
async function focusEditor() {
  await page.keyboard.press('Control+1');
  await editorFocused();
}
async function statusText() {
  const item = page.locator('.statusbar-item', { hasText: 'CDDA' }).first();
  if (!(await item.count())) return undefined;
  return ((await item.textContent()) ?? '').trim();
}
async function problemRows() {
  return page.locator('.markers-panel .monaco-list-row').allTextContents();
}
async function suggestLabels() {
  const widget = page.locator('.suggest-widget.visible');
  if (!(await widget.count())) return undefined;
  // each row: its label and its whole text (label + the server's detail, e.g. the monster's name)
  return widget.locator('.monaco-list-row').evaluateAll((rows) =>
    rows.map((r) => ({
      label: (r.querySelector('.label-name')?.textContent ?? '').trim(),
      text: (r.textContent ?? '').replace(/\u00a0/g, ' '),
    })),
  );
}
async function showSuggest(what, predicate) {
  return waitUntil(
    what,
    async () => {
      let labels = await suggestLabels();
      if (!labels) {
        await page.keyboard.press('Control+Space');
        await page.waitForTimeout(500);
        labels = await suggestLabels();
      }
      return labels && predicate(labels) ? labels : undefined;
    },
    STEP_TIMEOUT,
    500,
  );
}

/** Sets a setting as a user does: in User settings (JSON) opened from the command palette, saved with Ctrl+S. */
async function setUserSetting(file, key, value) {
  const text = JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), [key]: value }, null, 2);
  await runCommand('Preferences: Open User Settings (JSON)');
  await waitUntil('User settings (JSON) to open', async () => (await activeTabTitle()) === 'settings.json');
  await editorFocused();
  // Pasted (typing would close brackets and indent lines by itself)
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.keyboard.press('Control+S');
  await waitUntil(`${key} saved in User settings`, () => {
    try {
      return JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8'))[key]) === JSON.stringify(value);
    } catch {
      return false;
    }
  });
  await shot('h-user-settings');
  await page.keyboard.press('Control+W');
}

async function waitReady(what) {
  return waitUntil(
    what,
    async () => {
      const st = await statusText();
      return st && /^CDDA\b/.test(st) && !/indexing|starting|stopped|failed/.test(st) ? st : undefined;
    },
    60_000,
    300,
  );
}

// ---------------------------------------------------------------------------------------------------
// (j) the map preview: a real multi-tile map of the game (0.F) with four palettes and characters outside ASCII
const PREVIEW_MAP = 'json/mapgen/house/urban_16_house_ranch.json';
const PREVIEW_ROW = '".......________.!#1,,,0f0||+|||||||+|||||#......"';
const PREVIEW_ROW_INDEX = 8;
const PREVIEW_COLUMN = 24; // the first cell of the map's second overmap terrain

/** Opens a file outside the workspace (the game's) by its absolute path in Quick Open. */
async function openPath(file) {
  const name = path.basename(file);
  await page.keyboard.press('Control+P');
  await waitUntil('Quick Open', () => quickInput().isVisible());
  await page.evaluate((t) => navigator.clipboard.writeText(t), file);
  await page.keyboard.press('Control+V');
  await waitUntil(`Quick Open to list ${file}`, async () =>
    (await page.locator('.quick-input-list .monaco-list-row').first().textContent())?.includes(name),
  );
  await page.keyboard.press('Enter');
  await quickInputClosed();
  await waitUntil(`tab ${name}`, async () => (await activeTabTitle()) === name);
  await editorFocused();
}

/** The cells of the map preview's webview as drawn: symbol, inline colors, hover (title) and classes. */
async function previewCells() {
  for (const frame of page.frames()) {
    const found = await frame
      .evaluate(() => {
        const table = document.querySelector('body > table');
        const h1 = document.querySelector('body > h1');
        if (!table || !h1) return undefined;
        return {
          title: h1.textContent,
          rows: [...table.querySelectorAll('tr')].map((tr) =>
            [...tr.querySelectorAll('td')].map((td) => ({
              text: td.textContent,
              color: td.style.color,
              bg: td.style.backgroundColor,
              title: td.title,
              classes: td.className.split(' ').filter(Boolean),
            })),
          ),
        };
      })
      .catch(() => undefined);
    if (found) return found;
  }
  return undefined;
}

/**
 * cdda/mapPreview at `position` of `file`, asked of a server of this checkout (out/, over stdio, as the LSP tests
 * start it) on the same workspace and game as the editor's.
 */
async function expectedPreview(file, position, roots, game, text = fs.readFileSync(file, 'utf8')) {
  const { TestClient, uri } = createRequire(import.meta.url)(path.join(root, 'out/test/lsp/client.js'));
  const client = new TestClient({ roots, initializationOptions: { gamePath: game } });
  try {
    await client.initialize();
    await client.waitForReady();
    await client.open(file, text);
    return await client.request('cdda/mapPreview', { textDocument: { uri: uri(file) }, position });
  } finally {
    await client.stop();
  }
}

/** `#5c3317` as the browser reports an inline color: `rgb(92, 51, 23)`; none: ''. */
function cssRgb(hex) {
  if (!hex) return '';
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Where the drawn preview differs from the server's cells: symbol, colors, hover, grid line and cursor. */
function comparePreview(shown, expected) {
  const out = [];
  if (shown.rows.length !== expected.rows.length) out.push(`${shown.rows.length} rows drawn, ${expected.rows.length} expected`);
  expected.rows.forEach((row, r) => {
    const drawn = shown.rows[r] ?? [];
    if (drawn.length !== row.length) out.push(`row ${r + 1}: ${drawn.length} cells drawn, ${row.length} expected`);
    row.forEach((want, c) => {
      const got = drawn[c];
      if (!got) return;
      const at = `row ${r + 1} column ${c + 1} (${JSON.stringify(want.key)})`;
      if (got.text !== want.symbol) out.push(`${at}: symbol ${JSON.stringify(got.text)}, expected ${JSON.stringify(want.symbol)}`);
      if (got.color !== cssRgb(want.fg)) out.push(`${at}: color ${got.color}, expected ${want.fg}`);
      if (got.bg !== cssRgb(want.bg)) out.push(`${at}: background ${got.bg}, expected ${want.bg}`);
      for (const part of [JSON.stringify(want.key), want.terrain, want.furniture, ...want.markers]) {
        if (part && !got.title.includes(part)) out.push(`${at}: hover ${JSON.stringify(got.title)} lacks ${part}`);
      }
      const gridLine = expected.tile > 0 && c > 0 && c % expected.tile === 0;
      if (got.classes.includes('tl') !== gridLine) out.push(`${at}: grid line ${!gridLine ? 'drawn' : 'missing'}`);
      const isCursor = expected.cursor?.row === r && expected.cursor?.column === c;
      if (got.classes.includes('cur') !== isCursor) out.push(`${at}: cursor ${isCursor ? 'missing' : 'drawn'}`);
    });
  });
  if (!expected.cursor) out.push('the server placed no cursor cell');
  return out;
}

/** (j) the map preview of a real multi-tile map of the game with palettes, cell by cell against the server's
 *  resolution (cdda/mapPreview asked of a server of this checkout over stdio, on the same game and position). */
async function mapPreviewScenario(ws, setGame, previewMap) {
  await runCommand('View: Close All Editors'); // the map's file alone beside its picture
  await openPath(previewMap);
  const previewRowLine = lineOf(previewMap, PREVIEW_ROW);
  log(`(j) CDDA: Show Map Preview on ${path.relative(setGame, previewMap)} line ${previewRowLine}`);
  await goToLine(previewRowLine);
  await page.keyboard.press('Home'); // before the row's opening quote
  for (let i = 0; i < 1 + PREVIEW_COLUMN; i++) await page.keyboard.press('ArrowRight');
  const rowText = fs.readFileSync(previewMap, 'utf8').split('\n')[previewRowLine - 1];
  const wantCol = rowText.length - rowText.trimStart().length + 2 + PREVIEW_COLUMN; // 1-based, after the quote
  const previewPos = await waitUntil(`the cursor at column ${wantCol}`, async () => {
    const p = await cursorPosition();
    return p?.line === previewRowLine && p.col === wantCol ? p : undefined;
  });
  await runCommand('CDDA: Show Map Preview');
  await waitUntil('the map preview beside the editor', async () =>
    (await page.locator('.tabs-container .tab .label-name').allTextContents()).some((t) => t.startsWith('Map: ')),
  );
  const expected = await expectedPreview(previewMap, { line: previewPos.line - 1, character: previewPos.col - 1 }, [ws], setGame);
  if (!expected) fail(`(j) the server of this checkout has no map preview at ${previewMap}:${previewPos.line}:${previewPos.col}`);
  // The picture follows the cursor's last move a moment later: wait for it, then report what still differs.
  let mismatches = ['no picture drawn'];
  const shown = await waitUntil('the map preview drawn as the server resolves it', async () => {
    const cells = await previewCells();
    mismatches = cells ? comparePreview(cells, expected) : ['no picture drawn'];
    return mismatches.length ? undefined : cells;
  }).catch(() => fail(`(j) the preview differs from the server's resolution in ${mismatches.length} cells: ${mismatches.slice(0, 8).join('; ')}`));
  const colors = new Set(shown.rows.flat().map((c) => c.color));
  log(`(j) ok: "${shown.title}", ${shown.rows.length}x${shown.rows[0].length} cells, every symbol, color, hover and the cursor cell as cdda/mapPreview resolves them (${colors.size} colors, grid line at column ${expected.tile + 1})`);

  // it updates as you type: the first cell of the row becomes a brick wall, then back on undo. A wall is drawn
  // joined to its neighbours: the server of this checkout says how, for the text as typed.
  const cellBefore = expected.rows[PREVIEW_ROW_INDEX][0];
  const lines = fs.readFileSync(previewMap, 'utf8').split('\n');
  const rowAt = lines[previewRowLine - 1].indexOf('"') + 1;
  lines[previewRowLine - 1] = `${lines[previewRowLine - 1].slice(0, rowAt)}#${lines[previewRowLine - 1].slice(rowAt + 1)}`;
  const typed = await expectedPreview(previewMap, { line: previewPos.line - 1, character: previewPos.col - 1 }, [ws], setGame, lines.join('\n'));
  const wall = typed.rows[PREVIEW_ROW_INDEX][0];
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type('#');
  await page.keyboard.press('Escape');
  await waitUntil(`the typed "#" drawn as ${JSON.stringify(wall.symbol)} (${wall.terrain})`, async () => {
    const cell = (await previewCells())?.rows[PREVIEW_ROW_INDEX]?.[0];
    return cell && cell.text === wall.symbol && cell.title.includes(wall.terrain);
  });
  await page.keyboard.press('Control+Z');
  await waitUntil(`the undone cell drawn as ${JSON.stringify(cellBefore.symbol)} again`, async () => {
    const cell = (await previewCells())?.rows[PREVIEW_ROW_INDEX]?.[0];
    return cell && cell.text === cellBefore.symbol && cell.title.includes(JSON.stringify(cellBefore.key));
  });
  log(`(j) ok: a "#" typed into the row is drawn at once as ${JSON.stringify(wall.symbol)}, and undone`);

  // the screenshot: the editor on the map's rows, the preview beside; no side bar, no panel
  if (await page.locator('.part.sidebar').isVisible()) await page.keyboard.press('Control+B');
  if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
  await focusEditor();
  await goToLine(lineOf(previewMap, '"rows"') + 4); // the cursor on a bed ("@") of the house
  await page.keyboard.press('Home');
  for (let i = 0; i < 1 + 28; i++) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(1000);
  await shot('j-map-preview');
  if (!(await page.locator('.part.sidebar').isVisible())) await page.keyboard.press('Control+B');
  await runCommand('View: Close All Editors');

}

// ---------------------------------------------------------------------------------------------------
async function main() {
  // 1. package
  if (!process.env.E2E_SKIP_PACKAGE) {
    log('packaging the extension (npm run package)');
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/package.mjs')], { cwd: root, encoding: 'utf8' });
    fs.writeFileSync(path.join(outDir, 'package.log'), (r.stdout ?? '') + (r.stderr ?? ''));
    if (r.status !== 0) fail(`packaging failed (exit ${r.status}); see test-output/e2e/package.log\n${r.stdout}\n${r.stderr}`);
  }
  if (!fs.existsSync(vsix)) fail(`${vsix} does not exist`);
  log(`vsix ${(fs.statSync(vsix).size / 1024).toFixed(1)} KiB`);

  // 2. isolated code-server home + workspace copy
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-e2e-'));
  const ws = path.join(tmp, 'workspace');
  fs.cpSync(path.join(root, 'test/e2e/workspace'), ws, { recursive: true });
  // The game under a second name: a server that fell back to auto-detection would name the other folder.
  const setGame = path.join(tmp, 'game-set-in-user-settings');
  fs.symlinkSync(gamePath, setGame);
  const previewMap = path.join(setGame, PREVIEW_MAP);
  if (!fs.existsSync(previewMap)) fail(`(j) the game at ${gamePath} has no ${PREVIEW_MAP} (the 0.F data's two-tile house)`);
  const ud = path.join(tmp, 'ud');
  const ext = path.join(tmp, 'ext');
  fs.mkdirSync(path.join(ud, 'User'), { recursive: true });
  const userSettingsFile = path.join(ud, 'User/settings.json');
  fs.writeFileSync(
    userSettingsFile,
    JSON.stringify(
      {
        'cdda.gamePath': setGame,
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'workbench.welcomePage.walkthroughs.openOnInstall': false,
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'json.schemaDownload.enable': false,
        'chat.commandCenter.enabled': false,
        'editor.minimap.enabled': false,
        'editor.acceptSuggestionOnEnter': 'off',
        'editor.wordBasedSuggestions': 'off',
        'files.autoSave': 'off',
        'git.enabled': false,
      },
      null,
      2,
    ),
  );
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(tmp, 'config'),
    XDG_DATA_HOME: path.join(tmp, 'data'),
    TMPDIR: path.join(tmp, 'tmp'),
  };
  fs.mkdirSync(env.TMPDIR, { recursive: true });
  const port = await freePort();
  fs.writeFileSync(path.join(tmp, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const csArgs = ['--config', path.join(tmp, 'config.yaml'), '--user-data-dir', ud, '--extensions-dir', ext];

  log('installing the vsix into code-server');
  const inst = spawnSync(codeServerBin, [...csArgs, '--install-extension', vsix], { env, encoding: 'utf8', timeout: 60_000 });
  fs.writeFileSync(path.join(outDir, 'install-extension.log'), (inst.stdout ?? '') + (inst.stderr ?? ''));
  if (inst.status !== 0 || !/successfully installed/i.test(inst.stdout + inst.stderr)) {
    fail(`--install-extension failed (exit ${inst.status}):\n${inst.stdout}\n${inst.stderr}`);
  }

  // 3. code-server in its own process group
  log(`starting code-server on 127.0.0.1:${port}`);
  const csLog = fs.openSync(path.join(outDir, 'code-server.log'), 'w');
  codeServer = spawn(
    codeServerBin,
    [
      ...csArgs,
      '--auth', 'none',
      '--bind-addr', `127.0.0.1:${port}`,
      '--disable-workspace-trust',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      ws,
    ],
    { env, detached: true, stdio: ['ignore', csLog, csLog] },
  );
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, 30_000);

  // 4. Chromium
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`, { timeout: STEP_TIMEOUT });
  await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: STEP_TIMEOUT }).catch(() => {});
  log('workbench loaded');
  await shot('workbench');

  // 5. open mod_b's monsters; the extension activates (workspaceContains modinfo.json / onLanguage:json)
  const hulks = path.join(ws, 'mod_b/monsters/hulks.json');
  const shamblers = path.join(ws, 'mod_a/monsters/shamblers.json');
  await openFile('hulks.json');
  log('opened mod_b/monsters/hulks.json');
  const status = await waitUntil('the CDDA status bar item', statusText);
  log(`status bar: ${JSON.stringify(status)}`);
  await shot('activated');
  const ready = await waitUntil(
    'the server to report ready (cdda/status)',
    async () => {
      const s = await statusText();
      if (s && /stopped|failed/.test(s)) fail(`the language server is not running: status bar says ${JSON.stringify(s)}`);
      return s && !/indexing|starting/.test(s) ? s : undefined;
    },
    60_000,
    500,
  );
  log(`server ready: status bar ${JSON.stringify(ready)}`);
  await shot('ready');

  // (k) a swatch on the game's color names: hulks.json's "color": "light_gray" in the game's RGB (150, 150, 150)
  const swatches = await waitUntil('a color swatch beside "light_gray" in hulks.json', async () => {
    const colors = await page
      .locator('.editor-instance .colorpicker-color-decoration')
      .evaluateAll((es) => es.map((e) => getComputedStyle(e).backgroundColor));
    return colors.includes('rgb(150, 150, 150)') ? colors : undefined;
  });
  log(`(k) ok: color swatches ${JSON.stringify(swatches)}`);

  // (h) the game set in User settings holds when another cdda.* setting changes
  const indexedWith = () => [...clientLog().matchAll(/Indexing \(([^)]*)\): game data (.+?), game version/g)].map((m) => ({ reason: m[1], game: m[2] }));
  const firstBuilds = indexedWith();
  if (!firstBuilds.length || firstBuilds.some((b) => b.game !== setGame)) fail(`(h) the server did not index the game set in User settings (${setGame}): ${JSON.stringify(firstBuilds)}`);
  const settingsLines = () => clientLog().match(/^.*Settings changed:.*$/gm) ?? [];
  const settingsBefore = settingsLines().length;
  log('(h) changing cdda.severity in User settings');
  await setUserSetting(userSettingsFile, 'cdda.severity', { 'missing-field': 'error' });
  const heard = await waitUntil('the server to take the new settings', () => {
    const lines = settingsLines().slice(settingsBefore);
    if (lines.length) return lines[lines.length - 1];
    if (indexedWith().length > firstBuilds.length) return 'rebuilt';
    return undefined;
  });
  await page.waitForTimeout(1000); // a rebuild the change would start shows up in its log by now
  const builds = indexedWith();
  if (builds.length > firstBuilds.length) fail(`(h) changing cdda.severity rebuilt the project with ${JSON.stringify(builds.slice(firstBuilds.length))}; cdda.gamePath was ${setGame}`);
  if (!heard.includes(setGame)) fail(`(h) the server's settings after the change do not name the game set in User settings (${setGame}): ${heard}`);
  log(`(h) ok: ${heard.trim()}`);
  await waitReady('the server to be ready after the settings change');

  // Problems panel, filtered to the file under test (other JSON such as settings.json may have problems too)
  await page.keyboard.press('Control+Shift+M');
  const filter = page.locator('.markers-panel-action-filter input, .viewpane-filter input').first();
  await filter.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
  await filter.fill('hulks.json');
  await page.waitForTimeout(1000);
  const before = await problemRows();
  if (before.length) log(`NOTE: hulks.json has problems before any edit: ${JSON.stringify(before)}`);
  await focusEditor();

  // (a) a bad unit
  const volumeLine = lineOf(hulks, '"volume": "62500 ml"');
  log(`(a) typing "62500 mL" on line ${volumeLine}`);
  await goToLine(volumeLine);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft'); // before ,
  await page.keyboard.press('ArrowLeft'); // before "
  await page.keyboard.press('Backspace'); // l
  await page.keyboard.type('L');
  await page.keyboard.press('Escape'); // a suggest widget may pop up while typing in a string
  const badRows = await waitUntil(
    'the bad unit to appear in the Problems panel',
    async () => {
      const rows = await problemRows();
      const hits = rows.filter((r) => r.includes(`Ln ${volumeLine},`) && /mL|unit/i.test(r));
      return hits.length ? hits : undefined;
    },
    STEP_TIMEOUT,
    300,
  );
  log(`(a) Problems: ${JSON.stringify(badRows)}`);
  await shot('a-problem');
  await focusEditor();
  // undo (the backspace and the typing may be separate undo stops) until the line reads "62500 ml" again
  const viewText = async () =>
    ((await page.locator('.editor-instance .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
  for (let i = 0; i < 4 && !(await viewText()).includes('"62500 ml"'); i++) {
    await page.keyboard.press('Control+Z');
    await page.waitForTimeout(150);
  }
  if (!(await viewText()).includes('"62500 ml"')) fail('undo did not restore "62500 ml"');
  await waitUntil(
    'the bad unit to vanish from the Problems panel after undo',
    async () => {
      const rows = await problemRows();
      return !rows.some((r) => r.includes(`Ln ${volumeLine},`) && /mL|unit/i.test(r));
    },
    STEP_TIMEOUT,
    300,
  );
  log('(a) ok: the problem vanished after undo');
  await shot('a-undone');

  // (b) completion in "upgrades": { "into": "mon_|" }
  const intoLine = lineOf(hulks, '"into": "mon_zombie"');
  log(`(b) completion on line ${intoLine}`);
  await focusEditor();
  await goToLine(intoLine);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft'); // inside the closing quote
  for (let i = 0; i < 'zombie'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+Space');
  const monRows = await showSuggest('monster ids in the suggest widget', (rs) => rs.some((r) => r.label.startsWith('mon_')));
  log(`(b) "mon_" offers ${monRows.length} visible rows: ${monRows.slice(0, 8).map((r) => r.label).join(', ')}...`);
  await shot('b-completion-mon');
  await page.keyboard.type('a_sh', { delay: 50 });
  // the server's item (with the monster's name as detail), not VS Code's JSON/word suggestions
  const aRows = await showSuggest('mon_a_shambler "bone shambler" (mod_a) in the suggest widget', (rs) =>
    rs.some((r) => r.label === 'mon_a_shambler' && r.text.includes('bone shambler')),
  );
  log(`(b) mon_a_shambler (mod_a) offered: ${JSON.stringify(aRows.find((r) => r.label === 'mon_a_shambler').text)}`);
  await shot('b-completion-mod-a');
  for (let i = 0; i < 'a_sh'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('zombie', { delay: 50 });
  const zRows = await showSuggest('mon_zombie "zombie" (core) in the suggest widget', (rs) =>
    rs.some((r) => r.label === 'mon_zombie' && /zombie$/.test(r.text.trim().slice('mon_zombie'.length))),
  );
  log(`(b) mon_zombie (core) offered among: ${zRows.slice(0, 6).map((r) => JSON.stringify(r.text)).join(', ')}`);
  await shot('b-completion-core');
  await page.keyboard.press('Escape');
  await runCommand('File: Revert File');
  await editorFocused();

  // (c) go to definition across mods
  const defLine = lineOf(hulks, '"into": "mon_a_shambler"');
  const targetLine = lineOf(shamblers, '"id": "mon_a_shambler"');
  log(`(c) F12 on line ${defLine}, expecting shamblers.json line ${targetLine}`);
  await goToLine(defLine);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('F12');
  await waitUntil(
    'F12 to open shamblers.json',
    async () => (await activeTabTitle()) === 'shamblers.json',
    STEP_TIMEOUT,
    300,
  );
  // The status bar's cursor position follows the new editor a moment after its tab: wait for the target line
  // for a while, then report where the cursor actually is.
  let pos = await waitUntil('the cursor position', cursorPosition);
  for (let i = 0; i < 25 && pos.line !== targetLine; i++) {
    await page.waitForTimeout(200);
    pos = (await cursorPosition()) ?? pos;
  }
  await shot('c-definition');
  if (pos.line !== targetLine) fail(`(c) F12 landed on shamblers.json line ${pos.line}, expected line ${targetLine} ("id": "mon_a_shambler")`);
  log(`(c) ok: shamblers.json Ln ${pos.line}, Col ${pos.col}`);

  // (d) the extension's own commands: restart the server, reindex the workspace; both end ready again
  const count = (re) => (clientLog().match(re) ?? []).length;
  const starts = count(/Starting CDDA language server/g);
  await runCommand('CDDA: Restart Server');
  await waitUntil('the client to start the server again', async () => count(/Starting CDDA language server/g) > starts);
  log(`(d) after CDDA: Restart Server, status bar ${JSON.stringify(await waitReady('the server to be ready after a restart'))}`);
  await runCommand('CDDA: Reindex Workspace');
  await waitUntil('the client to send cdda.reindex', async () => count(/Reindexing workspace/g) > 0);
  log(`(d) after CDDA: Reindex Workspace, status bar ${JSON.stringify(await waitReady('the server to be ready after reindexing'))}`);
  const toasts = await page.locator('.notifications-toasts .notification-list-item-message').allTextContents();
  if (toasts.some((t) => /CDDA/.test(t))) fail(`CDDA notification after restart/reindex: ${JSON.stringify(toasts)}`);

  // (e) CDDA: Show Resolved Definition opens the definition as the game resolves it, read-only, beside
  const brutes = path.join(ws, 'mod_b/monsters/brutes.json');
  const inId = async () => {
    await page.keyboard.press('End');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft'); // inside the id string, before `",`
  };
  const activeText = async () =>
    ((await page.locator('.editor-group-container.active .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
  await focusEditor();
  await openFile('brutes.json');
  const elderLine = lineOf(brutes, '"id": "mon_b_brute_elder"');
  log(`(e) CDDA: Show Resolved Definition on line ${elderLine} (mon_b_brute_elder)`);
  await goToLine(elderLine);
  await inId();
  await runCommand('CDDA: Show Resolved Definition');
  const activeGroupTab = async () =>
    (await page.locator('.editor-group-container.active .tab.active .label-name').first().textContent())?.trim();
  await waitUntil('the resolved document to open beside', async () => (await activeGroupTab()) === 'mon_b_brute_elder.jsonc', STEP_TIMEOUT, 300);
  const resolvedText = await waitUntil('the resolved text', async () => {
    const t = await activeText();
    return t.includes('monster mon_b_brute_elder') && t.includes('"hp": 150') ? t : undefined;
  });
  // 80 (mon_zombie) + 40 (mon_b_brute) = 120, x 1.25 (mon_b_brute_elder) = 150
  if (!/80 \(mon_zombie\) → \+40 = 120 \(mon_b_brute\) → ×1\.25 = 150 \(mon_b_brute_elder\)/.test(resolvedText)) fail(`(e) the resolved document does not show how hp was computed:\n${resolvedText.slice(0, 2000)}`);
  log('(e) ok: mon_b_brute_elder.jsonc shows "hp": 150 with its steps');
  // For the screenshot: the resolved document alone (its comments are wide), no side bar, no panel.
  await runCommand('View: Toggle Maximize Editor Group');
  await page.keyboard.press('Control+B');
  await page.keyboard.press('Control+J');
  await page.waitForTimeout(800);
  await shot('e-resolved');
  await page.keyboard.press('Control+B');
  await runCommand('View: Toggle Maximize Editor Group');
  await page.keyboard.press('Control+W'); // close it: room for the next scenario

  // (f) the copy-from hierarchy in the References view (Types: Show Type Hierarchy)
  await page.keyboard.press('Control+1');
  await editorFocused();
  const bruteLine = lineOf(brutes, '"id": "mon_b_brute"');
  log(`(f) Types: Show Type Hierarchy on line ${bruteLine} (mon_b_brute)`);
  await goToLine(bruteLine);
  await inId();
  const treeRows = () => page.locator('.part.sidebar .monaco-list-row').allTextContents();
  await runCommand('Types: Show Type Hierarchy');
  const subRows = await waitUntil('mon_b_brute and its subtype mon_b_brute_elder in the References view', async () => {
    const rows = await treeRows();
    return rows.some((r) => r.includes('mon_b_brute_elder')) ? rows : undefined;
  });
  log(`(f) subtypes: ${JSON.stringify(subRows)}`);
  await shot('f-type-hierarchy');
  await runCommand('Types: Show Supertypes');
  const superRows = await waitUntil('the supertype mon_zombie (core) in the References view', async () => {
    const rows = await treeRows();
    return rows.some((r) => r.includes('mon_zombie')) ? rows : undefined;
  });
  log(`(f) supertypes: ${JSON.stringify(superRows)}`);
  await shot('f-type-hierarchy-supertypes');

  // (i) "add missing member" on a file in the game's format: a plain edit the editor does not re-indent, the body
  //     type the game's monsters use most; the saved file is still in the game's format
  const { isCddaFormatted } = createRequire(import.meta.url)(path.join(root, 'out/server/src/format/cddaFormat.js'));
  const unfinished = path.join(ws, 'mod_b/monsters/unfinished.json');
  const unfinishedText = fs.readFileSync(unfinished, 'utf8');
  if (!isCddaFormatted(unfinishedText)) fail(`fixture ${unfinished} is not in the game's format`);
  await page.keyboard.press('Control+1');
  await editorFocused();
  await openFile('unfinished.json');
  const unfinishedLine = lineOf(unfinished, '"id": "mon_b_unfinished"');
  log(`(i) quick fix on line ${unfinishedLine} (mon_b_unfinished has no "bodytype")`);
  await goToLine(unfinishedLine);
  await inId();
  const addRow = page.locator('.action-widget .monaco-list-row', { hasText: 'Add missing member' }).first();
  await waitUntil('the quick fix "Add missing member" (Ctrl+.)', async () => {
    if (await addRow.isVisible()) return true;
    await page.keyboard.press('Control+.');
    await page.waitForTimeout(700);
    return addRow.isVisible();
  });
  const fixTitle = ((await addRow.textContent()) ?? '').replace(/\u00a0/g, ' ').trim();
  log(`(i) offered: ${JSON.stringify(fixTitle)}`);
  await shot('i-quick-fix');
  // chosen with the keyboard (a pointer block lies over the widget): down to it, then Enter
  const focusedAction = page.locator('.action-widget .monaco-list-row.focused').first();
  for (let i = 0; i < 10 && !((await focusedAction.textContent().catch(() => '')) ?? '').includes('Add missing member'); i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(100);
  }
  await page.keyboard.press('Enter');
  await waitUntil('the member inserted', async () => (await activeText()).includes('"bodytype"'));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+S');
  const fixedText = await waitUntil('the fixed file saved', () => {
    const t = fs.readFileSync(unfinished, 'utf8');
    return t !== unfinishedText ? t : undefined;
  });
  await shot('i-quick-fix-applied');
  const expectedText = unfinishedText.replace(/\n  \}\n\]\n$/, ',\n    "bodytype": "human"\n  }\n]\n');
  if (fixedText !== expectedText) fail(`(i) the fixed file is not as expected (formatted: ${isCddaFormatted(fixedText)}):\n${fixedText}\n--- expected ---\n${expectedText}`);
  if (!isCddaFormatted(fixedText)) fail(`(i) the fixed file is not in the game's format:\n${fixedText}`);
  log('(i) ok: "bodytype": "human" added, the file is still in the game\'s format');

  // (l) "Fix all" (source.fixAll) on a file in the game's format with units written wrongly: every certain repair
  //     at once, the file still in the game's format; (m) CDDA: Migrate Mod: the repairs of every file of the mod,
  //     shown in VS Code's refactoring preview first, then applied. The files are written now (after (a), whose
  //     Problems rows they would share), the server told by the file watcher.
  const sloppyDir = path.join(ws, 'mod_b/items');
  fs.mkdirSync(sloppyDir, { recursive: true });
  const sloppy = path.join(sloppyDir, 'sloppy.json');
  const sloppyMore = path.join(sloppyDir, 'sloppy_more.json');
  const sloppyItem = (id, weight, volume) => `[\n  {\n    "type": "GENERIC",\n    "id": "${id}",\n    "name": { "str": "${id}" },\n    "description": "Units written wrongly.",\n    "weight": "${weight}",\n    "volume": "${volume}",\n    "symbol": ",",\n    "color": "white"\n  }\n]\n`;
  const sloppyText = sloppyItem('b_sloppy_charm', '30 G', '1.5 L');
  const sloppyMoreText = sloppyItem('b_sloppy_bead', '5 g', '250 ML');
  fs.writeFileSync(sloppy, sloppyText);
  fs.writeFileSync(sloppyMore, sloppyMoreText);
  await focusEditor();
  await openFile('sloppy.json');
  await page.waitForTimeout(1500);
  await shot('l-fix-all-before');
  // "Fix All" (editor.action.fixAll) until the server, told of the new file by the watcher, has its repairs
  const fixed = async () => { const t = await activeText(); return t.includes('"30 g"') && t.includes('"1500 ml"'); };
  await waitUntil('"Fix all" to repair both units', async () => {
    if (await fixed()) return true;
    await focusEditor();
    await runCommand('Fix All');
    await page.waitForTimeout(1500);
    return fixed();
  }, STEP_TIMEOUT, 300);
  await shot('l-fix-all');
  await page.keyboard.press('Control+S');
  const sloppyFixed = await waitUntil('the file saved', () => {
    const t = fs.readFileSync(sloppy, 'utf8');
    return t !== sloppyText ? t : undefined;
  });
  const sloppyExpected = sloppyText.replace('"30 G"', '"30 g"').replace('"1.5 L"', '"1500 ml"');
  if (sloppyFixed !== sloppyExpected) fail(`(l) the fixed file is not as expected:\n${sloppyFixed}\n--- expected ---\n${sloppyExpected}`);
  if (!isCddaFormatted(sloppyFixed)) fail(`(l) the fixed file is not in the game's format:\n${sloppyFixed}`);
  log('(l) ok: "Fix all" wrote "30 g" and "1500 ml", the file is still in the game\'s format');

  // the server knows a file the editor has opened (code-server's watcher may not tell it of one written behind it)
  await openFile('sloppy_more.json');
  await openFile('sloppy.json');
  await runCommand('CDDA: Migrate Mod');
  const reviewButton = page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Review in Preview' }).first();
  await waitUntil('the question: apply, or review in the preview', () => reviewButton.isVisible(), STEP_TIMEOUT, 300);
  await shot('m-migrate-mod-question');
  await reviewButton.click({ force: true });
  const applyButton = page.locator('.monaco-button', { hasText: /^Apply$/ }).first();
  await waitUntil('the refactoring preview with its Apply button', () => applyButton.isVisible(), STEP_TIMEOUT, 300);
  await waitUntil('the preview to list sloppy_more.json', async () => ((await page.locator('.monaco-workbench').first().textContent()) ?? '').includes('sloppy_more.json'), STEP_TIMEOUT, 300);
  // edits that need confirmation start unticked: tick the file (all its edits), then Apply
  const fileCheckbox = page.locator('input.edit-checkbox').first();
  await fileCheckbox.click({ force: true });
  await page.waitForTimeout(300);
  await shot('m-migrate-mod-preview');
  await applyButton.click({ force: true });
  await waitUntil('the preview to close', async () => !(await applyButton.isVisible()), STEP_TIMEOUT, 300);
  await runCommand('File: Save All');
  const moreFixed = await waitUntil('sloppy_more.json written', () => {
    const t = fs.readFileSync(sloppyMore, 'utf8');
    return t !== sloppyMoreText ? t : undefined;
  });
  if (moreFixed !== sloppyMoreText.replace('"250 ML"', '"250 ml"')) fail(`(m) sloppy_more.json is not as expected:\n${moreFixed}`);
  await shot('m-migrate-mod-applied');
  log('(m) ok: CDDA: Migrate Mod previewed, then wrote "250 ml" in sloppy_more.json');

  await mapPreviewScenario(ws, setGame, previewMap);

  // (g) the extension's page, as a user finds it in the Extensions view: name, icon and the marketplace README
  //     (with its packaged screenshots) must render from the installed vsix.
  await runCommand('Extensions: Show Enabled Extensions');
  const extRow = page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Cataclysm: DDA JSON' }).first();
  await waitUntil('the extension in the Enabled list', () => extRow.isVisible());
  await extRow.click();
  const header = page.locator('.extension-editor .header');
  await waitUntil('the extension page header', async () => ((await header.locator('.name').first().textContent()) ?? '').includes('Cataclysm: DDA JSON'));
  await waitUntil('the extension icon to load', () =>
    header.locator('img.icon').first().evaluate((img) => img.complete && img.naturalWidth > 0),
  );
  // The README renders in a webview (nested iframes): find the frame that holds its text and its images.
  let readmeSeen;
  const readme = await waitUntil('the marketplace README in the extension page, its screenshots loaded', async () => {
    for (const frame of page.frames()) {
      const found = await frame
        .evaluate(() => {
          const h = [...document.querySelectorAll('h1, h2')].map((e) => e.textContent ?? '');
          if (!h.some((t) => t.includes('What you get'))) return undefined;
          const imgs = [...document.querySelectorAll('img')];
          return {
            headings: h,
            images: imgs.length,
            loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length,
            // inside the installed README (data: URLs), not fetched from anywhere
            inside: imgs.filter((i) => i.src.startsWith('data:image/png;base64,')).length,
            sources: imgs.map((i) => i.src.slice(0, 40)),
            alts: imgs.map((i) => i.alt),
          };
        })
        .catch(() => undefined);
      if (found) readmeSeen = found;
      if (found && found.images >= 2 && found.loaded === found.images && found.inside === found.images) return found;
    }
    return undefined;
  }).catch((e) => fail(`${e.message}; last seen: ${JSON.stringify(readmeSeen)}`));
  log(`(g) ok: extension page with ${readme.headings.length} headings and ${readme.loaded}/${readme.images} screenshots loaded from the installed README (${readme.alts.join(', ')})`);
  await page.keyboard.press('Control+B'); // the page alone, as on the marketplace
  await page.waitForTimeout(800);
  await shot('g-extension-page');
  await page.keyboard.press('Control+B');

  // Output channel, for the record
  await showOutputChannel();
  await shot('output-channel');
  const out = clientLog();
  if (!/Starting CDDA language server/.test(out) || !/dist\/server\.js/.test(out)) {
    fail('the "CDDA Language Server" output channel does not show the client starting dist/server.js');
  }
  if (consoleErrors.length) fs.writeFileSync(path.join(outDir, 'browser-console-errors.log'), consoleErrors.join('\n'));
}

// ---------------------------------------------------------------------------------------------------
function collectServerLogs() {
  if (!tmp) return;
  const logsDir = path.join(tmp, 'ud/logs');
  if (!fs.existsSync(logsDir)) return;
  const wanted = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/CDDA Language Server|exthost\.log|remoteexthost\.log/.test(e.name)) wanted.push(p);
    }
  };
  walk(logsDir);
  for (const p of wanted) fs.copyFileSync(p, path.join(outDir, path.basename(p).replace(/\s+/g, '-')));
}

const watchdog = setTimeout(async () => {
  timedOut = true;
  console.error(`e2e: FAILED: the whole run exceeded ${totalTimeoutMs / 1000}s`);
  await shot('timeout');
  collectServerLogs();
  await cleanup();
  process.exit(1);
}, totalTimeoutMs);

let code = 0;
try {
  await main();
  const finals = {
    'a-problem': 'problems.png',
    'b-completion-mod-a': 'completion.png',
    'c-definition': 'definition.png',
    'output-channel': 'output-channel.png',
    'e-resolved': 'resolved-definition.png',
    'f-type-hierarchy-supertypes': 'type-hierarchy.png',
    'g-extension-page': 'extension-page.png',
    'j-map-preview': 'map-preview.png',
  };
  // The README's screenshots are tracked: refreshed only on request (UPDATE_SCREENSHOTS=1), so a CI run leaves
  // the checkout clean.
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    fs.mkdirSync(docsShots, { recursive: true });
    for (const [name, dest] of Object.entries(finals)) if (shots[name]) fs.copyFileSync(shots[name], path.join(docsShots, dest));
  }
  log(`PASSED in ${((Date.now() - t0) / 1000).toFixed(1)}s; screenshots in ${path.relative(root, outDir)}/ and ${path.relative(root, docsShots)}/`);
  // The closing line CI reads: scenarios (a) to (k).
  console.log('e2e: 11 passed, 0 failed');
} catch (e) {
  code = 1;
  if (timedOut) {
    await cleanup(); // the watchdog has reported the timeout and is cleaning up
    process.exit(1);
  }
  console.error(`e2e: FAILED: ${e instanceof TestFailure ? e.message : e.stack || e}`);
  await shot('failure');
  if (page) {
    await Promise.race([
      showOutputChannel().then(() => shot('failure-output-channel')),
      new Promise((r) => setTimeout(r, 15_000)),
    ]).catch((err) => log(`could not show the output channel: ${err.message}`));
  }
  const out = clientLog();
  if (out) console.error(`--- CDDA Language Server output channel (last 40 lines) ---\n${out.trim().split('\n').slice(-40).join('\n')}`);
} finally {
  collectServerLogs();
  clearTimeout(watchdog);
  await cleanup();
}
process.exit(code);
