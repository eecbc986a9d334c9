#!/usr/bin/env node
/**
 * Records the real 0.F game's verdict on each single-mistake copy of a shipped mod (test/recall/mistakes.ts):
 * copies the mod, applies the mistake, runs the game's own check (`cdda-check MOD_COPY`, i.e.
 * `cataclysm --check-mods`) and keeps the errors that the unmutated mod does not have.
 *
 *   npm run build && node scripts/record-verdicts.mjs [--game DIR] [--check PATH] [--jobs N] [--out FILE] [--only TEXT] [--redo TEXT] [--seed N]
 *
 * --check: the oracle (default: env CDDA_CHECK, else ../shared/tools/cdda-check next to the repository);
 * --jobs: checks run at once (default 2; each loads the whole game); --only: mistakes whose name contains TEXT;
 * --redo TEXT: record again those whose name contains TEXT, even when recorded; --seed N: another draw of
 * mistakes (a held-out sample, with --out elsewhere; the test reads the default seed's file).
 * The output (default test/recall/verdicts-0.F.json) is rewritten after every check, so an interrupted run
 * resumes where it stopped; a verdict whose mistake changed (another edit under the same name) is recorded again.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawn } from 'child_process';
import { createHash } from 'crypto';
import { createRequire } from 'module';

const require = createRequire(import.meta.url);
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { generateMistakes, applyMistake, DEFAULT_SEED } = require(path.join(repo, 'out/test/recall/mistakes.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const game = option('--game', '/usr/share/games/cataclysm-dda');
const check = option('--check', process.env.CDDA_CHECK ?? path.resolve(repo, '../shared/tools/cdda-check'));
const jobs = Number(option('--jobs', '2'));
const out = path.resolve(option('--out', path.join(repo, 'test/recall/verdicts-0.F.json')));
const only = option('--only', '');
const redo = option('--redo', undefined);
if (!fs.existsSync(check)) { console.error(`no oracle at ${check} (--check PATH or env CDDA_CHECK)`); process.exit(2); }

const seed = Number(option('--seed', String(DEFAULT_SEED)));
const { mistakes } = generateMistakes(game, seed);
const record = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
record.about = 'Verdicts of the real 0.F game (cataclysm --check-mods via cdda-check) on the mistakes of test/recall/mistakes.ts; regenerate with scripts/record-verdicts.mjs (see docs/testing.md).';
if (record.seed !== undefined && record.seed !== seed) { console.error(`${out} holds the verdicts of seed ${record.seed}, not ${seed}: give another --out`); process.exit(2); }
record.seed = seed;
record.baselines ??= {};
record.verdicts ??= {};

const fingerprint = (m) => createHash('sha1').update(JSON.stringify([m.file, m.edit])).digest('hex').slice(0, 12);

function save() {
  const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
  const known = new Set(mistakes.map((m) => m.name));
  const verdicts = sorted(Object.fromEntries(Object.entries(record.verdicts).filter(([k]) => known.has(k))));
  const text = JSON.stringify({ ...record, baselines: sorted(record.baselines), verdicts }, null, 2) + '\n';
  fs.writeFileSync(out + '.tmp', text);
  fs.renameSync(out + '.tmp', out);
}

/**
 * The game's messages, paths relative to the mod's folder: the first line of each `error:` block, and for a
 * message that names no place in a file (a consistency check's), its indented detail lines too.
 */
function messagesOf(stdout, copyDir) {
  const local = (l) => l.split(copyDir + path.sep).join('').split(copyDir).join('.');
  const out = [];
  const lines = stdout.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('error: ')) continue;
    let message = local(lines[i].slice('error: '.length));
    if (!/\.json:\d+:\d+:/.test(message)) {
      const detail = [];
      for (let j = i + 1; j < lines.length && lines[j].startsWith('    ') && detail.length < 4; j++) if (lines[j].trim()) detail.push(local(lines[j].trim()));
      if (detail.length) message += ` | ${detail.join(' | ')}`;
    }
    out.push(message);
  }
  return out;
}
/** A message without its line and column, to compare with the baseline's. */
const withoutPlace = (m) => m.replace(/^([^:\s]+\.json):\d+:\d+:/, '$1:');

