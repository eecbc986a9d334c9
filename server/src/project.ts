/**
 * The engine's facade: the files of a workspace and the game data, their records, the definition and
 * reference indexes, and diagnostics per file, kept up to date one file at a time.
 *
 * Data flows one way: text -> parsed objects -> records (+ their own analysis) -> indexes -> checks.
 * Replacing one file's text replaces only that file's contribution and re-checks only the files whose
 * results can change (see `updateFile`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { compactParsed, objectRange, objectValue, parseContentFile, reparseContentFile, slotOf, type ParsedFile } from './syntax/parseFile';
import { objectTree, locatePath, type JsonPath, type OffsetRange, type Part } from './syntax/locate';
import { recordsOf, type DefinitionRecord, type RecordSource } from './records/record';
import { analyzeRecord, type RecordAnalysis } from './records/analyze';
import { DefinitionIndex } from './index/definitionIndex';
import { ReferenceIndex, refKey } from './index/referenceIndex';
import { interactionParts, interactionsFolder, modInfoFromJson, type ModInfo } from './mods/modInfo';
import { ModGraph } from './mods/modGraph';
import { enclosingModFolder, isUnder, listJsonFiles, siblingModinfos } from './mods/discover';
import { runChecks, type RecordMemo } from './checks';
import type { Diagnostic, Severity, SeverityOverrides } from './diagnostic';
import { chooseVersion, registryOf, type VersionChoice } from './registry/versions';
import type { KindRegistry } from './registry/registry';

export interface ProjectOptions {
  /** The base game folder (holding `json/` and `mods/`), read as context. */
  readonly gamePath?: string;
  /** Folders (or files) whose diagnostics are reported: workspace folders, or the CLI's paths. */
  readonly roots: readonly string[];
  readonly severity?: SeverityOverrides;
  /** Reads a file from disk; replaceable for tests. */
  readonly readFile?: (p: string) => string;
  /** The game version whose format applies (id or alias, e.g. `0.F`, `current`); empty or `auto`: detected. */
  readonly gameVersion?: string;
}

/** The value of a `"type"` member, read at the position just after `"type"` (sticky). */
const TYPE_VALUE = /\s*:\s*"([^"\\]*)"/y;

/**
 * True when a file's text can define no id: every `"type"` in it is "mapgen" and it names no update or
 * nested mapgen id. Checked on the raw text, without parsing (native substring search).
 */
function definesNoId(text: string): boolean {
  const first = text.indexOf('"type"');
  TYPE_VALUE.lastIndex = first + 6;
  if (first < 0 || TYPE_VALUE.exec(text)?.[1] !== 'mapgen') return false; // most files: decided at once
  if (text.includes('"update_mapgen_id"') || text.includes('"nested_mapgen_id"')) return false;
  let any = false;
  for (let i = first; i >= 0; i = text.indexOf('"type"', i + 6)) {
    TYPE_VALUE.lastIndex = i + 6;
    const m = TYPE_VALUE.exec(text);
    if (!m) continue; // "type" as a value, not a member
    if (m[1] !== 'mapgen') return false;
    any = true;
  }
  return any;
}

function addKeys(into: Set<string>, r: DefinitionRecord): void {
  for (const id of r.ids) into.add(refKey(r.kind, id));
}

/** Records dropped from the index; their analysis must not touch the reverse index any more. */
const unindexed = new WeakSet<DefinitionRecord>();

function copyFromKeys(r: DefinitionRecord): string[] {
  return r.copyFrom === undefined ? [] : [refKey(r.kind, r.copyFrom)];
}

function referenceKeys(a: RecordAnalysis): string[] {
  return a.references.map((ref) => refKey(ref.kind, ref.id));
}

export class SourceFile implements RecordSource {
  modId: string | undefined = undefined;
  /** Reported: under a root and part of an active mod. */
  reported = false;
  text: string | undefined = undefined;
  parsed: ParsedFile = { objects: [], problems: [] };
  records: DefinitionRecord[] = [];
  /**
   * The reference keys of each analysed record (the index's own strings): what the reverse index holds for it.
   * The analyses themselves are recomputed on demand (see Project.analysisOf), a few kept at a time.
   */
  analyses = new Map<DefinitionRecord, readonly string[]>();
  /** Read but not parsed yet: its text defines no id (map generators only: see definesNoId, ensureParsed). */
  deferred = false;
  /** Memoized checks of each record (see checks/index.ts), valid while the keys they consulted are unchanged. */
  memo = new Map<DefinitionRecord, RecordMemo>();
  constructor(
    readonly path: string,
    private readonly textProvider: (f: SourceFile) => string,
    private readonly valueProvider: (f: SourceFile, objectIndex: number) => Record<string, unknown>,
  ) {}

