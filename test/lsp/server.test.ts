/**
 * The language server through real LSP messages: a child process on stdio, a fixture workspace of two mods
 * over a small stand-in game folder.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { spawnSync } from 'child_process';
import * as path from 'path';
import * as jsonc from 'jsonc-parser';
import type {
  CodeAction, CompletionList, Diagnostic, DocumentSymbol, Hover, Location, MarkupContent, TextEdit, WorkspaceEdit, WorkspaceSymbol,
} from 'vscode-languageserver-protocol/node';
import { DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver-protocol/node';
import { spawn } from 'child_process';
import { SERVER_BIN, TestClient, applyEdits, positionOf, uri, withTimeout } from './client';
import { monster, pretty, writeFixture, type Fixture } from './fixture';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { URI } from 'vscode-uri';

const codes = (ds: readonly Diagnostic[]): string[] => ds.map((d) => String(d.code)).sort();
const msg = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

describe('language server over stdio (fixture mods)', () => {
  let fx: Fixture;
  let client: TestClient;
  const hulks = (): string => fx.file('mod_b/monsters/hulks.json');

  before(async () => {
    fx = writeFixture();
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test('indexing reports work-done progress and cdda/status, then diagnostics of reported files', async () => {
    const kinds = client.progress.map((p) => p.value.kind);
    assert.equal(kinds[0], 'begin');
    assert.ok(client.progress.some((p) => p.value.kind === 'report' && /\d+ of \d+ files/.test(p.value.message ?? '')), JSON.stringify(client.progress));
    assert.ok(client.statuses.some((s) => s.state === 'indexing'));
    const ready = client.statuses.find((s) => s.state === 'ready')!;
    assert.equal(ready.errors, 1);
    assert.equal(ready.gameVersion, '0.F (Frank), detected from the game folder', 'the status names the game version checked');
    const hulk = await client.waitForDiagnostics(hulks(), () => true, 5000, true);
    assert.deepEqual(codes(hulk.diagnostics), ['unknown-id']);
    // The source, which the editor shows after the message, says what the verdict rests on; `data` carries it too.
    assert.equal(hulk.diagnostics[0].source, 'cdda: the definition format spec');
    assert.equal((hulk.diagnostics[0].data as { basis?: string }).basis, 'spec');
    assert.match(msg(hulk.diagnostics[0]), /mon_b_later/);
  });

  test('never publishes for JSON files that are not content (package.json, .vscode/settings.json)', async () => {
    const pkg = fx.file('mod_b/package.json');
    await client.open(pkg);
    await client.open(fx.file('package.json'));
    await client.open(fx.file('.vscode/settings.json'));
    await client.change(pkg, '{ "name": "tooling", "private": tru');
    // A round trip through the server so that anything it would publish has arrived.
    await client.request('textDocument/documentSymbol', { textDocument: { uri: uri(pkg) } });
    const published = client.published.map((p) => p.uri);
    for (const f of ['mod_b/package.json', 'package.json', '.vscode/settings.json']) assert.ok(!published.includes(uri(fx.file(f))), `published for ${f}`);
  });

  test('didChange: an error appears with the document version, and disappears when fixed', async () => {
    const f = hulks();
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const broken = text.replace('"hp": 40', '"hp": "forty"');
    const version = await client.change(f, broken);
    const withError = await client.waitForDiagnostics(f, (ds) => ds.some((d) => d.code === 'invalid-value'));
    assert.equal(withError.version, version);
    const d = withError.diagnostics.find((x) => x.code === 'invalid-value')!;
    assert.deepEqual(d.range.start, positionOf(broken, '"forty"'));
    await client.change(f, text);
    const fixed = await client.waitForDiagnostics(f, (ds) => !ds.some((x) => x.code === 'invalid-value'));
    assert.deepEqual(codes(fixed.diagnostics), ['unknown-id']);
  });

  test('a change in one file republishes another whose unknown id it now defines', async () => {
    const later = fx.file('mod_b/monsters/later.json');
    await client.open(later);
    const republished = client.waitForDiagnostics(hulks(), (ds) => ds.length === 0);
    await client.change(later, pretty([monster('mon_b_later')]));
    await republished;
    const back = client.waitForDiagnostics(hulks(), (ds) => codes(ds).includes('unknown-id'));
    await client.change(later, pretty([]));
    await back;
  });

  test('files created, changed and deleted on disk (didChangeWatchedFiles) update the index', async () => {
    const onDisk = fx.file('mod_b/monsters/from_disk.json');
    const watched = (type: FileChangeType) => client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(onDisk), type }] });
    let next = client.waitForDiagnostics(hulks(), (ds) => ds.length === 0);
    fs.writeFileSync(onDisk, pretty([monster('mon_b_later')]));
    await watched(FileChangeType.Created);
    await next;
    next = client.waitForDiagnostics(hulks(), (ds) => codes(ds).includes('unknown-id'));
    fs.writeFileSync(onDisk, pretty([monster('mon_b_sooner')]));
    await watched(FileChangeType.Changed);
    await next;
    next = client.waitForDiagnostics(hulks(), (ds) => ds.length === 0);
    fs.writeFileSync(onDisk, pretty([monster('mon_b_later')]));
    await watched(FileChangeType.Changed);
    await next;
    next = client.waitForDiagnostics(hulks(), (ds) => codes(ds).includes('unknown-id'));
    fs.rmSync(onDisk);
    await watched(FileChangeType.Deleted);
    await next;
  });

  test('a FIFO named .json announced as created does not block the server; a folder deleted is one batch', async () => {
    const fifo = fx.file('mod_b/monsters/pipe.json');
    spawnSync('mkfifo', [fifo]);
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(fifo), type: FileChangeType.Created }] });
    // Answered at all: the server is not stuck reading the pipe.
    const symbols = await client.request<unknown[]>('workspace/symbol', { query: 'mon_b_hulk' });
    assert.ok(symbols.length > 0);
    fs.rmSync(fifo);
    // A folder of three files, then the folder deleted with one event.
    const dir = fx.file('mod_b/extra');
    fs.mkdirSync(dir);
    for (const n of [1, 2, 3]) fs.writeFileSync(path.join(dir, `m${n}.json`), pretty([monster(`mon_extra_${n}`)]));
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(dir), type: FileChangeType.Created }] });
    const found = await client.request<unknown[]>('workspace/symbol', { query: 'mon_extra_' });
    assert.equal(found.length, 3);
    fs.rmSync(dir, { recursive: true });
    await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(dir), type: FileChangeType.Deleted }] });
    assert.equal((await client.request<unknown[]>('workspace/symbol', { query: 'mon_extra_' })).length, 0);
  });

  test('completion: monster ids in upgrades.into (workspace and core), with kind, mod and display name', async () => {
    const f = hulks();
    const text = fs.readFileSync(f, 'utf8');
    const edited = text.replace('"into": "mon_a_shambler"', '"into": "mon_"');
    await client.change(f, edited);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(f) }, position: positionOf(edited, '"into": "mon_"', '"into": "mon_'.length) });
    const labels = list.items.map((i) => i.label);
    for (const id of ['mon_a_shambler', 'mon_zombie', 'mon_dog', 'mon_b_hulk']) assert.ok(labels.includes(id), `${id} in ${labels.join(', ')}`);
    assert.ok(!labels.includes('mon_base_template'), 'abstract ids are not offered as upgrade targets');
    const zombie = list.items.find((i) => i.label === 'mon_zombie')!;
    assert.equal(zombie.detail, 'MONSTER · dda');
    assert.equal(zombie.labelDetails?.description, 'zombie');
    assert.equal((zombie.textEdit as TextEdit).newText, 'mon_zombie');
    assert.deepEqual((zombie.textEdit as TextEdit).range.start, positionOf(edited, '"into": "mon_"', '"into": "'.length));
    await client.change(f, text);
  });

  test('completion: item ids in recipe components, member names with snippets, enum values', async () => {
    const f = fx.file('mod_b/recipes/charms.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(f) }, position: positionOf(text, '"rag"', 1) });
    const labels = list.items.map((i) => i.label);
    for (const id of ['rag', 'jeans', 'hammer', 'sheet_cotton', 'tshirt']) assert.ok(labels.includes(id), `${id} in ${labels.join(', ')}`);
    assert.ok(!labels.includes('mon_zombie'));

    // Member names: a new key in the monster, the missing members offered with a snippet.
    const h = hulks();
    const htext = fs.readFileSync(h, 'utf8');
    const withKey = htext.replace('"hp": 40,', '"hp": 40,\n    "",');
    await client.change(h, withKey);
    const members = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(h) }, position: positionOf(withKey, '    "",', 5) });
    const names = members.items.map((i) => i.label);
    assert.ok(names.includes('melee_skill') && names.includes('aggression'), names.join(', '));
    assert.ok(!names.includes('hp'), 'members already present are not offered');
    const phase = members.items.find((i) => i.label === 'phase')!;
    assert.equal(phase.insertTextFormat, 2);
    assert.match((phase.textEdit as TextEdit).newText, /^"phase": "\$\{1\|SOLID,LIQUID,GAS,PLASMA,NULL\|\}"$/);
    assert.match(typeof phase.documentation === 'object' ? phase.documentation.value : String(phase.documentation), /No gameplay effect/i);

    // Enum values: bodytype.
    const withBody = htext.replace('"bodytype": "human"', '"bodytype": "qu"');
    await client.change(h, withBody);
    const values = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(h) }, position: positionOf(withBody, '"bodytype": "qu"', '"bodytype": "qu'.length) });
    assert.deepEqual(values.items.map((i) => i.label), ['quadruped']);
    await client.change(h, htext);
  });

  test('definition: across mods, into the game data, and from a definition to its other definitions', async () => {
    const f = hulks();
    const text = fs.readFileSync(f, 'utf8');
    const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_a_shambler"', 3) });
    assert.equal(locs.length, 1);
    assert.equal(locs[0].uri, uri(fx.file('mod_a/monsters/shamblers.json')));
    const target = fs.readFileSync(fx.file('mod_a/monsters/shamblers.json'), 'utf8');
    assert.deepEqual(locs[0].range.start, positionOf(target, '"mon_a_shambler"'));

    const core = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_zombie"', 3) });
    assert.equal(core.length, 1);
    assert.equal(core[0].uri, uri(`${fx.game}/json/monsters.json`));

    // A recipe's components and tools; a profession's [item, snippet] pair.
    const rf = fx.file('mod_b/recipes/charms.json');
    const rtext = fs.readFileSync(rf, 'utf8');
    const hammer = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(rf) }, position: positionOf(rtext, '"hammer"', 2) });
    assert.equal(hammer[0].uri, uri(`${fx.game}/json/items.json`));
    const pf = fx.file('mod_b/professions.json');
    const ptext = fs.readFileSync(pf, 'utf8');
    const tshirt = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(pf) }, position: positionOf(ptext, '"tshirt"', 2) });
    assert.equal(tshirt[0].uri, uri(`${fx.game}/json/items.json`));
  });

  test('references of an id, typed by kind; rename across files; refusal for game data', async () => {
    const shamblers = fx.file('mod_a/monsters/shamblers.json');
    const stext = fs.readFileSync(shamblers, 'utf8');
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: uri(shamblers) }, position: positionOf(stext, '"mon_a_shambler"', 2), context: { includeDeclaration: true } });
    assert.deepEqual(refs.map((r) => r.uri).sort(), [uri(hulks()), uri(shamblers)].sort());

    const prep = await client.request<{ range: unknown; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri(shamblers) }, position: positionOf(stext, '"mon_a_shambler"', 2) });
    assert.equal(prep.placeholder, 'mon_a_shambler');
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri(shamblers) }, position: positionOf(stext, '"mon_a_shambler"', 2), newName: 'mon_a_walker' });
    const changes = edit.changes!;
    assert.deepEqual(Object.keys(changes).sort(), [uri(hulks()), uri(shamblers)].sort());
    assert.match(applyEdits(fs.readFileSync(hulks(), 'utf8'), changes[uri(hulks())]), /"into": "mon_a_walker"/);
    assert.match(applyEdits(stext, changes[uri(shamblers)]), /"id": "mon_a_walker"/);

    const htext = fs.readFileSync(hulks(), 'utf8');
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri: uri(hulks()) }, position: positionOf(htext, '"mon_zombie"', 2), newName: 'mon_x' }),
      (err: Error) => /read-only/.test(err.message) && /mon_zombie/.test(err.message),
    );
    await assert.rejects(client.request('textDocument/prepareRename', { textDocument: { uri: uri(hulks()) }, position: positionOf(htext, '"mon_zombie"', 2) }), /read-only/);
  });

  test('hover: a member name shows its spec; an id shows the target, its key fields and copy-from chain', async () => {
    const f = hulks();
    const text = fs.readFileSync(f, 'utf8');
    const member = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(f) }, position: positionOf(text, '"speed"', 2) });
    assert.match((member.contents as MarkupContent).value, /\*\*speed\*\*: `integer` — required/);
    assert.match((member.contents as MarkupContent).value, /normal human speed/);
    const id = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_zombie"', 2) });
    const md = (id.contents as MarkupContent).value;
    assert.match(md, /\*\*zombie\*\* — monster `mon_zombie`/);
    assert.match(md, /mod `dda`/);
    assert.match(md, /\| hp \| `80` \|/);
    const own = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_b_hulk"', 2) });
    assert.match((own.contents as MarkupContent).value, /copy-from: `mon_b_hulk` ← `mon_zombie`/);
  });

  test('hover and definition on an id\'s opening quote answer as inside the id (a member name\'s too)', async () => {
    const f = hulks();
    const text = fs.readFileSync(f, 'utf8');
    const at = (needle: string, delta: number) => ({ textDocument: { uri: uri(f) }, position: positionOf(text, needle, delta) });
    for (const needle of ['"mon_zombie"', '"mon_a_shambler"', '"speed"']) {
      const inside = await client.request<Hover>('textDocument/hover', at(needle, 2));
      const onQuote = await client.request<Hover | null>('textDocument/hover', at(needle, 0));
      assert.deepEqual(onQuote, inside, needle);
    }
    const inside = await client.request<Location[]>('textDocument/definition', at('"mon_a_shambler"', 2));
    assert.equal(inside.length, 1);
    assert.deepEqual(await client.request<Location[] | null>('textDocument/definition', at('"mon_a_shambler"', 0)), inside);
  });

  test('document symbols and workspace symbols', async () => {
    const f = hulks();
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri(f) } });
    assert.deepEqual(symbols.map((s) => s.name), ['mon_b_hulk', 'mon_b_pending']);
    assert.match(symbols[0].detail!, /^MONSTER · b hulk$/);
    const ws = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'shambler' });
    assert.deepEqual(ws.map((s) => s.name), ['mon_a_shambler']);
    assert.equal((ws[0].location as Location).uri, uri(fx.file('mod_a/monsters/shamblers.json')));
    assert.ok((ws[0].location as Location).range, 'a location with its range (the client does not resolve)');
  });

  test('code actions: unit fix, misspelt member, missing mandatory members', async () => {
    const f = fx.file('mod_a/monsters/shamblers.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const broken = text.replace('"volume": "62500 ml"', '"volume": "62 l"').replace('"speed": 90', '"sped": 90').replace('    "hp": 40,\n', '');
    const v = await client.change(f, broken);
    const pub = await client.waitForDiagnostics(f, (ds, p) => p.version === v && ds.length >= 3);
    const byCode = (code: string): Diagnostic => pub.diagnostics.find((d) => d.code === code)!;
    assert.deepEqual(codes(pub.diagnostics), ['bad-unit', 'missing-field', 'missing-field', 'unknown-field']);
    let fixed = broken;
    for (const d of [byCode('bad-unit'), byCode('unknown-field'), ...pub.diagnostics.filter((x) => x.code === 'missing-field')]) {
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(f) }, range: d.range, context: { diagnostics: [d] } });
      assert.ok(actions.length >= 1, `an action for ${d.code}: ${msg(d)}`);
      assert.equal(actions[0].kind, 'quickfix');
      if (d.code !== 'missing-field' || msg(d).includes('"hp"')) fixed = applyEdits(fixed, actions[0].edit!.changes![uri(f)]);
    }
    // The fixes together: valid JSON with the corrected members, the added one indented like its siblings.
    const value = jsonc.parse(fixed) as Record<string, unknown>[];
    assert.equal(value[0].volume, '62 L');
    assert.equal(value[0].speed, 90);
    assert.equal(value[0].hp, 0);
    assert.match(fixed, /\n {4}"hp": 0\n/);
    const v2 = await client.change(f, fixed);
    const after = await client.waitForDiagnostics(f, (_, p) => p.version === v2);
    assert.deepEqual(codes(after.diagnostics), []);
    await client.change(f, text);
  });

  test('settings: a new severity table republishes without restart', async () => {
    const f = hulks();
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { cdda: { gamePath: fx.game, severity: { 'unknown-id': 'warning' } } } });
    const warned = await client.waitForDiagnostics(f, (ds) => ds.length === 1 && ds[0].severity === 2);
    assert.equal(warned.diagnostics[0].code, 'unknown-id');
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { cdda: { gamePath: fx.game, severity: { 'unknown-id': 'off' } } } });
    await client.waitForDiagnostics(f, (ds) => ds.length === 0);
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { cdda: { gamePath: fx.game, severity: {} } } });
    await client.waitForDiagnostics(f, (ds) => ds.length === 1 && ds[0].severity === 1);
  });

  test('cdda-lint.config.json in the workspace: its severity applies (the editor setting wins), a change rebuilds', async () => {
    const f = hulks();
    const config = path.join(fx.ws, 'cdda-lint.config.json');
    const announce = () => client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uri(config), type: FileChangeType.Changed }] });
    fs.writeFileSync(config, JSON.stringify({ severity: { 'unknown-id': 'information' } }));
    await announce();
    await client.waitForDiagnostics(f, (ds) => ds.length === 1 && ds[0].severity === 3);
    fs.rmSync(config);
    await announce();
    await client.waitForDiagnostics(f, (ds) => ds.length === 1 && ds[0].severity === 1);
  });

  test('cdda.reindex rebuilds and reports ready again; bad positions and unknown documents get empty answers', async () => {
    const since = client.statuses.length;
    await client.request('workspace/executeCommand', { command: 'cdda.reindex', arguments: [] });
    const ready = await client.waitForReady(10_000, since);
    assert.equal(ready.errors, 1);
    const nowhere = await client.request('textDocument/definition', { textDocument: { uri: uri(fx.file('mod_b/nope.json')) }, position: { line: 99, character: 0 } });
    assert.equal(nowhere, null);
    const far = await client.request<Location[] | null>('textDocument/hover', { textDocument: { uri: uri(hulks()) }, position: { line: 10_000, character: 500 } });
    assert.equal(far, null);
    await assert.rejects(client.request('workspace/executeCommand', { command: 'cdda.nope' }), /Unknown command/);
  });
});

describe('language server: after indexing, the open documents are published first', () => {
  test('a file open from the start gets its diagnostics before the files before it in path order', async () => {
    const files: Record<string, unknown> = { 'm/modinfo.json': modinfo('m') };
    // Each file names an unknown monster: every one is published with a diagnostic.
    for (let i = 0; i < 40; i++) files[`m/a${String(i).padStart(2, '0')}.json`] = pretty([monster(`mon_a${i}`, { upgrades: { half_life: 4, into: 'mon_nowhere' } })]);
    files['m/z_open.json'] = pretty([monster('mon_z', { upgrades: { half_life: 4, into: 'mon_nowhere' } })]);
    const game = writeTree(MINI_CORE);
    const ws = writeTree(files);
    const opened = path.join(ws, 'm/z_open.json');
    const client = new TestClient({ roots: [ws], initializationOptions: { gamePath: game } });
    try {
      await client.initialize();
      await client.open(opened);
      await client.waitForReady();
      const order = client.published.filter((p) => p.diagnostics.length > 0).map((p) => path.basename(URI.parse(p.uri).fsPath));
      assert.equal(order.length, 41, `every file published once: ${order.join(', ')}`);
      assert.equal(order[0], 'z_open.json', 'the open document first');
      assert.deepEqual(order.slice(1), [...order.slice(1)].sort(), 'then the others in path order');
    } finally {
      await client.stop();
    }
  });
});

describe('language server: settings pulled with workspace/configuration', () => {
  test('gamePath from workspace/configuration; changing it rebuilds the project', async () => {
    const fx = writeFixture();
    let gamePath = '/nonexistent/cdda';
    const client = new TestClient({ roots: [fx.ws], configuration: () => ({ gamePath, severity: {} }), progress: false });
    try {
      await client.initialize();
      await client.waitForReady();
      // Without the game data (no core mod), ids are not judged: mod_b has nothing to report.
      assert.equal(client.diagnostics.get(uri(fx.file('mod_b/monsters/hulks.json')))?.diagnostics.length ?? 0, 0);
      gamePath = fx.game;
      const since = client.statuses.length;
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await client.waitForReady(10_000, since);
      const now = await client.waitForDiagnostics(fx.file('mod_b/monsters/hulks.json'), (ds) => ds.length > 0, 5000, true);
      assert.deepEqual(codes(now.diagnostics), ['unknown-id']);
      assert.match(msg(now.diagnostics[0]), /mon_b_later/);
    } finally {
      await client.stop();
    }
  });
});

describe('language server: hostile input', () => {
  let fx: Fixture;
  let client: TestClient;
  const bom = (): string => fx.file('mod_h/bom.json');
  /** bom.json as an editor shows it: without its byte order mark. */
  const bomText = pretty([monster('mon_h_bom', { hp: 'x' })]);
  const deepClosed = `[ ${JSON.stringify(monster('mon_h_deep')).slice(0, -1)}, "special_when_hit": ${'['.repeat(7000)}${']'.repeat(7000)} } ]`;

  before(async () => {
    fx = writeFixture();
    const write = (rel: string, text: string): void => { fs.mkdirSync(path.dirname(fx.file(rel)), { recursive: true }); fs.writeFileSync(fx.file(rel), text); };
    write('mod_h/modinfo.json', `\uFEFF${pretty(modinfo('mod_h'))}`);
    write('mod_h/bom.json', `\uFEFF${bomText}`);
    write('mod_h/uses.json', pretty([monster('mon_h_user', { upgrades: { half_life: 4, into: 'mon_h_bom' } })]));
    write('mod_h/deep_open.json', `[${'['.repeat(7000)}`);
    write('mod_h/deep_closed.json', deepClosed);
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test('a byte order mark: no syntax error; positions in closed and open files as the editor counts them', async () => {
    const closed = await client.waitForDiagnostics(bom(), () => true, 5000, true);
    assert.deepEqual(codes(closed.diagnostics), ['invalid-value']);
    assert.deepEqual(closed.diagnostics[0].range.start, positionOf(bomText, '"x"'));
    const uses = fx.file('mod_h/uses.json');
    const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: uri(uses) }, position: positionOf(fs.readFileSync(uses, 'utf8'), '"mon_h_bom"', 2) });
    assert.deepEqual(locs.map((l) => l.range.start), [positionOf(bomText, '"mon_h_bom"')]);
    await client.open(bom(), bomText);
    const open = await client.waitForDiagnostics(bom(), () => true);
    assert.deepEqual(open.diagnostics.map((d) => [d.code, d.range.start]), [['invalid-value', positionOf(bomText, '"x"')]]);
    await client.close(bom());
  });

  test('thousands of nested brackets: the workspace is indexed; the file gets a diagnostic, symbols and hover', async () => {
    const nesting = (ds: Diagnostic[]): boolean => ds.some((d) => d.code === 'json-syntax' && /^Nesting deeper than 100 levels/.test(msg(d)));
    const open = await client.waitForDiagnostics(fx.file('mod_h/deep_open.json'), () => true, 5000, true);
    assert.ok(nesting(open.diagnostics), JSON.stringify(open.diagnostics));
    const hulk = await client.waitForDiagnostics(fx.file('mod_b/monsters/hulks.json'), () => true, 5000, true);
    assert.deepEqual(codes(hulk.diagnostics), ['unknown-id'], 'other files are indexed and checked');
    const f = fx.file('mod_h/deep_closed.json');
    const closed = await client.waitForDiagnostics(f, () => true, 5000, true);
    assert.ok(nesting(closed.diagnostics), JSON.stringify(closed.diagnostics));
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri(f) } });
    assert.deepEqual(symbols.map((s) => s.name), ['mon_h_deep']);
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(f) }, position: positionOf(deepClosed, '"mon_h_deep"', 2) });
    assert.match((hover.contents as MarkupContent).value, /monster `mon_h_deep`/);
  });

  test('after an unterminated string, completion edits and hover ranges contain the cursor', async () => {
    const f = fx.file('mod_h/uses.json');
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const broken = text.replace('"into": "mon_h_bom"', '"into": "mon_h\n        ').replace('"hp": 40,', '"hp": 40,\n    "spe\n    ');
    await client.change(f, broken);
    const lines = broken.split('\n');
    const contains = (r: { start: { line: number; character: number }; end: { line: number; character: number } }, p: { line: number; character: number }): boolean => {
      const before = (a: typeof p, b: typeof p): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
      return before(r.start, p) && before(p, r.end);
    };
    let checked = 0;
    try {
      for (let line = 0; line < lines.length; line++) {
        // Every position of the lines ending in an unterminated string, and of the lines after them.
        if (!/"mon_h$|"spe$/.test(lines[line]) && !/"mon_h$|"spe$/.test(lines[line - 1] ?? '')) continue;
        for (let character = 0; character <= lines[line].length; character++) {
          const position = { line, character };
          const list = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri: uri(f) }, position });
          for (const item of list?.items ?? []) assert.ok(contains((item.textEdit as TextEdit).range, position), `completion ${item.label} at ${line}:${character}: ${JSON.stringify((item.textEdit as TextEdit).range)}`);
          const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: uri(f) }, position });
          if (hover?.range) assert.ok(contains(hover.range, position), `hover at ${line}:${character}: ${JSON.stringify(hover.range)}`);
          checked++;
        }
      }
    } finally {
      await client.change(f, text);
      await client.close(f);
    }
    assert.ok(checked > 20, `${checked} positions`);
  });

  test('prepareRename on a member name refuses (null); on the id it names, it offers the id', async () => {
    const f = fx.file('mod_h/uses.json');
    const text = fs.readFileSync(f, 'utf8');
    const onMember = await client.request('textDocument/prepareRename', { textDocument: { uri: uri(f) }, position: positionOf(text, '"into"', 2) });
    assert.equal(onMember, null);
    const onId = await client.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri(f) }, position: positionOf(text, '"mon_h_bom"', 2) });
    assert.equal(onId.placeholder, 'mon_h_bom');
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(f) }, position: positionOf(text, '"into"', 2) });
    assert.match((hover.contents as MarkupContent).value, /^\*\*into\*\*/, 'a member name shows the member, not the id its value names');
  });

  test('requests with missing or malformed params: InvalidParams (-32602), the server keeps serving', async () => {
    const f = uri(fx.file('mod_h/uses.json'));
    const bad: [string, unknown][] = [
      ['textDocument/hover', undefined], ['textDocument/hover', {}], ['textDocument/hover', { textDocument: { uri: f } }],
      ['textDocument/completion', { textDocument: {}, position: { line: 0, character: 0 } }], ['textDocument/definition', { textDocument: { uri: f }, position: { line: -1, character: 0 } }],
      ['textDocument/references', { textDocument: { uri: 3 }, position: { line: 0, character: 0 } }], ['textDocument/prepareRename', null],
      ['textDocument/rename', { textDocument: { uri: f }, position: { line: 0, character: 0 } }], ['textDocument/documentSymbol', {}],
      ['textDocument/codeAction', { textDocument: { uri: f } }], ['textDocument/codeAction', { textDocument: { uri: f }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: {} }],
      ['workspace/symbol', {}], ['workspace/executeCommand', {}], ['completionItem/resolve', 'x'], ['workspaceSymbol/resolve', 5],
    ];
    for (const [method, params] of bad) {
      await assert.rejects(
        params === undefined ? client.connection.sendRequest(method) : client.request(method, params),
        (err: { code?: number; message: string }) => err.code === -32602 || assert.fail(`${method} ${JSON.stringify(params)}: ${err.code} ${err.message}`),
      );
    }
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: f } });
    assert.deepEqual(symbols.map((x) => x.name), ['mon_h_user']);
  });
});

