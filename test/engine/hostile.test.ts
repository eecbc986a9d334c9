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

const DEEP = 7000;
const NESTING = /^Nesting deeper than 100 levels/;

test('thousands of unclosed brackets: one clear diagnostic in that file, the workspace is indexed', () => {
  const files = {
    'open.json': `[${'['.repeat(DEEP)}`,
    'members.json': `[${JSON.stringify(monster('mon_deep')).slice(0, -1)}, "a": ${'{"a": '.repeat(DEEP)}`,
    'other.json': [monster('mon_other', { hp: 'x' })],
  };
  const ws = workspace(mod(files));
  const open = ws.diagnostics('m/open.json');
  assert.ok(open.some((d) => d.code === 'json-syntax' && NESTING.test(d.message)), JSON.stringify(open));
  assert.equal(covered(ws, open.find((d) => NESTING.test(d.message))!), '[');
  assert.equal(open.find((d) => NESTING.test(d.message))!.start, 101, 'at the first bracket past the limit');
  const members = ws.diagnostics('m/members.json');
  assert.ok(members.some((d) => d.code === 'json-syntax' && NESTING.test(d.message)), JSON.stringify(members));
  assert.ok(ws.project.defs.get('MONSTER', 'mon_deep').length === 1, 'the definition around the deep value is still read');
  assert.deepEqual(ws.codes('m/other.json'), ['invalid-value'], 'other files are checked');
  // The same texts typed into an open document (the incremental path) give the same diagnostics.
  for (const rel of Object.keys(files).slice(0, 2)) {
    const text = ws.project.textOf(ws.project.files.get(ws.file(`m/${rel}`))!);
    const before = ws.diagnostics(`m/${rel}`);
    ws.project.updateFile(ws.file(`m/${rel}`), '[]');
    ws.project.updateFile(ws.file(`m/${rel}`), text);
    assert.deepEqual(ws.diagnostics(`m/${rel}`), before);
  }
});

