/**
 * Trust as a property: a random sequence of workspace operations (edits that break and repair JSON, id renames,
 * copy-from and reference changes, palettes naming palettes and the maps using them (objects among their rows),
 * modinfo.json changes, mods appearing and leaving, folders moved, deleted and
 * created again in one batch, files renamed, created and deleted, overmap terrains and city buildings naming
 * their rotations), applied to the disk AND to a project through `updateFile` / `updateFiles` as
 * the language server does, must leave after EACH step what a fresh `new Project(...)` + `load()` over the same
 * disk gives: the same reported files, the same diagnostics per file, the same index ((kind, id) ->
 * definitions). A simulated client also holds what was "published" (only the files `updateFile` returned are
 * re-published), which must equal the fresh diagnostics too: a file left out of the returned list is stale.
 *
 * Operations are concrete (every change carries the file's whole new text), so any subsequence replays: a
 * mismatch is minimized by delta debugging (dropping operations while it persists).
 * Used by test/engine/property.test.ts and scripts/soak.mjs.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Project } from '../../server/src/project';
import type { Diagnostic } from '../../server/src/diagnostic';
import { stripBom } from '../../server/src/util/text';
import { finish } from '../../server/src/util/steps';
import { writeCacheSync, type CacheOptions } from '../../server/src/cache/store';
import { MINI_CORE, writeTree } from './workspace';
import { paletteChain } from './palettes';

/** One file's new text; undefined: deleted. Paths are relative to the workspace folder, with '/'. */
export interface Change { readonly rel: string; readonly text: string | undefined }
/** One step: a single change goes through `updateFile`, several through one `updateFiles` batch. */
export interface Op { readonly name: string; readonly changes: readonly Change[] }

export interface Mismatch { readonly step: number; readonly op: Op; readonly what: string }

export interface TrustOptions {
  /** `0.F` (default, MINI_CORE's version) or `current` (mod_interactions folders, no edit-mode). */
  readonly gameVersion?: string;
  /** The project under updates starts warm, its game from the on-disk cache (server/src/cache). */
  readonly warmStart?: boolean;
}

// ------------------------------------------------------------------------------------------------ randomness

export { rng } from './random';
import { rng } from './random';

// ------------------------------------------------------------------------------------------------ the fixture

const MODS = ['mod_a', 'mod_b', 'mod_c', 'mod_d', 'mod_e'];
const MONS = ['mon_a', 'mon_a2', 'mon_b', 'mon_c', 'mon_d', 'mon_e', 'mon_zombie', 'mon_dog', 'mon_zombi', 'mon_base_template'];
const ITEMS = ['it_a', 'it_b', 'it_c', 'rag', 'jeans', 'hammer'];
const PROFS = ['prof_a', 'prof_b', 'unemployed', 'prof_x'];
const SCENS = ['scen_a', 'scen_b'];
const GROUPS = ['GROUP_A', 'GROUP_B'];
const EOCS = ['EOC_A', 'EOC_B', 'EOC_IN', 'EOC_IN2'];
/** Overmap terrains, and what city buildings name: a terrain's rotations and linear forms (registry derivedIds). */
const TERS = ['ter_a', 'ter_b', 'ter_c'];
const TER_FORMS = ['', '_north', '_east', '_west', '_straight', '_ns'];
/** Palettes that name palettes (maybe in a cycle), used by nested maps whose rows may hold an object. */
const PALS = ['pal_a', 'pal_b', 'pal_0', 'pal_2'];
const MAP_KEYS = ['#', 'x', 'A', '.'];
const POOLS: Record<string, readonly string[]> = { mon: MONS, it: ITEMS, prof: PROFS, scen: SCENS, GROUP: GROUPS, EOC: EOCS, ter: TERS };
const TOP = ['ma', 'mb', 'mc', 'md', 'me', 'mf'];
const SUBFOLDERS = ['sub', 'monsters', 'extra', 'mod_interactions/mod_b', 'mod_interactions/mod_a'];
const FILE_NAMES = ['a.json', 'b.json', 'c.json', 'monsters.json', 'items.json', 'prof.json'];
const PIECES = ['{', '}', '[', ']', ',', ':', '"', '\\', '//', '/*', '*/', '\n', '\n\n\n', 'é', '😀', '\uFEFF', '"copy-from": "mon_a",', '"edit-mode": "modify",', '"type": "MONSTER",', '"id": "mon_b",', '0', 'true', ' '];

export function modinfoText(id: string, deps: readonly string[], form: 'pretty' | 'compact' = 'pretty'): string {
  const v = [{ type: 'MOD_INFO', id, name: id, description: 'test mod', category: 'content', dependencies: deps }];
  return form === 'pretty' ? `${JSON.stringify(v, null, 2)}\n` : JSON.stringify(v);
}

function monster(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'MONSTER', id, name: { str: id }, description: 'd', default_faction: 'zombie', bodytype: 'human',
    volume: '1 L', weight: '1 kg', hp: 5, speed: 100, symbol: 'x', color: 'red', ...extra,
  };
}

