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

/** The --check mode (see the top): every code, each mod checked against tables that never saw it. */
function checkHeldOut(only) {
  const { spawnSync } = require('child_process');
  const os = require('os');
  const fs = require('fs');
  const { lint } = out('cli/lint.js');
  const { GAME_VERSIONS } = out('registry/versions/index.js');
  const list = GAME_VERSIONS;
  const at = list.indexOf(version);
  const modsDir = path.join(gameDir, 'mods');
  const mods = fs.readdirSync(modsDir).filter((d) => fs.existsSync(path.join(modsDir, d, 'modinfo.json')) && d !== 'dda');
  const idOf = (dir) => { const info = JSON.parse(fs.readFileSync(path.join(modsDir, dir, 'modinfo.json'), 'utf8')); return (Array.isArray(info) ? info : [info]).find((o) => o.type === 'MOD_INFO')?.id ?? dir; };
  const diagnosticsOf = (dir) => {
    const result = lint({ paths: [path.join(modsDir, dir)], gamePath: gameDir, gameVersion: version.id });
    const byKey = new Map();
    for (const [file, ds] of result.diagnostics) for (const d of ds) byKey.set(`${file}:${d.start}:${d.code}`, d);
    return byKey;
  };
  const totals = new Map();
  let all = 0, falseAlarms = 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lomo-'));
  for (const dir of mods.sort()) {
    const mod = idOf(dir);
    if (only.length && !only.includes(mod) && !only.includes(dir)) continue;
    const tablesFile = path.join(tmp, `${mod}.json`);
    const gen = spawnSync(process.execPath, [path.join(root, 'scripts', 'gen-type-tables.mjs'), gameDir, version.id, tablesFile, '--without', mod], { encoding: 'utf8' });
    if (gen.status !== 0) { console.error(`${mod}: generating tables without it failed\n${gen.stderr}`); continue; }
    const full = diagnosticsOf(dir);
    const heldOut = Object.defineProperties({}, Object.getOwnPropertyDescriptors(version));
    Object.defineProperty(heldOut, 'generatedTables', { value: JSON.parse(fs.readFileSync(tablesFile, 'utf8')), enumerable: true });
    // The dialogue the tables pool by name, learned without the mod too (written beside them).
    Object.defineProperty(heldOut, 'generatedDialogue', { value: JSON.parse(fs.readFileSync(tablesFile.replace(/\.json$/, '.dialogue.json'), 'utf8')), enumerable: true });
    list[at] = heldOut;
    let unseen;
    try {
      unseen = diagnosticsOf(dir);
    } catch (err) {
      // An overlay (registry/versions/overlays-*.ts) names a path only this mod's data shows.
      console.log(`${mod}: not checked: ${err.message}`);
      continue;
    } finally {
      list[at] = version;
    }
    const fresh = [...unseen].filter(([k]) => !full.has(k)).map(([, d]) => d);
    all += unseen.size;
    falseAlarms += fresh.length;
    console.log(`${mod}: ${unseen.size} diagnostics learned without it (${full.size} with the committed tables); ${fresh.length} only without it`);
    for (const d of fresh) {
      const key = `${d.code}/${d.severity}`;
      totals.set(key, (totals.get(key) ?? 0) + 1);
      if (flags.includes('--list')) console.log(`  ${key}: ${d.message}`);
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`${version.id}: ${all} diagnostics on mods checked as unseen, ${falseAlarms} of them only because the tables did not learn from the mod:`);
  for (const [k, n] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${n}`);
}
