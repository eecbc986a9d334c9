/**
 * `node unpackSnapshotMain.js SNAPSHOT_DIR INTO`: unpacks the built-in game snapshot into the new folder INTO, in a
 * process of its own so that what it inflates is not kept in the checking process's memory (gameSnapshot.ts,
 * unpackApart). Exit status 1 and the reason on stderr when it cannot.
 */
import { unpackInto } from './gameSnapshot';

const [snapshotDir, into] = process.argv.slice(2);
try {
  if (!snapshotDir || !into) throw new Error('usage: unpackSnapshotMain.js SNAPSHOT_DIR INTO');
  unpackInto(snapshotDir, into);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
