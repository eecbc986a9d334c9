/**
 * Member names the walk treats apart from a table's members, whatever the type: comments and edit members. No
 * imports: the read-ahead thread (index/readAheadWorker.ts) uses them too.
 */

/** `//`, `//2`: a comment the game skips. */
export function isCommentKey(key: string): boolean {
  return key.startsWith('//');
}

/** `add:flags`, `remove:CBMs`, `items.add:both`... */
export function isEditMemberName(key: string): boolean {
  return key.includes(':') && /(^|\.)(add|remove):/.test(key);
}
