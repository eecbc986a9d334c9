/**
 * What a walk of a value along its TypeSpec reports (validate.ts): the problems, the references it meets, the sink
 * they go to; and the words its messages use for paths, JSON types and specs.
 */
import type { JsonPath, Part } from '../syntax/locate';
import type { Migration, TypeSpec } from './types';
import { FORMAT_NAMES } from './units';
import { brief } from '../util/brief';
import type { Basis } from '../basis';

export type ValueCode = 'invalid-value' | 'unknown-field' | 'bad-unit' | 'unit-style' | 'missing-field' | 'removed-member' | 'game-rejects';

/**
 * A machine-readable repair, turned into a code action at the edge. `certain`: the repair writes what the game
 * itself reads the same way (a unit's case, a member the game renamed, an id the game migrates, a legacy type),
 * so it is applied unattended (`check --fix`, `migrate`, "Fix all", see queries/fixAll.ts); a guess (did you
 * mean, a placeholder value) is never certain.
 */
export type Fix = (
  | { readonly kind: 'replaceValue'; readonly text: string }
  | { readonly kind: 'renameKey'; readonly to: string }
  | { readonly kind: 'migrate'; readonly migration: Migration }
) & FixCertainty;

export interface FixCertainty {
  readonly certain?: true;
}

export interface ValueProblem {
  readonly code: ValueCode;
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
  readonly path: JsonPath;
  readonly part: Part;
  readonly message: string;
  /** What the verdict rests on when the walk knows better than the table (see KindSchema.basis): undefined, the table's. */
  readonly basis?: Basis;
  readonly fixes?: readonly Fix[];
}

export interface FoundReference {
  readonly path: JsonPath;
  readonly kind: string;
  readonly id: string;
  /** The id is the member name at `path` (a map key such as `starting_ammo`'s), not its value. */
  readonly key?: true;
  /** Inferred from little evidence (StringSpec.weakRef), or harmless unknown (SiblingRef.weak): unresolved, a warning. */
  readonly weak?: boolean;
  /**
   * Another kind the same string may name, after the reference of its own kind at the same path (see SiblingRef:
   * a spell summoning a monster or a monster group): found by find references and rename; the unknown-id check
   * judges the string once, by its own kind and these.
   */
  readonly alternative?: true;
  /** What the reference's kind rests on when not on the table's basis (StringSpec.basis): `data`, `documentation`. */
  readonly basis?: Basis;
  /** The string writes one of the id's variants after it (`"frame#cross"` for `frame`, see StringSpec.variants). */
  readonly variant?: true;
}

export interface ValueSink {
  problem(p: ValueProblem): void;
  reference(r: FoundReference): void;
  /**
   * A reference given as the walk's own path stack (the sink copies what it keeps), when the sink can take it
   * so: the walk then makes no object for it (references are most of what the walk finds).
   */
  referenceAt?(path: readonly (string | number)[], kind: string, id: string, key: boolean, weak: boolean, alternative?: boolean, basis?: Basis, variant?: boolean): void;
  /**
   * With `rollBack`, for a sink that can take back what it was given (schema/validate.ts tryOptions walks a union's
   * options straight into it): how many problems and how much of the references it holds so far.
   */
  problemsSoFar?(): number;
  referencesSoFar?(): number;
  /** Drops the problems and references given since the counts were `problems` and `references`. */
  rollBack?(problems: number, references: number): void;
}


/** `melee_damage[0].damage_type` style label of a path. */
export function pathLabel(path: JsonPath): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? p : `.${p}`;
  return out;
}

export function jsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export function show(v: unknown): string {
  return brief(v, 40);
}

/** What a spec expects, in words, for messages. */
export function describeType(spec: TypeSpec): string {
  switch (spec.kind) {
    case 'string': return spec.format && spec.format !== 'symbol' ? FORMAT_NAMES[spec.format] : 'a string';
    case 'integer': return 'an integer';
    case 'number': return 'a number';
    case 'boolean': return 'true or false';
    case 'array': return `an array of ${describeType(spec.of).replace(/^an? /, '')}s`.replace(/ss$/, 's');
    case 'tuple': return `an array [${(spec.names ?? spec.items.map((i) => describeType(i))).join(', ')}]`;
    case 'object': case 'map': return 'an object';
    case 'union': return spec.options.map(describeType).join(' or ');
    case 'any': return 'any value';
  }
}
