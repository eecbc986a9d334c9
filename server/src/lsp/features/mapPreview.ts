/** cdda/mapPreview (shared/src/protocol.ts) over queries/mapPreview: the picture of the map under the cursor. */
import type { Connection } from 'vscode-languageserver/node';
import { MAP_PREVIEW_REQUEST, type MapPreviewResult } from '../../../../shared/src/protocol';
import { mapPreviewAt } from '../../queries/mapPreview';
import type { Session } from '../session';
import { positionParams } from '../requests';

export function registerMapPreview(connection: Connection, session: Session): void {
  connection.onRequest(MAP_PREVIEW_REQUEST, (raw: unknown): MapPreviewResult | null => {
    const { uri, position } = positionParams(session, raw);
    const p = session.contentPath(uri);
    const fp = p && session.positions(p);
    if (!p || !fp) return null;
    const preview = mapPreviewAt(session.project, p, fp.offsetAt(position));
    if (!preview) return null;
    return {
      title: preview.title, start: fp.range(preview.start, preview.start).start, tile: preview.tile, cursor: preview.cursor, note: preview.note,
      rows: preview.rows.map((row) => row.map((c) => ({ ...c, markers: [...c.markers], regional: c.regional?.map((g) => ({ ...g, choices: g.choices.map((x) => ({ ...x })) })) }))),
    };
  });
}
