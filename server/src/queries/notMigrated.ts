/**
 * What a migration leaves for a person, one line per root cause with its count: the problems still reported
 * (errors and warnings) grouped by what they say without where (`unknown item "rock"` once for its 12 uses), and
 * the uses of ids the game removed without a replacement (queries/migratedIds.ts), each of which takes the place of
 * the unknown-id problem reported on it.
 */
import type { Diagnostic } from '../diagnostic';
import type { RemovedIdUse } from './fixAll';
import type { KindRegistry } from '../registry/registry';

export interface RootCause {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  /** The problem without its place: `unknown item "rock"`. */
  readonly cause: string;
  readonly count: number;
}

/** The root causes, errors first, then the most frequent. */
export function rootCauses(diagnostics: Iterable<Diagnostic>, removed: Iterable<RemovedIdUse>, registry: KindRegistry): RootCause[] {
  const groups = new Map<string, { severity: 'error' | 'warning'; code: string; cause: string; count: number }>();
  const add = (severity: 'error' | 'warning', code: string, cause: string): void => {
    const key = `${severity}\u0000${code}\u0000${cause}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { severity, code, cause, count: 1 });
  };
  // A removed id the game's reader also rejects where it is used (a terrain in a map: ter_furn_migration mends
  // saved maps only) is one root cause: said once, as removed, with the reader's severity.
  const removedAt = new Map<string, 'error' | 'warning'>();
  for (const r of removed) removedAt.set(placeOf(r), 'warning');
  for (const d of diagnostics) {
    if (d.severity !== 'error' && d.severity !== 'warning') continue;
    const place = placeOf(d);
    if (d.code === 'unknown-id' && removedAt.has(place)) {
      if (d.severity === 'error') removedAt.set(place, 'error');
      continue;
    }
    add(d.severity, d.code, causeOf(d.message));
  }
  for (const r of removed) add(removedAt.get(placeOf(r))!, 'removed-id', `${registry.title(r.kind)} "${r.id}" was removed by the game (${r.by}), with nothing to replace it`);
  return [...groups.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count || (a.cause < b.cause ? -1 : 1) : a.severity === 'error' ? -1 : 1));
}

function placeOf(at: { readonly path: string; readonly start: number; readonly end: number }): string {
  return `${at.path}\u0000${at.start}\u0000${at.end}`;
}

/**
 * A message without its place: the member path it begins with, the hint after `; ` (a near id differs by place),
 * a map cell's row and column, the value a member has (`"rot_spawn" is "X" (string)` -> `"rot_spawn" is a string`)
 * and the numbers outside quotes (`Row 3 has 25 cells` -> `Row N has N cells`); ids in quotes are kept.
 */
export function causeOf(message: string): string {
  let cause = message.replace(/^"[^"]*": /, '');
  const hint = cause.indexOf('; ');
  if (hint > 0) cause = cause.slice(0, hint);
  cause = cause.replace(/ \(and \d+ more cells like this, not marked\)/, '').replace(/ \(row \d+, column \d+\)/, '');
  cause = cause.replace(/^("[^"]*") is .+ \((\w+)\)$/, '$1 has a value of the wrong type ($2)');
  return cause.split(/("(?:[^"\\]|\\.)*")/).map((part, i) => (i % 2 ? part : part.replace(/\d+/g, 'N'))).join('');
}
