/**
 * What the game reports at load about a definition's members that its table does not say (GameVersion.loadRules):
 * an item without a name, a symbol or a description, or weighing nothing; a recipe's `decomp_learn` level with no
 * `skill_used`. Counted after copy-from as the game inherits (unless the rule says the game reads the member anew
 * at each definition). Absent: `missing-field`; written empty or zero: `invalid-value`. Errors: the game refuses
 * the definition or reports it when loading.
 */
import type { LoadRule } from '../registry/declaration';
import type { DefinitionRecord } from '../records/record';
import { memberOf } from '../records/record';
import { ancestorsOf } from '../index/inheritance';
import type { CheckContext, RecordCheck } from './context';
import { describeRecord, idPath } from './describe';

/** Longer copy-from chains than this are not followed (the game's data has chains of 5). */
const MAX_CHAIN = 64;

export const checkLoadRules: RecordCheck = (record, ctx) => {
  const registry = ctx.project.registry;
  const rules = registry.version.loadRules?.[record.kind];
  // A definition of a type the game does not load is reported as that alone (checks/definitionType.ts).
  if (rules && record.editMode !== 'modify' && record.editMode !== 'unknown' && registry.isKnownType(record.type)) checkRules(record, ctx, rules);
};

/** The rules of a definition's kind (apart from the test: see checkGunAmmo). */
function checkRules(record: DefinitionRecord, ctx: CheckContext, rules: readonly LoadRule[]): void {
  // Whether a rule reads past the definition (its chain is sound then); the chain, made once a rule needs more
  // than the definition's own members (most items write theirs). (No closure in this body: its context would be
  // made for every item checked.)
  let throughChain = false;
  let chain: readonly DefinitionRecord[] | undefined;
  // The flags after the chain, read once for the rules sparing the same flags (an item's weight and volume).
  let sparing: { readonly flags: readonly string[]; readonly spared: boolean } | undefined;
  // (Indexed, and no object for a member the definition writes fine itself: most items, for each rule.)
  for (let r = 0; r < rules.length; r++) {
    const rule = rules[r];
    if ((record.abstract && !rule.abstractToo) || (rule.exceptCopies && record.copyFrom !== undefined)) continue;
    if (rule.withNumber !== undefined && typeof memberOf(record, rule.withNumber) !== 'number') continue;
    if (!rule.own && !throughChain) {
      if (ctx.project.lineageOf(record).problem) return; // the broken chain is reported instead; what it would give is unknowable
      throughChain = true;
    }
    const own = memberOf(record, rule.member);
    if (own !== undefined && !refused(rule, own)) continue;
    const found = own !== undefined ? { from: record, value: own } : rule.own ? undefined : firstSetting((chain ??= chainOf(record, ctx)), rule.member, 1);
    if (found && !refused(rule, found.value)) continue;
    if (rule.unlessFlags) {
      if (sparing?.flags !== rule.unlessFlags) sparing = { flags: rule.unlessFlags, spared: spared(rule.unlessFlags, throughChain ? (chain ??= chainOf(record, ctx)) : [record]) };
      if (sparing.spared) continue;
    }
    report(ctx, record, rule, found);
  }
}

/** A definition and its copy-from ancestors, nearest first (as far as MAX_CHAIN). */
function chainOf(record: DefinitionRecord, ctx: CheckContext): DefinitionRecord[] {
  // (The ancestors' own list, not a spread's copy through an iterator.)
  const chain = ancestorsOf((r) => ctx.project.lineageOf(r), record, MAX_CHAIN);
  chain.unshift(record);
  return chain;
}

/** The nearest definition of the chain (from its `from`th) that writes `member`, and what it writes. */
function firstSetting(chain: readonly DefinitionRecord[], member: string, from: number): { from: DefinitionRecord; value: unknown } | undefined {
  for (let i = from; i < chain.length; i++) {
    const r = chain[i];
    const value = memberOf(r, member);
    if (value !== undefined) return { from: r, value };
  }
  return undefined;
}

