/**
 * Runs every check on one file. Each rule family is its own module; this lists them and memoizes their
 * findings per record: a record's findings stay valid while its text and every definition its checks looked
 * up are unchanged (tracked with per-key versions), so a keystroke re-checks the edited definition only.
 */
import type { SourceFile } from '../sourceFile';
import { capToBasis, type Diagnostic, type RelatedLocation } from '../diagnostic';
import type { CheckContext, CheckHost, ProjectView, RecordCheck, RecordMemo, RecordReport, RelatedAnchor } from './context';

export type { RecordMemo } from './context';
import type { DefinitionRecord } from '../records/record';
import { anyKindKey, refKey } from '../index/referenceIndex';
import { checkSyntax } from './syntax';
import { checkFileProblems } from './fileProblems';
import { checkGameData } from './gameData';
import { checkModDependencies } from './modDependencies';
import { checkShape } from './shape';
import { checkMissingFields } from './missingField';
import { checkDuplicateIds } from './duplicateId';
import { checkModifyMissing } from './modifyMissing';
import { checkUnknownIds } from './unknownId';
import { checkScenarioMissions } from './scenarioMissions';
import { checkRecipeSubcategory } from './recipeSubcategory';
import { checkTooComplex } from './tooComplex';
import { checkGunAmmo } from './gunAmmo';
import { checkDefinitionType } from './definitionType';
import { checkDefinitionText } from './definitionText';
import { checkLoadRules } from './loadRules';
import { checkMapgenRows } from './mapgenRows';
import { PALETTE_KEY_PREFIX } from '../mapgen/resolve';
import type { Steps } from '../util/steps';

const RECORD_CHECKS: readonly RecordCheck[] = [
  checkDefinitionType, checkDefinitionText, checkShape, checkMissingFields, checkLoadRules, checkDuplicateIds, checkModifyMissing, checkUnknownIds, checkScenarioMissions, checkRecipeSubcategory, checkTooComplex, checkGunAmmo, checkMapgenRows,
];


/** The game stops reading an obsolete recipe once it has its id (0.F recipe::load): nothing in it is used. */
function isObsoleteRecipe(record: DefinitionRecord): boolean {
  return (record.type === 'recipe' || record.type === 'uncraft') && record.value.obsolete === true;
}

/** A view of the project that records which keys the checks of one record consulted. */
class RecordingView implements ProjectView {
  readonly deps = new Map<string, number>();
  constructor(private readonly project: CheckHost) {}
  get mods() { return this.project.mods; }
  get registry() { return this.project.registry; }
  // Learned once, while the game loads: no dependency to record.
  get gameUsage() { return this.project.gameUsage; }
  visibleDefinitions(kind: string, id: string, modId: string | undefined): DefinitionRecord[] {
    this.dependOn(kind, id);
    return this.project.visibleDefinitions(kind, id, modId);
  }
  anyVisibleDefinition(kind: string, id: string, modId: string | undefined, accepts: (r: DefinitionRecord) => boolean): boolean {
    // Whether one is there (the checks' `accepts` read `abstract` only): not what it says.
    this.depend(this.project.existenceKeyOf(kind, id));
    return this.project.anyVisibleDefinition(kind, id, modId, accepts);
  }
  kindsDefining(id: string, modId: string | undefined): readonly string[] {
    this.depend(anyKindKey(id));
    return this.project.kindsDefining(id, modId);
  }
  compareLoadOrder(a: DefinitionRecord, b: DefinitionRecord): number {
    return this.project.compareLoadOrder(a, b);
  }
  entries(kind: string) {
    this.depend(`${kind}\u0000*`);
    return this.project.entries(kind);
  }
  nearIds(kind: string, id: string, modId: string | undefined) {
    this.depend(`${kind}\u0000*`);
    return this.project.nearIds(kind, id, modId);
  }
  idsBeginning(kind: string, prefix: string, modId: string | undefined) {
    this.depend(`${kind}\u0000*`);
    return this.project.idsBeginning(kind, prefix, modId);
  }
  analysisOf(record: DefinitionRecord) {
    return this.project.analysisOf(record);
  }
  lineageOf(record: DefinitionRecord) {
    // The parent's key stands for the whole chain (see Project.affectedBy): one dependency, not one per ancestor.
    if (record.copyFrom !== undefined) this.dependOn(record.kind, record.copyFrom);
    return this.project.lineageOf(record);
  }
  fileProblem(p: string) {
    return this.project.fileProblem(p);
  }
  textOf(file: SourceFile): string {
    return this.project.textOf(file);
  }
  private depend(key: string): void {
    if (!this.deps.has(key)) this.deps.set(key, this.project.versionOf(key));
  }
  /** The key is the reverse index's own string when it has one (see RecordMemo.deps): found without building it. */
  private dependOn(kind: string, id: string): void {
    this.depend(this.project.sharedKeyOf(kind, id) ?? refKey(kind, id));
  }
}

