/**
 * The language server as an editor starts it: a child process on stdio (test/lsp/client.ts), the corpus's mod the
 * workspace and its largest file opened at once, timed from the spawn to that file's diagnostics; cold (no
 * cache), then warm (from the cache the cold start wrote). Beside the in-process figures it also counts starting
 * node, loading the server's code, and the order in which a build publishes its files (in path order the open
 * file waited for those before it: 0.2 s on the current game's Magiclysm).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TestClient } from '../lsp/client';
import { largestFile } from './measures';
import { ms, type BenchContext, type Reading } from './measure';

/** How long a start may take, and the cache's writing after it, before the measure gives up. */
const TIMEOUT_MS = 120_000;

const CACHE_WRITTEN = /cache of the game's index written/;

async function startOnce(game: string, mod: string, opened: string, storagePath: string, waitForCache: boolean): Promise<{ wall: number; log: string }> {
  const t0 = process.hrtime.bigint();
  const client = new TestClient({ roots: [mod], initializationOptions: { gamePath: game, storagePath } });
  try {
    await client.initialize();
    const published = client.waitForDiagnostics(opened, () => true, TIMEOUT_MS);
    await client.open(opened);
    await published;
    const wall = ms(t0);
    // The build's own summary comes once every file is published.
    await client.waitForReady(TIMEOUT_MS);
    if (waitForCache) {
      const deadline = Date.now() + TIMEOUT_MS;
      while (!client.logs.some((l) => CACHE_WRITTEN.test(l))) {
        if (Date.now() > deadline) throw new Error('bench: the server wrote no cache');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    return { wall, log: client.logs.find((l) => l.startsWith('Indexed ')) ?? '' };
  } finally {
    await client.stop();
  }
}

export async function measureServerStart(ctx: BenchContext): Promise<Reading[]> {
  const { game, mod } = ctx.corpus;
  const opened = largestFile(mod);
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-bench-server-'));
  try {
    const cold = await startOnce(game, mod, opened, storage, true);
    const warm = await startOnce(game, mod, opened, storage, false);
    const what = path.relative(game, opened);
    return [
      { figure: 'first diagnostics through the language server, cold (spawn to publish)', value: cold.wall, unit: 'ms', scales: true, detail: `${what}; server: ${cold.log}` },
      { figure: 'first diagnostics through the language server, warm (spawn to publish)', value: warm.wall, unit: 'ms', scales: true, detail: `${what}; server: ${warm.log}` },
    ];
  } finally {
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
