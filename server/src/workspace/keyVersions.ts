/**
 * The versions of the keys that memoized checks and lineages depend on (see checks/index.ts): a key
 * (`kind\u0000id`, or a whole kind `kind\u0000*`) is bumped whenever its definitions, or what they inherit, change.
 * An id's existence key is bumped only when where it is defined changes (which mod, abstract or not, edit mode),
 * not what its definitions say: the existence signatures noted before an update tell which changes did that.
 */
import type { DefinitionIndex } from '../index/definitionIndex';
import { refKey, type ReferenceIndex } from '../index/referenceIndex';
import type { DefinitionRecord } from '../records/record';
import type { SourceFile } from '../sourceFile';

export class KeyVersions {
  private readonly versions = new Map<string, number>();
  /** Content key -> its existence key (see existenceKeyOf). */
  private readonly existenceKeys = new Map<string, string>();
  /** Per key an update under way changes: its existence signature before the update (see existenceChanged). */
  private readonly signaturesBefore = new Map<string, string>();
  /** An update that changes the mods is under way: every changed key counts as found elsewhere now. */
  private modsChanging = false;

  constructor(private readonly defs: DefinitionIndex, private readonly refs: ReferenceIndex<SourceFile>) {}

  /** Version of a key (or of a whole kind, `kind\u0000*`). */
  versionOf(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  bump(key: string): void {
    this.versions.set(key, this.versionOf(key) + 1);
  }

  bumpAll(keys: Iterable<string>): void {
    for (const key of keys) this.bump(key);
  }

  /** The reverse index's copy of the key of (kind, id) (see refKey), when it has one: memos keep that, not a new string. */
  sharedKeyOf(kind: string, id: string): string | undefined {
    return this.refs.sharedKeyOf(kind, id);
  }

  /** See CheckHost.existenceKeyOf: made once per key. */
  existenceKeyOf(kind: string, id: string): string {
    const key = this.sharedKeyOf(kind, id) ?? refKey(kind, id);
    let existence = this.existenceKeys.get(key);
    if (existence === undefined) {
      existence = `${key}\u0001`;
      this.existenceKeys.set(key, existence);
    }
    return existence;
  }

  /** The existence key of a content key, if a check ever asked for it (none asked: no memo depends on it). */
  madeExistenceKey(key: string): string | undefined {
    return this.existenceKeys.get(key);
  }

  /**
   * What finding (kind, id) depends on: each definition's mod, whether it is abstract and its edit mode (what
   * the checks' `accepts` read: a `modify` is no target of another `modify`, see checks/modifyMissing.ts).
   */
  private existenceSignature(kind: string, id: string): string {
    let out = '';
    for (const r of this.defs.get(kind, id)) out += `${r.source.modId ?? ''}\u0002${r.abstract ? 1 : 0}\u0002${r.editMode}\u0003`;
    return out;
  }

  /** Notes the existence signatures of a record's keys before an update changes them (once per key and update). */
  noteSignaturesBefore(r: DefinitionRecord): void {
    if (this.modsChanging) return;
    for (const id of r.ids) {
      const key = refKey(r.kind, id);
      if (!this.signaturesBefore.has(key)) this.signaturesBefore.set(key, this.existenceSignature(r.kind, id));
    }
  }

  /**
   * The changed keys whose definitions changed where they are or whether they are abstract, not only what they
   * say: those noted before the update with another signature now, and those not noted (conservatively).
   */
  existenceChanged(changed: Iterable<string>): Set<string> {
    const out = new Set<string>();
    for (const key of changed) {
      const before = this.signaturesBefore.get(key);
      const at = key.indexOf('\u0000');
      if (before === undefined || before !== this.existenceSignature(key.slice(0, at), key.slice(at + 1))) out.add(key);
    }
    this.signaturesBefore.clear();
    return out;
  }

  /** Forgets the signatures noted so far: they say nothing about the update to come (see Updates). */
  forgetSignatures(): void {
    this.signaturesBefore.clear();
  }

  /**
   * Runs an update that changes the mods: what each mod sees may change, so no signature taken under the old mods
   * tells whether an id is still found; none is noted, and every changed key counts as found elsewhere.
   */
  whileModsChange<T>(update: () => T): T {
    this.signaturesBefore.clear();
    this.modsChanging = true;
    try {
      return update();
    } finally {
      this.modsChanging = false;
    }
  }
}
