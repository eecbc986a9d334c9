/**
 * `game-version-mismatch`: a mod whose own content is written for another format of the game than the one
 * checked (registry/versions/writtenFor.ts) is told so once, on its modinfo.json: which format the evidence shows
 * and what would help (the current game for a current mod checked against 0.F; `cdda-lint migrate` for an older
 * mod checked against a newer game). Each form the checked game cannot read is one more diagnostic there, with its
 * count; its uses, one per definition, are shown as information where they are (still listed, with their quick
 * fixes, but not each an error of its own). Every other problem of the mod is reported as usual.
 */
import type { Diagnostic, RelatedLocation } from '../diagnostic';
import type { GameVersion } from '../registry/declaration';
import { countedForm, type DecisiveForm } from '../registry/versions/eras';
import type { EraVerdict, FormCount } from '../registry/versions/writtenFor';
import type { OffsetRange } from '../syntax/locate';

export const VERSION_MISMATCH_CODE = 'game-version-mismatch';

/** The command that rewrites a mod to the checked game's format. */
const MIGRATE = 'cdda-lint migrate';

export interface MismatchContext {
  readonly checked: GameVersion;
  readonly verdict: EraVerdict;
  readonly gamePath: string | undefined;
  /** Whether this installation has the built-in snapshot of the current game ("builtin", mods/gameFolder.ts). */
  readonly builtInGame: boolean;
}

export interface MismatchPlaces {
  /** Where to say it: the mod's id in its modinfo.json, when the file is that. */
  readonly at: OffsetRange | undefined;
  /** The decisive forms of the definition at an offset of the file. */
  readonly formsAt: (offset: number) => readonly DecisiveForm[];
  /** The first definition of the mod showing a form, for the root cause's related location. */
  readonly example: (formId: string) => RelatedLocation | undefined;
}

function counted(c: FormCount): string {
  return `${countedForm(c.form, c.count)} (a form from ${c.form.side} ${c.boundary.title})`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** How to name the game folder "builtin" wherever a game is named. */
const BUILTIN_WHERE = '--game builtin, "gamePath": "builtin" in cdda-lint.config.json, or cdda.gamePath "builtin" in the editor';

/** What would help: the game the mod was written for, or the command that brings it to the checked one. */
function advice(c: MismatchContext): string {
  const v = c.verdict;
  if (v.direction === 'older') {
    return `\`${MIGRATE}\` rewrites it to the format of ${c.checked.title} (in the editor: CDDA: Migrate Mod); `
      + 'what it changes is counted once below, each use shown as information.';
  }
  const current = c.builtInGame
    ? `the built-in snapshot of the current game (${BUILTIN_WHERE}), or the folder of a current game`
    : 'the folder of a current game (--game DIR, $CDDA_GAME, "gamePath" in cdda-lint.config.json, or cdda.gamePath in the editor); '
      + 'this installation has no built-in snapshot of it ("npm run snapshot -- GAME_DIR" makes one in a clone; the published package ships one)';
  return v.fitsVersion === 'current'
    ? `Check it against the game it is written for: ${current}.`
    : `No supported version reads that format: check it against the current game, ${current}, and bring it there with \`${MIGRATE}\`.`;
}

export function versionMismatchMessage(c: MismatchContext): string {
  const v = c.verdict;
  const against = c.gamePath ? `the game folder ${c.gamePath}, ${c.checked.title}` : `${c.checked.title} (no game folder)`;
  const evidence = list([...v.against, ...v.placing].map(counted));
  return `This mod is written for ${v.title}, not for the game it is checked against (${against}): ${evidence}. ${advice(c)} `
    + 'Its other problems are reported as usual.';
}

/** One form the checked game cannot read, counted once. */
function rootCauseMessage(c: MismatchContext, f: FormCount): string {
  const what = `${countedForm(f.form, f.count)}, a form from ${f.form.side} ${f.boundary.title} that ${c.checked.title} does not read`;
  return c.verdict.direction === 'older'
    ? `${what}. Fix: \`${MIGRATE}\` rewrites them all (or each one's quick fix); each is shown as information where it is.`
    : `${what}. Each is shown as information where it is.`;
}

/** Whether a diagnostic says one use of a form the checked game cannot read (shown as information under its count). */
function isOneUse(d: Diagnostic, c: MismatchContext, p: MismatchPlaces): boolean {
  const forms = p.formsAt(d.start);
  return forms.length > 0 && c.verdict.against.some((a) => forms.includes(a.form) && a.form.perUseCodes.includes(d.code));
}

/** A file's diagnostics when its mod is written for another format: one use of a root cause is information; the notices on the modinfo.json. */
export function underVersionMismatch(file: string, diagnostics: readonly Diagnostic[], c: MismatchContext, p: MismatchPlaces): Diagnostic[] {
  const shown = diagnostics.map((d): Diagnostic => (isOneUse(d, c, p) ? { ...d, severity: 'information' } : d));
  if (!p.at) return shown;
  const at = { path: file, start: p.at.start, end: p.at.end, severity: 'error' as const, code: VERSION_MISMATCH_CODE, basis: 'reader' as const };
  const causes = c.verdict.against.map((f): Diagnostic => {
    const example = p.example(f.form.id);
    return { ...at, message: rootCauseMessage(c, f), ...(example ? { related: [example] } : {}) };
  });
  return [{ ...at, message: versionMismatchMessage(c) }, ...causes, ...shown];
}
