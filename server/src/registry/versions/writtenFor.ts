/**
 * Whether a mod's own content is written for another game version than the one checked: its definitions'
 * types tell, cheaply and without a game folder (a current `"type": "ITEM"` with `subtypes` is unknown to 0.F;
 * 0.F's `"TOOL"`, `"GUN"`, `"ARMOR"` item types are gone from the current game). Checked against the wrong game
 * such a mod gives thousands of errors that all say this one thing.
 */
import type { GameVersion } from '../declaration';
import { GAME_VERSIONS, registryOf } from './index';

/** How many of a mod's definitions have each type. */
export type TypeTally = ReadonlyMap<string, number>;

export interface WrittenForOther {
  /** The version the mod's content is written for. */
  readonly version: GameVersion;
  /** How many definitions have a type only that version knows, and the most common such type. */
  readonly count: number;
  readonly example: string;
}

/**
 * Fewer definitions of another version's types than this are left to their own unknown-type errors (each says
 * what to write instead): a few stray old types are not a mod of another version, and cost a few lines at most.
 */
const MIN_FOREIGN = 5;
/** ...and so is a share of the mod's definitions below this. */
const MIN_FOREIGN_SHARE = 0.1;

/**
 * The other version a mod is written for: when at least MIN_FOREIGN of its definitions, a tenth or more, have
 * types only that version knows, and more than have types only the checked version knows.
 */
export function writtenForOther(checked: GameVersion, tally: TypeTally): WrittenForOther | undefined {
  const here = registryOf(checked);
  let total = 0;
  for (const n of tally.values()) total += n;
  let best: WrittenForOther | undefined;
  for (const other of GAME_VERSIONS) {
    if (other === checked) continue;
    const there = registryOf(other);
    let onlyThere = 0, onlyHere = 0, example = '', exampleCount = 0;
    for (const [type, n] of tally) {
      const knownHere = here.isKnownType(type), knownThere = there.isKnownType(type);
      if (knownThere && !knownHere) {
        onlyThere += n;
        if (n > exampleCount) { example = type; exampleCount = n; }
      } else if (knownHere && !knownThere) onlyHere += n;
    }
    const enough = onlyThere >= MIN_FOREIGN && onlyThere >= total * MIN_FOREIGN_SHARE && onlyThere > onlyHere;
    if (enough && onlyThere > (best?.count ?? 0)) best = { version: other, count: onlyThere, example };
  }
  return best;
}

/** Adds the types of `types` to `into`. */
export function tallyTypes(types: Iterable<string>, into: Map<string, number> = new Map()): Map<string, number> {
  for (const t of types) into.set(t, (into.get(t) ?? 0) + 1);
  return into;
}
