/**
 * What a change re-checks: the keys whose definitions changed are bumped, with those of their copy-from
 * descendants whose lineage changed with them; every file defining or referring to a bumped key, whose maps
 * looked up a bumped palette (through palettes naming it, of the game too), or whose last check depends on a kind
 * or id that gained or lost a definition, has its diagnostics checked again.
 */
import type { DefinitionIndex } from '../index/definitionIndex';
import { anyKindKey, refKey, type ReferenceIndex } from '../index/referenceIndex';
import type { LineageCache } from '../index/inheritance';
import { kindsAlsoAccepting } from '../checks/unknownId';
import { PALETTE_KEY_PREFIX } from '../mapgen/resolve';
import type { DefinitionRecord } from '../records/record';
import type { KindRegistry } from '../registry/registry';
import type { SourceFile } from '../sourceFile';
import type { FileStore } from './fileStore';
import type { KeyVersions } from './keyVersions';
import type { CheckResults } from './checkResults';

/** The (kind, id) of a key made by refKey. */
function splitKey(key: string): { kind: string; id: string } {
  const at = key.indexOf('\u0000');
  return { kind: key.slice(0, at), id: key.slice(at + 1) };
}

export interface InvalidationParts {
  readonly registry: KindRegistry;
  readonly store: FileStore;
  readonly defs: DefinitionIndex;
  readonly refs: ReferenceIndex<SourceFile>;
  readonly keys: KeyVersions;
  readonly lineages: LineageCache;
  readonly results: CheckResults;
}

export class Invalidation {
  constructor(private readonly parts: InvalidationParts) {}

  /**
   * Bumps the versions of the changed keys, and of the keys of their copy-from descendants whose lineage (what
   * they inherit) changed with them: memoized checks and lineages depend on the parent's key only. Returns the
   * reported files whose diagnostics depend on a bumped key (defining or referring to it), and those with
   * unknown ids of a kind that gained or lost an id ("did you mean" may change). `seeOtherwise`: the records
   * whose mod sees other mods now (their parents may be others).
   */
  affectedBy(changedKeys: Set<string>, seeOtherwise: ReadonlySet<DefinitionRecord> = new Set()): string[] {
    const { defs, refs, keys, lineages, registry, results, store } = this.parts;
    const below = this.descendants(changedKeys, seeOtherwise);
    // What the definitions say changed for every changed key; whether and where they are, for some only: those
    // bump their existence keys, and their kinds' (the ids "did you mean" offers may have changed).
    const existence = keys.existenceChanged(changedKeys);
    keys.bumpAll(changedKeys);
    for (const key of existence) {
      const { kind, id } = splitKey(key);
      keys.bump(kind + '\u0000*');
      keys.bump(anyKindKey(id));
      const e = keys.madeExistenceKey(key);
      if (e !== undefined) keys.bump(e);
    }
    const bumped = new Set(changedKeys);
    const inherited: string[] = [];
    for (const r of lineages.refresh(below)) {
      for (const id of r.ids) {
        const k = refKey(r.kind, id);
        if (!bumped.has(k)) { bumped.add(k); inherited.push(k); }
      }
    }
    // What a definition inherits is not one of its kind's ids: "did you mean" lists stay valid.
    keys.bumpAll(inherited);
    const affected = new Set<SourceFile>();
    const kinds = new Set<string>();
    for (const key of existence) kinds.add(splitKey(key).kind);
    const referencing = (kind: string, id: string): void => {
      for (const f of refs.filesReferencing(kind, id)) affected.add(f);
      // References of other kinds that this id also satisfies (an item reference resolved by a migration).
      for (const other of [...registry.alsoResolves(kind), ...kindsAlsoAccepting(kind)]) {
        for (const f of refs.filesReferencing(other, id)) affected.add(f);
      }
    };
    for (const key of bumped) {
      const { kind, id } = splitKey(key);
      for (const r of defs.get(kind, id)) affected.add(r.source as SourceFile);
      referencing(kind, id);
      // Maps whose palettes name this one through palettes the reverse index does not know (the game's).
      if (key.startsWith(PALETTE_KEY_PREFIX)) for (const f of results.lookingUpPalette(key)) affected.add(f);
    }
    // The ids the game derives from a definition that came or went (an overmap terrain's rotations) came or went
    // with it: a file naming one is checked again (its memo depends on the definition's key, see unknownId.ts).
    for (const key of existence) {
      const { kind, id } = splitKey(key);
      for (const d of registry.derivedIdsOf(kind, id)) referencing(d.kind, d.id);
    }
    for (const kind of kinds) for (const f of results.namingUnknownOf(kind)) affected.add(f);
    for (const key of existence) for (const f of results.namingKindsOf(splitKey(key).id)) affected.add(f);
    const out: string[] = [];
    for (const f of affected) {
      results.invalidate(f);
      if (f.reported && store.holds(f)) out.push(f.path);
    }
    return out;
  }

  /**
   * Every record below a changed key (children, their children...), found through the copy-from index; and the
   * records whose mod sees other mods now, with everything below them.
   */
  private descendants(changedKeys: ReadonlySet<string>, seeOtherwise: ReadonlySet<DefinitionRecord>): Set<DefinitionRecord> {
    const below = new Set<DefinitionRecord>(seeOtherwise);
    const seen = new Set(changedKeys);
    const queue = [...changedKeys];
    for (const r of seeOtherwise) {
      for (const id of r.ids) {
        const k = refKey(r.kind, id);
        if (!seen.has(k)) { seen.add(k); queue.push(k); }
      }
    }
    while (queue.length) {
      const { kind, id } = splitKey(queue.pop()!);
      for (const r of this.parts.defs.childrenOf(kind, id)) {
        if (below.has(r)) continue;
        below.add(r);
        for (const rid of r.ids) {
          const k = refKey(r.kind, rid);
          if (!seen.has(k)) { seen.add(k); queue.push(k); }
        }
      }
    }
    return below;
  }
}
