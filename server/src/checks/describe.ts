/** How messages name a record: `monster "mon_zombie"`. */
import type { DefinitionRecord } from '../records/record';
import type { KindRegistry } from '../registry/registry';
import type { JsonPath } from '../syntax/locate';

export function describeRecord(registry: KindRegistry, r: DefinitionRecord): string {
  const id = r.ids[0];
  return id === undefined ? `${registry.title(r.kind)} definition` : `${registry.title(r.kind)} "${id}"`;
}

/** The member that names a record, where diagnostics about the whole record are anchored. */
export function idPath(r: DefinitionRecord): JsonPath {
  for (const m of ['abstract', 'id', 'name', 'result']) if (typeof r.value[m] === 'string') return [m];
  return ['type'];
}

/** Where a record comes from, for related-information messages: `mod "dda"`. */
export function describeOrigin(r: DefinitionRecord): string {
  return r.source.modId ? `mod "${r.source.modId}"` : 'no mod';
}
