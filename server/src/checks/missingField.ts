/**
 * `missing-field`: a mandatory member absent from a `create` or `override` definition, after inheritance
 * (spec 2.1, section 7). A `modify` needs none; abstract templates need not be complete.
 */
import type { FieldSpec, KindSchema, TypeSpec } from '../schema/types';
import { inheritsMember } from '../index/inheritance';
import type { RecordCheck } from './context';
import { describeRecord, idPath } from './describe';

export const checkMissingFields: RecordCheck = (record, ctx) => {
  const schema = ctx.project.registry.schemaOfType(record.type);
  if (!schema || record.abstract || record.editMode === 'modify' || record.editMode === 'unknown') return;
  const lineage = ctx.project.lineageOf(record);
  if (lineage.problem) return; // the broken chain is reported instead; its fields are unknowable
  const parent = lineage.parent;
  for (const field of conditionalFields(schema)) {
    const needed = field.required
      || (field.requiredWith !== undefined && inheritsMember(record, lineage, field.requiredWith))
      || (field.requiredUnless !== undefined && !inheritsMember(record, lineage, field.requiredUnless));
    if (!needed || inheritsMember(record, lineage, field.name)) continue;
    const condition = field.required ? '' : field.requiredWith !== undefined ? ` (needed with "${field.requiredWith}")` : ` (needed without "${field.requiredUnless}")`;
    const inherits = (parent ? ` (nor does its copy-from chain)` : '') + condition;
    ctx.report({
      record, path: idPath(record), code: 'missing-field', severity: 'error', basis: schema.basis,
      message: `${describeRecord(ctx.project.registry, record)} is missing mandatory member "${field.name}"${inherits}: ${field.description}`,
      fixes: [{ kind: 'addMembers', members: [{ name: field.name, value: field.default ?? placeholderFor(field.type), choices: choicesOf(field.type) }] }],
      related: parent ? [{ record: parent, path: idPath(parent), message: `copy-from parent ${describeRecord(ctx.project.registry, parent)}, which lacks "${field.name}" too` }] : undefined,
    });
  }
};

/**
 * The fields of a table that can be mandatory (always, or with or without another member), in table order: a
 * generated table has hundreds of fields and none of them mandatory, and every definition is checked.
 */
const conditional = new WeakMap<KindSchema, readonly FieldSpec[]>();
function conditionalFields(schema: KindSchema): readonly FieldSpec[] {
  let fields = conditional.get(schema);
  if (!fields) {
    fields = schema.fields.filter((f) => f.required || f.requiredWith !== undefined || f.requiredUnless !== undefined);
    conditional.set(schema, fields);
  }
  return fields;
}

/** The closed set of a string member, for the fix's snippet to offer (undefined: no set, or one too long to list). */
function choicesOf(type: TypeSpec): readonly string[] | undefined {
  if (type.kind === 'union') return type.options.map(choicesOf).find((c) => c !== undefined);
  return type.kind === 'string' && type.valuesName === undefined ? type.values : undefined;
}

/** A value of the right shape for a quick fix to insert (the modder fills it in). */
function placeholderFor(type: TypeSpec): unknown {
  switch (type.kind) {
    case 'union': return placeholderFor(type.options[0]);
    case 'string': return type.values?.[0] ?? '';
    case 'integer': case 'number': return 0;
    case 'boolean': return false;
    case 'array': case 'tuple': return [];
    case 'object': case 'map': return {};
    default: return '';
  }
}
