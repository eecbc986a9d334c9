/**
 * Hostile input: text the game itself would choke on, or that a careless tool writes. Each case must give a
 * clear diagnostic where the problem is, leave the other files and definitions alone, and never throw.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, workspace, type TestWorkspace } from '../helpers/workspace';
import type { Diagnostic } from '../../server/src/diagnostic';

function monster(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'MONSTER', id, name: { str: id }, description: 'test monster', default_faction: 'zombie', bodytype: 'human',
    volume: '62500 ml', weight: '81500 g', hp: 10, speed: 100, symbol: 'Z', color: 'red', ...extra,
  };
}

const mod = (files: Record<string, unknown>) => ({ 'm/modinfo.json': modinfo('m'), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`m/${k}`, v])) });

/** The text a diagnostic covers, in the text the project holds. */
function covered(ws: TestWorkspace, d: Diagnostic): string {
  return ws.project.textOf(ws.project.files.get(d.path)!).slice(d.start, d.end);
}

test('a UTF-8 byte order mark is accepted silently; offsets refer to the text without it', () => {
  const body = JSON.stringify([monster('mon_bom', { hp: 'x' })], null, 2);
  const ws = workspace({ ...mod({ 'a.json': `\uFEFF${body}` }), 'm/modinfo.json': `\uFEFF${JSON.stringify(modinfo('m'))}` });
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => d.code), ['invalid-value'], 'no json-syntax for the mark');
  assert.equal(covered(ws, ds[0]), '"x"');
  assert.equal(ds[0].start, body.indexOf('"x"'), 'the mark is not counted (editors drop it)');
  assert.ok(ws.project.graph.get('m'), 'a modinfo.json with a mark is read');
  // An editor's buffer that keeps the mark: accepted as well, offsets into that very text.
  ws.project.updateFile(ws.file('m/a.json'), `\uFEFF${body}`);
  const open = ws.diagnostics('m/a.json');
  assert.deepEqual(open.map((d) => d.code), ['invalid-value']);
  assert.equal(covered(ws, open[0]), '"x"');
  // And in a file with a syntax error (the tolerant path).
  ws.project.updateFile(ws.file('m/a.json'), `\uFEFF${body.replace('"color": "red"', '"color": "red",')}`);
  assert.deepEqual(ws.diagnostics('m/a.json').map((d) => [d.code, covered(ws, d)]), [['invalid-value', '"x"'], ['json-syntax', '}']]);
});
