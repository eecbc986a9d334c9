/**
 * The server is never stuck on big workspaces: long requests run in time slices and honour `$/cancelRequest`
 * (RequestCancelled) and edits (ContentModified); references from an open file cost what they cost from a
 * closed one; a folder deleted with one watched-file event is one update and one round of publishing.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { CancellationTokenSource, DidChangeWatchedFilesNotification, FileChangeType, LSPErrorCodes, type Location } from 'vscode-languageserver-protocol/node';
import { TestClient, positionOf, uri } from './client';
import { monster, pretty } from './fixture';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { SLICE_STEPS } from '../../server/src/lsp/slices';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A ready server over mod `big`: `mon_parent` in parent.json, `n` monsters copying from it in kids.json, and `more` files. */
async function parentWithChildren(n: number, more: Record<string, string>): Promise<{ client: TestClient; ws: string }> {
  const game = writeTree(MINI_CORE);
  const ws = writeTree({
    'big/modinfo.json': modinfo('big'),
    'big/parent.json': pretty([monster('mon_parent')]),
    'big/kids.json': JSON.stringify(Array.from({ length: n }, (_, i) => ({ type: 'MONSTER', id: `kid_${i}`, 'copy-from': 'mon_parent' })), null, 1),
    ...more,
  });
  const client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game } });
  await client.initialize();
  await client.waitForReady(120_000);
  return { client, ws };
}

describe('language server: an id with tens of thousands of uses', () => {
  const N = 30_000;
  let client: TestClient;
  let ws: string;
  const parentFile = (): string => path.join(ws, 'big/parent.json');
  const kidsFile = (): string => path.join(ws, 'big/kids.json');
  const referencesParams = () => ({
    textDocument: { uri: uri(parentFile()) },
    position: positionOf(fs.readFileSync(parentFile(), 'utf8'), '"mon_parent"', 2),
    context: { includeDeclaration: false },
  });

  before(async () => {
    ({ client, ws } = await parentWithChildren(N, { 'big/other.json': pretty([monster('mon_other')]) }));
  });

  after(async () => {
    await client?.stop();
  });

  test('references cancelled after 50 ms: answered RequestCancelled at once; the server keeps answering', async () => {
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest<Location[]>('textDocument/references', referencesParams(), source.token);
    await sleep(50);
    const cancelledAt = Date.now();
    source.cancel();
    // Before: ignored, and all the results came seconds later.
    await assert.rejects(pending, (err: { code?: number }) => err.code === LSPErrorCodes.RequestCancelled);
    const late = Date.now() - cancelledAt;
    assert.ok(late < 500, `answered ${late} ms after the cancellation`);
    const all = await client.request<Location[]>('textDocument/references', referencesParams());
    assert.equal(all.length, N);
  });

  test('an edit while references are searched: ContentModified (the answer would be stale)', async () => {
    await client.open(path.join(ws, 'big/other.json'));
    const pending = client.request<Location[]>('textDocument/references', referencesParams());
    await client.change(path.join(ws, 'big/other.json'), pretty([monster('mon_other', { hp: 3 })]));
    await assert.rejects(pending, (err: { code?: number }) => err.code === LSPErrorCodes.ContentModified);
    await client.close(path.join(ws, 'big/other.json'));
  });

  test('references from the open file holding the uses: as fast as from the closed file', async () => {
    const closed = Date.now();
    assert.equal((await client.request<Location[]>('textDocument/references', referencesParams())).length, N);
    const closedMs = Date.now() - closed;
    await client.open(kidsFile());
    await client.waitForDiagnostics(kidsFile(), () => true, 60_000, true);
    const t0 = Date.now();
    const open = await client.request<Location[]>('textDocument/references', { ...referencesParams(), textDocument: { uri: uri(kidsFile()) }, position: positionOf(client.texts.get(kidsFile())!, '"mon_parent"', 2) });
    const openMs = Date.now() - t0;
    assert.equal(open.length, N);
    // Before: each location compared the whole open text with the line index's copy (20 s for 30,000).
    assert.ok(openMs < Math.max(5000, closedMs * 4), `open: ${openMs} ms, closed: ${closedMs} ms`);
    await client.close(kidsFile());
  });

  test('document symbols of the big file and workspace symbols are answered, and cancellable', async () => {
    const symbols = await client.request<unknown[]>('textDocument/documentSymbol', { textDocument: { uri: uri(kidsFile()) } });
    assert.equal(symbols.length, N);
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri(kidsFile()) } }, source.token);
    await sleep(20);
    source.cancel();
    await assert.rejects(pending, (err: { code?: number }) => err.code === LSPErrorCodes.RequestCancelled);
    const found = await client.request<{ name: string }[]>('workspace/symbol', { query: 'kid_2999' });
    assert.deepEqual(found.slice(0, 2).map((s) => s.name), ['kid_2999', 'kid_29990']);
  });
});

