/**
 * The dialogue language's operators through real LSP messages: completion in an effect or a condition offers every
 * operator the current game documents (schema/dialogueOperators.ts), with the docs' description, including those its
 * own data never writes, and hover on an operator or an argument shows the same words.
 */
import { describe, test, before, after } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import type { CompletionList, Hover, MarkupContent } from 'vscode-languageserver-protocol/node';
import { TestClient, positionAtOffset, uri } from './client';
import { modinfo } from '../helpers/workspace';
import { serverOverMods, type ServerOverMods } from './fixture';

const EOCS = `[
  {
    "type": "effect_on_condition",
    "id": "EOC_LOOK",
    "condition": { "line_of_sight": 10, "loc_1": { "context_val": "a" }, "loc_2": { "context_val": "b" } },
    "effect": [ { "u_message": "seen" }, { "": 1 } ]
  },
  {
    "type": "effect_on_condition",
    "id": "EOC_WEATHER",
    "condition": { "and": [ { "is_weather": "" }, { "u_at_om_location": "FACTION_CAMP_ANY" } ] },
    "effect": [ { "u_message": "fine weather" } ]
  }
]
`;

const WEATHER = '[ { "type": "weather_type", "id": "mild_drizzle", "name": "Mild drizzle" } ]\n';

const text = (doc: CompletionList['items'][number]['documentation'] | Hover['contents']): string =>
  typeof doc === 'string' ? doc : (doc as MarkupContent | undefined)?.value ?? '';

describe('dialogue operators over LSP', () => {
  let server: ServerOverMods | undefined;
  let client: TestClient;
  let file: string;
  const at = (needle: string, delta: number) => positionAtOffset(EOCS, EOCS.indexOf(needle) + delta);

  before(async () => {
    server = await serverOverMods({ 'mods/m/modinfo.json': modinfo('m'), 'mods/m/eocs.json': EOCS, 'mods/m/weather.json': WEATHER }, { gameVersion: 'current', open: ['mods/m/eocs.json'] });
    client = server.client;
    file = path.join(server.dir, 'mods/m/eocs.json');
  });

  after(async () => {
    await server?.stop();
  });

  test('completion in an effect offers the documented operators, those the data never writes too, with their description', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(file) }, position: at('{ "": 1 }', 3) });
    const byLabel = new Map(list.items.map((i) => [i.label, i]));
    for (const op of ['u_add_effect', 'run_eocs', 'u_mutate_towards', 'u_has_visible_trait', 'line_of_sight', 'loc_1']) assert.ok(byLabel.has(op), op);
    assert.match(text(byLabel.get('u_has_visible_trait')!.documentation), /A condition operator \(doc\/JSON\/EFFECT_ON_CONDITION\.md\).*naming `mutation` ids/);
    assert.match(text(byLabel.get('u_mutate_towards')!.documentation), /An effect operator.*Arguments: `category`, `use_vitamins`/);
  });

  test('the kind an operator names drives completion of its value and its hover (is_weather: weather types; u_at_om_location: terrains or FACTION_CAMP_*)', async () => {
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(file) }, position: at('"is_weather": ""', 15) });
    assert.ok(list.items.some((i) => i.label === 'mild_drizzle'), list.items.map((i) => i.label).slice(0, 20).join(', '));
    const op = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(file) }, position: at('"u_at_om_location"', 2) });
    assert.match(text(op.contents), /naming `overmap_terrain` ids \(or `FACTION_CAMP_ANY`, `FACTION_CAMP_START`\)/);
  });

  test('hover on an operator shows its reader, kind and arguments; on an argument, the operators that take it', async () => {
    const op = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(file) }, position: at('"line_of_sight"', 2) });
    assert.match(text(op.contents), /A condition operator .*`get_dbl_or_var`.*Arguments: `loc_1`, `loc_2`, `with_fields`/);
    const arg = await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri(file) }, position: at('"loc_2"', 2) });
    assert.match(text(arg.contents), /An argument of `line_of_sight`/);
  });
});
