/**
 * The engine over folders, for modders' CI: loads the given paths (and the mods they need), then collects the
 * diagnostics of files under those paths, as plain data with line/column positions (see formats.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../project';
import type { FoundGame } from '../mods/gameFolder';
import { LineIndex } from '../syntax/lineIndex';
import type { Basis, Diagnostic, DiagnosticFix, Severity, SeverityOverrides } from '../diagnostic';
import { fixAction } from '../queries/codeActions';
import type { CacheOptions } from '../cache/store';
import { finish } from '../util/steps';
import type { VersionChoice } from '../registry/versions';
import type { UsageCounts } from '../workspace/gameUsage';
import type { ModsWrittenFor } from '../mods/gameFolder';

export interface LintOptions {
  readonly paths: readonly string[];
  /** The game folder to read (see mods/gameFolder.ts: the CLI finds it); none: no base game. */
  readonly gamePath?: string;
  /** The game version whose format applies (id or alias); default: detected from the game folder. */
  readonly gameVersion?: string;
  readonly severity?: SeverityOverrides;
  readonly dependencyPaths?: readonly string[];
  /**
   * The cache of the game's index to start from (see server/src/cache), and to update unless `write` is false
   * (the threads of a parallel check all read it; one writes it). Plain data: it crosses to worker threads.
   */
  readonly cache?: { readonly dir: string; readonly write?: boolean };
  /** Only the files under the paths that this takes are checked (one thread's share, see parallelLint.ts); default: all. */
  readonly share?: (path: string) => boolean;
}

/** What a run's summary tells besides the problems (the output formats' header and footer). */
export interface LintTotals {
  /** The game version whose format was checked, and how it was chosen. */
  readonly version: VersionChoice;
  /** How many files were checked. */
  readonly filesChecked: number;
  /** The game folder read, and how it was found (none: no game folder anywhere). */
  readonly game?: FoundGame;
  /** How many types and members the game's own data uses that the version's tables do not know (see workspace/gameUsage.ts). */
  readonly learned?: UsageCounts;
  /** The other game version the checked mods' own content is written for (Project.writtenForOther), if it is. */
  readonly writtenFor?: ModsWrittenFor;
}

export interface LintResult extends LintTotals {
  readonly project: Project;
  /** Per reported file, its diagnostics (files without any are left out). */
  readonly diagnostics: ReadonlyMap<string, readonly Diagnostic[]>;
  /** The same diagnostics in the same order, with lines and columns (see toJsonDiagnostics). */
  readonly json: readonly JsonDiagnostic[];
  readonly filesChecked: number;
}

export function lint(options: LintOptions): LintResult {
  const gamePath = options.gamePath;
  const roots = options.paths.map((p) => path.resolve(p));
  const share = options.share;
  // Asked of every file at least twice (10,000 in a whole game): each root's folder prefix made once.
  const folders = roots.map((r) => (r.endsWith(path.sep) ? r : r + path.sep));
  const underPaths = (p: string): boolean => {
    for (let i = 0; i < roots.length; i++) if (p === roots[i] || p.startsWith(folders[i])) return true;
    return false;
  };
  const checked = (p: string): boolean => underPaths(p) && (share === undefined || share(p));
  const cacheOptions: CacheOptions | undefined = options.cache && { dir: options.cache.dir, log: (m) => process.stderr.write(`cdda-lint: ${m}\n`) };
  const project = new Project({ gamePath, gameVersion: options.gameVersion, roots, severity: options.severity, dependencyPaths: options.dependencyPaths, checkedAfterLoad: checked, forOneCheck: true, cache: cacheOptions });
  project.load();
  const diagnostics = new Map<string, readonly Diagnostic[]>();
  const json: JsonDiagnostic[] = [];
  const files = project.reportedFiles().filter((f) => checked(f.path));
  for (const f of files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const list = project.diagnostics(f.path);
    if (!list.length) continue;
    diagnostics.set(f.path, list);
    // Given lines and columns now, while the file's text is at hand (after the last file, most would be read again).
    const lines = new LineFinder(project);
    for (const d of list) json.push(toJson(project, f.path, d, lines));
  }
  if (cacheOptions && options.cache?.write !== false) {
    const write = finish(project.saveCacheSteps());
    // Required here (see Loader.start): a check without a cache does not load the cache's modules.
    if (write) (require('../cache/store') as typeof import('../cache/store')).writeCacheSync(write, cacheOptions.log);
  }
  // Every checked mod, whichever thread's share its files are.
  const modIds = new Set(project.reportedFiles().flatMap((f) => (f.modId !== undefined && underPaths(f.path) ? [f.modId] : [])));
  return { project, diagnostics, json, filesChecked: files.length, version: project.version, learned: project.gameUsage.counts(), writtenFor: project.writtenForOther(modIds) };
}

export interface Position { line: number; character: number }
export interface Range { start: Position; end: Position }

export interface JsonDiagnostic {
  file: string;
  /** 0-based lines, UTF-16 columns (as in LSP). */
  range: Range;
  severity: Severity;
  code: string;
  message: string;
  /** What the verdict rests on: the game's reader, the spec, the game's documentation, or its data alone (README). */
  basis: Basis;
  /** Other places the problem involves (the first definition of a duplicate, a copy-from parent). */
  related?: { file: string; range: Range; message: string }[];
  /** Repairs, each a title and the text edits that apply it. */
  fixes?: { title: string; edits: { file: string; range: Range; newText: string }[] }[];
}

/** The diagnostics of a lint with lines and columns, by file, each file's as it lists them. */
export function toJsonDiagnostics(result: LintResult): JsonDiagnostic[] {
  return [...result.json];
}

/** Lines and columns of offsets in files, each file's text read once. */
class LineFinder {
  private readonly indexes = new Map<string, LineIndex>();
  constructor(private readonly project: Project) {}

  range(file: string, start: number, end: number): Range {
    let lines = this.indexes.get(file);
    if (!lines) {
      const sf = this.project.fileAt(file);
      lines = new LineIndex(sf ? this.project.textOf(sf) : safeRead(file));
      this.indexes.set(file, lines);
    }
    return { start: lines.positionAt(start), end: lines.positionAt(end) };
  }
}

/** A diagnostic of `file` with lines and columns. */
function toJson(project: Project, file: string, d: Diagnostic, lines: LineFinder): JsonDiagnostic {
  const j: JsonDiagnostic = { file, range: lines.range(file, d.start, d.end), severity: d.severity, code: d.code, message: d.message, basis: d.basis };
  if (d.related?.length) j.related = d.related.map((r) => ({ file: r.path, range: lines.range(r.path, r.start, r.end), message: r.message }));
  const fixes = (d.fixes ?? []).map((f: DiagnosticFix) => fixAction(project, file, d.start, d.end, f, d.fixes!.length === 1)).filter((a) => a !== undefined);
  if (fixes.length) j.fixes = fixes.map((a) => ({ title: a.title, edits: a.edits.map((e) => ({ file, range: lines.range(file, e.start, e.end), newText: e.newText })) }));
  return j;
}

function safeRead(file: string): string {
  try { return fs.readFileSync(file, 'utf8'); } catch { return ''; }
}
