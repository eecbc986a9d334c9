/**
 * Long copy-from chains cost linear time and memory: each record's lineage is built from its parent's, its
 * memoized checks depend on its parent's key only, and an edit re-checks only the records whose inheritance
 * changed. Random edits of chains (parents changed, loops, missing parents, members that descendants inherit)
 * end where a fresh build ends.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { Project, type SourceFile } from '../../server/src/project';
import { modinfo, workspace } from '../helpers/workspace';
import { rng } from '../helpers/random';

const full = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human',
  volume: '1 L', weight: '1 kg', hp: 1, speed: 100, symbol: 'x', color: 'red', ...extra,
});
const child = (i: number): Record<string, unknown> => ({ type: 'MONSTER', id: `chain_${i}`, 'copy-from': `chain_${i - 1}`, name: { str: `c${i}` } });

function chain(n: number): Record<string, unknown>[] {
  const out = [full('chain_0')];
  for (let i = 1; i < n; i++) out.push(child(i));
  return out;
}

function cpuMs<T>(fn: () => T): { ms: number; value: T } {
  const c0 = process.cpuUsage();
  const value = fn();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, value };
}

/** Memoized checks of a file's records, by record. */
function memos(file: SourceFile): Map<unknown, unknown> {
  return new Map([...file.memo]);
}

for (const layout of ['one file', 'a file per 10 definitions'] as const) {
  test(`a copy-from chain of 5,000 definitions (${layout}): linear to index and check, an edit re-checks what changed`, () => {
    const n = 5000;
    const defs = chain(n);
    const tree: Record<string, unknown> = { 'm/modinfo.json': modinfo('m') };
    const fileOf = (i: number): string => (layout === 'one file' ? 'm/chain.json' : `m/chain_${String(Math.floor(i / 10)).padStart(4, '0')}.json`);
    defs.forEach((d, i) => { ((tree[fileOf(i)] as unknown[] | undefined) ?? (tree[fileOf(i)] = [])) && (tree[fileOf(i)] as unknown[]).push(d); });
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    // Before: 37 s and 1.16 GB (every record walked the whole chain and depended on every ancestor's key).
    const built = cpuMs(() => {
      const ws = workspace(tree);
      let count = 0;
      for (const f of ws.project.reportedFiles()) count += ws.project.diagnostics(f.path).length;
      return { ws, count };
    });
    const { ws } = built.value;
    assert.equal(built.value.count, 0);
    assert.ok(built.ms < 5000, `indexed and checked in ${built.ms.toFixed(0)} ms of CPU`);
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    if (global.gc) assert.ok(heapMb < 150, `${heapMb.toFixed(0)} MB held`);
    // The last record's checks depend on a few keys (its parent's, its own), not on its 4,999 ancestors.
    const lastFile = ws.project.files.get(ws.file(fileOf(n - 1)))!;
    const lastMemo = lastFile.memo.get(lastFile.records[lastFile.records.length - 1])!;
    // deps: key, version, key, version...
    assert.ok(lastMemo.deps.length / 2 <= 4, `the last record depends on ${lastMemo.deps.filter((_, i) => i % 2 === 0).join(', ')}`);

    // The editor opens the file (the text it had on disk: all its records are indexed again once), then types.
    const mid = n / 2;
    const midPath = ws.file(fileOf(mid));
    const original = fs.readFileSync(midPath, 'utf8');
    for (const p of ws.project.updateFile(midPath, original)) ws.project.diagnostics(p);
    // A new name in the middle: descendants inherit nothing new; the edited record and its child are re-checked.
    const before = new Map([...ws.project.files.values()].map((f) => [f, memos(f)]));
    const edit = cpuMs(() => {
      const affected = ws.project.updateFile(midPath, original.replace(`"str": "c${mid}"`, `"str": "c${mid} renamed"`));
      for (const p of affected) ws.project.diagnostics(p);
      return affected;
    });
    // Before: 3.7 s per edit.
    assert.ok(edit.ms < 1000, `edit applied and checked in ${edit.ms.toFixed(0)} ms of CPU`);
    let rechecked = 0;
    for (const [f, old] of before) for (const [r, m] of f.memo) if (old.get(r) !== m) rechecked++;
    assert.equal(rechecked, 2, 'the edited record and its child are re-checked');

    // A member the head of the chain loses: every record below lacks it now.
    const head = ws.file(fileOf(0));
    ws.project.updateFile(head, fs.readFileSync(head, 'utf8').replace('"hp": 1,', ''));
    const missing = ws.project.diagnostics(ws.file(fileOf(n - 1))).filter((d) => d.code === 'missing-field');
    assert.equal(missing.length, layout === 'one file' ? n : 10);
    assert.match(missing[missing.length - 1].message, /"hp" \(nor does its copy-from chain\)/);
  });
}


