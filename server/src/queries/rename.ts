/**
 * Rename an id: its definitions' id strings and every reference to it in the workspace. Refused when a
 * definition lives in read-only data (a file the project does not report: the base game, a mod outside the
 * workspace) or writes its id implicitly (a recipe id built from `result`).
 */
import type { SourceFile } from '../sourceFile';
import type { WorkspaceView } from '../workspace/view';
import { definitionSites, referencesToSteps } from './references';
import { finish, type Steps } from '../util/steps';
import { symbolAt, writesId, type Target } from './symbol';

export interface TextEdit extends Target {
  readonly newText: string;
}

export type RenameCheck =
  | { readonly ok: true; readonly kind: string; readonly id: string; readonly range: { start: number; end: number } }
  | { readonly ok: false; readonly message: string };

/** Whether the position names an id that can be renamed; the range is the id's text without quotes. */
export function prepareRename(project: WorkspaceView, filePath: string, offset: number): RenameCheck | undefined {
  const s = symbolAt(project, filePath, offset, false);
  if (!s) return undefined;
  const title = `${project.registry.title(s.kind)} "${s.id}"`;
  const defs = project.definitionsOf(s.kind, s.id);
  if (defs.length === 0) return { ok: false, message: `Cannot rename ${title}: it is not defined anywhere` };
  const readOnly = defs.find((r) => !(r.source as SourceFile).reported);
  if (readOnly) {
    const where = readOnly.source.modId ? `mod "${readOnly.source.modId}"` : 'read-only data';
    return { ok: false, message: `Cannot rename ${title}: it is defined in ${where} (${readOnly.source.path}), which is read-only game data outside the workspace` };
  }
  const implicit = defs.find((r) => !writesId(project, r, s.id));
  if (implicit) return { ok: false, message: `Cannot rename ${title}: its id is not written as such in ${implicit.source.path} (a recipe id is built from "result" and "id_suffix")` };
  return { ok: true, kind: s.kind, id: s.id, range: { start: s.range.start + 1, end: s.range.end - 1 } };
}

export type RenameResult = { readonly ok: true; readonly edits: TextEdit[] } | { readonly ok: false; readonly message: string };

export function rename(project: WorkspaceView, filePath: string, offset: number, newName: string): RenameResult | undefined {
  return finish(renameSteps(project, filePath, offset, newName));
}

/** As `rename`, pausing between records while it finds the references (see util/steps.ts). */
export function* renameSteps(project: WorkspaceView, filePath: string, offset: number, newName: string): Steps<RenameResult | undefined> {
  const check = prepareRename(project, filePath, offset);
  if (!check) return undefined;
  if (!check.ok) return check;
  if (newName === '') return { ok: false, message: 'The new id must not be empty' };
  const newText = JSON.stringify(newName);
  const sites = [...definitionSites(project, check.kind, check.id), ...yield* referencesToSteps(project, check.kind, check.id)];
  // The string at the cursor is one of them, even when it is not read (a member written again later: see
  // Cursor.shadowed): what is renamed is what the user pointed at.
  const here = project.fileAt(filePath);
  if (here) sites.push({ path: filePath, start: check.range.start - 1, end: check.range.end + 1, reported: here.reported });
  const seen = new Set<string>();
  const edits: TextEdit[] = [];
  for (const s of sites) {
    if (!s.reported) continue;
    const key = `${s.path}\u0000${s.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A string naming a variant of the id (`"frame#cross"`, see StringSpec.variants) keeps its variant.
    const file = project.fileAt(s.path);
    const written = file ? project.textOf(file).slice(s.start, s.end) : '';
    const idText = JSON.stringify(check.id).slice(0, -1);
    if (written.startsWith(`${idText}#`)) edits.push({ path: s.path, start: s.start + 1, end: s.start + idText.length, newText: newText.slice(1, -1) });
    else edits.push({ path: s.path, start: s.start, end: s.end, newText });
  }
  return { ok: true, edits };
}
