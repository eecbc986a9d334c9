/**
 * scripts/gen-documented-names.mjs: the member names the game's doc/JSON documents give, as a user regenerates
 * them (`node scripts/gen-documented-names.mjs DOC_DIR VERSION OUT_FILE`). A name is kept only where the documents
 * write it as a member (a JSON example's key, a member table's first cell, a heading, a listed key), never a
 * value written in backticks in prose or a table of values.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync } from 'child_process';

const SCRIPT = path.resolve(__dirname, '..', '..', '..', 'scripts', 'gen-documented-names.mjs');

const DOC = `# Martial arts
Some prose with \`bash\`, \`str\` and \`dodge_counter\` values; a value is not a member.

\`\`\`json
{ "type": "martial_art", "static_eocs": [ "EOC" ], "Foo": 1, "//": "comment" }
\`\`\`

\`\`\`jsonc
"str_mod"           // a key listed with its comment
"good"
\`\`\`

| Identifier | Description
|---         |---
| \`onhit_eocs\` | run on a hit, see \`damage\`
| \`"weapons"\`, \`weapon_category\` | two names in one cell

 Field      | Description
---         | ---
\`hour\`      | a table without a leading bar

| Limb score id | Description
|---            |---
| \`consume_liquid\` | a table of values, not of members

| name | role
|------|------
| \`"spaced_high"\` | values again

#### \`city_sizes\`
- \`"leftovers"\`: a listed member
- \`nicotine_effect\`
`;

test('gen-documented-names keeps the names the documents write as members, and only those', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-docs-'));
  try {
    fs.writeFileSync(path.join(dir, 'MARTIALART_JSON.md'), DOC);
    fs.writeFileSync(path.join(dir, 'SOURCES'), 'MARTIALART_JSON.md 0123456789abcdef0123456789abcdef01234567\n');
    const out = path.join(dir, 'documented-test.ts');
    execFileSync(process.execPath, [SCRIPT, dir, 'test', out]);
    const text = fs.readFileSync(out, 'utf8');
    const names = /`\n([^`]*)\n`/.exec(text)![1].split(/\s+/).filter((n) => n !== '').sort();
    assert.deepEqual(names, ['city_sizes', 'hour', 'leftovers', 'onhit_eocs', 'static_eocs', 'str_mod', 'type', 'weapon_category', 'weapons']);
    assert.match(text, /MARTIALART_JSON\.md @ 0123456789ab: 9/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
