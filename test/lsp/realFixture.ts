/** A workspace over the real game data for the LSP real-data test and benchmark. */
import * as fs from 'fs';
import * as path from 'path';
import { modinfo, writeTree } from '../helpers/workspace';
import { monster, pretty } from './fixture';

export const GAME = '/usr/share/games/cataclysm-dda';

/** ~`size` characters of real monsters renamed as new ones, as a mod file. */
export function bigMonsterFile(size: number): string {
  const out: Record<string, unknown>[] = [];
  let total = 0;
  for (const f of fs.readdirSync(path.join(GAME, 'json/monsters')).sort()) {
    if (!f.endsWith('.json')) continue;
    const v = JSON.parse(fs.readFileSync(path.join(GAME, 'json/monsters', f), 'utf8')) as Record<string, unknown>[];
    for (const o of Array.isArray(v) ? v : [v]) {
      if (o.type !== 'MONSTER' || typeof o.id !== 'string') continue;
      const copy = { ...o, id: `big_${o.id}` };
      total += JSON.stringify(copy, null, 2).length;
      out.push(copy);
      if (total > size) return pretty(out);
    }
  }
  return pretty(out);
}

export function realWorkspace(): string {
  return writeTree({
    'my_mod/modinfo.json': modinfo('my_mod'),
    'my_mod/monsters.json': pretty([
      monster('mon_my_brute', { upgrades: { half_life: 14, into: 'mon_zombie_brute' }, harvest: 'zombie', species: ['ZOMBIE'] }),
      { type: 'MONSTER', id: 'mon_my_kid', 'copy-from': 'mon_zombie_child', name: { str: 'my kid' } },
    ]),
    'my_mod/recipes.json': pretty([
      { type: 'recipe', result: 'my_mod_rag', id_suffix: 'x', category: 'CC_OTHER', subcategory: 'CSC_OTHER_MATERIALS', skill_used: 'tailor', difficulty: 0, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[['rag', 1]]] },
    ]),
    'my_mod/big.json': bigMonsterFile(400_000),
  });
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = process.hrtime.bigint();
  const r = await f();
  return [r, Number(process.hrtime.bigint() - t0) / 1e6];
}

