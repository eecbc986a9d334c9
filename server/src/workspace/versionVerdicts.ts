/**
 * Which files each mod has, and per mod the other game version its own content is written for, if it is
 * (registry/versions/writtenFor.ts): from a count of its definitions' types, kept up to date as its files are
 * indexed again, so a keystroke costs the edited file's types, not a pass over every file of its mod.
 */
import type { DefinitionRecord } from '../records/record';
import type { GameVersion } from '../registry/declaration';
import { tallyTypes, writtenForOther, type TypeTally, type WrittenForOther } from '../registry/versions/writtenFor';
import type { SourceFile } from '../sourceFile';

export class VersionVerdicts {
  /** Each mod's files: kept with SourceFile.modId, which is set only by setModId. */
  private readonly filesByMod = new Map<string, Set<SourceFile>>();
  /** Per file's records (a new list on each re-index), how many have each type. */
  private readonly typeTallies = new WeakMap<readonly DefinitionRecord[], TypeTally>();
  /** Per mod counted so far, how many of its definitions have each type (see retally). */
  private readonly modTallies = new Map<string, Map<string, number>>();
  /** Per mod asked about, the other version its content is written for (undefined: none); cleared on any re-index. */
  private readonly memo = new Map<string, WrittenForOther | undefined>();

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

  private tallyOf(records: readonly DefinitionRecord[]): TypeTally {
    let own = this.typeTallies.get(records);
    if (!own) { own = tallyTypes(records.map((r) => r.type)); this.typeTallies.set(records, own); }
    return own;
  }

  /** A file's records changed from `previous`: its mod's type count follows, and its verdict is asked again. */
  retally(file: SourceFile, previous: readonly DefinitionRecord[]): void {
    const modId = file.modId;
    if (modId === undefined) return;
    this.memo.delete(modId);
    const tally = this.modTallies.get(modId);
    if (!tally || previous === file.records) return;
    for (const [t, n] of this.tallyOf(previous)) {
      const left = (tally.get(t) ?? 0) - n;
      if (left > 0) tally.set(t, left); else tally.delete(t);
    }
    for (const [t, n] of this.tallyOf(file.records)) tally.set(t, (tally.get(t) ?? 0) + n);
  }

  /**
   * The other game version a mod's own content is written for, if it is. After an edit, one pass over the mod's
   * files' memoized type counts (only the edited file's is counted again).
   */
  writtenFor(modId: string): WrittenForOther | undefined {
    if (this.memo.has(modId)) return this.memo.get(modId);
    let tally = this.modTallies.get(modId);
    if (!tally) {
      tally = new Map<string, number>();
      // Every file of the mod, reported or not (a check of one of its files reads them all).
      for (const f of this.filesOf(modId)) {
        this.ensureParsed(f);
        for (const [t, n] of this.tallyOf(f.records)) tally.set(t, (tally.get(t) ?? 0) + n);
      }
      this.modTallies.set(modId, tally);
    }
    const verdict = writtenForOther(this.version, tally);
    this.memo.set(modId, verdict);
    return verdict;
  }
}
