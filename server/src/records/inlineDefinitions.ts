/**
 * Definitions written inside other definitions: an effect on condition given in place (in `run_eocs`, `true_eocs`,
 * a spell's `eoc`, an item's `effect_on_conditions`...) with an `id` is registered by the game under that id, and
 * may be run by it from anywhere else (doc/JSON/EFFECT_ON_CONDITION.md, "Reusable EOCs"). The index keeps such ids
 * as records of their own, marked `inline`: found, completed and named like any other, checked with the definition
 * that holds them.
 */

/** The member of a record's summary listing the ids of the effects on condition written inside it. */
export const INLINE_EOCS = '\u0000inline_eocs';

/** A member that holds effects on condition (ids, or objects written in place). */
export function holdsEocs(key: string): boolean {
  return key.includes('eoc') || key === 'effect_on_conditions';
}

/**
 * Per JSON type, the top-level members under which its definitions may write effects on condition in place (the
 * version's tables say where: KindRegistry.inlineEocRoots); a type not listed writes none. Only those are searched:
 * a whole-game load would otherwise walk every object of every definition.
 */
export type InlineEocRoots = Readonly<Record<string, readonly string[]>>;

/** InlineEocRoots as a map (looked up for every object of a load). */
export type InlineEocRootsByType = ReadonlyMap<string, readonly string[]>;

/**
 * The ids of the effects on condition written in place inside `o` (not `o` itself), under its members `roots`:
 * objects with an `id` and an `effect` or `false_effect`, in a member that holds effects on condition
 * (`run_eoc_with`'s object names one, it defines none: it has no effect).
 */
export function inlineEocIds(o: Readonly<Record<string, unknown>>, roots: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < roots.length; i++) {
    const key = roots[i];
    const v = o[key];
    if (v !== null && typeof v === 'object') visit(v, holdsEocs(key), out);
  }
  return out;
}

/** The id an object in a member holding effects on condition defines: one with an `id` and an effect. */
function definedId(o: Readonly<Record<string, unknown>>): string | undefined {
  return typeof o.id === 'string' && o.id !== '' && ('effect' in o || 'false_effect' in o) ? o.id : undefined;
}

function visit(v: object, inHolder: boolean, out: string[]): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) { const x: unknown = v[i]; if (x !== null && typeof x === 'object') visit(x, inHolder, out); }
    return;
  }
  const o = v as Record<string, unknown>;
  const id = inHolder ? definedId(o) : undefined;
  if (id !== undefined) out.push(id);
  for (const key in o) {
    const x = o[key];
    if (x !== null && typeof x === 'object') visit(x, holdsEocs(key), out);
  }
}

/** Where inside `o` the effect on condition `id` is written in place: the path of its `id` member. */
export function inlineEocPath(o: Readonly<Record<string, unknown>>, id: string): (string | number)[] | undefined {
  const path: (string | number)[] = [];
  const find = (v: unknown, inHolder: boolean): boolean => {
    if (v === null || typeof v !== 'object') return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) { path.push(i); if (find(v[i], inHolder)) return true; path.pop(); }
      return false;
    }
    const x = v as Record<string, unknown>;
    if (inHolder && definedId(x) === id) { path.push('id'); return true; }
    for (const key in x) { path.push(key); if (find(x[key], holdsEocs(key))) return true; path.pop(); }
    return false;
  };
  for (const key in o) { path.push(key); if (find(o[key], holdsEocs(key))) return path; path.pop(); }
  return undefined;
}
