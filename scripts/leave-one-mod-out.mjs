#!/usr/bin/env node
// How often a valid but rare member would be reported: for every type checked by a generated table, the
// top-level members that only one mod of the game folder uses. Had the tables been generated without that mod,
// each of its definitions using one would meet a member its type's table lacks: counted under the policy of
// schema/validate.ts (judgeUnknownMember) and, for comparison, as the plain warning every unknown member was.
//   npx tsc -p . && node scripts/leave-one-mod-out.mjs GAME_DIR VERSION_ID [--list]
// --list prints every (type, member, mod) with its verdict.
//
//   node scripts/leave-one-mod-out.mjs GAME_DIR VERSION_ID --check [MOD_ID...]
// checks each mod (default: every mod of the game folder) with tables generated without it (gen-type-tables.mjs
// --without), as a mod nobody learned from, and with the committed tables: a diagnostic only the first gives
// is one the mod got because the tables did not see it, though it loads in its game (a false alarm, unless
// the mod's own data is wrong in a way the full tables happened to accept). Prints them per code and severity.
import * as path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const [gameDir, versionId, ...flags] = process.argv.slice(2);
if (!gameDir || !versionId) {
  console.error('usage: npx tsc -p . && node scripts/leave-one-mod-out.mjs GAME_DIR VERSION_ID [--list]');
  process.exit(2);
}
const out = (p) => require(path.join(root, 'out', 'server', 'src', p));
const { findVersion, registryOf } = out('registry/versions/index.js');
const { fullValueOf } = out('records/record.js');
const { Project } = out('project.js');
const { judgeUnknownMember } = out('schema/unknownMember.js');
const { NameEndings } = out('util/nameEndings.js');
const version = findVersion(versionId);
if (!version) { console.error(`unknown version ${versionId}`); process.exit(2); }
if (flags.includes('--check')) { checkHeldOut(flags.filter((f) => !f.startsWith('--'))); process.exit(0); }
const registry = registryOf(version);

const project = new Project({ gamePath: gameDir, roots: [gameDir], gameVersion: version.id });
project.load();

/** type -> member -> mod -> definitions of that mod writing it. */
const uses = new Map();
for (const file of project.files.values()) {
  project.ensureParsed(file);
  let last = -1;
  for (const r of file.records) {
    if (r.index === last || !Object.prototype.hasOwnProperty.call(version.generatedTables, r.type) || registry.handWrittenSchemaOfType(r.type)) continue;
    last = r.index;
    let members = uses.get(r.type);
    if (!members) uses.set(r.type, members = new Map());
    for (const key of Object.keys(fullValueOf(r))) {
      if (key.startsWith('//')) continue;
      let mods = members.get(key);
      if (!mods) members.set(key, mods = new Map());
      const mod = r.source.modId ?? '';
      mods.set(mod, (mods.get(mod) ?? 0) + 1);
    }
  }
}

let pairs = 0;
const before = { warning: 0 };
const after = { 'warning (near miss)': 0, 'information (near miss of a name the game reads)': 0, 'warning (the game reads no such name)': 0, information: 0, none: 0 };
// The program's strings alone (without the names the data shows, which include the mod left out).
const program = version.memberNames === undefined ? undefined : new NameEndings(version.memberNames.split(/\s+/).filter((n) => n !== ''));
let programOnlyWarnings = 0;
const lines = [];
for (const [type, members] of [...uses].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
  const schema = registry.generatedSchemaOfType(type);
  const fields = schema.fields.map((f) => f.name);
  for (const [member, mods] of members) {
    if (mods.size !== 1 || !schema.fields.some((f) => f.name === member && f.fromGame)) continue;
    const inherited = ['copy-from', 'abstract', 'extend', 'delete', 'relative', 'proportional', 'type'];
    if (inherited.includes(member)) continue;
    const [[mod, count]] = [...mods];
    // The table without this mod: the members some other mod uses (and those every definition may have).
    const known = fields.filter((f) => inherited.includes(f) || [...(members.get(f)?.keys() ?? [])].some((m) => m !== mod));
    pairs++;
    before.warning += count;
    const v = judgeUnknownMember(member, known, schema.unseen);
    const verdict = !v ? 'none' : v.near ? (v.severity === 'warning' ? 'warning (near miss)' : 'information (near miss of a name the game reads)') : v.severity === 'warning' ? 'warning (the game reads no such name)' : 'information';
    const strict = program && judgeUnknownMember(member, known, { ...schema.unseen, gameReads: program });
    if (strict?.severity === 'warning') programOnlyWarnings += count;
    after[verdict] += count;
    lines.push(`${type}\t${member}\t${mod}\t${count}\t${verdict}${v?.near ? ` -> ${v.near}` : ''}`);
  }
}
if (flags.includes('--list')) for (const l of lines) console.log(l);
console.log(`${version.id}: ${pairs} (type, member) pairs used by one mod only; the diagnostics their mods would get (one per definition):`);
console.log(`  before (every unknown member a warning): ${before.warning} warnings`);
for (const [k, n] of Object.entries(after)) console.log(`  after: ${k}: ${n}`);
if (program) console.log(`  warnings if only the program's strings counted as read (not the names the data shows): ${programOnlyWarnings}`);

/**
 * The --check mode (see the top): every code, each mod checked against tables that never saw it. Every diagnostic
 * of the held-out run is a genuine finding when scripts/leave-one-mod-out-genuine.json names it (reviewed: a real
 * mistake of the shipped mod, by class), else a false alarm: the mod loads in its game.
 */
