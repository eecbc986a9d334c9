/**
 * Provenance in words (hover, the resolved-definition document): where a member's value came from, and how each
 * definition of one id relates to the ones loaded before it (replaces, copies, edits, a duplicate).
 */
import type { WorkspaceView } from '../workspace/view';
import { brief } from '../util/brief';
import { refOf, type MemberOrigin, type RecordRef, type Step } from './resolve';

function signed(v: unknown): string {
  return typeof v === 'number' ? (v >= 0 ? `+${v}` : `${v}`) : brief(v, 40);
}

/** A definition's name in provenance: its id, with its mod when that id is the one being resolved (an override). */
function nameOf(ref: RecordRef, self: RecordRef | undefined): string {
  return self && ref.id === self.id && ref.mod !== undefined ? `${ref.id} [${ref.mod}]` : ref.id;
}

/** One step in words: `relative +20 from mon_zombie`, `extended +["X"] from mon_zombie`. */
export function describeStep(step: Step, self?: RecordRef): string {
  const from = step.onto ? ` from ${nameOf(step.onto, self)}` : '';
  switch (step.op) {
    case 'set': return 'set';
    case 'relative': return `relative ${signed(step.operand)}${step.onto ? from : ' onto the default'}`;
    case 'proportional': return `proportional ×${brief(step.operand, 40)}${from}`;
    case 'extend': return `extended +${brief(step.operand, 40)}${from}`;
    case 'delete': return `deleted −${brief(step.operand, 40)}${from}`;
    case 'add': return `add: +${brief(step.operand, 40)}${from}`;
    case 'remove': return `remove: −${brief(step.operand, 40)}${from}`;
    case 'derived': return `copy-from ${step.onto ? nameOf(step.onto, self) : 'parent'}`;
  }
}

/**
 * Where a member's value came from, seen from `self`: `own value`, `inherited from mon_zombie`,
 * `relative +20 from mon_zombie`, `inherited from mon_b (relative +20 from mon_zombie)`; an override of the same
 * id names the mod: `inherited from mon_zombie [dda]`.
 */
export function describeOrigin(origin: MemberOrigin | undefined, self: RecordRef): string {
  const last = origin?.steps[origin.steps.length - 1];
  if (!last) return '';
  const mine = last.by.path === self.path && last.by.start === self.start;
  if (mine) return last.op === 'set' ? 'own value' : describeStep(last, self);
  const by = nameOf(last.by, self);
  return last.op === 'set' ? `inherited from ${by}` : `inherited from ${by} (${describeStep(last, self)})`;
}

/**
 * A member's provenance in two parts, for a hover that names each source once: the computation that made the
 * value (`relative +20 from mon_zombie`; none for a value set as written) and the definition it was inherited
 * from (none: this one's own).
 */
export function originParts(origin: MemberOrigin | undefined, self: RecordRef): { readonly computed?: string; readonly inheritedFrom?: string } {
  const last = origin?.steps[origin.steps.length - 1];
  if (!last) return {};
  const mine = last.by.path === self.path && last.by.start === self.start;
  return {
    ...(last.op === 'set' ? {} : { computed: describeStep(last, self) }),
    ...(mine ? {} : { inheritedFrom: nameOf(last.by, self) }),
  };
}

/** Whether the member's value is the definition's own, unchanged (hover shows provenance only otherwise). */
export function isOwnValue(origin: MemberOrigin | undefined, self: RecordRef): boolean {
  const last = origin?.steps[origin.steps.length - 1];
  return last !== undefined && last.op === 'set' && last.by.path === self.path && last.by.start === self.start;
}

// ---------------------------------------------------------------- the definitions of one id

/** How a definition of an id relates to the ones loaded before it. */
export type DefinitionRole = 'first' | 'replaces' | 'copies-earlier' | 'edits' | 'duplicate';

export interface IdDefinition {
  readonly ref: RecordRef;
  readonly role: DefinitionRole;
  /** Whether a definition in the asking mod can see it (its mod is a dependency, or the mod itself). */
  readonly visible: boolean;
  /** The definition in effect as the asking mod sees it (the last visible one). */
  readonly inEffect: boolean;
  /** The last loaded of all: in effect when every mod listed is loaded. */
  readonly lastLoaded: boolean;
}

/**
 * Every definition of (kind, id) in the loaded mods, in load order, with what each does to the ones before:
 * a later definition replaces an earlier one (the current game: silently, across mods; 0.F: `override`), a
 * copy-from of its own id copies the earlier one, a 0.F `modify` edits it.
 */
export function definitionsOfId(project: WorkspaceView, kind: string, id: string, fromMod: string | undefined): IdDefinition[] {
  const all = [...project.definitionsOf(kind, id)].filter((r) => r.source.modId !== undefined).sort((a, b) => project.compareLoadOrder(a, b));
  const visible = new Set(project.visibleDefinitions(kind, id, fromMod));
  const effective = [...visible].pop();
  const rule = project.registry.ofKind(kind)?.redefinition;
  const editModes = project.version.version.editModes && rule === 'edit-mode';
  return all.map((r, i): IdDefinition => {
    let role: DefinitionRole = 'first';
    if (i > 0) {
      if (editModes && r.editMode === 'modify') role = 'edits';
      else if (r.copyFrom === id) role = 'copies-earlier';
      else if ((editModes && r.editMode === 'create') || (rule === 'replace' && r.source.modId === all[i - 1].source.modId)) role = 'duplicate';
      else role = 'replaces';
    }
    return { ref: refOf(r, id), role, visible: visible.has(r), inEffect: r === effective, lastLoaded: i === all.length - 1 };
  });
}

const ROLE_WORDS: Record<DefinitionRole, string> = {
  first: 'first definition',
  replaces: 'replaces the one before',
  'copies-earlier': 'copy-from its own id: copies the one before and changes it',
  edits: 'edit-mode modify: edits the one before',
  duplicate: 'defined again (a duplicate)',
};

export function describeRole(d: IdDefinition): string {
  return ROLE_WORDS[d.role];
}
