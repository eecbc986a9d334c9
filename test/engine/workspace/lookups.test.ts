/**
 * Lookups (server/src/workspace/lookups.ts): definitions as a definition in a mod sees them. Load order is by the
 * mod's rank, then path, then position in the file; a mod sees itself, its dependencies (transitively) and core;
 * "did you mean" and completion search the ids of the mods seen, each mod's kept until they change.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { DefinitionIndex } from '../../../server/src/index/definitionIndex';
import { ModGraph } from '../../../server/src/mods/modGraph';
import type { DefinitionRecord } from '../../../server/src/records/record';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { Lookups } from '../../../server/src/workspace/lookups';
import { fileWith, modAt } from '../../helpers/rooms';

// Load order: dda, zz, aa (aa depends on zz); other depends on core only. Paths sort the other way round.
const GAME = path.resolve('/zgame');
const WS = path.resolve('/ws');
const graph = new ModGraph([
  modAt(path.join(GAME, 'mods/dda'), 'dda', [], { path: '../../json', core: true }),
  modAt(path.join(WS, 'zz'), 'zz'),
  modAt(path.join(WS, 'aa'), 'aa', ['zz']),
  modAt(path.join(WS, 'other'), 'other'),
]);

const item = (id: string, name = id): string => `{ "type": "GENERIC", "id": "${id}", "name": "${name}" }`;

function setup(): { defs: DefinitionIndex; lookups: Lookups; define: (modId: string, rel: string, ...objects: string[]) => DefinitionRecord[] } {
  const defs = new DefinitionIndex();
  const store = new FileStore(() => '');
  const define = (modId: string, rel: string, ...objects: string[]): DefinitionRecord[] => {
    const file = fileWith(store, path.join(modId === 'dda' ? GAME : WS, rel), modId, `[ ${objects.join(', ')} ]`);
    for (const r of file.records) defs.add(r);
    return file.records;
  };
  return { defs, lookups: new Lookups(defs, () => graph), define };
}

const where = (r: DefinitionRecord): string => `${path.basename(path.dirname(r.source.path))}/${path.basename(r.source.path)}#${r.index}:${r.value.name as string}`;

test('the definitions a mod sees, in load order: by mod rank, then path, then position in the file', () => {
  const { lookups, define } = setup();
  define('aa', 'aa/a.json', item('rag', 'aa'));
  define('zz', 'zz/z.json', item('rag', 'z2'), item('cloth'), item('rag', 'z3'));
  define('zz', 'zz/y.json', item('rag', 'y'));
  define('dda', 'json/items.json', item('rag', 'core'));
  define('other', 'other/o.json', item('rag', 'other'));
  assert.deepEqual(lookups.visibleDefinitions('item', 'rag', 'aa').map(where),
    ['json/items.json#0:core', 'zz/y.json#0:y', 'zz/z.json#0:z2', 'zz/z.json#2:z3', 'aa/a.json#0:aa']);
  assert.deepEqual(lookups.visibleDefinitions('item', 'rag', 'zz').map(where), ['json/items.json#0:core', 'zz/y.json#0:y', 'zz/z.json#0:z2', 'zz/z.json#2:z3']);
  assert.deepEqual(lookups.visibleDefinitions('item', 'rag', 'other').map(where), ['json/items.json#0:core', 'other/o.json#0:other']);
  assert.deepEqual(lookups.visibleDefinitions('item', 'rag', undefined).map(where), ['json/items.json#0:core'], 'no mod: core only');
  assert.deepEqual(lookups.visibleDefinitions('item', 'nothing', 'aa'), []);
});

test('kindsDefining and anyVisibleDefinition see only the mods seen', () => {
  const { lookups, define } = setup();
  define('aa', 'aa/a.json', item('thing'));
  define('other', 'other/o.json', '{ "type": "MONSTER", "id": "thing" }', '{ "type": "MONSTER", "id": "only_other", "name": "x" }');
  assert.deepEqual(lookups.kindsDefining('thing', 'aa'), ['item']);
  assert.deepEqual(lookups.kindsDefining('thing', 'other'), ['MONSTER']);
  assert.deepEqual(lookups.kindsDefining('thing', 'zz'), []);
  assert.equal(lookups.anyVisibleDefinition('MONSTER', 'only_other', 'other', () => true), true);
  assert.equal(lookups.anyVisibleDefinition('MONSTER', 'only_other', 'other', (r) => r.abstract), false, 'none it accepts');
  assert.equal(lookups.anyVisibleDefinition('MONSTER', 'only_other', 'aa', () => true), false, 'not seen from aa');
});

test('near and beginning ids come from the mods seen, and follow the ids a mod gains', () => {
  const { lookups, define } = setup();
  define('zz', 'zz/z.json', item('rag_cotton'), item('rag'));
  define('other', 'other/o.json', item('rag_cotten'));
  define('dda', 'json/items.json', item('rag_wool'));
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'aa'), ['rag_cotton']);
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'other'), ['rag_cotten']);
  assert.deepEqual(lookups.idsBeginning('item', 'rag', 'aa'), ['rag_wool', 'rag_cotton'], 'shortest first, the prefix itself left out');
  define('aa', 'aa/a.json', item('rag_cottons'));
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'aa').sort(), ['rag_cotton', 'rag_cottons']);
  assert.deepEqual(lookups.idsBeginning('item', 'rag_c', 'aa'), ['rag_cotton', 'rag_cottons']);
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'zz'), ['rag_cotton'], 'aa\'s ids are not zz\'s');
});

test('near ids follow the ids a mod gains and loses after its ids are ordered by length (a third search), and from none', () => {
  const { defs, lookups, define } = setup();
  define('zz', 'zz/z.json', item('rag_cotton'), item('rag'));
  for (const typo of ['rag_cottn', 'rag_coton', 'rag_cotto', 'rag_cottn']) assert.deepEqual(lookups.nearIds('item', typo, 'aa'), ['rag_cotton'], typo);
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'other'), [], 'other defines no item and sees none');
  const added = define('other', 'other/o.json', item('rag_cotten'));
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'other'), ['rag_cotten']);
  define('zz', 'zz/z2.json', item('rag_cottons'));
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'aa'), ['rag_cotton', 'rag_cottons']);
  for (const r of added) defs.remove(r);
  assert.deepEqual(lookups.nearIds('item', 'rag_cottn', 'other'), []);
});
