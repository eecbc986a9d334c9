/**
 * Overmap terrains a mod removes on purpose and migrates away with an oter_id_migration (overmap::load_oter_id_migration):
 * the game migrates them only in saved games (overmap::unserialize), so a definition naming one names no terrain. It
 * is reported saying so, not with near ids (Magiclysm's camp migration naming "forge_3A" was offered "fort_3a"), go to
 * definition shows the migration, and a true misspelling keeps its near ids. Fixtures mark what must be reported
 * (⟦...⟧).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { modinfo, using, workspace } from '../helpers/workspace';
import { assertMarked, parseMarked } from '../helpers/marked';
import { definitions } from '../../server/src/queries/definition';

const CORE = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }],
  'json/overmap_terrain.json': [{ type: 'overmap_terrain', id: ['field', 'forge_new', 'fort_3a'], name: 'x', sym: '.', color: 'white' }],
  'json/factions.json': [{ type: 'faction', id: 'your_followers', name: 'x' }],
};

const MIGRATION = [{ type: 'oter_id_migration', oter_ids: { forge_3A_north: 'field', forge_3A_east: 'field', forge_3A_south: 'field', forge_3A_west: 'field', hive2: 'field' } }];

const CONTENT = parseMarked(`[
  { "type": "camp_migration", "camp_migrations": { "name": "Forge", "overmap_terrain": ⟦"forge_3A"⟧, "faction": "your_followers" } },
  { "type": "camp_migration", "camp_migrations": { "name": "Fort", "overmap_terrain": "fort_3a", "faction": "your_followers" } },
  { "type": "camp_migration", "camp_migrations": { "name": "Typo", "overmap_terrain": ⟦"forge_nwe"⟧, "faction": "your_followers" } },
  { "type": "overmap_special", "id": "sp", "occurrences": [ 0, 1 ],
    "overmaps": [ { "point": [ 0, 0, 0 ], "overmap": ⟦"forge_3A_north"⟧ }, { "point": [ 1, 0, 0 ], "overmap": ⟦"hive2"⟧ }, { "point": [ 2, 0, 0 ], "overmap": "forge_new_north" } ] }
]`);

test('a terrain an oter_id_migration migrates away is reported as such (its rotations and its type), a misspelt one with near ids', () => {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/migration.json': MIGRATION, 'm/content.json': CONTENT.text }, CORE, { gameVersion: 'current' }), (ws) => {
    const found = ws.diagnostics('m/content.json');
    assertMarked(CONTENT, found, 'unknown-id');
    assert.deepEqual(found.filter((d) => d.code === 'unknown-id').map((d) => `${d.severity}: ${d.message}`), [
      // load_oter_id_camp_migration reads it unchecked, and overmap::unserialize places no camp on a migrated terrain.
      'warning: "camp_migrations.overmap_terrain": unknown overmap terrain "forge_3A"; "forge_3A" is an overmap terrain migrated away (oter_id_migration)',
      'warning: "camp_migrations.overmap_terrain": unknown overmap terrain "forge_nwe"; did you mean "forge_new"?',
      // An overmap special's terrain is checked when the game loads: still an error, now saying what the name is.
      'error: "overmaps[0].overmap": unknown overmap terrain "forge_3A_north"; "forge_3A_north" is an overmap terrain migrated away (oter_id_migration)',
      'error: "overmaps[1].overmap": unknown overmap terrain "hive2"; "hive2" is an overmap terrain migrated away (oter_id_migration)',
    ]);
    assert.ok(found.every((d) => !d.fixes?.length || d.message.includes('forge_nwe')), 'a migrated name is offered no near id as a fix');
    // Go to definition: the migration's name for the terrain's rotation.
    const at = CONTENT.text.indexOf('"forge_3A"') + 2;
    const [target, ...more] = definitions(ws.project, ws.file('m/content.json'), at);
    assert.equal(more.length, 0);
    assert.ok(target.path.endsWith('migration.json'));
    assert.equal(ws.project.textOf(ws.project.files.get(target.path)!).slice(target.start, target.end), '"forge_3A_north"');
  });
});

test('the message follows the migration: gone, the name is a plain unknown one with its near ids; back, migrated again', () => {
  using(workspace({ 'm/modinfo.json': modinfo('m'), 'm/migration.json': MIGRATION, 'm/content.json': CONTENT.text }, CORE, { gameVersion: 'current' }), (ws) => {
    const forge = (): string | undefined => ws.diagnostics('m/content.json').find((d) => d.message.includes('"forge_3A"'))?.message;
    assert.match(forge()!, /migrated away/);
    ws.project.updateFile(ws.file('m/migration.json'), '[]');
    assert.equal(forge(), '"camp_migrations.overmap_terrain": unknown overmap terrain "forge_3A"; did you mean "fort_3a"?');
    ws.project.updateFile(ws.file('m/migration.json'), JSON.stringify(MIGRATION));
    assert.match(forge()!, /migrated away/);
  });
});
