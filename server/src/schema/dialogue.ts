/**
 * Dialogue written where a hand-written table does not spell it out (a monster attack's `condition`, a recipe's
 * `result_eocs` written in place: AnySpec.dialogue): read with the version's dialogue language
 * (schema/dialogueLanguage.ts), as the generated tables read it, or where a version has none, with the members
 * named by `referencesByName` as references at any depth. The tables are data shared by the versions that use
 * them; the language and the names are the version's, given here.
 */
import { withLazyType, type FieldSpec, type KindSchema, type SiblingRef, type TypeSpec } from './types';

/**
 * `schema` with each dialogue spec replaced by `language` (a condition or an object of the dialogue language), or
 * given `named` (the same objects where there is neither). The language is made (`language()`, which builds the
 * version's dialogue language) when the type of a member holding dialogue is first read: a definition that writes
 * none is checked without it. Then every such member is mapped, in the table's order, as at once (a table that
 * refers to itself is mapped from the same entry points).
 */
export function withDialogueNames(schema: KindSchema, named: ReadonlyMap<string, SiblingRef> | undefined, language?: () => TypeSpec | undefined): KindSchema {
  if (named === undefined && language === undefined) return schema;
  const holding = schema.fields.filter((f) => holdsDialogue(f.type, new Set()));
  if (holding.length === 0) return schema;
  let types: Map<FieldSpec, TypeSpec> | undefined;
  const mappedTypes = (): Map<FieldSpec, TypeSpec> => {
    if (types) return types;
    const done = new Map<TypeSpec, TypeSpec>();
    const spec = language?.();
    return (types = new Map(holding.map((f) => [f, withNames(f.type, named, done, spec)])));
  };
  return { ...schema, fields: schema.fields.map((f): FieldSpec => (holding.includes(f) ? withLazyType(f, () => mappedTypes().get(f)!) : f)) };
}

/** Whether `spec` has a dialogue spec (AnySpec.dialogue) somewhere: what withNames replaces. */
function holdsDialogue(spec: TypeSpec, seen: Set<TypeSpec>): boolean {
  if (seen.has(spec)) return false;
  seen.add(spec);
  switch (spec.kind) {
    case 'any': return spec.dialogue === true;
    case 'array': return holdsDialogue(spec.of, seen);
    case 'map': return holdsDialogue(spec.value, seen);
    case 'tuple': return spec.items.some((t) => holdsDialogue(t, seen));
    case 'union': return spec.options.some((t) => holdsDialogue(t, seen));
    case 'object': return spec.fields.some((f) => holdsDialogue(f.type, seen));
    default: return false;
  }
}

function withNames(spec: TypeSpec, named: ReadonlyMap<string, SiblingRef> | undefined, done: Map<TypeSpec, TypeSpec>, language: TypeSpec | undefined): TypeSpec {
  const seen = done.get(spec);
  if (seen !== undefined) return seen;
  // A table may refer to itself: while its parts are mapped, it stands for itself.
  done.set(spec, spec);
  const out = mapped(spec, named, done, language);
  done.set(spec, out);
  return out;
}

function mapped(spec: TypeSpec, named: ReadonlyMap<string, SiblingRef> | undefined, done: Map<TypeSpec, TypeSpec>, language: TypeSpec | undefined): TypeSpec {
  const each = (list: readonly TypeSpec[]): readonly TypeSpec[] => {
    const out = list.map((t) => withNames(t, named, done, language));
    return out.every((t, i) => t === list[i]) ? list : out;
  };
  switch (spec.kind) {
    case 'any': return !spec.dialogue ? spec : language ?? { ...spec, namedRefs: named };
    case 'array': { const of = withNames(spec.of, named, done, language); return of === spec.of ? spec : { ...spec, of }; }
    case 'map': { const value = withNames(spec.value, named, done, language); return value === spec.value ? spec : { ...spec, value }; }
    case 'tuple': { const items = each(spec.items); return items === spec.items ? spec : { ...spec, items }; }
    case 'union': { const options = each(spec.options); return options === spec.options ? spec : { ...spec, options }; }
    case 'object': {
      const types = each(spec.fields.map((f) => f.type));
      return types.every((t, i) => t === spec.fields[i].type) ? spec : { ...spec, fields: spec.fields.map((f, i) => (types[i] === f.type ? f : { ...f, type: types[i] })) };
    }
    default: return spec;
  }
}
