/** What a check sees: the project's queries, the file under check, and a way to report. */
import type { Project, SourceFile } from '../project';
import type { DefinitionRecord } from '../records/record';
import type { JsonPath, Part } from '../syntax/locate';
import type { DiagnosticFix, Severity } from '../diagnostic';

export interface RelatedAnchor {
  readonly record: DefinitionRecord;
  readonly path: JsonPath;
  readonly part?: Part;
  readonly message: string;
}

export interface RecordReport {
  readonly record: DefinitionRecord;
  readonly path: JsonPath;
  readonly part?: Part;
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly related?: readonly RelatedAnchor[];
  readonly fixes?: readonly DiagnosticFix[];
}

export interface CheckContext {
  readonly project: Project;
  readonly file: SourceFile;
  report(d: RecordReport): void;
  /** A diagnostic at raw offsets of the file (syntax errors, modinfo problems). */
  reportAt(start: number, end: number, code: string, severity: Severity, message: string): void;
  /** Notes that the file names an unknown id of `kind` (so it is re-checked when `kind` changes). */
  noteUnresolved(kind: string): void;
}

/** A check of one record; each rule family is one module exporting one of these. */
export type RecordCheck = (record: DefinitionRecord, ctx: CheckContext) => void;
