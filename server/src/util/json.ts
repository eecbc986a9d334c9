/** An object value of parsed JSON: not null, not an array. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value at `path` inside `v` (member names and array positions), undefined where the path leads nowhere. */
export function valueAt(v: unknown, path: readonly (string | number)[]): unknown {
  for (const step of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[step] : undefined;
  return v;
}