  rangeOf(objectIndex: number): { start: number; end: number } {
    return objectRange(this.parsed, () => this.textProvider(this), objectIndex);
  }

  fullValueOf(objectIndex: number): Record<string, unknown> {
    return this.valueProvider(this, objectIndex);
  }
}

export class Project {
  readonly files = new Map<string, SourceFile>();
  readonly defs = new DefinitionIndex();
  readonly refs = new ReferenceIndex<SourceFile>();
  graph: ModGraph = new ModGraph([]);
  severity: SeverityOverrides;
  /** The game version in force and how it was chosen; its registry declares every kind. */
  readonly version: VersionChoice;
  readonly registry: KindRegistry;
  private readonly roots: string[];
  private readonly gamePath: string | undefined;
  private readonly readFileFn: (p: string) => string;
  /** modinfo.json path -> its mod (all known, active or not). */
  private readonly modInfos = new Map<string, ModInfo>();
  private readonly diagnosticsCache = new Map<SourceFile, Diagnostic[]>();
  /** Files whose diagnostics name an unknown id of a kind: re-checked when that kind gains or loses an id. */
  private readonly unresolvedByKind = new Map<string, Set<SourceFile>>();
  private readonly diskTextCache = new Map<string, string>();
  private readonly keyVersions = new Map<string, number>();
  /** Whether every reported (resp. every) file's records have been analysed: see analysisOf. */
  private reportedAnalyzed = true;
  private allAnalyzed = true;

  constructor(options: ProjectOptions) {
    this.roots = options.roots.map((r) => path.resolve(r));
    this.gamePath = options.gamePath ? path.resolve(options.gamePath) : undefined;
    this.severity = options.severity ?? {};
    this.readFileFn = options.readFile ?? ((p) => fs.readFileSync(p, 'utf8'));
    // Callers validate the setting (CLI usage error, server settings problem); an unknown name falls back.
    let version: VersionChoice;
    try { version = chooseVersion(options.gameVersion, this.gamePath); } catch { version = chooseVersion(undefined, this.gamePath); }
    this.version = version;
    this.registry = registryOf(this.version.version);
  }

  /** Discovers the mods and files on disk and indexes them. `onProgress` gets (done, total). */
  load(onProgress?: (done: number, total: number) => void): void {
    this.discoverMods();
    const paths = this.contentFilesOfActiveMods();
    paths.forEach((p, i) => {
      this.indexFromDisk(p);
      if (onProgress && (i + 1) % 200 === 0) onProgress(i + 1, paths.length);
    });
    onProgress?.(paths.length, paths.length);
  }

  private indexFromDisk(p: string): void {
    const text = this.safeRead(p);
    if (text !== undefined) this.indexFile(this.fileFor(p), text, true);
  }

  // ---------------------------------------------------------------- chunked loading (language server)

  /**
   * As `load`, for a server that must keep answering while it indexes: works in time slices of about
   * `sliceMs`, yielding to the event loop (setImmediate) between slices. Stops early, returning false, when
   * `isCancelled` says a newer load replaced this one. Edits applied with `updateFile` meanwhile are safe: a
   * file indexed later is read through `readFile` (which a server points at its open documents).
   */
  async loadInSlices(
    onProgress?: (done: number, total: number) => void,
    options: { readonly sliceMs?: number; readonly isCancelled?: () => boolean } = {},
  ): Promise<boolean> {
    const sliceMs = options.sliceMs ?? 12;
    this.discoverMods();
    const paths = this.contentFilesOfActiveMods();
    let sliceStart = Date.now();
    let done = 0;
    for (const p of paths) {
      if (Date.now() - sliceStart >= sliceMs) {
        onProgress?.(done, paths.length);
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (options.isCancelled?.()) return false;
        sliceStart = Date.now();
      }
      done++;
      this.indexFromDisk(p);
    }
    onProgress?.(paths.length, paths.length);
    return true;
  }

  // ---------------------------------------------------------------- discovery

