/** Reverse index: which files refer to each (kind, id), so an edit re-checks only the files it affects. */

const NO_KEYS: readonly string[] = Object.freeze([]);

export function refKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

/**
 * key -> the files referring to it, once per reference (a plain array: most keys have one or two referrers,
 * and tens of thousands of small Maps would weigh on the garbage collector at indexing time).
 */
export class ReferenceIndex<F> {
  private readonly byKey = new Map<string, { readonly key: string; readonly files: F[] }>();

  /** Adds the references; returns the index's own copy of each key (records keep those, not fresh strings). */
  add(file: F, keys: Iterable<string>): readonly string[] {
    const out: string[] = [];
    for (const key of keys) {
      const entry = this.byKey.get(key);
      if (entry) { entry.files.push(file); out.push(entry.key); } else { this.byKey.set(key, { key, files: [file] }); out.push(key); }
    }
    return out.length ? out : NO_KEYS;
  }

  remove(file: F, keys: Iterable<string>): void {
    for (const key of keys) {
      const entry = this.byKey.get(key);
      if (!entry) continue;
      const i = entry.files.lastIndexOf(file);
      if (i >= 0) entry.files.splice(i, 1);
      if (entry.files.length === 0) this.byKey.delete(key);
    }
  }

  /** The index's own copy of a key, when it has the key (to share one string among many holders). */
  shared(key: string): string {
    return this.byKey.get(key)?.key ?? key;
  }

  filesReferencing(kind: string, id: string): Iterable<F> {
    return new Set(this.byKey.get(refKey(kind, id))?.files ?? []);
  }
}
