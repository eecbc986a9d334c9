/**
 * The language server over the real game data (/usr/share/games/cataclysm-dda, auto-detected): a small mod in
 * the workspace and a ~400 KB monster file. Checks the answers, and prints the latencies a client sees
 * (round trips included); the targets are held by the benchmark (test/lsp/lspBench.ts), not asserted here.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type { CompletionList, Hover, Location, MarkupContent } from 'vscode-languageserver-protocol/node';
import { TestClient, positionOf, uri } from './client';
import { GAME, percentile, realWorkspace, timed } from './realFixture';

const present = fs.existsSync(path.join(GAME, 'json'));
const skip = present ? false : `no game data at ${GAME} (apt-get install cataclysm-dda-data)`;

describe('language server over the real game data', { skip }, () => {
  let ws: string;
  let client: TestClient;
  const file = (rel: string): string => path.join(ws, rel);

  before(async () => {
    ws = realWorkspace();
    client = new TestClient({ roots: [ws], initializationOptions: {} });
    const [, ms] = await timed(async () => { await client.initialize(); await client.waitForReady(60_000); });
    console.log(`real data: ready in ${ms.toFixed(0)} ms (${client.statuses.at(-1)?.indexed} files)`);
  });

  after(async () => {
    await client?.stop();
  });

  test('requests are answered while indexing (the connection is not blocked)', () => {
    // The status went through several indexing reports: the loop yielded between slices.
    assert.ok(client.statuses.filter((s) => s.state === 'indexing').length >= 3, JSON.stringify(client.statuses.slice(0, 5)));
  });

  test('completion, definition and hover against core ids', async () => {
    const f = file('my_mod/monsters.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const edited = text.replace('"into": "mon_zombie_brute"', '"into": "mon_zombie_b"');
    await client.change(f, edited);
    const pos = positionOf(edited, '"mon_zombie_b"', '"mon_zombie_b'.length);
    const times: number[] = [];
    let list: CompletionList | undefined;
    for (let i = 0; i < 20; i++) {
      const [r, ms] = await timed(() => client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(f) }, position: pos }));
      list = r;
      times.push(ms);
    }
    assert.ok(list!.items.some((i) => i.label === 'mon_zombie_brute'), list!.items.map((i) => i.label).join(', '));
    assert.equal(list!.items[0].label.startsWith('mon_zombie_b'), true);
    await client.change(f, text);

    const defTimes: number[] = [];
    let locs: Location[] = [];
    for (let i = 0; i < 20; i++) {
      const [r, ms] = await timed(() => client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_zombie_brute"', 3) }));
      locs = r;
      defTimes.push(ms);
    }
    assert.ok(locs.length >= 1 && locs[0].uri.startsWith(uri(GAME)), JSON.stringify(locs));
    const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_zombie_child"', 3) });
    assert.match((h.contents as MarkupContent).value, /monster `mon_zombie_child`/);
    console.log(`real data: completion p50 ${percentile(times, 50).toFixed(1)} ms p95 ${percentile(times, 95).toFixed(1)} ms; definition p50 ${percentile(defTimes, 50).toFixed(1)} ms p95 ${percentile(defTimes, 95).toFixed(1)} ms`);
  });

  test('item completion in recipe components offers the game items', async () => {
    const f = file('my_mod/recipes.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const [list, ms] = await timed(() => client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(f) }, position: positionOf(text, '"rag"', 1) }));
    assert.ok(list.isIncomplete, 'thousands of items: the list is capped');
    assert.ok(list.items.length <= 200 && list.items.length > 100);
    const [ra] = await timed(() => client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(f) }, position: positionOf(text, '"rag"', 3) }));
    assert.equal(ra.items[0].label, 'ra' + ra.items[0].label.slice(2));
    assert.ok(ra.items.some((i) => i.label === 'rag'));
    console.log(`real data: item completion (empty prefix) ${ms.toFixed(1)} ms`);
  });

  test('find references of mon_zombie from its definition: every "mon_zombie" of core and the workspace that names the monster', async () => {
    const def = path.join(GAME, 'json/monsters/zed-classic.json');
    const text = fs.readFileSync(def, 'utf8');
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: uri(def) }, position: positionOf(text, '"id": "mon_zombie"', 8), context: { includeDeclaration: true } });
    const sites = new Set(refs.map((r) => `${r.uri}:${r.range.start.line}:${r.range.start.character}`));
    // The same string found by a plain search, each occurrence either found above or counted by its member.
    const others: Record<string, number> = {};
    let found = 0;
    const search = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) { search(p); continue; }
        if (!e.name.endsWith('.json')) continue;
        const t = fs.readFileSync(p, 'utf8');
        for (let at = t.indexOf('"mon_zombie"'); at >= 0; at = t.indexOf('"mon_zombie"', at + 1)) {
          const before = t.slice(0, at);
          const line = before.split('\n').length - 1;
          if (sites.has(`${uri(p)}:${line}:${at - (before.lastIndexOf('\n') + 1)}`)) { found++; continue; }
          const member = /"([^"]+)"\s*:\s*$/.exec(before)?.[1] ?? '(array)';
          others[member] = (others[member] ?? 0) + 1;
        }
      }
    };
    // What the workspace's mod sees: the core game (json/) and itself.
    for (const dir of [path.join(GAME, 'json'), ws]) search(dir);
    assert.equal(found, refs.length, 'every location is a "mon_zombie" of a file');
    assert.ok(refs.length > 80, `${refs.length} locations`);
    // A monster's tileset hint: any tile id (players, items, furniture too), never checked as a monster.
    assert.deepEqual(others, { looks_like: 5 });
  });

  test('a keystroke in a 400 KB file: diagnostics published for that version', async () => {
    const f = file('my_mod/big.json');
    let text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const at = text.indexOf('"description": "', text.length / 2) + '"description": "'.length;
    const times: number[] = [];
    let version = 1;
    for (let i = 0; i < 30; i++) {
      // Type a word, then delete it, one character per change (incremental changes, as an editor sends them).
      const typing = i < 15;
      const [, ms] = await timed(async () => {
        const expected = version + 1;
        const waiting = client.waitForDiagnostics(f, (_, p) => p.version === expected);
        version = typing ? await client.edit(f, at + i, 0, 'abcdefghijklmno'[i]) : await client.edit(f, at + (29 - i), 1, '');
        await waiting;
      });
      times.push(ms);
    }
    text = client.texts.get(f)!;
    assert.equal(text, fs.readFileSync(f, 'utf8'), 'typed and deleted: back to the original');
    console.log(`real data: keystroke in ${(text.length / 1000).toFixed(0)} KB file -> publish p50 ${percentile(times, 50).toFixed(1)} ms p95 ${percentile(times, 95).toFixed(1)} ms`);
  });
});
