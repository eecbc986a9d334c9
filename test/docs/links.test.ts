/**
 * The README and docs/ as a reader follows them: every relative link and image names a file of the repository,
 * and every `#anchor` a heading of the file it points into (as GitHub makes anchors); the README's table of
 * diagnostic codes has a row for every code the tools report (server/src/cli/codes.ts).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CODE_DESCRIPTIONS } from '../../server/src/cli/codes';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DOCUMENTS = ['README.md', 'CHANGELOG.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1])));
}

test('every relative link of the README and docs/ reaches a file, and its #anchor a heading there', () => {
  const broken: string[] = [];
  for (const doc of DOCUMENTS) {
    const text = fs.readFileSync(path.join(ROOT, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, link] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [target, anchor] = link.split('#');
      const file = target ? path.resolve(path.dirname(path.join(ROOT, doc)), target) : path.join(ROOT, doc);
      if (!fs.existsSync(file)) broken.push(`${doc}: ${link} (no such file)`);
      else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${doc}: ${link} (no such heading)`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the README\'s table of diagnostic codes has a row for every code', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const rows = new Set([...readme.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]));
  assert.deepEqual(Object.keys(CODE_DESCRIPTIONS).filter((code) => !rows.has(code)), []);
});
