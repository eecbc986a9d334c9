/**
 * `migrate` on a real 0.F mod, against the current game: MMA (the Mythical Martial Arts of Debian's 0.F data),
 * which the game's developers still ship migrated in the current game. The oracle over every such mod is
 * scripts/migrate-oracle.mjs; this is its smallest case, kept in the suite. Both corpora are outside the project:
 * the test reads the 0.F game from /usr/share/games/cataclysm-dda (or CDDA_0F_GAME) and the current one from
 * CDDA_CURRENT_GAME, and is skipped without them.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixFiles } from '../../server/src/cli/migrate';

const CURRENT = process.env.CDDA_CURRENT_GAME ?? '';
const OLD = process.env.CDDA_0F_GAME ?? '/usr/share/games/cataclysm-dda';
const MOD = path.join(OLD, 'mods', 'MMA');
const present = CURRENT !== '' && fs.existsSync(path.join(CURRENT, 'json')) && fs.existsSync(path.join(MOD, 'modinfo.json'));
const skip = present ? false : 'needs CDDA_CURRENT_GAME (the current game) and the 0.F game\'s mods/MMA (Debian\'s cataclysm-dda-data, or CDDA_0F_GAME)';

test('a real 0.F mod (MMA) migrated to the current game: its errors but the content the game removed are repaired, and a second run changes nothing', { skip }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-migrate-mma-'));
  try {
    fs.cpSync(MOD, path.join(dir, 'MMA'), { recursive: true });
    const errors = (r: ReturnType<typeof fixFiles>): string[] => [...r.project.reportedFiles()].flatMap((f) => r.project.diagnosticsForMigration(f.path)).filter((d) => d.severity === 'error').map((d) => d.message);
    const dry = fixFiles({ paths: [dir], gamePath: CURRENT, write: false });
    const first = fixFiles({ paths: [dir], gamePath: CURRENT, write: true });
    assert.equal(first.repairs, dry.repairs);
    assert.ok(first.repairs >= 10, `repairs: ${first.repairs}`);
    // What is left (5 errors when written): the 0.F martial arts buffs' and techniques' ids that the game removed.
    const left = errors(first);
    assert.ok(left.length <= 5 && left.every((m) => /unknown/.test(m)), left.join('\n'));
    const second = fixFiles({ paths: [dir], gamePath: CURRENT, write: true });
    assert.equal(second.changed.length, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
