/**
 * `missing-field`: a mandatory member absent from a `create` or `override` definition, after inheritance
 * (spec 2.1, section 7). A `modify` needs none; abstract templates need not be complete.
 */
import type { FieldSpec, KindSchema, TypeSpec } from '../schema/types';
import { inheritsMember } from '../index/inheritance';
import type { RecordCheck } from './context';
import { describeRecord, idPath } from './describe';
import { FORMAT_EXAMPLES } from '../schema/units';

export const checkMissingFields: RecordCheck = (record, ctx) => {
  const schema = ctx.project.registry.schemaOfType(record.type);
  if (!schema || record.abstract || record.editMode === 'modify' || record.editMode === 'unknown') return;
  const lineage = ctx.project.lineageOf(record);
  if (lineage.problem) return; // the broken chain is reported instead; its fields are unknowable
  const parent = lineage.parent;
  const fields = conditionalFields(schema);
  // (Indexed: an iterator for each definition checked, most of them with no such field.)
  for (let k = 0; k < fields.length; k++) {
    const field = fields[k];
    const needed = field.required
      || (field.requiredWith !== undefined && inheritsMember(record, lineage, field.requiredWith))
      || (field.requiredUnless !== undefined && !inheritsMember(record, lineage, field.requiredUnless));
    if (!needed || inheritsMember(record, lineage, field.name)) continue;
    const condition = field.required ? '' : field.requiredWith !== undefined ? ` (needed with "${field.requiredWith}")` : ` (needed without "${field.requiredUnless}")`;
    const inherits = (parent ? ` (nor does its copy-from chain)` : '') + condition;
    ctx.report({
      record, path: idPath(record), code: 'missing-field', severity: 'error', basis: schema.basis,
      message: `${describeRecord(ctx.project.registry, record)} is missing mandatory member "${field.name}"${inherits}: ${field.description}`,
      fixes: [{ kind: 'addMembers', members: [{ name: field.name, value: field.default ?? placeholderFor(field.type), choices: choicesOf(field.type), ...(isReference(field.type) ? { usualId: true as const } : {}) }] }],
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

/**
 * A value of the right shape for a quick fix to insert, that the checks and the game's reader take (the modder
 * then edits it): a symbol one cell wide, a quantity with its unit, a number in its range. The 0.F game rejects
 * `"symbol": ""` ("monster symbol should be exactly one console cell width") and `"hp": 0` ("value outside
 * supported range"), so neither is a placeholder.
 */
function placeholderFor(type: TypeSpec): unknown {
  switch (type.kind) {
    case 'union': return placeholderFor(type.options[0]);
    case 'string':
      if (type.values?.length) return type.values[0];
      if (type.format === 'symbol') return '?';
      return type.format ? FORMAT_EXAMPLES[type.format] : '';
    case 'integer': case 'number': return Math.min(Math.max(0, type.min ?? 0), type.max ?? Infinity);
    case 'boolean': return false;
    case 'array': case 'tuple': return [];
    case 'object': case 'map': return {};
    default: return '';
  }
}

/** Whether a member's value is an id (alone or as one of its forms). */
function isReference(type: TypeSpec): boolean {
  if (type.kind === 'union') return type.options.some(isReference);
  return type.kind === 'string' && (type.ref !== undefined || type.refBy !== undefined);
}
