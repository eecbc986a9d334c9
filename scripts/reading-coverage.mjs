#!/usr/bin/env node
// Reading coverage, as a figure (run after `npm run build`):
//   node scripts/reading-coverage.mjs [--game DIR] [--mods DIR] [--top N] [--json]
// --game: the current game's folder (json/ and mods/; default $CDDA_CURRENT_GAME), checked whole, core and mods;
// --mods: a folder of third-party mods (default $CDDA_THIRDPARTY_MODS), each checked on its own against that game.
// Reports how many warnings and errors rest on each basis (the game's reader, the spec, the game's documentation,
// the data alone: the target is none on the data alone, see server/src/basis.ts), and the members the game's data
// writes most that no member reading covers (server/src/registry/versions/readings-*.ts): the next readings to write.
import * as fs from 'fs';
import * as path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';

const require = createRequire(import.meta.url);
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'out', 'server', 'src');
const { lint } = require(path.join(OUT, 'cli', 'lint.js'));
const { registryOf } = require(path.join(OUT, 'registry', 'versions', 'index.js'));
const { oneOrManyPaths } = require(path.join(OUT, 'schema', 'memberPaths.js'));
const { readingName, readingsOfType } = require(path.join(OUT, 'schema', 'memberReadings.js'));
const { INHERITANCE_MEMBERS, parseCode } = require(path.join(OUT, 'schema', 'generated.js'));

const BASES = ['reader', 'spec', 'documentation', 'data'];

function parseArgs(argv) {
  const out = { game: process.env.CDDA_CURRENT_GAME ?? '', mods: process.env.CDDA_THIRDPARTY_MODS ?? '', top: 30, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--game') out.game = argv[++i] ?? '';
    else if (a === '--mods') out.mods = argv[++i] ?? '';
    else if (a === '--top') out.top = Number(argv[++i]);
    else if (a === '--json') out.json = true;
    else { console.error(`reading-coverage: unknown argument ${a}\nusage: node scripts/reading-coverage.mjs [--game DIR] [--mods DIR] [--top N] [--json]`); process.exit(2); }
  }
  if (!out.game || !fs.existsSync(path.join(out.game, 'json'))) {
    console.error('reading-coverage: no game folder (--game DIR or $CDDA_CURRENT_GAME: a folder holding json/ and mods/)');
    process.exit(2);
  }
  if (!Number.isInteger(out.top) || out.top < 0) { console.error('reading-coverage: --top takes a whole number'); process.exit(2); }
  return out;
}

/** Warnings and errors per basis, and how many diagnostics the data alone made information. */
function byBasis(result) {
  const counts = Object.fromEntries(BASES.map((b) => [b, 0]));
  let informationOnData = 0;
  for (const list of result.diagnostics.values()) {
    for (const d of list) {
      if (d.severity === 'error' || d.severity === 'warning') counts[d.basis] = (counts[d.basis] ?? 0) + 1;
      else if (d.basis === 'data' && d.severity === 'information') informationOnData++;
    }
  }
  return { filesChecked: result.filesChecked, warningsAndErrors: counts, informationOnData };
}

/**
 * Whether a reading covers a member path of a type's generated table: one attached at the path (a one-or-many
 * path `x[]?` at both forms), a reader's spec at a path above it (which replaces what the data showed below), one
 * attached by the member's name, or the version's references by name.
 */
function coveredBy(readings, byName) {
  const paths = new Set();
  const readerPaths = [];
  for (const [key, reading] of Object.entries(readings ?? {})) {
    if (readingName(key) !== undefined) continue;
    for (const p of oneOrManyPaths(key)) {
      paths.add(p);
      if ('type' in reading) readerPaths.push(p);
    }
  }
  const names = new Set(Object.keys(readings ?? {}).map(readingName).filter((n) => n !== undefined));
  return (p) => {
    if (paths.has(p)) return true;
    if (readerPaths.some((r) => p.startsWith(`${r}.`) || p.startsWith(`${r}[`))) return true;
    const last = /([^.[\]"*]+)(?:\[\]|\[\d+\]|\.\*)*$/.exec(p)?.[1];
    return last !== undefined && (names.has(last) || (byName !== undefined && Object.prototype.hasOwnProperty.call(byName, last)));
  };
}

/** The member paths of the version's generated tables that no reading covers, most written first. */
function unreadMembers(registry, top) {
  const version = registry.version;
  const out = [];
  for (const [type, table] of Object.entries(version.generatedTables ?? {})) {
    // A type with a hand-written table is read by it, not by the generated one.
    if (registry.handWrittenSchemaOfType(type)) continue;
    const covered = coveredBy(readingsOfType(version.memberReadings, type), version.referencesByName);
    const id = registry.idRuleOf(type);
    for (const [p, code] of Object.entries(table.m)) {
      // What every loader reads alike: the type, the id, inheritance (JSON_INHERITANCE).
      if (p === 'type' || (id.from === 'member' && (p === id.member || p === `${id.member}[]`)) || INHERITANCE_MEMBERS.includes(p) || covered(p)) continue;
      const c = parseCode(code);
      out.push({ type, member: p, count: c.count, forms: c.types, ...(c.ref ? { ref: c.ref } : {}), ...(c.keyRef ? { keyRef: c.keyRef } : {}), ...(c.format ? { format: c.format } : {}) });
    }
  }
  out.sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : a.type > b.type ? 1 : a.member < b.member ? -1 : 1));
  return out.slice(0, top);
}

const args = parseArgs(process.argv.slice(2));
const game = lint({ paths: [args.game], gamePath: args.game });
const report = {
  version: game.version.version.id,
  game: { path: args.game, ...byBasis(game) },
  mods: [],
  unread: unreadMembers(registryOf(game.version.version), args.top),
};
if (args.mods && fs.existsSync(args.mods)) {
  for (const name of fs.readdirSync(args.mods).sort()) {
    const dir = path.join(args.mods, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    report.mods.push({ mod: name, ...byBasis(lint({ paths: [dir], gamePath: args.game })) });
  }
}

if (args.json) {
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
} else {
  const line = (r) => `${BASES.map((b) => `${b} ${r.warningsAndErrors[b]}`).join(', ')}; information on the data alone ${r.informationOnData} (${r.filesChecked} files)`;
  const lines = [
    `Warnings and errors by basis (game version ${report.version}; target: none on the data alone)`,
    `  the game's data, core and mods (${args.game}): ${line(report.game)}`,
    ...report.mods.map((m) => `  ${m.mod}, against the game: ${line(m)}`),
    '',
    `The ${report.unread.length} members the game's data writes most that no reading covers (type member: occurrences, forms, what the data showed):`,
    ...report.unread.map((u, i) => `  ${String(i + 1).padStart(2)}. ${u.type} ${u.member}: ${u.count} (${u.forms}${u.ref ? `, @${u.ref}` : ''}${u.keyRef ? `, keys @${u.keyRef}` : ''}${u.format ? `, %${u.format}` : ''})`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
const onData = report.game.warningsAndErrors.data + report.mods.reduce((n, m) => n + m.warningsAndErrors.data, 0);
process.exitCode = onData > 0 ? 1 : 0;
