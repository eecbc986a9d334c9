/**
 * The cursor features act on the text at the cursor, also where the parsed value and the text disagree: a member
 * written twice (`"copy-from": "mon_c_one", "copy-from": "mon_c_two"`: the value, like the game, keeps the last)
 * and an array missing a comma (`[ "rag" "jeans", "tshirt" ]`, as an element is typed). Hover, definition,
 * references, prepareRename and rename answer for the id written where the cursor is; rename rewrites only text
 * that names the id renamed.
 */
import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import type { Hover, Location, MarkupContent, Range, WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { TestClient, positionOf, uri } from './client';
import { writeFixture, type Fixture } from './fixture';
import { modinfo } from '../helpers/workspace';

/** Offset of a position in a text with \n line ends. */
function offsetOf(text: string, line: number, character: number): number {
  let off = 0;
  for (let l = 0; l < line; l++) off = text.indexOf('\n', off) + 1;
  return off + character;
}

const covered = (text: string, r: Range): string => text.slice(offsetOf(text, r.start.line, r.start.character), offsetOf(text, r.end.line, r.end.character));

const MONSTERS = `[
  { "type": "MONSTER", "id": "mon_c_one", "copy-from": "mon_zombie" },
  { "type": "MONSTER", "id": "mon_c_two", "copy-from": "mon_zombie" },
  { "type": "MONSTER", "id": "mon_c_dup", "copy-from": "mon_c_one", "copy-from": "mon_c_two" },
  { "type": "MONSTER", "id": "mon_c_lost", "copy-from": "mon_c_one", "copy-from": "mon_c_nope" }
]
`;

const PROFESSION = `[
  { "type": "profession", "id": "c_prof", "name": "P", "description": "d", "points": 0, "items": { "both": [ "rag", "jeans", "tshirt" ] } }
]
`;

describe('language server: the text at the cursor, where the parsed value differs from it', () => {
  let fx: Fixture;
  let client: TestClient;
  const monsters = (): string => fx.file('mod_c/monsters.json');
  const profession = (): string => fx.file('mod_c/profession.json');

  before(async () => {
    fx = writeFixture();
    fs.mkdirSync(fx.file('mod_c'));
    fs.writeFileSync(fx.file('mod_c/modinfo.json'), JSON.stringify(modinfo('mod_c')));
    fs.writeFileSync(monsters(), MONSTERS);
    fs.writeFileSync(profession(), PROFESSION);
    client = new TestClient({ roots: [fx.ws], initializationOptions: { gamePath: fx.game } });
    await client.initialize();
    await client.waitForReady();
  });

  after(async () => {
    await client?.stop();
  });

  /** What hover says an id is (`monster \`mon_c_one\``), and the text its range covers. */
  const hoverAt = async (file: string, text: string, needle: string, n: number): Promise<{ id: string | undefined; covers: string }> => {
    const h = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: uri(file) }, position: positionOf(text, needle, 2, n) });
    const md = (h?.contents as MarkupContent | undefined)?.value ?? '';
    return { id: /— \S+ `([^`]+)`/.exec(md)?.[1], covers: h?.range ? covered(text, h.range) : '' };
  };
  /** The texts the definitions of the id at a position cover. */
  const definitionsAt = async (file: string, text: string, needle: string, n: number): Promise<string[]> => {
    const locs = await client.request<Location[] | null>('textDocument/definition', { textDocument: { uri: uri(file) }, position: positionOf(text, needle, 2, n) });
    return (locs ?? []).map((l) => covered(fs.readFileSync(new URL(l.uri), 'utf8'), l.range));
  };

  test('a member written twice: hover, definition, references and rename act on the value under the cursor', async () => {
    const text = MONSTERS;
    // The shadowed value (the first "copy-from" of mon_c_dup: the game reads the second).
    assert.deepEqual(await hoverAt(monsters(), text, '"mon_c_one"', 2), { id: 'mon_c_one', covers: '"mon_c_one"' });
    assert.deepEqual(await definitionsAt(monsters(), text, '"mon_c_one"', 2), ['"mon_c_one"']);
    // The value read.
    assert.deepEqual(await hoverAt(monsters(), text, '"mon_c_two"', 2), { id: 'mon_c_two', covers: '"mon_c_two"' });
    assert.deepEqual(await definitionsAt(monsters(), text, '"mon_c_two"', 2), ['"mon_c_two"']);

    // References of mon_c_two: its text in mon_c_dup, not the shadowed "mon_c_one" before it.
    const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: uri(monsters()) }, position: positionOf(text, '"mon_c_two"', 2), context: { includeDeclaration: false } });
    assert.deepEqual(refs.map((l) => covered(text, l.range)), ['"mon_c_two"']);
    assert.equal(refs[0].range.start.line, 3);

    const prep = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri: uri(monsters()) }, position: positionOf(text, '"mon_c_one"', 2, 2) });
    assert.equal(prep.placeholder, 'mon_c_one');
    assert.equal(covered(text, prep.range), 'mon_c_one');

    // Rename rewrites only text naming the id renamed: never mon_c_two's definition or the value read.
    for (const [needle, n] of [['"mon_c_one"', 2], ['"mon_c_two"', 2], ['"mon_c_one"', 1]] as const) {
      const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri(monsters()) }, position: positionOf(text, needle, 2, n), newName: 'mon_c_new' });
      const rewritten = (edit.changes?.[uri(monsters())] ?? []).map((e) => `${e.range.start.line}:${covered(text, e.range)}`).sort();
      const id = JSON.parse(needle) as string;
      assert.ok(rewritten.every((w) => w.endsWith(needle)), `rename of ${id} at occurrence ${n} rewrites ${rewritten.join(', ')}`);
      // Its definition and the occurrence under the cursor are among them.
      const cursorLine = positionOf(text, needle, 2, n).line;
      assert.ok(rewritten.includes(`${cursorLine}:${needle}`), `rename of ${id} at line ${cursorLine}: ${rewritten.join(', ')}`);
      assert.ok(rewritten.includes(`${id === 'mon_c_one' ? 1 : 2}:${needle}`), `rename of ${id}: its definition (${rewritten.join(', ')})`);
    }
  });

  test('a member written twice: the unknown id read is reported on its own text, not on the shadowed one', async () => {
    const d = await client.waitForDiagnostics(monsters(), (ds) => ds.some((x) => x.code === 'unknown-id'), 10_000, true);
    assert.deepEqual(d.diagnostics.filter((x) => x.code === 'unknown-id').map((x) => `${x.range.start.line}:${covered(MONSTERS, x.range)}`), ['4:"mon_c_nope"']);
  });

  test('an array missing a comma (an element being typed): hover and definition answer for the element under the cursor', async () => {
    await client.open(profession(), PROFESSION);
    const typed = PROFESSION.replace('"rag",', '"rag"');
    await client.change(profession(), typed);
    for (const id of ['rag', 'jeans', 'tshirt']) {
      assert.deepEqual(await hoverAt(profession(), typed, `"${id}"`, 1), { id, covers: `"${id}"` }, `hover on "${id}"`);
      assert.deepEqual(await definitionsAt(profession(), typed, `"${id}"`, 1), [`"${id}"`], `definition of "${id}"`);
      // The game's items cannot be renamed: the refusal names the id under the cursor.
      await assert.rejects(
        client.request('textDocument/prepareRename', { textDocument: { uri: uri(profession()) }, position: positionOf(typed, `"${id}"`, 2) }),
        (e: Error) => e.message.includes(`"${id}"`),
      );
    }
    await client.close(profession());
  });
});
