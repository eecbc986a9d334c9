#!/usr/bin/env node
// Writes the member names a game version's JSON documentation gives, from its doc/JSON folder:
//   node scripts/gen-documented-names.mjs DOC_DIR VERSION_ID [OUT_FILE]
// e.g. node scripts/gen-documented-names.mjs ~/Cataclysm-DDA/doc/JSON current (a checkout of the game's repository).
// Output: server/src/registry/versions/generated/documented-<slug>.ts, read by the version
// (GameVersion.documentedMembers). A file DOC_DIR/SOURCES (lines `path commit`), when present, is named in the
// header: which commit of each document was read.
//
// Where the program's names are unknown (the current game), a member no data uses may still be one the game reads;
// a name its documentation gives is one (the documents describe what the loaders read). Only to accept: the
// documents are incomplete, so a name they lack stays unjudged. Kept strict so prose does not flood it: a name is
// an identifier (lowercase letters, digits, `_`, inner `-`, starting with a letter, at least two characters) that
// the documents write as a member:
// - a key of a JSON example (`"name":`) in a fenced code block or an inline code span, or a quoted name alone
//   on a code line with its `//` comment (a listing of keys);
// - the first cell of a member table (a table whose header's first cell names a Field, Identifier, Member,
//   Property, Key, JSON or Parameter; not a table of values: "Name | role", "Flag", "Type"), backticked or quoted;
// - a backticked name in a heading (JSON_INFO.md's `#### \`city_sizes\``);
// - a backticked name that starts a list item and is followed by `:`, `-` or `(` ("- `\"type\"`: Always ...").
// Values written in backticks in prose (`bash`, `str`) are not kept. Plain Node, no dependencies.
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { generatedListPath, nameLines } from './name-lists.mjs';

const IDENTIFIER = /^[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*$/;
const KEY = /"([^"\\\n]{2,64})"\s*:/g;
const MEMBER_TABLE = /\b(field|fields|identifier|member|members|property|properties|key|keys|json|parameter|parameters|variable)\b/;

/** The cells of a table row (`| a | b |` or `a | b`). */
const cells = (row) => row.trim().replace(/^\|/, '').split('|');

/** The names one markdown document gives as members. */
export function documentedNames(text) {
  const names = new Set();
  const keep = (n) => { if (n.length >= 2 && IDENTIFIER.test(n)) names.add(n); };
  const keys = (s) => { for (const m of s.matchAll(KEY)) keep(m[1]); };
  const unquote = (cell) => cell.trim().replace(/^`+|`+$/g, '').replace(/^"|"$/g, '').trim();
  let fence;
  let table; // undefined: not in a table; true/false: in a member table or in another
  const lines = text.split(/\r?\n/);
  const separator = (l) => l !== undefined && l.includes('-') && /^\s*\|?(\s*:?-+:?\s*\|)+\s*(:?-+:?\s*)?$/.test(l);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = /^\s*(```+|~~~+)/.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1][0];
      else if (f[1][0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) {
      keys(line);
      // A key listed alone with its comment (EFFECTS_JSON.md's `"str_mod"   // Positive values raise...`).
      const listed = /^\s*"([^"]+)"\s*\/\//.exec(line);
      if (listed) keep(listed[1]);
      continue;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) keys(span[1]);
    // A table: a header row, a separator row (`|---|---`), rows; the leading `|` is optional.
    if (table === undefined && line.includes('|') && separator(lines[i + 1])) {
      table = MEMBER_TABLE.test(unquote(cells(line)[0]).toLowerCase().replace(/[_*]/g, ''));
      i++;
      continue;
    }
    if (table !== undefined && line.includes('|')) {
      if (table) for (const n of unquote(cells(line)[0]).split(/`?\s*(?:,|\bor\b|\/)\s*`?/)) keep(unquote(n));
      continue;
    }
    table = undefined;
    if (/^#{1,6}\s/.test(line)) { for (const m of line.matchAll(/`"?([^`"]+)"?`/g)) keep(m[1]); continue; }
    const item = /^\s*(?:[-*+]|\d+\.)\s+`"?([^`"]+)"?`\s*[:(\-–]/.exec(line);
    if (item) keep(item[1]);
  }
  return names;
}

/** Every markdown file under a folder, relative paths, sorted. */
function markdownFiles(dir, under = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = path.join(under, e.name);
    if (e.isDirectory()) out.push(...markdownFiles(dir, rel));
    else if (e.name.endsWith('.md')) out.push(rel);
  }
  return out.sort();
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const [docDir, versionId, outArg] = process.argv.slice(2);
  if (!docDir || !versionId) {
    console.error('usage: node scripts/gen-documented-names.mjs DOC_DIR VERSION_ID [OUT_FILE]');
    process.exit(2);
  }
  const files = markdownFiles(docDir);
  if (files.length === 0) { console.error(`${docDir}: no .md files`); process.exit(1); }
  const sourcesFile = path.join(docDir, 'SOURCES');
  const commits = new Map(fs.existsSync(sourcesFile)
    ? fs.readFileSync(sourcesFile, 'utf8').split('\n').map((l) => l.trim().split(/\s+/)).filter((p) => p.length === 2)
    : []);
  const all = new Set();
  const read = [];
  for (const f of files) {
    const names = documentedNames(fs.readFileSync(path.join(docDir, f), 'utf8'));
    for (const n of names) all.add(n);
    const commit = commits.get(f.split(path.sep).join('/'));
    read.push(` *   ${f.split(path.sep).join('/')}${commit ? ` @ ${commit.slice(0, 12)}` : ''}: ${names.size}`);
  }
  const kept = [...all].sort();
  const lines = nameLines(kept);
  const outFile = outArg ?? generatedListPath('documented', versionId);
  const body = `/**
 * Generated by scripts/gen-documented-names.mjs from the JSON documentation of version ${versionId} (CleverRaven/Cataclysm-DDA
 * doc/JSON, ${new Date().toISOString().slice(0, 10)}; ${kept.length} names; do not edit: regenerate). The member names the documents give
 * (keys of their JSON examples, first cells of member tables, names in headings): the game reads them. Read by
 * GameVersion.documentedMembers, only to accept. Documents read (names each):
${read.join('\n')}
 */
export const DOCUMENTED_MEMBERS = \`
${lines.join('\n')}
\`;
`;
  fs.writeFileSync(outFile, body);
  console.log(`${outFile}: ${kept.length} names from ${files.length} documents`);
}
