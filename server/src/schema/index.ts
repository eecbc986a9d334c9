/**
 * The schema tables of the spec's kinds (spec part 2), by JSON `type`.
 */
import type { FieldSpec, KindSchema } from './types';
import { MONSTER_SCHEMA } from './kinds/monster';
import { PROFESSION_SCHEMA } from './kinds/profession';
import { PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA } from './kinds/professionItemSubstitutions';
import { SCENARIO_SCHEMA } from './kinds/scenario';
import { RECIPE_SCHEMA, UNCRAFT_SCHEMA } from './kinds/recipe';

export const SCHEMAS: readonly KindSchema[] = [
  MONSTER_SCHEMA, PROFESSION_SCHEMA, PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA, SCENARIO_SCHEMA, RECIPE_SCHEMA, UNCRAFT_SCHEMA,
];

const BY_TYPE: ReadonlyMap<string, KindSchema> = new Map(SCHEMAS.flatMap((s) => s.types.map((t) => [t, s] as const)));

/** The schema of a JSON `type`, if it is one of the spec's kinds. */
export function schemaForType(type: string): KindSchema | undefined {
  return BY_TYPE.get(type);
}

const FIELD_MAPS = new WeakMap<KindSchema, ReadonlyMap<string, FieldSpec>>();

/** A top-level field of a schema by member name. */
export function fieldOf(schema: KindSchema, name: string): FieldSpec | undefined {
  let m = FIELD_MAPS.get(schema);
  if (!m) {
    m = new Map(schema.fields.map((f) => [f.name, f]));
    FIELD_MAPS.set(schema, m);
  }
  return m.get(name);
}

export { MONSTER_SCHEMA, PROFESSION_SCHEMA, PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA, SCENARIO_SCHEMA, RECIPE_SCHEMA, UNCRAFT_SCHEMA };
