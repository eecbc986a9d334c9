/** Reverse index: which files refer to each (kind, id), so an edit re-checks only the files it affects. */

export function refKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

export class ReferenceIndex<F> {
  private readonly byKey = new Map<string, Map<F, number>>();

  add(file: F, keys: Iterable<string>): void {
    for (const key of keys) {
      let files = this.byKey.get(key);
      if (!files) { files = new Map(); this.byKey.set(key, files); }
      files.set(file, (files.get(file) ?? 0) + 1);
    }
  }

  remove(file: F, keys: Iterable<string>): void {
    for (const key of keys) {
      const files = this.byKey.get(key);
      if (!files) continue;
      const n = (files.get(file) ?? 0) - 1;
      if (n > 0) files.set(file, n); else files.delete(file);
      if (files.size === 0) this.byKey.delete(key);
    }
  }

  filesReferencing(kind: string, id: string): Iterable<F> {
    return this.byKey.get(refKey(kind, id))?.keys() ?? [];
  }
}
