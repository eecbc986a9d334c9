/**
 * textDocument/formatting and textDocument/rangeFormatting through real LSP messages: the game's style as one
 * edit over the span that changes, only for content files, nothing for text that is not JSON.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import type { InitializeResult, TextEdit } from 'vscode-languageserver-protocol/node';
import { InitializeRequest } from 'vscode-languageserver-protocol/node';
import { TestClient, applyEdits, positionAtOffset, positionOf, uri } from './client';
import { monster, writeFixture, type Fixture } from './fixture';
import { formatCdda } from '../../server/src/format/cddaFormat';

function formatted(text: string): string {
  const r = formatCdda(text);
  assert.ok(r.ok);
  return r.text;
}

const OPTIONS = { tabSize: 4, insertSpaces: false };

describe('formatting over LSP', () => {
  let fx: Fixture;
  let client: TestClient;
  let capabilities: InitializeResult['capabilities'];

  before(async () => {
    fx = writeFixture();
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    // Initialize by hand to read the capabilities.
    const result = await client.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid, rootUri: null, workspaceFolders: [{ uri: uri(fx.ws), name: 'ws' }], capabilities: {}, initializationOptions: { gamePath: fx.game },
    });
    capabilities = result.capabilities;
    await client.connection.sendNotification('initialized', {});
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test('the server declares both capabilities', () => {
    assert.equal(capabilities.documentFormattingProvider, true);
    assert.equal(capabilities.documentRangeFormattingProvider, true);
  });

  test('formatting a content file: one edit, from the first change to the last; the result is the game\'s style', async () => {
    // JSON.stringify's layout (every array element on its own line) is not the game's.
    const f = fx.file('mod_b/monsters/hulks.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri(f) }, options: OPTIONS });
    assert.equal(edits.length, 1);
    const out = applyEdits(text, edits);
    assert.equal(out, formatted(text));
    assert.notEqual(out, text);
    // The edit starts where the texts first differ: the first "species"-like array spread over lines.
    let same = 0;
    while (text[same] === out[same]) same++;
    assert.deepEqual(edits[0].range.start, positionAtOffset(text, same));
    // The tab size asked for does not apply: the game's style is two spaces.
    assert.match(out, /^ {4}"type": "MONSTER",$/m);
    // Formatted: no edit.
    await client.change(f, out);
    assert.deepEqual(await client.request('textDocument/formatting', { textDocument: { uri: uri(f) }, options: OPTIONS }), []);
    await client.change(f, text);
  });

  test('range formatting: the definitions the range touches, and nothing else', async () => {
    const f = fx.file('mod_a/monsters/two.json');
    const first = JSON.stringify(monster('mon_a_first', { flags: ['SEES', 'HEARS'] }));
    const second = JSON.stringify(monster('mon_a_second', { flags: ['SMELLS'] }));
    const text = `[\n  ${first},\n  ${second}\n]\n`;
    fs.writeFileSync(f, text);
    await client.open(f, text);
    const at = positionOf(text, '"mon_a_second"');
    const edits = await client.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri: uri(f) }, range: { start: at, end: at }, options: OPTIONS });
    assert.equal(edits.length, 1);
    const out = applyEdits(text, edits);
    assert.ok(out.startsWith(`[\n  ${first},\n  {\n    "type": "MONSTER",\n    "id": "mon_a_second",`), out);
    assert.match(out, /"flags": \[ "SMELLS" \]\n {2}\}\n\]\n$/);
    // The whole file: both definitions.
    const all = await client.request<TextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri: uri(f) }, range: { start: { line: 0, character: 0 }, end: { line: 4, character: 0 } }, options: OPTIONS,
    });
    assert.equal(applyEdits(text, all), formatted(text));
  });

  test('text that is not JSON gets no edit (null), and the server keeps serving', async () => {
    const f = fx.file('mod_a/monsters/shamblers.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    await client.change(f, text.replace('"hp": 40', '"hp": 40,,'));
    assert.equal(await client.request('textDocument/formatting', { textDocument: { uri: uri(f) }, options: OPTIONS }), null);
    assert.equal(await client.request('textDocument/rangeFormatting', { textDocument: { uri: uri(f) }, range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, options: OPTIONS }), null);
    await client.change(f, text);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri(f) }, options: OPTIONS });
    assert.equal(applyEdits(text, edits), formatted(text));
  });

  test('files that are not content (package.json) are not formatted', async () => {
    const f = fx.file('mod_b/package.json');
    await client.open(f);
    assert.equal(await client.request('textDocument/formatting', { textDocument: { uri: uri(f) }, options: OPTIONS }), null);
  });

  test('malformed params: InvalidParams (-32602)', async () => {
    const f = uri(fx.file('mod_b/monsters/hulks.json'));
    const bad: [string, unknown][] = [
      ['textDocument/formatting', { textDocument: { uri: f } }],
      ['textDocument/formatting', { textDocument: {}, options: OPTIONS }],
      ['textDocument/rangeFormatting', { textDocument: { uri: f }, options: OPTIONS }],
      ['textDocument/rangeFormatting', { textDocument: { uri: f }, range: { start: { line: 0, character: 0 } }, options: OPTIONS }],
    ];
    for (const [method, params] of bad) {
      await assert.rejects(client.request(method, params), (err: { code?: number; message: string }) => err.code === -32602 || assert.fail(`${method}: ${err.code} ${err.message}`));
    }
  });
});
