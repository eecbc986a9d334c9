/** What checks report about a record, and what is kept of it between checks (plain data: no project, no file). */
import type { DefinitionRecord } from '../records/record';
import type { JsonPath, Part } from '../syntax/locate';
import type { Basis, DiagnosticFix, Severity } from '../diagnostic';

/** Offsets relative to a record's start (its `{`): a place that is not a member, e.g. one of two equal keys. */
export interface RecordOffsets {
  readonly start: number;
  readonly end: number;
}

export interface RelatedAnchor {
  readonly record: DefinitionRecord;
  readonly path: JsonPath;
  readonly part?: Part;
  /** Where in the record, when not at `path`. */
  readonly at?: RecordOffsets;
  readonly message: string;
}

export interface RecordReport {
  readonly record: DefinitionRecord;
  readonly path: JsonPath;
  readonly part?: Part;
  /** Where in the record, when not at `path` (which is then only informative). */
  readonly at?: RecordOffsets;
  readonly code: string;
  readonly severity: Severity;
  /** What the verdict rests on (see Basis): a severity above information needs more than the data. */
  readonly basis: Basis;
  readonly message: string;
  readonly related?: readonly RelatedAnchor[];
  readonly fixes?: readonly DiagnosticFix[];
}

/** What a record's checks found, with what they depended on. */
export interface RecordMemo {
  readonly reports: readonly RecordReport[];
  /** Offsets of each report relative to the record's start (undefined: anchored elsewhere, located each time). */
  readonly relative: readonly ({ start: number; end: number } | undefined)[];
  /**
   * key (or `kind\u0000*`) and its version when the checks ran, flat: `[key, version, key, version...]`, the
   * keys shared with the reverse index (a record's checks look up every id it names: half a million entries
   * for the whole game, which Maps of fresh strings would make several times heavier).
   */
  readonly deps: readonly (string | number)[];
  readonly unresolvedKinds: readonly string[];
  /** The ids whose kinds a report names (see CheckContext.noteKindsOf). */
  readonly kindsOfIds: readonly string[];
}
