/**
 * The cache of the game's index (server/src/cache) for the server: where it lives (the client's storage folder,
 * initializationOptions.storagePath, else the user's cache folder), and writing it after a build in the
 * background, once the first diagnostics are out: encoded in slices between other messages, written without
 * blocking.
 */
import * as path from 'path';
import { defaultCacheDir } from '../../cache/key';
import { writeCache } from '../../cache/store';
import type { CacheOptions } from '../../cache/store';
import type { Project } from '../../project';
import type { Session } from '../session';
import { SLICE_MS } from '../slices';

/** The cache folder: `index-cache` in the client's storage folder when it gives one, else the user's cache folder. */
export function cacheDirOf(initializationOptions: unknown): string {
  const storage = typeof initializationOptions === 'object' && initializationOptions !== null ? (initializationOptions as { storagePath?: unknown }).storagePath : undefined;
  return typeof storage === 'string' && path.isAbsolute(storage) ? path.join(storage, 'index-cache') : defaultCacheDir();
}

/** What a build's project is given: open documents are the editor's, not the disk's; `rewrite`: read all files. */
export function cacheOptions(session: Session, rewrite: boolean): CacheOptions {
  return { dir: session.cacheDir, log: (m) => session.log(`CDDA: ${m}`), inMemory: (p) => session.openDocuments.has(p), rewrite };
}

/** Writes what the build read from disk to the cache, unless a newer build started meanwhile. */
export async function saveCache(session: Session, project: Project, isCurrent: () => boolean): Promise<void> {
  const t0 = Date.now();
  const steps = project.saveCacheSteps();
  let sliceStart = Date.now();
  for (;;) {
    const r = steps.next();
    if (r.done) {
      if (!r.value || !isCurrent()) return;
      if (await writeCache(r.value, (m) => session.log(`CDDA: ${m}`))) {
        session.log(`CDDA: cache of the game's index written (${r.value.files} files, ${r.value.fresh} of them read in this build) in ${Date.now() - t0} ms: ${r.value.file}`);
      }
      return;
    }
    if (Date.now() - sliceStart < SLICE_MS) continue;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!isCurrent()) { steps.return(undefined); return; }
    sliceStart = Date.now();
  }
}
