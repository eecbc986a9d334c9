/**
 * The CLI reads a checked file's text no more often than its check needs: lines and columns are given while the
 * text is at hand, not after the last file, when most of the texts are gone from the store's few kept ones.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fs = require('fs');
import * as path from 'path';
import { modinfo, workspace, using, type FileTree } from '../helpers/workspace';
import { lint, toJsonDiagnostics } from '../../server/src/cli/lint';

test('a whole check reads a file with diagnostics twice: to index it, to check it (none again for lines and columns)', () => {
  // More files than the store keeps texts of (RECENT_DISK_TEXTS), each with diagnostics in a monster.
  const files: FileTree = { 'm/modinfo.json': modinfo('m', ['dda']) };
  for (let i = 0; i < 60; i++) files[`m/monsters_${i}.json`] = [{ type: 'MONSTER', id: `mon_${i}`, name: { str: 'x' }, symbol: 'x', upgrades: { half_life: 1, into: 'mon_nowhere' } }];
  using(workspace(files), (ws) => {
    const reads = new Map<string, number>();
    const readFileSync = fs.readFileSync;
    (fs as { readFileSync: unknown }).readFileSync = function (this: unknown, ...args: Parameters<typeof fs.readFileSync>) {
      const p = String(args[0]);
      reads.set(p, (reads.get(p) ?? 0) + 1);
      return readFileSync.apply(this, args);
    };
    let json;
    try {
      json = toJsonDiagnostics(lint({ paths: [ws.mods], gamePath: ws.game }));
    } finally {
      (fs as { readFileSync: unknown }).readFileSync = readFileSync;
    }
    const withUnknownId = new Set(json.filter((d) => d.code === 'unknown-id').map((d) => d.file));
    assert.equal(withUnknownId.size, 60);
    for (const file of withUnknownId) assert.equal(reads.get(file), 2, `${path.basename(file)} read ${reads.get(file)} times`);
  });
});
