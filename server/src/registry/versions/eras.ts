/**
 * The eras of the game's JSON format that a mod's own content tells apart, oldest first, and the boundaries
 * between them with the forms that decide on which side of each a definition was written. One decisive definition
 * places a mod (registry/versions/writtenFor.ts): a `"type": "ITEM"` cannot be 0.F, a monster group named by
 * `"name"` cannot be the current game. Each boundary cites where the game changed.
 */
import { KNOWN_TYPES as TYPES_0F } from './generated/types-0F';
import { KNOWN_TYPES as TYPES_CURRENT } from './generated/types-current';
import { ITEM_TYPES_0F } from './shared';

export interface FormatEra {
  /** How a verdict names the era alone. */
  readonly title: string;
  /** The supported game version (GameVersion.id) that reads this era's format, if one does. */
  readonly version?: string;
}

/** Which definitions show a form: by type, by a top-level member, or by a member of an entry of a list member. */
export type FormMatch =
  | { readonly types: readonly string[] }
  | { readonly type: string; readonly has: string; readonly lacks: string }
  | { readonly type: string; readonly entriesOf: string; readonly has: string; readonly lacks: string };

export interface DecisiveForm {
  /** Stable id (tests, memo keys). */
  readonly id: string;
  /** The definitions showing it, counted: one ("1 definition of a legacy item type") and more ("197 definitions of ..."). */
  readonly counted: { readonly one: string; readonly many: string };
  readonly match: FormMatch;
  /** Whether the form was retired at its boundary (`before`: written before it) or introduced there (`after`). */
  readonly side: 'before' | 'after';
  /**
   * The codes of the per-use diagnostics that say this form one definition at a time in a game of the other side
   * (shown as information under the one diagnostic that counts them).
   */
  readonly perUseCodes: readonly string[];
}

export interface EraBoundary {
  /** How a verdict names it: "the format before 2025's item types". */
  readonly title: string;
  /** When the game changed, and where (the change the game's developers made). */
  readonly description: string;
  readonly forms: readonly DecisiveForm[];
}

/** Oldest first; ERA_BOUNDARIES[i] lies between FORMAT_ERAS[i] and FORMAT_ERAS[i + 1]. */
export const FORMAT_ERAS: readonly FormatEra[] = [
  { title: '0.F (Frank)', version: '0.F' },
  { title: 'an experimental build between 0.F and January 2025 (0.G, 0.H)' },
  { title: 'an experimental build of early 2025 (monster groups by "id", items still of the legacy types)' },
  { title: 'current (0.I / experimental)', version: 'current' },
];

const ITEM = 'ITEM';

/**
 * Types the current game loads that 0.F does not (effect_on_condition, widget, ...): 0.F's data and program have
 * none of them (generated/types-0F.ts, from 0.F's data; 0.F's DynamicDataLoader rejects an unknown type). `ITEM`
 * is left to the item-type boundary, which places it more narrowly.
 */
const TYPES_NEWER_THAN_0F = TYPES_CURRENT.filter((t) => t !== ITEM && !TYPES_0F.includes(t));

