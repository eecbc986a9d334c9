#!/usr/bin/env node
/**
 * The game's own history as the oracle of `cdda-lint migrate`: every mod that ships with 0.F (Debian's
 * cataclysm-dda-data) and still ships, migrated by the game's developers, in the current game. Each 0.F mod is
 * copied to a temporary folder, checked against the current game, migrated, and checked again. What is left is
 * classed: unknown ids that 0.F's own data defined and the current game no longer does (content the game removed,
 * which no migration can know), and the rest. The current game's own copy of the mod is checked too, for scale.
 *
 * Usage: node scripts/migrate-oracle.mjs [--old DIR] [--game DIR] [MOD...]
 *   --old   the 0.F game folder (default /usr/share/games/cataclysm-dda)
 *   --game  the current game folder (default $CDDA_CURRENT_GAME)
 * Prints a Markdown table. Needs `npm run build` first. Slow: four checks per mod.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { fileURLToPath } from 'url';
import { createRequire } from 'module';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '..', 'out', 'server', 'src', 'cli', 'cdda-lint.js');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, v] = args.splice(i, 2);
  return v;
};
const oldGame = option('--old', '/usr/share/games/cataclysm-dda');
const game = option('--game', process.env.CDDA_CURRENT_GAME);
if (!game || !fs.existsSync(path.join(game, 'json'))) { console.error('Name the current game with --game or $CDDA_CURRENT_GAME'); process.exit(2); }
if (!fs.existsSync(path.join(oldGame, 'mods'))) { console.error(`No 0.F game at ${oldGame} (--old)`); process.exit(2); }
if (!fs.existsSync(cli)) { console.error('Run "npm run build" first'); process.exit(2); }

const isMod = (dir) => fs.existsSync(path.join(dir, 'modinfo.json')) || fs.readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith('modinfo.json'));
const wanted = args.length ? args : fs.readdirSync(path.join(oldGame, 'mods')).filter((m) => {
  const dir = path.join(oldGame, 'mods', m);
  return m !== 'dda' && fs.statSync(dir).isDirectory() && fs.existsSync(path.join(game, 'mods', m)) && isMod(dir);
}).sort();

/** Every id the JSON files under a folder define (`id`, `abstract`, a monster group's `name`), and their types. */
function idsOf(dir) {
  const ids = new Set();
  for (const f of fs.readdirSync(dir, { recursive: true })) {
    if (!String(f).endsWith('.json')) continue;
    let data;
    try { data = JSON.parse(fs.readFileSync(path.join(dir, String(f)), 'utf8')); } catch { continue; }
    for (const o of Array.isArray(data) ? data : [data]) {
      if (typeof o !== 'object' || o === null) continue;
      for (const v of [o.id, o.abstract, o.type === 'monstergroup' ? o.name : undefined].flat()) if (typeof v === 'string') ids.add(v);
    }
  }
  return ids;
}
const oldIds = idsOf(path.join(oldGame, 'json'));
const newIds = idsOf(path.join(game, 'json'));

const { Project } = createRequire(import.meta.url)(path.join(here, '..', 'out', 'server', 'src', 'project.js'));

/**
 * The errors of the mod in `dir` checked against the current game: all of them, also those a verdict that the
 * mod is written for 0.F holds back behind its one notice (what `migrate` works from), and that notice's count.
 */
function check(dir) {
  const project = new Project({ gamePath: game, roots: [dir] });
  project.load();
  const files = project.reportedFiles().filter((f) => f.path.startsWith(dir + path.sep));
  const errors = files.flatMap((f) => project.diagnosticsForMigration(f.path)).filter((d) => d.severity === 'error');
  const verdict = files.some((f) => project.diagnostics(f.path).some((d) => d.code === 'game-version-mismatch'));
  return Object.assign(errors, { verdict });
}

/** The id an unknown-id message names: `unknown item "rock"`. */
const unknownIdOf = (d) => (d.code === 'unknown-id' ? /unknown [^"]* "([^"]+)"/.exec(d.message)?.[1] : undefined);

const rows = [];
for (const mod of wanted) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-migrate-oracle-'));
  const copy = path.join(tmp, mod);
  fs.cpSync(path.join(oldGame, 'mods', mod), copy, { recursive: true });
  const before = check(copy);
  const migrated = spawnSync(process.execPath, [cli, 'migrate', copy, '--game', game], { encoding: 'utf8', maxBuffer: 1 << 30 });
  // 0: nothing left, 1: problems left (listed); anything else (a usage error, a crash, a kill) stops the run.
  if (migrated.status !== 0 && migrated.status !== 1) throw new Error(`migrate ${mod}: exit ${migrated.status ?? migrated.signal}: ${migrated.stderr}`);
  const repairs = Number(/: (\d+) repair/.exec(migrated.stdout)?.[1] ?? 0);
  const after = check(copy);
  const again = spawnSync(process.execPath, [cli, 'migrate', copy, '--game', game, '--dry-run'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const idempotent = !/^\+\+\+ /m.test(again.stdout);
  const removed = after.filter((d) => { const id = unknownIdOf(d); return id !== undefined && oldIds.has(id) && !newIds.has(id); });
  const shippedCopy = path.join(tmp, 'shipped', mod);
  fs.cpSync(path.join(game, 'mods', mod), shippedCopy, { recursive: true });
  const shipped = check(shippedCopy).length;
  const byCode = {};
  for (const d of after) if (!removed.includes(d)) byCode[d.code] = (byCode[d.code] ?? 0) + 1;
  rows.push({ mod, before: before.length, verdictBefore: before.verdict, verdictAfter: after.verdict, repairs, after: after.length, removed: removed.length, rest: byCode, idempotent, shipped });
  fs.rmSync(tmp, { recursive: true, force: true });
  process.stderr.write(`${mod}: ${before.length} -> ${after.length} errors\n`);
}

console.log('| 0.F mod | errors before | repairs | errors after | of which content the game removed | the rest, by code | second run changes nothing | the current game\'s own copy |');
console.log('| --- | ---: | ---: | ---: | ---: | --- | --- | ---: |');
const mark = (verdict) => (verdict ? ' (0.F verdict)' : '');
for (const r of rows) {
  const rest = Object.entries(r.rest).sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ') || '-';
  console.log(`| ${r.mod} | ${r.before}${mark(r.verdictBefore)} | ${r.repairs} | ${r.after}${mark(r.verdictAfter)} | ${r.removed} | ${rest} | ${r.idempotent ? 'yes' : 'NO'} | ${r.shipped} |`);
}
const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
console.log(`| **all ${rows.length}** | ${sum('before')} | ${sum('repairs')} | ${sum('after')} | ${sum('removed')} | | ${rows.every((r) => r.idempotent) ? 'yes' : 'NO'} | ${sum('shipped')} |`);
