/**
 * Queries over ids with tens of thousands of uses: linear in the uses, in open (edited) files as in closed
 * ones, and step-wise (util/steps.ts) so that the language server can pause and cancel them.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { modinfo, workspace } from '../helpers/workspace';
import { references, referencesSteps } from '../../server/src/queries/references';
import { renameSteps } from '../../server/src/queries/rename';
import { subtypesSteps } from '../../server/src/queries/typeHierarchy';
import { documentSymbolSteps, workspaceSymbolSteps } from '../../server/src/queries/symbols';
import { finish, type Steps } from '../../server/src/util/steps';

const N = 40_000;

function cpuMs<T>(fn: () => T): { ms: number; value: T } {
  const c0 = process.cpuUsage();
  const value = fn();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, value };
}

/** How many times a computation pauses before its end. */
function pauses<T>(steps: Steps<T>): number {
  let n = 0;
  while (!steps.next().done) n++;
  return n;
}

test(`references to an id with ${N.toLocaleString('en')} copy-from children: linear, in a closed and in an edited file`, () => {
  const kids = Array.from({ length: N }, (_, i) => ({ type: 'MONSTER', id: `kid_${i}`, 'copy-from': 'mon_parent' }));
  const ws = workspace({ 'm/modinfo.json': modinfo('m'), 'm/kids.json': kids, 'm/one.json': [{ type: 'MONSTER', id: 'mon_parent', 'copy-from': 'mon_zombie' }] });
  const file = ws.file('m/one.json');
  const at = fs.readFileSync(file, 'utf8').indexOf('"mon_parent"') + 2;
  const closed = cpuMs(() => references(ws.project, file, at, false));
  assert.equal(closed.value.length, N);
  // The file of the children opened, then edited: its text is held in memory (before: 15 s of CPU).
  const kidsFile = ws.file('m/kids.json');
  const text = fs.readFileSync(kidsFile, 'utf8');
  ws.project.updateFile(kidsFile, text);
  ws.project.updateFile(kidsFile, text.replace('"kid_7"', '"kid_7b"'));
  const edited = cpuMs(() => references(ws.project, file, at, false));
  assert.equal(edited.value.length, N);
  assert.ok(edited.ms < Math.max(1000, closed.ms * 4), `references from an edited file: ${edited.ms.toFixed(0)} ms of CPU (closed: ${closed.ms.toFixed(0)} ms)`);
  const kidText = ws.project.textOf(ws.project.files.get(kidsFile)!);
  assert.ok(edited.value.every((s) => s.path !== kidsFile || kidText.slice(s.start, s.end) === '"mon_parent"'));

  // Step-wise: the long queries pause between records (at least once per use or definition).
  assert.ok(pauses(referencesSteps(ws.project, file, at, true)) >= N);
  assert.ok(pauses(renameSteps(ws.project, file, at, 'mon_parent_2')) >= N);
  // Type hierarchy subtypes: once per record of the files referring to the id.
  const parent = ws.project.fileAt(file)!.records[0];
  assert.equal(finish(subtypesSteps(ws.project, parent)).length, N);
  assert.ok(pauses(subtypesSteps(ws.project, parent)) >= N);
  // The checks of a file: once per record, and the diagnostics then gathered from what they made.
  assert.ok(pauses(ws.project.diagnosticsSteps(kidsFile)) >= N);
  assert.ok(ws.project.diagnostics(kidsFile).length >= 0);
  assert.equal(pauses(ws.project.diagnosticsSteps(kidsFile)), 0, 'checked: nothing more to make');
  assert.ok(pauses(documentSymbolSteps(ws.project, kidsFile)) >= N);
  assert.ok(pauses(workspaceSymbolSteps(ws.project, 'kid_')) >= N / 256 - 1);
  assert.equal(finish(workspaceSymbolSteps(ws.project, 'kid_', 10)).length, 10);
});
