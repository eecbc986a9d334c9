/**
 * Never stale, as a property: seeded random sequences of workspace operations on a small multi-mod fixture
 * (edits that break and repair JSON, id renames, copy-from and reference changes, modinfo.json changes, mods
 * appearing and leaving, folders moved, folders deleted and created again in one batch, files renamed, created and
 * deleted, overmap terrains removed under city buildings naming their rotations), applied to the disk and to the
 * project through updateFile / updateFiles; after each step the project (and what a client was sent) must equal a
 * fresh build over the same disk. See test/helpers/trust.ts; scripts/soak.mjs runs the same for longer.
 *
 * On a mismatch the message gives the seed, the step and a minimized sequence of operations.
 * Replay one seed: CDDA_TRUST_SEED=N [CDDA_TRUST_STEPS=M] [CDDA_TRUST_VERSION=current] [CDDA_TRUST_WARM=1] node --test out/test/engine/property.test.js
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { describeFailure, runSeed, type TrustOptions } from '../helpers/trust';

const STEPS = Number(process.env.CDDA_TRUST_STEPS ?? 300);
const RUNS: { seed: number; options: TrustOptions }[] = process.env.CDDA_TRUST_SEED
  ? [{ seed: Number(process.env.CDDA_TRUST_SEED), options: { gameVersion: process.env.CDDA_TRUST_VERSION, warmStart: process.env.CDDA_TRUST_WARM === '1' } }]
  : [
    { seed: 101, options: {} },
    { seed: 202, options: {} },
    { seed: 303, options: {} },
    { seed: 404, options: { gameVersion: 'current' } },
    { seed: 505, options: { gameVersion: 'current' } },
    { seed: 606, options: { warmStart: true } },
    { seed: 707, options: { gameVersion: 'current', warmStart: true } },
    // Moved an object holding an effect on condition written in place (a definition inserted before it), before
    // the folder-replace and overmap operations changed what each seed draws.
    { seed: 10, options: { gameVersion: 'current' } },
  ];

for (const { seed, options } of RUNS) {
  test(`${STEPS} random workspace operations (seed ${seed}${options.gameVersion ? `, ${options.gameVersion} game` : ''}${options.warmStart ? ', warm start from the cache' : ''}) each end where a fresh build ends`, () => {
    const result = runSeed(seed, STEPS, options, 20_000);
    assert.ok(!result.mismatch, describeFailure(result, options));
    assert.equal(result.steps, STEPS);
  });
}
