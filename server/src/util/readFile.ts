/**
 * Reading content files safely: only regular files (a FIFO or a device named `x.json` would block the reader
 * for good), and not absurdly large ones (no game file is above a few MB).
 */
import * as fs from 'fs';

export const MAX_FILE_BYTES = 64 * 1024 * 1024;

function tooLarge(p: string): Error {
  return Object.assign(new Error(`larger than ${MAX_FILE_BYTES >> 20} MB: ${p}`), { code: 'EFBIG' });
}

export function readRegularFile(p: string): string {
  const st = fs.statSync(p);
  if (!st.isFile()) throw Object.assign(new Error(`not a regular file: ${p}`), { code: 'ENOTREG' });
  if (st.size > MAX_FILE_BYTES) throw tooLarge(p);
  return fs.readFileSync(p, 'utf8');
}

/**
 * A file that a folder listing found to be a regular file (see mods/discover.ts readFolder): read without a stat
 * of its own (a load reads thousands of files), its size checked on the text read. That counts UTF-16 units, at
 * most its bytes: a file just past the limit with multibyte text may be read, which the limit (a guard against a
 * huge file, not an exact size) allows.
 */
export function readListedFile(p: string): string {
  let text: string;
  try {
    text = fs.readFileSync(p, 'utf8');
  } catch (err) {
    // Over what a buffer or a string can hold (Node's own limits, far above ours).
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code === 'ERR_FS_FILE_TOO_LARGE' || code === 'ERR_STRING_TOO_LONG') throw tooLarge(p);
    throw err;
  }
  if (text.length > MAX_FILE_BYTES) throw tooLarge(p);
  return text;
}
