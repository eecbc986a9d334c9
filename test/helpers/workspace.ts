/** Builds throwaway game and mod folders from plain objects, for engine tests. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import { listJsonFiles } from '../../server/src/mods/discover';
import type { Diagnostic, SeverityOverrides } from '../../server/src/diagnostic';

export type FileTree = Record<string, unknown>;

/** Writes `tree` (relative path -> JSON value, or raw text when a string) under a new temp folder. */
export function writeTree(tree: FileTree, dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-test-'))): string {
  for (const [rel, content] of Object.entries(tree)) {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

export function modinfo(id: string, dependencies: string[] = ['dda'], extra: Record<string, unknown> = {}): unknown {
  return [{ type: 'MOD_INFO', id, name: id, description: 'test mod', category: 'content', dependencies, ...extra }];
}

/** What the game needs of every loaded item besides its name (symbol, description, weight, volume: checks/loadRules.ts). */
export const ITEM_BASICS = { description: 'An item.', symbol: 'x', weight: '1 g', volume: '1 ml' };

/** A small stand-in for the base game: what the fixtures refer to. */
export const MINI_CORE: FileTree = {
  'mods/dda/modinfo.json': modinfo('dda', [], { path: '../../json', core: true }),
  'json/monsters.json': [
    { type: 'MONSTER', id: 'mon_zombie', name: { str: 'zombie' }, description: 'A human body, swaying.', default_faction: 'zombie', bodytype: 'human', species: ['ZOMBIE'], volume: '62500 ml', weight: '81500 g', hp: 80, speed: 70, symbol: 'Z', color: 'light_green', material: ['flesh'], harvest: 'zombie' },
    { type: 'MONSTER', id: 'mon_dog', name: { str: 'dog' }, description: 'A dog.', default_faction: 'dog', bodytype: 'quadruped', species: ['MAMMAL'], volume: '40 L', weight: '40 kg', hp: 20, speed: 150, symbol: 'd', color: 'white' },
    { type: 'MONSTER', abstract: 'mon_base_template', description: 'abstract base', default_faction: 'zombie' },
  ],
  'json/factions.json': [
    { type: 'MONSTER_FACTION', name: 'zombie' },
    { type: 'MONSTER_FACTION', name: 'dog' },
  ],
  'json/species.json': [
    { type: 'SPECIES', id: 'ZOMBIE' }, { type: 'SPECIES', id: 'MAMMAL' },
  ],
  'json/materials.json': [{ type: 'material', id: 'flesh', name: 'Flesh' }],
  'json/harvest.json': [{ type: 'harvest', id: 'zombie', entries: [] }],
  'json/items.json': [
    { type: 'ARMOR', id: 'jeans', name: { str: 'pair of jeans' } },
    { type: 'ARMOR', id: 'tshirt', name: { str: 'T-shirt' } },
    { type: 'GENERIC', id: 'rag', name: { str: 'rag' } },
    { type: 'GENERIC', id: 'sheet_cotton', name: { str: 'cotton sheet' } },
    { type: 'TOOL', id: 'hammer', name: { str: 'hammer' } },
  ],
  'json/item_actions.json': [{ type: 'item_action', id: 'place_monster', name: 'Activate' }, { type: 'item_action', id: 'consume_drug', name: 'Consume' }],
  'json/skills.json': [{ type: 'skill', id: 'tailor', name: 'tailoring' }, { type: 'skill', id: 'fabrication', name: 'fabrication' }],
  'json/professions.json': [{ type: 'profession', id: 'unemployed', name: 'Unemployed', description: 'None.', points: 0 }],
  'json/recipe_categories.json': [{ type: 'recipe_category', id: 'CC_OTHER', recipe_subcategories: ['CSC_ALL', 'CSC_OTHER_OTHER'] }],
  'json/recipes.json': [
    { type: 'recipe', result: 'rag', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 0, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[['sheet_cotton', 1]]] },
  ],
  'json/missions.json': [
    { type: 'mission_definition', id: 'MISSION_START', origins: ['ORIGIN_GAME_START'] },
    { type: 'mission_definition', id: 'MISSION_NPC_ONLY', origins: ['ORIGIN_SECONDARY'] },
  ],
  'json/start_locations.json': [{ type: 'start_location', id: 'sloc_field' }],
  'json/snippets.json': [{ type: 'snippet', category: 'test_notes', text: [{ id: 'snippet_x', text: 'A note.' }] }],
};

export interface TestWorkspace {
  readonly game: string;
  readonly mods: string;
  readonly project: Project;
  /** Absolute path of a file given relative to the mods folder. */
  file(rel: string): string;
  diagnostics(rel: string): Diagnostic[];
  /** `code` of each diagnostic of a file, sorted (handy for exact assertions). */
  codes(rel: string): string[];
}

/**
 * A game folder with MINI_CORE (+ `coreExtra`) and a workspace of mods built from `mods`. The fixtures of the
 * spec's rules use the spec's forms (edit-mode...) that the 0.F game itself refuses: `game-rejects` is off
 * unless `options.severity` says otherwise (test/engine/gameRejects.test.ts checks it).
 */
export function workspace(mods: FileTree, coreExtra: FileTree = {}, options: { gameVersion?: string; severity?: SeverityOverrides } = {}): TestWorkspace {
  const game = writeTree({ ...MINI_CORE, ...coreExtra });
  const modsDir = writeTree(mods);
  const project = new Project({ gamePath: game, roots: [modsDir], gameVersion: options.gameVersion, severity: options.severity ?? { 'game-rejects': 'off' } });
  project.load();
  const file = (rel: string): string => path.join(modsDir, rel);
  return {
    game, mods: modsDir, project, file,
    diagnostics: (rel) => project.diagnostics(file(rel)),
    codes: (rel) => project.diagnostics(file(rel)).map((d) => d.code).sort(),
  };
}

/** Runs `body` on a workspace, then removes its folders. */
export function using(ws: TestWorkspace, body: (ws: TestWorkspace) => void): void {
  try {
    body(ws);
  } finally {
    fs.rmSync(ws.mods, { recursive: true, force: true });
    fs.rmSync(ws.game, { recursive: true, force: true });
  }
}

/** The text a diagnostic covers. */
export function coveredText(ws: TestWorkspace, d: Diagnostic): string {
  return fs.readFileSync(d.path, 'utf8').slice(d.start, d.end);
}

/**
 * A mod (in a new temp folder) that depends on every mod of a real game folder, so that loading it indexes the
 * whole game, with a few definitions that refer to the game's (one unknown id): its folder and content file.
 */
export function wholeGameMod(game: string): { readonly dir: string; readonly file: string } {
  const ids = new Set<string>();
  for (const f of listJsonFiles(path.join(game, 'mods'))) {
    if (path.basename(f) !== 'modinfo.json') continue;
    try {
      const v = JSON.parse(fs.readFileSync(f, 'utf8')) as unknown;
      for (const o of Array.isArray(v) ? v : [v]) if (o?.type === 'MOD_INFO' && typeof o.id === 'string' && o.id !== 'dda') ids.add(o.id);
    } catch { /* a broken modinfo.json: not a dependency */ }
  }
  const dir = path.join(writeTree({
    'whole/modinfo.json': modinfo('whole_game', ['dda', ...ids]),
    'whole/content.json': [
      { type: 'MONSTER', id: 'mon_whole', 'copy-from': 'mon_zombie', upgrades: { half_life: 4, into: 'mon_zombie_brute' } },
      { type: 'GENERIC', id: 'whole_thing', 'copy-from': 'rag', name: { str: 'thing' } },
      { type: 'recipe', result: 'whole_thing', category: 'CC_OTHER', subcategory: 'CSC_OTHER_MATERIALS', skill_used: 'fabrication', time: '1 m', components: [[['rag', 1], ['no_such_item', 1]]] },
    ],
  }), 'whole');
  return { dir, file: path.join(dir, 'content.json') };
}
