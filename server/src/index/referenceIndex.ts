/** Reverse index: which files refer to each (kind, id), so an edit re-checks only the files it affects. */

const NO_KEYS: readonly string[] = Object.freeze([]);

/** Below this length an entry grows by a copy of its exact size: a pushed array reserves room for 16 more. */
const SMALL = 8;

/**
 * The key of (kind, id). Joined into one flat string: a concatenation would be a pair of parts, and a Map that
 * hashes it keeps that pair beside the flat copy it makes (keys are held by the hundred thousand).
 */
export function refKey(kind: string, id: string): string {
  return [kind, id].join('\u0000');
}

/**
 * key -> the files referring to it, once per record that names it. Each entry is one plain array, the index's
 * own copy of the key first, then the files: most keys have one or two referrers, and tens of thousands of
 * small Maps (or wrapper objects, or arrays with room to grow) would weigh on memory and on the collector.
 */
export class ReferenceIndex<F> {
  private readonly byKey = new Map<string, (string | F)[]>();

  /**
   * Adds one record's references (each key once, however often the record names it); returns the index's own
   * copy of each distinct key, the list to give `remove` when the record goes (records keep those, not fresh
   * strings).
   */
  add(file: F, keys: readonly string[]): readonly string[] {
    if (keys.length === 0) return NO_KEYS;
    const distinct = keys.length === 1 ? keys : [...new Set(keys)];
    const out = new Array<string>(distinct.length);
    for (let k = 0; k < distinct.length; k++) {
      const key = distinct[k];
      const entry = this.byKey.get(key);
      if (!entry) {
        this.byKey.set(key, [key, file]);
        out[k] = key;
      } else {
        if (entry.length < SMALL) this.byKey.set(key, [...entry, file]); else entry.push(file);
        out[k] = entry[0] as string;
      }
    }
    return out;
  }

  remove(file: F, keys: readonly string[]): void {
    for (const key of keys) {
      const entry = this.byKey.get(key);
      if (!entry) continue;
      const i = entry.lastIndexOf(file);
      if (i > 0) entry.splice(i, 1);
      if (entry.length === 1) this.byKey.delete(key);
    }
  }

  /** The index's own copy of a key, when it has the key (to share one string among many holders). */
  shared(key: string): string {
    return (this.byKey.get(key)?.[0] as string | undefined) ?? key;
  }

  filesReferencing(kind: string, id: string): Iterable<F> {
    return new Set((this.byKey.get(refKey(kind, id))?.slice(1) ?? []) as F[]);
  }
}
