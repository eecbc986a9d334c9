/**
 * Which files each mod has, and per mod the format of the game its own content is written for when the checked
 * game cannot read it (registry/versions/writtenFor.ts): from a count of its definitions' decisive forms, kept up
 * to date as its files are indexed again, so a keystroke costs the edited file's definitions, not a pass over
 * every file of its mod.
 */
import { memberOf, type DefinitionRecord } from '../records/record';
import type { GameVersion } from '../registry/declaration';
import { eraOfVersion, type DecisiveForm } from '../registry/versions/eras';
import { addTally, bestEras, emptyTally, eraVerdict, formsOf, mayShowForms, NO_FORMS, tallyDefinition, type EraVerdict, type FormTally } from '../registry/versions/writtenFor';
import type { SourceFile } from '../sourceFile';

/** A file's decisive definitions: their tally, and the first definition showing each form (the examples a verdict names). */
interface FileForms {
  readonly tally: FormTally;
  readonly firsts: ReadonlyMap<string, DefinitionRecord>;
}

/**
 * The decisive forms of a definition (a summarized one's members read again from its file; `whole`: its file's
 * object, when at hand).
 */
export function formsOfRecord(record: DefinitionRecord, whole?: Record<string, unknown>): readonly DecisiveForm[] {
  if (!mayShowForms(record.type)) return NO_FORMS;
  return formsOf({ type: record.type, member: (name) => memberOf(record, name, whole) });
}

/** A mod's verdict as given before its files (or which files are its) changed. */
export interface VerdictChange {
  readonly before: EraVerdict | undefined;
  /** Its files or their definitions changed (the examples its notices point to may have moved), not only its count was forgotten. */
  readonly filesChanged: boolean;
}

const NO_FILE_FORMS: FileForms = { tally: emptyTally(), firsts: new Map() };

export class VersionVerdicts {
  /** Each mod's files: kept with SourceFile.modId, which is set only by setModId. */
  private readonly filesByMod = new Map<string, Set<SourceFile>>();
  /** Per file's records (a new list on each re-index), its decisive definitions. */
  private readonly fileForms = new WeakMap<readonly DefinitionRecord[], FileForms>();
  /** Per mod counted so far, its decisive definitions (see retally). */
  private readonly modTallies = new Map<string, FormTally>();
  /** Per mod asked about, the last verdict given: the format its content is written for (undefined: the checked game's). */
  private readonly given = new Map<string, EraVerdict | undefined>();
  /** The mods whose given verdict is still theirs (no file of theirs changed since, their count not forgotten). */
  private readonly current = new Set<string>();
  /** Per mod given a verdict whose files or count changed since the last takeChanges: see VerdictChange. */
  private readonly changes = new Map<string, VerdictChange>();

  /** `ensureParsed`: makes a deferred file's records (a mod's count reads them all). */
  constructor(private readonly version: GameVersion, private readonly ensureParsed: (file: SourceFile) => void) {}

  /** Sets the mod a file belongs to. */
  setModId(file: SourceFile, modId: string | undefined): void {
    if (file.modId === modId) return;
    const was = file.modId;
    if (was !== undefined) {
      this.filesByMod.get(was)?.delete(file);
      this.filesChanged(was);
      // The file's definitions leave the count of its mod (a file indexed anew has none yet).
      const tally = this.modTallies.get(was);
      if (tally) addTally(tally, this.tallyOf(file.records), -1);
    }
    file.modId = modId;
    if (modId !== undefined) {
      let set = this.filesByMod.get(modId);
      if (!set) { set = new Set(); this.filesByMod.set(modId, set); }
      set.add(file);
      this.filesChanged(modId);
      const tally = this.modTallies.get(modId);
      if (tally) addTally(tally, this.tallyOf(file.records));
    }
  }

  /** The files of a mod. */
  filesOf(modId: string): Iterable<SourceFile> {
    return this.filesByMod.get(modId) ?? [];
  }

  /** Which files are whose may have changed: every mod's count is made again when asked. */
  forgetCounts(): void {
    for (const modId of [...this.given.keys()]) {
      // A mod id with no file (an id typed and changed again) shows its verdict nowhere: forgotten, not asked again.
      if (!this.filesByMod.get(modId)?.size) this.given.delete(modId);
      else this.noteChange(modId, false);
    }
    this.current.clear();
    this.modTallies.clear();
  }

