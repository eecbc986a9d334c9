/**
 * What making a record asks of its definition's type (see records/record.ts recordsOf): its kind, where it keeps its
 * ids, whether its records keep the whole object. The registry answers for the first thread; the read-ahead thread,
 * which loads no registry, answers from the same facts as plain data (see index/readAheadFile.ts).
 */
import type { KindDeclaration } from '../registry/declaration';
import type { InlineEocRootsByType } from './inlineDefinitions';

export class TypeFacts {
  constructor(readonly kind: string, readonly ids: KindDeclaration['ids'], readonly keepsFullValue: boolean) {}
}

/** Where most types keep their id. */
export const ID_MEMBER: KindDeclaration['ids'] = { from: 'member', member: 'id' };

/** The facts of a type the version does not declare (nor retire): a kind of its own, its id in `id`, summarized. */
export function factsOfUndeclaredType(type: string): TypeFacts {
  return new TypeFacts(type, ID_MEMBER, false);
}

/** What recordsOf asks of the registry. */
export interface RecordTypes {
  factsOf(type: string): TypeFacts;
  /** Where the version's types write effects on condition in place (records/inlineDefinitions.ts). */
  readonly inlineEocRootsByType: InlineEocRootsByType | undefined;
}

/** The facts of every type the version declares or retires, as plain data (for the read-ahead thread). */
export type TypeFactsData = Readonly<Record<string, readonly [kind: string, ids: KindDeclaration['ids'], keepsFullValue: boolean]>>;

/** The facts back from plain data (on the read-ahead thread). */
export function recordTypesFrom(data: TypeFactsData, inlineEocRootsByType: InlineEocRootsByType | undefined): RecordTypes {
  const facts = new Map(Object.entries(data).map(([type, [kind, ids, keeps]]) => [type, new TypeFacts(kind, ids, keeps)]));
  return { factsOf: (type) => facts.get(type) ?? factsOfUndeclaredType(type), inlineEocRootsByType };
}
