/**
 * `missing-field`: a mandatory member absent from a `create` or `override` definition, after inheritance
 * (spec 2.1, section 7). A `modify` needs none; abstract templates need not be complete (but for a member an
 * older version read a default of its own for: checkAbstract). A member an older version read so (FieldSpec.formerly)
 * is repaired to that default for a mod written for that version only (formerDefaults, applied with the verdict).
 */
import type { FieldSpec, KindSchema, Migration, TypeSpec } from '../schema/types';
import type { Diagnostic, DiagnosticFix } from '../diagnostic';
import type { DefinitionRecord } from '../records/record';
import { inheritedMemberOf, inheritsMember, type Lineage } from '../index/inheritance';
import type { CheckContext, RecordCheck } from './context';
import { describeRecord, idPath } from './describe';
import { FORMAT_EXAMPLES } from '../schema/units';

export const checkMissingFields: RecordCheck = (record, ctx) => {
  const schema = ctx.project.registry.schemaOfType(record.type);
  if (!schema || record.editMode === 'modify' || record.editMode === 'unknown') return;
  if (record.abstract) return checkAbstract(record, schema, ctx);
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
    const former = field.formerly?.form === 'absent' ? field.formerly.migration : undefined;
    if (former && parent && !(field.name in record.value) && lineage.inherited.has(field.name)) {
      reportFormerDefault(record, field.name, former, ctx);
      continue;
    }
    if (!needed || inheritsMember(record, lineage, field.name)) continue;
    const condition = field.required ? '' : field.requiredWith !== undefined ? ` (needed with "${field.requiredWith}")` : ` (needed without "${field.requiredUnless}")`;
    const inherits = (parent ? ` (nor does its copy-from chain)` : '') + condition;
    ctx.report({
      record, path: idPath(record), code: 'missing-field', severity: 'error', basis: schema.basis,
      message: `${describeRecord(ctx.project.registry, record)} is missing mandatory member "${field.name}"${inherits}: ${field.description}`,
      fixes: [
        { kind: 'addMembers', members: [{ name: field.name, value: field.default ?? placeholderFor(field.type), choices: choicesOf(field.type), ...(isReference(field.type) ? { usualId: true as const } : {}) }] },
        // What an older version read in its absence: kept only for a mod written for it (formerDefaults).
        ...(former ? [{ kind: 'migrate' as const, migration: former }] : []),
      ],
      related: parent ? [{ record: parent, path: idPath(parent), message: `copy-from parent ${describeRecord(ctx.project.registry, parent)}, which lacks "${field.name}" too` }] : undefined,
    });
  }
};

/**
 * An abstract definition need not be complete, except for a member an older version read a default of its own for
 * (FieldSpec.formerly): the recipe dictionary loads an abstract recipe as any other (recipe_dictionary::load, then
 * recipe::load), so the current game's `mandatory( jo, was_loaded, "activity_level", ... )` refuses an abstract
 * 0.F recipe that neither writes it nor copies it (Aftershock's `bot_utilibot_base`). Reported, with the member to
 * add, only of a mod written for that version (formerDefaults drops it for any other, as before).
 */
function checkAbstract(record: DefinitionRecord, schema: KindSchema, ctx: CheckContext): void {
  const fields = conditionalFields(schema);
  let lineage: Lineage | undefined;
  for (let k = 0; k < fields.length; k++) {
    const field = fields[k];
    if (field.formerly?.form !== 'absent' || field.name in record.value) continue;
    lineage ??= ctx.project.lineageOf(record);
    if (lineage.problem) return;
    // Inherited: what its children take is said of each of them (reportFormerDefault).
    if (lineage.parent && lineage.inherited.has(field.name)) continue;
    const migration = field.formerly.migration;
    if (migration.kind !== 'formerDefault') continue;
    ctx.report({
      record, path: idPath(record), code: 'missing-field', severity: 'error', basis: schema.basis,
      message: `${describeRecord(ctx.project.registry, record)} is missing mandatory member "${field.name}"${lineage.parent ? ' (nor does its copy-from chain)' : ''}, `
        + `which ${migration.version} read as ${JSON.stringify(migration.value)} when absent: this game reads an abstract one as any other`,
      fixes: [{ kind: 'migrate', migration }],
    });
  }
}

/**
 * A definition that takes a member from its copy-from parent where an older version read its own default instead
 * (FieldSpec.formerly, `absent`): a 0.F recipe with copy-from and no `activity_level` crafted at MODERATE_EXERCISE
 * whatever its parent wrote, where the current game takes the parent's. Said, with the member to add, only of a mod
 * written for that version (formerDefaults drops it for any other): for a mod of this game, inheriting is meant.
 */
function reportFormerDefault(record: DefinitionRecord, name: string, migration: Migration, ctx: CheckContext): void {
  if (migration.kind !== 'formerDefault') return;
  const parentValue = inheritedMemberOf((r) => ctx.project.lineageOf(r), record, name);
  ctx.report({
    record, path: idPath(record), code: 'missing-field', severity: 'warning', basis: 'reader',
    message: `${describeRecord(ctx.project.registry, record)} does not write "${name}": ${migration.version} read it as ${JSON.stringify(migration.value)} `
      + `whatever the copy-from parent writes; this game takes the parent's${parentValue !== undefined ? ` (${JSON.stringify(parentValue)})` : ''}`,
    fixes: [{ kind: 'migrate', migration }],
  });
}

/**
 * A file's diagnostics for a mod written for `version` (the version its verdict names, undefined: the checked one):
 * a missing member's repair to what an older version read in its absence (Migration `formerDefault`) is certain,
 * and the first, for a mod written for that version; for any other it is no repair at all, and a definition that
 * inherits the member is nothing to report. Applied to the checks' kept results, which hold no verdict (an edit
 * of another file of the mod can change it); the same list when nothing changes.
 */
export function formerDefaults(diagnostics: Diagnostic[], version: string | undefined): Diagnostic[] {
  let out: Diagnostic[] | undefined;
  for (let i = 0; i < diagnostics.length; i++) {
    const d = diagnostics[i];
    const fixes = d.fixes;
    const at = fixes && d.code === 'missing-field' ? fixes.findIndex(isFormerDefault) : -1;
    if (at < 0) { out?.push(d); continue; }
    out ??= diagnostics.slice(0, i);
    const fix = fixes![at] as Extract<DiagnosticFix, { kind: 'migrate' }>;
    const rest = fixes!.filter((_, k) => k !== at);
    if ((fix.migration as FormerDefault).version === version) out.push({ ...d, fixes: [{ ...fix, certain: true }, ...rest] });
    else if (rest.length) out.push({ ...d, fixes: rest });
  }
  return out ?? diagnostics;
}

type FormerDefault = Extract<Migration, { kind: 'formerDefault' }>;

function isFormerDefault(f: DiagnosticFix): boolean {
  return f.kind === 'migrate' && f.migration.kind === 'formerDefault';
}

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
