/**
 * KeyVersions (server/src/workspace/keyVersions.ts): the versions of keys, and which changed keys changed where
 * an id is defined (its existence) rather than only what its definitions say. The existence signature is noted
 * once per key before an update changes it; none is noted while the mods change (every changed key counts).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DefinitionIndex } from '../../../server/src/index/definitionIndex';
import { ReferenceIndex, refKey } from '../../../server/src/index/referenceIndex';
import type { DefinitionRecord } from '../../../server/src/records/record';
import type { SourceFile } from '../../../server/src/sourceFile';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { KeyVersions } from '../../../server/src/workspace/keyVersions';
import { fileWith } from '../../helpers/rooms';

function setup(): { keys: KeyVersions; defs: DefinitionIndex; define: (modId: string, text: string) => DefinitionRecord } {
  const defs = new DefinitionIndex();
  const keys = new KeyVersions(defs, new ReferenceIndex<SourceFile>());
  const store = new FileStore(() => '');
  let n = 0;
  const define = (modId: string, text: string): DefinitionRecord => fileWith(store, `/w/${modId}/f${n++}.json`, modId, text).records[0];
  return { keys, defs, define };
}

const RAG = '[ { "type": "GENERIC", "id": "rag", "name": "rag" } ]';
const RAG_EDITED = '[ { "type": "GENERIC", "id": "rag", "name": "torn rag", "weight": "2 g" } ]';

/** An edit as the indexer makes it: the old record noted and removed, the new one noted and added. */
function replace(keys: KeyVersions, defs: DefinitionIndex, old: DefinitionRecord, now: DefinitionRecord | undefined): void {
  keys.noteSignaturesBefore(old);
  defs.remove(old);
  if (!now) return;
  keys.noteSignaturesBefore(now);
  defs.add(now);
}

test('an edit of what a definition says does not change its id\'s existence; making it abstract, moving it to another mod or removing it does', () => {
  const { keys, defs, define } = setup();
  const rag = define('a', RAG);
  defs.add(rag);
  const key = refKey(rag.kind, 'rag');
  const edited = define('a', RAG_EDITED);
  replace(keys, defs, rag, edited);
  assert.deepEqual([...keys.existenceChanged([key])], [], 'same mod, same edit mode, not abstract: only its content');
  const abstract = define('a', '[ { "type": "GENERIC", "abstract": "rag", "name": "rag" } ]');
  assert.equal(abstract.abstract, true);
  replace(keys, defs, edited, abstract);
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'abstract now');
  const moved = define('b', RAG_EDITED);
  replace(keys, defs, abstract, moved);
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'defined in another mod now');
  replace(keys, defs, moved, undefined);
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'defined nowhere now');
  const modify = define('b', '[ { "type": "GENERIC", "id": "rag", "edit-mode": "modify", "name": "rag" } ]');
  defs.add(moved);
  replace(keys, defs, moved, modify);
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'another edit mode');
});

test('a key whose signature was not noted counts as changed; the signatures noted go with the update that compared them', () => {
  const { keys, defs, define } = setup();
  const rag = define('a', RAG);
  defs.add(rag);
  const key = refKey(rag.kind, 'rag');
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'not noted: conservatively changed');
  keys.noteSignaturesBefore(rag);
  assert.deepEqual([...keys.existenceChanged([key])], []);
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'the next update noted nothing');
  keys.noteSignaturesBefore(rag);
  keys.forgetSignatures();
  assert.deepEqual([...keys.existenceChanged([key])], [key], 'forgotten');
});

test('no signature is noted while the mods change: every changed key counts; after, they are noted again', () => {
  const { keys, defs, define } = setup();
  const rag = define('a', RAG);
  defs.add(rag);
  const key = refKey(rag.kind, 'rag');
  keys.noteSignaturesBefore(rag); // before the mods change: dropped when they start to
  const inside = keys.whileModsChange(() => {
    const edited = define('a', RAG_EDITED);
    replace(keys, defs, rag, edited);
    return { changed: [...keys.existenceChanged([key])], edited };
  });
  assert.deepEqual(inside.changed, [key]);
  replace(keys, defs, inside.edited, define('a', RAG));
  assert.deepEqual([...keys.existenceChanged([key])], [], 'noted again once the mods stopped changing');
});

test('versions start at 0 and count bumps; an id\'s existence key is its own key, made once and known only once asked for', () => {
  const { keys } = setup();
  const key = refKey('item', 'rag');
  assert.equal(keys.versionOf(key), 0);
  keys.bump(key);
  keys.bumpAll([key, refKey('item', 'other')]);
  assert.equal(keys.versionOf(key), 2);
  assert.equal(keys.versionOf(refKey('item', 'other')), 1);
  assert.equal(keys.madeExistenceKey(key), undefined);
  const existence = keys.existenceKeyOf('item', 'rag');
  assert.notEqual(existence, key);
  assert.notEqual(existence, keys.existenceKeyOf('item', 'rags'));
  assert.equal(keys.existenceKeyOf('item', 'rag'), existence);
  assert.equal(keys.madeExistenceKey(key), existence);
  assert.equal(keys.versionOf(existence), 0, 'bumped apart from the content key');
});
