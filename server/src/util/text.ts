/**
 * Reading a file's text as editors show it. A UTF-8 byte order mark (written by some Windows editors) is not
 * part of the text: LSP clients drop it from their documents, so offsets and columns must not count it.
 */
import { readListedFile, readRegularFile } from './readFile';

const BOM = 0xfeff;

/** `text` without a leading byte order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

/** A UTF-8 file's text, without its byte order mark. */
export function readTextFile(p: string): string {
  return stripBom(readRegularFile(p));
}

/** As readTextFile, for a file a folder listing found to be a regular file (see readListedFile). */
export function readListedTextFile(p: string): string {
  return stripBom(readListedFile(p));
}
