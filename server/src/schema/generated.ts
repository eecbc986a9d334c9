/**
 * Member tables generated from a game version's own data (scripts/gen-type-tables.mjs), turned into the
 * KindSchemas the validation walk reads, for every type without a hand-written table. What the data shows is
 * all they claim:
 * - top-level members are closed: a member no definition of the type has is `unknown-field` (did you mean);
 * - nested objects stay open (a member the data does not show may still be read by the game), their known
 *   members checked;
 * - JSON types are the union of those seen (integer and number alike); a member seen fewer than
 *   MIN_EVIDENCE times accepts anything besides (too little to go by), but still indexes its references;
 * - `ref` members are references (find-references, rename, unknown-id); formats check units only (no style
 *   hint, which is the spec's rule for the spec's kinds);
 * - nothing is required: requiredness comes from hand-written tables only;
 * - the inheritance members (`copy-from`, `abstract`, `extend`, `delete`, `relative`, `proportional`) are
 *   always accepted; `//` comments are skipped by the walk.
 */
import type { FieldSpec, KindSchema, MapSpec, ObjectSpec, QuantityFormat, StringSpec, TypeSpec } from './types';

/** One type's table: `n` definitions; `m` member path -> `"<types> <occurrences> [@ref] [%format] [*@keyref]"`. */
export interface GeneratedTable {
  readonly n: number;
  readonly m: Readonly<Record<string, string>>;
}

/** A version's generated tables by JSON type. */
export type GeneratedTables = Readonly<Record<string, GeneratedTable>>;

/** Below this many occurrences a member's JSON types are not enforced. */
export const MIN_EVIDENCE = 3;

const ANY: TypeSpec = { kind: 'any' };
const NUMBER: TypeSpec = { kind: 'number' };
const BOOLEAN: TypeSpec = { kind: 'boolean' };
const OPEN: ObjectSpec = { kind: 'object', fields: [], open: true };

/** A parsed member code. */
export interface MemberCode {
  readonly types: string;
  readonly count: number;
  readonly ref?: string;
  readonly format?: QuantityFormat;
  readonly keyRef?: string;
}

export function parseCode(code: string): MemberCode {
  const parts = code.split(' ');
  const out: { types: string; count: number; ref?: string; format?: QuantityFormat; keyRef?: string } = { types: parts[0], count: Number(parts[1]) };
  for (const p of parts.slice(2)) {
    if (p.startsWith('*@')) out.keyRef = p.slice(2);
    else if (p.startsWith('@')) out.ref = p.slice(1);
    else if (p.startsWith('%')) out.format = p.slice(1) as QuantityFormat;
  }
  return out;
}

/** A path segment: a member name, an array element (`[]`), a tuple position (`[n]`), a map value (`*`). */
export type PathSegment = { readonly name: string } | { readonly element: true } | { readonly position: number } | { readonly mapValue: true };

/** `a.b[][0].*.["x.y"]` -> segments (see scripts/gen-type-tables.mjs for the syntax). */
export function parsePath(p: string): PathSegment[] {
  const out: PathSegment[] = [];
  let i = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === '.') { i++; continue; }
    if (c === '[') {
      if (p[i + 1] === ']') { out.push({ element: true }); i += 2; continue; }
      if (p[i + 1] === '"') {
        let j = i + 2;
        while (j < p.length && p[j] !== '"') j += p[j] === '\\' ? 2 : 1;
        out.push({ name: JSON.parse(p.slice(i + 1, j + 1)) as string });
        i = j + 2;
        continue;
      }
      const close = p.indexOf(']', i);
      out.push({ position: Number(p.slice(i + 1, close)) });
      i = close + 1;
      continue;
    }
    if (c === '*' && (i + 1 === p.length || p[i + 1] === '.' || p[i + 1] === '[')) { out.push({ mapValue: true }); i++; continue; }
    let j = i;
    while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
    out.push({ name: p.slice(i, j) });
    i = j;
  }
  return out;
}

interface Node {
  code?: MemberCode;
  readonly named: Map<string, Node>;
  element?: Node;
  readonly positions: Node[];
  mapValue?: Node;
}

const newNode = (): Node => ({ named: new Map(), positions: [] });

function treeOf(table: GeneratedTable): Node {
  const root = newNode();
  for (const [p, code] of Object.entries(table.m)) {
    let node = root;
    for (const s of parsePath(p)) {
      if ('name' in s) {
        let next = node.named.get(s.name);
        if (!next) { next = newNode(); node.named.set(s.name, next); }
        node = next;
      } else if ('element' in s) {
        node = node.element ??= newNode();
      } else if ('position' in s) {
        node = node.positions[s.position] ??= newNode();
      } else {
        node = node.mapValue ??= newNode();
      }
    }
    node.code = parseCode(code);
  }
  return root;
}

