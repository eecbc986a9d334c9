/** The bench's 10x case (tenfold.ts): each renamed copy of a game defines as many ids and has the same diagnostics. */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { derivedBases } from '../../server/src/registry/registry';
import { MINI_CORE, modinfo, writeTree } from '../helpers/workspace';
import { writeTenfold } from './tenfold';

const EXAMPLE = path.join(__dirname, '../../../examples/example_mod');

/** The test core, the example mod (its mistakes included) and a mod that builds on it. */
function smallGame(): string {
  const tree: Record<string, unknown> = {
    ...MINI_CORE,
    'json/overmap.json': [
      { type: 'overmap_terrain', id: 'field_house', name: 'house' }, { type: 'overmap_terrain', id: 'field', name: 'field' },
      { type: 'overmap_location', id: 'land', terrains: ['field'] },
    ],
    'mods/more/modinfo.json': modinfo('more', ['dda', 'example_mod']),
    'mods/more/content.json': [
      { type: 'recipe', result: 'rag', id_suffix: 'more', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 0, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[['sheet_cotton', 1]]] },
      { type: 'MONSTER', id: 'mon_more', 'copy-from': 'mon_zombie', name: { str: 'more' }, upgrades: { half_life: 4, into: 'mon_zombi' } },
      { type: 'overmap_special', id: 'more_special', overmaps: [{ point: [0, 0, 0], overmap: 'field_house_north' }], locations: ['land'] },
    ],
  };
  for (const f of fs.readdirSync(EXAMPLE)) tree[`mods/example_mod/${f}`] = fs.readFileSync(path.join(EXAMPLE, f), 'utf8');
  return writeTree(tree);
}

function checked(game: string): Project {
  const project = new Project({ gamePath: game, roots: [game] });
  project.load();
  return project;
}

/** Which copy a file of the 10x game is (0: the original), and its path in the original game. */
function copyOf(game: string, file: string): { k: number; original: string } {
  const rel = path.relative(game, file).split(path.sep);
  const m = rel[0] === 'json' ? /^tenfold_x(\d+)$/.exec(rel[1]) : /_x(\d+)$/.exec(rel[1]);
  if (!m) return { k: 0, original: rel.join('/') };
  const original = rel[0] === 'json' ? rel.filter((_, i) => i !== 1) : [rel[0], rel[1].slice(0, m.index), ...rel.slice(2)];
  return { k: Number(m[1]), original: original.join('/') };
}

/** `code file:line` of each diagnostic of copy k, the file named as in the original game. */
function diagnosticsOfCopy(project: Project, game: string, k: number): string[] {
  const out: string[] = [];
  for (const f of project.reportedFiles()) {
    const copy = copyOf(game, f.path);
    if (copy.k !== k) continue;
    const text = fs.readFileSync(f.path, 'utf8');
    for (const d of project.diagnostics(f.path)) out.push(`${d.code} ${copy.original}:${text.slice(0, d.start).split('\n').length}`);
  }
  return out.sort();
}

/** References of copy k that name a defined (or derived) id not of the copy: they should have been renamed. */
function strayReferences(project: Project, game: string, k: number): string[] {
  const defined = (kind: string, id: string): boolean => project.defs.get(kind, id).length > 0;
  const derived = (kind: string, id: string): boolean => (project.registry.version.derivedIds ?? [])
    .some((d) => d.kind === kind && d.from !== undefined && derivedBases(d, id).some((b) => defined(d.from!, b)));
  const out: string[] = [];
  for (const f of project.files.values()) {
    if (copyOf(game, f.path).k !== k) continue;
    project.ensureParsed(f);
    for (const r of f.records) {
      for (const ref of project.analysisOf(r).references) {
        // Mods are named by suffixed ids (more_x1), the core keeps its own.
        if (ref.kind === 'MOD_INFO') continue;
        if (!ref.id.startsWith(`x${k}_`) && (defined(ref.kind, ref.id) || derived(ref.kind, ref.id))) out.push(`${path.relative(game, f.path)}: ${ref.kind} ${ref.id}`);
      }
    }
  }
  return out;
}

test('tenfold: every copy defines as many ids as the original and has its diagnostics', () => {
  const game = smallGame();
  const tenfold = writeTenfold(game, { copies: 3 });
  try {
    const base = checked(game);
    const big = checked(tenfold.dir);
    // Mods keep their ids, suffixed (example_mod_x1...); the core is not copied as a mod.
    const ids = (p: Project): number => p.defs.size - p.defs.entries('MOD_INFO').size;
    assert.equal(ids(big), 3 * ids(base));
    assert.equal(big.defs.entries('MOD_INFO').size, 3 * base.defs.entries('MOD_INFO').size - 2);
    const original = diagnosticsOfCopy(base, game, 0);
    // mon_zombi is unknown; the rotated overmap terrain (field_house_north) resolves.
    assert.equal(original.filter((d) => d.startsWith('unknown-id mods/more/content.json')).length, 1);
    for (let k = 0; k < 3; k++) assert.deepEqual(diagnosticsOfCopy(big, tenfold.dir, k), original, `copy ${k}`);
    for (let k = 1; k < 3; k++) assert.deepEqual(strayReferences(big, tenfold.dir, k), [], `copy ${k}`);
    // Copies are renamed: a copy's monster is its own, built recipe ids too.
    assert.equal(big.defs.get('MONSTER', 'x2_mon_more').length, 1);
    assert.equal(big.defs.get('recipe', 'x2_rag_more').length, 1);
  } finally {
    tenfold.remove();
    fs.rmSync(game, { recursive: true, force: true });
  }
  assert.ok(!fs.existsSync(tenfold.dir));
});