  /** A mod's files or their definitions changed: its verdict is made again when asked, and may change. */
  private filesChanged(modId: string): void {
    this.current.delete(modId);
    this.noteChange(modId, true);
  }

  private noteChange(modId: string, filesChanged: boolean): void {
    if (!this.given.has(modId)) return; // no diagnostics shown carry a verdict never given
    const change = this.changes.get(modId);
    if (!change) this.changes.set(modId, { before: this.given.get(modId), filesChanged });
    else if (filesChanged && !change.filesChanged) this.changes.set(modId, { ...change, filesChanged });
  }

  /**
   * The mods given a verdict whose files or count changed since the last call, each with the verdict given before
   * the first change: an update compares it with the verdict now, to re-publish the diagnostics that show it.
   */
  takeChanges(): Map<string, VerdictChange> {
    const out = new Map(this.changes);
    this.changes.clear();
    return out;
  }

  /**
   * Counts the decisive definitions of a file's records (its list as the file holds it) from their objects, while
   * its indexing has them at hand (`wholeOf`: a record's object, undefined when not whole): a check of a mod counts
   * every file of it, and a summarized monster group's members would otherwise be read again from its file.
   */
  countFromWhole(records: readonly DefinitionRecord[], wholeOf: (r: DefinitionRecord) => Record<string, unknown> | undefined): void {
    this.formsOfFile(records, wholeOf);
  }

  private formsOfFile(records: readonly DefinitionRecord[], wholeOf?: (r: DefinitionRecord) => Record<string, unknown> | undefined): FileForms {
    let own = this.fileForms.get(records);
    if (!own) {
      let tally: FormTally | undefined, firsts: Map<string, DefinitionRecord> | undefined;
      for (const r of records) {
        const forms = formsOfRecord(r, wholeOf?.(r));
        if (forms.length === 0 || !tallyDefinition(forms, (tally ??= emptyTally()))) continue;
        for (const f of forms) if (!(firsts ??= new Map()).has(f.id)) firsts.set(f.id, r);
      }
      // Most files show no decisive form: they share one empty count (never changed: counts are added to others).
      own = tally && firsts ? { tally, firsts } : NO_FILE_FORMS;
      this.fileForms.set(records, own);
    }
    return own;
  }

  private tallyOf(records: readonly DefinitionRecord[]): FormTally {
    return this.formsOfFile(records).tally;
  }

  /** A file's records changed from `previous`: its mod's count follows, and its verdict is asked again. */
  retally(file: SourceFile, previous: readonly DefinitionRecord[]): void {
    const modId = file.modId;
    if (modId === undefined) return;
    this.filesChanged(modId);
    const tally = this.modTallies.get(modId);
    if (!tally || previous === file.records) return;
    addTally(tally, this.tallyOf(previous), -1);
    addTally(tally, this.tallyOf(file.records));
  }

  /** A mod's decisive definitions, counted once and then kept up to date edit by edit. */
  private modTally(modId: string): FormTally {
    let tally = this.modTallies.get(modId);
    if (!tally) {
      tally = emptyTally();
      // Every file of the mod, reported or not (a check of one of its files reads them all).
      for (const f of this.filesOf(modId)) {
        this.ensureParsed(f);
        addTally(tally, this.tallyOf(f.records));
      }
      this.modTallies.set(modId, tally);
    }
    return tally;
  }

  /**
   * The format a mod's own content is written for, when the checked game cannot read it. After an edit, one pass
   * over the mod's files' memoized counts (only the edited file's is counted again).
   */
  writtenFor(modId: string): EraVerdict | undefined {
    if (this.current.has(modId)) return this.given.get(modId);
    const verdict = eraVerdict(this.version.id, this.modTally(modId));
    this.given.set(modId, verdict);
    this.current.add(modId);
    return verdict;
  }

  /** Whether a mod's own content fits the format of a game version (GameVersion.id): no more of it rules that out than any other. */
  fits(modId: string, versionId: string): boolean {
    return bestEras(this.modTally(modId)).includes(eraOfVersion(versionId));
  }

  /** The first definition of a mod (by file path) showing a form: the example its root-cause diagnostic points to. */
  firstShowing(modId: string, formId: string): DefinitionRecord | undefined {
    let first: DefinitionRecord | undefined;
    for (const f of this.filesOf(modId)) {
      const r = this.formsOfFile(f.records).firsts.get(formId);
      if (r && (!first || r.source.path < first.source.path)) first = r;
    }
    return first;
  }
}
