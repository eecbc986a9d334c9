/**
 * Trust at the LSP edge: what the server publishes for an open document is placed in the document's current text
 * after every kind of change (a keystroke, a modinfo.json change of its mod), and a document opened under a second
 * URI of the same file does not lose the first one's text.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import type { Diagnostic, Location, Range, WorkspaceSymbol } from 'vscode-languageserver-protocol/node';
import { TestClient, positionOf, uri } from './client';
import { monster, pretty, writeFixture, type Fixture } from './fixture';
import { modinfo } from '../helpers/workspace';

/** The text a range covers in `text`. */
function covered(text: string, r: Range): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return text.slice(offset(r.start), offset(r.end));
}

describe('language server: published positions follow the open document', () => {
  let fx: Fixture;
  let client: TestClient;

  before(async () => {
    fx = writeFixture();
    // Over 1 MB: the server re-checks it after a pause in typing (see BIG_FILE).
    fs.writeFileSync(fx.file('mod_b/big.json'), pretty(Array.from({ length: 2500 }, (_, i) => monster(i === 0 ? 'mon_big_first' : `mon_big_${i}`, { description: 'x'.repeat(400) }))));
    fs.writeFileSync(fx.file('mod_b/uses_big.json'), pretty([monster('mon_uses_big', { upgrades: { half_life: 1, into: 'mon_big_first' } })]));
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test('lines inserted at the top of an open file, then its modinfo.json edited: diagnostics at the new positions', async () => {
    const f = fx.file('mod_b/monsters/hulks.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    await client.waitForDiagnostics(f);
    const shifted = `[\n\n\n${text.slice(1)}`;
    const v = await client.change(f, shifted);
    const first = await client.waitForDiagnostics(f, (_, p) => p.version === v);
    assert.deepEqual(first.diagnostics.map((d) => covered(shifted, d.range)), ['"mon_b_later"']);
    const mi = fx.file('mod_b/modinfo.json');
    const mtext = fs.readFileSync(mi, 'utf8');
    await client.open(mi, mtext);
    // mod_b no longer depends on mod_a: mon_a_shambler becomes unknown too.
    const next = client.waitForDiagnostics(f, (ds) => ds.length === 2);
    await client.change(mi, pretty(modinfo('mod_b', ['dda'])));
    const pub = await next;
    assert.deepEqual(pub.diagnostics.map((d: Diagnostic) => covered(shifted, d.range)).sort(), ['"mon_a_shambler"', '"mon_b_later"']);
    await client.change(mi, mtext);
    await client.close(mi);
    await client.change(f, text);
    await client.close(f);
  });

  test('lines inserted at the top of an open file while its mod is away (modinfo.json broken), then repaired: new positions', async () => {
    const f = fx.file('mod_b/monsters/hulks.json');
    const text = fs.readFileSync(f, 'utf8');
    const mi = fx.file('mod_b/modinfo.json');
    const mtext = fs.readFileSync(mi, 'utf8');
    await client.open(f, text);
    await client.waitForDiagnostics(f);
    await client.open(mi, mtext);
    const gone = client.waitForDiagnostics(f, (ds) => ds.length === 0);
    await client.change(mi, mtext.replace('"id": "mod_b",', '')); // typing: the mod has no id for a moment
    await gone;
    const shifted = `[\n\n\n${text.slice(1)}`;
    await client.change(f, shifted);
    const back = client.waitForDiagnostics(f, (ds) => ds.length > 0);
    await client.change(mi, mtext);
    const pub = await back;
    assert.deepEqual(pub.diagnostics.map((d) => covered(shifted, d.range)), ['"mon_b_later"']);
    await client.close(mi);
    await client.change(f, text);
    await client.close(f);
  });

  test('the same file opened under a second URI (…/mod_b/../mod_b/…) and closed: the first document keeps its text', async () => {
    const f = fx.file('mod_b/monsters/hulks.json');
    const alias = `${fx.ws}/mod_b/../mod_b/monsters/hulks.json`;
    assert.notEqual(uri(alias), uri(f));
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const broken = text.replace('"hp": 40', '"hp": "forty"');
    const v = await client.change(f, broken);
    await client.waitForDiagnostics(f, (ds, p) => p.version === v && ds.some((d) => d.code === 'invalid-value'));
    // The same buffer under the second URI, opened and closed: nothing changes.
    await client.open(alias, broken);
    await client.close(alias);
    await client.request('textDocument/documentSymbol', { textDocument: { uri: uri(f) } }); // a round trip
    const last = client.diagnostics.get(uri(f))!;
    assert.ok(last.diagnostics.some((d) => d.code === 'invalid-value'), `after closing the alias: ${JSON.stringify(last.diagnostics.map((d) => d.code))}`);
    // Another text under the second URI (the last change wins), then closed: the first document's text is back.
    await client.open(alias, text);
    await client.waitForDiagnostics(f, (ds) => !ds.some((d) => d.code === 'invalid-value'));
    const back = client.waitForDiagnostics(f, (ds) => ds.some((d) => d.code === 'invalid-value'));
    await client.close(alias);
    const pub = await back;
    assert.equal(pub.version, v, 'published with the first document\'s version');
    assert.deepEqual(pub.diagnostics.find((d) => d.code === 'invalid-value')!.range.start, positionOf(broken, '"forty"'));
    await client.change(f, text);
    await client.close(f);
  });

  test('typing in a big file (re-checked after a pause): workspace symbols and definitions in it are at their new places at once', async () => {
    const big = fx.file('mod_b/big.json');
    const text = fs.readFileSync(big, 'utf8');
    assert.ok(text.length > 1_000_000);
    await client.open(big, text);
    await client.edit(big, 1, 0, '\n\n\n'); // three lines above every definition; the server waits for a pause
    const [symbol] = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'mon_big_first' });
    const shifted = client.texts.get(big)!;
    assert.deepEqual((symbol.location as Location).range.start, positionOf(shifted, '"mon_big_first"'));
    await client.edit(big, 1, 0, '\n');
    const uses = fx.file('mod_b/uses_big.json');
    const [def] = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(uses) }, position: positionOf(fs.readFileSync(uses, 'utf8'), '"mon_big_first"', 2) });
    assert.deepEqual(def.range.start, positionOf(client.texts.get(big)!, '"mon_big_first"'));
    await client.change(big, text);
    await client.close(big);
  });
});
