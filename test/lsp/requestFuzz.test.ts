/**
 * Request fuzz: the real server over stdio, on a workspace of hostile files (broken JSON, unterminated strings,
 * emoji and other astral characters, deep nesting, a byte order mark, CRLF line ends), gets every request it
 * implements at random positions (past the end of lines and files, inside broken JSON, between the two halves of
 * a surrogate pair), interleaved with random edits, documents opened and closed (also under a second URI).
 *
 * Asserted for every answer: no error other than the documented refusals (a rename refused, an unknown command,
 * a cancelled request); every range lies inside the document it names (as the server sees it: the open
 * document's text, else the file's without its byte order mark); a completion edit is on one line and contains
 * the position, a hover range and a prepareRename range contain it; no request takes over 1 s of the server's CPU
 * time (read from /proc; wall time where there is none; `cdda.reindex`, which indexes everything again, 10 s);
 * hover, definition and rename on a string answer for the id written there (the workspace has members written
 * twice and arrays missing a comma, and edits make more: issue 23), and rename rewrites that id's text only.
 * Also: every published diagnostic lies inside the text of the version it names, the server logs no error, and
 * every 1,000 steps and at the end what it last published for each file equals a fresh project's diagnostics.
 *
 * Seeded: CDDA_FUZZ_SEED=N CDDA_FUZZ_REQUESTS=M node --test out/test/lsp/requestFuzz.test.js replays one run.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import {
  DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, DidOpenTextDocumentNotification,
  type CodeAction, type CompletionItem, type CompletionList, type Diagnostic, type DocumentSymbol, type Hover, type Location,
  type Position, type PublishDiagnosticsParams, type Range, type WorkspaceEdit, type WorkspaceSymbol,
} from 'vscode-languageserver-protocol/node';
import { TestClient, uri } from './client';
import { monster, pretty, writeFixture, type Fixture } from './fixture';
import { modinfo } from '../helpers/workspace';
import { paletteChain } from '../helpers/palettes';
import { MAP_PREVIEW_REQUEST, type MapPreviewResult } from '../../shared/src/protocol';
import { rng } from '../helpers/trust';
import { Project } from '../../server/src/project';
import { readTextFile } from '../../server/src/util/text';
import { withoutVariant } from '../../server/src/schema/validate';

const SEED = Number(process.env.CDDA_FUZZ_SEED ?? 20261122);
const REQUESTS = Number(process.env.CDDA_FUZZ_REQUESTS ?? 3000);
/**
 * Server CPU time a request may take (measured from /proc when there is one, else wall time as an upper bound).
 * The window includes what the server does meanwhile for the edit before it (re-checking a hostile file: strings of
 * megabytes, members written twice, half-typed arrays), which reached 930 ms on an idle machine and 1,080 ms beside
 * other work: 1.5 s still catches a request that hangs or goes quadratic.
 */
const MAX_MS = 1500;
/** `cdda.reindex` indexes everything again: it may take longer, but not forever. */
const MAX_REINDEX_MS = 10_000;

/** User + system CPU time of a process in ms, from /proc/<pid>/stat (Linux); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------------ LSP text model

/** Offsets where each line starts; LSP line ends are \r\n, \r and \n. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) { if (text.charCodeAt(i + 1) === 10) i++; starts.push(i + 1); } else if (c === 10) starts.push(i + 1);
  }
  return starts;
}

class Doc {
  private starts: number[] | undefined;
  constructor(readonly text: string) {}
  private lines(): number[] { return (this.starts ??= lineStarts(this.text)); }
  get lineCount(): number { return this.lines().length; }
  lineLength(line: number): number {
    const s = this.lines();
    let end = line + 1 < s.length ? s[line + 1] : this.text.length;
    if (line + 1 < s.length) { end--; if (this.text.charCodeAt(end) === 10 && this.text.charCodeAt(end - 1) === 13) end--; }
    return end - s[line];
  }
  /** The offset of a position, clamped as LSP says (past the line end: the line end; past the last line: the end). */
  offsetAt(p: Position): number {
    const s = this.lines();
    if (p.line >= s.length) return this.text.length;
    return s[p.line] + Math.min(p.character, this.lineLength(p.line));
  }
  positionAt(offset: number): Position {
    const s = this.lines();
    let lo = 0, hi = s.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (s[mid] <= offset) lo = mid; else hi = mid - 1; }
    return { line: lo, character: Math.min(offset - s[lo], this.lineLength(lo)) };
  }
  /** A position inside the document (not past a line end, not past the last line). */
  valid(p: Position): boolean {
    return Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0 && p.line < this.lineCount && p.character <= this.lineLength(p.line);
  }
}

