/**
 * Applying changes of the files' texts (edits, files created, deleted, moved; a modinfo.json changing what its
 * mod is) to the indexes, and finding the reported files whose diagnostics may have changed.
 */
import * as path from 'path';
import type { ModGraph } from '../mods/modGraph';
import type { ModInfo } from '../mods/modInfo';
import type { DefinitionRecord } from '../records/record';
import { verdictKey, type EraVerdict } from '../registry/versions/writtenFor';
import type { SourceFile } from '../sourceFile';
import type { FileStore } from './fileStore';
import type { WorkspaceMods } from './workspaceMods';
import { addKeys, type Indexer } from './indexer';
import type { KeyVersions } from './keyVersions';
import type { VerdictChange, VersionVerdicts } from './versionVerdicts';
import type { CheckResults } from './checkResults';
import type { Invalidation } from './invalidation';
import type { Loader } from './loader';

/** A file's new text; undefined: the file was deleted. */
export interface FileChange {
  readonly path: string;
  readonly text: string | undefined;
}

export interface UpdateParts {
  readonly store: FileStore;
  readonly mods: WorkspaceMods;
  readonly indexer: Indexer;
  readonly keys: KeyVersions;
  readonly verdicts: VersionVerdicts;
  readonly results: CheckResults;
  readonly invalidation: Invalidation;
  readonly loader: Loader;
}

export class Updates {
  /** Bumped by every update of the files: a query paused in between (see util/steps.ts) knows it is stale. */
  revision = 0;

  constructor(private readonly parts: UpdateParts) {}

  /**
   * Replaces several files' texts at once (a folder moved or deleted, a branch switched): each file is
   * re-indexed, then what depends on all the changes is computed once. Returns the reported files whose
   * diagnostics may have changed.
   */
  updateFiles(batch: readonly FileChange[]): string[] {
    const out = this.applyUpdates(lastChangeOfEachFile(batch));
    // The mods whose files changed: those of the batch, and those that files not in it joined or left (a
    // modinfo.json created, deleted or losing its id to another moves the files of its folder).
    return [...new Set([...out, ...this.filesOfChangedVerdicts(this.parts.verdicts.takeChanges())])];
  }

  /**
   * The reported files whose diagnostics a change of their mod's game-version verdict changes (see
   * VersionVerdicts): the modinfo.json whose notices name the counts and point to examples, and every file of the mod when the forms
   * whose uses are shown as information change (the notice comes or goes, or names other forms) or the version it
   * names does (checks/missingField.ts formerDefaults).
   */
  private filesOfChangedVerdicts(changes: ReadonlyMap<string, VerdictChange>): string[] {
    const { store, mods, verdicts } = this.parts;
    const out: string[] = [];
    for (const [modId, { before: was, filesChanged }] of changes) {
      const now = verdicts.writtenFor(modId);
      const mod = mods.graph.get(modId);
      if (verdictKey(was) === verdictKey(now)) {
        // The notices point to the first definition of each form, which an edit of the mod's files may move.
        const modinfo = now && mod && filesChanged ? store.get(mod.modinfoFile) : undefined;
        if (modinfo?.reported) out.push(modinfo.path);
        continue;
      }
      const formsOf = (v: EraVerdict | undefined): string => v?.against.map((a) => a.form.id).join(',') ?? '-';
      // The version it names too: a missing member's repair to that version's default depends on it (formerDefaults).
      const whole = formsOf(was) !== formsOf(now) || was?.fitsVersion !== now?.fitsVersion;
      for (const f of verdicts.filesOf(modId)) {
        if (f.reported && (whole || f.path === mod?.modinfoFile || !store.get(mod?.modinfoFile ?? '')?.reported)) out.push(f.path);
      }
    }
    return out;
  }

  private applyUpdates(changes: readonly FileChange[]): string[] {
    const { store, mods, keys, indexer, results } = this.parts;
    this.revision++;
    // Signatures noted by an earlier update that ended without comparing them (a mod changed: memos were dropped
    // instead) say nothing about this one.
    keys.forgetSignatures();
    indexer.analyzeReported();
    const out = new Set<string>();
    const changed = new Set<string>();
    const modinfos: FileChange[] = [];
    let interactionFolders = false;
    for (const c of changes) {
      const p = path.resolve(c.path);
      store.forgetDiskText(p);
      if (path.basename(p) === 'modinfo.json' && mods.changesMod(p, c.text)) modinfos.push({ path: p, text: c.text });
      else for (const x of this.applyText(p, c.text, changed)) out.add(x);
      // Files whose diagnostics point into `p` (related locations) show places that moved.
      for (const f of results.pointingInto(p)) if (f.reported && store.holds(f)) out.add(f.path);
      if (mods.interactionFoldersChanged(p)) interactionFolders = true;
    }
    // A mod changed: what depends on which mods there are and what each sees is derived again, once, for the batch.
    if (modinfos.length || interactionFolders) {
      return keys.whileModsChange(() => [...new Set([...out, ...this.updateModinfos(modinfos, changes, changed)])]);
    }
    for (const x of this.parts.invalidation.affectedBy(changed)) out.add(x);
    return [...out];
  }

