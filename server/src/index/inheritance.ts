/**
 * `copy-from` chains: a record's parent is a definition of the same kind that its mod can see. A record that
 * copies from its own id (the 0.F way to alter a definition) gets the one loaded before it.
 *
 * Checks ask for a record's lineage (its parent, what its ancestors set, whether the chain is broken), which a
 * LineageCache keeps per record: each record's lineage is built from its parent's, so a chain of n definitions
 * costs n steps, not n² (every record walking the whole chain). An entry is valid while the version of its
 * parent's key is unchanged: the project bumps the keys of a changed definition's copy-from descendants too, so
 * a change anywhere up the chain reaches every record below it.
 */
import { memberOf, type DefinitionRecord } from '../records/record';
import { refKey } from './referenceIndex';

/** The lookups inheritance needs (a Project, or a check's recording view of it). */
export interface DefinitionLookup {
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[];
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number;
}

/** Set when a chain is broken: the record whose parent is missing, or the record closing a cycle. */
export interface ChainProblem {
  readonly kind: 'missing' | 'cycle';
  readonly at: DefinitionRecord;
}

export interface Chain {
  /** Ancestors, nearest first. */
  readonly ancestors: readonly DefinitionRecord[];
  readonly problem?: ChainProblem;
}

/** What a record inherits: its resolved parent and the members its ancestors set. */
export interface Lineage {
  /** The parent (undefined: no copy-from, or a missing parent). */
  readonly parent: DefinitionRecord | undefined;
  /**
   * Members set by some ancestor (not counting the record's own), among those checks can ask about (see
   * LineageCache): empty when the chain is broken.
   */
  readonly inherited: MemberSet;
  readonly problem?: ChainProblem;
}

export function parentOf(project: DefinitionLookup, record: DefinitionRecord): DefinitionRecord | undefined {
  const parentId = record.copyFrom;
  if (parentId === undefined) return undefined;
  // The last candidate (a visible definition other than the record, not a `modify`), and the last loaded before the
  // record; a loop: asked for every definition with a copy-from.
  const visible = project.visibleDefinitions(record.kind, parentId, record.source.modId);
  let last: DefinitionRecord | undefined, lastBefore: DefinitionRecord | undefined;
  for (let i = 0; i < visible.length; i++) {
    const r = visible[i];
    if (r === record || r.editMode === 'modify') continue;
    last = r;
    if (project.compareLoadOrder(r, record) < 0) lastBefore = r;
  }
  if (last === undefined) return undefined;
  if (record.ids.includes(parentId)) return lastBefore;
  return lastBefore ?? last;
}

/** The whole chain of one record, walked (hover); checks use a LineageCache. */
export function chainOf(project: DefinitionLookup, record: DefinitionRecord): Chain {
  const ancestors: DefinitionRecord[] = [];
  const seen = new Set<DefinitionRecord>([record]);
  let cur = record;
  while (cur.copyFrom !== undefined) {
    const parent = parentOf(project, cur);
    if (!parent) return { ancestors, problem: { kind: 'missing', at: cur } };
    if (seen.has(parent)) return { ancestors, problem: { kind: 'cycle', at: cur } };
    seen.add(parent);
    ancestors.push(parent);
    cur = parent;
  }
  return { ancestors };
}

/** Whether the record or an ancestor sets `member` (the lineage must hold `member` among its kind's members). */
export function inheritsMember(record: DefinitionRecord, lineage: Lineage, member: string): boolean {
  return member in record.value || lineage.inherited.has(member);
}

/**
 * The value of `member` that a record has, its own or else its nearest ancestor's (undefined: none sets it, or the
 * chain breaks first).
 */