const before_ = (a: Position, b: Position): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
const show = (r: Range): string => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

// ------------------------------------------------------------------------------------------------ the workspace

const EMOJI = '😀';
const CLEF = '𝄞';

function hostileFiles(): Record<string, string> {
  const m = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => monster(id, extra);
  return {
    'mod_f/modinfo.json': pretty(modinfo('mod_f', ['dda', 'mod_a'])).replace('"content"', '"content",'),
    'mod_f/broken.json': `[\n  { "type": "MONSTER", "id": "mon_f_broken", "hp": , "upgrades": { "half_life": 2, "into": "mon_zom`,
    'mod_f/strings.json': `[\n  { "type": "MONSTER", "id": "mon_f_str", "name": { "str": "unterminated\n  },\n  { "type": "MONSTER", "id": "mon_f_two", "copy-from": "mon_zombie", "description": "also\n  }\n]\n`,
    'mod_f/astral.json': pretty([
      m('mon_f_emoji', { name: { str: `Zed ${EMOJI}${CLEF}` }, description: `${EMOJI}${EMOJI} ${CLEF} é ä`, symbol: EMOJI, upgrades: { half_life: 3, into: 'mon_f_astral_👾' } }),
      m('mon_f_astral_👾', { 'copy-from': 'mon_f_emoji', description: `${CLEF}${CLEF}` }),
      { type: 'profession', id: `prof_${EMOJI}`, name: 'E', description: CLEF, points: 0, items: { both: ['jeans', ['tshirt', 'snip_x']] }, pets: [{ name: 'mon_f_emoji', amount: 1 }] },
    ]),
    'mod_f/deep.json': `[ ${JSON.stringify(m('mon_f_deep')).slice(0, -1)}, "special_attacks": ${'['.repeat(150)}${']'.repeat(150)} },\n  { "type": "MONSTER", "id": "mon_f_open", "x": ${'{"a":'.repeat(120)}\n]\n`,
    'mod_f/bom.json': `\uFEFF${pretty([m('mon_f_bom', { hp: 'x', upgrades: { half_life: 1, into: 'mon_f_emoji' } })])}`,
    'mod_f/crlf.json': pretty([m('mon_f_crlf', { upgrades: { half_life: 1, into: 'mon_b_hulk' } }), { type: 'MONSTER', id: 'mon_f_crlf2', 'copy-from': 'mon_f_crlf', speeed: 3 }]).replace(/\n/g, '\r\n'),
    'mod_f/recipes.json': pretty([
      { type: 'recipe', result: 'jeans', id_suffix: EMOJI, category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 1, time: '10 m', autolearn: true, qualities: [], tools: [[['hammer', -1]]], components: [[['rag', 2], ['mon_zombie', 1]]] },
      { type: 'scenario', id: 'scen_f', name: 'S', description: 'd', points: 0, start_name: EMOJI, professions: [`prof_${EMOJI}`, 'b_tailor'], missions: ['MISSION_NPC_ONLY'] },
    ]),
    'mod_f/empty.json': '',
    // Over BIG_FILE (1 MB): the server re-checks it after a pause in typing, and a request about it flushes that.
    'mod_f/big.json': pretty(Array.from({ length: 2400 }, (_, i) => m(`mon_f_big_${i}`, { description: `${'x'.repeat(300)} ${i}`, upgrades: { half_life: 1, into: i % 500 === 0 ? 'mon_f_nope' : 'mon_zombie' } }))),
    'mod_f/deeper.json': `[ ${JSON.stringify(m('mon_f_deeper')).slice(0, -1)}, "special_attacks": ${'[{"a":'.repeat(3000)}1${'}]'.repeat(3000)} }\n]\n`,
    'mod_f/object.json': pretty(m('mon_f_single', { volume: '1 mL', weight: 5 })),
    // Members written twice (the parsed value keeps the last; the text under the cursor may be the first).
    'mod_f/duplicates.json': `[\n  { "type": "MONSTER", "id": "mon_f_dup", "copy-from": "mon_f_emoji", "copy-from": "mon_zombie", "upgrades": { "half_life": 1, "into": "mon_a_shambler", "into": "mon_f_bom" } },\n`
      + `  { "type": "MONSTER", "id": "mon_f_dup2", "id": "mon_f_dup3", "copy-from": "mon_f_dup", "upgrades": { "into": "mon_f_crlf" }, "upgrades": { "into": "mon_b_hulk" } },\n`
      + `  { "type": "profession", "id": "f_dup_prof", "name": "D", "description": "d", "points": 0, "pets": [ { "name": "mon_f_dup", "name": "mon_zombie", "amount": 1 } ] }\n]\n`,
    // Palettes each naming the next three times (3^10 paths), and maps using them: an object and a number among
    // rows, a row far longer than the map.
    'mod_f/maps.json': pretty([
      ...paletteChain(10, 'pal_f'),
      { type: 'mapgen', method: 'json', nested_mapgen_id: 'n_f_rows', object: { mapgensize: [3, 3], palettes: ['pal_f0'], rows: [{}, 'ABC', 5, 'J.A'] } },
      { type: 'mapgen', method: 'json', update_mapgen_id: 'u_f_long', object: { mapgensize: [2, 1], palettes: ['pal_f0'], terrain: { x: 't_floor' }, rows: ['x'.repeat(20_000)] } },
    ]),
    // Arrays as an element is typed: a comma missing, an element half written.
    'mod_f/halfTyped.json': `[\n  { "type": "profession", "id": "f_half", "name": "H", "description": "d", "points": 0, "items": { "both": [ "jeans" "tshirt", "rag" ], "male": [ "rag", "jea ] } },\n`
      + `  { "type": "MONSTER", "id": "mon_f_half", "copy-from": "mon_zombie", "species": [ "ZOMBIE" "MAMMAL", "ZOMBIE" ], "upgrades": { "half_life": 1, "into": "mon_f_dup" } }\n]\n`,
  };
}

