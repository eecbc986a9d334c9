/**
 * Single-mistake copies of the real 0.F mods: for each type family, definitions of the shipped mods with exactly
 * one mutation each (a member misspelt, a wrong JSON type, a bad unit, a reference to a missing id or to an id
 * of the wrong kind, a duplicate id, a value outside its set). The same seed and game data give the same
 * mistakes, so the game's verdicts (scripts/record-verdicts.mjs -> test/recall/verdicts-0.F.json) and our own
 * (test/engine/recall.test.ts) are about the very same texts.
 *
 * A mistake is a minimal text edit of one file (the rest of the file is byte for byte the original), so its
 * place is known exactly: `at` is the range of the member, value or definition it changed, in the mutated text.
 */
import * as fs from 'fs';
import * as path from 'path';
import { applyEdits, findNodeAtLocation, modify, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { rng as rngOf } from '../helpers/trust';

export type MistakeKind = 'unknown-member' | 'wrong-type' | 'bad-unit' | 'missing-id' | 'wrong-kind-id' | 'duplicate-id' | 'invalid-enum';

export interface Mistake {
  /** Unique and stable: family/kind/mod/file#pointer. */
  readonly name: string;
  readonly family: string;
  readonly type: string;
  /** The mod's folder name under mods/. */
  readonly mod: string;
  /** The file, relative to the mod's folder. */
  readonly file: string;
  /** The definition's id (or name, or recipe result) in the original file. */
  readonly id: string;
  /** JSON pointer (RFC 6901) of the changed member or value in the mutated file. */
  readonly pointer: string;
  readonly kind: MistakeKind;
  readonly description: string;
  /** The edit: replace original[offset, offset + length) with content. */
  readonly edit: { readonly offset: number; readonly length: number; readonly content: string };
  /** Where the mistake is in the mutated text (UTF-16 offsets). */
  readonly at: { readonly start: number; readonly end: number };
}

export const DEFAULT_SEED = 20240610;
/** Mistakes per family (more when a family has more kinds of slot than this). */
const PER_FAMILY = 15;
const MAX_PER_FAMILY = 20;
/** References are most of a modder's mistakes: twice the share; a duplicate or a unit has fewer variants. */
const KIND_WEIGHT: Partial<Record<MistakeKind, number>> = { 'missing-id': 2 };
const KIND_CAP: Partial<Record<MistakeKind, number>> = { 'duplicate-id': 2, 'bad-unit': 3, 'wrong-type': 4, 'unknown-member': 4 };

/**
 * Mods not mutated: tilesets and overmap graphics (no definitions worth it), and the largest ones, whose game
 * check takes several times as long as the others' (their families are all in smaller mods too).
 */
const SKIPPED_MODS = new Set(['DinoMod', 'More_Locations', 'Chibi_Ultica', 'alt_map_key', 'Graphical_Overmap', 'Graphical_Overmap_FujiStruct', 'Graphical_Overmap_Magiclysm', 'Graphical_Overmap_More_Locations', 'Graphical_Overmap_Urban_Development']);

type Segment = string | number;
type Op = { readonly op: 'rename'; readonly to: string } | { readonly op: 'set'; readonly value: unknown } | { readonly op: 'duplicate' };

interface Candidate {
  /** The family's variety: `kind:what`, e.g. `missing-id:flags`; selection spreads over slots. */
  readonly slot: string;
  readonly kind: MistakeKind;
  /** Path inside the definition. */
  readonly path: readonly Segment[];
  readonly op: Op;
  readonly description: string;
}

interface Definition {
  readonly mod: string;
  readonly file: string;
  readonly index: number;
  readonly id: string;
  readonly type: string;
  readonly value: Record<string, unknown>;
}

// ------------------------------------------------------------------------------------------ randomness

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}


const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

// ------------------------------------------------------------------------------------------ the data

/** Every string and member name of the game's data: a typo must be none of them (not a real id or member). */
interface Vocabulary {
  readonly words: Set<string>;
}

function readJson(file: string): unknown {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return undefined; }
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

function collectWords(value: unknown, words: Set<string>): void {
  if (typeof value === 'string') words.add(value);
  else if (Array.isArray(value)) for (const v of value) collectWords(v, words);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { words.add(k); collectWords(v, words); }
}

function definitionId(o: Record<string, unknown>, index: number): string {
  for (const key of ['id', 'abstract', 'name', 'om_terrain', 'nested_mapgen_id', 'update_mapgen_id'] as const) {
    const v = o[key];
    if (key === 'name' && o.type !== 'monstergroup') continue;
    if (typeof v === 'string') return v;
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  }
  if (typeof o.result === 'string') return typeof o.id_suffix === 'string' ? `${o.result}_${o.id_suffix}` : o.result;
  return `#${index}`;
}

// ------------------------------------------------------------------------------------------ mutations

/** A misspelling of `word` that is no word of the data (a swap, a dropped, doubled or changed letter). */
function typoOf(word: string, rng: () => number, vocabulary: Vocabulary): string | undefined {
  const letters = 'aeiounrst';
  for (let attempt = 0; attempt < 40; attempt++) {
    const i = 1 + Math.floor(rng() * Math.max(1, word.length - 1));
    let t: string;
    switch (Math.floor(rng() * 4)) {
      case 0: t = i < word.length - 1 ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word; break;
      case 1: t = word.length > 3 ? word.slice(0, i) + word.slice(i + 1) : word; break;
      case 2: t = word.slice(0, i) + word[i - 1] + word.slice(i); break;
      default: {
        const c = word[i] ?? '';
        const same = c === c.toUpperCase() && c !== c.toLowerCase();
        const r = pick(rng, [...letters]);
        t = word.slice(0, i) + (same ? r.toUpperCase() : r) + word.slice(i + 1);
      }
    }
    if (t !== word && !vocabulary.words.has(t) && !vocabulary.words.has(t.toLowerCase()) && !vocabulary.words.has(t.toUpperCase())) return t;
  }
  return undefined;
}

