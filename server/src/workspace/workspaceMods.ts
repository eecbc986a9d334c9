/**
 * The workspace's mods as inputs: the modinfo.json files found (the game's mods, the workspace's, their siblings
 * and the configured dependencies), the graph of the mods the workspace needs (one mod per id), and which active
 * mod each file belongs to.
 */
import * as fs from 'fs';
import * as path from 'path';
import type * as jsonc from 'jsonc-parser';
import { jsoncParser } from '../util/jsonc';
import { interactionParts, interactionsFolder, modInfoFromJson, type ModInfo } from '../mods/modInfo';
import { CORE_MOD, ModGraph } from '../mods/modGraph';
import { enclosingModFolder, isUnder, listJsonFiles, siblingModinfos, type FolderEntries, type SkippedLink } from '../mods/discover';
import type { GameVersion } from '../registry/declaration';
import { stripBom } from '../util/text';
import type { FileStore } from './fileStore';

/** Where the workspace's mods are looked for. */
export interface ModLayout {
  /** Folders (or files) whose diagnostics are reported, resolved. */
  readonly roots: readonly string[];
  /** The base game folder, resolved. */
  readonly gamePath: string | undefined;
  /** Mod folders, or folders of mods, read as context, resolved. */
  readonly dependencyPaths: readonly string[];
}

/** A folder's listing (see mods/discover.ts listJsonFiles); a warm start's cache gives the unchanged ones. */
export type FolderReader = (dir: string) => FolderEntries | undefined;

/**
 * A modinfo.json's value, read tolerantly (a trailing comma, a comment or a typo inside still names the mod; the
 * syntax error is reported as any file's), or why it cannot be read: not JSON, or cut off (`"id": "tr` would give
 * a half-read id) declares no mod, as an empty one does. The native parser first: it gives the same value for
 * valid JSON, and a start reads a hundred of these.
 */
