#!/usr/bin/env node
// Soak test of incremental updates (the compiled engine in out/; run `npx tsc -p .` or `npm run build` first):
// random workspace operations (edits; mods and folders coming, going, moving, replaced in one batch; overmap
// terrains and the rotations city buildings name) applied to the disk and to a project through updateFile /
// updateFiles, each step compared with a fresh build over the same disk (test/helpers/trust.ts, as
// test/engine/property.test.ts does).
//
//   node scripts/soak.mjs [--steps 10000] [--seed N] [--chunk 500] [--version 0.F|current|both] [--minimize 3]
//   node scripts/soak.mjs --replay test-output/soak-N.json
//
// The steps run in sequences of --chunk operations, seeds N, N+1, ... (a sequence stops at its first mismatch:
// what follows it is not trustworthy); versions alternate with --version both (default). Prints the steps run
// and the mismatches; for each failing sequence (the first --minimize of them) the seed, the step and a
// minimized sequence of operations, also written to test-output/soak-<seed>.json for --replay. Exit 1 on a
// mismatch.
import * as fs from 'fs';
import * as path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const helper = path.join(root, 'out/test/helpers/trust.js');
if (!fs.existsSync(helper)) {
  console.error(`soak: ${path.relative(process.cwd(), helper)} is missing: build first (npx tsc -p .)`);
  process.exit(2);
}
const trust = createRequire(import.meta.url)(helper);

function args() {
  const out = { steps: 10000, seed: Date.now() % 100000, chunk: 500, version: 'both', minimize: 3, replay: undefined };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!(name in out)) { console.error(`soak: unknown option ${argv[i]}`); process.exit(2); }
    const v = argv[++i];
    if (v === undefined) { console.error(`soak: ${argv[i - 1]} needs a value`); process.exit(2); }
    out[name] = name === 'version' || name === 'replay' ? v : Number(v);
    if (name !== 'version' && name !== 'replay' && !Number.isInteger(out[name])) { console.error(`soak: ${argv[i - 1]} takes an integer`); process.exit(2); }
  }
  return out;
}

const a = args();
const outDir = path.join(root, 'test-output');

if (a.replay) {
  const saved = JSON.parse(fs.readFileSync(a.replay, 'utf8'));
  const m = trust.replay(saved.ops, saved.options);
  console.log(m ? `replay: mismatch at step ${m.step} (${m.op.name})\n${m.what}` : `replay: ${saved.ops.length} op(s), no mismatch`);
  process.exit(m ? 1 : 0);
}

const versions = a.version === 'both' ? [undefined, 'current'] : [a.version === '0.F' ? undefined : a.version];
const t0 = Date.now();
let steps = 0, runs = 0, mismatches = 0, minimized = 0;
for (let seed = a.seed; steps < a.steps; seed++) {
  const options = { gameVersion: versions[runs % versions.length] };
  const n = Math.min(a.chunk, a.steps - steps);
  const result = trust.runSeed(seed, n, options, minimized < a.minimize ? 60_000 : 0);
  runs++;
  steps += result.steps;
  if (!result.mismatch) continue;
  mismatches++;
  if (minimized < a.minimize) {
    minimized++;
    console.log(`\n${trust.describeFailure(result, options)}`);
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `soak-${seed}.json`);
    fs.writeFileSync(file, JSON.stringify({ seed, options, step: result.mismatch.step, what: result.mismatch.what, ops: result.minimized }, null, 1));
    console.log(`(replay: node scripts/soak.mjs --replay ${path.relative(process.cwd(), file)})`);
  } else {
    console.log(`\nseed ${seed}${options.gameVersion ? ` (${options.gameVersion})` : ''}: mismatch at step ${result.mismatch.step} (${result.mismatch.op.name}): ${result.mismatch.what.split('\n')[0]}`);
  }
}
console.log(`\nsoak: ${steps} steps in ${runs} sequence(s) from seed ${a.seed}, ${mismatches} mismatch(es), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(mismatches ? 1 : 0);
