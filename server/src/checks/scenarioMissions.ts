/** Scenario `missions` may only name missions whose origins include ORIGIN_GAME_START (spec 2.5, section 7). */
import type { RecordCheck } from './context';
import { pathLabel } from '../schema/valueReports';
import { brief } from '../util/brief';

export const checkScenarioMissions: RecordCheck = (record, ctx) => {
  if (record.type !== 'scenario') return;
  for (const ref of ctx.project.analysisOf(record).references) {
    if (ref.kind !== 'mission_definition' || ref.path[0] !== 'missions') continue;
    const missions = ctx.project.visibleDefinitions(ref.kind, ref.id, record.source.modId);
    if (missions.length === 0) continue; // unknown-id reports it
    const mission = missions[missions.length - 1];
    const origins = mission.value.origins;
    if (Array.isArray(origins) && origins.includes('ORIGIN_GAME_START')) continue;
    ctx.report({
      record, path: ref.path, code: 'invalid-value', severity: 'error', basis: 'spec',
      message: `"${pathLabel(ref.path)}": mission "${ref.id}" cannot start a game: its origins ${brief(origins ?? [], 200)} do not include "ORIGIN_GAME_START"`,
      related: [{ record: mission, path: ['origins'], message: `origins of mission "${ref.id}"` }],
    });
  }
};
