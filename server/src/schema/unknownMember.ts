/**
 * The verdict on a member a table lacks: how sure the tool is that it is a mistake, by what the table knows (a
 * hand-written table lists what the game reads; a generated one what the game's data uses, see UnseenMembers).
 */
import type { UnseenMembers } from './types';
import { closest } from '../util/closest';

export interface UnknownMemberVerdict {
  readonly severity: 'warning' | 'information';
  readonly message: string;
  /** The known member it is a near miss of. */
  readonly near?: string;
}

/**
 * A member a table lacks (`where`: ` in "path"` below the top level). A hand-written table lists what the game
 * reads: a warning. A table generated from data (`unseen`, see UnseenMembers) lists what the data uses:
 * - a near miss of a known member is a warning with the suggestion, or information when the game reads a
 *   member of that name (somewhere: maybe here, a rare member, maybe not) or its documentation gives it;
 * - else, where the game's names are known, one it never reads is a warning and one it reads is accepted
 *   (rare is not wrong); without them, one the documentation gives is accepted, and any other is information
 *   (the game may not read it: the documents are incomplete, so their silence proves nothing).
 */
export function judgeUnknownMember(key: string, known: Iterable<string>, unseen: UnseenMembers | undefined, where = ''): UnknownMemberVerdict | undefined {
  const near = closest(key, known);
  const reads = unseen?.gameReads?.has(key);
  const documented = reads === undefined && unseen?.documented?.has(key) === true;
  if (near) {
    if (documented) return { severity: 'information', message: `No ${unseen!.type} in the ${unseen!.version} game's data has a member "${key}"${where}, which the game's documentation names; did you mean "${near}"?`, near };
    // A name the version's data uses elsewhere is no misspelling of the near one (UnseenMembers.namesShown).
    return reads || (reads === undefined && unseen?.namesShown?.has(key) === true)
      ? { severity: 'information', message: `No ${unseen!.type} in the ${unseen!.version} game's data has a member "${key}"${where}, which the game reads elsewhere; did you mean "${near}"?`, near }
      : { severity: 'warning', message: `Unknown member "${key}"${where}; did you mean "${near}"?`, near };
  }
  if (!unseen) return { severity: 'warning', message: `Unknown member "${key}"${where}` };
  if (documented) return undefined;
  if (reads === undefined) return { severity: 'information', message: `No ${unseen.type} in the game's data has a member "${key}"${where}; the game may not read it` };
  return reads ? undefined : { severity: 'warning', message: `Unknown member "${key}"${where}: the ${unseen.version} game reads no member of this name` };
}
