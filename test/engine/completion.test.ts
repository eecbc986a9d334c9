/** Completion of ids at the engine level: ranking (a mod's own ids first) and what an entry describes. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { modinfo, workspace } from '../helpers/workspace';
import { complete } from '../../server/src/queries/completion';

function monster(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human', volume: '1 L', weight: '1 kg', hp: 1, speed: 1, symbol: 'x', color: 'red', ...extra };
}

test('id completion ranks the mod\'s own ids first, then its dependencies\', then core', () => {
  const ws = workspace({
    'dep/modinfo.json': modinfo('dep'),
    'dep/m.json': [monster('mon_dep_thing')],
    'm/modinfo.json': modinfo('m', ['dda', 'dep']),
    'm/m.json': [monster('mon_zz_mine'), monster('mon_user', { upgrades: { half_life: 3, into: '' } })],
  });
  const file = ws.file('m/m.json');
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf('"into": ""') + '"into": "'.length;
  const labels = complete(ws.project, file, at).items.map((i) => i.label);
  assert.deepEqual(labels.slice(0, 3), ['mon_user', 'mon_zz_mine', 'mon_dep_thing'], labels.join(', '));
  assert.ok(labels.indexOf('mon_zombie') > 2, 'core after');
});

test('a duplicated id is described by the definition that counts (0.F: the first create, not the erroneous later one)', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/m.json': [monster('mon_twice', { name: { str: 'first' } }), monster('mon_twice', { name: { str: 'second' } }), monster('mon_user', { upgrades: { half_life: 3, into: 'mon_tw' } })],
  });
  const file = ws.file('a/m.json');
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf('"into": "mon_tw"') + '"into": "mon_tw'.length;
  const item = complete(ws.project, file, at).items.find((i) => i.label === 'mon_twice');
  assert.equal(item?.description, 'first');
});
