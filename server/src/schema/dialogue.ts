/**
 * Dialogue written where a hand-written table does not spell it out (a monster attack's `condition`, a recipe's
 * `result_eocs` written in place: AnySpec.dialogue): the version's members named by `referencesByName` are
 * references at any depth there, as they are in the generated tables. The tables are data shared by the versions
 * that use them; the names are the version's, given here.
 */
import type { FieldSpec, KindSchema, SiblingRef, TypeSpec } from './types';

/** `schema` with each dialogue spec given `named` (the same objects where it has none). */
export function withDialogueNames(schema: KindSchema, named: ReadonlyMap<string, SiblingRef> | undefined): KindSchema {
  if (named === undefined) return schema;
  const done = new Map<TypeSpec, TypeSpec>();
  let changed = false;
  const fields = schema.fields.map((f): FieldSpec => {
    const type = withNames(f.type, named, done);
    if (type === f.type) return f;
    changed = true;
    return { ...f, type };
  });
  return changed ? { ...schema, fields } : schema;
}

function withNames(spec: TypeSpec, named: ReadonlyMap<string, SiblingRef>, done: Map<TypeSpec, TypeSpec>): TypeSpec {
  const seen = done.get(spec);
  if (seen !== undefined) return seen;
  // A table may refer to itself: while its parts are mapped, it stands for itself.
  done.set(spec, spec);
  const out = mapped(spec, named, done);
  done.set(spec, out);
  return out;
}

function mapped(spec: TypeSpec, named: ReadonlyMap<string, SiblingRef>, done: Map<TypeSpec, TypeSpec>): TypeSpec {
  const each = (list: readonly TypeSpec[]): readonly TypeSpec[] => {
    const out = list.map((t) => withNames(t, named, done));
    return out.every((t, i) => t === list[i]) ? list : out;
  };
  switch (spec.kind) {
    case 'any': return spec.dialogue ? { ...spec, namedRefs: named } : spec;
    case 'array': { const of = withNames(spec.of, named, done); return of === spec.of ? spec : { ...spec, of }; }
    case 'map': { const value = withNames(spec.value, named, done); return value === spec.value ? spec : { ...spec, value }; }
    case 'tuple': { const items = each(spec.items); return items === spec.items ? spec : { ...spec, items }; }
    case 'union': { const options = each(spec.options); return options === spec.options ? spec : { ...spec, options }; }
    case 'object': {
      const types = each(spec.fields.map((f) => f.type));
      return types.every((t, i) => t === spec.fields[i].type) ? spec : { ...spec, fields: spec.fields.map((f, i) => (types[i] === f.type ? f : { ...f, type: types[i] })) };
    }
    default: return spec;
  }
}
