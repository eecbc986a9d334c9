#!/usr/bin/env node
// Derives, from a game version's own data, the member table of every JSON type that version loads and that the
// engine has no hand-written table for:
//   npx tsc -p . && node scripts/gen-type-tables.mjs GAME_DIR VERSION_ID [OUT_FILE] [--without MOD_ID]
//   (--without A,B,...: OUT_FILE a folder getting A.json, B.json..., each learned without that mod, from one parse)
// GAME_DIR holds json/ and mods/ (core and every mod). Output:
// server/src/registry/versions/generated/tables-<slug>.ts (slug: 0F, current), read by schema/generated.ts.
//
// Plain Node, no dependencies but the engine itself, compiled (out/): its Project indexes the folder as the
// editor would (the same mods, ids, copy-from, aliases, visibility) and its registry says the index kind of
// each type and which types have a hand-written table. The output is deterministic (sorted). Files the engine
// does not load (a mod's mod_interactions folder for a mod the game folder lacks) are not read.
//
// Per type: the number of definitions, and per member PATH its JSON types, how often it occurs, and when
// inferred a reference kind or a unit format. Path syntax: `a.b` members, `a[]` elements of an array,
// `a[][0]` positions of tuple-like arrays, `a.*` values of a map-like object; a member name that is not plain
// is written as a JSON string in brackets (`a.["x.y"]`).
//
// Heuristics (documented in docs/game-versions.md):
// - map-like object (`*`): its keys are data, not member names: (1) every key is one character (grapheme) and
//   there are at least 4 of them, or one is not a letter (mapgen and palette symbol maps); (2) all keys are
//   integers; (3) at least 3 distinct keys and at least 90% of them (all but 3 at most) are ids of one index
//   kind (damage types, ammunition types, materials...); (4) many names (>= 20 distinct keys), at least half
//   of them in one object only, all holding values of one JSON type (parameters, free-form dictionaries;
//   a grammar of rarely used members such as dialogue effects holds values of every type). Its keys are a
//   reference when they qualify as one (below).
// - tuple-like array: at most 4 elements, at least 2 positions seen, and the JSON types at position 0 never
//   occur at a later position (`[ "id", 5 ]`).
// - ref: >= 99% of the distinct string values (and >= 3 distinct values, or all of them when fewer) are
//   non-abstract ids of exactly one index kind, resolved from the mod of every definition that writes the value
//   (its dependencies and core), exactly as the unknown-id check resolves them (ids of a kind's
//   `alsoResolvedBy` kinds, built-in and derived ids count; a template may name a template). When several
//   kinds qualify: the kind whose ids the others' answer (item over MIGRATION), else the one the member name
//   names best (`u_learn_recipe` -> recipe; with fewer than 3 values every word of the kind must be there),
//   else the one another merely mirrors (damage_type over damage_info_order), else none; all listed at the
//   end of the output. A type's own id members (`id`, `abstract`, `copy-from`...), text members (`name`,
//   `description`, `str`...) and the reviewed NOT_REFERENCES are never references. A reference inferred from
//   fewer than 3 distinct values is weak (`@?kind`): indexed alike, an unresolved id is a warning.
// - format: no ref, and every string value parses as one unit format (schema/units.ts, without style hints).
// - dialogue members (below a condition, effect, if/then/else, run_eocs... at any depth, in any type) mean the
//   same wherever they are: their values are pooled by member name over the whole version and one reference
//   decision applies to every such path (`u_add_effect` -> effect_type; `compare_string`: none); they are written
//   once per member name (DIALOGUE, read by schema/dialogueLanguage.ts), not in each type's table.
// - types of one kind (0.F item types) read a member they share alike: its JSON types are united.
// - size: nested paths seen once, without a ref, below a map or deeper than 6 levels are dropped (they are
//   accepted unchecked: nested objects stay open); paths deeper than 12 levels are not descended into.
import * as fs from 'fs';
import * as path from 'path';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const require = createRequire(import.meta.url);
// --without MOD_ID: learn from every mod but that one (scripts/leave-one-mod-out.mjs checks it against the result);
// an OUT_FILE ending in .json gets the tables as JSON.
const argv = process.argv.slice(2);
const withoutAt = argv.indexOf('--without');
const without = withoutAt >= 0 ? argv.splice(withoutAt, 2)[1] : undefined;
const [gameDir, versionId, outArg] = argv;
if (!gameDir || !versionId) {
  console.error('usage: npx tsc -p . && node scripts/gen-type-tables.mjs GAME_DIR VERSION_ID [OUT_FILE]');
  process.exit(2);
}
const out = (p) => path.join(root, 'out', 'server', 'src', p);
if (!fs.existsSync(out('registry/versions/index.js'))) {
  console.error('build the engine first (npx tsc -p .): the generator reads its compiled registry');
  process.exit(2);
}
const { findVersion, registryOf } = require(out('registry/versions/index.js'));
const { derivedBases } = require(out('registry/registry.js'));
const { fullValueOf } = require(out('records/record.js'));
const { Project } = require(out('project.js'));
const { checkQuantity } = require(out('schema/units.js'));
const version = findVersion(versionId);
if (!version) { console.error(`unknown version ${versionId}`); process.exit(2); }
const registry = registryOf(version);

