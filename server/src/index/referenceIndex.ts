/** Reverse index: which files refer to each (kind, id), so an edit re-checks only the files it affects. */

export function refKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

/**
 * The key of which kinds define `id` at all: bumped whenever a definition of `id` of any kind appears, goes or
 * moves (what a message naming the kinds an unknown id is of depends on).
 */
export function anyKindKey(id: string): string {
  return `\u0005${id}`;
}

/** The (kind, id) of a key made by refKey. */
function splitKey(key: string): [kind: string, id: string] {
  const at = key.indexOf('\u0000');
  return [key.slice(0, at), key.slice(at + 1)];
}

interface Entry<F> {
  /** The key `kind\u0000id`, one string shared by everything that holds it (see `shared`). */
  readonly key: string;
  /** Once per reference: most keys have one or two referrers (no small Map or Set per key). */
  readonly files: F[];
}

/**
 * (kind, id) -> the files referring to it. Two levels (kind, then id), so that looking up a reference does not
 * build its key string: the game's data makes several hundred thousand lookups on a cold check.
 */
export class ReferenceIndex<F> {
  private readonly byKind = new Map<string, Map<string, Entry<F>>>();

  /** Adds one reference of `file` to (kind, id); returns the index's own key for it (holders keep that, not a new string). */
  add(file: F, kind: string, id: string): string {
    let ids = this.byKind.get(kind);
    if (!ids) { ids = new Map(); this.byKind.set(kind, ids); }
    const entry = ids.get(id);
    if (entry) { entry.files.push(file); return entry.key; }
    const key = refKey(kind, id);
    ids.set(id, { key, files: [file] });
    return key;
  }

  /** Removes one reference of `file` per key. */
  remove(file: F, keys: Iterable<string>): void {
    for (const key of keys) {
      const [kind, id] = splitKey(key);
      const ids = this.byKind.get(kind);
      const entry = ids?.get(id);
      if (!ids || !entry) continue;
      const i = entry.files.lastIndexOf(file);
      if (i >= 0) entry.files.splice(i, 1);
      if (entry.files.length === 0) ids.delete(id);
    }
  }

  /** The index's own key for (kind, id), when some file refers to it. */
  sharedKeyOf(kind: string, id: string): string | undefined {
    return this.byKind.get(kind)?.get(id)?.key;
  }

  filesReferencing(kind: string, id: string): Iterable<F> {
    return new Set(this.byKind.get(kind)?.get(id)?.files ?? []);
  }
}
