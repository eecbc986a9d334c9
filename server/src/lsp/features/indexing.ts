/**
 * Building the project: on `initialized`, on `cdda.reindex`, when `cdda.gamePath` or the workspace folders
 * change. Indexing runs in slices (the connection keeps answering), reports work-done progress
 * ("N of M files") and `cdda/status`, then publishes every reported file's diagnostics.
 */
import * as fs from 'fs';
import { Project } from '../../project';
import { describeGameSource, gameFolderProblem, gameForMods, resolveGame, type FoundGame } from '../../mods/gameFolder';
import { describeVersion } from '../../registry/versions';
import { newerThanTables } from '../../workspace/gameUsage';
import { findConfig } from '../../config/lintConfig';
import type { Session } from '../session';
import type { DiagnosticsPublisher } from './diagnostics';
import { cacheOptions, saveCache } from './indexCache';

/** Progress notifications at most this often. */
const REPORT_EVERY_MS = 100;

export class Indexer {
  /** Resolves when the current build (if any) is over. */
  private current: Promise<void> = Promise.resolve();
  /** The game resolveGamePath found last, and how. */
  private found: FoundGame | undefined;

  constructor(private readonly session: Session, private readonly publisher: DiagnosticsPublisher) {
    session.onConfigFileChanged(() => void this.rebuild('cdda-lint.config.json changed'));
  }

  /**
   * Starts a build from scratch; a build under way is abandoned. The game's files come from the on-disk cache
   * where unchanged, unless `fromDisk` (the user asked to reindex: everything is read, the cache written anew).
   */
  rebuild(reason: string, fromDisk = false): Promise<void> {
    const gen = ++this.session.generation;
    this.current = this.build(gen, reason, fromDisk).catch((err) => this.session.error(`Indexing failed (${reason})`, err));
    return this.current;
  }

  /** The build under way (or the last one), for callers that must wait for it. */
  whenDone(): Promise<void> {
    return this.current;
  }

  private async build(gen: number, reason: string, fromDisk: boolean): Promise<void> {
    const { session } = this;
    const isCurrent = (): boolean => gen === session.generation;
    // The workspace's cdda-lint.config.json (as the CLI reads it); the editor's own settings win over it.
    const found = session.roots.length ? findConfig(session.roots[0]) : { config: {}, problems: [] as string[] };
    for (const p of found.problems) session.warn(`CDDA: ${p}`);
    session.fileConfig = found.config;
    let gamePath = this.resolveGamePath(found.config.gamePath, found.file);
    const gameVersion = session.settings.gameVersion ?? found.config.gameVersion;
    const start = (game: string | undefined): Project => {
      session.project = new Project({
        gamePath: game, gameVersion, roots: session.roots,
        severity: session.effectiveSeverity(), dependencyPaths: found.config.dependencyPaths, readFile: (p) => session.readFile(p),
        inMemory: (p) => session.openDocuments.has(p),
        cache: cacheOptions(session, fromDisk),
      });
      return session.project;
    };
    let project = start(gamePath);
    session.state = 'indexing';
    this.publisher.reset();
    session.log(`Indexing (${reason}): game data ${gamePath ?? '(none)'}, game version ${describeVersion(project.version)}, workspace ${session.roots.join(', ') || '(none)'}`);
    const t0 = Date.now();
    const progress = session.support.workDoneProgress ? await session.connection.window.createWorkDoneProgress().catch(() => undefined) : undefined;
    progress?.begin('CDDA: indexing', 0, 'discovering files', false);
    this.publisher.sendIndexing(0, undefined);
    let last = 0;
    const report = (done: number, total: number, what: string): void => {
      const now = Date.now();
      if (now - last < REPORT_EVERY_MS && done < total) return;
      last = now;
      progress?.report(total ? Math.floor((done / total) * 100) : 0, `${done} of ${total} ${what}`);
      this.publisher.sendIndexing(done, total);
    };
    try {
      const load = (p: Project): Promise<boolean> => p.loadInSlices((done, total) => report(done, total, 'files'), { isCancelled: () => !isCurrent() });
      if (!await load(project) || !isCurrent()) return;
      const instead = this.gameTheModsNeed(project, gameVersion);
      if (instead) {
        gamePath = instead.path;
        project = start(gamePath);
        if (!await load(project) || !isCurrent()) return;
      }
      // Open documents were read through `readFile`; edits since then went through `updateFile`.
      const tIndex = Date.now() - t0;
      last = 0;
      const checked = await this.publisher.publishAll(isCurrent, (done, total) => report(done, total, 'files checked'));
      if (!checked || !isCurrent()) return;
      session.state = 'ready';
      const { errors, warnings } = this.publisher.status();
      const cached = project.cacheUse();
      // (Not the number of ids: counting them would index every kind a warm start left for later.)
      const fromCache = cached ? `, ${cached.hits} files from the cache,` : '';
      session.log(`Indexed ${project.files.size} files${fromCache} in ${tIndex} ms, checked in ${Date.now() - t0 - tIndex} ms: ${errors} errors, ${warnings} warnings`);
      const newer = newerThanTables(project.gameUsage.counts());
      if (newer) session.log(`Game data ${gamePath}: ${newer}`);
      this.publisher.sendStatus(true);
      void saveCache(session, project, isCurrent).catch((err) => session.error('Writing the cache of the game\'s index failed', err));
    } finally {
      progress?.done();
    }
  }

