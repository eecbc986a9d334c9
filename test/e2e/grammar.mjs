#!/usr/bin/env node
// Checks syntaxes/cdda-json.injection.tmLanguage.json with the very TextMate engine and JSON grammar
// VS Code 1.100 uses (vscode-textmate, vscode-oniguruma and extensions/json from code-server in .e2e/).
// Run by `npm run test:e2e` before the editor scenarios; also runnable alone: node test/e2e/grammar.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vscodeDir = path.join(root, '.e2e/node_modules/code-server/lib/vscode');
const require = createRequire(path.join(vscodeDir, 'package.json'));
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
const grammars = {
  'source.json': path.join(vscodeDir, 'extensions/json/syntaxes/JSON.tmLanguage.json'),
  'cdda.json.injection': path.join(root, 'syntaxes/cdda-json.injection.tmLanguage.json'),
};
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (p) => new oniguruma.OnigScanner(p),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async (scopeName) => {
    const file = grammars[scopeName];
    return file ? vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null;
  },
  getInjections: (scopeName) => (scopeName === 'source.json' ? ['cdda.json.injection'] : []),
});
const grammar = await registry.loadGrammar('source.json');

function tokenize(text) {
  let ruleStack = vsctm.INITIAL;
  const out = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, ruleStack);
    for (const t of r.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    ruleStack = r.ruleStack;
  }
  return out;
}
const sample = `[
  {
    "//": "a comment, with a comma",
    "//2": [ "more", "comments" ],
    "type": "MONSTER",
    "id": "mon_x",
    "volume": "62500 ml",
    "weight": "12 kg",
    "bad": "62500 mL",
    "time": "1 h 30 m",
    "name": { "str": "5 s" },
    "spawn": "2 d",
    "capacity": "2 L",
    "x": 3
  }
]`;
const tokens = tokenize(sample);
let failures = 0;
function expect(text, scopePart, nth = 0, negate = false) {
  const hits = tokens.filter((t) => t.text === text);
  const t = hits[nth];
  const ok = t && (negate ? !t.scopes.some((s) => s.includes(scopePart)) : t.scopes.some((s) => s.includes(scopePart)));
  if (!ok) {
    failures++;
    console.error(`grammar: FAIL ${JSON.stringify(text)}#${nth} ${negate ? 'not ' : ''}${scopePart}: ${t ? t.scopes.join(' ') : 'no such token'}`);
  }
}
expect('//', 'comment.line.double-slash.cdda');
expect('"a comment, with a comma"', 'comment.line.double-slash.cdda');
expect('//2', 'comment.line.double-slash.cdda');
expect('"more"', 'comment');
expect('"comments"', 'comment');
expect('type', 'support.type.property-name.json');
expect('type', 'comment', 0, true);
expect('62500', 'constant.numeric.cdda');
expect('ml', 'keyword.other.unit.cdda');
expect('12', 'constant.numeric.cdda');
expect('kg', 'keyword.other.unit.cdda');
expect('1', 'constant.numeric.cdda');
expect('h', 'keyword.other.unit.cdda');
expect('m', 'keyword.other.unit.cdda');
expect('5', 'constant.numeric.cdda');
expect('s', 'keyword.other.unit.cdda');
expect('d', 'keyword.other.unit.cdda');
expect('L', 'keyword.other.unit.cdda');
expect('62500 mL', 'string.quoted.double.json');
expect('62500 mL', 'constant.numeric', 0, true);
expect('3', 'constant.numeric.json');
expect(',', 'invalid', 0, true);
if (tokens.some((t) => t.scopes.some((s) => s.startsWith('invalid')))) {
  failures++;
  console.error('grammar: FAIL invalid tokens: ' + tokens.filter((t) => t.scopes.some((s) => s.startsWith('invalid'))).map((t) => t.text).join(' '));
}
if (failures) {
  for (const t of tokens) if (t.text.trim()) console.error(`  ${JSON.stringify(t.text)} ${t.scopes.slice(1).join(' ')}`);
  console.error(`grammar: ${failures} failure(s)`);
  process.exit(1);
}
console.log(`grammar: ok (${tokens.length} tokens checked)`);
