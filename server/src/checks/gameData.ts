/**
 * `no-game-data`: the base game (mod `dda`) is not loaded, so no id it defines is known and references are not
 * checked at all (see unknownId.ts). Said loudly, on each workspace mod's modinfo.json, rather than hiding
 * every typo in the mod.
 */
import type { CheckContext } from './context';

export function checkGameData(ctx: CheckContext): void {
  const { project, file } = ctx;
  if (project.mods.get('dda')) return;
  const record = file.records.find((r) => r.type === 'MOD_INFO');
  if (!record || record.ids.includes('dda')) return;
  ctx.report({
    // The game loads its base data (mod dda) before any mod.
    record, path: ['id'], code: 'no-game-data', severity: 'warning', basis: 'reader',
    message: 'The base game\'s data was not found (set cdda.gamePath, --game, $CDDA_GAME or "gamePath" in cdda-lint.config.json to the folder holding json/ and mods/): ids the game defines are unknown, so references in this mod are not checked',
  });
}
