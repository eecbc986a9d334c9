/**
 * FileStore (server/src/workspace/fileStore.ts): the files and their text. An unreadable file is a problem until
 * it reads again, a missing one is none; texts read from disk are kept a while (32 of them), an edited file's text
 * wins over the disk's; a member of a record is found in the text.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { FileStore } from '../../../server/src/workspace/fileStore';
import { fileWith } from '../../helpers/rooms';

/** A disk in memory: texts by path, errors by path, and how many times each path was read. */
function fakeDisk(): { texts: Map<string, string>; errors: Map<string, string>; reads: Map<string, number>; read: (p: string) => string } {
  const texts = new Map<string, string>();
  const errors = new Map<string, string>();
  const reads = new Map<string, number>();
  const read = (p: string): string => {
    reads.set(p, (reads.get(p) ?? 0) + 1);
    const code = errors.get(p);
    if (code) throw Object.assign(new Error(`${code}: cannot read ${p}`), { code });
    const t = texts.get(p);
    if (t === undefined) throw Object.assign(new Error(`ENOENT: no such file ${p}`), { code: 'ENOENT' });
    return t;
  };
  return { texts, errors, reads, read };
}

test('an unreadable file is a problem on it, cleared when it reads again; a missing file is no problem', () => {
  const disk = fakeDisk();
  const store = new FileStore(disk.read);
  disk.texts.set('/w/a.json', '[]');
  disk.errors.set('/w/a.json', 'EACCES');
  assert.equal(store.safeRead('/w/a.json'), undefined);
  assert.equal(store.problemOf('/w/a.json')?.code, 'unreadable-file');
  assert.match(store.problemOf('/w/a.json')!.message, /cannot be read \(EACCES\)/);
  disk.errors.delete('/w/a.json');
  assert.equal(store.safeRead('/w/a.json'), '[]');
  assert.equal(store.problemOf('/w/a.json'), undefined, 'readable again: the problem is gone');

  assert.equal(store.safeRead('/w/gone.json'), undefined);
  assert.equal(store.problemOf('/w/gone.json'), undefined, 'ENOENT is a deletion, not a problem');
  assert.deepEqual([...store.problemEntries()], []);
});

test('a successful read clears only an unreadable-file problem, not another whole-file problem', () => {
  const disk = fakeDisk();
  const store = new FileStore(disk.read);
  disk.texts.set('/w/modinfo.json', '[]');
  store.setProblem('/w/modinfo.json', { code: 'invalid-modinfo', message: 'declares no mod' });
  store.safeRead('/w/modinfo.json');
  assert.equal(store.problemOf('/w/modinfo.json')?.code, 'invalid-modinfo');
  store.clearProblem('/w/modinfo.json', 'duplicate-mod');
  assert.equal(store.problemOf('/w/modinfo.json')?.code, 'invalid-modinfo', 'a clear of another code leaves it');
  store.clearProblem('/w/modinfo.json');
  assert.equal(store.problemOf('/w/modinfo.json'), undefined);
});

test('the texts read from disk are kept, the 32 most recently asked; the 33rd pushes out the least recent', () => {
  const disk = fakeDisk();
  const store = new FileStore(disk.read);
  const paths = Array.from({ length: 33 }, (_, i) => `/w/f${i}.json`);
  for (const p of paths) disk.texts.set(p, `[ "${p}" ]`);
  const files = paths.map((p) => store.fileFor(p));
  for (const f of files) assert.equal(store.textOf(f), `[ "${f.path}" ]`);
  assert.ok(paths.every((p) => disk.reads.get(p) === 1));
  // The last 32 are held: asking again reads nothing, and makes f1 the most recent.
  for (const f of [...files.slice(2), files[1]]) store.textOf(f);
  assert.ok(paths.slice(1).every((p) => disk.reads.get(p) === 1), 'the 32 most recent texts are not read again');
  store.textOf(files[0]);
  assert.equal(disk.reads.get(paths[0]), 2, 'the first was pushed out and is read again');
  // That read pushed out the least recently asked (f2), not the first read of those held (f1).
  store.textOf(files[1]);
  assert.equal(disk.reads.get(paths[1]), 1);
  store.textOf(files[2]);
  assert.equal(disk.reads.get(paths[2]), 2);
});

test('an edited file\'s text wins over the disk\'s; a text forgotten is read again from disk', () => {
  const disk = fakeDisk();
  const store = new FileStore(disk.read);
  disk.texts.set('/w/a.json', '[ "disk" ]');
  const file = store.fileFor('/w/a.json');
  assert.equal(store.textOf(file), '[ "disk" ]');
  file.text = '[ "edited" ]';
  assert.equal(store.textOf(file), '[ "edited" ]');
  file.text = undefined;
  disk.texts.set('/w/a.json', '[ "disk, changed" ]');
  assert.equal(store.textOf(file), '[ "disk" ]', 'kept until told the disk changed');
  store.forgetDiskText('/w/a.json');
  assert.equal(store.textOf(file), '[ "disk, changed" ]');
});

test('locate finds a member\'s value and key in a well-formed file and in a broken one', () => {
  const store = new FileStore(() => { throw new Error('no disk'); });
  const good = '[\n  { "type": "GENERIC", "id": "a" },\n  { "type": "GENERIC", "id": "b", "name": { "str": "bee" } }\n]\n';
  const broken = '[\n  { "type": "GENERIC", "id": "a", },\n  { "type": "GENERIC", "id": "b", "name": { "str": "bee" } }\n';
  for (const text of [good, broken]) {
    const file = fileWith(store, '/w/items.json', 'm', text);
    assert.equal(file.parsed.wellFormed === true, text === good);
    const b = file.records.find((r) => r.ids.includes('b'))!;
    const at = (r: { start: number; end: number }): string => text.slice(r.start, r.end);
    assert.equal(at(store.locate(b, ['name', 'str'])), '"bee"');
    assert.equal(at(store.locate(b, ['name'], 'key')), '"name"');
    assert.equal(at(store.locate(b, ['id'])), '"b"');
  }
});