  /** One file's new text (undefined: deleted), its changed keys added to `changed`; returns the file if reported. */
  private applyText(p: string, text: string | undefined, changed: Set<string>): string[] {
    const { store, mods, indexer, results } = this.parts;
    // A modinfo.json that is not an active mod's own and still is after this edit (it declares no mod, or a mod
    // whose id is taken: see changesMod): its problem is read again, and it is reported with it (as content of
    // an enclosing mod when there is one, else as a file of its own: see materializeProblemFiles).
    if (text !== undefined && path.basename(p) === 'modinfo.json' && mods.ownerOf(p)?.modinfoFile !== p) {
      mods.modInfoOf(p, text);
      const out = this.applyContentText(p, text, changed);
      indexer.materializeProblemFiles();
      const file = store.get(p);
      if (!file) return out;
      if (file.records.length === 0) file.text = text;
      results.invalidate(file);
      return file.reported ? [p] : [];
    }
    const existing = store.get(p);
    if (text === undefined) {
      store.clearProblem(p);
      if (!existing) return [];
      for (const r of existing.records) addKeys(changed, r);
      indexer.dropFile(existing);
      return existing.reported ? [p] : [];
    }
    return this.applyContentText(p, text, changed);
  }

  private applyContentText(p: string, text: string, changed: Set<string>): string[] {
    const { store, mods, indexer, results } = this.parts;
    const existing = store.get(p);
    if (!existing && !mods.ownerOf(p)) return [];
    const file = existing ?? store.fileFor(p);
    for (const k of indexer.indexFile(file, text)) changed.add(k);
    results.invalidate(file);
    return file.reported ? [p] : [];
  }

  /**
   * The mods changed (`modinfos`: the modinfo.json files whose mod changed; `all`: every change of the batch, the
   * others already applied, their keys in `changed`). Files keep their records, analyses and memoized checks
   * unless what they depend on changed: a file that changes mod (or leaves) is indexed again, but only when the
   * mods' folders changed; a mod whose view of the graph changed (see ModGraph.viewOf) has its definitions checked
   * again and their copy-from lineages computed again (a parent may be another definition now). Typing in a
   * modinfo.json does not read the game again.
   */
  private updateModinfos(modinfos: readonly FileChange[], all: readonly FileChange[], changed: Set<string>): string[] {
    const { store, mods, indexer, results } = this.parts;
    const oldGraph = mods.graph;
    const problemsBefore = store.problemsNow();
    for (const { path: p, text } of modinfos) {
      if (text === undefined) store.clearProblem(p);
      mods.declare(p, text === undefined ? undefined : mods.modInfoOf(p, text));
    }
    mods.rebuildGraph();
    const touched = new Set<SourceFile>();
    const gone: string[] = [];
    if (mods.graph.foldersKey() !== oldGraph.foldersKey()) this.reassignFiles(all, changed, touched, gone);
    // The edited modinfo.json files' own texts (their records, syntax).
    for (const { path: p, text } of modinfos) {
      for (const x of this.applyText(p, text, changed)) gone.push(x);
      const file = store.get(p);
      if (file) touched.add(file);
    }
    const edited = new Set<string>();
    for (const { path: p } of modinfos) for (const g of [oldGraph, mods.graph]) for (const m of g.mods) if (m.modinfoFile === p) edited.add(m.id);
    const everyMod = mods.graph.foldersKey() !== oldGraph.foldersKey() || mods.graph.loadOrder() !== oldGraph.loadOrder();
    const sees = (m: ModInfo): boolean => {
      for (const id of edited) if (mods.graph.visibleFrom(m.id).has(id) || oldGraph.visibleFrom(m.id).has(id)) return true;
      return false;
    };
    const seeOtherwise = this.recheckModsSeeingOtherwise(oldGraph, (m) => everyMod || sees(m), touched);
    // "Defined in a mod this one does not depend on" names the first such mod in load order: the checks that
    // found unknown ids run again when that order changes.
    if (mods.graph.loadOrder() !== oldGraph.loadOrder()) {
      for (const set of results.namingUnknown()) {
        for (const f of set) {
          for (const [r, memo] of f.memo) if (memo.unresolvedKinds.length) f.memo.delete(r);
          touched.add(f);
        }
      }
    }
    // A mod's dependency problems are reported on its modinfo.json.
    const problemFiles = new Set<string>();
    for (const m of new Set([...oldGraph.mods, ...mods.graph.mods])) {
      if ((everyMod || sees(m)) && oldGraph.problemsOf(m.id) !== mods.graph.problemsOf(m.id)) problemFiles.add(m.modinfoFile);
    }
    indexer.materializeProblemFiles();
    const problemsAfter = store.problemsNow();
    for (const p of new Set([...problemsBefore.keys(), ...problemsAfter.keys()])) {
      if (problemsBefore.get(p)?.message !== problemsAfter.get(p)?.message) problemFiles.add(p);
    }
    for (const p of problemFiles) { const f = store.get(p); if (f) touched.add(f); }
    const out = new Set(gone);
    for (const f of touched) {
      results.invalidate(f);
      if (f.reported && store.holds(f)) out.add(f.path);
    }
    for (const x of this.parts.invalidation.affectedBy(changed, seeOtherwise)) out.add(x);
    return [...out];
  }