describe('language server: shutdown and a lost client', () => {
  test('a request before initialize is refused with ServerNotInitialized (-32002), then served once initialized', async () => {
    const fx = writeFixture();
    const client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    try {
      const f = uri(fx.file('mod_b/monsters/hulks.json'));
      for (const [method, params] of [['textDocument/hover', { textDocument: { uri: f }, position: { line: 3, character: 12 } }], ['workspace/symbol', { query: 'mon' }], ['shutdown', undefined]] as const) {
        await assert.rejects(client.connection.sendRequest(method, params), (err: { code?: number; message: string }) => err.code === -32002 || assert.fail(`${method}: ${err.code} ${err.message}`));
      }
      await client.initialize();
      await client.waitForReady();
      assert.ok((await client.request<unknown[]>('workspace/symbol', { query: 'mon_b_hulk' })).length > 0);
    } finally {
      await client.stop();
    }
  });

  test('after shutdown, requests are refused with InvalidRequest (-32600); exit then ends the process with 0', async () => {
    const fx = writeFixture();
    const client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    try {
      await client.initialize();
      await client.waitForReady();
      await client.request('shutdown', undefined);
      const f = uri(fx.file('mod_b/monsters/hulks.json'));
      for (const [method, params] of [['textDocument/documentSymbol', { textDocument: { uri: f } }], ['workspace/symbol', { query: '' }], ['shutdown', undefined]] as const) {
        await assert.rejects(client.connection.sendRequest(method, params), (err: { code?: number }) => err.code === -32600);
      }
      const exited = new Promise<number | null>((resolve) => client.proc.on('exit', (code) => resolve(code)));
      await client.connection.sendNotification('exit');
      assert.equal(await withTimeout(exited, 5000, 'exit'), 0);
    } finally {
      await client.stop();
    }
  });

  test('the client closing the server\'s output: the server exits cleanly (code 0, no uncaught exception)', async () => {
    const proc = spawn(process.execPath, [SERVER_BIN, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (b: Buffer) => { stderr += b.toString(); });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const send = (m: object): void => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...m });
      proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    const fx = writeFixture();
    send({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, workspaceFolders: [{ uri: uri(fx.ws), name: 'ws' }], capabilities: {}, initializationOptions: { gamePath: fx.game } } });
    await new Promise<void>((resolve) => proc.stdout.once('data', () => resolve()));
    proc.stdout.destroy();
    send({ method: 'initialized', params: {} });
    send({ id: 2, method: 'workspace/symbol', params: { query: 'mon' } });
    const code = await withTimeout(exited, 10_000, 'the server to exit');
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /Uncaught|Error:/, stderr);
  });
});
