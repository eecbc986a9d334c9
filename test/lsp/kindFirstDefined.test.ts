/**
 * The definition index keeps the entries of the kind it was asked last (DefinitionIndex.get): through real LSP
 * messages, a reference of a kind nothing defined yet resolves once an edit adds the kind's first definition
 * (elsewhere, in another file), and is unknown again once the edit is undone, with lookups of that kind and of
 * others in between.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient } from './client';
import { monster, pretty, writeFixture, type Fixture } from './fixture';

const unknownIds = (ds: readonly Diagnostic[]): string[] =>
  ds.filter((d) => d.code === 'unknown-id').map((d) => (typeof d.message === 'string' ? d.message : d.message.value)).sort();

describe('a kind first defined by an edit, over stdio', () => {
  let fx: Fixture;
  let client: TestClient;
  const drops = (): string => fx.file('mod_b/monsters/drops.json');
  const groups = (): string => fx.file('mod_b/items/groups.json');

  before(async () => {
    fx = writeFixture();
    // Two references of a kind the workspace defines none of (item groups), between references of other kinds.
    fs.writeFileSync(drops(), pretty([
      monster('mon_b_dropper', { death_drops: 'grp_b_new', harvest: 'zombie' }),
      monster('mon_b_other', { death_drops: 'grp_b_new', material: ['flesh'] }),
    ]));
    fs.mkdirSync(fx.file('mod_b/items'), { recursive: true });
    fs.writeFileSync(groups(), pretty([]));
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  test('an item group added by an edit resolves the references; removed, they are unknown again', async () => {
    const before = await client.waitForDiagnostics(drops(), (ds) => unknownIds(ds).length === 2, 5000, true);
    assert.match(unknownIds(before.diagnostics)[0], /"death_drops": unknown item group "grp_b_new"/);
    await client.open(groups());
    const resolved = client.waitForDiagnostics(drops(), (ds) => unknownIds(ds).length === 0);
    await client.change(groups(), pretty([{ type: 'item_group', id: 'grp_b_new', subtype: 'collection', entries: [{ item: 'rag' }] }]));
    await resolved;
    const unknownAgain = client.waitForDiagnostics(drops(), (ds) => unknownIds(ds).length === 2);
    await client.change(groups(), pretty([{ type: 'item_group', id: 'grp_b_news', subtype: 'collection', entries: [{ item: 'rag' }] }]));
    const again = await unknownAgain;
    // The kind's entries now hold another id: the near one is offered.
    assert.match(unknownIds(again.diagnostics)[0], /unknown item group "grp_b_new"; did you mean "grp_b_news"\?/);
    const resolvedAgain = client.waitForDiagnostics(drops(), (ds) => unknownIds(ds).length === 0);
    await client.change(groups(), pretty([{ type: 'item_group', id: 'grp_b_new', subtype: 'collection', entries: [{ item: 'rag' }] }]));
    await resolvedAgain;
  });
});
