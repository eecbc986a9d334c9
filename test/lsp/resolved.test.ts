/**
 * The resolved definition document (cdda/resolvedDefinition) and the copy-from type hierarchy, through real LSP
 * messages to the server on stdio, over the fixture mods plus a copy-from chain.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as jsonc from 'jsonc-parser';
import type { TypeHierarchyItem } from 'vscode-languageserver-protocol/node';
import { RESOLVED_DEFINITION_REQUEST, type ResolvedDefinitionResult } from '../../shared/src/protocol';
import { TestClient, positionOf, uri } from './client';
import { monster, pretty, writeFixture, type Fixture } from './fixture';

describe('resolved definitions and the type hierarchy over stdio', () => {
  let fx: Fixture;
  let client: TestClient;
  const chain = (): string => fx.file('mod_b/monsters/chain.json');

  before(async () => {
    fx = writeFixture();
    fs.writeFileSync(chain(), pretty([
      { type: 'MONSTER', id: 'mon_b_brute', 'copy-from': 'mon_b_hulk', name: { str: 'brute' }, relative: { hp: 20 }, proportional: { speed: 0.5 }, extend: { species: ['MAMMAL'] } },
      { type: 'MONSTER', id: 'mon_b_runt', 'copy-from': 'mon_b_brute', proportional: { hp: 0.7 } },
      { type: 'MONSTER', id: 'mon_dog', 'copy-from': 'mon_dog', 'edit-mode': 'override', relative: { hp: 5 } },
    ]));
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  const at = (file: string, needle: string, n = 1) => ({ textDocument: { uri: uri(file) }, position: positionOf(fs.readFileSync(file, 'utf8'), needle, 2, n) });

  test('at a definition: its resolved value as JSON with comments saying where each value came from', async () => {
    const r = await client.request<ResolvedDefinitionResult>(RESOLVED_DEFINITION_REQUEST, at(chain(), '"mon_b_brute"'));
    assert.equal(r.kind, 'MONSTER');
    assert.equal(r.id, 'mon_b_brute');
    assert.equal(r.mod, 'mod_b');
    assert.equal(r.title, 'monster mon_b_brute');
    assert.equal(r.language, 'jsonc');
    const errors: jsonc.ParseError[] = [];
    const value = jsonc.parse(r.text, errors, { allowTrailingComma: false }) as Record<string, unknown>;
    assert.deepEqual(errors, [], 'valid JSON with comments');
    assert.equal(value.id, 'mon_b_brute');
    assert.equal(value.hp, 60, 'the hulk\'s 40 + 20');
    assert.equal(value.speed, 45);
    assert.deepEqual(value.species, ['ZOMBIE', 'MAMMAL']);
    assert.equal(value.looks_like, 'mon_zombie', 'a monster keeps the looks_like its parent got from its own parent');
    assert.ok(!('relative' in value) && !('copy-from' in value));
    assert.match(r.text, /^\/\/ monster mon_b_brute: the definition as the game holds it/);
    assert.match(r.text, /\/\/ {3}copy-from mon_b_hulk — mod_b: mod_b\/monsters\/hulks\.json\n\/\/ {3}copy-from mon_zombie — dda: json\/monsters\.json/);
    assert.match(r.text, /"hp": 60, +\/\/ 40 \(mon_b_hulk\) → \+20 = 60 \(mon_b_brute\)\n/);
    assert.match(r.text, /"default_faction": "zombie", +\/\/ inherited from mon_b_hulk\n/);
    assert.match(r.text, /"name": \{ "str": "brute" \},\n/, 'own values have no comment');
  });

  test('at a reference: the definition it names; a chain of three levels', async () => {
    const hulk = await client.request<ResolvedDefinitionResult>(RESOLVED_DEFINITION_REQUEST, at(chain(), '"mon_b_hulk"'));
    assert.equal(hulk.id, 'mon_b_hulk');
    const runt = await client.request<ResolvedDefinitionResult>(RESOLVED_DEFINITION_REQUEST, at(chain(), '"mon_b_runt"'));
    assert.equal((jsonc.parse(runt.text) as { hp: number }).hp, 42, '(40 + 20) × 0.7');
    assert.match(runt.text, /"hp": 42, +\/\/ 40 \(mon_b_hulk\) → \+20 = 60 \(mon_b_brute\) → ×0\.7 = 42 \(mon_b_runt\)\n/);
    assert.match(runt.text, /"speed": 45, +\/\/ inherited: 90 \(mon_b_hulk\) → ×0\.5 = 45 \(mon_b_brute\)\n/);
  });

  test('by kind and id: the definitions of the id in load order (which mods override it)', async () => {
    const r = await client.request<ResolvedDefinitionResult>(RESOLVED_DEFINITION_REQUEST, { kind: 'MONSTER', id: 'mon_dog', mod: 'mod_b' });
    assert.equal(r.mod, 'mod_b');
    assert.equal((jsonc.parse(r.text) as { hp: number }).hp, 25);
    assert.match(r.text, /\/\/ Definitions of mon_dog in load order:\n\/\/ {3}1\. dda: json\/monsters\.json — first definition\n\/\/ {3}2\. mod_b: mod_b\/monsters\/chain\.json — copy-from its own id: copies the one before and changes it \[this one, in effect as its mod sees it\]/);
    assert.match(r.text, /"hp": 25, +\/\/ 20 \(mon_dog \[dda\]\) → \+5 = 25 \(mon_dog\)\n/);
    const none = await client.request<ResolvedDefinitionResult | null>(RESOLVED_DEFINITION_REQUEST, { kind: 'MONSTER', id: 'mon_nobody' });
    assert.equal(none, null);
  });

  test('nothing there gives null; malformed params are InvalidParams', async () => {
    const outside = await client.request<ResolvedDefinitionResult | null>(RESOLVED_DEFINITION_REQUEST, { textDocument: { uri: uri(chain()) }, position: { line: 0, character: 0 } });
    assert.equal(outside, null);
    await assert.rejects(client.request(RESOLVED_DEFINITION_REQUEST, { kind: 'MONSTER' }), (e: { code?: number; message?: string }) => e.code === -32602 && /"kind" and "id"/.test(e.message ?? ''));
    await assert.rejects(client.request(RESOLVED_DEFINITION_REQUEST, { textDocument: { uri: uri(chain()) } }), (e: { code?: number }) => e.code === -32602);
  });

  test('type hierarchy: supertypes follow copy-from into the game data; subtypes come from the reverse index', async () => {
    const [brute] = await client.request<TypeHierarchyItem[]>('textDocument/prepareTypeHierarchy', at(chain(), '"mon_b_brute"'));
    assert.equal(brute.name, 'mon_b_brute');
    assert.match(brute.detail!, /^MONSTER · mod_b · mod_b\/monsters\/chain\.json · brute$/);
    assert.equal(brute.uri, uri(chain()));
    const [hulk] = await client.request<TypeHierarchyItem[]>('typeHierarchy/supertypes', { item: brute });
    assert.equal(hulk.name, 'mon_b_hulk');
    assert.equal(hulk.uri, uri(fx.file('mod_b/monsters/hulks.json')));
    const hulkText = fs.readFileSync(fx.file('mod_b/monsters/hulks.json'), 'utf8');
    assert.deepEqual(hulk.selectionRange.start, positionOf(hulkText, '"mon_b_hulk"'));
    const [zombie] = await client.request<TypeHierarchyItem[]>('typeHierarchy/supertypes', { item: hulk });
    assert.equal(zombie.name, 'mon_zombie');
    assert.match(zombie.uri, /json\/monsters\.json$/);
    assert.deepEqual(await client.request('typeHierarchy/supertypes', { item: zombie }), []);
    const children = await client.request<TypeHierarchyItem[]>('typeHierarchy/subtypes', { item: zombie });
    assert.deepEqual(children.map((c) => c.name), ['mon_b_hulk']);
    assert.deepEqual((await client.request<TypeHierarchyItem[]>('typeHierarchy/subtypes', { item: brute })).map((c) => c.name), ['mon_b_runt']);
    // From a reference (the copy-from value): the definition it names.
    const [fromRef] = await client.request<TypeHierarchyItem[]>('textDocument/prepareTypeHierarchy', at(chain(), '"mon_b_hulk"'));
    assert.equal(fromRef.name, 'mon_b_hulk');
    // A copy-from of its own id: the core definition is its supertype.
    const [dog] = await client.request<TypeHierarchyItem[]>('textDocument/prepareTypeHierarchy', at(chain(), '"mon_dog"'));
    const [coreDog] = await client.request<TypeHierarchyItem[]>('typeHierarchy/supertypes', { item: dog });
    assert.equal(coreDog.name, 'mon_dog');
    assert.match(coreDog.uri, /json\/monsters\.json$/);
  });

  test('an edit adding a child shows in subtypes at once', async () => {
    const f = chain();
    const text = fs.readFileSync(f, 'utf8');
    await client.open(f, text);
    const [brute] = await client.request<TypeHierarchyItem[]>('textDocument/prepareTypeHierarchy', at(f, '"mon_b_brute"'));
    const added = text.replace(/\]\s*$/, `, ${JSON.stringify(monster('mon_b_pup', { 'copy-from': 'mon_b_brute' }))}\n]\n`);
    await client.change(f, added);
    const subs = await client.request<TypeHierarchyItem[]>('typeHierarchy/subtypes', { item: brute });
    assert.deepEqual(subs.map((c) => c.name), ['mon_b_runt', 'mon_b_pup']);
    await assert.rejects(client.request('typeHierarchy/subtypes', { item: { uri: uri(f) } }), (e: { code?: number }) => e.code === -32602);
    await client.change(f, text);
  });
});
