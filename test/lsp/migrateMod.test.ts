/**
 * "Fix all" (a source.fixAll code action) and *CDDA: Migrate Mod* (cdda/migrateMod) through real LSP messages: the
 * certain repairs of a file, and of a whole mod as one workspace edit, the same as `cdda-lint migrate` makes them;
 * a guess is not among them; the kind is advertised; after the edit, nothing is left to migrate.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient, applyEdits, uri } from './client';
import { modinfo, writeTree } from '../helpers/workspace';
import { MIGRATING_CORE } from '../helpers/migratingCore';
import { MIGRATE_MOD_REQUEST, type MigrateModResult } from '../../shared/src/protocol';

const ITEMS = '[\n  {\n    "type": "TOOL",\n    "id": "my_hammer",\n    "copy-from": "hammer",\n    "weigth": "1 g"\n  }\n]\n';
const ITEMS_FIXED = '[\n  {\n    "type": "ITEM",\n    "id": "my_hammer",\n    "copy-from": "hammer",\n    "weigth": "1 g",\n    "subtypes": [ "TOOL" ]\n  }\n]\n';
const REQUIREMENTS = '[\n  {\n    "type": "requirement",\n    "id": "req_mine",\n    "components": [ [ [ "old_rag", 1 ] ] ]\n  }\n]\n';

describe('language server: Fix all and Migrate Mod', () => {
  let client: TestClient;
  let ws: string;
  const file = (rel: string): string => path.join(ws, rel);

  before(async () => {
    const game = writeTree(MIGRATING_CORE);
    ws = writeTree({ 'm/modinfo.json': modinfo('m'), 'm/items.json': ITEMS, 'm/requirements.json': REQUIREMENTS });
    client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game, gameVersion: 'current' }, progress: false });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test('the server advertises source.fixAll', () => {
    const provider = client.initializeResult?.capabilities.codeActionProvider;
    assert.ok(typeof provider === 'object' && provider.codeActionKinds?.includes('source.fixAll'), JSON.stringify(provider));
  });

  test('source.fixAll: the file\'s certain repairs as one action (not the guess); none among the quick fixes of a place', async () => {
    const f = file('m/items.json');
    await client.open(f, ITEMS);
    const pub = await client.waitForDiagnostics(f, (ds) => ds.some((d) => d.code === 'unknown-type'), 10_000, true);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(f) }, range, context: { diagnostics: [], only: ['source.fixAll'] } });
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [['Fix all certain CDDA problems (1)', 'source.fixAll']]);
    assert.equal(applyEdits(ITEMS, actions[0].edit!.changes![uri(f)]), ITEMS_FIXED);
    const quick = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(f) }, range: pub.diagnostics[0].range, context: { diagnostics: pub.diagnostics as Diagnostic[] } });
    assert.ok(quick.every((a) => a.kind === 'quickfix'), JSON.stringify(quick.map((a) => a.kind)));
  });

  test('cdda/migrateMod: every file of the mod in one workspace edit; applied, a second request finds nothing', async () => {
    const result = await client.request<MigrateModResult>(MIGRATE_MOD_REQUEST, { textDocument: { uri: uri(file('m/items.json')) } });
    assert.equal(result.repairs, 2);
    assert.equal(result.files, 2);
    assert.deepEqual(Object.keys(result.edit.changes).sort(), [uri(file('m/items.json')), uri(file('m/requirements.json'))].sort());
    const fixedRequirements = applyEdits(REQUIREMENTS, result.edit.changes[uri(file('m/requirements.json'))]);
    assert.equal(fixedRequirements, REQUIREMENTS.replace('"old_rag"', '"rag"'));
    // The editor applies the edit (here: the files change on disk as a saved edit would leave them).
    await client.change(file('m/items.json'), applyEdits(ITEMS, result.edit.changes[uri(file('m/items.json'))]));
    fs.writeFileSync(file('m/requirements.json'), fixedRequirements);
    await client.open(file('m/requirements.json'), fixedRequirements);
    const again = await client.request<MigrateModResult>(MIGRATE_MOD_REQUEST, { textDocument: { uri: uri(file('m/requirements.json')) } });
    assert.deepEqual({ ...again, edit: Object.keys(again.edit.changes) }, { edit: [], repairs: 0, files: 0, deferred: 0, removed: [] });
  });
});