export const ERA_BOUNDARIES: readonly EraBoundary[] = [
  {
    title: '0.F',
    description: '0.F (Frank) was released in 2021; the experimental builds after it added types and forms its program never reads.',
    forms: [
      { id: 'types-after-0F', counted: { one: 'definition of a type 0.F does not load', many: 'definitions of types 0.F does not load' }, match: { types: TYPES_NEWER_THAN_0F }, side: 'after', perUseCodes: ['unknown-type'] },
      // 0.F's MonsterGroupManager::LoadMonsterGroup requires "freq" ("missing required field "freq"" from the 0.F
      // program on { "monster": ..., "weight": 10 }); later builds read "weight" and keep "freq" as the older name
      // (src/mongroup.cpp LoadMonsterGroup: mon.get_int( "weight", 1 ), then "freq" if present).
      {
        id: 'monstergroup-weight', counted: { one: 'monster group weighing entries by "weight"', many: 'monster groups weighing entries by "weight"' }, match: { type: 'monstergroup', entriesOf: 'monsters', has: 'weight', lacks: 'freq' },
        side: 'after', perUseCodes: ['unknown-field', 'missing-field'],
      },
    ],
  },
  {
    title: 'January 2025\'s monster group ids',
    description: 'CleverRaven/Cataclysm-DDA pull request 79177 (2025-01-15) renamed a monster group\'s "name" to "id", keeping '
      + '"name" as a legacy load that reports an error until 0.I. Before it, MonsterGroupManager::LoadMonsterGroup read '
      + 'jo.get_string( "name" ) only: the 0.F program rejects a group with "id" ("missing required field "name"").',
    forms: [
      { id: 'monstergroup-name', counted: { one: 'monster group named by "name"', many: 'monster groups named by "name"' }, match: { type: 'monstergroup', has: 'name', lacks: 'id' }, side: 'before', perUseCodes: ['removed-member'] },
      { id: 'monstergroup-id', counted: { one: 'monster group named by "id"', many: 'monster groups named by "id"' }, match: { type: 'monstergroup', has: 'id', lacks: 'name' }, side: 'after', perUseCodes: ['missing-field', 'unknown-field'] },
    ],
  },
  {
    title: '2025\'s item types',
    description: 'CleverRaven/Cataclysm-DDA pull requests 80703, 80688 and 80716 (April 2025) made every item "type": "ITEM" '
      + 'with "subtypes"; the game no longer loads GENERIC, TOOL, GUN, ARMOR... (items::load reads ITEM, '
      + 'DynamicDataLoader::load_object rejects the others).',
    forms: [
      { id: 'legacy-item-types', counted: { one: 'definition of a legacy item type', many: 'definitions of legacy item types' }, match: { types: ITEM_TYPES_0F }, side: 'before', perUseCodes: ['unknown-type'] },
      { id: 'item-type', counted: { one: 'definition of "type": "ITEM"', many: 'definitions of "type": "ITEM"' }, match: { types: [ITEM] }, side: 'after', perUseCodes: ['unknown-type'] },
    ],
  },
];

/** The era a supported game version reads (GameVersion.id). */
export function eraOfVersion(versionId: string): number {
  const i = FORMAT_ERAS.findIndex((e) => e.version === versionId);
  if (i < 0) throw new Error(`no format era for the game version ${versionId}`);
  return i;
}

/** `n` definitions showing a form, in words: "1 definition of a legacy item type", "197 definitions of ...". */
export function countedForm(form: DecisiveForm, n: number): string {
  return `${n} ${n === 1 ? form.counted.one : form.counted.many}`;
}

/** The eras `lo`..`hi` in words: one era by its title, several by the boundaries around them. */
export function erasTitle(lo: number, hi: number): string {
  const last = FORMAT_ERAS.length - 1;
  if (lo === hi) return FORMAT_ERAS[lo].title;
  if (lo === 0 && hi === last) return 'any format';
  if (lo === 0) return `${FORMAT_ERAS[0].title} or an experimental build before ${ERA_BOUNDARIES[hi].title}`;
  if (hi === last) return `an experimental build after ${ERA_BOUNDARIES[lo - 1].title}, or ${FORMAT_ERAS[last].title}`;
  return `an experimental build after ${ERA_BOUNDARIES[lo - 1].title} and before ${ERA_BOUNDARIES[hi].title}`;
}

/**
 * The boundary a definition type lies beyond for a game version, when the type is a decisive form of another era
 * (`"type": "ITEM"` for 0.F: introduced by 2025's item types): the game's change it cites says that version's
 * loader does not have it. Undefined for a type no boundary places.
 */
export function typeBeyondVersion(type: string, versionId: string): { readonly boundary: EraBoundary; readonly side: DecisiveForm['side'] } | undefined {
  const era = eraOfVersion(versionId);
  for (let i = 0; i < ERA_BOUNDARIES.length; i++) {
    for (const form of ERA_BOUNDARIES[i].forms) {
      if (!('types' in form.match) || !form.match.types.includes(type)) continue;
      // A form from after boundary i is read by eras above i only; one from before it, by eras up to i.
      if (form.side === 'after' ? era <= i : era > i) return { boundary: ERA_BOUNDARIES[i], side: form.side };
    }
  }
  return undefined;
}
