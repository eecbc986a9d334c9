/**
 * Publishing diagnostics: for the reported files an edit affects (with the document version), for every
 * reported file after indexing or a severity change (in slices, so requests are still answered), and empty
 * lists for files that stopped being reported. Also keeps the error / warning totals of the `cdda/status`
 * notification.
 */
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { STATUS_NOTIFICATION, type StatusParams } from '../../../../shared/src/protocol';
import { pathToUri, toLspDiagnostic } from '../convert';
import { isContentCandidate, type Session } from '../session';
import { describeVersion } from '../../registry/versions';

export class DiagnosticsPublisher {
  /** Paths published with a non-empty list, and their error / warning counts. */
  private readonly counts = new Map<string, { errors: number; warnings: number }>();
  private errors = 0;
  private warnings = 0;
  private lastStatus = '';

  constructor(private readonly session: Session) {}

  /** Computes and publishes the current diagnostics of each path. */
  publish(paths: Iterable<string>): void {
    for (const p of paths) {
      try {
        this.publishOne(p);
      } catch (err) {
        this.session.error(`Diagnostics of ${p} failed`, err);
      }
    }
    if (this.session.state === 'ready') this.sendStatus();
  }

  private publishOne(p: string): void {
    const { project, connection } = this.session;
    const file = project.fileAt(p);
    let list: LspDiagnostic[] = [];
    if (file?.reported && isContentCandidate(p)) {
      const fp = this.session.positions(p);
      if (fp) list = project.diagnostics(p).map((d) => toLspDiagnostic(project, this.session.lines, fp, d));
    } else if (!this.counts.has(p)) {
      return; // never published: nothing to clear
    }
    let errors = 0, warnings = 0;
    for (const d of list) {
      if (d.severity === DiagnosticSeverity.Error) errors++;
      else if (d.severity === DiagnosticSeverity.Warning) warnings++;
    }
    const old = this.counts.get(p);
    this.errors += errors - (old?.errors ?? 0);
    this.warnings += warnings - (old?.warnings ?? 0);
    if (list.length) this.counts.set(p, { errors, warnings }); else this.counts.delete(p);
    const uri = pathToUri(p);
    const version = this.session.documentVersion(p);
    // A closed file that was clean and still is needs no message; an open one gets each version's list.
    if (!list.length && !old && version === undefined) return;
    void connection.sendDiagnostics({ uri, version, diagnostics: list });
  }

  /**
   * Publishes every reported file (and clears files published before that are no longer reported), yielding
   * to the event loop every `sliceMs`. The open documents come first, those opened meanwhile as soon as they are
   * (a mod's hundreds of files take a while to check; in path order the one in view waited for those before it).
   * Stops when `isCurrent` turns false.
   */
  async publishAll(isCurrent: () => boolean, onProgress?: (done: number, total: number) => void, sliceMs = 12): Promise<boolean> {
    const reported = this.session.project.reportedFiles().map((f) => f.path);
    const keep = new Set(reported);
    const pending = new Set([...[...this.counts.keys()].filter((p) => !keep.has(p)), ...reported]);
    const total = pending.size;
    const open = this.session.openDocuments;
    const next = (): string => {
      for (const p of open.keys()) if (pending.delete(p)) return p;
      const first = pending.values().next().value as string;
      pending.delete(first);
      return first;
    };
    let t0 = Date.now();
    while (pending.size > 0) {
      if (Date.now() - t0 >= sliceMs) {
        onProgress?.(total - pending.size, total);
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (!isCurrent()) return false;
        t0 = Date.now();
      }
      const p = next();
      try {
        // A file's records are checked one by one, the loop given a turn between slices (a file of tens of
        // thousands of records is seconds of checks: `shutdown`, a hover, an edit are answered meanwhile).
        const steps = this.session.project.diagnosticsSteps(p);
        for (let r = steps.next(); !r.done; r = steps.next()) {
          if (Date.now() - t0 < sliceMs) continue;
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (!isCurrent()) { steps.return(); return false; }
          t0 = Date.now();
        }
        this.publishOne(p);
      } catch (err) { this.session.error(`Diagnostics of ${p} failed`, err); }
    }
    return true;
  }

  /** Clears every published list (before a rebuild from scratch). */
  reset(): void {
    for (const p of this.counts.keys()) void this.session.connection.sendDiagnostics({ uri: pathToUri(p), diagnostics: [] });
    this.counts.clear();
    this.errors = 0;
    this.warnings = 0;
  }

  status(): { errors: number; warnings: number } {
    return { errors: this.errors, warnings: this.warnings };
  }

  /** The game checked against: its version, its folder and where that came from, and what is wrong with it. */
  private gameStatus(): Pick<StatusParams, 'gameVersion' | 'game' | 'gameProblem'> {
    const { session } = this;
    return {
      gameVersion: describeVersion(session.project.version),
      game: { path: session.gamePath, source: session.gameSource },
      ...(session.gameProblem ? { gameProblem: session.gameProblem } : {}),
    };
  }

  /** Sends `cdda/status` (ready) when the totals changed since the last one. */
  sendStatus(force = false): void {
    const params: StatusParams = { state: 'ready', indexed: this.session.project.files.size, errors: this.errors, warnings: this.warnings, ...this.gameStatus() };
    const key = JSON.stringify(params);
    if (!force && key === this.lastStatus) return;
    this.lastStatus = key;
    void this.session.connection.sendNotification(STATUS_NOTIFICATION, params);
  }

  sendIndexing(indexed: number | undefined, total: number | undefined): void {
    const params: StatusParams = { state: 'indexing', indexed, total, errors: this.errors, warnings: this.warnings, ...this.gameStatus() };
    this.lastStatus = JSON.stringify(params);
    void this.session.connection.sendNotification(STATUS_NOTIFICATION, params);
  }
}