test('an object\'s whole value is read again from the file\'s current text; a file not reported leaves the recent texts alone', () => {
  const disk = fakeDisk();
  const store = new FileStore(disk.read);
  const objects = [{ type: 'GENERIC', id: 'a', name: 'a' }, { type: 'GENERIC', id: 'b', name: { str: 'b' } }, { type: 'GENERIC', id: 'c', flags: ['X'] }];
  const edited = fileWith(store, '/w/edited.json', 'm', JSON.stringify(objects));
  assert.deepEqual([0, 1, 2].map((i) => edited.fullValueOf(i)), objects);
  const changed = objects.map((o) => ({ ...o, name: `${o.id} changed` }));
  fileWith(store, '/w/edited.json', 'm', JSON.stringify(changed));
  assert.deepEqual([2, 1, 0].map((i) => edited.fullValueOf(i)), [changed[2], changed[1], changed[0]], 'not the values of the text before');

  for (const reported of [false, true]) {
    const p = `/w/disk_${reported}.json`;
    disk.texts.set(p, JSON.stringify(objects));
    const file = fileWith(store, p, 'm', JSON.stringify(objects));
    file.text = undefined;
    file.reported = reported;
    assert.deepEqual([0, 1, 2].map((i) => file.fullValueOf(i)), objects);
    assert.equal(disk.reads.get(p), 1, 'read once for all its objects');
    store.textOf(file);
    assert.equal(disk.reads.get(p), reported ? 1 : 2, reported ? 'a reported file\'s text is kept (its diagnostics are located in it)' : 'a pass over every file keeps no text');
  }
});

test('whole values of a few files are kept: a map generator\'s file is not parsed again after its palettes\' files are read', () => {
  const disk = fakeDisk();
  const store = new FileStore(disk.read);
  // Files read from disk and not reported: each parse of a whole file is one read of it.
  const onDisk = (p: string, objects: Record<string, unknown>[]): ReturnType<typeof fileWith> => {
    disk.texts.set(p, JSON.stringify(objects));
    const file = fileWith(store, p, 'm', JSON.stringify(objects));
    file.text = undefined;
    return file;
  };
  const maps = [{ type: 'mapgen', om_terrain: 'a', object: { palettes: ['p1'] } }, { type: 'mapgen', om_terrain: 'b', object: { palettes: ['p2', 'p3'] } }];
  const map = onDisk('/w/maps.json', maps);
  const palettes = ['p1', 'p2', 'p3'].map((id) => onDisk(`/w/${id}.json`, [{ type: 'palette', id, terrain: { '.': 't_grass' } }]));
  assert.deepEqual(map.fullValueOf(0), maps[0]);
  for (const p of palettes) p.fullValueOf(0);
  assert.deepEqual(map.fullValueOf(1), maps[1]);
  assert.equal(disk.reads.get('/w/maps.json'), 1, 'the map generators\' file parsed once, its palettes read in between');
  // Kept a while, not for ever: five other files later it is read again.
  for (const id of ['q1', 'q2', 'q3', 'q4', 'q5']) onDisk(`/w/${id}.json`, [{ type: 'palette', id }]).fullValueOf(0);
  assert.deepEqual(map.fullValueOf(0), maps[0]);
  assert.equal(disk.reads.get('/w/maps.json'), 2);
});

test('in a project checked once, one object asked of a file is parsed alone, several members of it too; a second object parses the whole file', () => {
  const disk = fakeDisk();
  // Files that do not change while the store lives (see ProjectOptions.forOneCheck).
  const store = new FileStore(disk.read, true);
  const objects = Array.from({ length: 50 }, (_, i) => ({ type: 'GENERIC', id: `item_${i}`, flags: ['PSEUDO'], extend: { flags: ['X'] } }));
  const text = JSON.stringify(objects, null, 2);
  const p = '/w/items.json';
  disk.texts.set(p, text);
  const file = fileWith(store, p, 'm', text);
  file.text = undefined;
  file.reported = true;
  // The file's objects located, as a check of its records does (their offsets: syntax/parseFile.ts regionAt).
  assert.equal(text[file.records[7].start], '{');
  // What JSON.parse is given, in characters (a whole-game check asks an item's flags, extend and delete in turn).
  let parsed = 0;
  const parse = JSON.parse;
  JSON.parse = (t: string, ...rest: unknown[]): unknown => { parsed += t.length; return (parse as (t: string, ...r: unknown[]) => unknown)(t, ...rest); };
  try {
    for (const member of ['flags', 'extend', 'delete']) file.fullValueOf(7)[member];
    assert.deepEqual(file.fullValueOf(7), objects[7]);
    assert.ok(parsed < text.length / 20, `one object's text parsed, not the file's (${parsed} of ${text.length} characters)`);
    assert.deepEqual(file.fullValueOf(8), objects[8]);
    assert.ok(parsed > text.length, 'a second object: the whole file');
    parsed = 0;
    assert.deepEqual([9, 10, 7].map((i) => file.fullValueOf(i)), [objects[9], objects[10], objects[7]]);
    assert.equal(parsed, 0, 'then kept');
  } finally {
    JSON.parse = parse;
  }
  assert.equal(disk.reads.get(p), 1);
});
