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
  readonly references: readonly FoundReference[];
}

/** Collects a record's findings into its analysis's arrays. */
class Collector implements ValueSink {
  constructor(private readonly problems: ValueProblem[], private readonly references: FoundReference[]) {}
  problem(p: ValueProblem): void { this.problems.push(p); }
  reference(r: FoundReference): void { this.references.push(r); }
}

const NOTHING: RecordAnalysis = { problems: [], references: [] };

/** `value`: the record's whole object when the caller has it at hand (else a summarized record's is read again). */
export function analyzeRecord(record: DefinitionRecord, registry: KindRegistry, value?: Record<string, unknown>): RecordAnalysis {
  const schema = registry.schemaOfType(record.type);
  const problems: ValueProblem[] = [];
  const references: FoundReference[] = [];
  if (schema) {
    // A summarized record (a type checked with a generated table) is read again from its file's text.
    validateTopLevel(value ?? fullValueOf(record), schema, registry.title(record.kind), record.editMode, new Collector(problems, references));
  }
  // `copy-from` names a parent of the same kind, whatever the type's schema.
  if (record.copyFrom !== undefined && !references.some((r) => r.path.length === 1 && r.path[0] === 'copy-from')) {
    references.push({ path: ['copy-from'], kind: record.kind, id: record.copyFrom });
  }
  return problems.length || references.length ? { problems, references } : NOTHING;
}
