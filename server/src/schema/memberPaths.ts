/**
 * The member paths of the generated tables (scripts/gen-type-tables.mjs) and of the member readings that refine
 * them (schema/memberReadings.ts): `a.b[][0].*.["x.y"]`.
 */

/** A path segment: a member name, an array element (`[]`), a tuple position (`[n]`), a map value (`*`). */
export type PathSegment = { readonly name: string } | { readonly element: true } | { readonly position: number } | { readonly mapValue: true };

/** `a.b[][0].*.["x.y"]` -> segments (see scripts/gen-type-tables.mjs for the syntax). */
export function parsePath(p: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === '.') { i++; continue; }
    if (c === '[') {
      if (p[i + 1] === ']') { out.push({ element: true }); i += 2; continue; }
      if (p[i + 1] === '"') {
        let j = i + 2;
        while (j < p.length && p[j] !== '"') j += p[j] === '\\' ? 2 : 1;
        out.push({ name: JSON.parse(p.slice(i + 1, j + 1)) as string });
        i = j + 2;
        continue;
      }
      const close = p.indexOf(']', i);
      out.push({ position: Number(p.slice(i + 1, close)) });
      i = close + 1;
      continue;
    }
    if (c === '*' && (i + 1 === p.length || p[i + 1] === '.' || p[i + 1] === '[')) { out.push({ mapValue: true }); i++; continue; }
    let j = i;
    while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
    out.push({ name: p.slice(i, j) });
    i = j;
  }
  return out;
}

/**
 * The paths a member reading's path stands for (schema/memberReadings.ts). `[]?` marks a member the game reads with the generic
 * readers' one-or-many (one value, or an array of them): what is said of it is said of the value and of each
 * element, whichever the data writes (`color[]?`: `color` and `color[]`; `use_action[]?.type`: `use_action.type`
 * and `use_action[].type`).
 */
export function oneOrManyPaths(p: string): string[] {
  const i = p.indexOf('[]?');
  if (i < 0) return [p];
  const rest = oneOrManyPaths(p.slice(i + 3));
  return [...rest.map((r) => p.slice(0, i) + r), ...rest.map((r) => `${p.slice(0, i)}[]${r}`)];
}
