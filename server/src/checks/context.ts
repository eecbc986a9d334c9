/** What a check sees: the project's queries, the file under check, and a way to report. */
import type { FileProblem, SourceFile } from '../project';
import type { ModGraph } from '../mods/modGraph';
import type { KindRegistry } from '../registry/registry';
import type { RecordAnalysis } from '../records/analyze';
import type { DefinitionRecord } from '../records/record';
import type { Lineage } from '../index/inheritance';
import type { JsonPath, Part } from '../syntax/locate';
import type { DiagnosticFix, Severity } from '../diagnostic';

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
  readonly message: string;
  readonly related?: readonly RelatedAnchor[];
  readonly fixes?: readonly DiagnosticFix[];
}

/**
 * What checks may ask of the project. Every lookup of another definition goes through here, so the lookups a
 * record's checks made can be recorded and their results memoized until one of those definitions changes.
 */
export interface ProjectView {
  readonly graph: ModGraph;
  /** The kinds of the game version in force. */
  readonly registry: KindRegistry;
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[];
  /** Whether a definition of (kind, id) that `modId` can see is one `accepts` takes (visibleDefinitions(...).some(accepts), without building the list). */
  anyVisibleDefinition(kind: string, id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean;
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number;
  /** Every id of a kind (for "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]>;
  /** The ids of a kind near a misspelt one, among those of the mods `modId` sees, nearest first. */
  nearIds(kind: string, id: string, modId: string | undefined): readonly string[];
  /** The ids of a kind a half-typed one begins, among those of the mods `modId` sees, shortest first. */
  idsBeginning(kind: string, prefix: string, modId: string | undefined): readonly string[];
  analysisOf(record: DefinitionRecord): RecordAnalysis;
  /**
   * What a record inherits through copy-from. Depends on the record's parent key only: a change anywhere up
   * the chain bumps the keys of the definitions below it.
   */
  lineageOf(record: DefinitionRecord): Lineage;
  /** What stops a whole file from loading, if anything. */
  fileProblem(path: string): FileProblem | undefined;
  /** The text of a file (what offsets refer to). */
  textOf(file: SourceFile): string;
}

export interface CheckContext {
  readonly project: ProjectView;
  readonly file: SourceFile;
  report(d: RecordReport): void;
  /** A diagnostic at raw offsets of the file (syntax errors, modinfo problems). */
  reportAt(start: number, end: number, code: string, severity: Severity, message: string): void;
  /** Notes that the file names an unknown id of `kind` (so it is re-checked when `kind` changes). */
  noteUnresolved(kind: string): void;
}

/** A check of one record; each rule family is one module exporting one of these. */
export type RecordCheck = (record: DefinitionRecord, ctx: CheckContext) => void;