  private discoverMods(): void {
    const game: string[] = [];
    if (this.gamePath) game.push(...siblingModinfos(path.join(this.gamePath, 'mods')));
    const workspace: string[] = [];
    const siblings: string[] = [];
    for (const root of this.roots) {
      const enclosing = enclosingModFolder(root);
      if (enclosing) {
        workspace.push(path.join(enclosing, 'modinfo.json'));
        siblings.push(...siblingModinfos(path.dirname(enclosing)));
      }
      for (const f of listJsonFiles(root)) if (path.basename(f) === 'modinfo.json') workspace.push(f);
    }
    for (const f of [...game, ...siblings, ...workspace]) {
      if (this.modInfos.has(f)) continue;
      const text = this.safeRead(f);
      const info = text === undefined ? undefined : this.modInfoOf(f, text);
      if (info) this.modInfos.set(f, info);
    }
    this.rebuildGraph();
  }

  private modInfoOf(file: string, text: string): ModInfo | undefined {
    let value: unknown;
    try { value = JSON.parse(text); } catch { return undefined; }
    return modInfoFromJson(value, file, !this.isUnderRoot(file));
  }

  /** Picks one mod per id (workspace over siblings over game) and keeps those the workspace needs. */
  private rebuildGraph(): void {
    const byId = new Map<string, ModInfo>();
    const score = (m: ModInfo): number => (this.isUnderRoot(m.modinfoFile) ? 2 : this.gamePath && isUnder(m.modinfoFile, this.gamePath) ? 0 : 1);
    for (const m of this.modInfos.values()) {
      const cur = byId.get(m.id);
      if (!cur || score(m) > score(cur)) byId.set(m.id, m);
    }
    // Needed: workspace mods, their dependencies (transitively) and core; then the interaction parts of needed
    // mods whose other mod is known (which pulls that mod in), until nothing changes.
    const needed = new Set<string>();
    const stack = [...byId.values()].filter((m) => this.isUnderRoot(m.modinfoFile) || this.rootsInside(m)).map((m) => m.id);
    // Core is context for the workspace's mods; a workspace without any mod (an unrelated JSON project) loads nothing.
    if (stack.length > 0) stack.push('dda');
    const parts = new Map<string, ModInfo>();
    for (;;) {
      while (stack.length) {
        const id = stack.pop()!;
        if (needed.has(id)) continue;
        needed.add(id);
        const m = byId.get(id) ?? parts.get(id);
        if (m) stack.push(...m.dependencies);
      }
      if (!this.version.version.modInteractions) break;
      for (const id of needed) {
        const m = byId.get(id);
        if (!m) continue;
        for (const part of interactionParts(m)) if (byId.has(part.interaction!.with) && !parts.has(part.id)) { parts.set(part.id, part); stack.push(part.id); }
      }
      if (stack.length === 0) break;
    }
    for (const [id, part] of parts) byId.set(id, part);
    this.graph = new ModGraph([...byId.values()].filter((m) => needed.has(m.id)));
    this.ownerCache.clear();
  }

  /** A root inside a mod's folder (the CLI given one file of a mod) makes the mod a workspace mod. */
  private rootsInside(m: ModInfo): boolean {
    return this.roots.some((r) => isUnder(r, m.folder) || isUnder(r, m.contentRoot));
  }

  private isUnderRoot(p: string): boolean {
    return this.roots.some((r) => isUnder(p, r));
  }

  /** Every content file of the active mods; owners are recorded on the way (a deeper content root wins). */
  private contentFilesOfActiveMods(): string[] {
    const byDepth = [...this.graph.mods].sort((a, b) => a.contentRoot.length - b.contentRoot.length);
    for (const m of byDepth) for (const f of listJsonFiles(m.contentRoot)) this.ownerCache.set(f, this.owns(m, f) ? m : undefined);
    for (const m of byDepth) if (!m.interaction) this.ownerCache.set(m.modinfoFile, m);
    return [...this.ownerCache.keys()].filter((f) => this.ownerCache.get(f) !== undefined);
  }

  /** Owners found so far; cleared when the mod graph changes. */
  private readonly ownerCache = new Map<string, ModInfo | undefined>();

  /** The active mod a file belongs to: the one with the deepest content root holding it. */
  private ownerOf(file: string): ModInfo | undefined {
    if (this.ownerCache.has(file)) return this.ownerCache.get(file);
    const owner = this.findOwner(file);
    this.ownerCache.set(file, owner);
    return owner;
  }

