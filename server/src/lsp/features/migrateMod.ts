/**
 * cdda/migrateMod (shared/src/protocol.ts) over queries/fixAll.ts: the certain repairs of a whole mod as one
 * workspace edit, which the client applies after showing it (the refactoring preview).
 */
import type { Connection, TextEdit } from 'vscode-languageserver/node';
import { MIGRATE_MOD_REQUEST, type MigrateModResult } from '../../../../shared/src/protocol';
import { modFixes } from '../../queries/fixAll';
import { pathToUri, targetRange, uriToPath } from '../convert';
import type { Session } from '../session';
import { documentParams } from '../requests';

export function registerMigrateMod(connection: Connection, session: Session): void {
  connection.onRequest(MIGRATE_MOD_REQUEST, (raw: unknown): MigrateModResult | null => {
    const { uri } = documentParams(session, raw);
    const at = uriToPath(uri);
    if (at === undefined) return null;
    session.flushAll();
    const { project } = session;
    const changes: MigrateModResult['edit']['changes'] = {};
    let repairs = 0, deferred = 0;
    const removed = new Map<string, number>();
    for (const plan of modFixes(project, at)) {
      repairs += plan.repairs.length;
      deferred += plan.deferred;
      for (const r of plan.removed) {
        const title = `${project.registry.title(r.kind)} "${r.id}" (${r.by})`;
        removed.set(title, (removed.get(title) ?? 0) + 1);
      }
      if (plan.edits.length === 0) continue;
      changes[pathToUri(plan.path)] = plan.edits.map((e): TextEdit => ({ range: targetRange(project, session.lines, { path: plan.path, ...e }), newText: e.newText }));
    }
    return { edit: { changes }, repairs, files: Object.keys(changes).length, deferred, removed: [...removed].map(([title, count]) => ({ title, count })) };
  });
}