function isCurrent(project: CheckHost, memo: RecordMemo): boolean {
  const deps = memo.deps;
  for (let i = 0; i < deps.length; i += 2) if (project.versionOf(deps[i] as string) !== deps[i + 1]) return false;
  return true;
}

/**
 * What a record's checks report into: one per record in a server (its view records the record's dependencies), one
 * per file in a project checked once, cleared after each record (the game's data has 80,000 of them).
 */
class RecordChecks implements CheckContext {
  // Lists made at their first entry: most records report nothing (their memos share the empty one).
  reports: readonly RecordReport[] = NONE;
  unresolvedKinds: readonly string[] = NONE;
  kindsOfIds: readonly string[] = NONE;
  constructor(readonly project: ProjectView, readonly file: SourceFile) {}
  report(d: RecordReport): void {
    this.reports = pushed(this.reports, d);
  }
  reportAt(): void {
    throw new Error('record checks report on records');
  }
  noteUnresolved(kind: string): void {
    this.unresolvedKinds = pushed(this.unresolvedKinds, kind);
  }
  noteKindsOf(id: string): void {
    this.kindsOfIds = pushed(this.kindsOfIds, id);
  }
  /** Ready for the next record (its lists given to the last one's memo, which keeps them). */
  clear(): void {
    this.reports = NONE;
    this.unresolvedKinds = NONE;
    this.kindsOfIds = NONE;
  }
}

/** `list` with `item` added: a new array in place of the shared empty one, else the same array. */
function pushed<T>(list: readonly T[], item: T): readonly T[] {
  if (list === NONE) return [item];
  (list as T[]).push(item);
  return list;
}

const NO_DEPS: readonly (string | number)[] = [];

/** The memo of a record whose checks found nothing in a project checked once (most records): one for all. */
const NOTHING_FOUND: RecordMemo = Object.freeze({ reports: [], relative: [], deps: NO_DEPS, unresolvedKinds: [], kindsOfIds: [] });

/**
 * `once`: in a project checked once, the file's context, one for all its records (cleared after each: the game's
 * data has 80,000 of them).
 */
function checkRecord(project: CheckHost, file: SourceFile, record: DefinitionRecord, once?: RecordChecks): RecordMemo {
  // A project checked once records no dependencies: its memos are never consulted again.
  const view = project.forOneCheck ? undefined : new RecordingView(project);
  const ctx = view ? new RecordChecks(view, file) : once ?? new RecordChecks(project, file);
  for (let k = 0; k < RECORD_CHECKS.length; k++) RECORD_CHECKS[k](record, ctx);
  const { reports, unresolvedKinds, kindsOfIds } = ctx;
  ctx.clear();
  const relative = reports.length ? relativePlaces(project, record, reports) : NONE;
  if (!view) {
    return reports === NONE && unresolvedKinds === NONE && kindsOfIds === NONE ? NOTHING_FOUND : { reports, relative, deps: NO_DEPS, unresolvedKinds, kindsOfIds };
  }
  const deps: (string | number)[] = [];
  for (const [key, version] of view.deps) deps.push(key, version);
  return { reports, relative, deps, unresolvedKinds, kindsOfIds };
}

/** Offsets of each report relative to the record's start (undefined: anchored in another record). */
function relativePlaces(project: CheckHost, record: DefinitionRecord, reports: readonly RecordReport[]): ({ start: number; end: number } | undefined)[] {
  const start = record.start;
  let locate: ReturnType<CheckHost['locator']> | undefined;
  return reports.map((d) => {
    if (d.record !== record) return undefined;
    if (d.at) return d.at;
    const r = (locate ??= project.locator(record))(d.path, d.part);
    return { start: r.start - start, end: r.end - start };
  });
}

const NONE: readonly never[] = Object.freeze([]);
const NO_NAMES: ReadonlySet<string> = new Set();

/** The offsets of a report or related anchor: its own offsets in the record, else its member's range. */
function placeOf(project: CheckHost, a: RecordReport | RelatedAnchor): { start: number; end: number } {
  return a.at ? { start: a.record.start + a.at.start, end: a.record.start + a.at.end } : project.locate(a.record, a.path, a.part);
}

