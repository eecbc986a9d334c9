/**
 * The schema tables of the spec's kinds (spec part 2); which types and versions use them is in registry/.
 */
import type { FieldSpec, KindSchema } from './types';
import { MONSTER_SCHEMA } from './kinds/monster';
import { PROFESSION_SCHEMA } from './kinds/profession';
import { PROFESSION_ITEM_SUBSTITUTIONS_SCHEMA } from './kinds/professionItemSubstitutions';
import { SCENARIO_SCHEMA } from './kinds/scenario';
import { RECIPE_SCHEMA, UNCRAFT_SCHEMA } from './kinds/recipe';

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
