/**
 * What queries read of a workspace (server/src/queries/): the checks' view (checks/context.ts) and, besides, the
 * files by path, every definition of an id whatever mod sees it, where a member is, who refers to an id, and the
 * files' diagnostics. Read-only: queries never change the workspace, nor reach into how it is kept.
 */
import type { CheckHost } from '../checks/context';
import type { Diagnostic } from '../diagnostic';
import type { DefinitionRecord } from '../records/record';
import type { VersionChoice } from '../registry/versions';
import type { SourceFile } from '../sourceFile';
import type { Steps } from '../util/steps';

export interface WorkspaceView extends CheckHost {
  /** The game version in force and how it was chosen. */
  readonly version: VersionChoice;
  /** Bumped by every update of the files: a query paused in between knows it is stale. */
  readonly revision: number;
  /** The file held for an absolute path (a file of an active mod, or one with a whole-file problem). */
  fileAt(path: string): SourceFile | undefined;
  /** The files whose diagnostics are reported (under a root). */
  reportedFiles(): SourceFile[];
  /** Every definition of (kind, id), in any mod, in index order (see visibleDefinitions for what a mod sees). */
  definitionsOf(kind: string, id: string): readonly DefinitionRecord[];
  /**
   * Every definition whose JSON type is one of `types`, with an id or none (a ter_furn_migration has none), in
   * file order. A scan of every record: for rare types and commands, not for every keystroke.
   */
  definitionsOfTypes(types: ReadonlySet<string>): DefinitionRecord[];
  /** The kinds with at least one definition. */
  definedKinds(): Iterable<string>;
  /**
   * The ids of a kind added or removed since the kind's stamp was `stamp` (see DefinitionIndex.changedSince);
   * undefined when that is too long ago to tell.
   */
  idsChangedSince(kind: string, stamp: number): readonly string[] | undefined;
  /** Files referring to (kind, id), with every file's references indexed first (find references, rename). */
  filesReferencing(kind: string, id: string): SourceFile[];
  /** As `filesReferencing`, pausing between records while it analyses them (the first search reads them all). */
  filesReferencingSteps(kind: string, id: string): Steps<SourceFile[]>;
  /** A reported file's diagnostics (checked when first asked for after a change). */
  diagnostics(filePath: string): Diagnostic[];
  /**
   * As `diagnostics`, with the problems a mod written for another game version has shown rather than held back
   * behind its one notice (checks/versionMismatch.ts): what a migration to the version checked repairs.
   * `writtenFor`: the version the mod is written for as a migration found it before its first repair (a mod's
   * verdict moves as its forms are rewritten); without it, the mod's verdict now.
   */
  diagnosticsForMigration(filePath: string, writtenFor?: WrittenForVersion): Diagnostic[];
}

/** The supported game version a mod is written for (EraVerdict.fitsVersion; undefined: the version checked). */
export interface WrittenForVersion {
  readonly version: string | undefined;
}
