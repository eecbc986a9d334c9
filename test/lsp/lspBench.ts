/**
 * Language-server benchmark over the real game data (not a unit test: run `node out/test/lsp/lspBench.js`).
 *  1. In process, the whole game data with every mod active (~43,000 ids): completion (< 10 ms), definition.
 *  2. Through the real server on stdio: a keystroke in a ~400 KB file -> published diagnostics (< 25 ms p95,
 *     server-side time from the CDDA_LSP_TIMING log; the client-observed round trip is printed too),
 *     completion and definition round trips, and the server's memory.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { complete } from '../../server/src/queries/completion';
import { definitions } from '../../server/src/queries/definition';
import { TestClient, positionOf, uri } from './client';
import { GAME, percentile, realWorkspace, timed } from './realFixture';

function ms(t0: bigint): number {
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function stats(xs: number[]): string {
  return `p50 ${percentile(xs, 50).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms`;
}

function inProcess(): void {
  const project = new Project({ gamePath: GAME, roots: [GAME] });
  project.load();
  let ids = 0;
  for (const k of project.defs.kinds()) ids += project.defs.entries(k).size;
  console.log(`in process: ${project.files.size} files, ${ids} ids (${project.defs.entries('item').size} items, ${project.defs.entries('MONSTER').size} monsters)`);
  // A monster with upgrades.into and a recipe with components, from the real files.
  const find = (kind: string, test: (v: Record<string, unknown>) => boolean): { file: string; text: string } => {
    for (const [, records] of project.defs.entries(kind)) {
      for (const r of records) {
        if (test(r.value)) return { file: r.source.path, text: fs.readFileSync(r.source.path, 'utf8') };
      }
    }
    throw new Error(`no ${kind} found`);
  };
  const mon = find('MONSTER', (v) => typeof (v.upgrades as Record<string, unknown> | undefined)?.into === 'string');
  const intoMatch = /"into"\s*:\s*"([^"]*)"/.exec(mon.text)!;
  const into = intoMatch[1];
  const monAt = intoMatch.index + intoMatch[0].length - into.length - 1;
  const rec = find('recipe', (v) => Array.isArray(v.components) && JSON.stringify(v.components).includes('"'));
  const comp = /"components"\s*:\s*\[\s*\[\s*\[\s*"/.exec(rec.text);
  const recAt = comp ? comp.index + comp[0].length : -1;
  for (const [label, file, at] of [['monster ids (upgrades.into)', mon.file, monAt], ['item ids (recipe components)', rec.file, recAt]] as const) {
    const text = fs.readFileSync(file, 'utf8');
    for (const prefixLen of [0, 1, 4]) {
      const times: number[] = [];
      let n = 0, incomplete = false;
      // The query sees the text as written: the prefix is what precedes the cursor inside the string.
      for (let i = 0; i < 60; i++) {
        const t0 = process.hrtime.bigint();
        const r = complete(project, file, at + prefixLen);
        times.push(ms(t0));
        n = r.items.length; incomplete = r.isIncomplete;
      }
      console.log(`completion ${label}, prefix "${text.slice(at, at + prefixLen)}": ${n} items${incomplete ? ' (capped)' : ''}, ${stats(times.slice(10))}  target < 10 ms ${percentile(times.slice(10), 95) < 10 ? 'OK' : 'OVER'}`);
    }
  }
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t0 = process.hrtime.bigint();
    definitions(project, mon.file, monAt);
    times.push(ms(t0));
  }
  console.log(`definition (${into}): ${stats(times.slice(10))}`);
}

async function overStdio(): Promise<void> {
  const ws = realWorkspace();
  process.env.CDDA_LSP_TIMING = '1';
  const spawned = process.hrtime.bigint();
  const client = new TestClient({ roots: [ws], initializationOptions: {} });
  // From starting the server process to the first diagnostics of a workspace file (big.json has some).
  const firstDiagnostics = client.waitForDiagnostics(path.join(ws, 'my_mod/big.json'), () => true, 120_000, true).then(() => ms(spawned));
  const serverTimes: number[] = [];
  client.connection.onNotification('window/logMessage', (m: { message: string }) => {
    const t = /^timing: update .*big\.json ([\d.]+) ms, publish \d+ file\(s\) ([\d.]+) ms/.exec(m.message);
    if (t) serverTimes.push(Number(t[1]) + Number(t[2]));
  });
  const [, readyMs] = await timed(async () => { await client.initialize(); await client.waitForReady(120_000); });
  console.log(`server: ready in ${readyMs.toFixed(0)} ms; first diagnostics ${(await firstDiagnostics).toFixed(0)} ms after the process started`);
  const big = path.join(ws, 'my_mod/big.json');
  const text = fs.readFileSync(big, 'utf8');
  await client.open(big, text);
  await client.waitForDiagnostics(big, () => true, 10_000, true);
  const at = text.indexOf('"description": "', text.length / 2) + '"description": "'.length;
  const round: number[] = [];
  let version = 1;
  for (let i = 0; i < 60; i++) {
    const typing = i < 30;
    const [, t] = await timed(async () => {
      const expected = version + 1;
      const waiting = client.waitForDiagnostics(big, (_, p) => p.version === expected);
      version = typing ? await client.edit(big, at + i, 0, 'x') : await client.edit(big, at + (59 - i), 1, '');
      await waiting;
    });
    round.push(t);
  }
  console.log(`keystroke in ${(text.length / 1000).toFixed(0)} KB file -> publish: server ${stats(serverTimes)}  target p95 < 25 ms ${percentile(serverTimes, 95) < 25 ? 'OK' : 'OVER'}; client round trip ${stats(round)}`);
  const mons = path.join(ws, 'my_mod/monsters.json');
  const mtext = fs.readFileSync(mons, 'utf8');
  await client.open(mons, mtext);
  const c: number[] = [], d: number[] = [];
  for (let i = 0; i < 40; i++) {
    c.push((await timed(() => client.request('textDocument/completion', { textDocument: { uri: uri(mons) }, position: positionOf(mtext, '"mon_zombie_brute"', 5) })))[1]);
    d.push((await timed(() => client.request('textDocument/definition', { textDocument: { uri: uri(mons) }, position: positionOf(mtext, '"mon_zombie_brute"', 5) })))[1]);
  }
  console.log(`round trips: completion ${stats(c.slice(5))}; definition ${stats(d.slice(5))}`);
  await client.stop();
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(GAME, 'json'))) {
    console.error(`lspBench: no game data at ${GAME}`);
    process.exit(2);
  }
  inProcess();
  await overStdio();
}

void main();