describe('language server: a folder of 60 files deleted with one event', () => {
  let client: TestClient;
  let ws: string;
  const FILES = 60;
  const folder = (): string => path.join(ws, 'mv/moved');
  const outside = (k: number): string => path.join(ws, `mv/outside_${k}.json`);

  before(async () => {
    const game = writeTree(MINI_CORE);
    const tree: Record<string, unknown> = { 'mv/modinfo.json': modinfo('mv') };
    // Each file refers to the next one and copies from the previous one; each has a warning of its own.
    for (let f = 0; f < FILES; f++) {
      tree[`mv/moved/f${f}.json`] = pretty(Array.from({ length: 5 }, (_, i) => monster(`mon_${f}_${i}`, {
        upgrades: { half_life: 4, into: `mon_${(f + 1) % FILES}_${i}` },
        ...(f > 0 ? { 'copy-from': `mon_${f - 1}_${i}` } : {}),
        ...(i === 0 ? { speeed: 1 } : {}),
      })));
    }
    for (let k = 0; k < 4; k++) tree[`mv/outside_${k}.json`] = pretty([monster(`mon_out_${k}`, { upgrades: { half_life: 4, into: `mon_${k * 7}_1` } })]);
    ws = writeTree(tree);
    client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game } });
    await client.initialize();
    await client.waitForReady(60_000);
  });

  after(async () => {
    await client?.stop();
  });

  test('one update, each affected file published once, well under a second', async () => {
    const allDone = Promise.all([0, 1, 2, 3].map((k) => client.waitForDiagnostics(outside(k), (ds) => ds.some((d) => d.code === 'unknown-id'), 20_000)));
    const since = client.published.length;
    fs.rmSync(folder(), { recursive: true });
    const t0 = Date.now();
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(folder()), type: FileChangeType.Deleted }] });
    await allDone;
    const ms = Date.now() - t0;
    // The deleted files' warnings are cleared: one empty list each.
    for (let f = 0; f < FILES; f++) await client.waitForDiagnostics(path.join(folder(), `f${f}.json`), (ds) => ds.length === 0, 5000, true);
    const ms2 = Date.now() - t0;
    const published = client.published.slice(since).map((p) => p.uri);
    const twice = published.filter((u, i) => published.indexOf(u) !== i);
    assert.deepEqual(twice, [], 'no file is published twice');
    assert.equal(published.length, FILES + 4);
    // Before the batch: 61 updates, each re-checking and publishing (37 s of CPU, 991 publishes on a real mod).
    assert.ok(ms2 < 1000, `applied and published in ${ms2} ms (outside files in ${ms} ms)`);
  });
});

