/**
 * The ids of a kind as completion matches them: sorted by (length, id), the order it ranks in, with their
 * lowercase forms joined into one string, so that prefix and substring matches are found by native searches over
 * that string instead of a test per id (a kind has up to tens of thousands of ids, and a prefix that matches few
 * of them used to cost a test of every one on every keystroke); subsequence matches test only the ids holding
 * every character class of the query (a bit set per id).
 */
import type { DefinitionRecord } from '../records/record';
import { charClasses } from '../util/closest';

/** An id of a kind, its folded form (see foldCase), and its records (the index's own array, updated in place). */
export interface IdRow {
  readonly id: string;
  readonly lower: string;
  readonly records: readonly DefinitionRecord[];
}

/** Lower case, line breaks as spaces: rows are separated by line breaks in the joined string. */
export function foldCase(s: string): string {
  const lower = s.toLowerCase();
  return lower.includes('\n') ? lower.replace(/\n/g, ' ') : lower;
}

/** Whether `text` holds the units of `needle` in order (each at its first place after the one before). */
function holdsInOrder(text: string, needle: string): boolean {
  let at = 0;
  for (let i = 0; i < needle.length; i++) {
    at = text.indexOf(needle[i], at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * Which of the searches below finds a folded id for the folded query `lower`: 0 `prefixed`, 1 `containing`,
 * 2 `scattered`, -1 none (the same test as theirs, for one id).
 */
export function matchClass(id: string, lower: string): number {
  if (id.startsWith(lower)) return 0;
  if (id.includes(lower)) return 1;
  return holdsInOrder(id, lower) ? 2 : -1;
}

/** Rank order: shorter ids first, then by code units. */
function compareRows(x: IdRow, y: IdRow): number {
  return x.id.length - y.id.length || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

export class IdTable {
  /** Every id, shortest first, then in code unit order. */
  rows: IdRow[] = [];
  /** `\n` + the rows' folded forms, each followed by `\n`. */
  private joined = '';
  /** Offset of each row's first character in `joined`. */
  private starts = new Int32Array(0);
  /** Each row's character classes (see charClasses): most rows lack a character of a subsequence searched for. */
  private classes = new Int32Array(0);
  private readonly byId = new Map<string, IdRow>();

  constructor(entries: ReadonlyMap<string, readonly DefinitionRecord[]>) {
    for (const [id, records] of entries) this.byId.set(id, { id, lower: foldCase(id), records });
    this.rows = [...this.byId.values()].sort(compareRows);
    this.join();
  }

  /** The row of an id, if the kind has it. */
  row(id: string): IdRow | undefined {
    return this.byId.get(id);
  }

  /**
   * Brings the table up to date after the definitions of `ids` were added or removed: an id that appeared or went
   * (or is defined by a new list) gets its row made again; a change that keeps every id costs nothing, and one that
   * does not costs a merge, not a sort of every id.
   */
  update(entries: ReadonlyMap<string, readonly DefinitionRecord[]>, ids: Iterable<string>): void {
    const gone = new Set<IdRow>();
    const added: IdRow[] = [];
    for (const id of new Set(ids)) {
      const old = this.byId.get(id);
      const records = entries.get(id);
      if (old?.records === records) continue;
      if (old) { gone.add(old); this.byId.delete(id); }
      if (records) { const row = { id, lower: foldCase(id), records }; added.push(row); this.byId.set(id, row); }
    }
    if (gone.size === 0 && added.length === 0) return;
    added.sort(compareRows);
    const rows: IdRow[] = [];
    let j = 0;
    for (const r of this.rows) {
      if (gone.has(r)) continue;
      while (j < added.length && compareRows(added[j], r) < 0) rows.push(added[j++]);
      rows.push(r);
    }
    while (j < added.length) rows.push(added[j++]);
    this.rows = rows;
    this.join();
  }

  private join(): void {
    this.starts = new Int32Array(this.rows.length);
    let at = 1;
    this.rows.forEach((r, k) => { this.starts[k] = at; at += r.lower.length + 1; });
    this.joined = `\n${this.rows.map((r) => r.lower).join('\n')}\n`;
    this.classes = Int32Array.from(this.rows, (r) => charClasses(r.lower));
  }

  /** The row holding offset `p` of `joined`. */
  private rowAt(p: number): number {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= p) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  /** Indexes of the rows whose folded form begins with `lower` (a folded string, not empty), in row order. */
  *prefixed(lower: string): Generator<number> {
    const needle = `\n${lower}`;
    for (let p = this.joined.indexOf(needle); p >= 0; p = this.joined.indexOf(needle, p + 1)) yield this.rowAt(p + 1);
  }

  /** Indexes of the rows holding `lower` (folded, not empty) but not at their start, in row order. */
  *containing(lower: string): Generator<number> {
    for (let p = this.joined.indexOf(lower); p >= 0;) {
      const k = this.rowAt(p);
      if (p !== this.starts[k]) yield k;
      if (k + 1 >= this.starts.length) return;
      p = this.joined.indexOf(lower, this.starts[k + 1]);
    }
  }

  /** Indexes of the rows holding the characters of `lower` (folded, not empty) in order but not as one run. */
  *scattered(lower: string): Generator<number> {
    const wanted = charClasses(lower);
    const { classes, rows } = this;
    for (let k = 0; k < rows.length; k++) {
      if ((classes[k] & wanted) !== wanted) continue;
      const text = rows[k].lower;
      if (holdsInOrder(text, lower) && !text.includes(lower)) yield k;
    }
  }
}