/** Whether a written value is one the rule refuses (an empty text, a zero quantity). */
function refused(rule: LoadRule, value: unknown): boolean {
  if (rule.when === 'empty') return isEmptyText(value);
  if (rule.when === 'zero') return isZeroQuantity(value);
  return false;
}

/** `""`, or a translation object whose text is `""` (`{ "str": "" }`). */
function isEmptyText(value: unknown): boolean {
  if (typeof value === 'string') return value === '';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const text = o.str ?? o.str_sp;
    return typeof text === 'string' && text === '';
  }
  return false;
}

const NONZERO_DIGIT = /[1-9]/;

/** `0`, or a quantity string whose every amount is zero (`"0 g"`, `"0 kg 0 g"`). */
function isZeroQuantity(value: unknown): boolean {
  if (typeof value === 'number') return value === 0;
  if (typeof value !== 'string') return false;
  // A digit other than 0 is in an amount that is not zero (nearly every item's weight and volume: no list made).
  if (NONZERO_DIGIT.test(value)) return false;
  const amounts = value.match(/\d+(?:\.\d+)?/g);
  return amounts !== null && amounts.every((a) => Number(a) === 0);
}

/**
 * Whether the definition has one of `flags` after its chain: each definition's `flags` replaces what it copied,
 * then its `extend` adds and its `delete` removes (generic_factory's order). Read only when a rule would fire,
 * and only as far up the chain as the nearest definition writing `flags` (what it copied is replaced: its
 * ancestors, often in other files, are not read).
 */
function spared(flags: readonly string[], chain: readonly DefinitionRecord[]): boolean {
  let from = 0;
  let own: unknown;
  for (; from < chain.length; from++) if ((own = memberOf(chain[from], 'flags')) !== undefined) break;
  const set = new Set<string>(from < chain.length ? listOf(own) : []);
  for (let i = Math.min(from, chain.length - 1); i >= 0; i--) {
    for (const f of listOf(objectMember(memberOf(chain[i], 'extend'), 'flags'))) set.add(f);
    for (const f of listOf(objectMember(memberOf(chain[i], 'delete'), 'flags'))) set.delete(f);
  }
  return flags.some((f) => set.has(f));
}

function objectMember(o: unknown, member: string): unknown {
  return o !== null && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>)[member] : undefined;
}

/** A flag list as the game's readers take it: an array of strings, or one string. */
function listOf(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function report(ctx: CheckContext, record: DefinitionRecord, rule: LoadRule, found: { from: DefinitionRecord; value: unknown } | undefined): void {
  const registry = ctx.project.registry;
  const what = describeRecord(registry, record);
  const game = `${rule.stops ? 'the game stops loading the mod there' : 'the game reports it when loading'}: "${rule.says}" (${rule.where})`;
  if (!found) {
    const inherits = rule.own
      ? record.copyFrom !== undefined ? ' (copy-from does not carry it: the game reads it in each definition)' : ''
      : record.copyFrom !== undefined ? ' (nor does its copy-from chain)' : '';
    const needed = rule.withNumber !== undefined ? `, which a number in "${rule.withNumber}" is a level of` : '';
    ctx.report({
      record, path: rule.withNumber !== undefined ? [rule.withNumber] : idPath(record), part: rule.withNumber !== undefined ? 'key' : undefined,
      code: 'missing-field', severity: 'error', basis: 'reader', message: `${what} has no "${rule.member}"${inherits}${needed}; ${game}`,
    });
    return;
  }
  const written = `"${rule.member}": ${JSON.stringify(found.value)}`;
  if (found.from === record) {
    ctx.report({ record, path: [rule.member], code: 'invalid-value', severity: 'error', basis: 'reader', message: `${written} of ${what}; ${game}` });
    return;
  }
  ctx.report({
    record, path: idPath(record), code: 'invalid-value', severity: 'error', basis: 'reader',
    message: `${what} copies ${written} from ${describeRecord(registry, found.from)}; ${game}`,
    related: [{ record: found.from, path: [rule.member], message: `${written} of copy-from ancestor ${describeRecord(registry, found.from)}` }],
  });
}
