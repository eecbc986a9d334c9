/**
 * What the game's own data uses beyond the version's tables (see records/beyondTables.ts): the entries learned
 * from each of the game's files as it was loaded (from its text, or from the disk cache on a warm start; a map
 * generator file indexed without parsing it, when first needed: see later), so that
 * a check can ask whether the game itself uses a type or a member its tables lack. Only the game's files teach
 * (see WorkspaceMods.isGameData): a mod's typo must not teach itself. A file dropped after the load (its mod no
 * longer active) keeps what it taught until the workspace is indexed again: checks memoized meanwhile relied on
 * it, and the game's files are not edited.
 */
import { MEMBER_SEPARATOR } from '../records/beyondTables';
import type { GameUsageView } from '../checks/context';
import { DEFINES_NO_ID_TYPE } from '../syntax/definesNoId';

const NOTHING: readonly string[] = Object.freeze([]);

/** How many types and members a game's own data uses beyond the tables. */
export interface UsageCounts { readonly types: number; readonly members: number }

/**
 * What the user is told once, where the game in use is reported (the CLI's summary, the server's log), when the
 * game's own data uses what the tables do not know (a later experimental); undefined when it uses nothing more.
 */
export function newerThanTables(counts: UsageCounts | undefined): string | undefined {
  if (!counts || counts.types + counts.members === 0) return undefined;
  return `the game folder is newer than cdda-lint's tables: ${counts.types} type(s) and ${counts.members} member(s) learned from it`;
}

export class GameUsage implements GameUsageView {
  private readonly byFile = new Map<string, readonly string[]>();
  /** Every file's entries together, made when first asked for after a change. */
  private merged: ReadonlySet<string> | undefined;
  /** The game's files indexed without parsing them, not learned from yet (see later). */
  private readonly pending = new Set<string>();

  /** `learnFile`: what a file uses beyond the tables, read from its text (undefined: unreadable). */
  constructor(private readonly teaches: (path: string) => boolean, private readonly learnFile: (path: string) => readonly string[] | undefined = () => undefined) {}

  /**
   * Notes a file of the game indexed without parsing it (map generators only: see syntax/definesNoId.ts). What it
   * uses is learned when first needed: before a question about what the game's map generators use (a check asks
   * only about a member their table lacks: a clean mod asks none), so the answers are the same whatever is asked
   * first; and for
   * the count when the game already taught something else (a game its tables know teaches nothing, and its map
   * generators, a fifth of its bytes, are not parsed for the summary's sake).
   */
  later(path: string): void {
    if (!this.teaches(path)) return;
    this.note(path, undefined);
    this.pending.add(path);
  }

  /** Notes what a file of the game, just loaded, uses beyond the tables (nothing for a file that does not teach). */
  note(path: string, entries: readonly string[] | undefined): void {
    this.pending.delete(path);
    const kept = entries !== undefined && entries.length > 0 && this.teaches(path) ? entries : undefined;
    if (kept === undefined && !this.byFile.has(path)) return;
    if (kept) this.byFile.set(path, kept); else this.byFile.delete(path);
    this.merged = undefined;
  }

  /** What a file taught (for the cache: see Loader.indexFromDisk). */
  of(path: string): readonly string[] {
    return this.byFile.get(path) ?? NOTHING;
  }

  usesType(type: string): boolean {
    if (type === DEFINES_NO_ID_TYPE) this.learnPending();
    return this.all.has(type);
  }

  usesMember(type: string, member: string): boolean {
    if (type === DEFINES_NO_ID_TYPE) this.learnPending();
    return this.all.has(type + MEMBER_SEPARATOR + member);
  }

  /** How many types and members (top-level or nested) the game uses beyond the tables (the summary's "newer than the tables"). */
  counts(): UsageCounts {
    if (this.all.size > 0) this.learnPending();
    let types = 0, members = 0;
    for (const e of this.all) if (e.includes(MEMBER_SEPARATOR)) members++; else types++;
    return { types, members };
  }

  /** The entries, sorted (tests, and the server's log). */
  entries(): string[] {
    this.learnPending();
    return [...this.all].sort();
  }

  /** Learns from the files indexed without parsing them (see later). */
  private learnPending(): void {
    if (this.pending.size === 0) return;
    for (const p of [...this.pending]) this.note(p, this.learnFile(p));
  }

  private get all(): ReadonlySet<string> {
    if (this.merged) return this.merged;
    const all = new Set<string>();
    for (const entries of this.byFile.values()) for (const e of entries) all.add(e);
    return (this.merged = all);
  }
}
