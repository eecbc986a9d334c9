/** What a check sees: the project's queries, the file under check, and a way to report. */
import type { FileProblem, SourceFile } from '../sourceFile';
import type { RecordReport } from './report';
import type { ModsView } from '../mods/modGraph';
import type { KindRegistry } from '../registry/registry';
import type { RecordAnalysis } from '../records/analyze';
import type { DefinitionRecord } from '../records/record';
import type { Lineage } from '../index/inheritance';
import type { JsonPath, OffsetRange, Part } from '../syntax/locate';
import type { Basis, Severity } from '../diagnostic';

/**
 * What the game's own data uses beyond the version's tables (a game folder newer than them), learned while it
 * loads (workspace/gameUsage.ts): a mod is not flagged for what the game itself uses.
 */
export interface GameUsageView {
  /** Whether the game's own data defines things of this type (which the tables do not know). */
  usesType(type: string): boolean;
  /**
   * Whether the game's own definitions of `type` write a member at this path, in the tables' syntax (its table
   * lacks it): a top-level member's name, or a path to one inside an object (records/beyondTables.ts tablePathOf).
   */
  usesMember(type: string, member: string): boolean;
}

export type { RecordOffsets, RecordReport, RelatedAnchor, RecordMemo } from './report';

/**
 * What checks may ask of the project. Every lookup of another definition goes through here, so the lookups a
 * record's checks made can be recorded and their results memoized until one of those definitions changes.
 */
export interface ProjectView {
  /** The mods as they are now (a snapshot: see ModsView). */
  readonly mods: ModsView;
  /** The kinds of the game version in force. */
  readonly registry: KindRegistry;
  /** What the game's own data uses beyond the registry's tables (a game newer than them): not flagged in a mod. */
  readonly gameUsage: GameUsageView;
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[];
  /** Whether a definition of (kind, id) that `modId` can see is one `accepts` takes (visibleDefinitions(...).some(accepts), without building the list). */
  anyVisibleDefinition(kind: string, id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean;
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number;
  /** The kinds with a definition of `id` that `modId` can see (what an unknown id names instead). */
  kindsDefining(id: string, modId: string | undefined): readonly string[];
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
  reportAt(start: number, end: number, code: string, severity: Severity, basis: Basis, message: string): void;
  /** Notes that the file names an unknown id of `kind` (so it is re-checked when `kind` changes). */
  noteUnresolved(kind: string): void;
  /** Notes that a report names the kinds `id` is of (so the file is re-checked when any kind gains or loses it). */
  noteKindsOf(id: string): void;
}

/** A check of one record; each rule family is one module exporting one of these. */
export type RecordCheck = (record: DefinitionRecord, ctx: CheckContext) => void;

/**
 * What running the checks needs of the project besides what the checks see (ProjectView): the versions of the
 * keys a memo depends on, the index's shared key strings, where a member is, and whether the project is made
 * for one check. The project satisfies it; the checks never import the project.
 */
export interface CheckHost extends ProjectView {
  readonly forOneCheck: boolean;
  versionOf(key: string): number;
  sharedKeyOf(kind: string, id: string): string | undefined;
  /**
   * The key of whether (kind, id) is defined where, abstract or not: what finding a reference needs of it, not
   * its content. Its version changes only when that does (an edit of a definition's description leaves it).
   */
  existenceKeyOf(kind: string, id: string): string;
  locate(record: DefinitionRecord, memberPath: JsonPath, part?: Part): OffsetRange;
  /** Ranges of several members of one record, one after another (see FileStore.locator). */
  locator(record: DefinitionRecord): (memberPath: JsonPath, part?: Part) => OffsetRange;
}
