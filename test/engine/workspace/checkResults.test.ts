/**
 * CheckResults (server/src/workspace/checkResults.ts): each file's last diagnostics and what they depend on besides
 * their memos' keys. A file whose diagnostics point into another (related locations) is returned once when that
 * one changes, its diagnostics dropped, and forgotten once it points there no more or is dropped; the kinds of
 * unknown ids and the ids whose kinds a check named are replaced by each new check.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Diagnostic } from '../../../server/src/diagnostic';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { CheckResults } from '../../../server/src/workspace/checkResults';

const store = new FileStore(() => '');
const A = store.fileFor('/w/a.json');
const B = store.fileFor('/w/b.json');

/** A diagnostic of `file` whose related locations are in `into`. */
function pointing(path: string, ...into: string[]): Diagnostic {
  return { path, start: 0, end: 1, severity: 'warning', code: 'duplicate-id', message: 'x', basis: 'spec', related: into.map((p) => ({ path: p, start: 0, end: 1, message: 'there' })) };
}

const checked = (diagnostics: Diagnostic[], unresolvedKinds: string[] = [], kindsOfIds: string[] = [], palettesLookedUp: string[] = []) => ({ diagnostics, unresolvedKinds, kindsOfIds, palettesLookedUp });

test('a file pointing into another is returned once when that one changes, its diagnostics dropped; not when it points there no more', () => {
  const results = new CheckResults();
  results.keep(A, checked([pointing(A.path, B.path, B.path), pointing(A.path, B.path, A.path)]));
  assert.ok(results.cached(A));
  assert.deepEqual(results.pointingInto(A.path), [], 'a location in its own file is not another file\'s');
  assert.deepEqual(results.pointingInto(B.path), [A], 'once, however many locations');
  assert.equal(results.cached(A), undefined, 'checked again when next asked for');
  results.keep(A, checked([pointing(A.path)]));
  assert.deepEqual(results.pointingInto(B.path), [], 'its new diagnostics point nowhere else');
  assert.ok(results.cached(A));
});

test('a dropped file is forgotten: it is no more returned for the files it pointed into, nor for unknown ids', () => {
  const results = new CheckResults();
  results.keep(A, checked([pointing(A.path, B.path)], ['item'], ['rag']));
  results.forget(A);
  assert.deepEqual(results.pointingInto(B.path), []);
  assert.deepEqual([...results.namingUnknownOf('item')], []);
  assert.deepEqual([...results.namingKindsOf('rag')], []);
});

test('what a check noted of unknown ids is replaced by the next check of the file, not added to', () => {
  const results = new CheckResults();
  results.keep(A, checked([], ['item', 'monster'], ['rag']));
  results.keep(B, checked([], ['item'], []));
  assert.deepEqual([...results.namingUnknownOf('item')], [A, B]);
  results.keep(A, checked([], ['monster'], ['hammer']));
  assert.deepEqual([...results.namingUnknownOf('item')], [B]);
  assert.deepEqual([...results.namingUnknownOf('monster')], [A]);
  assert.deepEqual([...results.namingKindsOf('rag')], []);
  assert.deepEqual([...results.namingKindsOf('hammer')], [A]);
  assert.deepEqual([...results.namingUnknown()].map((s) => [...s]), [[B], [A]]);
  results.invalidate(A);
  assert.equal(results.cached(A), undefined);
  assert.deepEqual([...results.namingUnknownOf('monster')], [A], 'invalidated, not forgotten: its notes stand until it is checked again');
});