function modinfoValue(text: string): { readonly value: unknown } | { readonly broken: string } {
  const plain = stripBom(text).trimEnd();
  if (plain.trim() === '') return { broken: 'it is empty' };
  try { return { value: JSON.parse(plain) }; } catch { /* read again tolerantly */ }
  if (!/^\s*[[{]/.test(plain)) return { broken: 'it is not JSON' };
  const errors: jsonc.ParseError[] = [];
  const value: unknown = jsoncParser().parse(plain, errors, { allowTrailingComma: true });
  if (errors.some((e) => e.offset + e.length >= plain.length)) return { broken: `it is cut off: its text ends on line ${plain.split('\n').length} before its JSON does` };
  return { value };
}

/** The mod a modinfo.json's text declares (see modinfoValue and modInfoFromJson), or why none. */
function declaredMod(text: string, file: string, fromGame: boolean): { readonly info: ModInfo } | { readonly info?: undefined; readonly why: string } {
  const read = modinfoValue(text);
  if ('broken' in read) return { why: read.broken };
  const info = modInfoFromJson(read.value, file, fromGame);
  return info ? { info } : { why: 'it has no object with "type": "MOD_INFO" and a non-empty "id"' };
}

/** Whether two lists of strings are equal (joined, `[]` and `[""]` would look the same). */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function interactionNames(parts: readonly ModInfo[]): string {
  return parts.map((m) => m.interaction!.with).join('\u0000');
}

/** In a path under a mod's interaction folders (see interactionsFolder). */
const INTERACTIONS_SEGMENT = `${path.sep}mod_interactions`;

export class WorkspaceMods {
  private current: ModGraph = new ModGraph([]);
  /** modinfo.json path -> its mod (all known, active or not). */
  private readonly modInfos = new Map<string, ModInfo>();
  /** modinfo.json of a needed mod -> the names of its `mod_interactions/` folders when the graph was built. */
  private readonly interactionDirs = new Map<string, string>();
  /** The interaction parts of each mod, read once per mod (see interactionFoldersChanged). */
  private readonly parts = new WeakMap<ModInfo, ModInfo[]>();
  /** Owners found so far; cleared when the mods' ids or folders change. */
  private readonly ownerCache = new Map<string, ModInfo | undefined>();

  /** `onGraphRebuilt`: which files are whose may have changed (what counts per mod is made again). */
  constructor(
    private readonly layout: ModLayout,
    private readonly version: GameVersion,
    private readonly store: FileStore,
    private readonly onGraphRebuilt: () => void,
  ) {}

  /** The mods the workspace needs, their dependencies and load order. */
  get graph(): ModGraph {
    return this.current;
  }

  /** Finds the modinfo.json files on disk and builds the graph. */
  discover(): void {
    const { roots, gamePath, dependencyPaths } = this.layout;
    const game: string[] = [];
    if (gamePath) game.push(...siblingModinfos(path.join(gamePath, 'mods')));
    const workspace: string[] = [];
    const siblings: string[] = [];
    for (const root of roots) {
      const enclosing = enclosingModFolder(root);
      if (enclosing) {
        workspace.push(path.join(enclosing, 'modinfo.json'));
        siblings.push(...siblingModinfos(path.dirname(enclosing)));
      }
      for (const f of listJsonFiles(root)) if (path.basename(f) === 'modinfo.json') workspace.push(f);
    }
    for (const dir of dependencyPaths) {
      const own = path.join(dir, 'modinfo.json');
      siblings.push(...(fs.existsSync(own) ? [own] : siblingModinfos(dir)));
    }
    for (const f of [...game, ...siblings, ...workspace]) {
      if (this.modInfos.has(f)) continue;
      const text = this.store.safeRead(f);
      const info = text === undefined ? undefined : this.modInfoOf(f, text);
      if (info) this.modInfos.set(f, info);
    }
    this.rebuildGraph();
  }

  /**
   * The mod a modinfo.json declares. Read tolerantly (a trailing comma or a comment still names the mod; the
   * syntax error is reported like any file's), so a fresh start and an edit agree. Not whole JSON, or no usable
   * MOD_INFO: a file problem, and the folder is not checked.
   */
  modInfoOf(file: string, text: string): ModInfo | undefined {
    const declared = declaredMod(text, file, !this.isUnderRoot(file));
    if (declared.info) {
      this.store.clearProblem(file, 'invalid-modinfo');
    } else {
      this.store.setProblem(file, { code: 'invalid-modinfo', message: `This modinfo.json declares no mod (${declared.why}), so the game does not load this folder and nothing in it is checked` });
    }
    return declared.info;
  }

  /** Records what a modinfo.json now declares (undefined: nothing, or the file is gone); see rebuildGraph. */
  declare(modinfoFile: string, info: ModInfo | undefined): void {
    if (info) this.modInfos.set(modinfoFile, info); else this.modInfos.delete(modinfoFile);
  }

  /**
   * Whether an edit of a modinfo.json changes what the mod is (id, dependencies, content folder), read as a
   * fresh start reads it (tolerantly: see modInfoOf); a change re-derives which files belong to which mod.
   */
  changesMod(p: string, text: string | undefined): boolean {
    const before = this.modInfos.get(p);
    if (text === undefined) return before !== undefined;
    const after = declaredMod(text, p, !this.isUnderRoot(p)).info;
    if (!before && !after) return false; // still declares no mod
    return !before || !after || before.id !== after.id || before.contentRoot !== after.contentRoot || !sameList(before.dependencies, after.dependencies);
  }

  /** Picks one mod per id (workspace over siblings over game) and keeps those the workspace needs. */
  rebuildGraph(): void {
    const byId = new Map<string, ModInfo>();
    this.interactionDirs.clear();
    const gamePath = this.layout.gamePath;
    const score = (m: ModInfo): number => (this.isUnderRoot(m.modinfoFile) ? 2 : gamePath && isUnder(m.modinfoFile, gamePath) ? 0 : 1);
    // A workspace copy of a game mod wins on purpose; two mods of one id at the same level is a mistake: the
    // first by path is used, the other reported.
    this.store.clearProblems('duplicate-mod');
    for (const m of [...this.modInfos.values()].sort((a, b) => (a.modinfoFile < b.modinfoFile ? -1 : 1))) {
      const cur = byId.get(m.id);
      if (cur && score(m) === score(cur)) {
        this.store.setProblem(m.modinfoFile, { code: 'duplicate-mod', message: `The mod id "${m.id}" is already used by ${cur.modinfoFile}; the game loads one of them, so this mod is ignored: give it another id` });
        continue;
      }
      if (!cur || score(m) > score(cur)) byId.set(m.id, m);
    }
    // Needed: workspace mods, their dependencies (transitively) and core; then the interaction parts of needed
    // mods whose other mod is known (which pulls that mod in), until nothing changes.
    const needed = new Set<string>();
    const stack = [...byId.values()].filter((m) => this.isUnderRoot(m.modinfoFile) || this.rootsInside(m)).map((m) => m.id);
    // Core is context for the workspace's mods; a workspace without any mod (an unrelated JSON project) loads nothing.
    if (stack.length > 0) stack.push(CORE_MOD);
    const parts = new Map<string, ModInfo>();
    for (;;) {
      while (stack.length) {
        const id = stack.pop()!;
        if (needed.has(id)) continue;
        needed.add(id);
        const m = byId.get(id) ?? parts.get(id);
        if (m) stack.push(...m.dependencies);
      }
      if (!this.version.modInteractions) break;
      for (const id of needed) {
        const m = byId.get(id);
        if (!m) continue;
        const found = this.partsOf(m);
        this.interactionDirs.set(m.modinfoFile, interactionNames(found));
        for (const part of found) if (byId.has(part.interaction!.with) && !parts.has(part.id)) { parts.set(part.id, part); stack.push(part.id); }
      }
      if (stack.length === 0) break;
    }
    for (const [id, part] of parts) byId.set(id, part);
    const before = this.current;
    this.onGraphRebuilt();
    this.current = new ModGraph([...byId.values()].filter((m) => needed.has(m.id)));
    // Owners are found by the mods' ids and folders (see ownerOf): the same while those are.
    if (this.current.foldersKey() !== before.foldersKey()) this.ownerCache.clear();
  }

  /**
   * Whether a change at `p` made an interaction folder (current game: `mod_interactions/<mod>/`) of a mod appear or
   * go: that changes the mods loaded and which files belong to which, as a modinfo.json change does. The folders
   * of the mods holding `p` are read again (they are read once otherwise: see partsOf).
   */
  interactionFoldersChanged(p: string): boolean {
    if (!this.version.modInteractions || !p.includes(INTERACTIONS_SEGMENT)) return false;
    // Every known mod's, active or not (one of two mods of an id may be chosen later).
    for (const m of this.modInfos.values()) if (isUnder(p, interactionsFolder(m))) this.parts.delete(m);
    for (const m of this.current.mods) {
      if (m.interaction || !isUnder(p, interactionsFolder(m))) continue;
      if (interactionNames(this.partsOf(m)) !== (this.interactionDirs.get(m.modinfoFile) ?? '')) return true;
    }
    return false;
  }

  private partsOf(m: ModInfo): ModInfo[] {
    let parts = this.parts.get(m);
    if (!parts) { parts = interactionParts(m); this.parts.set(m, parts); }
    return parts;
  }

  /** A root inside a mod's folder (the CLI given one file of a mod) makes the mod a workspace mod. */
  private rootsInside(m: ModInfo): boolean {
    return this.layout.roots.some((r) => isUnder(r, m.folder) || isUnder(r, m.contentRoot));
  }

  /**
   * Whether `p` is the game's own data, which teaches what the game uses beyond the tables (see
   * workspace/gameUsage.ts): in the game folder, and not under a root unless the workspace is the game itself
   * (its core's content is under a root). A workspace mod kept in the game's mods folder does not teach.
   */
  isGameData(p: string): boolean {
    const gamePath = this.layout.gamePath;
    if (gamePath === undefined || !isUnder(p, gamePath)) return false;
    if (!this.isUnderRoot(p)) return true;
    const core = this.current.get(CORE_MOD);
    return core !== undefined && isUnder(core.contentRoot, gamePath) && this.isUnderRoot(core.contentRoot);
  }

  /** Whether `p` is under a root: its diagnostics are reported. */
  isUnderRoot(p: string): boolean {
    // (Indexed: asked for each file of a load, in code not yet optimized, where `some` makes a closure and for-of
    // an iterator result per call.)
    const roots = this.layout.roots;
    for (let i = 0; i < roots.length; i++) if (isUnder(p, roots[i])) return true;
    return false;
  }

  /**
   * Every content file of the active mods; owners are recorded on the way (a deeper content root wins).
   * `readFolder`: lists a folder (during a load with a cache, the folders unchanged since it was written are
   * not read again).
   */
  contentFilesOfActiveMods(readFolder?: FolderReader): string[] {
    const byDepth = [...this.current.mods].sort((a, b) => a.contentRoot.length - b.contentRoot.length);
    this.store.clearProblems('skipped-link');
    const skipped = (link: SkippedLink): void => this.store.setProblem(link.path, { code: 'skipped-link', message: `This is ${link.why}: it is not read, so whatever it should hold is not checked (nor loaded, where the game skips it too)` });
    for (const m of byDepth) {
      // (Indexed: the game's thousands of files, in code not yet optimized, where for-of makes an iterator result a step.)
      const files = listJsonFiles(m.contentRoot, readFolder, skipped);
      for (let k = 0; k < files.length; k++) this.ownerCache.set(files[k], this.owns(m, files[k]) ? m : undefined);
    }
    for (const m of byDepth) if (!m.interaction) this.ownerCache.set(m.modinfoFile, m);
    return [...this.ownerCache.keys()].filter((f) => this.ownerCache.get(f) !== undefined);
  }

  /** The active mod a file belongs to: the one with the deepest content root holding it. */
  ownerOf(file: string): ModInfo | undefined {
    if (this.ownerCache.has(file)) return this.ownerCache.get(file);
    const owner = this.findOwner(file);
    this.ownerCache.set(file, owner);
    return owner;
  }

  /** As ownerOf, found again (not from what was found before). */
  findOwner(file: string): ModInfo | undefined {
    let best: ModInfo | undefined;
    let bestLen = -1;
    for (const m of this.current.mods) {
      if (file === m.modinfoFile && !m.interaction) return m;
      // The deepest content root holding the file decides, as in contentFilesOfActiveMods (a fresh start): of two
      // equally deep the later mod; when that mod does not own the file (a file directly in its mod_interactions/
      // folder), no shallower mod does either.
      if (isUnder(file, m.contentRoot) && m.contentRoot.length >= bestLen) { best = m; bestLen = m.contentRoot.length; }
    }
    return best && this.owns(best, file) ? best : undefined;
  }

  /**
   * Whether a file under a mod's content root is the mod's: the interaction folders of a mod (current game)
   * belong to its interaction parts, loaded only when the other mod is known (see ModInfo.interaction).
   */
  private owns(m: ModInfo, file: string): boolean {
    if (!isUnder(file, m.contentRoot)) return false;
    return m.interaction !== undefined || !this.version.modInteractions || !isUnder(file, interactionsFolder(m));
  }
}
