/**
 * What a record says on its own, independent of other files: its shape problems and its outgoing references.
 * Computed once when the record is indexed; checks that need other files build on it.
 */
import { fullValueOf, type DefinitionRecord } from './record';
import type { KindRegistry } from '../registry/registry';
import { validateTopLevel } from '../schema/topLevel';
import type { FoundReference, ValueProblem, ValueSink } from '../schema/valueReports';
import type { Basis } from '../basis';
import { mapFactsFrom, type MapFacts } from '../mapgen/facts';

export interface RecordAnalysis {
  readonly problems: readonly ValueProblem[];
  /** Made when asked for (see PackedAnalysis): a caller that reads them several times keeps the array. */
  readonly references: readonly FoundReference[];
  /**
   * The place of the reference after the one at `at` (-1: the first), -1 past the last: `for (let at =
   * a.nextReference(-1); at >= 0; at = a.nextReference(at))`, with each one's kindAt, idAt and memberAt, and
   * referenceAt making the whole reference of a place: a caller that needs few of them whole (the unknown-id check
   * looks up every reference of the game) makes no object for the rest, and no closure per definition. A string's
   * alternative kinds (FoundReference.alternative) are passed over: each string once, by its own kind.
   */
  nextReference(at: number): number;
  kindAt(at: number): string;
  idAt(at: number): string;
  /** The reference's top-level member (its path's one step); undefined for a deeper reference. */
  memberAt(at: number): string | number | undefined;
  referenceAt(at: number): FoundReference;
  /** The other kinds the string of the reference at `at` may name (its alternatives, in order). */
  alternativesAt(at: number): string[];
  /** A map generator's facts, for its checks (mapgen/facts.ts): made with the analysis, from the same whole value. */
  readonly map?: MapFacts;
}

/** A reference's flags (see FoundReference; DATA, DOCUMENTED: its `basis`). */
const KEY = 1, WEAK = 2, NOT_WEAK = 4, ALTERNATIVE = 8, DATA = 16, DOCUMENTED = 32, VARIANT = 64, FLAG_BITS = 7;

/** The flag of a reference's basis (only `data` and `documentation` differ from its table's). */
function basisFlag(basis: Basis | undefined): number {
  return basis === 'data' ? DATA : basis === 'documentation' ? DOCUMENTED : 0;
}

/**
 * An analysis whose references are packed in one flat array: per reference its kind, its id, its flags and
 * path length (one number), then its path's steps. A check of the whole game keeps the analyses made on
 * loading (several hundred thousand references) until their records are checked: two objects per reference
 * held that long are most of what the garbage collector copies. The references are unpacked when asked for.
 */
class PackedAnalysis implements RecordAnalysis {
  constructor(readonly problems: readonly ValueProblem[], private readonly packed: readonly (string | number)[], readonly map?: MapFacts) {}

  get references(): FoundReference[] {
    const out: FoundReference[] = [];
    for (let i = 0; i < this.packed.length; i = this.next(i)) out.push(this.referenceAt(i));
    return out;
  }

  nextReference(at: number): number {
    const packed = this.packed;
    for (let i = at < 0 ? 0 : this.next(at); i < packed.length; i = this.next(i)) if (((packed[i + 2] as number) & ALTERNATIVE) === 0) return i;
    return -1;
  }

  kindAt(at: number): string {
    return this.packed[at] as string;
  }

  idAt(at: number): string {
    return this.packed[at + 1] as string;
  }

  memberAt(at: number): string | number | undefined {
    return (this.packed[at + 2] as number) >>> FLAG_BITS === 1 ? this.packed[at + 3] : undefined;
  }

  referenceAt(at: number): FoundReference {
    const packed = this.packed;
    const kind = packed[at] as string, id = packed[at + 1] as string, word = packed[at + 2] as number;
    const path = packed.slice(at + 3, at + 3 + (word >>> FLAG_BITS));
    const r: FoundReference = (word & ALTERNATIVE) ? { path, kind, id, alternative: true }
      : (word & KEY) ? { path, kind, id, key: true }
        : (word & (WEAK | NOT_WEAK)) ? { path, kind, id, weak: (word & WEAK) !== 0 }
          : { path, kind, id };
    const based: FoundReference = (word & DATA) ? { ...r, basis: 'data' } : (word & DOCUMENTED) ? { ...r, basis: 'documentation' } : r;
    return (word & VARIANT) ? { ...based, variant: true } : based;
  }