  private findOwner(file: string): ModInfo | undefined {
    let best: ModInfo | undefined;
    let bestLen = -1;
    for (const m of this.graph.mods) {
      const len = file === m.modinfoFile && !m.interaction ? Infinity : this.owns(m, file) ? m.contentRoot.length : -1;
      if (len > bestLen) { best = m; bestLen = len; }
    }
    return best;
  }

  /**
   * Whether a file under a mod's content root is the mod's: the interaction folders of a mod (current game)
   * belong to its interaction parts, loaded only when the other mod is known (see ModInfo.interaction).
   */
  private owns(m: ModInfo, file: string): boolean {
    if (!isUnder(file, m.contentRoot)) return false;
    return m.interaction !== undefined || !this.version.version.modInteractions || !isUnder(file, interactionsFolder(m));
  }

  private fileFor(p: string): SourceFile {
    let f = this.files.get(p);
    if (!f) { f = new SourceFile(p, (file) => this.textOf(file), (file, i) => this.objectValueOf(file, i)); this.files.set(p, f); }
    return f;
  }

  // ---------------------------------------------------------------- indexing

  /**
   * (Re)indexes one file from its text; returns the keys whose definitions changed (added, removed, edited or
   * moved). After an edit only the objects whose text changed are parsed, analysed and re-indexed: the others
   * keep their records, analyses and memoized checks.
   */
  private indexFile(file: SourceFile, text: string, fromDisk = false, mayDefer = fromDisk): Set<string> {
    const owner = this.ownerOf(file.path);
    const changed = new Set<string>();
    if (!owner) {
      for (const r of file.records) addKeys(changed, r);
      this.unindexFile(file);
      this.files.delete(file.path);
      return changed;
    }
    file.modId = owner.id;
    file.reported = this.isUnderRoot(file.path);
    // Files read from disk drop their text (read again, and cached a while, when a location is needed):
    // only edited files keep theirs, which is also what an edit is compared with.
    const previousText = file.text;
    file.text = fromDisk ? undefined : text;
    // A file read from disk that can define no id (map generators for overmap terrains: a quarter of the
    // game's bytes) is parsed only when its diagnostics or its references are asked for (see ensureParsed).
    if (mayDefer && definesNoId(text)) {
      this.unindexFile(file);
      file.deferred = true;
      return changed;
    }
    file.deferred = false;
    const canReuse = !fromDisk && previousText !== undefined && file.records.length > 0;
    const { parsed, sameAs } = canReuse ? reparseContentFile(text, previousText!, file.parsed) : { parsed: parseContentFile(text), sameAs: [] as number[] };
    const oldByIndex = new Map<number, DefinitionRecord[]>();
    for (const r of file.records) {
      const list = oldByIndex.get(r.index);
      if (list) list.push(r); else oldByIndex.set(r.index, [r]);
    }
    const kept = new Set<DefinitionRecord>();
    const records: DefinitionRecord[] = [];
    const earlier = (kind: string, id: string): DefinitionRecord | undefined => {
      for (let k = records.length - 1; k >= 0; k--) if (records[k].kind === kind && records[k].ids.includes(id)) return records[k];
      return undefined;
    };
    parsed.objects.forEach((obj, i) => {
      const old = sameAs[i] ?? -1;
      if (old === i) {
        for (const r of oldByIndex.get(i) ?? []) { records.push(r); kept.add(r); }
        return;
      }
      // Moved but unchanged: new records (the index changed) over the already parsed value.
      const value = old >= 0 ? oldByIndex.get(old)?.[0]?.value ?? obj.value : obj.value;
      records.push(...recordsOf({ value, slot: obj.slot }, i, file, this.registry, earlier));
    });
    for (const r of file.records) if (!kept.has(r)) this.unindexRecord(file, r, changed);
    const fresh = records.filter((r) => !kept.has(r));
    for (const r of fresh) {
      this.defs.add(r);
      // Read from disk: only the copy-from link is indexed now; the schema walk waits until the record is
      // first checked or searched (analysisOf).
      if (fromDisk) this.refs.add(file, copyFromKeys(r));
      else addKeys(changed, r);
    }
    if (fromDisk) { this.allAnalyzed = false; if (file.reported) this.reportedAnalyzed = false; }
    file.records = records;
    // Only the records keep values (summaries for unchecked types): the parsed objects keep their slots.
    file.parsed = compactParsed(parsed);
    // An edit is analysed at once (it is about to be checked), once the file's parse is in place: a summarized
    // record's whole value is read from the new text at its new position.
    if (!fromDisk) for (const r of fresh) this.analysisOf(r);
    return changed;
  }

