/**
 * The workspace's files as inputs: each path's SourceFile, its text (kept for an edited file, read from disk and
 * cached a while for the others), an object's whole value parsed again from that text, a member's range in it,
 * and the problems that stop a whole file from loading (unreadable, a modinfo.json declaring no mod, a mod id
 * taken).
 */
import { objectValue, slotOf } from '../syntax/parseFile';
import { objectTree, JsonLocator, locatePath, type JsonPath, type OffsetRange, type Part } from '../syntax/locate';
import { MAX_NESTING } from '../syntax/nesting';
import { SourceFile, type FileProblem } from '../sourceFile';
import type { DefinitionRecord } from '../records/record';

/** How many texts read from disk are kept: checking or publishing a file asks for its text several times. */
const RECENT_DISK_TEXTS = 32;

const OPEN_BRACE = 0x7b;

/**
 * How many files' whole values are kept: a map generator's hover or preview reads its palettes' values from other
 * files (a palette naming more palettes, from more files) between its own file's records. With one kept, each
 * palette read first parsed the map generator's whole file again (the checks read neither: mapgen/facts.ts).
 */
const RECENT_VALUES = 4;

interface FileValues { readonly file: SourceFile; readonly text: string; readonly values: readonly unknown[] | undefined }

export class FileStore {
  private readonly files = new Map<string, SourceFile>();
  private readonly diskTexts = new Map<string, string>();
  private readonly problems = new Map<string, FileProblem>();
  /** The values of the files last read again for a whole value, the most recent last (records are checked file by file). */
  private recentValues: FileValues[] = [];
  /**
   * The texts of which one object was parsed alone (see objectValueOf), the most recent last: a second object of
   * one parses the whole (the checks of a file ask definitions of other files in between).
   */
  private singles: { readonly file: SourceFile; readonly text: string; readonly index: number; readonly value: Record<string, unknown> }[] = [];
  // What every file reads its text and values through (one pair for the thousands of files).
  private readonly textOfFile = (file: SourceFile): string => this.textOf(file);
  private readonly valueOfObject = (file: SourceFile, i: number): Record<string, unknown> => this.objectValueOf(file, i);

  /**
   * `readFile`: reads a file's text (a server's reads its open documents first). `textsFixed`: the files do not
   * change while the store lives (a project made for one check), so a text read from disk is the one its file's
   * offsets were found in (see objectValueOf).
   */
  constructor(private readonly readFile: (p: string) => string, private readonly textsFixed = false) {}

  /** Every file held, by absolute path. */
  get all(): ReadonlyMap<string, SourceFile> {
    return this.files;
  }

  get(p: string): SourceFile | undefined {
    return this.files.get(p);
  }

  /** Whether `file` is the one held for its path (not one dropped since). */
  holds(file: SourceFile): boolean {
    return this.files.get(file.path) === file;
  }

  /** The file of a path, made (empty) when there is none. */
  fileFor(p: string): SourceFile {
    let f = this.files.get(p);
    if (!f) { f = new SourceFile(p, this.textOfFile, this.valueOfObject); this.files.set(p, f); }
    return f;
  }

  forget(p: string): void {
    this.files.delete(p);
  }

  // ---------------------------------------------------------------- whole-file problems

  /** A whole-file problem of `p` (unreadable, no mod declared, mod id taken), if any. */
  problemOf(p: string): FileProblem | undefined {
    return this.problems.get(p);
  }

  /** Every file's whole-file problem (live: a problem set or cleared while iterating is seen). */
  problemEntries(): IterableIterator<[string, FileProblem]> {
    return this.problems.entries();
  }

  /** Every file's whole-file problem, as it is now (a copy: callers compare it with a later one). */
  problemsNow(): Map<string, FileProblem> {
    return new Map(this.problems);
  }

  setProblem(p: string, problem: FileProblem): void {
    this.problems.set(p, problem);
  }

  /** Clears `p`'s problem (only one of `code`, when given). */
  clearProblem(p: string, code?: FileProblem['code']): void {
    if (code === undefined || this.problems.get(p)?.code === code) this.problems.delete(p);
  }

  /** Clears every problem of `code`. */
  clearProblems(code: FileProblem['code']): void {
    for (const [p, problem] of this.problems) if (problem.code === code) this.problems.delete(p);
  }

  // ---------------------------------------------------------------- text

