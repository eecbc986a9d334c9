/**
 * The bench's side-by-side comparison (sideBySide.ts): medians of alternating runs, the change of each figure,
 * and the flag on a figure more than 10 % worse than the base's. Building and running the CLIs is the bench's
 * own run (npm run bench), not a unit test's.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BUDGET, compare, comparisonRows, median, recordedBase, sideBySide } from './sideBySide';

test('the median of an even count of runs is the lower middle, as the bench\'s other figures', () => {
  assert.equal(median([4, 1, 3, 2]), 2);
  assert.equal(median([5, 1, 3]), 3);
});

test('a figure more than 10 % worse than the base is flagged; one within the budget, or better, is not', () => {
  const base = [{ wallMs: 1000, cpuMs: 2000, rssMB: 300 }, { wallMs: 1100, cpuMs: 2100, rssMB: 310 }];
  const now = [{ wallMs: 1090, cpuMs: 2400, rssMB: 250 }, { wallMs: 1200, cpuMs: 2300, rssMB: 260 }];
  const [wall, cpu, rss] = compare('whole game', base, now);
  assert.equal(BUDGET, 0.1);
  assert.deepEqual([wall.base, wall.now, wall.worse], [1000, 1090, false], 'wall: +9 %, within the budget');
  assert.deepEqual([cpu.base, cpu.now, cpu.worse], [2000, 2300, true], 'CPU: +15 %');
  assert.deepEqual([rss.base, rss.now, rss.worse], [300, 250, false], 'peak RSS: better');
  const rows = comparisonRows([wall, cpu, rss]);
  assert.deepEqual(rows[1], ['whole game: CPU', '2.00 s', '2.30 s', '+15.0 %', 'WORSE (over +10 %)']);
  assert.deepEqual(rows[2], ['whole game: peak RSS', '300 MB', '250 MB', '-16.7 %', 'ok']);
});

test('the recorded base commit is a commit name (test/bench/base-commit)', () => {
  assert.match(recordedBase() ?? '', /^[0-9a-f]{7,40}$/);
});

test('a CLI that crashes is not timed: exit 1 counts as a run only with its report printed whole', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-'));
  try {
    // Exit 1 with a report: a check that found errors. Exit 1 without one: what Node gives on an uncaught throw.
    const found = path.join(dir, 'found.js'), crashed = path.join(dir, 'crashed.js');
    fs.writeFileSync(found, "process.stdout.write('[]'); process.exitCode = 1;\n");
    fs.writeFileSync(crashed, "throw new Error('Cannot find module jsonc-parser');\n");
    const inputs = [{ label: 'a mod', args: ['mods/x'] }];
    assert.equal(sideBySide(found, found, inputs, 1, () => {}).length, 3);
    assert.throws(() => sideBySide(crashed, found, inputs, 1, () => {}), /crashed\.js check mods\/x failed \(exit 1\)/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