/** Ids of the base game of another kind than the one expected, for `wrong-kind-id`. */
const WRONG_KIND: Record<string, string> = {
  item: 'mon_zombie', item_group: 'rock', monster: 'rock', monstergroup: 'mon_zombie', terrain: 'f_chair', furniture: 't_floor',
  trait: 'downed', effect: 'FLEET', skill: 'rock', material: 'rock', spell: 'mon_zombie', requirement: 'rock', harvest: 'rock',
  species: 'mon_zombie', profession: 'FLEET', start_location: 't_floor', palette: 'rock', mutation_category: 'rock',
  ammunition_type: 'mon_zombie', quality: 'rock', body_part: 'rock', field: 'rock', faction: 'rock',
};

const BAD_UNITS: Record<string, readonly string[]> = {
  g: ['gr', 'gm', 'G'], kg: ['kgs', 'KG', 'Kg'], mg: ['mgs', 'MG'], ml: ['mL', 'mls', 'ML'], L: ['l', 'Ltr', 'ltr'],
  s: ['sec', 'secs'], m: ['min', 'mins', 'mn'], h: ['hr', 'hrs'], d: ['dy', 'dys'], turns: ['trns'], kJ: ['KJ', 'kj'], J: ['j'], mJ: ['mj'],
  minutes: ['minuts'], hours: ['hour s'], seconds: ['secnds'], days: ['dais'], USD: ['usd', '$'], cent: ['cents', 'ct'], kUSD: ['KUSD'],
  cm: ['CM', 'cms'], mm: ['MM'], meter: ['metre'], km: ['KM'],
};
const QUANTITY = /^(-?\d+(?:\.\d+)?)\s*([A-Za-z]+)$/;

type Builder = (def: Definition, c: Candidates) => void;

/** What a family's builders say about one definition: its candidate mistakes. */
class Candidates {
  readonly list: Candidate[] = [];
  constructor(readonly def: Definition, private readonly seed: number, private readonly vocabulary: Vocabulary) {}

  private rng(what: string): () => number {
    return rngOf(hash(`${this.seed}|${this.def.mod}|${this.def.file}|${this.def.index}|${what}`));
  }

  private add(slot: string, kind: MistakeKind, p: readonly Segment[], op: Op, description: string): void {
    this.list.push({ slot: `${kind}:${slot}`, kind, path: p, op, description });
  }

  /** The value at `p` inside the definition. */
  at(p: readonly Segment[]): unknown {
    let v: unknown = this.def.value;
    for (const s of p) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[s as string] : undefined;
    return v;
  }

  /** A top-level (or nested, under `base`) member renamed to a misspelling. */
  unknownMember(base: readonly Segment[] = [], slot = 'top', skip: readonly string[] = []): void {
    const o = this.at(base);
    if (!o || typeof o !== 'object' || Array.isArray(o)) return;
    const keys = Object.keys(o).filter((k) => !k.startsWith('//') && !['id', 'type', 'abstract', 'copy-from', 'name', 'result', 'om_terrain', 'nested_mapgen_id', 'update_mapgen_id', 'method', 'object', ...skip].includes(k));
    if (!keys.length) return;
    const rng = this.rng(`member:${base.join('.')}`);
    const key = pick(rng, keys.sort());
    const to = typoOf(key, rng, this.vocabulary);
    if (to) this.add(slot, 'unknown-member', [...base, key], { op: 'rename', to }, `member "${key}" misspelt "${to}"`);
  }

  /** The string at `p` (or a random string element when it is an array) misspelt: an id nothing defines. */
  missingId(p: readonly Segment[], slot: string, what: string): void {
    const target = this.stringAt(p, `missing:${p.join('.')}`);
    if (!target) return;
    const to = typoOf(target.value, this.rng(`typo:${target.path.join('.')}`), this.vocabulary);
    if (to) this.add(slot, 'missing-id', target.path, { op: 'set', value: to }, `${what} "${target.value}" misspelt "${to}"`);
  }

  /** As missingId, for a closed set of values (flags, colors, enum members). */
  invalidEnum(p: readonly Segment[], slot: string, what: string): void {
    const target = this.stringAt(p, `enum:${p.join('.')}`);
    if (!target) return;
    const to = typoOf(target.value, this.rng(`enum:${target.path.join('.')}`), this.vocabulary);
    if (to) this.add(slot, 'invalid-enum', target.path, { op: 'set', value: to }, `${what} "${target.value}" misspelt "${to}"`);
  }

  /** The id at `p` replaced by a real id of another kind. */
  wrongKind(p: readonly Segment[], slot: string, expected: keyof typeof WRONG_KIND): void {
    const target = this.stringAt(p, `kind:${p.join('.')}`);
    if (!target || target.value === WRONG_KIND[expected]) return;
    this.add(slot, 'wrong-kind-id', target.path, { op: 'set', value: WRONG_KIND[expected] }, `${expected} "${target.value}" replaced by "${WRONG_KIND[expected]}", an id of another kind`);
  }

