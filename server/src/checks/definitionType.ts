/**
 * `unknown-type`: a definition whose `type` the target game does not load (the game rejects the file there),
 * with "did you mean" or, for a type an older version had, what replaced it and a rewrite. A type the game
 * folder's own data uses is one it loads, whatever the tables say (a game newer than them: see
 * workspace/gameUsage.ts); like any type without a table, its members are not checked. Also a declared kind's
 * definition without an id (`missing-field`), which the game cannot load either.
 */
import type { RecordCheck } from './context';
import { closest } from '../util/closest';
import { typeBeyondVersion } from '../registry/versions/eras';

export const checkDefinitionType: RecordCheck = (record, ctx) => {
  const { registry } = ctx.project;
  const title = registry.version.title;
  if (!registry.isKnownType(record.type)) {
    if (ctx.project.gameUsage.usesType(record.type)) return;
    const retired = registry.version.retiredTypes?.[record.type];
    if (retired) {
      ctx.report({
        // A type the version's loader retired, reviewed by hand (GameVersion.retiredTypes).
        record, path: ['type'], code: 'unknown-type', severity: 'error', basis: 'reader',
        message: `"type": "${record.type}" is not loaded by the game version ${title}; write ${retired.instead} instead`,
        fixes: [{ kind: 'retype', to: retired.to, members: Object.entries(retired.addMembers ?? {}).map(([name, value]) => ({ name, value })), certain: true }],
      });
      return;
    }
    const beyond = typeBeyondVersion(record.type, registry.version.id);
    if (beyond) {
      // A type of another era's format, whose boundary cites the game's change (registry/versions/eras.ts).
      ctx.report({
        record, path: ['type'], code: 'unknown-type', severity: 'error', basis: 'reader',
        message: `"type": "${record.type}" is a type of the format ${beyond.side === 'after' ? 'after' : 'before'} ${beyond.boundary.title}, which the game version ${title} does not load`,
      });
      return;
    }
    // The types the version loads are those its data uses and a few reviewed extras (scripts/gen-known-types.mjs),
    // not a reading of its loader's whole list (DynamicDataLoader::initialize): a type no data uses rests on the
    // data alone, and the loader, which rejects a type it does not know, may know this one (see Basis).
    const near = closest(record.type, [...registry.knownTypes]);
    ctx.report({
      record, path: ['type'], code: 'unknown-type', severity: 'error', basis: 'data',
      message: `"type": "${record.type}" is no definition type the game version ${title}'s data uses${near ? `; did you mean "${near}"?` : ''} (check that the game loads it: it rejects a type it does not know)`,
      fixes: near ? [{ kind: 'replaceValue', text: near }] : undefined,
    });
    return;
  }
  const declaration = registry.ofType(record.type);
  if (declaration?.ids.from === 'member' && record.ids.length === 0 && !record.abstract) {
    // An empty id is the game's own null entry (the "" faction, the "" overmap terrain); a wrong type is a shape problem.
    const member = declaration.ids.member;
    if (record.value[member] !== undefined) return;
    const former = declaration.formerIdMember;
    if (former !== undefined && typeof record.value[former] === 'string') {
      ctx.report({
        record, path: [former], part: 'key', code: 'removed-member', severity: 'error', basis: 'reader',
        message: `A ${declaration.title} keeps its id in "${member}" in the game version ${title} ("${former}" was the older form)`,
        fixes: [{ kind: 'renameKey', to: member, certain: true }],
      });
      return;
    }
    ctx.report({
      record, path: ['type'], code: 'missing-field', severity: 'error', basis: 'reader',
      message: `This ${declaration.title} has no id: give it "${member}" (or "abstract" for a template other definitions copy from)`,
    });
  }
};
