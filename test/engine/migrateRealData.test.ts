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

const SWEET = path.join(OLD, 'mods', 'My_Sweet_Cataclysm');
const sweetSkip = present && fs.existsSync(path.join(SWEET, 'modinfo.json')) ? false : 'needs CDDA_CURRENT_GAME and the 0.F game\'s mods/My_Sweet_Cataclysm';

test('a real 0.F mod (My_Sweet_Cataclysm) migrated: its recipes that copy a level-writing parent without one of their own get MODERATE_EXERCISE, what 0.F crafted them at', { skip: sweetSkip }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-migrate-sweet-'));
  try {
    fs.cpSync(SWEET, path.join(dir, 'My_Sweet_Cataclysm'), { recursive: true });
    const file = path.join(dir, 'My_Sweet_Cataclysm', 'sweet_recipe.json');
    const levels = (): Record<string, unknown> => Object.fromEntries((JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[])
      .filter((r) => r['copy-from'] !== undefined && ['milk', 'milk_reconstituted_from_powder', 'milk_powder'].includes(r['copy-from'] as string))
      .map((r) => [`${String(r.result)}${r.id_suffix ? `_${String(r.id_suffix)}` : ''}`, r.activity_level]));
    assert.deepEqual(levels(), { milk_choc_from_raw: undefined, milk_reconstituted_choc: undefined, milk_powder_choc: undefined });
    const first = fixFiles({ paths: [dir], gamePath: CURRENT, write: true });
    // (The parents write NO_EXERCISE in the current game, which would otherwise be inherited.)
    assert.deepEqual(levels(), { milk_choc_from_raw: 'MODERATE_EXERCISE', milk_reconstituted_choc: 'MODERATE_EXERCISE', milk_powder_choc: 'MODERATE_EXERCISE' });
    assert.ok(first.left.every((c) => !c.cause.includes('activity_level')), first.left.map((c) => c.cause).join('\n'));
    assert.equal(fixFiles({ paths: [dir], gamePath: CURRENT, write: true }).changed.length, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