test('closed deep nesting (valid JSON): diagnosed when the file is checked; hover, symbols and completion still answer', async () => {
  const { hover } = await import('../../server/src/queries/hover');
  const { documentSymbols } = await import('../../server/src/queries/symbols');
  const { complete } = await import('../../server/src/queries/completion');
  const { definitions } = await import('../../server/src/queries/definition');
  const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
  const deepObject = `${'{"a": '.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
  const text = `[\n${JSON.stringify(monster('mon_deep')).slice(0, -1)}, "hp": ${deepArray}, "special_when_hit": ${deepObject} },\n${JSON.stringify(monster('mon_after', { hp: 'x', upgrades: { half_life: 1, into: 'mon_deep' } }))}\n]`;
  const ws = workspace(mod({ 'a.json': text }));
  const f = ws.file('m/a.json');
  const ds = ws.diagnostics('m/a.json');
  const nesting = ds.filter((d) => NESTING.test(d.message));
  assert.deepEqual(nesting.map((d) => [d.code, d.start]), [['json-syntax', text.indexOf('[[[') + 99], ['json-syntax', text.indexOf('{"a": ') + 99 * '{"a": '.length]]);
  const hp = ds.find((d) => d.code === 'invalid-value' && d.message.startsWith('"hp" is [[['))!;
  assert.ok(hp.message.length < 200, hp.message);
  assert.equal(covered(ws, ds.find((d) => d.message.startsWith('"hp" is "x"'))!), '"x"', 'later definitions are located');
  assert.deepEqual(documentSymbols(ws.project, f).map((s) => [s.name, text.slice(s.selection.start, s.selection.end)]), [['mon_deep', '"mon_deep"'], ['mon_after', '"mon_after"']]);
  assert.match(hover(ws.project, f, text.indexOf('"mon_deep"') + 2)!.markdown, /monster `mon_deep`/);
  assert.match(hover(ws.project, f, text.lastIndexOf('"mon_deep"') + 2)!.markdown, /\| hp \| `\[\[\[/);
  assert.equal(hover(ws.project, f, text.indexOf('[[[') + 3000), undefined);
  assert.deepEqual(complete(ws.project, f, text.indexOf('{"a": ') + 3000).items, []);
  assert.equal(definitions(ws.project, f, text.lastIndexOf('"mon_deep"') + 2).length, 1);
});

test('a recipe with thousands of overlapping component groups is judged without deep recursion', async () => {
  const { alternativesCount } = await import('../../server/src/checks/tooComplex');
  assert.equal(alternativesCount(Array.from({ length: 20_000 }, () => ['rag', 'jeans'])), undefined);
});

test('a number out of the range of a double (1e309) is an invalid number where it is written, not "null"', () => {
  const huge = `1${'0'.repeat(400)}`;
  const text = `[\n${JSON.stringify(monster('mon_big')).replace('"hp":10', '"hp":1e309').replace('"speed":100', `"speed":${huge}`).replace('"name":{"str":"mon_big"}', '"name":-2E+400')},\n`
    + `${JSON.stringify(monster('mon_fine', { armor_bash: 1.5e308, dodge: 0 })).replace('"dodge":0', '"dodge":1e-400')}\n]`;
  const ws = workspace(mod({ 'a.json': text }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => [d.code, covered(ws, d)]), [['invalid-value', '-2E+400'], ['invalid-value', '1e309'], ['invalid-value', huge]]);
  assert.match(ds[1].message, /^1e309 is not a valid number: it is out of range/);
  assert.ok(ds.every((d) => !/null/.test(d.message)), ds.map((d) => d.message).join('\n'));
  // A broken file (the tolerant parser) says the same.
  ws.project.updateFile(ws.file('m/a.json'), text.replace('\n]', ',\n]'));
  assert.deepEqual(ws.diagnostics('m/a.json').map((d) => [d.code, covered(ws, d)]), [['invalid-value', '-2E+400'], ['invalid-value', '1e309'], ['invalid-value', huge], ['json-syntax', ']']]);
});

test('duplicate-key: a member written twice in one object warns at the second, the first as related information', () => {
  const text = `[\n${JSON.stringify(monster('mon_dup')).slice(0, -1)}, "hp": 20, "upgrades": { "into": "mon_zombie", "half_life": 2, "\\u0069nto": "mon_dog" }, "//": "a", "//": "b" },\n`
    + `${JSON.stringify(monster('mon_fine', { special_attacks: [{ type: 'bite', cooldown: 1 }, { type: 'bite', cooldown: 2 }], upgrades: { half_life: 1, into: 'mon_zombie' } }))}\n]`;
  const ws = workspace(mod({ 'a.json': text }));
  const check = (t: string): void => {
    const dups = ws.diagnostics('m/a.json').filter((d) => d.code === 'duplicate-key');
    assert.deepEqual(dups.map((d) => [d.severity, covered(ws, d), d.start]), [['warning', '"hp"', t.indexOf('"hp": 20')], ['warning', '"\\u0069nto"', t.indexOf('"\\u0069nto"')]]);
    assert.match(dups[0].message, /"hp".*the game reads only one of them/);
    assert.deepEqual(dups.map((d) => d.related?.map((r) => [r.path, r.start, r.message])), [
      [[ws.file('m/a.json'), t.indexOf('"hp"', t.indexOf('"mon_dup"')), 'first "hp" of this object']],
      [[ws.file('m/a.json'), t.indexOf('"into"', t.indexOf('"mon_dup"')), 'first "into" of this object']],
    ]);
  };
  check(text);
  // Memoized with the definition: still right after an edit before it moves it.
  const moved = `[\n${JSON.stringify(monster('mon_new'))},${text.slice(1)}`;
  ws.project.updateFile(ws.file('m/a.json'), moved);
  check(moved);
});

test('values of a file\'s array that are not objects: each gets a diagnostic; later definitions keep their places', () => {
  const def = (id: string): string => JSON.stringify(monster(id, { hp: 'x' }));
  const text = `[ 1, ${def('mon_one')}, "stray", [ ${def('mon_nested')} ], null, -2.5e3, ${def('mon_two')} ]`;
  // A folder's index.json listing file names (the current game's json/mapgen/index.json) is no content.
  const ws = workspace(mod({ 'a.json': text, 'index.json': ['a.json', 'b.json'] }));
  assert.deepEqual(ws.diagnostics('m/index.json'), []);
  const expected = [
    ['json-syntax', '1'], ['invalid-value', '"x"'], ['json-syntax', '"stray"'], ['json-syntax', '['], ['json-syntax', 'null'], ['json-syntax', '-2.5e3'], ['invalid-value', '"x"'],
  ];
  const seen = (): string[][] => ws.diagnostics('m/a.json').map((d) => [d.code, covered(ws, d)]);
  assert.deepEqual(seen(), expected);
  const ds = ws.diagnostics('m/a.json');
  assert.match(ds[0].message, /^Expected a definition object .* not a number/);
  assert.match(ds[3].message, /not an array/);
  assert.deepEqual(ds.filter((d) => d.code === 'invalid-value').map((d) => d.start), [text.indexOf('"x"'), text.lastIndexOf('"x"')]);
  assert.deepEqual(ws.project.defs.get('MONSTER', 'mon_nested'), [], 'an object inside a nested array is no definition');
  // Through an edit, and in a file with a syntax error (the tolerant path).
  ws.project.updateFile(ws.file('m/a.json'), text.replace('"stray"', '"stray2"'));
  assert.deepEqual(seen(), expected.map(([c, t]) => [c, t === '"stray"' ? '"stray2"' : t]));
  ws.project.updateFile(ws.file('m/a.json'), `${text.slice(0, -2)}, ]`);
  assert.deepEqual(seen(), [...expected, ['json-syntax', ']']]);
});

test('did you mean: never the unknown id itself, nor an id unresolved for the same reason; out of sight: says where', () => {
  const ws = workspace({
    ...mod({
      'a.json': [
        // Its babies are of its own kind (0.F mon_rabbit): a reference to itself resolves.
        monster('mon_rabbit', { reproduction: { baby_monster: 'mon_rabbit', baby_count: 1, baby_timer: 5 }, upgrades: { half_life: 3, into: 'mon_rabbit' } }),
        { type: 'MONSTER', id: 'mon_example_after_error', 'edit-mode': 'modify', hp: 2 },
        { type: 'MONSTER', id: 'mon_example_after', 'edit-mode': 'modify', hp: 2 },
        { type: 'MONSTER', id: 'mon_self_parent', 'copy-from': 'mon_self_parent', hp: 3 },
        { type: 'MONSTER', id: 'mon_hidden', 'edit-mode': 'modify', hp: 2 },
        monster('mon_b', { upgrades: { half_life: 3, into: 'mon_elsewhere' } }),
      ],
    }),
    'other/modinfo.json': modinfo('other'),
    'other/a.json': [monster('mon_hidden'), monster('mon_elsewhere')],
  });
  const ds = ws.diagnostics('m/a.json');
  const byId = (needle: string): string[] => ds.filter((d) => d.message.includes(needle)).map((d) => `${d.code}: ${d.message}`);
  assert.deepEqual(byId('mon_rabbit'), [], 'a self-reference resolves');
  // Modify of an id that only other modify records name: neither is suggested for the other.
  for (const id of ['mon_example_after_error', 'mon_example_after']) {
    const [d] = byId(`"${id}" has`);
    assert.match(d, /^modify-missing: /);
    assert.doesNotMatch(d, /did you mean/, d);
  }
  assert.deepEqual(ds.filter((d) => d.code === 'modify-missing' && d.message.includes('mon_example')).map((d) => d.fixes), [undefined, undefined].map(() => []));
  const [self] = byId('"copy-from": unknown monster "mon_self_parent"');
  assert.doesNotMatch(self, /did you mean/, self);
  // Defined, but in a mod this one does not depend on: said instead of a did-you-mean.
  assert.deepEqual(byId('mon_hidden').map((d) => d.replace(/ but .*;/, ';')), [
    'modify-missing: monster "mon_hidden" has "edit-mode": "modify"; "mon_hidden" is defined in mod "other", which mod "m" does not depend on (add it to "dependencies" in modinfo.json)',
  ]);
  assert.deepEqual(byId('mon_elsewhere'), [
    'unknown-id: "upgrades.into": unknown monster "mon_elsewhere"; "mon_elsewhere" is defined in mod "other", which mod "m" does not depend on (add it to "dependencies" in modinfo.json)',
  ]);
});

test('a misspelt edit-mode: one invalid-value with did-you-mean, no cascade of missing members or duplicate ids', () => {
  const ws = workspace(mod({
    'a.json': [
      { type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modfy', hp: 3 },
      { type: 'MONSTER', id: 'mon_new', 'edit-mode': 'overide', hp: 3 },
      monster('mon_new'),
      { type: 'profession', id: 'unemployed', 'edit-mode': 3, 'add:flags': ['SCEN_ONLY'] },
    ],
  }));
  const ds = ws.diagnostics('m/a.json');
  assert.deepEqual(ds.map((d) => [d.code, covered(ws, d)]), [['invalid-value', '"modfy"'], ['invalid-value', '"overide"'], ['invalid-value', '3']]);
  assert.match(ds[0].message, /"edit-mode": "modfy" is not a valid value.*did you mean "modify"/);
  assert.deepEqual(ds[0].fixes, [{ kind: 'replaceValue', text: 'modify' }]);
});
