/**
 * What a record says on its own, independent of other files: its shape problems and its outgoing references.
 * Computed once when the record is indexed; checks that need other files build on it.
 */
import { fullValueOf, type DefinitionRecord } from './record';
import type { KindRegistry } from '../registry/registry';
import { validateTopLevel } from '../schema/topLevel';
import type { FoundReference, ValueProblem, ValueSink } from '../schema/validate';

export interface RecordAnalysis {
  readonly problems: readonly ValueProblem[];
  /** Made when asked for (see PackedAnalysis): a caller that reads them several times keeps the array. */
  readonly references: readonly FoundReference[];
}

const KEY = 1, WEAK = 2, NOT_WEAK = 4, FLAG_BITS = 3;

/**
 * An analysis whose references are packed in one flat array: per reference its kind, its id, its flags and
 * path length (one number), then its path's steps. A check of the whole game keeps the analyses made on
 * loading (several hundred thousand references) until their records are checked: two objects per reference
 * held that long are most of what the garbage collector copies. The references are unpacked when asked for.
 */
class PackedAnalysis implements RecordAnalysis {
  constructor(readonly problems: readonly ValueProblem[], private readonly packed: readonly (string | number)[]) {}

  get references(): FoundReference[] {
    const packed = this.packed;
    const out: FoundReference[] = [];
    for (let i = 0; i < packed.length;) {
      const kind = packed[i] as string, id = packed[i + 1] as string, word = packed[i + 2] as number;
      const length = word >>> FLAG_BITS;
      const path = packed.slice(i + 3, i + 3 + length);
      i += 3 + length;
      if (word & KEY) out.push({ path, kind, id, key: true });
      else if (word & (WEAK | NOT_WEAK)) out.push({ path, kind, id, weak: (word & WEAK) !== 0 });
      else out.push({ path, kind, id });
    }
    return out;
  }
}

/** Collects a record's problems, and packs its references (see PackedAnalysis). */
class Collector implements ValueSink {
  readonly problems: ValueProblem[] = [];
  readonly packed: (string | number)[] = [];
  /** Whether `copy-from` was met as a top-level reference. */
  copyFrom = false;
  problem(p: ValueProblem): void { this.problems.push(p); }
  reference(r: FoundReference): void {
    const path = r.path;
    const word = (path.length << FLAG_BITS) | (r.key === true ? KEY : 0) | (r.weak === true ? WEAK : r.weak === false ? NOT_WEAK : 0);
    this.packed.push(r.kind, r.id, word);
    for (let k = 0; k < path.length; k++) this.packed.push(path[k]);
    if (path.length === 1 && path[0] === 'copy-from') this.copyFrom = true;
  }
}

const NOTHING: RecordAnalysis = new PackedAnalysis([], []);

/** `value`: the record's whole object when the caller has it at hand (else a summarized record's is read again). */
export function analyzeRecord(record: DefinitionRecord, registry: KindRegistry, value?: Record<string, unknown>): RecordAnalysis {
  const schema = registry.schemaOfType(record.type);
  const sink = new Collector();
  if (schema) {
    // A summarized record (a type checked with a generated table) is read again from its file's text.
    validateTopLevel(value ?? fullValueOf(record), schema, registry.title(record.kind), record.editMode, sink);
  }
  // `copy-from` names a parent of the same kind, whatever the type's schema.
  if (record.copyFrom !== undefined && !sink.copyFrom) sink.reference({ path: ['copy-from'], kind: record.kind, id: record.copyFrom });
  // Copied to an array of its exact length: the one that grew has room to spare, kept as long as the analysis.
  return sink.problems.length || sink.packed.length ? new PackedAnalysis(sink.problems, sink.packed.slice()) : NOTHING;
}