describe('language server: the first subtypes and palette-key references are sliced', () => {
  const N = 20_000;
  const MAPS = 2_000;
  let client: TestClient;
  let ws: string;
  const file = (rel: string): string => path.join(ws, 'big', rel);
  const text = (rel: string): string => fs.readFileSync(file(rel), 'utf8');

  before(async () => {
    assert.ok(2 * SLICE_STEPS < MAPS, 'the long requests give the loop at least two turns');
    ({ client, ws } = await parentWithChildren(N, {
      'big/palettes.json': pretty([{ type: 'palette', id: 'p_big', terrain: { '#': 't_wall' } }]),
      'big/map.json': pretty(Array.from({ length: MAPS }, (_, i) => ({ type: 'mapgen', method: 'json', nested_mapgen_id: `n_big_${i}`, object: { mapgensize: [2, 1], palettes: ['p_big'], rows: ['##'] } }))),
    }));
  });

  after(async () => {
    await client?.stop();
  });

  /**
   * The order of the answers to the long request `send` sends and a hover sent right after it, both in one write:
   * the hover waits in the server's queue from the start, and is answered first if and only if the long request
   * gives the loop a turn before its end. The hover is taken from the queue at the long request's second turn at
   * the latest, which comes after 2 * SLICE_STEPS steps at most (lsp/slices.ts), whatever the machine's speed or
   * load: both requests take more steps than that (one per child, one per map), so the order is counted, not timed.
   */
  async function hoverFirst<T>(send: () => Promise<T>): Promise<{ order: string[]; result: T }> {
    const order: string[] = [];
    const hoverParams = { textDocument: { uri: uri(file('parent.json')) }, position: positionOf(text('parent.json'), '"mon_parent"', 2) };
    const [long, hover] = client.together(() => [send(), client.request('textDocument/hover', hoverParams)] as const);
    await Promise.all([long.then(() => order.push('long')), hover.then(() => order.push('hover'))]);
    return { order, result: await long };
  }

  test('type hierarchy subtypes of an id with 20,000 children, the first search (it analyses every record): a hover sent meanwhile is answered first', async () => {
    const items = await client.request<{ data: unknown }[]>('textDocument/prepareTypeHierarchy', { textDocument: { uri: uri(file('parent.json')) }, position: positionOf(text('parent.json'), '"mon_parent"', 2) });
    assert.equal(items.length, 1);
    const { order, result } = await hoverFirst(() => client.request<unknown[]>('typeHierarchy/subtypes', { item: items[0] }));
    // Before: one walk of the reverse index, answered before the hover.
    assert.deepEqual(order, ['hover', 'long']);
    assert.equal(result.length, N);
  });

  test('references on a palette\'s mapping key used by 2,000 maps (resolved one by one): a hover sent meanwhile is answered first', async () => {
    const params = { textDocument: { uri: uri(file('palettes.json')) }, position: positionOf(text('palettes.json'), '"#"', 1), context: { includeDeclaration: false } };
    const { order, result } = await hoverFirst(() => client.request<Location[]>('textDocument/references', params));
    assert.deepEqual(order, ['hover', 'long']);
    assert.equal(result.length, 2 * MAPS);
  });
});

describe('language server: shutdown while a file of 40,000 records is checked', () => {
  const N = 40_000;

  test('answered between records: before the file\'s diagnostics, which are not published', async () => {
    const game = writeTree(MINI_CORE);
    // The last record has a typo: the file has a diagnostic to publish once checked.
    const kids = Array.from({ length: N }, (_, i) => ({ type: 'MONSTER', id: `kid_${i}`, 'copy-from': 'mon_zombie', hp: i, ...(i === N - 1 ? { speeed: 1 } : {}) }));
    const ws = writeTree({ 'big/modinfo.json': modinfo('big'), 'big/kids.json': JSON.stringify(kids, null, 1) });
    const client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game } });
    await client.initialize();
    try {
      // The load done (every file indexed): the checks begin.
      await client.waitForStatus((s) => s.state === 'indexing' && s.total !== undefined && s.total > 2 && s.indexed === s.total, 60_000);
      await client.connection.sendRequest('shutdown');
      const kidsUri = uri(path.join(ws, 'big/kids.json'));
      // Before: the file's checks (1.5 s) ran to their end, and its diagnostics were published, before the answer.
      assert.deepEqual(client.published.filter((p) => p.uri === kidsUri).length, 0);
    } finally {
      await client.connection.sendNotification('exit');
      client.connection.dispose();
    }
  });
});
