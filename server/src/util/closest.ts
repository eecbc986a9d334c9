/** "Did you mean": the candidate nearest to a misspelt word, by edit distance, within a tolerance. */

/** Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > limit) return limit + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** The tolerance for a word: about one edit per four characters, at least one, at most four. */
function toleranceFor(word: string): number {
  return Math.max(1, Math.min(4, Math.floor(word.length / 4)));
}

/** Up to `count` nearest candidates (closest first), case differences counting as cheap. */
export function closestN(word: string, candidates: Iterable<string>, count: number): string[] {
  const limit = toleranceFor(word);
  const lower = word.toLowerCase();
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    if (c === word) continue;
    const cl = c.toLowerCase();
    const d = cl === lower ? 0.5 : editDistance(lower, cl, limit);
    if (d <= limit) scored.push({ c, d });
  }
  scored.sort((x, y) => x.d - y.d || x.c.length - y.c.length || (x.c < y.c ? -1 : 1));
  return scored.slice(0, count).map((s) => s.c);
}

export function closest(word: string, candidates: Iterable<string>): string | undefined {
  return closestN(word, candidates, 1)[0];
}
