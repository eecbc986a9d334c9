/**
 * Top-level validation of a definition of one of the spec's kinds: its members against the kind's table,
 * plus the edit-mode rules for `add:` / `remove:` members (spec 2.1, 2.3, 2.5).
 */
import type { EditMode } from '../records/record';
import { isEditMemberName } from './memberKeys';
import type { EditMemberSpec, KindSchema, ObjectSpec } from './types';
import { closest } from '../util/closest';
import { validateMembers, validateValue } from './validate';
import type { ValueSink } from './valueReports';

export { isEditMemberName };

/** A kind's members as an object spec, and whether a member of its table has an edit member's name. */
interface TopLevelSpec {
  readonly spec: ObjectSpec;
  readonly editNamedField: boolean;
}

const topLevelSpecs = new WeakMap<KindSchema, TopLevelSpec>();

function topLevelSpec(schema: KindSchema): TopLevelSpec {
  let top = topLevelSpecs.get(schema);
  if (!top) {
    top = { spec: { kind: 'object', fields: schema.fields, removed: schema.removed, unseen: schema.unseen }, editNamedField: schema.fields.some((f) => isEditMemberName(f.name)) };
    topLevelSpecs.set(schema, top);
  }
  return top;
}

export function kindObjectSpec(schema: KindSchema): ObjectSpec {
  return topLevelSpec(schema).spec;
}

export function editMemberOf(schema: KindSchema, key: string): EditMemberSpec | undefined {
  return schema.editMembers.find((m) => m.member === key);
}

export function validateTopLevel(value: Record<string, unknown>, schema: KindSchema, title: string, editMode: EditMode, sink: ValueSink): void {
  const top = topLevelSpec(schema);
  // The edit members are the walk's extra members (unless the table names one): most definitions have none,
  // and their members are not looked at again.
  const extra = validateMembers(value, top.spec, [], sink, isEditMemberName);
  if (!extra && !top.editNamedField) return;
  for (const key in value) {
    if (!isEditMemberName(key)) continue;
    const v = value[key];
    const member = editMemberOf(schema, key);
    if (!member) {
      const documented = schema.editMembers.map((m) => m.member);
      const near = closest(key, documented);
      sink.problem({
        // The spec's add/remove members (2.3, 2.5).
        code: 'invalid-value', severity: 'error', basis: 'spec', path: [key], part: 'key',
        message: documented.length
          ? `"${key}" is not a documented add/remove member of a ${title}${near ? `; did you mean "${near}"?` : `; documented: ${documented.join(', ')}`}`
          : `A ${title} has no add/remove members ("${key}")`,
        fixes: near ? [{ kind: 'renameKey', to: near }] : undefined,
      });
      continue;
    }
    if (editMode !== 'modify' && editMode !== 'unknown') {
      sink.problem({
        code: 'invalid-value', severity: 'error', basis: 'spec', path: [key], part: 'key',
        message: `"${key}" edits an existing ${title}; it needs "edit-mode": "modify" (this definition is "${editMode}")`,
      });
    }
    validateValue(v, { kind: 'array', of: member.entry }, [key], sink);
  }
}
