/**
 * The current game's data (0.I / experimental: core + 39 mods, 5,248 files) checked as the current game: the
 * game loads all of it, so every diagnostic is a genuine violation of the current format — each class counted
 * and justified here — or a bug of ours. The corpus is not part of the project: the test reads it from
 * CDDA_CURRENT_GAME (a folder holding json/ and mods/; `.ci/run` unpacks ../shared/corpora there) and is
 * skipped without it.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { lint } from '../../server/src/cli/lint';
import { classOf } from '../helpers/diagnosticClasses';

const GAME = process.env.CDDA_CURRENT_GAME ?? '';
const present = GAME !== '' && fs.existsSync(path.join(GAME, 'json'));
const skip = present ? false : 'CDDA_CURRENT_GAME is not set to the current game data (unpack ../shared/corpora/cdda-0.I-experimental.tar.xz and point it at cdda-0.I-experimental)';

/** class -> [count, why the current game's data has it]. */
const EXPECTED: Record<string, [number, string]> = {};

test('the current game data, checked as the current game: every class of diagnostic justified, with its count', { skip }, () => {
  const result = lint({ paths: [GAME], gamePath: GAME });
  assert.equal(result.project.version.version.id, 'current', 'detected from the game folder');
  // Files of mod_interactions folders whose other mod is not in the corpus are not loaded (as in the game).
  assert.ok(result.filesChecked >= 5200, `checked ${result.filesChecked} files`);
  const counts: Record<string, number> = {};
  for (const list of result.diagnostics.values()) for (const d of list) counts[classOf(d)] = (counts[classOf(d)] ?? 0) + 1;
  assert.deepEqual(counts, Object.fromEntries(Object.entries(EXPECTED).map(([k, [n]]) => [k, n])));
});

test('a current mod (Magiclysm) checked on its own against current core: no diagnostic', { skip }, () => {
  const result = lint({ paths: [path.join(GAME, 'mods', 'Magiclysm')], gamePath: GAME });
  assert.ok(result.filesChecked > 100, `checked ${result.filesChecked} files`);
  const counts: Record<string, number> = {};
  for (const list of result.diagnostics.values()) for (const d of list) counts[classOf(d)] = (counts[classOf(d)] ?? 0) + 1;
  assert.deepEqual(counts, {});
});