const PIECES = [
  '{', '}', '[', ']', '"', ',', ':', '\\', '\n', '\r\n', ' ', '\t', EMOJI, CLEF, 'é', '"mon_', 'mon_zombie', '"into": "', '"upgrades": { "half_life": 1, "into": "', '"id": "', '"copy-from": "', '"hp": 1,', '// c', '/*', '0', '-', 'null', '"type": "MONSTER",',
  // A member written again; an array element typed without its comma.
  '"copy-from": "mon_dog", ', '"into": "mon_dog", ', ' "mon_dog" ', '" "',
  // An object, a number among rows; a palette named.
  '{ }, "AB", ', '{ "x": 1 }, ', '7, ', '"palettes": [ "pal_f3", "pal_f3" ], ',
];

// ------------------------------------------------------------------------------------------------ the run

interface Failure { readonly step: number; readonly what: string }

describe('language server: request fuzz', () => {
  let fx: Fixture;
  let client: TestClient;
  const serverErrors: string[] = [];

  before(async () => {
    fx = writeFixture();
    for (const [rel, text] of Object.entries(hostileFiles())) {
      fs.mkdirSync(path.dirname(fx.file(rel)), { recursive: true });
      fs.writeFileSync(fx.file(rel), text);
    }
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    client.connection.onNotification('window/logMessage', (m: { type: number; message: string }) => { if (m.type === 1) serverErrors.push(m.message); });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test(`${REQUESTS} seeded requests at random positions among random edits: documented answers only, ranges inside, each under ${MAX_MS} ms`, async () => {
    const random = rng(SEED);
    const int = (n: number): number => Math.floor(random() * n);
    const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
    const chance = (p: number): boolean => random() < p;

    const files = [
      ...Object.keys(hostileFiles()).map((r) => fx.file(r)),
      fx.file('mod_b/monsters/hulks.json'), fx.file('mod_b/recipes/charms.json'), fx.file('mod_b/professions.json'), fx.file('mod_a/monsters/shamblers.json'),
      path.join(fx.game, 'json/monsters.json'), path.join(fx.game, 'json/items.json'),
    ];
    const disk = new Map<string, string>(); // nothing writes to the disk during the run
    const diskText = (p: string): string => {
      let t = disk.get(p);
      if (t === undefined) {
        try { t = fs.readFileSync(p, 'utf8'); } catch { t = ''; }
        if (t.charCodeAt(0) === 0xfeff) t = t.slice(1);
        disk.set(p, t);
      }
      return t;
    };
    /** Open documents: uri -> text and version (the canonical URI of a file, or a second one). */
    const open = new Map<string, { path: string; text: string; version: number }>();
    /** Every version's text of each URI, to check published diagnostics against. */
    const versions = new Map<string, Map<number, string>>();
    /** The text the server has for a file: the last changed open document's, else the disk's. */
    const lastChanged = new Map<string, string>();
    const serverText = (p: string): string => {
      const u = lastChanged.get(p);
      const doc = u ? open.get(u) : undefined;
      return doc ? doc.text : diskText(p);
    };
    const docs = new Map<string, Doc>();
    const docOf = (p: string): Doc => {
      const text = serverText(p);
      let d = docs.get(p);
      if (!d || d.text !== text) { d = new Doc(text); docs.set(p, d); }
      return d;
    };
    const byUri = new Map<string, string>();
    const walk = (d: string): void => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.json')) byUri.set(uri(p), p); } };
    walk(fx.ws); walk(fx.game);
    const pathOfUri = (u: string): string | undefined => open.get(u)?.path ?? byUri.get(u);

    const failures: Failure[] = [];
    let step = 0;
    let requests = 0;
    let slowest = { ms: 0, what: '' };
    const counts = new Map<string, number>();
    const fail = (what: string): void => { if (failures.length < 50) failures.push({ step, what }); };

    const remember = (u: string, version: number, text: string): void => {
      let m = versions.get(u);
      if (!m) { m = new Map(); versions.set(u, m); }
      m.set(version, text);
      if (m.size > 8) m.delete(m.keys().next().value!); // publications follow edits closely
    };
    const openDoc = async (p: string, u = uri(p)): Promise<void> => {
      const text = serverText(p);
      open.set(u, { path: p, text, version: 1 });
      lastChanged.set(p, u);
      remember(u, 1, text);
      await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: u, languageId: 'json', version: 1, text } });
    };
    const closeDoc = async (u: string): Promise<void> => {
      const doc = open.get(u)!;
      open.delete(u);
      if (lastChanged.get(doc.path) === u) {
        const other = [...open.entries()].filter(([, d]) => d.path === doc.path).pop();
        if (other) lastChanged.set(doc.path, other[0]); else lastChanged.delete(doc.path);
      }
      await client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: u } });
    };
    const editDoc = async (u: string): Promise<void> => {
      const doc = open.get(u)!;
      const d = new Doc(doc.text);
      const revert = chance(0.03); // back to the disk's text, in one edit
      let at = revert ? 0 : int(doc.text.length + 1);
      const del = revert ? doc.text.length : chance(0.5) ? int(9) : 0;
      // Editors never split a surrogate pair or a CRLF.
      const inside = (o: number): boolean => o > 0 && o < doc.text.length && ((doc.text.charCodeAt(o - 1) & 0xfc00) === 0xd800 || (doc.text.charCodeAt(o - 1) === 13 && doc.text.charCodeAt(o) === 10));
      if (inside(at)) at--;
      let end = Math.min(doc.text.length, at + del);
      if (inside(end)) end++;
      const insert = revert ? diskText(doc.path) : chance(0.8) ? pick(PIECES) : '';
      const range = { start: d.positionAt(at), end: d.positionAt(end) };
      doc.text = doc.text.slice(0, at) + insert + doc.text.slice(end);
      doc.version++;
      lastChanged.set(doc.path, u);
      remember(u, doc.version, doc.text);
      await client.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: u, version: doc.version }, contentChanges: [{ range, text: insert }] });
    };

    /** A position: anywhere, past line ends and the last line, between surrogate halves, at broken places. */
    const randomPosition = (d: Doc): Position => {
      const r = random();
      if (r < 0.15) {
        const pairs = [...d.text.matchAll(/[\uD800-\uDBFF]/g)].map((x) => x.index!);
        if (pairs.length) return d.positionAt(pick(pairs) + 1);
      }
      if (r < 0.25) return { line: d.lineCount - 1 + int(3), character: int(40) };
      if (chance(0.25)) {
        // Inside a string: an id, a member name (where the value parsed and the text may disagree, issue 23).
        const strings = [...d.text.matchAll(/"(?:[^"\\\n\r]|\\.)*"/g)];
        if (strings.length) { const m = pick(strings); return d.positionAt(m.index! + 1 + int(m[0].length - 1)); }
      }
      if (r < 0.4) { const line = int(d.lineCount); return { line, character: d.lineLength(line) + int(4) }; }
      if (r < 0.55) {
        const marks = [...d.text.matchAll(/"[^"\n\r]*$|"mon_|into|copy-from|\[\[|, *[}\]]|: *,|" +"|"(?:jeans|tshirt|rag|ZOMBIE|MAMMAL)/gm)].map((x) => x.index!);
        if (marks.length) return d.positionAt(Math.min(d.text.length, pick(marks) + int(8)));
      }
      return d.positionAt(int(d.text.length + 1));
    };

    /** A range a server returned for file `p`: inside the text the server has for it. */
    const checkRange = (what: string, p: string | undefined, r: Range | undefined): void => {
      if (!r || !p) { if (!r) fail(`${what}: no range`); return; }
      const d = docOf(p);
      if (!d.valid(r.start) || !d.valid(r.end) || !before_(r.start, r.end)) fail(`${what}: range ${show(r)} is not inside ${path.basename(p)} (${d.lineCount} lines)`);
    };
    const checkLocation = (what: string, l: Location): void => checkRange(`${what} -> ${l.uri}`, pathOfUri(l.uri), l.range);
    const checkEdit = (what: string, e: WorkspaceEdit | null | undefined): void => {
      for (const [u, edits] of Object.entries(e?.changes ?? {})) for (const te of edits) checkRange(`${what} edit in ${u}`, pathOfUri(u), te.range);
    };

    /** The value of the closed string around an offset of a text (the cursor strictly inside it), if any. */
    const stringAround = (text: string, offset: number): string | undefined => {
      let lineStart = offset;
      while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10 && text.charCodeAt(lineStart - 1) !== 13) lineStart--;
      for (let i = lineStart; i < offset; i++) {
        if (text[i] !== '"') continue;
        let j = i + 1;
        while (j < text.length && text[j] !== '"' && text[j] !== '\n' && text[j] !== '\r') j += text[j] === '\\' ? 2 : 1;
        if (text[j] !== '"') return undefined;
        if (offset < j + 1) return stringValue(text.slice(i, j + 1));
        i = j;
      }
      return undefined;
    };
    const stringValue = (written: string): string | undefined => {
      try { const v: unknown = JSON.parse(written); return typeof v === 'string' ? v : undefined; } catch { return undefined; }
    };
    const textOf = (p: string | undefined, r: Range): string => {
      const d = p ? docOf(p) : undefined;
      return d && d.valid(r.start) && d.valid(r.end) ? d.text.slice(d.offsetAt(r.start), d.offsetAt(r.end)) : '';
    };
    /** Whether `id`, as a query answered it, is the id the string `written` at the cursor names (issue 23: another value's). */
    const names = (written: string, id: string): boolean => id === written || id === withoutVariant(written);
    /** The id a hover describes, from its first line (`**name** — monster \`id\``, or `**id**` alone). */
    const hoveredId = (h: Hover): string | undefined => {
      const first = (typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '').split('\n')[0];
      return /^\*\*.*\*\* — .*`([^`]+)`( \(abstract\))?$/.exec(first)?.[1] ?? /^\*\*([^*]+)\*\*$/.exec(first)?.[1];
    };

    const refusal = (method: string, err: { code?: number; message?: string }): boolean => {
      if (err.code === -32800) return true; // RequestCancelled
      if ((method === 'textDocument/rename' || method === 'textDocument/prepareRename') && err.code === -32803 && /^(Cannot rename|The new id must not be empty)/.test(err.message ?? '')) return true;
      return method === 'workspace/executeCommand' && err.code === -32602 && /^Unknown command/.test(err.message ?? '');
    };
    const send = async <R>(method: string, params: unknown): Promise<R | undefined> => {
      requests++;
      counts.set(method, (counts.get(method) ?? 0) + 1);
      const t0 = process.hrtime.bigint();
      const cpu0 = cpuMs(client.proc.pid);
      try {
        return await client.request<R>(method, params);
      } catch (err) {
        const e = err as { code?: number; message?: string };
        if (!refusal(method, e)) fail(`${method} ${JSON.stringify(params).slice(0, 300)}: error ${e.code} ${e.message}`);
        return undefined;
      } finally {
        const wall = Number(process.hrtime.bigint() - t0) / 1e6;
        const cpu1 = cpuMs(client.proc.pid);
        const ms = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : wall;
        const reindex = method === 'workspace/executeCommand' && (params as { command?: string }).command === 'cdda.reindex';
        if (!reindex && ms > slowest.ms) slowest = { ms, what: method };
        if (ms > (reindex ? MAX_REINDEX_MS : MAX_MS)) fail(`${method} took ${ms.toFixed(0)} ms of server CPU (${wall.toFixed(0)} ms wall)`);
        if (wall > MAX_REINDEX_MS) fail(`${method} took ${wall.toFixed(0)} ms of wall time`);
      }
    };

    let publishedSeen = 0;
    const checkPublished = (): void => {
      for (; publishedSeen < client.published.length; publishedSeen++) {
        const pub: PublishDiagnosticsParams = client.published[publishedSeen];
        let text: string | undefined;
        if (pub.version !== undefined && pub.version !== null) text = versions.get(pub.uri)?.get(pub.version);
        else { const p = pathOfUri(pub.uri); if (p && ![...open.values()].some((d) => d.path === p)) text = diskText(p); }
        if (text === undefined) continue;
        const d = new Doc(text);
        for (const diag of pub.diagnostics) {
          if (!d.valid(diag.range.start) || !d.valid(diag.range.end) || !before_(diag.range.start, diag.range.end)) fail(`published ${diag.code} at ${show(diag.range)} outside ${path.basename(pub.uri)} version ${pub.version}`);
        }
      }
    };

    /**
     * Never stale: once the server has caught up (a request about each open file flushes any pending edit), what it
     * last published for each file equals the diagnostics of a fresh project over the same texts.
     */
    const sameAsFresh = async (): Promise<void> => {
      for (const u of open.keys()) await client.request('textDocument/documentSymbol', { textDocument: { uri: u } });
      await client.request('workspace/symbol', { query: 'x' });
      const fresh = new Project({ gamePath: fx.game, roots: [fx.ws], readFile: (p) => (lastChanged.has(p) ? serverText(p) : readTextFile(p)) });
      fresh.load();
      const line = (code: unknown, r: Range, message: unknown): string => `${String(code)} ${show(r)} ${typeof message === 'string' ? message : JSON.stringify(message)}`;
      const reported = new Set(fresh.reportedFiles().map((f) => f.path));
      for (const p of new Set([...reported, ...[...client.diagnostics.keys()].map((u) => pathOfUri(u)).filter((x): x is string => x !== undefined)])) {
        const d = docOf(p);
        const want = reported.has(p) ? fresh.diagnostics(p).map((x) => line(x.code, { start: d.positionAt(x.start), end: d.positionAt(x.end) }, x.message)).sort() : [];
        const got = (client.diagnostics.get(uri(p))?.diagnostics ?? []).map((x) => line(x.code, x.range, x.message)).sort();
        if (want.join('\n') !== got.join('\n')) {
          const extra = got.filter((x) => !want.includes(x)).slice(0, 3).map((x) => `+ ${x}`);
          const missing = want.filter((x) => !got.includes(x)).slice(0, 3).map((x) => `- ${x}`);
          fail(`published diagnostics of ${path.relative(fx.ws, p)} differ from a fresh project's (+ published, - fresh): ${[...extra, ...missing].join(' | ')}`);
        }
      }
    };

    const whereIs = (p: string, position: Position): string => `${path.basename(p)}@${position.line}:${position.character}`;
    const hoverAt = async (p: string, position: Position): Promise<void> => {
      const where = whereIs(p, position);
      const d = docOf(p);
      const at = d.positionAt(d.offsetAt(position));
      const h = await send<Hover | null>('textDocument/hover', { textDocument: { uri: uri(p) }, position });
      if (!h?.range) return;
      checkRange(`hover at ${where}`, p, h.range);
      if (!before_(h.range.start, at) || !before_(at, h.range.end)) fail(`hover at ${where}: range ${show(h.range)} does not contain ${at.line}:${at.character}`);
      // A hover on an id describes the id written there.
      const written = stringValue(textOf(p, h.range)), id = hoveredId(h);
      if (written !== undefined && id !== undefined && !names(written, id)) fail(`hover at ${where} on "${written}" describes ${id}`);
    };
    const definitionAt = async (p: string, position: Position): Promise<void> => {
      const where = whereIs(p, position);
      const d = docOf(p);
      const locs = await send<Location[] | null>('textDocument/definition', { textDocument: { uri: uri(p) }, position });
      const written = stringAround(d.text, d.offsetAt(position));
      for (const l of locs ?? []) {
        checkLocation(`definition at ${where}`, l);
        // Each definition reached writes the id under the cursor (or the one it is derived from, a part of it).
        const target = stringValue(textOf(pathOfUri(l.uri), l.range));
        if (written !== undefined && target !== undefined && !written.includes(target)) fail(`definition at ${where} on "${written}" reaches ${target} (${l.uri})`);
      }
    };
    /**
     * Hover and definition inside every string of the files written to disagree with their parsed values (members
     * written twice, commas missing), as they are: at the start, and at the end as the edits have made them.
     */
    const disagreeing = [fx.file('mod_f/duplicates.json'), fx.file('mod_f/halfTyped.json')];
    const sweepStrings = async (): Promise<void> => {
      for (const p of disagreeing) {
        const d = docOf(p);
        for (const m of d.text.matchAll(/"(?:[^"\\\n\r]|\\.)*"/g)) {
          const position = d.positionAt(m.index! + 1);
          await hoverAt(p, position);
          await definitionAt(p, position);
        }
      }
    };

    // Most hostile files start open, as a modder's editor has them.
    for (const f of [...files.slice(0, 8), fx.file('mod_f/duplicates.json'), fx.file('mod_f/halfTyped.json')]) await openDoc(f);
    let lastCompletion: CompletionItem[] = [];
    await sweepStrings();

    while (requests < REQUESTS) {
      step++;
      const roll = random();
      const openUris = [...open.keys()];
      if (roll < 0.22 && openUris.length) { await editDoc(pick(openUris)); continue; }
      if (roll < 0.24) {
        const closed = files.filter((f) => !open.has(uri(f)));
        if (closed.length && (chance(0.6) || openUris.length < 3)) await openDoc(pick(closed));
        else if (openUris.length) await closeDoc(pick(openUris));
        continue;
      }
      if (roll < 0.25 && openUris.length) {
        // The same file under a second URI: opened with the text it has, maybe edited, then closed.
        const u = pick(openUris);
        const p = open.get(u)!.path;
        const alias = `file://${path.dirname(p)}/../${path.basename(path.dirname(p))}/${path.basename(p)}`.replace(/ /g, '%20');
        if (!open.has(alias)) {
          await openDoc(p, alias);
          if (chance(0.5)) await editDoc(alias);
          await closeDoc(alias);
        }
        continue;
      }
      const p = chance(0.8) && openUris.length ? open.get(pick(openUris))!.path : pick(files);
      const u = uri(p);
      const d = docOf(p);
      const position = randomPosition(d);
      const at = d.positionAt(d.offsetAt(position)); // where the server takes the position to be
      const where = `${path.basename(p)}@${position.line}:${position.character}`;
      const r = random();
      if (r < 0.2) {
        const list = await send<CompletionList | null>('textDocument/completion', { textDocument: { uri: u }, position });
        for (const item of list?.items ?? []) {
          const te = item.textEdit as { range: Range } | undefined;
          if (!te) { fail(`completion ${item.label} at ${where}: no textEdit`); continue; }
          checkRange(`completion ${item.label} at ${where}`, p, te.range);
          if (te.range.start.line !== te.range.end.line || !before_(te.range.start, at) || !before_(at, te.range.end)) fail(`completion ${item.label} at ${where}: edit ${show(te.range)} is not one line containing ${at.line}:${at.character}`);
        }
        lastCompletion = list?.items ?? [];
      } else if (r < 0.27) {
        if (lastCompletion.length) await send<CompletionItem>('completionItem/resolve', pick(lastCompletion));
        else await send<CompletionItem>('completionItem/resolve', { label: 'x', data: { kind: 'MONSTER', id: 'mon_zombie', modId: 'dda' } });
      } else if (r < 0.42) {
        await hoverAt(p, position);
      } else if (r < 0.52) {
        await definitionAt(p, position);
      } else if (r < 0.6) {
        const locs = await send<Location[] | null>('textDocument/references', { textDocument: { uri: u }, position, context: { includeDeclaration: chance(0.5) } });
        for (const l of locs ?? []) checkLocation(`references at ${where}`, l);
      } else if (r < 0.68) {
        const prep = await send<{ range: Range; placeholder: string } | null>('textDocument/prepareRename', { textDocument: { uri: u }, position });
        if (prep) {
          checkRange(`prepareRename at ${where}`, p, prep.range);
          if (!before_(prep.range.start, at) || !before_(at, prep.range.end)) fail(`prepareRename at ${where}: range ${show(prep.range)} does not contain ${at.line}:${at.character}`);
        }
      } else if (r < 0.73) {
        const e = await send<WorkspaceEdit | null>('textDocument/rename', { textDocument: { uri: u }, position, newName: pick(['mon_new', '', EMOJI, 'a"b', 'mon_zombie']) });
        checkEdit(`rename at ${where}`, e);
        // Every edit rewrites the id under the cursor: one id, written there (the variant edit covers it unquoted).
        const written = stringAround(d.text, d.offsetAt(at));
        const renamed = new Set<string>();
        for (const [u, edits] of Object.entries(e?.changes ?? {})) for (const te of edits) { const t = textOf(pathOfUri(u), te.range); renamed.add(stringValue(t) ?? t); }
        if (renamed.size > 1 || (written !== undefined && renamed.size === 1 && !names(written, [...renamed][0]))) fail(`rename at ${where} on "${written}" rewrites ${[...renamed].join(', ')}`);
      } else if (r < 0.8) {
        const symbols = await send<DocumentSymbol[] | null>('textDocument/documentSymbol', { textDocument: { uri: u } });
        for (const s of symbols ?? []) {
          checkRange(`documentSymbol ${s.name}`, p, s.range);
          checkRange(`documentSymbol ${s.name} selection`, p, s.selectionRange);
        }
      } else if (r < 0.86) {
        const symbols = await send<WorkspaceSymbol[]>('workspace/symbol', { query: pick(['', 'mon', 'mon_f', 'zz', EMOJI, 'é', 'b_', String.fromCharCode(97 + int(26))]) });
        for (const s of symbols ?? []) if ('range' in s.location) checkLocation(`workspace/symbol ${s.name}`, s.location as Location);
      } else if (r < 0.9) {
        // The map features: highlights, the preview (its cursor inside its rows), the type hierarchy.
        const hs = await send<{ range: Range }[] | null>('textDocument/documentHighlight', { textDocument: { uri: u }, position });
        for (const h of hs ?? []) checkRange(`documentHighlight at ${where}`, p, h.range);
        const preview = await send<MapPreviewResult | null>(MAP_PREVIEW_REQUEST, { textDocument: { uri: u }, position });
        if (preview?.cursor && !(preview.rows[preview.cursor.row]?.length > preview.cursor.column)) fail(`map preview at ${where}: cursor ${JSON.stringify(preview.cursor)} outside its rows`);
        const items = await send<{ data: unknown; uri: string; range: Range; selectionRange: Range }[] | null>('textDocument/prepareTypeHierarchy', { textDocument: { uri: u }, position });
        for (const item of items ?? []) {
          checkRange(`type hierarchy item at ${where}`, pathOfUri(item.uri), item.selectionRange);
          for (const sub of (await send<{ uri: string; range: Range }[] | null>('typeHierarchy/subtypes', { item })) ?? []) checkRange(`subtype at ${where}`, pathOfUri(sub.uri), sub.range);
        }
      } else if (r < 0.995) {
        const start = randomPosition(d);
        const end = chance(0.5) ? start : randomPosition(d);
        const range = before_(start, end) ? { start, end } : { start: end, end: start };
        const published = client.diagnostics.get(u)?.diagnostics ?? [];
        const diagnostics: Diagnostic[] = chance(0.8) ? published.filter(() => chance(0.5)) : [{ range, message: 'm', source: 'cdda', code: 'bad-unit', data: { fixes: [{ kind: 'replaceValue', text: '"1 L"' }] } }];
        const actions = await send<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri: u }, range, context: { diagnostics } });
        for (const a of actions ?? []) checkEdit(`codeAction ${a.title} at ${where}`, a.edit);
      } else {
        const command = chance(0.4) ? 'cdda.reindex' : 'cdda.nope';
        await send('workspace/executeCommand', { command, arguments: [] });
        if (command === 'cdda.reindex') await client.waitForReady(10_000, client.statuses.length - 1);
      }
      checkPublished();
      if (step % 1000 === 0) await sameAsFresh();
    }
    await sweepStrings();
    // A last round trip, then every publication so far is checked.
    await send('workspace/symbol', { query: 'mon' });
    checkPublished();
    await sameAsFresh();
    const summary = `seed ${SEED}: ${requests} requests in ${step} steps (${[...counts].map(([m, n]) => `${m.replace(/^.*\//, '')} ${n}`).join(', ')}); most server CPU for one request: ${slowest.ms.toFixed(0)} ms (${slowest.what})`;
    console.log(summary);
    assert.deepEqual(serverErrors, [], `the server logged errors (${summary})`);
    assert.deepEqual(failures.map((f) => `step ${f.step}: ${f.what}`), [], summary);
  });
});