  alternativesAt(at: number): string[] {
    const packed = this.packed;
    const out: string[] = [];
    // They follow the reference of the string's own kind (see siblingReference in schema/validate.ts).
    for (let i = this.next(at); i < packed.length && ((packed[i + 2] as number) & ALTERNATIVE) !== 0; i = this.next(i)) out.push(packed[i] as string);
    return out;
  }

  /** The place of the reference after the one at `at`. */
  private next(at: number): number {
    return at + 3 + ((this.packed[at + 2] as number) >>> FLAG_BITS);
  }
}

/** The array references are packed into while a record is walked (one for all: a record's is copied out). */
let spareBuffer: (string | number)[] | undefined = [];

/** Collects a record's problems, and packs its references (see PackedAnalysis). */
class Collector implements ValueSink {
  readonly problems: ValueProblem[] = [];
  private readonly buffer: (string | number)[];
  private length = 0;
  /** Where the first top-level `copy-from` reference was packed (-1: none): see copyFrom. */
  private copyFromAt = -1;

  constructor() {
    // Taken while in use: a walk within a walk (none today) would pack into an array of its own.
    this.buffer = spareBuffer ?? [];
    spareBuffer = undefined;
  }

  /** Whether `copy-from` was met as a top-level reference. */
  get copyFrom(): boolean { return this.copyFromAt >= 0; }

  problem(p: ValueProblem): void { this.problems.push(p); }

  problemsSoFar(): number { return this.problems.length; }

  referencesSoFar(): number { return this.length; }

  rollBack(problems: number, references: number): void {
    this.problems.length = problems;
    this.length = references;
    if (this.copyFromAt >= references) this.copyFromAt = -1;
  }

  reference(r: FoundReference): void {
    this.add(r.path, r.kind, r.id, (r.key === true ? KEY : 0) | (r.weak === true ? WEAK : r.weak === false ? NOT_WEAK : 0) | (r.alternative === true ? ALTERNATIVE : 0) | basisFlag(r.basis) | (r.variant === true ? VARIANT : 0));
  }

  referenceAt(path: readonly (string | number)[], kind: string, id: string, key: boolean, weak: boolean, alternative = false, basis?: Basis, variant = false): void {
    this.add(path, kind, id, (key ? KEY : 0) | (weak ? WEAK : 0) | (alternative ? ALTERNATIVE : 0) | basisFlag(basis) | (variant ? VARIANT : 0));
  }

  private add(path: readonly (string | number)[], kind: string, id: string, flags: number): void {
    const buffer = this.buffer;
    let n = this.length;
    buffer[n++] = kind;
    buffer[n++] = id;
    buffer[n++] = (path.length << FLAG_BITS) | flags;
    for (let k = 0; k < path.length; k++) buffer[n++] = path[k];
    if (path.length === 1 && path[0] === 'copy-from' && this.copyFromAt < 0) this.copyFromAt = this.length;
    this.length = n;
  }

  /** The packed references (an array of their exact length), and the buffer handed back. */
  finish(): (string | number)[] {
    const packed = this.buffer.slice(0, this.length);
    spareBuffer = this.buffer;
    return packed;
  }
}

const NO_PROBLEMS: readonly ValueProblem[] = Object.freeze([]);
const NOTHING: RecordAnalysis = new PackedAnalysis(NO_PROBLEMS, []);

/** `value`: the record's whole object when the caller has it at hand (else a summarized record's is read again). */
export function analyzeRecord(record: DefinitionRecord, registry: KindRegistry, value?: Record<string, unknown>): RecordAnalysis {
  // Written inside another definition: analysed with it (its references are that definition's).
  if (record.inline) return NOTHING;
  const schema = registry.schemaOfType(record.type);
  const sink = new Collector();
  const isMap = record.type === 'mapgen';
  // A summarized record (a type checked with a generated table) is read again from its file's text.
  const whole = schema || isMap ? value ?? fullValueOf(record) : undefined;
  if (schema) validateTopLevel(whole!, schema, registry.title(record.kind), record.editMode, sink);
  // `copy-from` names a parent of the same kind, whatever the type's schema.
  if (record.copyFrom !== undefined && !sink.copyFrom) sink.reference({ path: ['copy-from'], kind: record.kind, id: record.copyFrom });
  const packed = sink.finish();
  const map = isMap ? mapFactsFrom(whole!) : undefined;
  // Most definitions have no problem: their analyses share one empty list (kept until checked, see Project).
  const problems = sink.problems.length ? sink.problems : NO_PROBLEMS;
  return problems === NO_PROBLEMS && packed.length === 0 && !map ? NOTHING : new PackedAnalysis(problems, packed, map);
}
