/** LineIndex converts like an LSP client and vscode-languageserver-textdocument (the open documents) do. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../../server/src/syntax/lineIndex';

test('a position past a line\'s end is the line\'s end (LSP), not the next line; an offset inside \\r\\n is before it', () => {
  for (const text of ['ab\ncd\r\nef\rg\n\n😀x\r\n', 'ab\ncd\n\n😀x\n', '', '\n', '\r\n\r\n', 'no newline']) {
    const index = new LineIndex(text);
    const doc = TextDocument.create('file:///x.json', 'json', 1, text);
    for (let line = 0; line < doc.lineCount + 2; line++) {
      for (let character = 0; character < 8; character++) {
        assert.equal(index.offsetAt({ line, character }), doc.offsetAt({ line, character }), `${JSON.stringify(text)} ${line}:${character}`);
      }
    }
    for (let offset = 0; offset <= text.length + 1; offset++) assert.deepEqual(index.positionAt(offset), doc.positionAt(offset), `${JSON.stringify(text)} @${offset}`);
  }
});
