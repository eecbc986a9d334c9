/** Completion of ids at the engine level: ranking (a mod's own ids first) and what an entry describes. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { modinfo, workspace } from '../helpers/workspace';
import { complete } from '../../server/src/queries/completion';
import { rng } from '../helpers/trust';

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

test('id completion with core\'s matches past the limit still finds the mod\'s and its dependencies\' (ranked above core), and only matching ones', () => {
  const ws = workspace({
    'dep/modinfo.json': modinfo('dep'),
    'dep/m.json': [monster('dep_zzz_a'), monster('dep_b')],
    'm/modinfo.json': modinfo('m', ['dda', 'dep']),
    'm/m.json': [monster('own_long_a'), monster('own_b'), monster('mon_user', { upgrades: { half_life: 3, into: 'a' } })],
  }, { 'json/short.json': ['ca1', 'ca2', 'ca3', 'ca4'].map((id) => monster(id)) });
  const file = ws.file('m/m.json');
  const text = fs.readFileSync(file, 'utf8');
  const at = text.indexOf('"into": "a"') + '"into": "a'.length;
  // Core's short ids come first in the kind's order and fill core's share of the substring matches; the mod's
  // and its dependency's, longer, come after them there but rank above them.
  const got = complete(ws.project, file, at, 3);
  const labels = got.items.map((i) => i.label);
  assert.deepEqual(labels, ['own_long_a', 'dep_zzz_a', 'ca1'], labels.join(', '));
  assert.ok(got.isIncomplete);
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

test('id completion returns what ranking every visible id would: prefix, other case, substring, subsequence; own mod, dependencies, core; capped (random ids, prefixes and edits)', () => {
  const random = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const alphabet = ['a', 'b', 'A', 'B', '_', 'z', 'é'];
  const used = new Set(['mon_zombie', 'mon_dog', 'mon_base_template', 'mon_user']);
  const fresh = (): string => {
    for (;;) {
      let id = '';
      for (let n = 1 + Math.floor(random() * 7); n > 0; n--) id += pick(alphabet);
      if (!used.has(id)) { used.add(id); return id; }
    }
  };
  const many = (n: number, abstractShare = 0): Record<string, unknown>[] =>
    Array.from({ length: n }, () => (random() < abstractShare ? { type: 'MONSTER', abstract: fresh(), description: 'x' } : monster(fresh())));
  const core = many(60, 0.1);
  const dependency = many(40, 0.2);
  // The mod's own definitions, some of them overriding ids of core or of its dependency (flagged as overrides
  // in both game versions' ways: the override is what completion describes).
  const overriding = (from: Record<string, unknown>[]): Record<string, unknown>[] =>
    from.filter((o) => o.id !== undefined).slice(0, 4).map((o) => monster(o.id as string, { override: true, 'edit-mode': 'override' }));
  const own = [...many(30), ...overriding(core), ...overriding(dependency)];
  const user = monster('mon_user', { upgrades: { half_life: 3, into: 'PREFIX' } });
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/m.json': dependency,
    'b/modinfo.json': modinfo('b', ['dda', 'a']),
    'b/m.json': [...own, user],
    'c/modinfo.json': modinfo('c'),
    'c/m.json': many(30),
  }, { 'json/more.json': core });
  const file = ws.file('b/m.json');
  const project = ws.project;
  const rank = (modId: string | undefined): number => (modId === 'b' ? 0 : modId === 'dda' ? 2 : 1);
  const isSubsequence = (needle: string, hay: string): boolean => {
    let j = 0;
    for (const ch of hay) if (j < needle.length && ch === needle[j]) j++;
    return j === needle.length;
  };
  for (let step = 0; step < 150; step++) {
    // Now and then an edit of the mod's own ids: one added, one removed, or one made abstract or concrete again
    // (the same ids, other definitions).
    const edit = random();
    if (edit < 0.08) own.push(monster(fresh()));
    else if (edit < 0.16 && own.length > 1) own.splice(Math.floor(random() * own.length), 1);
    else if (edit < 0.4) {
      const i = Math.floor(random() * own.length);
      const id = (own[i].id ?? own[i].abstract) as string;
      own[i] = own[i].abstract ? monster(id, { override: true, 'edit-mode': 'override' }) : { type: 'MONSTER', abstract: id, description: 'x' };
    }
    let prefix = '';
    for (let n = Math.floor(random() * 4); n > 0; n--) prefix += pick(alphabet);
    const text = JSON.stringify([...own, user], null, 2).replace('"PREFIX"', JSON.stringify(prefix));
    project.updateFile(file, text);
    const limit = pick([3, 10, 200]);
    const at = text.indexOf('"into": "') + '"into": "'.length + prefix.length;
    const got = complete(project, file, at, limit);
    const lower = prefix.toLowerCase();
    const expected: { id: string; key: [number, number, number] }[] = [];
    for (const id of project.entries('MONSTER').keys()) {
      const seen = project.visibleDefinitions('MONSTER', id, 'b').filter((r) => !r.abstract);
      if (seen.length === 0) continue;
      const l = id.toLowerCase();
      const m = id.startsWith(prefix) ? 0 : l.startsWith(lower) ? 1 : l.includes(lower) ? 2 : lower.length > 1 && isSubsequence(lower, l) ? 3 : -1;
      if (m >= 0) expected.push({ id, key: [m, rank(seen[seen.length - 1].source.modId), id.length] });
    }
    expected.sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2] - y.key[2] || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    const labels = got.items.map((i) => i.label);
    assert.deepEqual(labels, expected.slice(0, limit).map((e) => e.id), `step ${step}, prefix ${JSON.stringify(prefix)}, limit ${limit}`);
    if (expected.length > limit) assert.ok(got.isIncomplete, `step ${step}: more matches than returned`);
    if (expected.length < limit) assert.ok(!got.isIncomplete, `step ${step}: every match returned`);
  }
});

test('ids added in more changes than the kind\'s journal remembers since the last completion are offered (the ids are matched again from scratch)', () => {
  const ws = workspace({
    'a/modinfo.json': modinfo('a'),
    'a/m.json': [monster('mon_user', { upgrades: { half_life: 3, into: 'mon_many_' } })],
  });
  const file = ws.file('a/m.json');
  const at = fs.readFileSync(file, 'utf8').indexOf('mon_many_') + 'mon_many_'.length;
  assert.deepEqual(complete(ws.project, file, at).items.map((i) => i.label).filter((l) => l.startsWith('mon_many_')), []);
  const many = Array.from({ length: 700 }, (_, i) => monster(`mon_many_${i}`));
  const other = ws.file('a/many.json');
  fs.writeFileSync(other, JSON.stringify(many));
  ws.project.updateFile(other, fs.readFileSync(other, 'utf8'));
  const labels = complete(ws.project, file, at, 1000).items.map((i) => i.label).filter((l) => l.startsWith('mon_many_'));
  assert.equal(labels.length, 700);
  assert.deepEqual(labels.slice(0, 3), ['mon_many_0', 'mon_many_1', 'mon_many_2']);
});