function runCheck(modDir) {
  return new Promise((resolve) => {
    const child = spawn(check, ['--timeout', '600', modDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function checkCopy(mod, mutate) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-recall-'));
  const copy = path.join(dir, mod);
  try {
    fs.cpSync(path.join(game, 'mods', mod), copy, { recursive: true });
    mutate?.(copy);
    for (let attempt = 0; ; attempt++) {
      const r = await runCheck(copy);
      if (r.code === 2 && attempt < 1) continue; // once more: a crash or a timeout may be the machine's
      // A crash is a verdict too: the game cannot load the mod (its abort message says why).
      const crashed = r.code === 2 && /the game crashed/.test(r.stderr);
      // Its reason: the "Error loading data" line, the throwaway data folder's path taken out.
      const reason = r.stderr.split('\n').find((l) => l.startsWith('Error loading data'))?.replace(/\S*cdda-check\.[^/]+\/data\/mods\/[^/]+\//g, '') ?? 'no reason given';
      const crash = crashed ? [`the game crashed: ${reason}`] : [];
      return {
        exit: r.code, crashed: crashed || undefined, messages: [...messagesOf(r.stdout, copy), ...crash],
        stoppedLoading: /stopped loading at a JSON error/.test(r.stderr) || undefined, note: r.code === 2 ? r.stderr.trim().split('\n').pop() : undefined,
      };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function pool(tasks) {
  let next = 0;
  await Promise.all(Array.from({ length: jobs }, async () => {
    while (next < tasks.length) await tasks[next++]();
  }));
}

// Recorded again: new or changed mistakes, and those the game could not be run on.
const todo = mistakes.filter((m) => m.name.includes(only) && (record.verdicts[m.name]?.edit !== fingerprint(m) || record.verdicts[m.name]?.rejected === null || (redo !== undefined && m.name.includes(redo))));
const mods = [...new Set(todo.map((m) => m.mod))].filter((mod) => !record.baselines[mod]);
console.error(`${mods.length} baseline(s), ${todo.length} mistake(s) to check with ${check}, ${jobs} at a time`);
const started = Date.now();
await pool(mods.map((mod) => async () => {
  record.baselines[mod] = await checkCopy(mod);
  save();
  console.error(`baseline ${mod}: exit ${record.baselines[mod].exit}, ${record.baselines[mod].messages.length} message(s)`);
}));
let done = 0;
await pool(todo.map((m) => async () => {
  const r = await checkCopy(m.mod, (copy) => {
    const file = path.join(copy, m.file);
    fs.writeFileSync(file, applyMistake(fs.readFileSync(file, 'utf8'), m));
  });
  const baseline = new Set(record.baselines[m.mod].messages.map(withoutPlace));
  const fresh = r.messages.filter((x) => !baseline.has(withoutPlace(x)));
  record.verdicts[m.name] = {
    family: m.family, kind: m.kind, type: m.type, mod: m.mod, file: m.file, id: m.id, pointer: m.pointer, description: m.description,
    edit: fingerprint(m), exit: r.exit, rejected: r.exit === 2 && !r.crashed ? null : fresh.length > 0, messages: fresh, crashed: r.crashed, stoppedLoading: r.stoppedLoading, note: r.note,
  };
  save();
  done++;
  const eta = ((Date.now() - started) / done) * (todo.length - done) / 60000;
  console.error(`[${done}/${todo.length}] ${r.crashed ? 'CRASHED' : r.exit === 2 ? 'COULD NOT RUN' : fresh.length ? 'rejected' : 'accepted'}  ${m.name}  (${eta.toFixed(0)} min left)`);
}));
