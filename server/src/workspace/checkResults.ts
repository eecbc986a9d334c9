/**
 * Each reported file's last diagnostics, and what they depend on besides the keys their records' memos name
 * (checks/index.ts): the kinds of the unknown ids they name (re-checked when such a kind gains or loses an id),
 * the ids whose kinds they name (re-checked when any kind gains or loses one), the palettes their maps looked up
 * (re-checked when one changes, however it is named: through the game's palettes too), and the files their related
 * locations point into (re-checked and re-published when those are edited: the places they show moved).
 */
import type { Diagnostic } from '../diagnostic';
import type { SourceFile } from '../sourceFile';

/** What running the checks on a file gave (see checks/index.ts runChecks). */
export interface CheckedFile {
  readonly diagnostics: Diagnostic[];
  readonly unresolvedKinds: Iterable<string>;
  readonly kindsOfIds: Iterable<string>;
  /** The palettes its maps looked up (with those their palettes name). */
  readonly palettesLookedUp: Iterable<string>;
}

/** Adds `file` to the set of `key` in `map`. */
function addTo(map: Map<string, Set<SourceFile>>, key: string, file: SourceFile): void {
  let set = map.get(key);
  if (!set) { set = new Set(); map.set(key, set); }
  set.add(file);
}

export class CheckResults {
  private readonly diagnostics = new Map<SourceFile, Diagnostic[]>();
  /** Files whose diagnostics name an unknown id of a kind. */
  private readonly unresolvedByKind = new Map<string, Set<SourceFile>>();
  /** Files whose diagnostics name the kinds an id is of. */
  private readonly kindsNamedById = new Map<string, Set<SourceFile>>();
  /** What each file was noted under in the two maps above (forgotten per file, not by going through the maps). */
  private readonly notedOf = new Map<SourceFile, { readonly kinds: readonly string[]; readonly ids: readonly string[] }>();
  /** path -> files whose diagnostics have related locations in that file. */
  private readonly relatedInto = new Map<string, Set<SourceFile>>();
  private readonly relatedOf = new Map<SourceFile, string[]>();
  /** Palette key -> files whose maps looked it up; and back. */
  private readonly byPalette = new Map<string, Set<SourceFile>>();
  private readonly palettesOf = new Map<SourceFile, string[]>();

  /** The file's diagnostics as last checked, while still valid. */
  cached(file: SourceFile): Diagnostic[] | undefined {
    return this.diagnostics.get(file);
  }

  /** Keeps a file's diagnostics and notes what they depend on. */
  keep(file: SourceFile, checked: CheckedFile): Diagnostic[] {
    this.forgetUnresolved(file);
    const kinds = [...checked.unresolvedKinds], ids = [...checked.kindsOfIds];
    for (const k of kinds) addTo(this.unresolvedByKind, k, file);
    for (const id of ids) addTo(this.kindsNamedById, id, file);
    if (kinds.length || ids.length) this.notedOf.set(file, { kinds, ids });
    const palettes = [...checked.palettesLookedUp];
    for (const k of palettes) addTo(this.byPalette, k, file);
    if (palettes.length) this.palettesOf.set(file, palettes);
    this.noteRelated(file, checked.diagnostics);
    this.diagnostics.set(file, checked.diagnostics);
    return checked.diagnostics;
  }

  /** The file's diagnostics may have changed: checked again when next asked for. */
  invalidate(file: SourceFile): void {
    this.diagnostics.delete(file);
  }

  /** Forgets everything noted about a file (it is dropped); its diagnostics go with its records (see Indexer). */
  forget(file: SourceFile): void {
    this.forgetUnresolved(file);
    for (const p of this.relatedOf.get(file) ?? []) this.relatedInto.get(p)?.delete(file);
    this.relatedOf.delete(file);
  }

  /** Files whose diagnostics name an unknown id of `kind`. */
  namingUnknownOf(kind: string): Iterable<SourceFile> {
    return this.unresolvedByKind.get(kind) ?? [];
  }

  /** Every file whose diagnostics name an unknown id, per kind. */
  namingUnknown(): Iterable<ReadonlySet<SourceFile>> {
    return this.unresolvedByKind.values();
  }

  /** Files whose maps looked up a palette (by its key), directly or through other palettes. */
  lookingUpPalette(key: string): Iterable<SourceFile> {
    return this.byPalette.get(key) ?? [];
  }

  /** Files whose diagnostics name the kinds `id` is of. */
  namingKindsOf(id: string): Iterable<SourceFile> {
    return this.kindsNamedById.get(id) ?? [];
  }

  /** Files whose diagnostics point into `p` (related locations): their diagnostics are invalidated and they are returned. */
  pointingInto(p: string): SourceFile[] {
    const out: SourceFile[] = [];
    for (const f of this.relatedInto.get(p) ?? []) {
      this.diagnostics.delete(f);
      out.push(f);
    }
    return out;
  }

  /** Forgets what a file's last check noted of unknown ids. */
  private forgetUnresolved(file: SourceFile): void {
    const noted = this.notedOf.get(file);
    if (noted) {
      for (const k of noted.kinds) this.unresolvedByKind.get(k)?.delete(file);
      for (const id of noted.ids) this.kindsNamedById.get(id)?.delete(file);
      this.notedOf.delete(file);
    }
    for (const k of this.palettesOf.get(file) ?? []) this.byPalette.get(k)?.delete(file);
    this.palettesOf.delete(file);
  }

  /** Records which other files a file's diagnostics point into. */
  private noteRelated(file: SourceFile, diagnostics: readonly Diagnostic[]): void {
    for (const p of this.relatedOf.get(file) ?? []) this.relatedInto.get(p)?.delete(file);
    const paths = new Set<string>();
    for (const d of diagnostics) for (const r of d.related ?? []) if (r.path !== file.path) paths.add(r.path);
    if (paths.size === 0) { this.relatedOf.delete(file); return; }
    this.relatedOf.set(file, [...paths]);
    for (const p of paths) {
      let set = this.relatedInto.get(p);
      if (!set) { set = new Set(); this.relatedInto.set(p, set); }
      set.add(file);
    }
  }
}
