/**
 * The ids the game itself migrates: its `obsoletion_and_migration_*` data (doc/OBSOLETION_AND_MIGRATION.md), by
 * the kind of id they map. A mod naming an old id is rewritten to the new one (`migrate`, `check --fix`); an id
 * the game removed without a replacement cannot be migrated and is listed as such. Only the base game's
 * migrations count (a mod's own are for its own saves), and only while nothing the mod sees still defines the
 * old id (see queries/fixAll.ts).
 */
import type { WorkspaceView } from '../workspace/view';
import { fullValueOf } from '../records/record';

/** Where an old id goes: a new id, or none (the game removed it: `to` undefined). */
export interface IdMigration {
  readonly to: string | undefined;
  /** The JSON type of the migration that says so (for messages). */
  readonly by: string;
}

/** kind -> old id -> migration. */
export type IdMigrations = ReadonlyMap<string, ReadonlyMap<string, IdMigration>>;

type Pairs = (v: Readonly<Record<string, unknown>>, ids: readonly string[]) => readonly (readonly [string, IdMigration['to'], string])[];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Per migration type: the kind of id it maps and its (old, new) pairs, as the game's loader reads them. The third
 * element is the kind, for the one type that maps two (ter_furn_migration).
 */
const RULES: Readonly<Record<string, Pairs>> = {
  // Item_factory::load_migration: "id" (a string or an array) -> "replace" (item_factory.cpp).
  MIGRATION: (v, ids) => ids.map((id) => [id, str(v.replace), 'item'] as const),
  // mutation_branch's trait migrations (mutation_data.cpp): "id" -> "trait", or "remove": true.
  TRAIT_MIGRATION: (v, ids) => ids.map((id) => [id, v.remove === true ? undefined : str(v.trait), 'mutation'] as const),
  // overmap::load_oter_id_migration: "oter_ids" { old: new }; "omt_obsolete" is the game's placeholder for none.
  oter_id_migration: (v) => Object.entries(isObject(v.oter_ids) ? v.oter_ids : {})
    .map(([from, to]) => [from, to === 'omt_obsolete' ? undefined : str(to), 'overmap_terrain'] as const),
  // overmap_special_migration::load_migrations: "id" -> "new_id" (none: removed).
  overmap_special_migration: (v, ids) => ids.map((id) => [id, str(v.new_id), 'overmap_special'] as const),
  // ter_furn_migrations::load (mapdata.cpp): "from_ter" -> "to_ter", "from_furn" -> "to_furn". A terrain that becomes
  // a terrain and a furniture (t_atm -> t_thconc_floor + f_atm_off) is no one-for-one rename: not migrated.
  ter_furn_migration: (v) => [
    ...(str(v.from_ter) ? [[str(v.from_ter)!, str(v.to_furn) ? undefined : str(v.to_ter), 'terrain'] as const] : []),
    ...(str(v.from_furn) ? [[str(v.from_furn)!, str(v.to_ter) || v.to_furn === 'f_null' ? undefined : str(v.to_furn), 'furniture'] as const] : []),
  ],
  // trap_migrations::load: "from_trap" -> "to_trap"; "tr_null" is no trap.
  trap_migration: (v) => (str(v.from_trap) ? [[str(v.from_trap)!, v.to_trap === 'tr_null' ? undefined : str(v.to_trap), 'trap'] as const] : []),
  // vpart_migration::load (veh_type.cpp): "from" -> "to".
  vehicle_part_migration: (v) => (str(v.from) ? [[str(v.from)!, str(v.to), 'vehicle_part'] as const] : []),
};

const MIGRATION_TYPES: ReadonlySet<string> = new Set(Object.keys(RULES));

/** The base game's mod id: its migrations are the ones a mod is brought forward by. */
const GAME_MOD = 'dda';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const cache = new WeakMap<WorkspaceView, { readonly revision: number; readonly table: IdMigrations }>();

/** The game's id migrations (memoized per workspace revision: a scan of every record). */
export function idMigrations(project: WorkspaceView): IdMigrations {
  const held = cache.get(project);
  if (held && held.revision === project.revision) return held.table;
  const table = new Map<string, Map<string, IdMigration>>();
  for (const record of project.definitionsOfTypes(MIGRATION_TYPES)) {
    if (record.source.modId !== GAME_MOD) continue;
    for (const [from, to, kind] of RULES[record.type](fullValueOf(record), record.ids)) {
      if (to === from) continue; // a variant's migration keeps the id
      let byId = table.get(kind);
      if (!byId) table.set(kind, (byId = new Map()));
      byId.set(from, { to, by: record.type });
    }
  }
  // A migration to an id that is itself migrated: follow the chain to its end (bounded: a cycle stops).
  for (const byId of table.values()) {
    for (const [from, m] of byId) {
      let to = m.to;
      for (let hops = 0; to !== undefined && byId.has(to) && hops < 8; hops++) to = byId.get(to)!.to;
      if (to !== m.to) byId.set(from, { ...m, to });
    }
  }
  cache.set(project, { revision: project.revision, table });
  return table;
}