const FORMATS = ['volume', 'mass', 'time', 'length', 'energy', 'power', 'money'];
const INHERITANCE = new Set(['copy-from', 'abstract', 'extend', 'delete', 'relative', 'proportional', 'edit-mode']);
const MAX_DEPTH = 12;
const isComment = (k) => k.startsWith('//');

// ---------------------------------------------------------------- reading the data

// The engine indexes the game folder as a workspace: the same mods, the same ids (copy-from, recipe ids,
// aliases, mapgen functions), the same visibility (a mod sees its dependencies and core).
const project = new Project({ gamePath: gameDir, roots: [gameDir], gameVersion: version.id });
project.load();
const files = [...project.files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
for (const f of files) project.ensureParsed(f);

const wanted = (type) => registry.handWrittenSchemaOfType(type) === undefined;

/** type -> definitions: { value, mod, abstract } (only types that get a table), learned without mod `without`. */
function definitionsByType(without) {
  const defsByType = new Map();
  for (const file of files) {
    let last = -1;
    for (const r of file.records) {
      // A map generator with two ids has two records; an effect on condition written in place (r.inline) is part
      // of the definition holding it, whose value is the whole of that definition (records/inlineDefinitions.ts).
      if (r.index === last || r.inline || !wanted(r.type) || (without !== undefined && r.source.modId === without)) continue;
      last = r.index;
      let list = defsByType.get(r.type);
      if (!list) defsByType.set(r.type, list = []);
      list.push({ value: fullValueOf(r), mod: r.source.modId, abstract: r.abstract });
    }
  }
  return defsByType;
}

/** type -> members that hold its own ids (never references). */
function idMembersOf(type) {
  const rule = registry.idRuleOf(type);
  const own = new Set(['id', 'alias', 'alias[]', 'abstract', 'copy-from', 'type']);
  if (rule.from === 'member') own.add(rule.member);
  if (rule.from === 'mapgen') { own.add('update_mapgen_id'); own.add('nested_mapgen_id'); }
  if (rule.from === 'snippet') own.add('text[].id');
  return own;
}

// ---------------------------------------------------------------- resolving ids as the engine does

/** id -> kinds with a definition of it (templates too: a template may name one), or a built-in one. */
const kindsById = new Map();
const addKind = (id, kind) => { let s = kindsById.get(id); if (!s) kindsById.set(id, s = new Set()); s.add(kind); };
for (const kind of project.defs.kinds()) for (const id of project.defs.entries(kind).keys()) addKind(id, kind);
for (const [kind, list] of Object.entries(version.builtInIds ?? {})) for (const id of list) addKind(id, kind);
const answeredBy = new Map(); // kind -> kinds whose references it also answers (MIGRATION -> item)
for (const d of registry.kinds) for (const k of d.alsoResolvedBy ?? []) { let s = answeredBy.get(k); if (!s) answeredBy.set(k, s = new Set()); s.add(d.kind); }

/** Kinds a value might name (before visibility). */
function candidateKinds(v) {
  const out = new Set(kindsById.get(v) ?? []);
  for (const k of [...out]) for (const a of answeredBy.get(k) ?? []) out.add(a);
  for (const d of version.derivedIds ?? []) for (const base of derivedBases(d, v)) if (d.from === undefined || kindsById.get(base)?.has(d.from)) out.add(d.kind);
  return out;
}

const resolveCache = new Map();
/**
 * Whether a reference to (kind, v) resolves from a definition of mod `use` (`\u0001` prefix: an abstract
 * definition, which may name templates too): as checks/unknownId.ts decides.
 */
function resolvesFrom(kind, v, use) {
  const key = `${kind}\u0000${v}\u0000${use}`;
  let r = resolveCache.get(key);
  if (r !== undefined) return r;
  const abstractUse = use.startsWith('\u0001');
  const mod = abstractUse ? use.slice(1) : use;
  const visible = project.graph.visibleFrom(mod === '' ? undefined : mod);
  const ok = (k, id) => project.defs.get(k, id).some((d) => (!d.abstract || abstractUse) && d.source.modId !== undefined && visible.has(d.source.modId));
  r = [kind, ...registry.alsoResolvedBy(kind)].some((k) => ok(k, v)) || registry.isBuiltIn(kind, v, ok);
  resolveCache.set(key, r);
  return r;
}

/** Whether every use of a value (mods that wrote it) resolves as (kind, v). */
const resolvesEverywhere = (kind, v, uses) => { for (const u of uses) if (!resolvesFrom(kind, v, u)) return false; return true; };

// ---------------------------------------------------------------- paths

const PLAIN = /^[^.[\]*"\\]+$/;
const seg = (k) => (PLAIN.test(k) ? k : `[${JSON.stringify(k)}]`);
const join = (p, k) => (p === '' ? seg(k) : `${p}.${seg(k)}`);
const depthOf = (p) => (p.match(/\.|\[/g) ?? []).length + (p === '' ? 0 : 1);
const jsonType = (v) => (v === null ? 'z' : Array.isArray(v) ? 'a' : typeof v === 'number' ? (Number.isInteger(v) ? 'i' : 'n') : typeof v === 'string' ? 's' : typeof v === 'boolean' ? 'b' : 'o');

/**
 * One walk over a type's definitions with the shape decisions so far (map paths, tuple paths): per path the
 * JSON types, occurrences and string values; per object path its keys; per array path its positional types.
 */
function collect(defs, maps, tuples) {
  const stats = new Map();
  const at = (p) => { let s = stats.get(p); if (!s) stats.set(p, s = { types: new Set(), count: 0, strings: new Map(), keys: null, instances: 0, positions: null, maxLen: 0, belowMap: false }); return s; };
  let use = '';
  const visit = (v, p, depth, belowMap) => {
    const s = at(p);
    s.count++;
    if (belowMap) s.belowMap = true;
    const t = jsonType(v);
    s.types.add(t);
    if (t === 's') { let u = s.strings.get(v); if (!u) s.strings.set(v, u = new Set()); u.add(use); }
    if (depth >= MAX_DEPTH) return;
    if (t === 'o') {
      if (!s.keys) s.keys = new Map();
      s.instances++;
      const isMap = maps.has(p);
      for (const [k, x] of Object.entries(v)) {
        if (isComment(k)) continue;
        s.keys.set(k, (s.keys.get(k) ?? 0) + 1);
        let ku = (s.keyUses ??= new Map()).get(k); if (!ku) s.keyUses.set(k, ku = new Set()); ku.add(use);
        (s.valueTypes ??= new Set()).add(jsonType(x));
        if (isMap) {
          const ks = at(`${p}.*`).mapKeys ?? (at(`${p}.*`).mapKeys = new Map());
          let u = ks.get(k); if (!u) ks.set(k, u = new Set()); u.add(use);
          visit(x, `${p}.*`, depth + 1, true);
        } else {
          visit(x, join(p, k), depth + 1, belowMap);
        }
      }
    } else if (t === 'a') {
      if (!s.positions) s.positions = [];
      s.maxLen = Math.max(s.maxLen, v.length);
      v.slice(0, 5).forEach((x, i) => { (s.positions[i] ??= new Set()).add(jsonType(x)); });
      const isTuple = tuples.has(p);
      v.forEach((x, i) => visit(x, isTuple ? `${p}[${i}]` : `${p}[]`, depth + 1, belowMap));
    }
  };
  for (const d of defs) {
    use = `${d.abstract ? '\u0001' : ''}${d.mod ?? ''}`;
    for (const [k, x] of Object.entries(d.value)) {
      if (isComment(k)) continue;
      if (INHERITANCE.has(k) && k !== 'copy-from' && k !== 'abstract') { const s = at(seg(k)); s.count++; s.types.add(jsonType(x)); continue; }
      visit(x, seg(k), 1, false);
    }
  }
  return stats;
}

/**
 * Reviewed: members whose values happen to be ids of one kind but are not references, by type (why).
 * - start_location `terrain`: overmap terrain match patterns (ot_match_type, default `contains`): "urban_library"
 *   matches urban_library_1_north.
 */
const NOT_REFERENCES = {
  start_location: ['terrain[]', 'terrain[].om_terrain'],
};

/** The last member of a path holding a dialogue variable value. */
const VARIABLE_MEMBER = /(^|\.)(math|u_val|npc_val|global_val|context_val|var_val)$/;

/** Words of member names that say nothing about the kind named. */
const STOP_WORDS = new Set(['u', 'npc', 'has', 'is', 'id', 'the', 'of', 'at', 'to', 'on', 'get', 'set', 'add', 'any', 'new', 'old', 'value', 'type']);
/** Members holding text to show, never ids (their values may happen to spell one). */
const TEXT_MEMBERS = new Set(['name', 'description', 'str', 'str_pl', 'str_sp', 'ctxt', 'text', 'message', 'msg']);
/** Kinds whose ids are copies of another kind's ids, by design. */
const MIRRORS = { damage_info_order: 'damage_type', body_graph: 'body_part' };

/** The one index kind that ≥99% of the distinct values name (see the header), with why, or undefined. */
function inferKind(valueUses, nameHint) {
  const distinct = [...valueUses.keys()].filter((v) => v !== '');
  if (distinct.length === 0) return undefined;
  const counts = new Map();
  const resolved = new Map(); // kind -> Set of values
  for (const v of distinct) {
    for (const kind of candidateKinds(v)) {
      if (!resolvesEverywhere(kind, v, valueUses.get(v))) continue;
      let set = resolved.get(kind); if (!set) resolved.set(kind, set = new Set()); set.add(v);
    }
  }
  const fits = [];
  for (const [kind, set] of [...resolved].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const n = set.size;
    const ok = distinct.length >= 3 ? n >= 0.99 * distinct.length : n === distinct.length;
    if (ok) fits.push({ kind, n });
  }
  if (fits.length === 0) return undefined;
  const unresolved = (kind) => distinct.filter((v) => !resolved.get(kind)?.has(v)).sort();
  const pick = (kind, how) => ({ kind, how, weak: distinct.length < 3, unresolved: kind ? unresolved(kind) : [], ambiguous: fits.length > 1 ? fits.map((f) => `${f.kind} (${f.n}/${distinct.length})`) : undefined });
  // A kind whose ids also answer another fitting kind's references (MIGRATION for item) is that kind's.
  const main = fits.filter((f) => !fits.some((g) => g !== f && registry.alsoResolvedBy(g.kind).includes(f.kind)));
  if (main.length === 1) return pick(main[0].kind, 'answers the other');
  // Several kinds: the one the member name names best (shared words: `u_learn_recipe` -> recipe,
  // `u_at_om_location` -> overmap_location), else a kind whose ids mirror another's (damage_info_order and
  // body_graph ids are damage type and body part ids), else none.
  const words = (x) => new Set(x.toLowerCase().split(/[^a-z0-9]+/).map((w) => w.replace(/s$/, '')).filter((w) => w.length > 1 && !STOP_WORDS.has(w)));
  const hint = words(nameHint);
  const scored = main.map((f) => { const w = [...words(f.kind)]; const score = w.filter((x) => hint.has(x)).length; return { kind: f.kind, score, all: score === w.length }; }).sort((a, b) => b.score - a.score);
  // With fewer than 3 values to go by, the name must hold every word of the kind's.
  if (scored[0].score > 0 && (scored.length === 1 || scored[1].score < scored[0].score) && (distinct.length >= 3 || scored[0].all)) return pick(scored[0].kind, 'by its name');
  const unmirrored = main.filter((f) => !(MIRRORS[f.kind] && main.some((g) => g.kind === MIRRORS[f.kind])));
  if (unmirrored.length === 1) return pick(unmirrored[0].kind, 'the other mirrors its ids');
  return pick(undefined, '');
}

/** The unit format every value parses as (errors only; style hints do not count), or undefined. */
function inferFormat(values) {
  const distinct = [...values];
  if (distinct.length === 0) return undefined;
  for (const f of FORMATS) if (distinct.every((v) => { const p = checkQuantity(v, f, 'x', false); return !p || p.severity !== 'error'; })) return f;
  return undefined;
}

const isLetter = (k) => /^\p{L}$/u.test(k);
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const isOneCharacter = (k) => { let n = 0; for (const _ of graphemes.segment(k)) if (++n > 1) return false; return n === 1; };

/** Whether an object path is map-like (see the header), and its key kind. */
function mapDecision(s) {
  const keys = [...s.keys.keys()];
  if (keys.length === 0) return undefined;
  const chars = keys.every(isOneCharacter);
  if (chars && (keys.length >= 4 || keys.some((k) => !isLetter(k)))) return { why: 'symbols' };
  if (keys.every((k) => /^-?\d+$/.test(k))) return { why: 'integers' };
  if (keys.length >= 3) {
    const n = new Map();
    for (const k of keys) for (const kind of candidateKinds(k)) if (resolvesEverywhere(kind, k, s.keyUses.get(k))) n.set(kind, (n.get(kind) ?? 0) + 1);
    for (const [kind, c] of [...n].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (c >= 0.9 * keys.length && keys.length - c <= 3) return { why: `ids of ${kind}` };
  }
  // Free names: many keys, most of them in one object only, all holding values of one JSON type (a grammar of
  // many rarely used members, such as dialogue effects, holds values of every type).
  if (keys.length >= 20 && keys.filter((k) => s.keys.get(k) === 1).length >= keys.length / 2 && s.valueTypes.size === 1) return { why: 'names' };
  return undefined;
}

function tupleDecision(s) {
  if (!s.positions || s.maxLen > 4 || s.positions.length < 2) return false;
  const first = s.positions[0];
  if (first.has('z')) return false;
  for (let i = 1; i < s.positions.length; i++) for (const t of s.positions[i]) if (first.has(t)) return false;
  return true;
}

function tableOf(type, defs) {
  const maps = new Set();
  const mapWhy = new Map();
  const tuples = new Set();
  let stats;
  for (let round = 0; round < 20; round++) {
    stats = collect(defs, maps, tuples);
    const newMaps = [];
    const newTuples = [];
    for (const [p, s] of stats) {
      if (s.keys && !maps.has(p)) { const d = mapDecision(s); if (d) { newMaps.push(p); mapWhy.set(p, d.why); } }
      if (s.positions && !tuples.has(p) && tupleDecision(s)) newTuples.push(p);
    }
    // Shallowest first: a decision changes the paths below it.
    const fresh = [...newMaps, ...newTuples];
    const keep = (p) => !fresh.some((q) => q !== p && p.startsWith(q) && (p[q.length] === '.' || p[q.length] === '['));
    const m = newMaps.filter(keep), t = newTuples.filter(keep);
    if (m.length === 0 && t.length === 0) break;
    for (const p of m) maps.add(p);
    for (const p of t) tuples.add(p);
  }
  const own = idMembersOf(type);
  const members = [];
  const ambiguous = [];
  const unresolvedNotes = [];
  for (const [p, s] of stats) {
    const types = [...s.types].sort(typeOrder).join('');
    const depth = depthOf(p);
    const code = { types, count: s.count };
    const last = lastName(p);
    let pending;
    if (s.strings.size && !own.has(p) && !INHERITANCE.has(p) && !TEXT_MEMBERS.has(last) && !NOT_REFERENCES[type]?.includes(p)) {
      if (isDialogue(p)) {
        // Decided with every use of the member name in dialogue, below (inferDialogue).
        pending = last;
        let pool = dialoguePool.get(last);
        if (!pool) dialoguePool.set(last, pool = new Map());
        for (const [v, uses] of s.strings) { let u = pool.get(v); if (!u) pool.set(v, u = new Set()); for (const x of uses) u.add(x); }
      } else {
        const k = inferKind(s.strings, last);
        if (k?.ambiguous) ambiguous.push(`${p}: ${k.ambiguous.join(', ')}${k.kind ? ` -> ${k.kind} (${k.how})` : ''}`);
        if (k?.kind) { code.ref = k.weak ? `?${k.kind}` : k.kind; if (k.unresolved.length) unresolvedNotes.push(`${p} -> ${code.ref}: ${listValues(k.unresolved)}`); }
      }
      if (!code.ref) code.format = inferFormat(s.strings.keys());
    }
    if (p.endsWith('.*') && s.mapKeys) {
      const k = inferKind(s.mapKeys, p.slice(0, -2).split('.').pop() ?? '');
      if (k?.ambiguous) ambiguous.push(`${p} (keys): ${k.ambiguous.join(', ')}${k.kind ? ` -> ${k.kind} (${k.how})` : ''}`);
      if (k?.kind) { code.keyRef = k.weak ? `?${k.kind}` : k.kind; if (k.unresolved.length) unresolvedNotes.push(`${p} (keys) -> ${code.keyRef}: ${listValues(k.unresolved)}`); }
    }
    // Size: rare nested paths carry no check worth their line (their objects stay open).
    const rare = depth > 1 && s.count === 1 && (s.belowMap || depth > 6);
    members.push({ p, code, why: mapWhy.get(p), rare, pending, strings: pending ? s.strings : undefined });
  }
  members.sort((a, b) => (a.p < b.p ? -1 : a.p > b.p ? 1 : 0));
  // Dialogue values: a type whose data writes variable objects ({ "math": [...] }, { "u_val": "x" }...).
  const vars = [...stats.keys()].some((p) => VARIABLE_MEMBER.test(p));
  return { count: defs.length, vars, members, ambiguous: ambiguous.sort(), unresolved: unresolvedNotes.sort() };
}

const listValues = (values) => `${values.slice(0, 12).map((x) => JSON.stringify(x)).join(', ')}${values.length > 12 ? ` (+${values.length - 12})` : ''}`;

/** The last member name of a path (`effect[].u_add_effect` -> u_add_effect). */
const lastName = (p) => p.replace(/\[\d*\]|\.\*/g, '').split('.').pop() ?? p;

/**
 * Members of the dialogue and effect-on-condition grammar (conditions and effects, nested in every type at any
 * depth): a member name means the same wherever it is (`u_add_effect` names an effect), so its values are
 * pooled over the whole version, and one decision applies to every path that ends in it.
 */
// The engine's list (schema/dialogueLanguage.ts), which reads these paths by name: one list for both.
const { DIALOGUE_CONTAINERS, dialogueKeyOf } = require(out('schema/dialogueLanguage.js'));
const { inlineEocRootsOf } = require(out('registry/registry.js'));
const isDialogue = (p) => p.replace(/\[\d*\]|\.\*/g, '').split('.').slice(0, -1).some((n) => DIALOGUE_CONTAINERS.has(n));
/** member name -> its string values with their uses, over every dialogue path of the version. */
const dialoguePool = new Map();

/** Decides the pooled dialogue members (see isDialogue); returns notes for the output. */
function inferDialogue(tables) {
  const decided = new Map();
  const notes = [];
  for (const [name, pool] of [...dialoguePool].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const k = inferKind(pool, name);
    if (k?.ambiguous) notes.push(`ambiguous: (dialogue) ${name}: ${k.ambiguous.join(', ')}${k.kind ? ` -> ${k.kind} (${k.how})` : ''}`);
    if (!k?.kind) continue;
    const ref = k.weak ? `?${k.kind}` : k.kind;
    decided.set(name, ref);
    if (k.unresolved.length) notes.push(`unresolved: (dialogue) ${name} -> ${ref}: ${listValues(k.unresolved)}`);
  }
  for (const t of tables.values()) {
    for (const m of t.members) {
      if (!m.pending) continue;
      const ref = decided.get(m.pending);
      if (ref) { m.code.ref = ref; delete m.code.format; }
    }
  }
  return notes;
}

/**
 * Types of one index kind loaded by one loader (0.F item types: GENERIC, TOOL, ARMOR... share
 * Item_factory::load_basic_info) read a member they share alike: a member's JSON types are those seen in any of
 * them, and a type that never wrote it as a string takes the others' reference or format.
 */
function uniteSiblings(tables) {
  const byKind = new Map();
  for (const type of tables.keys()) { const k = registry.kindOfType(type); if (!byKind.has(k)) byKind.set(k, []); byKind.get(k).push(type); }
  for (const siblings of byKind.values()) {
    if (siblings.length < 2) continue;
    const codes = new Map(); // path -> [code per sibling]
    for (const type of siblings) for (const m of tables.get(type).members) { if (!codes.has(m.p)) codes.set(m.p, []); codes.get(m.p).push({ ...m.code }); }
    for (const type of siblings) {
      for (const m of tables.get(type).members) {
        const all = codes.get(m.p);
        if (all.length < 2) continue;
        const own = m.code;
        const letters = new Set(all.flatMap((c) => [...c.types]));
        const stringy = all.filter((c) => c.types.includes('s'));
        const same = (f) => (stringy.every((c) => c[f] === stringy[0][f]) ? stringy[0][f] : undefined);
        if (!own.types.includes('s') && stringy.length) { own.ref = same('ref'); own.format = same('format'); }
        if (own.ref?.startsWith('?') && stringy.some((c) => c.ref === own.ref.slice(1))) own.ref = own.ref.slice(1);
        own.types = [...letters].sort(typeOrder).join('');
      }
    }
  }
}

function parseCode(code) {
  const [types, count, ...rest] = code.split(' ');
  const out = { types, count: Number(count) };
  for (const x of rest) { if (x.startsWith('*@')) out.keyRef = x.slice(2); else if (x.startsWith('@')) out.ref = x.slice(1); else if (x.startsWith('%')) out.format = x.slice(1); }
  return out;
}

function formatCode(c) {
  return `${c.types} ${c.count}${c.ref ? ` @${c.ref}` : ''}${c.format ? ` %${c.format}` : ''}${c.keyRef ? ` *@${c.keyRef}` : ''}`;
}

const ORDER = 'sinbaoz';
function typeOrder(a, b) { return ORDER.indexOf(a) - ORDER.indexOf(b); }

// ---------------------------------------------------------------- output

const slug = versionId.replace(/[^A-Za-z0-9]/g, '');
const outFile = outArg ?? path.join(root, 'server', 'src', 'registry', 'versions', 'generated', `tables-${slug}.ts`);
/**
 * The tables learned from every mod but `without` (all when undefined), and the dialogue their paths below a
 * dialogue container pool by member name: the engine reads dialogue by name (schema/dialogueLanguage.ts), from this
 * evidence pooled by dialogueKeyOf, in the tables' order, as it pools: types and occurrences summed, the reference
 * most occurrences name (weak unless one path's is strong), a format when every string has the same one, the last
 * key reference.
 */
function generate(without) {
  dialoguePool.clear();
  const defsByType = definitionsByType(without);
  const types = [...defsByType.keys()].sort();
  const tables = new Map(types.map((type) => [type, tableOf(type, defsByType.get(type))]));
  const dialogueNotes = inferDialogue(tables);
  uniteSiblings(tables);
  const dialogueEvidence = new Map(); // key -> { types, count, refs: Map, strong, formats: Set, plain, keyRef }
  let dialoguePaths = 0;
  for (const type of types) {
    const t = tables.get(type);
    t.members = t.members.filter((m) => !m.rare || m.code.ref || m.code.keyRef);
    t.eocRoots = inlineEocRootsOf(Object.fromEntries(t.members.map((m) => [m.p, formatCode(m.code)])));
    t.members = t.members.filter((m) => {
      const key = dialogueKeyOf(m.p);
      if (key === undefined) return true;
      dialoguePaths++;
      let e = dialogueEvidence.get(key);
      if (!e) dialogueEvidence.set(key, e = { types: new Set(), count: 0, refs: new Map(), strong: false, formats: new Set(), plain: false, keyRef: undefined });
      const c = m.code;
      for (const x of c.types) e.types.add(x);
      e.count += c.count;
      if (c.types.includes('s')) {
        if (c.ref) { const ref = c.ref.replace(/^\?/, ''); e.refs.set(ref, (e.refs.get(ref) ?? 0) + c.count); if (!c.ref.startsWith('?')) e.strong = true; }
        else if (c.format) e.formats.add(c.format);
        else e.plain = true;
      }
      if (c.keyRef) e.keyRef = c.keyRef;
      return false;
    });
  }
  const dialogueLines = [...dialogueEvidence].map(([key, e]) => {
    let ref, most = 0;
    for (const [k, n] of e.refs) if (n > most) { ref = k; most = n; }
    const code = { types: [...e.types].sort(typeOrder).join(''), count: e.count };
    if (ref !== undefined) code.ref = e.strong ? ref : `?${ref}`;
    else if (e.formats.size === 1 && !e.plain) code.format = [...e.formats][0];
    if (e.keyRef) code.keyRef = e.keyRef;
    return [key, formatCode(code)];
  }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { types, tables, dialogueNotes, dialogueLines, dialoguePaths };
}

/** The tables as JSON (what scripts/leave-one-mod-out.mjs reads), and beside them the pooled dialogue (GameVersion.generatedDialogue). */
function writeJson(file, { types, tables, dialogueLines }) {
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(types.map((type) => {
    const t = tables.get(type);
    return [type, { n: t.count, ...(t.vars ? { v: 1 } : {}), ...(t.eocRoots.length ? { e: t.eocRoots } : {}), m: Object.fromEntries(t.members.map(({ p, code }) => [p, formatCode(code)])) }];
  }))));
  fs.writeFileSync(file.replace(/\.json$/, '.dialogue.json'), JSON.stringify(Object.fromEntries(dialogueLines)));
}

// Several mods to leave out (A,B,...), or OUT_FILE a folder: one parse of the game, the folder getting <mod>.json
// (and <mod>.dialogue.json) for each.
if (without !== undefined && (without.includes(',') || (outArg !== undefined && fs.existsSync(outArg) && fs.statSync(outArg).isDirectory()))) {
  fs.mkdirSync(outArg, { recursive: true });
  for (const mod of without.split(',').filter((m) => m !== '')) {
    const learned = generate(mod);
    writeJson(path.join(outArg, `${mod}.json`), learned);
    console.log(`${path.join(outArg, `${mod}.json`)}: ${learned.types.length} types, learned without ${mod}`);
  }
  process.exit(0);
}

const { types, tables, dialogueNotes, dialogueLines, dialoguePaths } = generate(without);
const lines = [];
let totalPaths = 0;
const allAmbiguous = [];
for (const type of types) {
  const t = tables.get(type);
  totalPaths += t.members.length;
  lines.push(`  ${JSON.stringify(type)}: { n: ${t.count},${t.vars ? ' v: 1,' : ''}${t.eocRoots.length ? ` e: ${JSON.stringify(t.eocRoots)},` : ''} m: {`);
  for (const { p, code, why } of t.members) lines.push(`    ${JSON.stringify(p)}: ${JSON.stringify(formatCode(code))},${why ? ` // map: ${why}` : ''}`);
  lines.push('  } },');
  for (const u of t.unresolved) lines.push(`  // ${type} unresolved: ${u.replace(/\*\//g, '* /')}`);
  for (const a of t.ambiguous) allAmbiguous.push(`${type} ${a}`);
}
const body = `/**
 * Generated by scripts/gen-type-tables.mjs from the game data of version ${versionId} (${types.length} types, ${totalPaths} member
 * paths; do not edit: regenerate, and review the diff). Per JSON type without a hand-written table: \`n\` its
 * number of definitions, \`v\` when its data writes dialogue variable values (\`{ "math": [...] }\`...), \`e\` the
 * members under which it writes effects on condition in place, \`m\` its
 * member paths but those below a dialogue container (pooled in DIALOGUE), each
 * \`"<json types> <occurrences> [@ref] [%format] [*@key ref]"\` (types: s string, i integer,
 * n number, b boolean, a array, o object, z null; \`@?\`: a reference inferred from fewer than 3 distinct values,
 * whose unresolved ids are warnings). Read by schema/generated.ts.
 * Comments list, per type, the values of an inferred reference that name nothing (at most 1%: data bugs or
 * ids the game builds), and below, the members whose values name ids of several kinds (no reference taken
 * unless the member name names one).
 */
import type { GeneratedDialogue, GeneratedTables } from '../../../schema/generated';

export const TABLES: GeneratedTables = {
${lines.join('\n')}
};

/**
 * Below dialogue containers (effects, conditions, if/then/else, run_eocs...), ${dialoguePaths} paths of the types above pooled
 * by member name into ${dialogueLines.length} (schema/dialogueLanguage.ts reads dialogue by name at any depth).
 */
export const DIALOGUE: GeneratedDialogue = {
${dialogueLines.map(([k, c]) => `  ${JSON.stringify(k)}: ${JSON.stringify(c)},`).join('\n')}
};
${dialogueNotes.length ? `\n// Dialogue members (pooled over every type):\n${dialogueNotes.map((a) => `// ${a.replace(/\*\//g, '* /')}`).join('\n')}\n` : ''}${allAmbiguous.length ? `\n// Ambiguous references:\n${allAmbiguous.map((a) => `// ${a}`).join('\n')}\n` : ''}`;
fs.mkdirSync(path.dirname(outFile), { recursive: true });
if (outFile.endsWith('.json')) {
  writeJson(outFile, { types, tables, dialogueLines });
  console.log(`${outFile}: ${types.length} types, ${totalPaths} paths${without ? `, learned without ${without}` : ''}`);
  process.exit(0);
}
fs.writeFileSync(outFile, body);
console.log(`${outFile}: ${types.length} types, ${totalPaths} paths, ${dialogueLines.length} dialogue keys (${dialoguePaths} paths), ${(body.length / 1024).toFixed(0)} KiB`);