  /**
   * The mods' folders changed: which mod each file belongs to is derived again. Texts held in memory (edited
   * files) and those of this batch survive; the other files that change mod are read from disk again. Files that
   * leave go to `gone` (when reported), files indexed again to `touched`; the keys of both to `changed`.
   */
  private reassignFiles(all: readonly FileChange[], changed: Set<string>, touched: Set<SourceFile>, gone: string[]): void {
    const { store, mods, indexer } = this.parts;
    const texts = new Map<string, string>();
    for (const c of all) { const p = path.resolve(c.path); if (c.text !== undefined) texts.set(p, c.text); else texts.delete(p); }
    const active = mods.contentFilesOfActiveMods(this.parts.loader.readFolder);
    for (const f of [...store.all.values()]) {
      const owner = mods.ownerOf(f.path);
      if (owner && owner.id === f.modId) continue;
      if (f.text !== undefined && !texts.has(f.path)) texts.set(f.path, f.text);
      for (const r of f.records) addKeys(changed, r);
      if (f.reported) gone.push(f.path);
      indexer.dropFile(f);
    }
    for (const p of active) {
      if (store.get(p)) continue;
      const held = texts.get(p);
      const t = held ?? store.safeRead(p);
      if (t === undefined) continue;
      const file = store.fileFor(p);
      indexer.indexFile(file, t, held === undefined);
      // Read from disk or not, its definitions are new to the index.
      for (const r of file.records) addKeys(changed, r);
      touched.add(file);
    }
  }

  /**
   * Mods that see other mods now, or see them in another order (while the mods, their folders and their load
   * order stay, only those that see an edited mod can: `mayChange`): their definitions are checked again, their
   * lineages computed again (returned: their records). A mod that now sees an unknown dependency: only the checks
   * that found unknown ids run again (they are silenced: see checkUnknownIds); one that no longer does: all of
   * them (a silenced check noted nothing of what it would have looked up). Their files go to `touched`.
   */
  private recheckModsSeeingOtherwise(oldGraph: ModGraph, mayChange: (m: ModInfo) => boolean, touched: Set<SourceFile>): Set<DefinitionRecord> {
    const graph = this.parts.mods.graph;
    const moved = new Set<string>();
    const woken = new Set<string>();
    const silenced = new Set<string>();
    for (const m of graph.mods) {
      if (!mayChange(m)) continue;
      if (!oldGraph.get(m.id) || oldGraph.viewOf(m.id) !== graph.viewOf(m.id)) moved.add(m.id);
      else if (oldGraph.seesUnknownDependency(m.id) !== graph.seesUnknownDependency(m.id)) (graph.seesUnknownDependency(m.id) ? silenced : woken).add(m.id);
    }
    const seeOtherwise = new Set<DefinitionRecord>();
    if (moved.size === 0 && woken.size === 0 && silenced.size === 0) return seeOtherwise;
    for (const f of this.parts.store.all.values()) {
      if (f.modId === undefined) continue;
      if (moved.has(f.modId)) {
        f.memo.clear();
        for (const r of f.records) seeOtherwise.add(r);
      } else if (woken.has(f.modId)) {
        f.memo.clear();
      } else if (silenced.has(f.modId)) {
        let some = false;
        // A record whose check found nothing keeps its memo; one that reported anything (an unknown id, a
        // copy-from loop: the silenced check reports both) is checked again.
        for (const [r, memo] of f.memo) if (memo.unresolvedKinds.length || memo.reports.length) { f.memo.delete(r); some = true; }
        if (!some) continue;
      } else continue;
      touched.add(f);
    }
    return seeOtherwise;
  }
}

/**
 * A batch's last change of each file, in the order of those: a folder deleted and created again in one batch
 * (a `git checkout`) is what the disk holds now, not a mod removed by its first half and a content file added by
 * its second.
 */
function lastChangeOfEachFile<C extends { readonly path: string }>(changes: readonly C[]): C[] {
  const last = new Map<string, C>();
  for (const c of changes) {
    const p = path.resolve(c.path);
    last.delete(p);
    last.set(p, c);
  }
  return last.size === changes.length ? [...changes] : [...last.values()];
}