  /**
   * The game the workspace's mods are written for, when the game found by default (Debian's 0.F) is not: the
   * built-in snapshot of the current game, said in the log and the status. Without a snapshot, the user is told how
   * to get the right game. A game named in the settings, or the game the workspace sits in, is never replaced.
   */
  private gameTheModsNeed(project: Project, gameVersion: string | undefined): FoundGame | undefined {
    const { session } = this;
    const found = this.found;
    if (found?.source !== 'default' || (gameVersion ?? 'auto').trim().toLowerCase() !== 'auto') return undefined;
    const other = project.writtenForOther(new Set(project.reportedFiles().flatMap((f) => (f.modId !== undefined ? [f.modId] : []))));
    if (!other) return undefined;
    const forMods = gameForMods(found, project.version.version.title, other, '"cdda.gamePath"', session.cacheDir);
    const instead = forMods?.instead;
    if (!instead) {
      if (forMods) session.warn(`CDDA: ${forMods.message}`);
      return undefined;
    }
    session.log(forMods.message);
    session.gamePath = instead.path;
    session.gameSource = describeGameSource(instead);
    return instead;
  }

  /**
   * The game folder as the CLI finds it (mods/gameFolder.ts), the editor's setting first; kept in the session with
   * how it was found, and logged. A configured folder that is not usable is still the one used (no game data then),
   * and the user is told: falling back to another folder would silently check against another game.
   */
  private resolveGamePath(fromConfigFile: string | undefined, configFile: string | undefined): string | undefined {
    const { session } = this;
    const configured = session.settings.gamePath;
    const { game, unpacked, noSnapshot } = resolveGame({
      given: configured !== undefined ? { path: configured, source: 'setting' } : undefined,
      config: fromConfigFile !== undefined ? { path: fromConfigFile, file: configFile } : undefined,
      checked: session.roots,
      cacheDir: session.cacheDir,
    });
    if (unpacked?.unpacked) session.log(`Built-in game snapshot unpacked into ${unpacked.path} in ${unpacked.ms} ms`);
    this.found = game;
    session.gamePath = game?.path;
    session.gameSource = game ? describeGameSource(game) : 'none found';
    session.gameProblem = undefined;
    if (!game) {
      session.warn(`CDDA: no base game data: ${noSnapshot}. Set "cdda.gamePath" to the folder holding json/ and mods/.`);
      return undefined;
    }
    session.log(`Game folder ${game.path} (${describeGameSource(game)})`);
    const problem = gameFolderProblem(game.path);
    if (problem) {
      session.gameProblem = `The game folder ${describeGameSource(game)} "${game.path}" ${problem}: the game's data is not loaded, so the ids it defines are unknown. Set "cdda.gamePath" to the game's data folder (the one holding json/ and mods/).`;
      session.warn(`CDDA: ${session.gameProblem}`);
    }
    return game.path;
  }
}
