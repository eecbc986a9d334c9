/**
 * A folder deleted and created again in one batch (a `git checkout`, an `rm -rf` and a copy: one
 * didChangeWatchedFiles notification with both events): the batch's last change of each file is what the disk
 * holds, and the mod stays, as a fresh build sees it.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { listJsonFiles } from '../../server/src/mods/discover';
import { modinfo, using, workspace } from '../helpers/workspace';

const monster = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human',
  volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'x', color: 'red', ...extra,
});

function diagnosticsOf(project: Project): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of project.reportedFiles().sort((a, b) => (a.path < b.path ? -1 : 1))) out[f.path] = project.diagnostics(f.path).map((d) => `${d.start}-${d.end} ${d.code} ${d.message}`);
  return out;
}

for (const edited of [false, true]) {
  test(`a mod folder deleted and created again in one batch keeps its mod${edited ? ' (its files changed meanwhile)' : ''}`, () => {
    using(workspace({
      'r/modinfo.json': modinfo('rmod'),
      'r/monsters/r.json': [monster('mon_r', { upgrades: { half_life: 3, into: 'mon_missing' } })],
      'u/modinfo.json': modinfo('umod', ['dda', 'rmod']),
      'u/u.json': [monster('mon_u', { 'copy-from': 'mon_r' })],
    }), (ws) => {
      const folder = ws.file('r');
      const files = listJsonFiles(folder);
      const before = diagnosticsOf(ws.project);
      assert.equal(before[ws.file('r/monsters/r.json')].length, 1, 'mon_missing is reported');
      const texts = new Map(files.map((f) => [f, fs.readFileSync(f, 'utf8')]));
      fs.rmSync(folder, { recursive: true });
      if (edited) texts.set(ws.file('r/monsters/r.json'), JSON.stringify([monster('mon_r', { upgrades: { half_life: 3, into: 'mon_gone' } })]));
      for (const [f, text] of texts) { fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, text); }
      const affected = ws.project.updateFiles([...files.map((f) => ({ path: f, text: undefined })), ...[...texts].map(([f, text]) => ({ path: f, text }))]);
      const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity });
      fresh.load();
      assert.deepEqual(diagnosticsOf(ws.project), diagnosticsOf(fresh));
      assert.equal(ws.project.graph.get('rmod')?.id, 'rmod', 'the mod is still there');
      if (edited) assert.ok(affected.includes(ws.file('r/monsters/r.json')), 'the changed file is re-published');
      else assert.deepEqual(diagnosticsOf(ws.project), before);
    });
  });
}
