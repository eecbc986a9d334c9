/**
 * One content file of tens of thousands of definitions (issue 23: 54,276 records in 10 MB took the server 26 s
 * of CPU to index, the CLI 1.4 s): a mod over the test core whose single file holds monsters and items that copy
 * from each other and name each other. Measures the CLI's check, the server's CPU to index it (start to ready),
 * documentSymbol on the file and find references of a much used id and of a rarely used one.
 *
 * Usage: node out/test/bench/bigFile.js [--records N]   (default 54,276)
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import type { DocumentSymbol, Location } from 'vscode-languageserver-protocol/node';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';

export const ISSUE_RECORDS = 54_276;

/**
 * Definition i of the file: monsters (even i) and items (odd i), each of the first hundred copying from the
 * core's, the others from one of the first hundred (chains two deep, as in real data), monsters upgrading into
 * one a few before. About 170 bytes each, as in the issue's file.
 */
export function bigFileRecord(i: number): Record<string, unknown> {
  if (i % 2 === 0) {
    return {
      type: 'MONSTER', id: `mon_big_${i}`, 'copy-from': i < 100 ? 'mon_zombie' : `mon_big_${i % 100}`, name: { str: `big ${i}` },
      description: `Number ${i}.`, hp: 40 + (i % 50), upgrades: { half_life: 4, into: i < 8 ? 'mon_zombie' : `mon_big_${i - 8}` },
    };
  }
  return {
    type: 'GENERIC', id: `big_item_${i}`, 'copy-from': i < 100 ? 'rag' : `big_item_${i % 100}`, name: { str: `thing ${i}` },
    description: `Thing ${i}.`, weight: `${100 + (i % 900)} g`, volume: '250 ml',
  };
}

/** The file's text: one definition per line. */
export function bigFileText(records: number): string {
  const lines: string[] = [];
  for (let i = 0; i < records; i++) lines.push(`  ${JSON.stringify(bigFileRecord(i))}`);
  return `[\n${lines.join(',\n')}\n]\n`;
}

export interface BigFileWorkspace {
  /** The game folder (the test core). */
  readonly game: string;
  /** The workspace folder, holding the mod `big`. */
  readonly ws: string;
  readonly mod: string;
  readonly file: string;
  remove(): void;
}

export function writeBigFileWorkspace(records: number): BigFileWorkspace {
  const game = writeTree(MINI_CORE);
  const ws = writeTree({ 'big/modinfo.json': modinfo('big') });
  const mod = path.join(ws, 'big');
  const file = path.join(mod, 'big.json');
  fs.writeFileSync(file, bigFileText(records));
  return {
    game, ws, mod, file,
    remove: () => { for (const d of [game, ws]) fs.rmSync(d, { recursive: true, force: true }); },
  };
}

/** User + system CPU of a process in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const CLI = path.resolve(__dirname, '..', '..', 'server', 'src', 'cli', 'cdda-lint.js');
const REPORTING_CHILD = `
const [bin, ...args] = process.argv.slice(1);
require(bin).main(args).then(() => {
  const r = process.resourceUsage();
  process.stderr.write('\\n' + JSON.stringify({ cpu: (r.userCPUTime + r.systemCPUTime) / 1000 }) + '\\n');
});`;

async function main(): Promise<void> {
  const { TestClient, uri, positionOf } = await import('../lsp/client');
  const at = process.argv.indexOf('--records');
  const records = at > 0 ? Number(process.argv[at + 1]) : ISSUE_RECORDS;
  const w = writeBigFileWorkspace(records);
  let client: InstanceType<typeof TestClient> | undefined;
  try {
    const text = fs.readFileSync(w.file, 'utf8');
    console.log(`${records} records, ${(text.length / 2 ** 20).toFixed(1)} MB in one file`);

    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['-e', REPORTING_CHILD, CLI, 'check', w.mod, '--game', w.game, '--format', 'json'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const cliWall = Number(process.hrtime.bigint() - t0) / 1e6;
    const cli = JSON.parse(r.stderr.trim().split('\n').pop() || '{}') as { cpu?: number };
    console.log(`CLI check: ${cli.cpu?.toFixed(0)} ms cpu, ${cliWall.toFixed(0)} ms wall`);

    const c = client = new TestClient({ roots: [w.ws], initializationOptions: { gamePath: w.game } });
    const s0 = process.hrtime.bigint();
    await c.initialize();
    await c.waitForReady(1_200_000);
    const pid = c.proc.pid!;
    console.log(`server index (start to ready): ${cpuMs(pid).toFixed(0)} ms cpu, ${(Number(process.hrtime.bigint() - s0) / 1e6).toFixed(0)} ms wall`);
    const timed = async <T>(what: string, request: () => Promise<T>, size: (v: T) => number): Promise<void> => {
      const c0 = cpuMs(pid), w0 = process.hrtime.bigint();
      const v = await request();
      console.log(`${what}: ${(cpuMs(pid) - c0).toFixed(0)} ms server cpu, ${(Number(process.hrtime.bigint() - w0) / 1e6).toFixed(0)} ms wall (${size(v)} results)`);
    };
    const doc = { uri: uri(w.file) };
    for (let k = 1; k <= 2; k++) await timed(`documentSymbol #${k}`, () => c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: doc }), (v) => v.length);
    // `mon_big_0`: copied by one monster in a hundred; `rag`: by fifty items; the last monster: named by none.
    for (const id of ['"mon_big_0"', '"rag"', `"mon_big_${(records - 1) & ~1}"`]) {
      await timed(`references of ${id}`, () => c.request<Location[]>('textDocument/references', { textDocument: doc, position: positionOf(text, id, 2), context: { includeDeclaration: true } }), (v) => v.length);
    }
  } finally {
    await client?.stop();
    w.remove();
  }
}

if (require.main === module) void main();
