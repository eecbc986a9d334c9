/**
 * `game-version-mismatch`: a mod whose own content is written for another game version than the one checked
 * (see registry/versions/writtenFor.ts) is told so once, on its modinfo.json, with what to pass; its other
 * problems are held back (nearly all would be the version's, thousands for a large mod), except the file-level
 * ones (not JSON, unreadable) that no game version changes.
 */
import type { Diagnostic } from '../diagnostic';
import type { GameVersion } from '../registry/declaration';
import type { WrittenForOther } from '../registry/versions/writtenFor';
import type { OffsetRange } from '../syntax/locate';

export const VERSION_MISMATCH_CODE = 'game-version-mismatch';

/** Diagnostics that say the same whatever the game version. */
const KEPT_CODES = new Set(['json-syntax', 'duplicate-key', 'unreadable-file', 'invalid-modinfo', 'duplicate-mod']);

export interface MismatchContext {
  readonly checked: GameVersion;
  readonly other: WrittenForOther;
  readonly gamePath: string | undefined;
  /** Where to say it: the mod's id in its modinfo.json, when `file` is that. */
  readonly at: OffsetRange | undefined;
}

export function versionMismatchMessage(c: Omit<MismatchContext, 'at'>): string {
  const against = c.gamePath ? `the game folder ${c.gamePath}, ${c.checked.title}` : `${c.checked.title} (no game folder)`;
  return `This mod is written for ${c.other.version.title}: ${c.other.count} of its definitions have types only that version has (such as "${c.other.example}"), `
    + `but it is checked against ${against}. Give the folder of a ${c.other.version.title} game: --game DIR, $CDDA_GAME, "gamePath" in cdda-lint.config.json, or cdda.gamePath in the editor`
    // The package's built-in snapshot is of the current game (mods/gameFolder.ts BUILT_IN_GAME).
    + `${c.other.version.id === 'current' ? ' (or "builtin" in any of them: the snapshot of the current game a packaged cdda-lint ships)' : ''}. `
    + 'Its other problems are not reported until then: nearly all would come from the version.';
}

/** A file's diagnostics when its mod is written for another version: the kept ones, and the notice on the modinfo.json. */
export function underVersionMismatch(file: string, list: readonly Diagnostic[], c: MismatchContext): Diagnostic[] {
  const kept = list.filter((d) => KEPT_CODES.has(d.code));
  if (!c.at) return kept;
  return [{ path: file, start: c.at.start, end: c.at.end, severity: 'error', code: VERSION_MISMATCH_CODE, basis: 'reader', message: versionMismatchMessage(c) }, ...kept];
}