  /** The value at `p` replaced by one of another JSON type (a number as a string, a string as a number...). */
  wrongType(p: readonly Segment[], slot: string): void {
    const v = this.at(p);
    let to: unknown;
    if (typeof v === 'number') to = String(v);
    else if (typeof v === 'boolean') to = v ? 'true' : 'false';
    else if (typeof v === 'string') to = QUANTITY.test(v) || /^\d/.test(v) ? true : 7;
    else if (Array.isArray(v)) to = v.length && typeof v[0] === 'string' ? 12 : 'none';
    else if (v && typeof v === 'object') to = 3;
    else return;
    this.add(slot, 'wrong-type', p, { op: 'set', value: to }, `"${p.join('.')}" ${JSON.stringify(v)?.slice(0, 40)} changed to ${JSON.stringify(to)}`);
  }

  /** A quantity string at `p` given a unit the game does not have. */
  badUnit(p: readonly Segment[], slot: string): void {
    const v = this.at(p);
    if (typeof v !== 'string') return;
    const m = QUANTITY.exec(v.trim());
    if (!m || !BAD_UNITS[m[2]]) return;
    const rng = this.rng(`unit:${p.join('.')}`);
    const to = `${m[1]} ${pick(rng, BAD_UNITS[m[2]])}`;
    this.add(slot, 'bad-unit', p, { op: 'set', value: to }, `"${p.join('.')}" "${v}" written "${to}"`);
  }

  /** The whole definition written twice in its file. */
  duplicate(): void {
    this.add('definition', 'duplicate-id', [], { op: 'duplicate' }, `definition "${this.def.id}" written twice`);
  }

  /** The string at p, or one string element of the array at p (elements that are [id, n] pairs: their id). */
  private stringAt(p: readonly Segment[], what: string): { path: Segment[]; value: string } | undefined {
    const v = this.at(p);
    if (typeof v === 'string' && v) return { path: [...p], value: v };
    if (!Array.isArray(v) || !v.length) return undefined;
    const options: { path: Segment[]; value: string }[] = [];
    v.forEach((e, i) => {
      if (typeof e === 'string' && e) options.push({ path: [...p, i], value: e });
      else if (Array.isArray(e) && typeof e[0] === 'string' && e[0]) options.push({ path: [...p, i, 0], value: e[0] });
    });
    return options.length ? pick(this.rng(what), options) : undefined;
  }
}

// ------------------------------------------------------------------------------------------ helpers over shapes

/** Paths of the object elements of an array at p. */
function objectsIn(c: Candidates, p: readonly Segment[]): Segment[][] {
  const v = c.at(p);
  return Array.isArray(v) ? v.flatMap((e, i) => (e && typeof e === 'object' && !Array.isArray(e) ? [[...p, i]] : [])) : [];
}

/** Paths of the [id, n] alternatives of a requirement list (components, tools): [[["a", 1], ["b", 1]], ...]. */
function alternatives(c: Candidates, p: readonly Segment[]): Segment[][] {
  const v = c.at(p);
  const out: Segment[][] = [];
  if (Array.isArray(v)) v.forEach((group, i) => { if (Array.isArray(group)) group.forEach((alt, j) => { if (Array.isArray(alt) && typeof alt[0] === 'string' && alt[2] !== 'LIST') out.push([...p, i, j, 0]); }); });
  return out;
}

/** One of `paths`, chosen by the definition's seed (so a builder adds one candidate per member, not per element). */
function onePath(c: Candidates, paths: readonly Segment[][], what: string): Segment[] | undefined {
  if (!paths.length) return undefined;
  return paths[hash(`${c.def.mod}|${c.def.file}|${c.def.index}|${what}`) % paths.length];
}

/** Item group entries of an inline or top-level group: [path of the entry object, its member]. */
function groupEntries(c: Candidates, base: readonly Segment[]): { item: Segment[][]; group: Segment[][]; objects: Segment[][] } {
  const out = { item: [] as Segment[][], group: [] as Segment[][], objects: [] as Segment[][] };
  for (const key of ['items', 'entries', 'groups']) {
    const list = c.at([...base, key]);
    if (!Array.isArray(list)) continue;
    list.forEach((e, i) => {
      if (typeof e === 'string') (key === 'groups' ? out.group : out.item).push([...base, key, i]);
      else if (Array.isArray(e) && typeof e[0] === 'string') (key === 'groups' ? out.group : out.item).push([...base, key, i, 0]);
      else if (e && typeof e === 'object') {
        const o = e as Record<string, unknown>;
        if (typeof o.item === 'string') out.item.push([...base, key, i, 'item']);
        if (typeof o.group === 'string') out.group.push([...base, key, i, 'group']);
        out.objects.push([...base, key, i]);
      }
    });
  }
  return out;
}

const ITEM_TYPES = ['AMMO', 'ARMOR', 'BOOK', 'COMESTIBLE', 'GENERIC', 'GUN', 'GUNMOD', 'MAGAZINE', 'TOOL', 'TOOL_ARMOR', 'BIONIC_ITEM', 'ENGINE', 'WHEEL', 'PET_ARMOR', 'TOOLMOD'];

function each(c: Candidates, paths: readonly Segment[][], what: string, f: (p: Segment[]) => void): void {
  const p = onePath(c, paths, what);
  if (p) f(p);
}

// ------------------------------------------------------------------------------------------ the families

interface Family {
  readonly name: string;
  readonly types: readonly string[];
  readonly build: Builder;
  /** Slots (`kind:what`) every draw includes. */
  readonly required?: readonly string[];
}