  private unindexRecord(file: SourceFile, r: DefinitionRecord, changed?: Set<string>): void {
    this.defs.remove(r);
    const keys = file.analyses.get(r);
    this.refs.remove(file, keys ?? copyFromKeys(r));
    this.recentAnalyses.delete(r);
    unindexed.add(r);
    file.analyses.delete(r);
    file.memo.delete(r);
    if (changed) addKeys(changed, r);
  }

  private unindexFile(file: SourceFile): void {
    for (const r of file.records) this.unindexRecord(file, r);
    file.records = [];
    file.parsed = { objects: [], problems: [] };
    this.diagnosticsCache.delete(file);
  }

  /** The reverse index's copy of a key (`kind\u0000id`), when it has one: memos keep that, not a new string. */
  sharedKey(key: string): string {
    return this.refs.shared(key);
  }

  /** Version of a key (or of a whole kind, `kind\u0000*`): bumped whenever its definitions change. */
  versionOf(key: string): number {
    return this.keyVersions.get(key) ?? 0;
  }

  private bumpVersions(changed: Iterable<string>): void {
    for (const key of changed) {
      this.keyVersions.set(key, this.versionOf(key) + 1);
      const kindKey = key.slice(0, key.indexOf('\u0000')) + '\u0000*';
      this.keyVersions.set(kindKey, this.versionOf(kindKey) + 1);
    }
  }

  /**
   * Replaces a file's text (`undefined`: the file was deleted). Returns the reported files whose diagnostics
   * may have changed, the updated one included.
   */
  updateFile(filePath: string, text: string | undefined): string[] {
    const p = path.resolve(filePath);
    this.analyzeReported();
    if (path.basename(p) === 'modinfo.json' && this.modinfoChanges(p, text)) return this.updateModinfo(p, text);
    const existing = this.files.get(p);
    if (text === undefined) {
      if (!existing) return [];
      const changed = new Set<string>();
      for (const r of existing.records) addKeys(changed, r);
      const wasReported = existing.reported;
      this.unindexFile(existing);
      this.files.delete(p);
      this.bumpVersions(changed);
      const affected = this.affectedBy(changed);
      return [...(wasReported ? [p] : []), ...affected.filter((x) => x !== p)];
    }
    if (!existing && !this.ownerOf(p)) return [];
    const file = existing ?? this.fileFor(p);
    const changed = this.indexFile(file, text);
    this.bumpVersions(changed);
    this.diagnosticsCache.delete(file);
    const affected = new Set(this.affectedBy(changed));
    if (file.reported) affected.add(p);
    return [...affected];
  }

  /**
   * Files whose diagnostics depend on the changed keys: those defining or referring to them, the copy-from
   * descendants of those (their inherited fields changed), and those with unknown ids of a kind that gained
   * or lost an id ("did you mean" may change).
   */
  private affectedBy(changedKeys: Set<string>): string[] {
    const affected = new Set<SourceFile>();
    const seen = new Set<string>();
    const queue = [...changedKeys];
    const kinds = new Set<string>();
    while (queue.length) {
      const key = queue.pop()!;
      if (seen.has(key)) continue;
      seen.add(key);
      const [kind, id] = key.split('\u0000');
      kinds.add(kind);
      for (const r of this.defs.get(kind, id)) affected.add(r.source as SourceFile);
      for (const f of this.refs.filesReferencing(kind, id)) {
        affected.add(f);
        // Children inheriting from this key: their own keys change effectively too.
        for (const r of f.records) if (r.copyFrom === id && r.kind === kind) for (const cid of r.ids) queue.push(refKey(r.kind, cid));
      }
    }
    for (const kind of kinds) for (const f of this.unresolvedByKind.get(kind) ?? []) affected.add(f);
    const out: string[] = [];
    for (const f of affected) {
      this.diagnosticsCache.delete(f);
      if (f.reported && this.files.get(f.path) === f) out.push(f.path);
    }
    return out;
  }

