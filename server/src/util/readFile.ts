/**
 * Reading content files safely: only regular files (a FIFO or a device named `x.json` would block the reader
 * for good), and not absurdly large ones (no game file is above a few MB).
 */
import * as fs from 'fs';

export const MAX_FILE_BYTES = 64 * 1024 * 1024;

export function readRegularFile(p: string): string {
  const st = fs.statSync(p);
  if (!st.isFile()) throw Object.assign(new Error(`not a regular file: ${p}`), { code: 'ENOTREG' });
  if (st.size > MAX_FILE_BYTES) throw Object.assign(new Error(`larger than ${MAX_FILE_BYTES >> 20} MB: ${p}`), { code: 'EFBIG' });
  return fs.readFileSync(p, 'utf8');
}
