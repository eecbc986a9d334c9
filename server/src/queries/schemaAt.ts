/**
 * Walks a kind's schema along a JSON path: the TypeSpecs a position accepts and the FieldSpec naming it.
 * Unions are resolved with the JSON type actually written at each level (when known), so that
 * `"upgrades": { "into": ... }` walks the object branch of `upgrades` (false | object).
 */
import type { KindRegistry } from '../registry/registry';
import { editMemberOf, kindObjectSpec } from '../schema/topLevel';
import type { FieldSpec, KindSchema, ObjectSpec, SiblingRef, TypeSpec } from '../schema/types';
import type { DefinitionRecord } from '../records/record';
import type { JsonPath } from '../syntax/locate';

/** A member as the schema documents it: a field of a table, or an `add:` / `remove:` member. */
export interface MemberDoc {
  readonly name: string;
  readonly type: TypeSpec;
  readonly required: boolean;
  readonly description: string;
  readonly default?: unknown;
  readonly fromGame?: boolean;
}

/** The JSON type written at a path, to pick union branches ('object', 'array', 'string'...); undefined if none. */
export type JsonTypeAt = (path: JsonPath) => string | undefined;

/** The record's kind schema as an object spec, with `copy-from` available for kinds without a table. */
export function rootSpec(registry: KindRegistry, record: DefinitionRecord): { schema: KindSchema | undefined; spec: ObjectSpec } {
  const schema = registry.schemaOfType(record.type);
  if (schema) return { schema, spec: kindObjectSpec(schema) };
  return {
    schema: undefined,
    spec: {
      kind: 'object', open: true,
      fields: [{ name: 'copy-from', type: { kind: 'string', ref: record.kind }, description: 'Id of a definition of the same kind to inherit every member from; members given here replace the inherited ones.' }],
    },
  };
}

function matchesJsonType(spec: TypeSpec, jsonType: string | undefined): boolean {
  if (jsonType === undefined) return true;
  switch (spec.kind) {
    case 'string': return jsonType === 'string';
    case 'integer': case 'number': return jsonType === 'number';
    case 'boolean': return jsonType === 'boolean';
    case 'array': case 'tuple': return jsonType === 'array';
    case 'object': case 'map': return jsonType === 'object';
    case 'union': return spec.options.some((o) => matchesJsonType(o, jsonType));
    case 'any': return true;
  }
}

/** Flattens unions, keeping the options that fit the JSON type written there (all of them if none fits). */
export function expand(spec: TypeSpec, jsonType: string | undefined): TypeSpec[] {
  if (spec.kind !== 'union') return [spec];
  const all = spec.options.flatMap((o) => expand(o, undefined));
  const fitting = all.filter((o) => matchesJsonType(o, jsonType));
  return fitting.length ? fitting : all;
}

function step(spec: TypeSpec, seg: string | number): TypeSpec[] {
  switch (spec.kind) {
    case 'object': {
      if (typeof seg !== 'string') return [];
      const f = spec.fields.find((x) => x.name === seg);
      return f ? [f.type] : spec.open ? [{ kind: 'any' }] : [];
    }
    case 'map': return typeof seg === 'string' ? [spec.value] : [];
    case 'array': return typeof seg === 'number' ? [spec.of] : [];
    case 'tuple': return typeof seg === 'number' && seg < spec.items.length ? [spec.items[seg]] : [];
    case 'any': return [spec];
    default: return [];
  }
}

/** The top-level member `name` of a record's kind: a table field or a documented edit member. */
export function topLevelMember(registry: KindRegistry, record: DefinitionRecord, name: string): MemberDoc | undefined {
  const { schema, spec } = rootSpec(registry, record);
  const f = spec.fields.find((x) => x.name === name);
  if (f) return fieldDoc(f);
  if (schema) {
    const e = editMemberOf(schema, name);
    if (e) return { name, type: { kind: 'array', of: e.entry }, required: false, description: `${e.description} (edits \`${e.property}\`; needs "edit-mode": "modify").` };
  }
  return undefined;
}

function fieldDoc(f: FieldSpec): MemberDoc {
  return { name: f.name, type: f.type, required: f.required === true, description: f.description, default: f.default, fromGame: f.fromGame };
}

