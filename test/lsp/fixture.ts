/** The fixture workspace of the LSP tests: two mods over MINI_CORE, plus JSON files that are not content. */
import * as fs from 'fs';
import * as path from 'path';
import { MINI_CORE, modinfo, writeTree, type FileTree } from '../helpers/workspace';
import { TestClient } from './client';

export const monster = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'MONSTER', id, name: { str: id.replace(/^mon_/, '').replace(/_/g, ' ') }, description: `The ${id}.`, default_faction: 'zombie', bodytype: 'human',
  volume: '62500 ml', weight: '81500 g', hp: 40, speed: 90, symbol: 'Z', color: 'red', ...extra,
});

/** Text with one member per line, as a modder writes it (positions in tests are found by searching it). */
export function pretty(v: unknown): string {
  return `${JSON.stringify(v, null, 2)}\n`;
}

export interface Fixture {
  readonly game: string;
  readonly ws: string;
  file(rel: string): string;
}

export function writeFixture(): Fixture {
  const game = writeTree(MINI_CORE);
  const ws = writeTree({
    'package.json': '{ "name": "not-a-mod", "version": 1, "type": 12 }\n',
    '.vscode/settings.json': '{ "cdda.gamePath": 3 }\n',
    'mod_a/modinfo.json': modinfo('mod_a'),
    'mod_a/monsters/shamblers.json': pretty([monster('mon_a_shambler', { species: ['ZOMBIE'] })]),
    'mod_b/modinfo.json': modinfo('mod_b', ['dda', 'mod_a']),
    'mod_b/package.json': '{ "name": "tooling", "private": true }\n',
    'mod_b/monsters/hulks.json': pretty([
      monster('mon_b_hulk', { upgrades: { half_life: 4, into: 'mon_a_shambler' }, 'copy-from': 'mon_zombie' }),
      monster('mon_b_pending', { upgrades: { half_life: 4, into: 'mon_b_later' } }),
    ]),
    'mod_b/monsters/later.json': pretty([]),
    'mod_b/recipes/charms.json': pretty([
      { type: 'recipe', result: 'jeans', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 1, time: '10 m', autolearn: true, qualities: [], tools: [[['hammer', -1]]], components: [[['rag', 2]]] },
    ]),
    'mod_b/snippets.json': pretty([{ type: 'snippet', category: 'b_notes', text: [{ id: 'snip_x', text: 'A note.' }] }]),
    'mod_b/professions.json': pretty([
      { type: 'profession', id: 'b_tailor', name: 'Tailor', description: 'Sews.', points: 1, items: { both: ['jeans', ['tshirt', 'snip_x']] }, pets: ['mon_b_hulk'] },
    ]),
  });
  return { game, ws, file: (rel) => path.join(ws, rel) };
}

/** A server started over a temporary folder's mods/, beside an empty game folder; `stop` also removes the folder. */
export interface ServerOverMods {
  readonly client: TestClient;
  readonly dir: string;
  stop(): Promise<void>;
}

/**
 * A server over `files` (paths in a temporary folder, the mods under mods/), its game folder empty (game/json/):
 * initialized, ready, and the files of `open` (relative paths) opened.
 */
export async function serverOverMods(files: FileTree, options: { readonly gameVersion?: string; readonly open?: readonly string[] } = {}): Promise<ServerOverMods> {
  const dir = writeTree({ 'game/json/.keep.json': [], ...files });
  const client = new TestClient({ roots: [path.join(dir, 'mods')], initializationOptions: { gamePath: path.join(dir, 'game'), ...(options.gameVersion ? { gameVersion: options.gameVersion } : {}) } });
  await client.initialize();
  await client.waitForReady();
  for (const rel of options.open ?? []) await client.open(path.join(dir, rel));
  return {
    client, dir,
    async stop() {
      await client.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