const FAMILIES: readonly Family[] = [
  {
    name: 'items', types: ITEM_TYPES, required: ['bad-unit:weight', 'bad-unit:volume', 'unknown-member:top', 'duplicate-id:definition'], build: (d, c) => {
      c.unknownMember();
      c.badUnit(['weight'], 'weight');
      c.badUnit(['volume'], 'volume');
      c.badUnit(['price'], 'price');
      for (const m of ['to_hit', 'bashing', 'cutting', 'material', 'symbol', 'price', 'flags', 'stack_size']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      c.duplicate();
      c.missingId(['material'], 'material', 'material');
      c.wrongKind(['material'], 'material', 'material');
      c.missingId(['ammo'], 'ammo', 'ammunition type');
      c.wrongKind(['ammo'], 'ammo', 'ammunition_type');
      c.missingId(['looks_like'], 'looks_like', 'item');
      c.missingId(['category'], 'category', 'item category');
      c.missingId(['skill'], 'skill', 'skill');
      each(c, (c.at(['qualities']) as unknown[] | undefined)?.map((_, i) => ['qualities', i, 0]) ?? [], 'q', (p) => c.missingId(p, 'qualities', 'quality'));
      c.missingId(['covers'], 'covers', 'body part');
      c.missingId(['techniques'], 'techniques', 'technique');
      c.invalidEnum(['flags'], 'flags', 'flag');
      c.invalidEnum(['phase'], 'phase', 'phase');
      c.invalidEnum(['color'], 'color', 'color');
      c.invalidEnum(['use_action'], 'use_action', 'use action');
    },
  },
  {
    name: 'item_groups', types: ['item_group'], required: ['missing-id:entry-item', 'missing-id:entry-group'], build: (d, c) => {
      const g = groupEntries(c, []);
      each(c, g.item, 'item', (p) => { c.missingId(p, 'entry-item', 'item'); c.wrongKind(p, 'entry-item', 'item'); });
      each(c, g.group, 'group', (p) => { c.missingId(p, 'entry-group', 'item group'); c.wrongKind(p, 'entry-group', 'item_group'); });
      each(c, g.objects, 'object', (p) => {
        c.unknownMember(p, 'entry', ['item', 'group']);
        for (const m of ['prob', 'count', 'charges', 'container-item']) if (c.at([...p, m]) !== undefined) c.wrongType([...p, m], `entry.${m}`);
        c.missingId([...p, 'container-item'], 'container-item', 'item');
      });
      c.invalidEnum(['subtype'], 'subtype', 'item group subtype');
      c.unknownMember([], 'top', ['items', 'entries']);
      c.duplicate();
    },
  },
  {
    name: 'monster_groups', types: ['monstergroup'], required: ['missing-id:monster'], build: (d, c) => {
      each(c, objectsIn(c, ['monsters']), 'm', (p) => {
        c.missingId([...p, 'monster'], 'monster', 'monster');
        c.wrongKind([...p, 'monster'], 'monster', 'monster');
        c.unknownMember(p, 'entry', ['monster']);
        for (const m of ['freq', 'cost_multiplier', 'pack_size', 'starts']) if (c.at([...p, m]) !== undefined) c.wrongType([...p, m], `entry.${m}`);
        c.badUnit([...p, 'starts'], 'starts');
        c.invalidEnum([...p, 'conditions'], 'conditions', 'spawn condition');
      });
      c.missingId(['default'], 'default', 'monster');
      c.wrongKind(['default'], 'default', 'monster');
      c.unknownMember([], 'top', ['monsters']);
      c.duplicate();
    },
  },
  {
    name: 'monsters', types: ['MONSTER'], required: ['invalid-enum:flags', 'invalid-enum:death_function', 'invalid-enum:special_attacks', 'invalid-enum:color', 'missing-id:species', 'missing-id:harvest'], build: (d, c) => {
      c.unknownMember();
      c.badUnit(['volume'], 'volume');
      c.badUnit(['weight'], 'weight');
      for (const m of ['hp', 'speed', 'melee_dice', 'aggression', 'symbol']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      c.duplicate();
      c.invalidEnum(['flags'], 'flags', 'monster flag');
      c.invalidEnum(['death_function'], 'death_function', 'death function');
      const oldStyle = ((c.at(['special_attacks']) as unknown[] | undefined) ?? []).flatMap((a, i) => (Array.isArray(a) ? [['special_attacks', i, 0]] : []));
      each(c, oldStyle, 'sa', (p) => c.invalidEnum(p, 'special_attacks', 'special attack'));
      c.invalidEnum(['color'], 'color', 'color');
      c.invalidEnum(['size'], 'size', 'size');
      c.invalidEnum(['anger_triggers'], 'anger_triggers', 'trigger');
      c.missingId(['species'], 'species', 'species');
      c.wrongKind(['species'], 'species', 'species');
      c.missingId(['harvest'], 'harvest', 'harvest');
      c.wrongKind(['harvest'], 'harvest', 'harvest');
      c.missingId(['default_faction'], 'default_faction', 'monster faction');
      c.missingId(['material'], 'material', 'material');
      c.missingId(['upgrades', 'into'], 'upgrades', 'monster');
      c.missingId(['upgrades', 'into_group'], 'upgrades', 'monster group');
      c.missingId(['death_drops'], 'death_drops', 'item group');
    },
  },
  {
    name: 'harvest', types: ['harvest'], build: (d, c) => {
      each(c, objectsIn(c, ['entries']), 'e', (p) => {
        c.missingId([...p, 'drop'], 'drop', 'item');
        c.wrongKind([...p, 'drop'], 'drop', 'item');
        c.invalidEnum([...p, 'type'], 'type', 'harvest drop type');
        c.unknownMember(p, 'entry', ['drop']);
        for (const m of ['mass_ratio', 'base_num', 'max']) if (c.at([...p, m]) !== undefined) c.wrongType([...p, m], `entry.${m}`);
      });
      c.unknownMember([], 'top', ['entries']);
      c.duplicate();
    },
  },
  {
    name: 'mutations', types: ['mutation'], required: ['unknown-member:top', 'missing-id:prereqs'], build: (d, c) => {
      c.unknownMember();
      for (const m of ['points', 'visibility', 'ugliness', 'valid', 'purifiable', 'prereqs', 'description']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      for (const m of ['prereqs', 'prereqs2', 'threshreq', 'cancels', 'changes_to', 'leads_to']) c.missingId([m], m, 'trait');
      c.wrongKind(['prereqs'], 'prereqs', 'trait');
      c.wrongKind(['cancels'], 'cancels', 'trait');
      c.missingId(['category'], 'category', 'mutation category');
      c.missingId(['types'], 'types', 'mutation type');
      each(c, ((c.at(['spells_learned']) as unknown[] | undefined) ?? []).map((_, i) => ['spells_learned', i, 0]), 's', (p) => c.missingId(p, 'spells_learned', 'spell'));
      c.missingId(['enchantments'], 'enchantments', 'enchantment');
      c.invalidEnum(['flags'], 'flags', 'flag');
      c.duplicate();
    },
  },
  {
    name: 'spells', types: ['SPELL'], build: (d, c) => {
      c.unknownMember();
      for (const m of ['base_damage', 'max_level', 'difficulty', 'base_energy_cost', 'valid_targets', 'min_range']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      c.invalidEnum(['effect'], 'effect', 'spell effect');
      c.invalidEnum(['valid_targets'], 'valid_targets', 'target');
      c.invalidEnum(['flags'], 'flags', 'spell flag');
      c.invalidEnum(['energy_source'], 'energy_source', 'energy source');
      c.invalidEnum(['damage_type'], 'damage_type', 'damage type');
      c.invalidEnum(['shape'], 'shape', 'shape');
      c.missingId(['field_id'], 'field_id', 'field type');
      each(c, objectsIn(c, ['extra_effects']), 'x', (p) => c.missingId([...p, 'id'], 'extra_effects', 'spell'));
      c.missingId(['affected_body_parts'], 'affected_body_parts', 'body part');
      if (c.at(['effect']) === 'summon' || c.at(['effect']) === 'spawn_item') c.missingId(['effect_str'], 'effect_str', c.at(['effect']) === 'summon' ? 'monster' : 'item');
      c.duplicate();
    },
  },
  {
    name: 'recipes', types: ['recipe'], required: ['missing-id:components', 'missing-id:tools', 'missing-id:skill_used', 'missing-id:subcategory'], build: (d, c) => {
      each(c, alternatives(c, ['components']), 'comp', (p) => { c.missingId(p, 'components', 'item'); c.wrongKind(p, 'components', 'item'); });
      each(c, alternatives(c, ['tools']), 'tool', (p) => c.missingId(p, 'tools', 'tool'));
      each(c, objectsIn(c, ['qualities']), 'q', (p) => { c.missingId([...p, 'id'], 'qualities', 'quality'); c.wrongType([...p, 'level'], 'qualities.level'); });
      c.missingId(['skill_used'], 'skill_used', 'skill');
      c.wrongKind(['skill_used'], 'skill_used', 'skill');
      const sr = c.at(['skills_required']);
      if (Array.isArray(sr)) c.missingId(typeof sr[0] === 'string' ? ['skills_required', 0] : ['skills_required'], 'skills_required', 'skill');
      c.missingId(['subcategory'], 'subcategory', 'recipe subcategory');
      c.missingId(['category'], 'category', 'recipe category');
      c.missingId(['result'], 'result', 'item');
      each(c, ((c.at(['using']) as unknown[] | undefined) ?? []).map((_, i) => ['using', i, 0]), 'u', (p) => c.missingId(p, 'using', 'requirement'));
      const books = c.at(['book_learn']);
      if (Array.isArray(books)) each(c, books.map((_, i) => ['book_learn', i, 0]), 'b', (p) => c.missingId(p, 'book_learn', 'book'));
      c.unknownMember();
      c.badUnit(['time'], 'time');
      for (const m of ['difficulty', 'autolearn', 'time']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      c.duplicate();
    },
  },
  {
    name: 'professions', types: ['profession'], required: ['missing-id:items', 'missing-id:skills', 'missing-id:traits', 'unknown-member:entries', 'missing-id:entries.group'], build: (d, c) => {
      for (const side of ['both', 'male', 'female']) {
        const base: Segment[] = ['items', side];
        const sideValue = c.at(base);
        const g = Array.isArray(sideValue) ? { item: sideValue.map((_, i) => [...base, i]), group: [], objects: [] } : groupEntries(c, base);
        each(c, g.item, `items.${side}`, (p) => { c.missingId(p, 'items', 'item'); c.wrongKind(p, 'items', 'item'); });
        each(c, g.group, `groups.${side}`, (p) => c.missingId(p, 'entries.group', 'item group'));
        each(c, g.objects, `obj.${side}`, (p) => c.unknownMember(p, 'entries', ['item', 'group']));
      }
      each(c, objectsIn(c, ['skills']), 'sk', (p) => { c.missingId([...p, 'name'], 'skills', 'skill'); c.wrongType([...p, 'level'], 'skills.level'); });
      c.missingId(['traits'], 'traits', 'trait');
      c.wrongKind(['traits'], 'traits', 'trait');
      c.missingId(['CBMs'], 'CBMs', 'bionic');
      c.missingId(['proficiencies'], 'proficiencies', 'proficiency');
      c.missingId(['vehicle'], 'vehicle', 'vehicle');
      c.unknownMember();
      for (const m of ['points', 'description']) c.wrongType([m], m);
      c.duplicate();
    },
  },
  {
    name: 'scenarios', types: ['scenario'], build: (d, c) => {
      c.missingId(['professions'], 'professions', 'profession');
      c.wrongKind(['professions'], 'professions', 'profession');
      c.missingId(['allowed_locs'], 'allowed_locs', 'start location');
      c.wrongKind(['allowed_locs'], 'allowed_locs', 'start_location');
      c.missingId(['forced_traits'], 'forced_traits', 'trait');
      c.missingId(['forbidden_traits'], 'forbidden_traits', 'trait');
      c.missingId(['missions'], 'missions', 'mission');
      c.missingId(['vehicle'], 'vehicle', 'vehicle');
      c.missingId(['map_special'], 'map_special', 'map extra');
      c.invalidEnum(['flags'], 'flags', 'scenario flag');
      c.unknownMember();
      for (const m of ['points', 'professions', 'start_name']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      c.duplicate();
    },
  },
  {
    name: 'mapgen', types: ['mapgen', 'palette'], required: ['missing-id:terrain', 'missing-id:furniture', 'missing-id:items', 'missing-id:place_monsters'], build: (d, c) => {
      const base: Segment[] = d.type === 'mapgen' ? ['object'] : [];
      const symbolValues = (member: string): Segment[][] => {
        const m = c.at([...base, member]);
        if (!m || typeof m !== 'object' || Array.isArray(m)) return [];
        return Object.entries(m).flatMap(([k, v]) => (typeof v === 'string' ? [[...base, member, k]] : []));
      };
      const symbolObjects = (member: string, key: string): Segment[][] => {
        const m = c.at([...base, member]);
        if (!m || typeof m !== 'object' || Array.isArray(m)) return [];
        return Object.entries(m).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as Record<string, unknown>)[key] === 'string' ? [[...base, member, k, key]] : []));
      };
      each(c, symbolValues('terrain'), 'ter', (p) => { c.missingId(p, 'terrain', 'terrain'); c.wrongKind(p, 'terrain', 'terrain'); });
      each(c, symbolValues('furniture'), 'furn', (p) => { c.missingId(p, 'furniture', 'furniture'); c.wrongKind(p, 'furniture', 'furniture'); });
      c.missingId([...base, 'fill_ter'], 'fill_ter', 'terrain');
      each(c, symbolObjects('items', 'item'), 'items', (p) => c.missingId(p, 'items', 'item group'));
      each(c, symbolObjects('monsters', 'monster'), 'monsters', (p) => c.missingId(p, 'monsters', 'monster group'));
      each(c, symbolObjects('monster', 'monster'), 'monster', (p) => c.missingId(p, 'monster', 'monster'));
      const placed = (member: string, key: string): Segment[][] => objectsIn(c, [...base, member]).filter((p) => typeof c.at([...p, key]) === 'string').map((p) => [...p, key]);
      each(c, placed('place_loot', 'item'), 'loot', (p) => c.missingId(p, 'place_loot', 'item'));
      each(c, placed('place_loot', 'group'), 'lootg', (p) => c.missingId(p, 'place_loot', 'item group'));
      each(c, placed('place_monsters', 'monster'), 'pm', (p) => { c.missingId(p, 'place_monsters', 'monster group'); c.wrongKind(p, 'place_monsters', 'monstergroup'); });
      each(c, placed('place_items', 'item'), 'pi', (p) => c.missingId(p, 'place_items', 'item group'));
      each(c, placed('place_item', 'item'), 'pit', (p) => c.missingId(p, 'place_item', 'item'));
      each(c, placed('place_furniture', 'furn'), 'pf', (p) => c.missingId(p, 'place_furniture', 'furniture'));
      c.missingId([...base, 'palettes'], 'palettes', 'palette');
      c.unknownMember(base, 'object', ['rows']);
    },
  },
  {
    name: 'requirements', types: ['requirement'], build: (d, c) => {
      each(c, alternatives(c, ['components']), 'comp', (p) => { c.missingId(p, 'components', 'item'); c.wrongKind(p, 'components', 'item'); });
      each(c, alternatives(c, ['tools']), 'tool', (p) => c.missingId(p, 'tools', 'tool'));
      each(c, objectsIn(c, ['qualities']), 'q', (p) => { c.missingId([...p, 'id'], 'qualities', 'quality'); c.wrongType([...p, 'level'], 'qualities.level'); });
      c.unknownMember();
      c.duplicate();
    },
  },
  {
    name: 'effects', types: ['effect_type'], build: (d, c) => {
      c.unknownMember();
      c.invalidEnum(['rating'], 'rating', 'rating');
      c.badUnit(['max_duration'], 'max_duration');
      c.badUnit(['int_dur_factor'], 'int_dur_factor');
      for (const m of ['max_intensity', 'name', 'desc', 'show_in_info', 'rating']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      for (const m of ['resist_traits', 'resist_effects', 'removes_effects', 'blocks_effects']) c.missingId([m], m, m.endsWith('traits') ? 'trait' : 'effect');
      c.wrongKind(['resist_traits'], 'resist_traits', 'trait');
      c.unknownMember(['base_mods'], 'base_mods');
      c.invalidEnum(['flags'], 'flags', 'flag');
      c.duplicate();
    },
  },
  {
    name: 'terrain_furniture', types: ['terrain', 'furniture'], build: (d, c) => {
      c.unknownMember();
      const other = d.type === 'terrain' ? 'terrain' : 'furniture';
      for (const m of ['open', 'close', 'transforms_into']) { c.missingId([m], m, other); c.wrongKind([m], m, other); }
      c.missingId(['bash', 'ter_set'], 'bash.ter_set', 'terrain');
      c.missingId(['bash', 'furn_set'], 'bash.furn_set', 'furniture');
      for (const who of ['bash', 'deconstruct']) {
        const items = c.at([who, 'items']);
        if (typeof items === 'string') c.missingId([who, 'items'], `${who}.items`, 'item group');
        else each(c, objectsIn(c, [who, 'items']).filter((p) => typeof c.at([...p, 'item']) === 'string').map((p) => [...p, 'item']), who, (p) => { c.missingId(p, `${who}.items`, 'item'); c.wrongKind(p, `${who}.items`, 'item'); });
        c.unknownMember([who], who, ['items']);
      }
      c.invalidEnum(['color'], 'color', 'color');
      c.invalidEnum(['examine_action'], 'examine_action', 'examine action');
      c.invalidEnum(['flags'], 'flags', 'flag');
      for (const m of ['move_cost', 'required_str', 'coverage', 'symbol', 'flags']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      c.badUnit(['max_volume'], 'max_volume');
      c.missingId(['crafting_pseudo_item'], 'crafting_pseudo_item', 'item');
      c.duplicate();
    },
  },
  {
    name: 'vehicle_parts', types: ['vehicle_part'], build: (d, c) => {
      c.unknownMember();
      c.missingId(['item'], 'item', 'item');
      c.wrongKind(['item'], 'item', 'item');
      for (const m of ['durability', 'power', 'epower', 'bonus', 'damage_modifier', 'item']) if (c.at([m]) !== undefined) c.wrongType([m], m);
      const breaks = c.at(['breaks_into']);
      if (typeof breaks === 'string') c.missingId(['breaks_into'], 'breaks_into', 'item group');
      else each(c, objectsIn(c, ['breaks_into']).filter((p) => typeof c.at([...p, 'item']) === 'string').map((p) => [...p, 'item']), 'b', (p) => c.missingId(p, 'breaks_into', 'item'));
      for (const phase of ['install', 'removal', 'repair']) {
        each(c, ((c.at(['requirements', phase, 'skills']) as unknown[] | undefined) ?? []).map((_, i) => ['requirements', phase, 'skills', i, 0]), phase, (p) => c.missingId(p, 'requirements.skills', 'skill'));
        c.badUnit(['requirements', phase, 'time'], 'requirements.time');
      }
      c.missingId(['fuel_type'], 'fuel_type', 'item');
      c.invalidEnum(['color'], 'color', 'color');
      c.invalidEnum(['flags'], 'flags', 'flag');
      c.badUnit(['size'], 'size');
      c.duplicate();
    },
  },
];

export const FAMILY_NAMES: readonly string[] = FAMILIES.map((f) => f.name);

// ------------------------------------------------------------------------------------------ text edits

function pointerOf(p: readonly Segment[]): string {
  return p.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Applies a candidate to its file's text: the edit and where the mistake is in the result. */
function applyCandidate(text: string, def: Definition, cand: Candidate): { edit: Mistake['edit']; at: Mistake['at']; pointer: string } | undefined {
  const tree = parseTree(text);
  if (!tree) return undefined;
  const full: Segment[] = tree.type === 'array' ? [def.index, ...cand.path] : [...cand.path];
  const op = cand.op;
  if (op.op === 'duplicate') {
    const node = findNodeAtLocation(tree, full.slice(0, 1)) ?? (tree.type === 'object' ? tree : undefined);
    if (!node || tree.type !== 'array') return undefined;
    const original = text.slice(node.offset, node.offset + node.length);
    const lineStart = text.lastIndexOf('\n', node.offset) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
    const content = `,\n${indent}${original}`;
    const offset = node.offset + node.length;
    const start = offset + content.length - original.length;
    return { edit: { offset, length: 0, content }, at: { start, end: start + original.length }, pointer: pointerOf([(def.index + 1)]) };
  }
  const node = findNodeAtLocation(tree, full);
  if (!node) return undefined;
  if (op.op === 'rename') {
    const prop = node.parent!;
    const key = prop.children![0];
    const content = JSON.stringify(op.to);
    const mutated = text.slice(0, key.offset) + content + text.slice(key.offset + key.length);
    const placed = propertyNode(parseTree(mutated)!, [...full.slice(0, -1), op.to]);
    return { edit: { offset: key.offset, length: key.length, content }, at: placed, pointer: pointerOf([...full.slice(0, -1), op.to]) };
  }
  const edits = modify(text, full, op.value, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
  if (edits.length !== 1) return undefined;
  const mutated = applyEdits(text, edits);
  return { edit: edits[0], at: propertyNode(parseTree(mutated)!, full), pointer: pointerOf(full) };
}

/** The member (key and value) at p, or the array element. */
function propertyNode(tree: JsonNode, p: readonly Segment[]): { start: number; end: number } {
  const node = findNodeAtLocation(tree, [...p])!;
  const whole = node.parent?.type === 'property' ? node.parent : node;
  return { start: whole.offset, end: whole.offset + whole.length };
}

export function applyMistake(original: string, m: Pick<Mistake, 'edit'>): string {
  return original.slice(0, m.edit.offset) + m.edit.content + original.slice(m.edit.offset + m.edit.length);
}

// ------------------------------------------------------------------------------------------ generation

export interface Generated {
  readonly mistakes: readonly Mistake[];
  /** The mods mutated (folder names). */
  readonly mods: readonly string[];
}

/** Every mistake, family by family, from the mods under `gameDir`/mods. Deterministic for a seed and data. */
export function generateMistakes(gameDir: string, seed = DEFAULT_SEED): Generated {
  const modsDir = path.join(gameDir, 'mods');
  const vocabulary: Vocabulary = { words: new Set() };
  for (const f of jsonFiles(path.join(gameDir, 'json'))) collectWords(readJson(f), vocabulary.words);
  const definitions: Definition[] = [];
  const texts = new Map<string, string>();
  for (const mod of fs.readdirSync(modsDir).sort()) {
    const dir = path.join(modsDir, mod);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of jsonFiles(dir)) {
      const value = readJson(f);
      collectWords(value, vocabulary.words);
      if (SKIPPED_MODS.has(mod) || path.basename(f) === 'modinfo.json' || !Array.isArray(value)) continue;
      const file = path.relative(dir, f);
      texts.set(`${mod}/${file}`, fs.readFileSync(f, 'utf8'));
      value.forEach((o, index) => {
        if (o && typeof o === 'object' && typeof o.type === 'string') definitions.push({ mod, file, index, id: definitionId(o, index), type: o.type, value: o });
      });
    }
  }
  const mistakes: Mistake[] = [];
  for (const family of FAMILIES) {
    const slots = new Map<string, { def: Definition; cand: Candidate }[]>();
    for (const def of definitions) {
      if (!family.types.includes(def.type)) continue;
      const c = new Candidates(def, seed, vocabulary);
      family.build(def, c);
      for (const cand of c.list) {
        const list = slots.get(cand.slot) ?? [];
        list.push({ def, cand });
        slots.set(cand.slot, list);
      }
    }
    // Round-robin over the kinds of mistake (shuffled), and within a kind over its slots: every kind and as many
    // slots as the count allows, spread over definitions (one mistake per definition).
    const rng = rngOf(hash(`${seed}|${family.name}`));
    const shuffle = <T>(list: T[]): T[] => {
      for (let i = list.length - 1; i > 0; i--) { const j = Math.floor(rng() * (i + 1)); [list[i], list[j]] = [list[j], list[i]]; }
      return list;
    };
    const kinds = new Map<string, string[]>();
    for (const slot of [...slots.keys()].sort()) kinds.set(slot.split(':')[0], [...(kinds.get(slot.split(':')[0]) ?? []), slot]);
    const kindOrder = shuffle([...kinds.keys()]);
    for (const k of kindOrder) shuffle(kinds.get(k)!);
    const want = Math.min(MAX_PER_FAMILY, Math.max(PER_FAMILY, kindOrder.length * 3));
    const used = new Set<string>();
    const chosen: Mistake[] = [];
    const chosenSlots = new Set<string>();
    const taken = new Map<string, number>();
    /** One mistake of `slot` on a definition not mutated yet; false when there is none. */
    const take = (slot: string): boolean => {
      const options = slots.get(slot)?.filter(({ def }) => !used.has(`${def.mod}/${def.file}#${def.index}`)) ?? [];
      if (!options.length) return false;
      for (let attempt = 0; attempt < 5; attempt++) {
        const { def, cand } = pick(rng, options);
        const applied = applyCandidate(texts.get(`${def.mod}/${def.file}`)!, def, cand);
        if (!applied) continue;
        used.add(`${def.mod}/${def.file}#${def.index}`);
        taken.set(cand.kind, (taken.get(cand.kind) ?? 0) + 1);
        chosenSlots.add(slot);
        chosen.push({
          name: `${family.name}/${cand.kind}/${def.mod}/${def.file}#${applied.pointer}`,
          family: family.name, type: def.type, mod: def.mod, file: def.file, id: def.id, pointer: applied.pointer, kind: cand.kind,
          description: `${def.type} "${def.id}": ${cand.description}`, edit: applied.edit, at: applied.at,
        });
        return true;
      }
      return false;
    };
    for (let turn = 0; chosen.length < want && turn < 40; turn++) {
      for (const k of kindOrder.flatMap((k) => Array<string>(KIND_WEIGHT[k as MistakeKind] ?? 1).fill(k))) {
        if (chosen.length >= want) break;
        if ((taken.get(k) ?? 0) >= (KIND_CAP[k as MistakeKind] ?? Infinity)) continue;
        const kindSlots = kinds.get(k)!;
        take(kindSlots[(taken.get(k) ?? 0) % kindSlots.length]);
      }
    }
    // The mistakes a family must have whatever the draw (the ones modders make most), after the draw so that
    // adding one leaves the others as they were.
    for (const slot of family.required ?? []) if (!chosenSlots.has(slot) && !take(slot)) throw new Error(`${family.name}: no candidate for the required ${slot}`);
    mistakes.push(...chosen);
  }
  return { mistakes, mods: [...new Set(mistakes.map((m) => m.mod))].sort() };
}
