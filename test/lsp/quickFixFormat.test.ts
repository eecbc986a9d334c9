/**
 * "Add missing member" through real LSP messages, on files in the game's format: the fix is a plain text edit
 * (VS Code re-indents a snippet's lines, and the file was then no longer formatted), its text is what the game's
 * formatter writes there, and its value is the one the loaded monsters use most, not the set's first name.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient, applyEdits, uri } from './client';
import { monster } from './fixture';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { formatCdda, isCddaFormatted } from '../../server/src/format/cddaFormat';
import * as path from 'path';

/** A value as the game's formatter writes it. */
function formatted(v: unknown): string {
  const r = formatCdda(JSON.stringify(v));
  if (!r.ok) throw new Error(r.problem.message);
  return r.text;
}

const { bodytype: _, ...unfinished } = monster('mon_m_unfinished', { species: ['ZOMBIE'], upgrades: { half_life: 4, into: 'mon_zombie' } });

describe('language server: "add missing member" leaves a formatted file formatted', () => {
  let client: TestClient;
  let ws: string;
  const file = (rel: string): string => path.join(ws, rel);

  before(async () => {
    const game = writeTree(MINI_CORE);
    ws = writeTree({
      'm/modinfo.json': modinfo('m'),
      // The mod's monsters are birds: "bird" is the body type the loaded monsters use most (the game has a
      // "human" and a "quadruped").
      'm/birds.json': formatted(['crow', 'gull', 'owl'].map((b) => monster(`mon_m_${b}`, { bodytype: 'bird' }))),
      'm/unfinished.json': formatted([unfinished]),
      'm/alone.json': formatted({ ...unfinished, id: 'mon_m_alone' }),
      'm/later.json': formatted([{ ...unfinished, id: 'mon_m_later' }]),
      'm/bare.json': formatted([{ type: 'MONSTER', id: 'mon_m_bare' }]),
    });
    // VS Code's client used to announce that it inserts snippets; the server must answer with a plain edit anyway.
    client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game }, progress: false, experimental: { cddaInsertSnippet: true } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  async function addMissing(f: string): Promise<{ action: CodeAction; text: string; after: string }> {
    const text = fs.readFileSync(f, 'utf8');
    assert.ok(isCddaFormatted(text), 'the fixture is in the game\'s format');
    await client.open(f, text);
    const pub = await client.waitForDiagnostics(f, (ds) => ds.some((d) => d.code === 'missing-field'), 10_000, true);
    const d = pub.diagnostics.find((x: Diagnostic) => x.code === 'missing-field')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(f) }, range: d.range, context: { diagnostics: [d] } });
    const action = actions.find((a) => a.title.startsWith('Add missing member'));
    assert.ok(action, `an "add missing member" action among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.equal(action.command, undefined, 'a plain edit, no snippet command');
    const edits = action.edit?.changes?.[uri(f)];
    assert.ok(edits, 'the edit changes the file');
    return { action, text, after: applyEdits(text, edits) };
  }

  test('a definition in the top-level array: one member line at its indentation, the most used body type', async () => {
    const f = file('m/unfinished.json');
    const { action, text, after } = await addMissing(f);
    assert.equal(action.title, 'Add missing member "bodytype": "bird"');
    const edits = action.edit!.changes![uri(f)];
    assert.equal(edits.length, 1);
    assert.equal(edits[0].newText, ',\n    "bodytype": "bird"');
    assert.deepEqual(edits[0].range.start, edits[0].range.end, 'an insertion');
    assert.equal(after, text.replace('\n  }\n]\n', ',\n    "bodytype": "bird"\n  }\n]\n'));
    assert.ok(isCddaFormatted(after), `formatted after the fix:\n${after}`);
    const v = await client.change(f, after);
    const fixed = await client.waitForDiagnostics(f, (_ds, p) => p.version === v);
    assert.deepEqual(fixed.diagnostics.map((x) => x.code), [], 'nothing left to report');
  });

  test('a file that is one definition: the members at depth 1', async () => {
    const f = file('m/alone.json');
    const { action, after } = await addMissing(f);
    assert.equal(action.edit!.changes![uri(f)][0].newText, ',\n  "bodytype": "bird"');
    assert.ok(isCddaFormatted(after), `formatted after the fix:\n${after}`);
  });

  test('a definition with none of its mandatory members: each fix, applied in turn, leaves nothing to report (no "symbol": "", no "hp": 0)', async () => {
    const f = file('m/bare.json');
    const added: string[] = [];
    let { action, after } = await addMissing(f);
    for (let round = 0; round < 20; round++) {
      added.push(action.title.replace('Add missing member ', ''));
      const v = await client.change(f, after);
      const pub = await client.waitForDiagnostics(f, (_ds, p) => p.version === v);
      const d = pub.diagnostics.find((x: Diagnostic) => x.code === 'missing-field');
      if (!d) {
        assert.deepEqual(pub.diagnostics.map((x) => `${x.code} ${x.message}`), [], 'nothing left to report');
        break;
      }
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(f) }, range: d.range, context: { diagnostics: [d] } });
      action = actions.find((a) => a.title.startsWith('Add missing member'))!;
      after = applyEdits(after, action.edit!.changes![uri(f)]);
    }
    assert.deepEqual(added, [
      '"name": ""', '"description": ""', '"volume": "250 ml"', '"weight": "12 kg"', '"symbol": "?"', '"color": "white"',
      '"default_faction": "zombie"', '"bodytype": "bird"', '"speed": 0', '"hp": 1',
    ]);
  });

  test('after an edit of other monsters, the value they now use most (what was counted before is not kept)', async () => {
    const birds = file('m/birds.json');
    await client.open(birds, fs.readFileSync(birds, 'utf8'));
    const v = await client.change(birds, formatted(['crow', 'gull', 'owl'].map((b) => monster(`mon_m_${b}`, { bodytype: 'quadruped' }))));
    await client.waitForDiagnostics(birds, (_ds, p) => p.version === v);
    const { action } = await addMissing(file('m/later.json'));
    assert.equal(action.title, 'Add missing member "bodytype": "quadruped"');
  });
});