const TYPE_WORDS: Record<string, string> = { s: 'a string', i: 'an integer', n: 'a number', b: 'true or false', a: 'an array', o: 'an object', z: 'null' };

function describe(code: MemberCode, total: number | undefined): string {
  const what = [...code.types].map((t) => (t === 's' && code.ref ? `a \`${code.ref}\` id` : t === 's' && code.format ? `a ${code.format} string` : TYPE_WORDS[t] ?? t));
  const map = code.keyRef ? `; keys are \`${code.keyRef}\` ids` : '';
  const seen = total !== undefined ? `Seen in ${code.count} of ${total} definitions` : `Seen ${code.count} time${code.count === 1 ? '' : 's'}`;
  return `${seen}: ${what.join(' or ')}${map} (from the game's data).`;
}

function specOf(node: Node): TypeSpec {
  const code = node.code;
  if (!code) return ANY;
  const options: TypeSpec[] = [];
  let number = false;
  for (const t of code.types) {
    switch (t) {
      case 's': {
        const s: { kind: 'string'; ref?: string; format?: QuantityFormat; unitStyle?: false } = { kind: 'string' };
        if (code.ref) s.ref = code.ref;
        if (code.format) { s.format = code.format; s.unitStyle = false; }
        options.push(s as StringSpec);
        break;
      }
      case 'i': case 'n':
        if (!number) options.push(NUMBER);
        number = true;
        break;
      case 'b': options.push(BOOLEAN); break;
      case 'a':
        if (node.positions.length) {
          options.push({ kind: 'tuple', items: Array.from(node.positions, (p) => (p ? specOf(p) : ANY)), required: 0, open: true });
        } else {
          options.push({ kind: 'array', of: node.element ? specOf(node.element) : ANY });
        }
        break;
      case 'o':
        if (node.mapValue) {
          const map: MapSpec = { kind: 'map', key: code.keyRef ? { kind: 'string', ref: code.keyRef } : { kind: 'string' }, value: specOf(node.mapValue) };
          options.push(map);
        } else {
          options.push(node.named.size ? { kind: 'object', fields: fieldsOf(node, undefined), open: true } : OPEN);
        }
        break;
      default: // null: anything
        options.push(ANY);
    }
  }
  if (code.count < MIN_EVIDENCE && !options.includes(ANY)) options.push(ANY);
  return options.length === 1 ? options[0] : { kind: 'union', options };
}

function fieldsOf(node: Node, total: number | undefined): FieldSpec[] {
  const out: FieldSpec[] = [];
  for (const [name, child] of [...node.named].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (!child.code) continue;
    out.push({ name, type: specOf(child), description: describe(child.code, total), fromGame: true });
  }
  return out;
}

/** Members every definition may have, whatever its type's data shows (JSON_INHERITANCE). */
function inheritanceFields(kind: string): FieldSpec[] {
  return [
    { name: 'copy-from', type: { kind: 'string', ref: kind }, description: 'Id of a definition of the same kind to inherit every member from; members given here replace the inherited ones.', fromGame: true },
    { name: 'abstract', type: { kind: 'string' }, description: 'Makes this definition a template only other definitions copy from; the string is its id.', fromGame: true },
    { name: 'extend', type: OPEN, description: 'Entries to add to inherited list members (with copy-from).', fromGame: true },
    { name: 'delete', type: OPEN, description: 'Entries to remove from inherited list members (with copy-from).', fromGame: true },
    { name: 'relative', type: OPEN, description: 'Numbers to add to inherited members (with copy-from).', fromGame: true },
    { name: 'proportional', type: OPEN, description: 'Factors to multiply inherited numbers by (with copy-from).', fromGame: true },
  ];
}

/**
 * The KindSchema of one generated table (`kind`: the index kind `copy-from` names; `extra`: members accepted
 * besides, such as an older version's id member that the id check reports itself).
 */
export function schemaFromTable(table: GeneratedTable, kind: string, extra: readonly FieldSpec[] = []): KindSchema {
  const root = treeOf(table);
  const inherited = [...inheritanceFields(kind), ...extra];
  const names = new Set(inherited.map((f) => f.name));
  const fields = [...fieldsOf(root, table.n).filter((f) => !names.has(f.name)), ...inherited];
  if (!fields.some((f) => f.name === 'type')) fields.push({ name: 'type', type: { kind: 'string' }, description: 'The JSON type of the definition.' });
  return { fields, editMembers: [] };
}
