/**
 * The current game's tables as if learned without some mod (scripts/leave-one-mod-out.mjs): `edit` changes the
 * committed tables' codes (`editDialogue` the pooled dialogue's), and `body` runs with that version in place of the
 * current one.
 */
import { gameVersions, findVersion } from '../../server/src/registry/versions';
import type { GameVersion } from '../../server/src/registry/declaration';
import type { GeneratedDialogue, GeneratedTables } from '../../server/src/schema/generated';

export function withHeldOutTables<T>(edit: (tables: Record<string, { n: number; v?: 1; m: Record<string, string> }>) => void, body: () => T, editDialogue?: (dialogue: Record<string, string>) => void): T {
  const current = findVersion('current')!;
  const tables = Object.fromEntries(Object.entries(current.generatedTables!).map(([type, t]) => [type, { ...t, m: { ...t.m } }]));
  edit(tables);
  const dialogue: Record<string, string> = { ...current.generatedDialogue };
  editDialogue?.(dialogue);
  const heldOut = Object.defineProperties({}, {
    ...Object.getOwnPropertyDescriptors(current),
    generatedTables: { value: tables as GeneratedTables, enumerable: true },
    generatedDialogue: { value: dialogue as GeneratedDialogue, enumerable: true },
  }) as GameVersion;
  const list = gameVersions();
  const at = list.indexOf(current);
  list[at] = heldOut;
  try {
    return body();
  } finally {
    list[at] = current;
  }
}
