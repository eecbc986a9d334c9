/** cdda/resolvedDefinition (shared/src/protocol.ts) over queries/resolvedDocument. */
import type { Connection } from 'vscode-languageserver/node';
import { RESOLVED_DEFINITION_REQUEST, type ResolvedDefinitionResult } from '../../../../shared/src/protocol';
import { resolvedDocumentAt, resolvedDocumentOf, type ResolvedDocument } from '../../queries/resolvedDocument';
import type { Session } from '../session';
import { invalid, positionParams, requestParams } from '../requests';

export function registerResolvedDefinition(connection: Connection, session: Session): void {
  connection.onRequest(RESOLVED_DEFINITION_REQUEST, (raw: unknown): ResolvedDefinitionResult | null => {
    const params = requestParams(session, raw);
    let doc: ResolvedDocument | undefined;
    if (params.textDocument !== undefined || params.position !== undefined) {
      const { uri, position } = positionParams(session, params);
      const p = session.contentPath(uri);
      const fp = p && session.positions(p);
      if (!p || !fp) return null;
      doc = resolvedDocumentAt(session.project, p, fp.offsetAt(position));
    } else {
      if (typeof params.kind !== 'string' || typeof params.id !== 'string') invalid('expected "textDocument" and "position", or "kind" and "id" (strings)');
      if (params.mod !== undefined && typeof params.mod !== 'string') invalid('"mod" must be a string');
      doc = resolvedDocumentOf(session.project, params.kind, params.id, params.mod as string | undefined);
    }
    if (!doc) return null;
    return { kind: doc.kind, id: doc.id, mod: doc.mod, title: doc.title, text: doc.text, language: 'jsonc', problems: [...doc.problems] };
  });
}