  /** A changed modinfo.json can change which files belong to which mod: re-derive everything. */
  /**
   * Whether an edit of a modinfo.json changes what the mod is (id, dependencies, content folder). Text that
   * does not parse (mid-typing) keeps the mod as it was; its syntax errors are reported like any file's.
   */
  private modinfoChanges(p: string, text: string | undefined): boolean {
    const before = this.modInfos.get(p);
    if (text === undefined) return before !== undefined;
    let value: unknown;
    try { value = JSON.parse(text); } catch { return false; }
    const after = modInfoFromJson(value, p, !this.isUnderRoot(p));
    return !before || !after || before.id !== after.id || before.contentRoot !== after.contentRoot || before.dependencies.join('\u0000') !== after.dependencies.join('\u0000');
  }

  private updateModinfo(p: string, text: string | undefined): string[] {
    const info = text === undefined ? undefined : this.modInfoOf(p, text);
    if (info) this.modInfos.set(p, info); else this.modInfos.delete(p);
    this.rebuildGraph();
    // Texts held in memory (edited or reported files) survive the rebuild; the rest is read from disk again.
    const texts = new Map<string, string>();
    for (const f of this.files.values()) if (f.text !== undefined) texts.set(f.path, f.text);
    if (text !== undefined) texts.set(p, text); else texts.delete(p);
    for (const f of [...this.files.values()]) { this.unindexFile(f); this.files.delete(f.path); }
    this.diagnosticsCache.clear();
    this.unresolvedByKind.clear();
    for (const f of this.contentFilesOfActiveMods()) {
      const held = texts.get(f);
      const t = held ?? this.safeRead(f);
      if (t !== undefined) this.indexFile(this.fileFor(f), t, held === undefined);
    }
    return this.reportedFiles().map((f) => f.path);
  }

  private safeRead(p: string): string | undefined {
    try { return this.readFileFn(p); } catch { return undefined; }
  }

  // ---------------------------------------------------------------- queries

  reportedFiles(): SourceFile[] {
    return [...this.files.values()].filter((f) => f.reported);
  }

  /** The text of a file: kept for edited files, read from disk (and cached a while) for the others. */
  textOf(file: SourceFile): string {
    if (file.text !== undefined) return file.text;
    // A small least-recently-used cache: checking or publishing a file asks for its text several times.
    let t = this.diskTextCache.get(file.path);
    if (t === undefined) {
      t = this.safeRead(file.path) ?? '';
      if (this.diskTextCache.size >= 32) this.diskTextCache.delete(this.diskTextCache.keys().next().value!);
    } else {
      this.diskTextCache.delete(file.path);
    }
    this.diskTextCache.set(file.path, t);
    return t;
  }

  /** The values of the file last read again for a whole value (records are checked file by file). */
  private lastValues: { readonly file: SourceFile; readonly text: string; readonly values: readonly unknown[] | undefined } | undefined;

  /** Object `i` of a file, parsed again from its text: the whole file at once, kept until another is asked. */
  private objectValueOf(file: SourceFile, i: number): Record<string, unknown> {
    // A reported file's text is about to locate its diagnostics: cached. Another's is read without caching it:
    // a pass over every file (find references) should not fill the cache with texts it reads once.
    const text = file.reported ? this.textOf(file)
      : file.text ?? this.diskTextCache.get(file.path) ?? (this.lastValues?.file === file ? this.lastValues.text : this.safeRead(file.path) ?? '');
    let c = this.lastValues;
    if (!c || c.file !== file || c.text !== text) {
      let values: unknown[] | undefined;
      try { const whole: unknown = JSON.parse(text); values = Array.isArray(whole) ? whole : [whole]; } catch { values = undefined; }
      c = this.lastValues = { file, text, values };
    }
    const v = c.values?.[slotOf(file.parsed, i)];
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    return objectValue(file.parsed, text, i);
  }

  /** The text range of a member of a record. */
  locate(record: DefinitionRecord, memberPath: JsonPath, part: Part = 'value'): OffsetRange {
    const file = record.source as SourceFile;
    const text = this.textOf(file);
    if (text.slice(record.start, record.start + 1) !== '{') return { start: record.start, end: record.start + 1 };
    return locatePath(objectTree(file.parsed, text, record.start, record.end), record.start, memberPath, part);
  }

  /** Definitions of (kind, id) that a definition in `modId` can see, in load order. */
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[] {
    const visible = this.graph.visibleFrom(modId);
    return this.defs.get(kind, id).filter((r) => r.source.modId !== undefined && visible.has(r.source.modId)).sort((a, b) => this.compareLoadOrder(a, b));
  }