export function inheritedMemberOf(lineageOf: (r: DefinitionRecord) => Lineage, record: DefinitionRecord, member: string): unknown {
  const seen = new Set<DefinitionRecord>();
  for (let r: DefinitionRecord | undefined = record; r !== undefined && !seen.has(r); r = lineageOf(r).parent) {
    seen.add(r);
    const value = memberOf(r, member);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * Up to `limit` ancestors of a record, nearest first, following each lineage's parent (stops where the chain
 * ends, breaks or loops back): the chain a message lists.
 */
export function ancestorsOf(lineageOf: (r: DefinitionRecord) => Lineage, record: DefinitionRecord, limit: number): DefinitionRecord[] {
  const out: DefinitionRecord[] = [];
  // (A loop back is sought in the list itself, no set made: the limits are short, the load rules ask per item.)
  for (let p = lineageOf(record).parent; p && p !== record && !out.includes(p) && out.length < limit; p = lineageOf(p).parent) out.push(p);
  return out;
}

/**
 * A set of member names among a fixed list (the tables' members), as bits: tens of thousands of lineages hold
 * one, and the records of a chain share theirs.
 */
export class MemberSet {
  constructor(private readonly index: ReadonlyMap<string, number>, readonly words: readonly number[]) {}

  has(member: string): boolean {
    const i = this.index.get(member);
    return i !== undefined && ((this.words[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;
  }

  equals(other: MemberSet): boolean {
    const n = Math.max(this.words.length, other.words.length);
    for (let w = 0; w < n; w++) if ((this.words[w] ?? 0) !== (other.words[w] ?? 0)) return false;
    return true;
  }
}

const NOTHING = new MemberSet(new Map(), []);

/** How long a path LineageCache.of searches for a loop before it keeps a map of it. */
const SEARCHED_PATH = 16;
const ROOT: Lineage = { parent: undefined, inherited: NOTHING };

/**
 * Lineages per record, each valid while the version of the record's parent key (`versionOf`) is unchanged. `members` names the members checks may ask about (the tables' members); others are not collected,
 * so that a long chain adding a new member at every step does not hold n² names.
 */
export class LineageCache {
  private readonly cache = new WeakMap<DefinitionRecord, Entry>();
  /** What records without a parent pass on to their children (their own members among `members`). */
  private readonly rootMembers = new WeakMap<DefinitionRecord, MemberSet>();
  /** Each of `members` -> its bit. */
  private readonly bits: ReadonlyMap<string, number>;

  /**
   * `versionOf`: the version of a parent key; undefined where no definition changes while the cache lives (a
   * project made for one check), where a lineage once made stays current: no parent key is made nor asked for
   * (120,000 asks of the whole current game's check).
   */
  constructor(
    private readonly lookup: DefinitionLookup,
    private readonly versionOf: ((key: string) => number) | undefined,
    members: ReadonlySet<string>,
  ) {
    this.bits = new Map([...members].map((m, i) => [m, i]));
  }

  /** During `refresh`: records whose cached lineage may be out of date whatever its version says. */
  private dirty: Set<DefinitionRecord> | undefined;

  private current(record: DefinitionRecord): Lineage | undefined {
    if (record.copyFrom === undefined) return ROOT;
    if (this.dirty?.has(record)) return undefined;
    const e = this.cache.get(record);
    return e && (this.versionOf === undefined || e.version === this.versionOf(e.parentKey)) ? e : undefined;
  }

  /** The lineage of a record: up the chain to the first record whose lineage is known, then back down. */
  of(record: DefinitionRecord): Lineage {
    const known = this.current(record);
    if (known) return known;
    // Nearly every first ask: the parent's lineage is known (its own was asked first, or it has none): no path.
    const first = parentOf(this.lookup, record);
    const firstAbove = first !== undefined && first !== record ? this.current(first) : undefined;
    if (firstAbove) return this.settle(record, first!, firstAbove);
    const path: DefinitionRecord[] = [];
    const parents: (DefinitionRecord | undefined)[] = [];
    // Each record's place on the path, made once the path is long (a hostile chain): a short one (nearly every
    // first ask: the parent's lineage is known) is searched, not a map made for it.
    let onPath: Map<DefinitionRecord, number> | undefined;
    let above: Lineage | undefined; // the lineage of the last record's parent, when known
    let cycleFrom = -1;
    for (let cur = record; ;) {
      onPath?.set(cur, path.length);
      path.push(cur);
      const parent = cur === record ? first : parentOf(this.lookup, cur);
      parents.push(parent);
      if (!parent) break;
      const loop = onPath ? onPath.get(parent) ?? -1 : path.indexOf(parent);
      if (!onPath && path.length >= SEARCHED_PATH) onPath = new Map(path.map((r, i) => [r, i]));
      if (loop >= 0) { cycleFrom = loop; break; }
      above = this.current(parent);
      if (above) break;
      cur = parent;
    }
    const last = path.length - 1;
    let result: Lineage = ROOT;
    for (let k = last; k >= 0; k--) {
      const x = path[k];
      const parent = parents[k];
      // In a loop, each record's chain closes at the record whose parent it is.
      if (!parent) result = this.keep(x, parent, NOTHING, { kind: 'missing', at: x });
      else if (cycleFrom >= 0 && k >= cycleFrom) result = this.keep(x, parent, NOTHING, { kind: 'cycle', at: path[k === cycleFrom ? last : k - 1] });
      else result = this.settle(x, parent, k === last ? above! : result);
    }
    return result;
  }

  /** The lineage of `x` under `parent`, whose lineage is `up`, kept. */
  private settle(x: DefinitionRecord, parent: DefinitionRecord, up: Lineage): Entry {
    return up.problem ? this.keep(x, parent, NOTHING, up.problem) : this.keep(x, parent, this.passedOn(parent, up), undefined);
  }

  /** Keeps `x`'s lineage (valid while its parent key's version stays). */
  private keep(x: DefinitionRecord, parent: DefinitionRecord | undefined, inherited: MemberSet, problem: ChainProblem | undefined): Entry {
    const versionOf = this.versionOf;
    const parentKey = versionOf ? refKey(x.kind, x.copyFrom!) : NO_KEY;
    // One shape for every entry (all members present): tens of thousands of them.
    const entry: Entry = { parent, inherited, problem, parentKey, version: versionOf ? versionOf(parentKey) : 0, passes: undefined };
    this.cache.set(x, entry);
    this.dirty?.delete(x);
    return entry;
  }

  /**
   * What a record passes on to its children (what it inherits and the members it sets), given its current
   * lineage: one set shared by all its children, made when the first of them asks.
   */
  private passedOn(record: DefinitionRecord, lineage: Lineage): MemberSet {
    if (record.copyFrom === undefined) {
      let own = this.rootMembers.get(record);
      if (!own) { own = this.withMembersOf(NOTHING, record); this.rootMembers.set(record, own); }
      return own;
    }
    const e = this.cache.get(record)!; // the entry `lineage` came from: just computed, or current
    return e.passes ??= this.withMembersOf(lineage.inherited, record);
  }

  /**
   * After an update: computes again the lineages of `records` (every record below a changed key, whose chain
   * may have changed) and returns those that pass on something else to their children than before (or were
   * never computed), so that only their keys are bumped: an edit in the middle of a long chain that changes
   * nothing a descendant inherits re-checks the edited definition and its children, not the chain below them.
   */
  refresh(records: ReadonlySet<DefinitionRecord>): DefinitionRecord[] {
    const before = new Map<DefinitionRecord, Lineage | undefined>();
    for (const r of records) before.set(r, this.cache.get(r));
    this.dirty = new Set(records);
    try {
      for (const r of records) this.of(r);
    } finally {
      this.dirty = undefined;
    }
    const changed: DefinitionRecord[] = [];
    for (const [r, old] of before) if (!old || !sameLineage(old, this.cache.get(r)!)) changed.push(r);
    return changed;
  }

  /** `inherited` plus the members `record` sets (the same set when it adds none). */
  private withMembersOf(inherited: MemberSet, record: DefinitionRecord): MemberSet {
    let words: number[] | undefined;
    for (const m in record.value) {
      const i = this.bits.get(m);
      if (i === undefined || inherited.has(m)) continue;
      words ??= [...inherited.words];
      while (words.length <= i >>> 5) words.push(0);
      words[i >>> 5] |= 1 << (i & 31);
    }
    return words ? new MemberSet(this.bits, words) : inherited;
  }
}

/** The parent key of an entry of a cache without versions (see LineageCache's constructor). */
const NO_KEY = '';

/** A cached lineage: valid while the version of its parent key is `version`. */
interface Entry extends Lineage {
  readonly parentKey: string;
  readonly version: number;
  /** What the record passes on to its children (see passedOn), once asked. */
  passes: MemberSet | undefined;
}

/**
 * Whether a record passes on the same to its children under two lineages: what they inherit and whether the
 * chain is broken (which parent it has does not matter to them: their own parent is the record). A looping
 * chain never counts as the same: messages list the ids up the loop, which may change without the parent
 * changing.
 */
function sameLineage(a: Lineage, b: Lineage): boolean {
  if (a.problem?.kind !== b.problem?.kind || a.problem?.at !== b.problem?.at || b.problem?.kind === 'cycle') return false;
  return a.inherited === b.inherited || a.inherited.equals(b.inherited);
}
