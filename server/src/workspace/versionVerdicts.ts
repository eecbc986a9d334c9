/**
 * Which files each mod has, and per mod the format of the game its own content is written for when the checked
 * game cannot read it (registry/versions/writtenFor.ts): from a count of its definitions' decisive forms, kept up
 * to date as its files are indexed again, so a keystroke costs the edited file's definitions, not a pass over
 * every file of its mod.
 */
import { memberOf, type DefinitionRecord } from '../records/record';
import type { GameVersion } from '../registry/declaration';
import { eraOfVersion, type DecisiveForm } from '../registry/versions/eras';
import { addTally, bestEras, emptyTally, eraVerdict, formsOf, tallyDefinition, type EraVerdict, type FormTally } from '../registry/versions/writtenFor';
import type { SourceFile } from '../sourceFile';

/** A file's decisive definitions: their tally, and the first definition showing each form (the examples a verdict names). */
interface FileForms {
  readonly tally: FormTally;
  readonly firsts: ReadonlyMap<string, DefinitionRecord>;
}

/** The decisive forms of a definition (a summarized one's members read again from its file). */
export function formsOfRecord(record: DefinitionRecord): DecisiveForm[] {
  return formsOf({ type: record.type, member: (name) => memberOf(record, name) });
}

export class VersionVerdicts {
  /** Each mod's files: kept with SourceFile.modId, which is set only by setModId. */
  private readonly filesByMod = new Map<string, Set<SourceFile>>();
  /** Per file's records (a new list on each re-index), its decisive definitions. */
  private readonly fileForms = new WeakMap<readonly DefinitionRecord[], FileForms>();
  /** Per mod counted so far, its decisive definitions (see retally). */
  private readonly modTallies = new Map<string, FormTally>();
  /** Per mod asked about, the format its content is written for (undefined: the checked game's); cleared on any re-index. */
  private readonly memo = new Map<string, EraVerdict | undefined>();

  /** `ensureParsed`: makes a deferred file's records (a mod's count reads them all). */
  constructor(private readonly version: GameVersion, private readonly ensureParsed: (file: SourceFile) => void) {}

  /** Sets the mod a file belongs to. */
  setModId(file: SourceFile, modId: string | undefined): void {
    if (file.modId === modId) return;
    if (file.modId !== undefined) this.filesByMod.get(file.modId)?.delete(file);
    file.modId = modId;
    if (modId !== undefined) {
      let set = this.filesByMod.get(modId);
      if (!set) { set = new Set(); this.filesByMod.set(modId, set); }
      set.add(file);
    }
  }

  /** The files of a mod. */
  filesOf(modId: string): Iterable<SourceFile> {
    return this.filesByMod.get(modId) ?? [];
  }

  /** Which files are whose may have changed: every mod's count is made again when asked. */
  forgetCounts(): void {
    this.memo.clear();
    this.modTallies.clear();
  }

  private formsOfFile(records: readonly DefinitionRecord[]): FileForms {
    let own = this.fileForms.get(records);
    if (!own) {
      const tally = emptyTally();
      const firsts = new Map<string, DefinitionRecord>();
      for (const r of records) {
        const forms = formsOfRecord(r);
        if (!tallyDefinition(forms, tally)) continue;
        for (const f of forms) if (!firsts.has(f.id)) firsts.set(f.id, r);
      }
      own = { tally, firsts };
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
    this.memo.delete(modId);
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
    if (this.memo.has(modId)) return this.memo.get(modId);
    const verdict = eraVerdict(this.version.id, this.modTally(modId));
    this.memo.set(modId, verdict);
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