/**
 * The records' checks of a file made ahead, one record per step (their memos kept: runChecks then only gathers
 * them), so that a server checking a file of tens of thousands of records can answer between records. Stops when
 * the file's records change under it (an edit: its new records are checked by the next runChecks).
 */
export function* checkRecordsSteps(project: CheckHost, file: SourceFile): Steps<void> {
  if (project.forOneCheck) return;
  const records = file.records;
  for (const record of records) {
    if (file.records !== records) return;
    if (record.inline || isObsoleteRecipe(record)) continue;
    const memo = file.memo.get(record);
    if (!memo || !isCurrent(project, memo)) file.memo.set(record, checkRecord(project, file, record));
    yield;
  }
}

export function runChecks(project: CheckHost, file: SourceFile): { diagnostics: Diagnostic[]; unresolvedKinds: ReadonlySet<string>; kindsOfIds: ReadonlySet<string>; palettesLookedUp: ReadonlySet<string> } {
  const diagnostics: Diagnostic[] = [];
  // Made at their first entry: most files note none (the whole game's 5,000 checked files).
  let unresolvedKinds: Set<string> | undefined;
  let kindsOfIds: Set<string> | undefined;
  let palettesLookedUp: Set<string> | undefined;
  const toRelated = (a: NonNullable<RecordReport['related']>[number]): RelatedLocation => {
    const range = placeOf(project, a);
    return { path: a.record.source.path, start: range.start, end: range.end, message: a.message };
  };
  const fileCtx: CheckContext = {
    project,
    file,
    report(d) {
      const range = placeOf(project, d);
      diagnostics.push({ path: file.path, start: range.start, end: range.end, severity: capToBasis(d.severity, d.basis), code: d.code, message: d.message, basis: d.basis, related: d.related?.map(toRelated), fixes: d.fixes });
    },
    reportAt(start, end, code, severity, basis, message) {
      diagnostics.push({ path: file.path, start, end, severity: capToBasis(severity, basis), code, message, basis });
    },
    noteUnresolved(kind) {
      (unresolvedKinds ??= new Set()).add(kind);
    },
    noteKindsOf(id) {
      (kindsOfIds ??= new Set()).add(id);
    },
  };
  checkFileProblems(fileCtx);
  checkGameData(fileCtx);
  checkSyntax(fileCtx);
  checkModDependencies(fileCtx);
  // A project checked once keeps no memos (nor makes each file's empty map of them).
  const memos = project.forOneCheck ? undefined : file.memo;
  const once = project.forOneCheck ? new RecordChecks(project, file) : undefined;
  const records = file.records;
  for (let r = 0; r < records.length; r++) {
    const record = records[r];
    // A definition written inside another is checked as part of it.
    if (record.inline || isObsoleteRecipe(record)) continue;
    let memo = memos?.get(record);
    if (!memo || !isCurrent(project, memo)) {
      memo = checkRecord(project, file, record, once);
      memos?.set(record, memo);
    }
    // (Indexed loops: most of these lists are the shared empty one, which for-of goes through with an iterator.)
    for (let k = 0; k < memo.unresolvedKinds.length; k++) (unresolvedKinds ??= new Set()).add(memo.unresolvedKinds[k]);
    for (let k = 0; k < memo.kindsOfIds.length; k++) (kindsOfIds ??= new Set()).add(memo.kindsOfIds[k]);
    // A map's palettes, and the palettes they name: through files of the game or of other mods the reverse index
    // may not know (their records are not analysed), so a change to any of them is followed to the map by these.
    if (record.type === 'mapgen') {
      for (let i = 0; i < memo.deps.length; i += 2) if ((memo.deps[i] as string).startsWith(PALETTE_KEY_PREFIX)) (palettesLookedUp ??= new Set()).add(memo.deps[i] as string);
    }
    if (memo.reports.length === 0) continue;
    const start = record.start;
    memo.reports.forEach((d, i) => {
      const rel = memo!.relative[i];
      const range = rel ? { start: start + rel.start, end: start + rel.end } : placeOf(project, d);
      diagnostics.push({
        path: file.path, start: range.start, end: range.end, severity: capToBasis(d.severity, d.basis), code: d.code, message: d.message, basis: d.basis,
        related: d.related?.map(toRelated), fixes: d.fixes,
      });
    });
  }
  diagnostics.sort((a, b) => a.start - b.start || a.end - b.end);
  return { diagnostics, unresolvedKinds: unresolvedKinds ?? NO_NAMES, kindsOfIds: kindsOfIds ?? NO_NAMES, palettesLookedUp: palettesLookedUp ?? NO_NAMES };
}