/** The specs accepted at `path` (unions expanded against what is written). Empty when the schema says nothing. */
export function specsAt(registry: KindRegistry, record: DefinitionRecord, path: JsonPath, jsonTypeAt: JsonTypeAt): TypeSpec[] {
  if (path.length === 0) return [rootSpec(registry, record).spec];
  const first = topLevelMember(registry, record, String(path[0]));
  if (!first) return [];
  let specs = expand(first.type, jsonTypeAt(path.slice(0, 1)));
  for (let k = 1; k < path.length; k++) {
    const here = jsonTypeAt(path.slice(0, k + 1));
    specs = specs.flatMap((s) => step(s, path[k])).flatMap((s) => expand(s, here));
    if (specs.length === 0) break;
  }
  return specs;
}

/** The documented member at `path` (its last segment being a member name), for hover. */
export function memberAt(registry: KindRegistry, record: DefinitionRecord, path: JsonPath, jsonTypeAt: JsonTypeAt): MemberDoc | undefined {
  const last = path[path.length - 1];
  if (typeof last !== 'string') return undefined;
  if (path.length === 1) return topLevelMember(registry, record, last);
  for (const parent of specsAt(registry, record, path.slice(0, -1), jsonTypeAt)) {
    if (parent.kind === 'object') {
      const f = parent.fields.find((x) => x.name === last);
      if (f) return objectFieldDoc(registry, parent, f);
    } else if (parent.kind === 'any') {
      const by = parent.namedRefs?.get(last);
      if (by) return dialogueMember(registry, last, by);
    }
  }
  return undefined;
}

/** Members an object at `path` documents (for completion of member names). */
export function membersOf(registry: KindRegistry, record: DefinitionRecord, path: JsonPath, jsonTypeAt: JsonTypeAt): MemberDoc[] {
  if (path.length === 0) {
    const { schema, spec } = rootSpec(registry, record);
    const out = spec.fields.map(fieldDoc);
    if (schema && record.editMode === 'modify') {
      for (const e of schema.editMembers) out.push({ name: e.member, type: { kind: 'array', of: e.entry }, required: false, description: `${e.description} (edits \`${e.property}\`).` });
    }
    return out;
  }
  const out: MemberDoc[] = [];
  for (const s of specsAt(registry, record, path, jsonTypeAt)) {
    if (s.kind === 'object') out.push(...s.fields.map((f) => objectFieldDoc(registry, s, f)));
    else if (s.kind === 'any' && s.namedRefs) for (const [name, by] of s.namedRefs) out.push(dialogueMember(registry, name, by));
  }
  return out;
}

/**
 * A field of a nested object; one the version names a reference by name (the dialogue language's) says what it
 * names, then what its table says (a documented operator's reader and arguments).
 */
function objectFieldDoc(registry: KindRegistry, parent: ObjectSpec, f: FieldSpec): MemberDoc {
  const by = parent.namedRefs?.get(f.name);
  if (!by) return fieldDoc(f);
  const named = dialogueMember(registry, f.name, by);
  return { ...named, type: f.type, description: f.description ? `${named.description} ${f.description}` : named.description };
}

/** A member a dialogue condition or effect may name (AnySpec.dialogue): one of the version's references by name. */
function dialogueMember(registry: KindRegistry, name: string, by: SiblingRef): MemberDoc {
  const kinds = [...new Set([...Object.values(by.kinds).flat(), ...(by.otherwise ?? [])])].map((k) => registry.aTitle(k));
  return { name, type: { kind: 'string', refBy: by }, required: false, description: `Dialogue: names ${kinds.join(' or ')} (an id, or a list of ids).` };
}

/** `integer`, `string (monster id)`, `"a" | "b"`...: a short name of a type, for hover and completion details. */
export function typeLabel(spec: TypeSpec): string {
  switch (spec.kind) {
    case 'string':
      if (spec.values) return spec.values.length <= 6 ? spec.values.map((v) => `"${v}"`).join(' | ') : `string (${spec.values.length} values)`;
      if (spec.ref) return `${spec.ref} id`;
      if (spec.refBy) return spec.refBy.member === undefined ? `${spec.refBy.otherwise?.join(' or ')} id` : `id of what "${spec.refBy.member}" names`;
      return spec.format ? `${spec.format} string` : 'string';
    case 'integer': case 'number': {
      const range = spec.min !== undefined || spec.max !== undefined ? ` ${spec.min ?? '…'}..${spec.max ?? '…'}` : '';
      return `${spec.kind}${range}`;
    }
    case 'boolean': return 'boolean';
    case 'array': return `${typeLabel(spec.of)}[]`;
    case 'tuple': return `[${(spec.names ?? spec.items.map(typeLabel)).join(', ')}]`;
    case 'object': return 'object';
    case 'map': return `{ ${typeLabel(spec.key)}: ${typeLabel(spec.value)} }`;
    case 'union': return spec.options.map(typeLabel).join(' or ');
    case 'any': return 'any';
  }
}
