/**
 * What names a supported game version and tells it in a game folder, apart from the version itself (its kinds,
 * schemas, readings and tables, with the modules they come from): a check loads the version it checks only
 * (see index.ts).
 */
import type { GameVersion } from '../declaration';

export type VersionIdentity = Pick<GameVersion, 'id' | 'title' | 'aliases' | 'markers'>;

export const IDENTITY_CURRENT: VersionIdentity = {
  id: 'current',
  title: 'current (0.I / experimental)',
  aliases: ['0.I', '0.i', 'I', 'experimental', 'dda', 'latest'],
  // damage_type definitions arrived in 0.H; newer versions get their own markers when they are added.
  markers: ['json/damage_types.json'],
};

export const IDENTITY_0F: VersionIdentity = {
  id: '0.F',
  title: '0.F (Frank)',
  aliases: ['0.f', 'F', 'frank'],
  markers: [],
};