test('random edits of copy-from chains across files and mods end equal to a fresh build', () => {
  const random = rng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const N = 24;
  const members = ['description', 'default_faction', 'bodytype', 'volume', 'weight', 'hp', 'speed', 'symbol', 'color'];
  // Record i lives in file i % 4; files 0-2 in mod m, file 3 in mod n (which depends on m).
  const files = ['m/c0.json', 'm/c1.json', 'm/c2.json', 'n/c3.json'];
  const record = (i: number): Record<string, unknown> => {
    const r = random();
    const base: Record<string, unknown> = { type: 'MONSTER' };
    if (random() < 0.15) base.abstract = `chain_${i}`; else base.id = `chain_${i}`;
    if (r < 0.15) return { ...full(`chain_${i}`), ...base };
    // Mostly an earlier record as parent; sometimes a later one (loops), a missing one, or itself (a 0.F edit).
    const parent = r < 0.75 ? Math.floor(random() * Math.max(1, i)) : r < 0.88 ? Math.floor(random() * N) : r < 0.94 ? -1 : i;
    const o: Record<string, unknown> = { ...base, 'copy-from': parent < 0 ? 'chain_missing' : `chain_${parent}` };
    for (const m of members) if (random() < 0.2) o[m] = full('x')[m];
    if (random() < 0.2) o.name = { str: `n${i}` };
    return o;
  };
  const texts = new Map<string, Record<string, unknown>[]>(files.map((f) => [f, []]));
  for (let i = 0; i < N; i++) texts.get(files[i % 4])!.push(record(i));
  const tree: Record<string, unknown> = { 'm/modinfo.json': modinfo('m'), 'n/modinfo.json': modinfo('n', ['dda', 'm']) };
  for (const [f, defs] of texts) tree[f] = defs;
  const ws = workspace(tree);
  const snapshot = (project: Project): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const f of files) out[f] = project.diagnostics(ws.file(f)).map((d) => `${d.start}-${d.end} ${d.code} ${d.message}${(d.related ?? []).map((r) => ` [${r.start} ${r.message}]`).join('')}`);
    return out;
  };
  snapshot(ws.project);
  const seen = new Set<string>();
  for (let step = 0; step < 120; step++) {
    const i = Math.floor(random() * N);
    const f = files[i % 4];
    const defs = texts.get(f)!;
    const k = Math.floor(i / 4);
    const op = random();
    if (op < 0.8) defs[k] = record(i);
    else if (op < 0.9) defs[k] = { type: 'MONSTER', id: `gone_${i}` }; // the id disappears (children lose their parent)
    else defs[k] = { ...defs[k], name: { str: `renamed ${step}` } }; // nothing inherited changes
    const text = JSON.stringify(defs, null, 2);
    fs.writeFileSync(ws.file(f), text);
    const affected = ws.project.updateFile(ws.file(f), text);
    // Only the returned files are re-checked, as the server publishes them; the rest must still be right.
    for (const p of affected) ws.project.diagnostics(p);
    for (const d of Object.values(snapshot(ws.project)).flat()) seen.add(d.split(' ')[1]);
    if (step % 3 !== 2) continue;
    const fresh = new Project({ gamePath: ws.game, roots: [ws.mods], severity: ws.project.severity });
    fresh.load();
    assert.deepEqual(snapshot(ws.project), snapshot(fresh), `after step ${step} (${f})`);
  }
  // The edits went through the broken and complete chains they are meant to exercise.
  for (const code of ['missing-field', 'copy-from-cycle', 'unknown-id']) assert.ok(seen.has(code), `${code} seen: ${[...seen].join(', ')}`);
});
