/**
 * Declarations that read the same in every supported version, and a constructor that keeps version files short.
 */
import type { KindDeclaration } from '../declaration';

type Options = Partial<Omit<KindDeclaration, 'kind' | 'title'>>;

/** A kind whose only JSON type is its own name, id in `id`, never reported as redefined unless said. */
export function kind(name: string, title: string, options: Options = {}): KindDeclaration {
  return { kind: name, types: [name], title, ids: { from: 'member', member: 'id' }, redefinition: 'ignore', ...options };
}

/** Kinds both versions declare alike: checked only through references to them and copy-from. */
export const PLAIN_KINDS: readonly KindDeclaration[] = [
  kind('SPECIES', 'species'),
  kind('effect_type', 'effect'),
  kind('material', 'material'),
  kind('skill', 'skill'),
  kind('start_location', 'start location'),
  kind('mission_definition', 'mission', { fullValue: true }),
  kind('mutation', 'trait', { symbol: 'struct' }),
  kind('bionic', 'bionic'),
  kind('vehicle', 'vehicle'),
  kind('scent_type', 'scent type'),
  kind('emit', 'field emission'),
  kind('requirement', 'requirement'),
  kind('tool_quality', 'tool quality'),
  kind('recipe_category', 'recipe category', { fullValue: true }),
  kind('ammunition_type', 'ammunition type'),
  kind('json_flag', 'flag'),
  kind('overmap_special', 'overmap special'),
  kind('map_extra', 'map special'),
  kind('field_type', 'field type'),
  kind('body_part', 'body part'),
  kind('martial_art', 'martial art'),
  kind('proficiency', 'proficiency'),
  kind('npc_class', 'NPC class'),
  kind('faction', 'faction'),
  kind('vitamin', 'vitamin'),
  kind('fault', 'fault'),
  kind('harvest', 'harvest entry'),
  kind('item_group', 'item group', { symbol: 'enum' }),
  kind('MIGRATION', 'item migration'),
  kind('MOD_INFO', 'mod', { fullValue: true }),
  kind('mapgen', 'map generator', {
    ids: { from: 'mapgen' },
    definesKinds: [{ kind: 'update_mapgen', title: 'update mapgen function' }, { kind: 'nested_mapgen', title: 'nested mapgen function' }],
  }),
  kind('snippet', 'snippet', { ids: { from: 'snippet' } }),
];