function contentText(defs: unknown[], compact = false): string {
  return compact ? JSON.stringify(defs) : `${JSON.stringify(defs, null, 2)}\n`;
}

/** The workspace every run starts from: four mods (a <- b <- c, d alone) over MINI_CORE. */
export const INITIAL: readonly Change[] = [
  { rel: 'ma/modinfo.json', text: modinfoText('mod_a', ['dda']) },
  { rel: 'ma/monsters.json', text: contentText([monster('mon_a', { upgrades: { half_life: 3, into: 'mon_b' } }), { type: 'MONSTER', id: 'mon_a2', 'copy-from': 'mon_zombie', hp: 7 }]) },
  { rel: 'ma/items.json', text: contentText([{ type: 'GENERIC', id: 'it_a', name: { str: 'a' } }, { type: 'recipe', result: 'it_a', category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 1, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[['rag', 1]]] }]) },
  { rel: 'mb/modinfo.json', text: modinfoText('mod_b', ['dda', 'mod_a']) },
  { rel: 'mb/monsters/b.json', text: contentText([{ type: 'MONSTER', id: 'mon_b', 'copy-from': 'mon_a', name: { str: 'b' } }, { type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modify', hp: 3 }]) },
  { rel: 'mb/prof.json', text: contentText([{ type: 'profession', id: 'prof_b', name: 'B', description: 'd', points: 0, items: { both: ['it_a'] }, pets: ['mon_b'] }, { type: 'scenario', id: 'scen_b', name: 'S', description: 'd', points: 0, start_name: 'x', professions: ['prof_b'] }]) },
  { rel: 'mc/modinfo.json', text: modinfoText('mod_c', ['dda', 'mod_b']) },
  { rel: 'mc/c.json', text: contentText([{ type: 'MONSTER', id: 'mon_c', 'copy-from': 'mon_b', upgrades: { half_life: 2, into: 'mon_a' } }]) },
  { rel: 'md/modinfo.json', text: modinfoText('mod_d', ['dda']) },
  { rel: 'md/d.json', text: contentText([monster('mon_d', { upgrades: { half_life: 3, into: 'mon_c' } })]) },
  // Palettes each naming the next three times, and a map using them (its rows mapped through the chain).
  { rel: 'md/maps.json', text: contentText([...paletteChain(4, 'pal_'), { type: 'mapgen', method: 'json', nested_mapgen_id: 'n_0', object: { mapgensize: [2, 2], palettes: ['pal_0'], rows: ['AB', 'CD'] } }]) },
];

// ------------------------------------------------------------------------------------------------ generator

/** Random operations over a model of the workspace's files (kept in step with what the operations write). */
export class OpGenerator {
  readonly files = new Map<string, string>();
  /** The last text of each content file that parsed, for "repair" operations. */
  private readonly lastGood = new Map<string, string>();
  /** What each mod folder's modinfo.json says when well formed: for repair and recreate. */
  private readonly mods = new Map<string, { id: string; deps: string[] }>();
  private fresh = 0;

  constructor(private readonly random: () => number, initial: readonly Change[] = INITIAL) {
    for (const c of initial) if (c.text !== undefined) this.files.set(c.rel, c.text);
    for (const [rel, text] of this.files) {
      if (path.posix.basename(rel) === 'modinfo.json') {
        const v = JSON.parse(text) as { id: string; dependencies: string[] }[];
        this.mods.set(path.posix.dirname(rel), { id: v[0].id, deps: v[0].dependencies });
      } else this.lastGood.set(rel, text);
    }
  }

  private int(n: number): number { return Math.floor(this.random() * n); }
  private pick<T>(xs: readonly T[]): T { return xs[this.int(xs.length)]; }
  private chance(p: number): boolean { return this.random() < p; }

  private contentFiles(): string[] { return [...this.files.keys()].filter((r) => path.posix.basename(r) !== 'modinfo.json'); }
  private modinfoFiles(): string[] { return [...this.files.keys()].filter((r) => path.posix.basename(r) === 'modinfo.json'); }
  private folders(): string[] {
    const out = new Set<string>();
    for (const rel of this.files.keys()) for (let d = path.posix.dirname(rel); d !== '.'; d = path.posix.dirname(d)) out.add(d);
    return [...out].sort();
  }

  private randomDef(): Record<string, unknown> {
    const mon = (): string => this.pick(MONS);
    const item = (): string => this.pick(ITEMS);
    switch (this.int(16)) {
      case 0: case 1: {
        const extra: Record<string, unknown> = {};
        if (this.chance(0.3)) extra['copy-from'] = mon();
        if (this.chance(0.5)) extra.upgrades = { half_life: 3, into: mon() };
        if (this.chance(0.2)) extra.species = ['ZOMBIE'];
        if (this.chance(0.15)) extra['edit-mode'] = 'override';
        const m = monster(mon(), extra);
        if (this.chance(0.2)) delete m.hp;
        return m;
      }
      case 2: { const m: Record<string, unknown> = { type: 'MONSTER', id: mon(), 'copy-from': mon() }; if (this.chance(0.5)) m.upgrades = { half_life: 2, into: mon() }; return m; }
      case 3: return { type: 'MONSTER', id: mon(), 'edit-mode': 'modify', hp: 3 };
      case 4: return { type: 'MONSTER', abstract: 'mon_base_template', 'copy-from': mon(), hp: 2 };
      case 5: { const it: Record<string, unknown> = { type: 'GENERIC', id: item(), name: { str: 'i' } }; if (this.chance(0.3)) it['copy-from'] = item(); return it; }
      case 6: return { type: 'profession', id: this.pick(PROFS), name: 'P', description: 'd', points: 0, items: { both: [item()] }, pets: [mon()] };
      case 7: return { type: 'scenario', id: this.pick(SCENS), name: 'S', description: 'd', points: 0, start_name: 'x', professions: [this.pick(PROFS)] };
      case 8: {
        const r: Record<string, unknown> = { type: 'recipe', result: item(), category: 'CC_OTHER', subcategory: 'CSC_OTHER_OTHER', skill_used: 'tailor', difficulty: 1, time: '1 m', autolearn: true, qualities: [], tools: [], components: [[[item(), 1]]] };
        if (this.chance(0.3)) r.override = true;
        return r;
      }
      case 9: return { type: 'monstergroup', name: this.pick(GROUPS), default: mon(), monsters: [{ monster: mon(), freq: 10, cost_multiplier: 1 }] };
      // Effects on condition run by id, and written in place with an id (records/inlineDefinitions.ts).
      case 10: {
        const effect: unknown[] = [{ run_eocs: this.pick(EOCS) }];
        if (this.chance(0.5)) effect.push({ run_eocs: [{ id: this.pick(EOCS), effect: [{ run_eocs: this.pick(EOCS) }] }] });
        return { type: 'effect_on_condition', id: this.pick(EOCS), effect };
      }
      // Ids the game derives from an overmap terrain (ter_a_north), named by a city building.
      case 12: return { type: 'overmap_terrain', id: this.pick(TERS), name: 't', sym: 'x', color: 'red' };
      case 13: return { type: 'city_building', id: `bld_${this.int(3)}`, overmaps: [{ point: [0, 0, 0], overmap: this.pick(TERS) + this.pick(TER_FORMS) }] };
      // Palettes naming palettes (each may be named several times, or close a cycle), and the maps using them.
      case 14: {
        const named = Array.from({ length: this.int(4) }, () => (this.chance(0.3) ? { distribution: [[this.pick(PALS), 1], [this.pick(PALS), 2]] } : this.pick(PALS)));
        return { type: 'palette', id: this.pick(PALS), palettes: named, terrain: { [this.pick(MAP_KEYS)]: 't_floor' } };
      }
      case 15: {
        const row = (): string => this.pick(MAP_KEYS) + this.pick(MAP_KEYS);
        // Half-typed rows: an object or a number among them.
        const rows: unknown[] = [row(), row()];
        if (this.chance(0.3)) rows.splice(this.int(2), 0, this.chance(0.5) ? {} : 7);
        return { type: 'mapgen', method: 'json', nested_mapgen_id: `n_${this.int(3)}`, object: { mapgensize: [2, 2], palettes: [this.pick(PALS)], rows } };
      }
      default: return { type: 'MONSTER_FACTION', name: this.pick(['zombie', 'fac_x']), base_faction: 'zombie' };
    }
  }

  private randomContent(): string {
    const defs = Array.from({ length: 1 + this.int(3) }, () => this.randomDef());
    return contentText(defs, this.chance(0.2));
  }

  /** A modinfo.json text for a folder, maybe broken (trailing comma, no id, empty, not JSON, BOM). */
  private modinfoFor(folder: string, form: 'good' | 'broken' = 'good'): string {
    const m = this.mods.get(folder) ?? { id: this.pick(MODS), deps: ['dda'] };
    this.mods.set(folder, m);
    if (form === 'good') {
      const text = modinfoText(m.id, m.deps, this.chance(0.3) ? 'compact' : 'pretty');
      return this.chance(0.1) ? `\uFEFF${text}` : text;
    }
    const good = modinfoText(m.id, m.deps);
    switch (this.int(6)) {
      case 0: return good.replace('"content"', '"content",'); // trailing comma: still the mod
      case 1: return good.replace(/"id": "[^"]*",\n\s*/, ''); // no id
      case 2: return '';
      case 3: return good.slice(0, this.position(good, this.int(good.length)));
      case 4: return good.replace(`"id": "${m.id}"`, '"id": ""');
      default: return good.replace('"MOD_INFO"', '"MOD_INF"');
    }
  }

  private setText(rel: string, text: string | undefined): Change {
    if (text === undefined) this.files.delete(rel);
    else {
      this.files.set(rel, text);
      if (path.posix.basename(rel) !== 'modinfo.json' && parses(text)) this.lastGood.set(rel, text);
    }
    return { rel, text };
  }

  next(): Op {
    for (;;) {
      const op = this.attempt();
      if (op && op.changes.length > 0) return op;
    }
  }

  private attempt(): Op | undefined {
    const roll = this.random();
    const content = this.contentFiles();
    if (roll < 0.45 && content.length) return this.editContent(this.pick(content));
    if (roll < 0.60) return this.editModinfo();
    if (roll < 0.66) return this.newMod();
    if (roll < 0.70) return this.folderLeaves();
    if (roll < 0.74) return this.replaceFolder();
    if (roll < 0.78) return this.overmapTerrains();
    if (roll < 0.82) return this.moveFolder();
    if (roll < 0.86 && content.length) return this.renameFile(this.pick(content));
    if (roll < 0.93) return this.createFile();
    if (content.length) { const rel = this.pick(content); return { name: `delete ${rel}`, changes: [this.setText(rel, undefined)] }; }
    return undefined;
  }

  /**
   * `at`, or the position before it when it falls inside a surrogate pair: an editor never puts the cursor there,
   * and a lone surrogate written to disk comes back as U+FFFD, so that a fresh build would read another text.
   */
  private position(text: string, at: number): number {
    const high = text.charCodeAt(at - 1), low = text.charCodeAt(at);
    return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? at - 1 : at;
  }

  private editContent(rel: string): Op | undefined {
    const text = this.files.get(rel)!;
    const roll = this.int(12);
    let next: string | undefined;
    let name: string;
    switch (roll) {
      case 0: case 1: case 2: {
        const at = this.position(text, this.int(text.length + 1));
        if (this.chance(0.45)) { next = text.slice(0, at) + text.slice(this.position(text, Math.min(text.length, at + 1 + this.int(12)))); name = 'delete chars'; }
        else { next = text.slice(0, at) + this.pick(PIECES) + text.slice(at); name = 'insert chars'; }
        break;
      }
      case 3: case 4: {
        const tokens = [...text.matchAll(/"((mon|it|prof|scen|GROUP|EOC|ter)_[A-Za-z0-9_]*)"/g)];
        if (!tokens.length) return undefined;
        const t = this.pick(tokens);
        const to = this.pick(POOLS[t[2]] ?? MONS);
        next = text.slice(0, t.index! + 1) + to + text.slice(t.index! + 1 + t[1].length);
        name = `rename "${t[1]}" -> "${to}"`;
        break;
      }
      case 5: {
        const cf = /"copy-from": "[^"]*"/.exec(text);
        const to = this.pick([...MONS, ...ITEMS]);
        if (cf && this.chance(0.3)) { next = text.slice(0, cf.index) + '"copy-from": "mon_zombie"' + text.slice(cf.index + cf[0].length).replace(/^,?/, ','); name = 'copy-from changed'; break; }
        if (cf) { next = text.replace(/"copy-from": "[^"]*"/, `"copy-from": "${to}"`); name = `copy-from -> ${to}`; break; }
        const brace = text.indexOf('{');
        if (brace < 0) return undefined;
        next = `${text.slice(0, brace + 1)} "copy-from": "${to}",${text.slice(brace + 1)}`;
        name = `copy-from added ${to}`;
        break;
      }
      case 6: {
        const up = /,?\s*"upgrades": \{[^}]*\}/.exec(text);
        if (up && this.chance(0.5)) { next = text.slice(0, up.index) + text.slice(up.index + up[0].length); name = 'reference removed'; break; }
        const at = text.indexOf('"type": "MONSTER",');
        if (at < 0) return undefined;
        const into = this.pick(MONS);
        const ins = `"upgrades": { "half_life": 2, "into": "${into}" }, `;
        next = text.slice(0, at) + ins + text.slice(at);
        name = `reference added ${into}`;
        break;
      }
      case 7: {
        const bracket = text.indexOf('[');
        const at = bracket < 0 ? 0 : bracket + 1;
        // A definition inserted first moves every other one, unchanged, to the next index.
        if (bracket >= 0 && this.chance(0.5)) { next = `${text.slice(0, at)}${JSON.stringify(this.randomDef())},${text.slice(at)}`; name = 'definition inserted at the top'; break; }
        next = `${text.slice(0, at)}${'\n'.repeat(1 + this.int(4))}${text.slice(at)}`;
        name = 'lines inserted at the top';
        break;
      }
      case 8: {
        const good = this.lastGood.get(rel);
        if (good === undefined || good === text) return undefined;
        next = good;
        name = 'repaired';
        break;
      }
      case 9: next = this.randomContent(); name = 'rewritten'; break;
      case 10: next = text.charCodeAt(0) === 0xfeff ? text.slice(1) : `\uFEFF${text}`; name = 'BOM toggled'; break;
      default: {
        // Two edits of the same file, one after the other (typing): a pair of steps as one op is not a thing;
        // instead a truncation, as a file being written.
        next = text.slice(0, this.position(text, this.int(text.length)));
        name = 'truncated';
      }
    }
    return { name: `${rel}: ${name}`, changes: [this.setText(rel, next)] };
  }

  private editModinfo(): Op | undefined {
    const folders = [...new Set([...this.mods.keys(), ...this.modinfoFiles().map((r) => path.posix.dirname(r))])].filter((f) => this.folders().includes(f) || this.files.has(`${f}/modinfo.json`));
    if (!folders.length) return undefined;
    const folder = this.pick(folders);
    const rel = `${folder}/modinfo.json`;
    const exists = this.files.has(rel);
    const m = this.mods.get(folder) ?? { id: this.pick(MODS), deps: ['dda'] };
    this.mods.set(folder, m);
    if (!exists) return { name: `${rel}: recreated`, changes: [this.setText(rel, this.modinfoFor(folder))] };
    switch (this.int(7)) {
      case 0: m.id = this.pick(MODS); return { name: `${rel}: id -> ${m.id}`, changes: [this.setText(rel, this.modinfoFor(folder))] };
      case 1: case 2: {
        const deps = ['dda', ...MODS.filter(() => this.chance(0.3))];
        if (this.chance(0.1)) deps.push('no_such_mod');
        if (this.chance(0.1)) deps.shift();
        m.deps = deps;
        return { name: `${rel}: dependencies -> ${deps.join(',')}`, changes: [this.setText(rel, this.modinfoFor(folder))] };
      }
      case 3: return { name: `${rel}: broken`, changes: [this.setText(rel, this.modinfoFor(folder, 'broken'))] };
      case 4: return { name: `${rel}: repaired`, changes: [this.setText(rel, this.modinfoFor(folder))] };
      case 5: return { name: `${rel}: deleted`, changes: [this.setText(rel, undefined)] };
      default: {
        const text = this.files.get(rel)!;
        const at = this.position(text, this.int(text.length + 1));
        return { name: `${rel}: typed`, changes: [this.setText(rel, text.slice(0, at) + this.pick(PIECES) + text.slice(at))] };
      }
    }
  }

  private newMod(): Op | undefined {
    const existing = new Set(this.folders());
    const nested = this.chance(0.15);
    const base = nested ? `${this.pick(TOP.filter((t) => existing.has(t)).concat('ma'))}/${this.pick(SUBFOLDERS)}` : this.pick(TOP.filter((t) => !existing.has(t)).concat(`mx${this.fresh++}`));
    this.mods.set(base, { id: this.pick(MODS), deps: ['dda', ...MODS.filter(() => this.chance(0.25))] });
    const changes = [this.setText(`${base}/modinfo.json`, this.modinfoFor(base))];
    const n = this.int(3);
    for (let i = 0; i < n; i++) changes.push(this.setText(`${base}/${this.pick(FILE_NAMES)}`, this.randomContent()));
    return { name: `new mod folder ${base}`, changes: dedupe(changes) };
  }

  private folderLeaves(): Op | undefined {
    const folders = this.folders();
    if (!folders.length) return undefined;
    const folder = this.pick(folders);
    const changes = [...this.files.keys()].filter((r) => r.startsWith(`${folder}/`)).map((r) => this.setText(r, undefined));
    return { name: `folder ${folder} deleted`, changes };
  }

  /**
   * A folder deleted and created again in one batch (a `git checkout`, an `rm -rf` and a copy): every file's
   * deletion, then the files written again, one of them maybe changed and one maybe left out. Not deduplicated:
   * a file's last change is what the disk holds.
   */
  private replaceFolder(): Op | undefined {
    const folders = this.folders();
    if (!folders.length) return undefined;
    const folder = this.pick(folders);
    const inside = [...this.files.keys()].filter((r) => r.startsWith(`${folder}/`));
    const texts = new Map(inside.map((r) => [r, this.files.get(r)!]));
    const changes = inside.map((r) => this.setText(r, undefined));
    const changed = this.chance(0.4) ? this.pick(inside) : undefined;
    const left = this.chance(0.15) ? this.pick(inside) : undefined;
    for (const [r, text] of texts) {
      if (r === left) continue;
      const modinfo = path.posix.basename(r) === 'modinfo.json';
      changes.push(this.setText(r, r !== changed ? text : modinfo ? this.modinfoFor(path.posix.dirname(r)) : this.randomContent()));
    }
    return { name: `folder ${folder} deleted and created again${changed ? ` (${changed} changed)` : ''}${left ? ` (without ${left})` : ''}`, changes };
  }

  /**
   * Overmap terrains and the ids the game derives from them (ter_a_north: registry derivedIds): a terrain
   * defined, a city building naming one of its rotations, or a file defining terrains deleted.
   */
  private overmapTerrains(): Op | undefined {
    const folders = this.folders();
    if (!folders.length) return undefined;
    const defining = this.contentFiles().filter((r) => this.files.get(r)!.includes('"overmap_terrain"'));
    const roll = this.int(3);
    if (roll === 0 || !defining.length) {
      const rel = `${this.pick(folders)}/terrains.json`;
      return { name: `${rel}: terrain defined`, changes: [this.setText(rel, contentText([{ type: 'overmap_terrain', id: this.pick(TERS), name: 't', sym: 'x', color: 'red' }]))] };
    }
    if (roll === 1) {
      // Mostly a rotation of a terrain defined beside it (the same mod sees it): what removing it must report.
      const beside = this.chance(0.8) ? this.pick(defining) : undefined;
      const defined = beside ? [...this.files.get(beside)!.matchAll(/"id": ?"(ter_[a-z]+)"/g)].map((m) => m[1]) : [];
      const rel = `${beside ? path.posix.dirname(beside) : this.pick(folders)}/buildings.json`;
      const named = this.pick(defined.length ? defined : TERS) + this.pick(TER_FORMS.slice(1));
      return { name: `${rel}: ${named} named`, changes: [this.setText(rel, contentText([{ type: 'city_building', id: `bld_${this.int(3)}`, overmaps: [{ point: [0, 0, 0], overmap: named }] }]))] };
    }
    // Mostly every file defining a terrain whose rotation a city building names (one batch): the rotation is gone.
    const named = this.contentFiles().flatMap((r) => [...this.files.get(r)!.matchAll(/"overmap": ?"(ter_[a-z]+)_/g)].map((m) => m[1]));
    if (named.length && this.chance(0.8)) {
      const id = this.pick(named);
      const gone = defining.filter((r) => new RegExp(`"id": ?"${id}"`).test(this.files.get(r)!));
      if (gone.length) return { name: `files defining ${id} deleted`, changes: gone.map((r) => this.setText(r, undefined)) };
    }
    const rel = this.pick(defining);
    return { name: `${rel} (defining terrains) deleted`, changes: [this.setText(rel, undefined)] };
  }

  private moveFolder(): Op | undefined {
    const folders = this.folders();
    if (!folders.length) return undefined;
    const from = this.pick(folders);
    const to = this.chance(0.5) ? `${this.pick(TOP)}/${this.pick(SUBFOLDERS)}` : this.pick([...TOP, `mx${this.fresh++}`]);
    if (to === from || to.startsWith(`${from}/`) || from.startsWith(`${to}/`)) return undefined;
    const moved = [...this.files.keys()].filter((r) => r.startsWith(`${from}/`));
    const changes: Change[] = [];
    for (const r of moved) {
      const text = this.files.get(r)!;
      changes.push(this.setText(r, undefined));
      changes.push(this.setText(to + r.slice(from.length), text));
    }
    if (this.mods.has(from)) this.mods.set(to, this.mods.get(from)!);
    return { name: `folder ${from} moved to ${to}`, changes: dedupe(changes) };
  }

  private renameFile(rel: string): Op | undefined {
    const dir = this.chance(0.7) ? path.posix.dirname(rel) : this.pick(this.folders());
    const to = `${dir}/${this.pick(FILE_NAMES)}`;
    if (to === rel) return undefined;
    const text = this.files.get(rel)!;
    return { name: `${rel} renamed to ${to}`, changes: dedupe([this.setText(rel, undefined), this.setText(to, text)]) };
  }

  private createFile(): Op | undefined {
    const folders = this.folders();
    const dir = this.chance(0.05) ? '' : this.chance(0.2) ? `${this.pick(folders)}/${this.pick(SUBFOLDERS)}` : this.pick(folders);
    const rel = `${dir ? `${dir}/` : ''}${this.pick(FILE_NAMES)}`;
    return { name: `${rel} created`, changes: [this.setText(rel, this.randomContent())] };
  }
}

function parses(text: string): boolean {
  try { JSON.parse(stripBom(text)); return true; } catch { return false; }
}

/** The last change of each path wins (a file moved onto itself...). */
function dedupe(changes: Change[]): Change[] {
  const last = new Map<string, Change>();
  for (const c of changes) { last.delete(c.rel); last.set(c.rel, c); }
  return [...last.values()];
}

// ------------------------------------------------------------------------------------------------ checking

let sharedGame: string | undefined;
/** The game folder (MINI_CORE), written once per process; nothing writes to it. */
export function gameFolder(): string {
  return (sharedGame ??= writeTree(MINI_CORE));
}

function diagText(ws: string, d: Diagnostic): string {
  const rel = (p: string): string => (p.startsWith(ws) ? `<ws>${p.slice(ws.length)}` : p);
  const related = (d.related ?? []).map((r) => ` [${rel(r.path)}@${r.start}-${r.end} ${r.message}]`).join('');
  const fixes = d.fixes?.length ? ` fixes=${JSON.stringify(d.fixes)}` : '';
  return `${d.start}-${d.end} ${d.severity} ${d.basis} ${d.code} ${d.message}${related}${fixes}`;
}

interface Snapshot { readonly reported: string[]; readonly diagnostics: Map<string, string[]>; readonly defs: string[] }

function snapshot(project: Project, ws: string): Snapshot {
  const reported = project.reportedFiles().map((f) => f.path).sort();
  const diagnostics = new Map<string, string[]>();
  for (const p of reported) diagnostics.set(p, project.diagnostics(p).map((d) => diagText(ws, d)).sort());
  const defs: string[] = [];
  for (const kind of project.defs.kinds()) {
    for (const [id, records] of project.defs.entries(kind)) for (const r of records) defs.push(`${kind}:${id} @${r.source.path.replace(ws, '<ws>')}#${r.index} (${r.source.modId})`);
  }
  return { reported, diagnostics, defs: defs.sort() };
}

/** What `a` has more of than `b` (an item `a` lists twice and `b` once is one of them). */
function surplus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  return a.filter((x) => { const n = left.get(x) ?? 0; left.set(x, n - 1); return n <= 0; });
}

function firstDifference(a: readonly string[], b: readonly string[]): string {
  const extra = surplus(a, b);
  const missing = surplus(b, a);
  if (!extra.length && !missing.length) return `same items, other order`;
  return [...extra.slice(0, 6).map((x) => `  + ${x}`), ...missing.slice(0, 6).map((x) => `  - ${x}`)].join('\n');
}

/** A workspace folder on disk, a project kept up to date by updates, and a simulated client's published lists. */
class Run {
  readonly ws = fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-trust-'));
  readonly project: Project;
  /** path -> the diagnostics last "published" (only re-published when an update returns the path). */
  readonly published = new Map<string, string[]>();

  constructor(initial: readonly Change[], private readonly options: TrustOptions) {
    for (const c of initial) this.write(c);
    this.project = options.warmStart ? this.warmProject() : this.newProject();
    if (!options.warmStart) this.project.load();
    for (const f of this.project.reportedFiles()) this.publish(f.path);
  }

  /** `once`: as the CLI makes it (analysed on loading, kept for one check: see ProjectOptions.forOneCheck). */
  private newProject(cache?: CacheOptions, once = false): Project {
    return new Project({ gamePath: gameFolder(), roots: [this.ws], gameVersion: this.options.gameVersion, cache, ...(once ? { checkedAfterLoad: () => true, forOneCheck: true } : {}) });
  }

  /** A project loaded from a cache written by a cold load before it. */
  private warmProject(): Project {
    const cache = { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'cdda-trust-cache-')) };
    const cold = this.newProject(cache);
    cold.load();
    writeCacheSync(finish(cold.saveCacheSteps())!);
    const warm = this.newProject(cache);
    warm.load();
    fs.rmSync(cache.dir, { recursive: true, force: true });
    if (!warm.cacheUse()?.hits) throw new Error('the warm start took nothing from the cache');
    return warm;
  }

  abs(rel: string): string {
    return path.join(this.ws, ...rel.split('/'));
  }

  private write(c: Change): void {
    const p = this.abs(c.rel);
    if (c.text === undefined) {
      // A file deleted, and its folders when that left them empty (a folder moved or deleted leaves nothing).
      fs.rmSync(p, { force: true });
      for (let d = path.dirname(p); d !== this.ws && d.startsWith(this.ws); d = path.dirname(d)) {
        try { fs.rmdirSync(d); } catch { break; }
      }
      return;
    }
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, c.text);
  }

  private publish(p: string): void {
    const list = this.project.diagnostics(p).map((d) => diagText(this.ws, d)).sort();
    if (list.length) this.published.set(p, list); else this.published.delete(p);
  }

  /** Applies one op; returns a description of how the project then differs from a fresh build, if it does. */
  step(op: Op): string | undefined {
    for (const c of op.changes) this.write(c);
    // The server gives the project the editor's or the disk's text: without a byte order mark.
    const changes = op.changes.map((c) => ({ path: this.abs(c.rel), text: c.text === undefined ? undefined : stripBom(c.text) }));
    let affected: string[];
    try {
      affected = changes.length === 1 ? this.project.updateFile(changes[0].path, changes[0].text) : this.project.updateFiles(changes);
      for (const p of affected) this.publish(p);
    } catch (err) {
      return `update threw: ${(err as Error).stack ?? String(err)}`;
    }
    return this.compare();
  }

  private compare(): string | undefined {
    const fresh = this.newProject();
    let want: Snapshot, got: Snapshot;
    try { fresh.load(); want = snapshot(fresh, this.ws); } catch (err) { return `fresh build threw: ${(err as Error).stack}`; }
    try { got = snapshot(this.project, this.ws); } catch (err) { return `incremental diagnostics threw: ${(err as Error).stack}`; }
    const rel = (p: string): string => p.slice(this.ws.length + 1);
    if (got.reported.join('\n') !== want.reported.join('\n')) return `reported files differ (+ incremental only, - fresh only):\n${firstDifference(got.reported.map(rel), want.reported.map(rel))}`;
    for (const p of want.reported) {
      const g = got.diagnostics.get(p)!, w = want.diagnostics.get(p)!;
      if (g.join('\n') !== w.join('\n')) return `diagnostics of ${rel(p)} differ (+ incremental, - fresh):\n${firstDifference(g, w)}`;
    }
    if (got.defs.join('\n') !== want.defs.join('\n')) return `index differs (+ incremental, - fresh):\n${firstDifference(got.defs, want.defs)}`;
    for (const p of new Set([...this.published.keys(), ...want.reported])) {
      const g = this.published.get(p) ?? [], w = want.diagnostics.get(p) ?? [];
      if (g.join('\n') !== w.join('\n')) return `published diagnostics of ${rel(p)} are stale (the update did not return it) (+ published, - fresh):\n${firstDifference(g, w)}`;
    }
    // The CLI's build (records analysed on loading, nothing kept for edits) finds the same.
    let once: Snapshot;
    try { const p = this.newProject(undefined, true); p.load(); once = snapshot(p, this.ws); } catch (err) { return `one-check build threw: ${(err as Error).stack}`; }
    for (const p of want.reported) {
      const o = once.diagnostics.get(p) ?? [], w = want.diagnostics.get(p)!;
      if (o.join('\n') !== w.join('\n')) return `diagnostics of ${rel(p)} differ in a build for one check (+ one check, - fresh):\n${firstDifference(o, w)}`;
    }
    if (once.reported.join('\n') !== want.reported.join('\n') || once.defs.join('\n') !== want.defs.join('\n')) return 'a build for one check indexes other files or definitions';
    return undefined;
  }

  dispose(): void {
    fs.rmSync(this.ws, { recursive: true, force: true });
  }
}

/** Replays `ops` from INITIAL, checking after each; the first mismatch, if any. */
export function replay(ops: readonly Op[], options: TrustOptions = {}, initial: readonly Change[] = INITIAL): Mismatch | undefined {
  const run = new Run(initial, options);
  try {
    for (let i = 0; i < ops.length; i++) {
      const what = run.step(ops[i]);
      if (what) return { step: i, op: ops[i], what };
    }
    return undefined;
  } finally {
    run.dispose();
  }
}

/** Delta debugging (ddmin): a shorter sequence that still gives a mismatch. */
export function minimize(ops: readonly Op[], options: TrustOptions = {}, budgetMs = 60_000): Op[] {
  const deadline = Date.now() + budgetMs;
  const fails = (xs: readonly Op[]): boolean => replay(xs, options) !== undefined;
  let cur = [...ops];
  let n = 2;
  while (cur.length >= 2 && Date.now() < deadline) {
    const size = Math.ceil(cur.length / n);
    let reduced = false;
    for (let i = 0; i < cur.length && Date.now() < deadline; i += size) {
      const without = [...cur.slice(0, i), ...cur.slice(i + size)];
      if (without.length && fails(without)) { cur = without; n = Math.max(n - 1, 2); reduced = true; break; }
    }
    if (!reduced) {
      if (size === 1) break;
      n = Math.min(n * 2, cur.length);
    }
  }
  return cur;
}

export interface SeedResult {
  readonly seed: number;
  readonly steps: number;
  readonly mismatch?: Mismatch;
  /** The operations up to the mismatch, minimized. */
  readonly minimized?: Op[];
}

/** `steps` random operations from `seed`, checked after each; on a mismatch, the minimized sequence. */
export function runSeed(seed: number, steps: number, options: TrustOptions = {}, minimizeBudgetMs = 60_000): SeedResult {
  const gen = new OpGenerator(rng(seed));
  const run = new Run(INITIAL, options);
  const ops: Op[] = [];
  try {
    for (let i = 0; i < steps; i++) {
      const op = gen.next();
      ops.push(op);
      const what = run.step(op);
      if (what) {
        const mismatch = { step: i, op, what };
        return { seed, steps: i + 1, mismatch, minimized: minimize(ops, options, minimizeBudgetMs) };
      }
    }
    return { seed, steps };
  } finally {
    run.dispose();
  }
}

/** A report of a failed seed: the seed, the step, what differed, and the minimized operations to replay. */
export function describeFailure(r: SeedResult, options: TrustOptions = {}): string {
  if (!r.mismatch) return `seed ${r.seed}: ${r.steps} steps, no mismatch`;
  const lines = [`seed ${r.seed}${options.gameVersion ? ` (game version ${options.gameVersion})` : ''}${options.warmStart ? ' (warm start)' : ''}: mismatch at step ${r.mismatch.step} (${r.mismatch.op.name})`, r.mismatch.what];
  if (r.minimized) {
    const again = replay(r.minimized, options);
    lines.push(`minimized to ${r.minimized.length} op(s)${again ? `, which fail at step ${again.step}: ${again.what.split('\n')[0]}` : ''}:`);
    r.minimized.forEach((op, i) => {
      lines.push(`  ${i}. ${op.name}`);
      for (const c of op.changes) lines.push(`       ${c.rel} = ${c.text === undefined ? '(deleted)' : JSON.stringify(c.text)}`);
    });
  }
  return lines.join('\n');
}
