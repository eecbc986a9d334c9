/**
 * The verdict on a member a table lacks: how sure the tool is that it is a mistake, and on what basis, by what the
 * table knows (a hand-written table lists what the game reads; a generated one what the game's data uses, see
 * UnseenMembers).
 */
import type { UnseenMembers } from './types';
import type { Basis } from '../basis';
import { closest } from '../util/closest';

export interface UnknownMemberVerdict {
  readonly severity: 'warning' | 'information';
  readonly message: string;
  /** What the verdict rests on; undefined: the table's own basis (a hand-written table, an object a reading closes). */
  readonly basis?: Basis;
  /** The known member it is a near miss of. */
  readonly near?: string;
}

/**
 * A member a table lacks (`where`: ` in "path"` below the top level). A hand-written table lists what the game
 * reads: a warning, on the table's basis. A table generated from data (`unseen`, see UnseenMembers) lists what the
 * data uses, which never proves the game reads no other member (see Basis):
 * - where the game's program names are known (0.F), one it never reads is a warning with the suggestion of a near
 *   known member, on the game's own word; one it reads is accepted, or information when it is a near miss;
 * - else a near miss is information with the suggestion (the documentation's word when it names the member), and
 *   a member the documentation gives is accepted; any other is information (the documents are incomplete, so their
 *   silence proves nothing, and the data's even less).
 */
export function judgeUnknownMember(key: string, known: Iterable<string>, unseen: UnseenMembers | undefined, where = ''): UnknownMemberVerdict | undefined {
  const near = closest(key, known);
  if (!unseen) return { severity: 'warning', message: `Unknown member "${key}"${where}${near ? `; did you mean "${near}"?` : ''}`, ...(near ? { near } : {}) };
  const reads = unseen.gameReads?.has(key);
  const documented = reads === undefined && unseen.documented?.has(key) === true;
  if (reads === false) {
    // The 0.F program's own member names (GameVersion.memberNames): it reads no member of this name anywhere.
    return near
      ? { severity: 'warning', basis: 'reader', message: `Unknown member "${key}"${where}; did you mean "${near}"?`, near }
      : { severity: 'warning', basis: 'reader', message: `Unknown member "${key}"${where}: the ${unseen.version} game reads no member of this name` };
  }
  if (near) {
    if (documented) return { severity: 'information', basis: 'documentation', message: `No ${unseen.type} in the ${unseen.version} game's data has a member "${key}"${where}, which the game's documentation names; did you mean "${near}"?`, near };
    if (reads) return { severity: 'information', basis: 'reader', message: `No ${unseen.type} in the ${unseen.version} game's data has a member "${key}"${where}, which the game reads elsewhere; did you mean "${near}"?`, near };
    // A name the version's data uses elsewhere is no misspelling of the near one (UnseenMembers.namesShown).
    const elsewhere = unseen.namesShown?.has(key) === true ? ', which it writes elsewhere' : '';
    return { severity: 'information', basis: 'data', message: `No ${unseen.type} in the ${unseen.version} game's data has a member "${key}"${where}${elsewhere}; did you mean "${near}"? (check that the game reads "${key}")`, near };
  }
  if (documented || reads) return undefined;
  return { severity: 'information', basis: 'data', message: `No ${unseen.type} in the game's data has a member "${key}"${where}; the game may not read it` };
}