  /** Negative when `a` loads before `b`: by mod load order, then path, then position in the file. */
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number {
    const ra = this.graph.loadRank(a.source.modId), rb = this.graph.loadRank(b.source.modId);
    if (ra !== rb) return ra - rb;
    if (a.source.path !== b.source.path) return a.source.path < b.source.path ? -1 : 1;
    return a.index - b.index;
  }

  /** Every id of a kind with its records (completion, "did you mean"). */
  entries(kind: string): ReadonlyMap<string, readonly DefinitionRecord[]> {
    return this.defs.entries(kind);
  }

  /** The last analyses asked for (record -> analysis), most recent last: checks ask for one several times. */
  private readonly recentAnalyses = new Map<DefinitionRecord, RecordAnalysis>();

  /**
   * What a record says on its own (shape problems, outgoing references). The first time, its references
   * replace its copy-from link in the reverse index. Only the keys are kept for good: the whole game's
   * references (several hundred thousand, with their paths) would not fit the memory budget, so an analysis
   * is computed again when asked for later (a few recent ones are kept), reading a summarized record's value
   * again from its file (records/record.ts fullValueOf).
   */
  analysisOf(record: DefinitionRecord): RecordAnalysis {
    const recent = this.recentAnalyses.get(record);
    if (recent) {
      this.recentAnalyses.delete(record);
      this.recentAnalyses.set(record, recent);
      return recent;
    }
    const a = analyzeRecord(record, this.registry);
    if (this.recentAnalyses.size >= 8) this.recentAnalyses.delete(this.recentAnalyses.keys().next().value!);
    this.recentAnalyses.set(record, a);
    const file = record.source as SourceFile;
    if (unindexed.has(record) || file.analyses.has(record)) return a; // stale (the file changed since), or indexed
    this.refs.remove(file, copyFromKeys(record));
    file.analyses.set(record, this.refs.add(file, referenceKeys(a)));
    return a;
  }

  /** Reported files' references complete the reverse index before an edit asks who depends on it. */
  private analyzeReported(): void {
    if (this.reportedAnalyzed) return;
    for (const f of this.files.values()) if (f.reported) { this.ensureParsed(f); for (const r of f.records) this.analysisOf(r); }
    this.reportedAnalyzed = true;
  }

  /** Files referring to (kind, id), with every file's references indexed first (find references, rename). */
  filesReferencing(kind: string, id: string): SourceFile[] {
    if (!this.allAnalyzed) {
      for (const f of this.files.values()) {
        this.ensureParsed(f, false);
        for (const r of f.records) this.analysisOf(r);
      }
      this.allAnalyzed = true;
      // Nothing of that pass is needed again soon.
      this.lastValues = undefined;
      this.recentAnalyses.clear();
    }
    return [...this.refs.filesReferencing(kind, id)];
  }

  /**
   * Indexes a deferred file: its records define no id, but are checked and refer to other definitions.
   * `keepText`: the text goes to the recent-texts cache (its diagnostics are about to locate ranges in it).
   */
  ensureParsed(file: SourceFile, keepText = true): void {
    if (!file.deferred) return;
    file.deferred = false;
    this.indexFile(file, keepText ? this.textOf(file) : this.safeRead(file.path) ?? '', true, false);
  }

  diagnostics(filePath: string): Diagnostic[] {
    const file = this.files.get(path.resolve(filePath));
    if (!file || !file.reported) return [];
    this.ensureParsed(file);
    let cached = this.diagnosticsCache.get(file);
    if (!cached) {
      const { diagnostics, unresolvedKinds } = runChecks(this, file);
      for (const set of this.unresolvedByKind.values()) set.delete(file);
      for (const k of unresolvedKinds) {
        let set = this.unresolvedByKind.get(k);
        if (!set) { set = new Set(); this.unresolvedByKind.set(k, set); }
        set.add(file);
      }
      cached = diagnostics;
      this.diagnosticsCache.set(file, cached);
    }
    return this.applySeverity(cached);
  }

  private applySeverity(list: Diagnostic[]): Diagnostic[] {
    if (Object.keys(this.severity).length === 0) return list;
    const out: Diagnostic[] = [];
    for (const d of list) {
      const s = this.severity[d.code];
      if (s === 'off') continue;
      out.push(s ? { ...d, severity: s as Severity } : d);
    }
    return out;
  }
}