  /** Reads a file; a failure other than "no such file" (a deletion) is a file problem reported on it. */
  safeRead(p: string, read = this.readFile): string | undefined {
    try {
      const text = read(p);
      this.clearProblem(p, 'unreadable-file');
      return text;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e?.code !== 'ENOENT') this.problems.set(p, { code: 'unreadable-file', message: `This file cannot be read (${e?.code ?? String(err)}), so it is not checked` });
      return undefined;
    }
  }

  /** The text of a file: kept for edited files, read from disk (and cached a while) for the others. */
  textOf(file: SourceFile): string {
    if (file.text !== undefined) return file.text;
    let t = this.diskTexts.get(file.path);
    if (t === undefined) {
      t = this.safeRead(file.path) ?? '';
      if (this.diskTexts.size >= RECENT_DISK_TEXTS) this.diskTexts.delete(this.diskTexts.keys().next().value!);
    } else {
      this.diskTexts.delete(file.path);
    }
    this.diskTexts.set(file.path, t);
    return t;
  }

  /** The text read for `p` before is out of date (the file changed), whether it is indexed now or later. */
  forgetDiskText(p: string): void {
    this.diskTexts.delete(p);
  }

  /** Drops the whole values kept for the file last read (a pass over every file needs none of them again soon). */
  forgetValues(): void {
    this.recentValues = [];
    this.singles = [];
  }

  /** Object `i` of a file, parsed again from its text: the whole file at once, kept while a few others are asked. */
  private objectValueOf(file: SourceFile, i: number): Record<string, unknown> {
    // A reported file's text is about to locate its diagnostics: cached. Another's is read without caching it:
    // a pass over every file (find references) should not fill the cache with texts it reads once.
    const single = this.singles.findIndex((s) => s.file === file);
    const askedOnce = single >= 0 ? this.singles[single] : undefined;
    const text = file.reported ? this.textOf(file)
      : file.text ?? this.diskTexts.get(file.path) ?? askedOnce?.text ?? this.recentValues.find((v) => v.file === file)?.text ?? this.safeRead(file.path) ?? '';
    const at = this.recentValues.findIndex((v) => v.file === file && v.text === text);
    let c = at >= 0 ? this.recentValues[at] : undefined;
    if (c && at !== this.recentValues.length - 1) { this.recentValues.splice(at, 1); this.recentValues.push(c); }
    if (!c) {
      // The first object asked of a text is parsed alone: after a keystroke only the edited definition is analysed
      // and checked, and parsing its whole file (hundreds of KB) for it was most of the keystroke; a whole-game
      // check asks one definition of most files it reads again (85 of 127: an item's flags, an unknown id's
      // written value). Only where the objects' offsets are those of this text (an edited text; a disk text while
      // files do not change, once found: else finding them scans the whole text).
      // While files do not change, the object is kept for its next asks (a check reading several of its members).
      // Not in a server: there a value given twice made an edited file's diagnostics differ from a fresh build's
      // (test/engine/property.test.ts).
      if (this.textsFixed && askedOnce?.text === text && askedOnce.index === i) return askedOnce.value;
      if (askedOnce) this.singles.splice(single, 1);
      if ((file.text === text || (this.textsFixed && file.parsed.regions !== undefined)) && askedOnce?.text !== text) {
        const value = objectValue(file.parsed, text, i);
        this.singles.push({ file, text, index: i, value });
        if (this.singles.length > RECENT_VALUES) this.singles.shift();
        return value;
      }
      let values: unknown[] | undefined;
      try { const whole: unknown = JSON.parse(text); values = Array.isArray(whole) ? whole : [whole]; } catch { values = undefined; }
      c = { file, text, values };
      // An older text's values of the file are out of date.
      this.recentValues = this.recentValues.filter((v) => v.file !== file);
      this.recentValues.push(c);
      if (this.recentValues.length > RECENT_VALUES) this.recentValues.shift();
    }
    const v = c.values?.[slotOf(file.parsed, i)];
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    return objectValue(file.parsed, text, i);
  }

  /** The text range of a member of a record. */
  locate(record: DefinitionRecord, memberPath: JsonPath, part: Part = 'value'): OffsetRange {
    return this.locator(record)(memberPath, part);
  }

  /**
   * The text ranges of members of one record, asked one after another (a record's reports): its text read once,
   * and what a scan of it finds on the way kept for the next (see JsonLocator).
   */
  locator(record: DefinitionRecord): (memberPath: JsonPath, part?: Part) => OffsetRange {
    const file = record.source as SourceFile;
    const text = this.textOf(file);
    if (text.charCodeAt(record.start) !== OPEN_BRACE) return () => ({ start: record.start, end: record.start + 1 });
    // A well-formed file's member is found by a scan (nesting within the limit, as a parse tree would see it).
    const scan = file.parsed.wellFormed ? new JsonLocator(text) : undefined;
    return (memberPath, part = 'value') => {
      if (scan && memberPath.length < MAX_NESTING - 1) return scan.locate(record.start, memberPath, part);
      return locatePath(objectTree(file.parsed, text, record.start, record.end), record.start, memberPath, part);
    };
  }
}
