/** "Did you mean": the candidate nearest to a misspelt word, by edit distance, within a tolerance. */

/** The rows of editDistance, reused: "did you mean" computes it for thousands of candidates. */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * The optimal string alignment distance (Levenshtein's, with two swapped neighbours counting as one edit:
 * `nial` is one edit from `nail`, as a typist sees it), giving up (returning limit + 1) once it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // A common prefix and suffix cost nothing (ids share theirs: `mon_`, `_small`).
  let start = 0;
  let endA = a.length, endB = b.length;
  while (start < endA && start < endB && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) { endA--; endB--; }
  const n = endB - start;
  if (endA === start) return n;
  if (n === 0) return endA - start;
  if (rowA.length <= n) { rowA = new Int32Array(n + 1); rowB = new Int32Array(n + 1); rowC = new Int32Array(n + 1); }
  // Rows i - 2, i - 1 and i of the table, each computed only within `limit` of its diagonal: a cell further off
  // costs more than `limit` (|i - j| edits at least). The cells just outside the band read `limit + 1`, which keeps
  // whatever comes from them past the limit; the band's own cells are exact up to it.
  const over = limit + 1;
  let before = rowC, prev = rowA, cur = rowB;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= endA - start; i++) {
    const lo = i - limit > 1 ? i - limit : 1;
    const hi = i + limit < n ? i + limit : n;
    cur[lo - 1] = lo === 1 ? i : over;
    if (hi < n) cur[hi + 1] = over;
    let rowMin = cur[lo - 1];
    const ca = a.charCodeAt(start + i - 1);
    const caBefore = i > 1 ? a.charCodeAt(start + i - 2) : -1;
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(start + j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      // A transposition never lowers a row's minimum below the row before's (it costs at least as much as the
      // substitution on the diagonal before it), so giving up on that minimum stays right.
      if (j > 1 && ca !== cb && ca === b.charCodeAt(start + j - 2) && caBefore === cb) v = Math.min(v, before[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return over;
    const t = before; before = prev; prev = cur; cur = t;
  }
  return prev[n] > limit ? over : prev[n];
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
  scored.sort(byDistance);
  return scored.slice(0, count).map((s) => s.c);
}

export function closest(word: string, candidates: Iterable<string>): string | undefined {
  return closestN(word, candidates, 1)[0];
}

/**
 * A 32-bit set of the classes of a string's characters (letters, digits, `_` and the rest folded together): a word
 * holding all the characters of another has all its bits.
 */
export function charClasses(s: string): number {
  let m = 0;
  for (let i = 0; i < s.length; i++) m |= 1 << (s.charCodeAt(i) % 31);
  return m;
}

/** charClasses of `word` in lower case (what NearQuery.mayBeNear compares). */
export function classesOf(word: string): number {
  return asciiFoldedClasses(word) ?? charClasses(word.toLowerCase());
}

/** charClasses of an ASCII string in lower case, from the string as it is; undefined past ASCII. */
function asciiFoldedClasses(s: string): number | undefined {
  let m = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c > 0x7f) return undefined;
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    m |= 1 << (c % 31);
  }
  return m;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The buckets of words by first character: one per ASCII code, one for the rest (and the empty word). */
const FIRST_BUCKETS = 129;

function firstBucket(word: string): number {
  const c = word.charCodeAt(0);
  return c < 128 ? c : 128;
}

/** How many queries go through all the words before they are ordered by length (see NearWords). */
const QUERIES_BEFORE_INDEX = 2;

/**
 * "Did you mean" over a fixed list of words (the ids of a kind): every word within the tolerance of a query,
 * nearest first as `closestN` orders them, remembered per query. Each character class one word has and the
 * other lacks costs at least one edit, which rules most words out before the edit distance is computed.
 * The words are ordered by length (an index) only for a third query: the first "did you mean" of a kind at a
 * start, in code not yet optimized, goes through them once, finding the classes of the words of its lengths only.
 */
export class NearWords {
  /** Each word in lower case: made when the word first passes the cheap tests of a query (most never do). */
  private readonly lower: (string | undefined)[];
  /** The length and the character classes of each word in lower case: 0 until found (see found). */
  private readonly lengths: Int32Array;
  private readonly classes: Int32Array;
  private readonly memo = new Map<string, readonly Scored[]>();
  /**
   * The words' indexes by length (shortest first), and where those of each length begin in it (`byLength[n]` to
   * `byLength[n + 1]`): a query looks only at the lengths within its tolerance. Made for the third query.
   */
  private byLength: Int32Array | undefined;
  private lengthStarts: Int32Array | undefined;
  /** The words' indexes by first character (see firstBucket), and where each bucket begins: made for `beginning`. */
  private byFirst: Int32Array | undefined;
  private firstStarts: Int32Array | undefined;
  private queries = 0;
  /** How many words' classes were found, and whether the index is made (for tests: the work of a query). */
  classesFound = 0;
  get indexed(): boolean {
    return this.byLength !== undefined;
  }

  constructor(readonly words: readonly string[]) {
    const n = words.length;
    this.lower = new Array<string | undefined>(n);
    this.lengths = new Int32Array(n);
    this.classes = new Int32Array(n);
  }

  /** Finds the length and the character classes of word `k` in lower case. */
  private find(k: number): void {
    const w = this.words[k];
    const folded = asciiFoldedClasses(w);
    if (folded !== undefined) {
      this.lengths[k] = w.length;
      this.classes[k] = folded;
    } else {
      // Beyond ASCII, lower case may change a word's length (U+0130): that word is lowered at once.
      const l = (this.lower[k] = w.toLowerCase());
      this.lengths[k] = l.length;
      this.classes[k] = charClasses(l);
    }
    this.classesFound++;
  }

  /** Orders the words by length (finding the classes of those not found yet). */
  private index(): void {
    const n = this.words.length;
    let longest = 0;
    for (let k = 0; k < n; k++) {
      if (this.classes[k] === 0) this.find(k);
      if (this.lengths[k] > longest) longest = this.lengths[k];
    }
    // A counting sort by length.
    const starts = new Int32Array(longest + 2);
    for (let k = 0; k < n; k++) starts[this.lengths[k] + 1]++;
    for (let len = 0; len <= longest; len++) starts[len + 1] += starts[len];
    const next = starts.slice(0, longest + 1);
    this.byLength = new Int32Array(n);
    for (let k = 0; k < n; k++) this.byLength[next[this.lengths[k]]++] = k;
    this.lengthStarts = starts;
  }

  /** Every word other than `prefix` that begins with it, in no particular order. */
  beginning(prefix: string): string[] {
    const out: string[] = [];
    if (prefix === '') {
      for (let k = 0; k < this.words.length; k++) if (this.words[k] !== '') out.push(this.words[k]);
      return out;
    }
    // Only the words beginning with its first character: a few dozenth of them.
    if (!this.byFirst) this.indexFirsts();
    const byFirst = this.byFirst!, starts = this.firstStarts!;
    const bucket = firstBucket(prefix);
    for (let at = starts[bucket]; at < starts[bucket + 1]; at++) {
      const c = this.words[byFirst[at]];
      if (c.length > prefix.length && c.startsWith(prefix)) out.push(c);
    }
    return out;
  }

  /** Orders the words by their first character (see firstBucket), for `beginning`. */
  private indexFirsts(): void {
    const n = this.words.length;
    const buckets = new Uint8Array(n);
    const starts = new Int32Array(FIRST_BUCKETS + 1);
    for (let k = 0; k < n; k++) starts[(buckets[k] = firstBucket(this.words[k])) + 1]++;
    for (let b = 0; b < FIRST_BUCKETS; b++) starts[b + 1] += starts[b];
    const next = starts.slice(0, FIRST_BUCKETS);
    const byFirst = new Int32Array(n);
    for (let k = 0; k < n; k++) byFirst[next[buckets[k]]++] = k;
    this.byFirst = byFirst;
    this.firstStarts = starts;
  }

  /** Every word within the tolerance of `word` (other than itself), closest first. */
  near(word: string): readonly string[] {
    return this.scored(word).map((s) => s.c);
  }

  /** As `near`, with each word's distance (0.5: the same but for case). */
  scored(word: string): readonly Scored[] {
    const known = this.memo.get(word);
    if (known) return known;
    const q = new NearQuery(word);
    if (++this.queries > QUERIES_BEFORE_INDEX && !this.byLength) this.index();
    // With the index, the words of those lengths; before it, every word.
    let from = 0, to = this.words.length;
    const byLength = this.byLength, starts = this.lengthStarts;
    if (byLength && starts) {
      const last = starts.length - 1;
      from = starts[Math.max(0, Math.min(last, q.shortest))];
      to = starts[Math.max(0, Math.min(last, q.longest + 1))];
    }
    const scored: Scored[] = [];
    const words = this.words, lengths = this.lengths, classes = this.classes;
    for (let at = from; at < to; at++) {
      const k = byLength ? byLength[at] : at;
      const c = words[k];
      // (The index gives words whose length in lower case is within the tolerance, which their own never exceeds.)
      if (!byLength && q.tooFarByLength(c)) continue;
      // (0: not found yet; every word but the empty one has a class.)
      if (classes[k] === 0) this.find(k);
      if (!q.mayBeNear(lengths[k], classes[k])) continue;
      q.score(c, (this.lower[k] ??= c.toLowerCase()), scored);
    }
    scored.sort(byDistance);
    if (this.memo.size >= 10_000) this.memo.clear();
    this.memo.set(word, scored);
    return scored;
  }
}

/**
 * A search through ids where they lie (a cache's meta data keeps each id's length and classes: cache/codec.ts),
 * offered one by one: most are ruled out before they are made strings.
 */
export interface IdSearch {
  /** The lengths in lower case an id found may have: the others are passed over without a call. */
  readonly shortest: number;
  readonly longest: number;
  /** Whether an id whose lower case has `length` code units and `classes` (see classesOf) may be found. */
  mayFind(length: number, classes: number): boolean;
  /** An id not ruled out (or of which nothing is known): kept when found. */
  consider(id: string): void;
}

/** The counts a candidate takes from its query's (NearQuery.tooFarByCounts), reused. */
const SPARE_COUNTS = new Int32Array(128);

/**
 * One "did you mean" query: its word, tolerance, and the cheap tests that rule most candidates out before the edit
 * distance is computed (NearWords, or as an IdSearch: what it found with their distances in `found`).
 */
export class NearQuery implements IdSearch {
  readonly found: Scored[] = [];
  readonly limit: number;
  readonly lower: string;
  /** The classes of the word in lower case (see charClasses). */
  readonly mask: number;
  /** The lengths in lower case a candidate within the tolerance may have. */
  readonly shortest: number;
  readonly longest: number;
  /** How many of each character the word in lower case has (see tooFarByCounts), made at the first candidate scored. */
  private counts: Int32Array | undefined;
  /** How many candidates' edit distances were computed (for tests: the work tooFarByCounts saves). */
  distancesComputed = 0;
  constructor(readonly word: string) {
    this.limit = toleranceFor(word);
    this.lower = word.toLowerCase();
    this.mask = charClasses(this.lower);
    this.shortest = this.lower.length - this.limit;
    this.longest = this.lower.length + this.limit;
  }

  /**
   * Whether `c` is too long or too short, as written, to be near. Lower case lengthens only U+0130 (to two code
   * units): a word is passed over as it is, before it is lowered or its classes found.
   */
  tooFarByLength(c: string): boolean {
    const n = c.length;
    return n > this.longest || (n < this.shortest && (2 * n < this.shortest || c.indexOf('\u0130') < 0));
  }

  /** Whether a word whose lower case has `length` code units and `classes` (see classesOf) may be near. */
  mayBeNear(length: number, classes: number): boolean {
    if (length < this.shortest || length > this.longest) return false;
    // Too many classes apart when either word has more than `limit` the other lacks; counted in one call for most
    // words (all those apart are at most `limit`, or more than twice that).
    const limit = this.limit, apart = popcount(this.mask ^ classes);
    if (apart <= limit) return true;
    if (apart > 2 * limit) return false;
    const lacking = popcount(this.mask & ~classes);
    return lacking <= limit && apart - lacking <= limit;
  }

  /** Adds `c` (`lower`: it in lower case) to `out` with its distance when it is near (itself is not). */
  score(c: string, lower: string, out: Scored[]): void {
    if (c === this.word) return;
    if (lower === this.lower) { out.push({ c, d: 0.5 }); return; }
    if (this.tooFarByCounts(lower)) return;
    this.distancesComputed++;
    const d = editDistance(this.lower, lower, this.limit);
    if (d <= this.limit) out.push({ c, d });
  }

  /**
   * Whether `lower` holds more than `limit` characters the word lacks, or lacks more than `limit` of the word's,
   * counted with repeats (an edit adds or removes at most one of each side, a swap neither): then it is further than
   * `limit`, and its distance need not be computed. Most candidates the classes let through (letters in common,
   * other counts and orders) are ruled out here, in one pass over them.
   */
  private tooFarByCounts(lower: string): boolean {
    // (Characters counted by their code modulo 128: those past ASCII share counts, which only lowers the bound.)
    let counts = this.counts;
    if (counts === undefined) {
      counts = this.counts = new Int32Array(128);
      for (let i = 0; i < this.lower.length; i++) counts[this.lower.charCodeAt(i) & 127]++;
    }
    const left = SPARE_COUNTS;
    left.set(counts);
    let extra = 0;
    for (let i = 0; i < lower.length; i++) if (--left[lower.charCodeAt(i) & 127] < 0) extra++;
    const lacking = this.lower.length - (lower.length - extra);
    return extra > this.limit || lacking > this.limit;
  }

  mayFind(length: number, classes: number): boolean {
    return this.mayBeNear(length, classes);
  }

  consider(c: string): void {
    if (this.tooFarByLength(c)) return;
    const lower = c.toLowerCase();
    if (this.mayBeNear(lower.length, charClasses(lower))) this.score(c, lower, this.found);
  }
}

/** The ids beginning with a prefix, other than itself, as an IdSearch (NearWords.beginning over a list of words). */
export class PrefixSearch implements IdSearch {
  readonly found: string[] = [];
  /** The classes any word beginning with the prefix has (in lower case, as an id's are kept). */
  private readonly mask: number;
  /** (A word's length in lower case is never shorter than its own.) */
  readonly shortest: number;
  readonly longest = Infinity;
  constructor(private readonly prefix: string) {
    this.mask = charClasses(prefix.toLowerCase());
    this.shortest = prefix.length + 1;
  }

  mayFind(length: number, classes: number): boolean {
    return length >= this.shortest && (this.mask & ~classes) === 0;
  }

  consider(id: string): void {
    if (id.length > this.prefix.length && id.startsWith(this.prefix)) this.found.push(id);
  }
}

/** A word and its distance to a query. */
export interface Scored { readonly c: string; readonly d: number }

/** Nearest first, then shortest, then in code unit order: the order "did you mean" lists. */
export function byDistance(x: Scored, y: Scored): number {
  return x.d - y.d || x.c.length - y.c.length || (x.c < y.c ? -1 : 1);
}