function checkHeldOut(only) {
  const { spawnSync } = require('child_process');
  const os = require('os');
  const fs = require('fs');
  const { lint } = out('cli/lint.js');
  const { gameVersions } = out('registry/versions/index.js');
  const list = gameVersions();
  const at = list.indexOf(version);
  const modsDir = path.join(gameDir, 'mods');
  const mods = fs.readdirSync(modsDir).filter((d) => fs.existsSync(path.join(modsDir, d, 'modinfo.json')) && d !== 'dda');
  const idOf = (dir) => { const info = JSON.parse(fs.readFileSync(path.join(modsDir, dir, 'modinfo.json'), 'utf8')); return (Array.isArray(info) ? info : [info]).find((o) => o.type === 'MOD_INFO')?.id ?? dir; };
  const genuine = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'leave-one-mod-out-genuine.json'), 'utf8')).findings;
  const classOf = (mod, d) => genuine.find((g) => (g.mod === mod || g.mod === '*') && g.code === d.code && d.message.includes(g.message))?.class;
  const lineOf = (file, offset) => { const text = fs.readFileSync(file, 'utf8'); let n = 1; for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) n++; return n; };
  const diagnosticsOf = (dir) => {
    const result = lint({ paths: [path.join(modsDir, dir)], gamePath: gameDir, gameVersion: version.id });
    const byKey = new Map();
    for (const [file, ds] of result.diagnostics) for (const d of ds) byKey.set(`${file}:${d.start}:${d.code}`, { ...d, file });
    return byKey;
  };
  const chosen = mods.sort().map((dir) => ({ dir, mod: idOf(dir) })).filter(({ mod, dir }) => !only.length || only.includes(mod) || only.includes(dir));
  // One parse of the game for every mod's tables (gen-type-tables.mjs --without A,B,... OUT_DIR).
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lomo-'));
  const started = Date.now();
  const gen = spawnSync(process.execPath, [path.join(root, 'scripts', 'gen-type-tables.mjs'), gameDir, version.id, tmp, '--without', chosen.map((c) => c.mod).join(',')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (gen.status !== 0) { console.error('generating the held-out tables failed'); process.exit(1); }
  console.error(`tables without each of ${chosen.length} mods: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  /** code/severity -> { all, learned (only with the held-out tables), genuine, falseAlarms } */
  const totals = new Map();
  const rows = [];
  /** class of genuine finding -> count */
  const byClass = new Map();
  for (const { dir, mod } of chosen) {
    const full = diagnosticsOf(dir);
    const heldOut = Object.defineProperties({}, Object.getOwnPropertyDescriptors(version));
    Object.defineProperty(heldOut, 'generatedTables', { value: JSON.parse(fs.readFileSync(path.join(tmp, `${mod}.json`), 'utf8')), enumerable: true });
    // The dialogue the tables pool by name, learned without the mod too (written beside them).
    Object.defineProperty(heldOut, 'generatedDialogue', { value: JSON.parse(fs.readFileSync(path.join(tmp, `${mod}.dialogue.json`), 'utf8')), enumerable: true });
    list[at] = heldOut;
    let unseen;
    try {
      unseen = diagnosticsOf(dir);
    } finally {
      list[at] = version;
    }
    let learned = 0, real = 0;
    for (const [k, d] of unseen) {
      const key = `${d.code}\t${d.severity}`;
      let t = totals.get(key);
      if (!t) totals.set(key, t = { all: 0, learned: 0, genuine: 0, falseAlarms: 0 });
      const onlyHeldOut = !full.has(k);
      const cls = classOf(mod, d);
      t.all++;
      if (onlyHeldOut) { t.learned++; learned++; }
      if (cls) { t.genuine++; real++; byClass.set(cls, (byClass.get(cls) ?? 0) + 1); } else t.falseAlarms++;
      rows.push(`${cls ? `genuine (${cls})` : 'FALSE ALARM'}\t${mod}\t${path.relative(gameDir, d.file)}:${lineOf(d.file, d.start)}\t${d.code}/${d.severity}${onlyHeldOut ? ' [learned]' : ''}\t${d.message}`);
    }
    console.error(`${mod}: ${unseen.size} diagnostics without it (${full.size} with the committed tables, ${learned} only without it); ${real} genuine, ${unseen.size - real} false alarms (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  if (flags.includes('--list')) for (const r of rows) console.log(r);
  const pct = (n, of) => (of ? `${((100 * n) / of).toFixed(1)} %` : '-');
  let all = 0, fa = 0;
  console.log(`${version.id}: ${chosen.length} mods, each checked with tables learned without it (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log('| code | severity | held-out diagnostics | only without the mod | genuine | false alarms | false alarm % |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const [k, t] of [...totals].sort((a, b) => b[1].all - a[1].all)) {
    const [code, severity] = k.split('\t');
    all += t.all; fa += t.falseAlarms;
    console.log(`| ${code} | ${severity} | ${t.all} | ${t.learned} | ${t.genuine} | ${t.falseAlarms} | ${pct(t.falseAlarms, t.all)} |`);
  }
  console.log(`| all | | ${all} | | ${all - fa} | ${fa} | ${pct(fa, all)} |`);
  console.log('genuine findings by class:');
  for (const [cls, n] of [...byClass].sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${cls}`);
}
