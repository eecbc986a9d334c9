/** Reverse index: which files refer to each (kind, id), so an edit re-checks only the files it affects. */

export function refKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

/**
 * key -> the files referring to it, once per reference (a plain array: most keys have one or two referrers,
 * and tens of thousands of small Maps would weigh on the garbage collector at indexing time).
 */
export class ReferenceIndex<F> {
  private readonly byKey = new Map<string, F[]>();

  add(file: F, keys: Iterable<string>): void {
    for (const key of keys) {
      const files = this.byKey.get(key);
      if (files) files.push(file); else this.byKey.set(key, [file]);
    }
  }

  remove(file: F, keys: Iterable<string>): void {
    for (const key of keys) {
      const files = this.byKey.get(key);
      if (!files) continue;
      const i = files.lastIndexOf(file);
      if (i >= 0) files.splice(i, 1);
      if (files.length === 0) this.byKey.delete(key);
    }
  }

  filesReferencing(kind: string, id: string): Iterable<F> {
    return new Set(this.byKey.get(refKey(kind, id)) ?? []);
  }
}
