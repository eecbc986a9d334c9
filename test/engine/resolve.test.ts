/**
 * The resolved value of a definition (queries/resolve.ts): copy-from chains with relative, proportional,
 * extend and delete; 0.F's edit-mode modify with add:/remove:; mods redefining a core id; broken chains.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { modinfo, workspace, type FileTree, type TestWorkspace } from '../helpers/workspace';
import { hover } from '../../server/src/queries/hover';
import { resolveDefinition, type ResolvedDefinition } from '../../server/src/queries/resolve';
import { definitionsOfId, describeOrigin } from '../../server/src/queries/provenance';

const CURRENT_CORE: FileTree = {
  'json/damage_types.json': [{ type: 'damage_type', id: 'bash', name: 'bash' }, { type: 'damage_type', id: 'cut', name: 'cut' }],
};

const mod = (files: FileTree, id = 'm', deps = ['dda']): FileTree => ({ [`${id}/modinfo.json`]: modinfo(id, deps), ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`${id}/${k}`, v])) });

function resolved(ws: TestWorkspace, kind: string, id: string, mod = 'm'): ResolvedDefinition {
  const defs = ws.project.visibleDefinitions(kind, id, mod);
  assert.ok(defs.length, `${kind} ${id} is defined`);
  return resolveDefinition(ws.project, defs[defs.length - 1], id);
}

const how = (r: ResolvedDefinition, member: string): string => describeOrigin(r.origins[member], r.record);

describe('copy-from with each operator (0.F)', () => {
  const ws = workspace(mod({
    'monsters.json': [
      {
        type: 'MONSTER', id: 'mon_child', 'copy-from': 'mon_zombie', name: { str: 'child' },
        relative: { hp: 20, volume: '10 L', weight: 500 },
        proportional: { speed: 1.5, melee_skill: 2 },
        extend: { flags: ['GROUP_BASH', 'CLIMBS'], species: ['ZOMBIE', 'MAMMAL'] },
        delete: { material: ['flesh', 'not_there'] },
      },
      { type: 'MONSTER', id: 'mon_ninety', 'copy-from': 'mon_zombie', hp: 90 },
      { type: 'MONSTER', id: 'mon_truncated', 'copy-from': 'mon_ninety', proportional: { hp: 0.7, weight: 0.333 } },
    ],
  }));
  const r = resolved(ws, 'MONSTER', 'mon_child');

  test('own members replace, the rest is inherited; identity and operators are not', () => {
    assert.deepEqual(r.value.name, { str: 'child' });
    assert.equal(how(r, 'name'), 'own value');
    assert.equal(r.value.default_faction, 'zombie');
    assert.equal(how(r, 'default_faction'), 'inherited from mon_zombie');
    assert.equal(r.value.id, 'mon_child');
    for (const m of ['copy-from', 'relative', 'proportional', 'extend', 'delete']) assert.ok(!(m in r.value), m);
    assert.deepEqual(Object.keys(r.value).slice(0, 2), ['type', 'id']);
    assert.deepEqual(r.lineage.map((l) => `${l.via} ${l.ref.id}`), ['copy-from mon_zombie']);
    assert.deepEqual(r.problems, ['proportional "melee_skill": no definition before it sets this member: there is nothing to scale (the game scales its default value)']);
  });

  test('relative: numbers added; quantity strings in their base unit; a bare weight number is grams', () => {
    assert.equal(r.value.hp, 100);
    assert.equal(how(r, 'hp'), 'relative +20 from mon_zombie');
    assert.equal(r.value.volume, '72500 ml');
    assert.equal(r.value.weight, '82 kg');
  });

  test('proportional: multiplied; whole numbers truncated toward zero as the game converts a double', () => {
    assert.equal(r.value.speed, 105);
    assert.equal(how(r, 'speed'), 'proportional ×1.5 from mon_zombie');
    // Nothing inherited to scale: not invented, and said.
    assert.ok(!('melee_skill' in r.value));
    const t = resolved(ws, 'MONSTER', 'mon_truncated');
    assert.equal(t.value.hp, 62, '90 × 0.7 is 62.99999999999999 in double precision: the game gets 62');
    assert.match(t.origins.hp.steps.at(-1)!.note!, /62\.99999999999999, truncated toward zero/);
    assert.equal(t.value.weight, '27139500 mg', '81500 g × 0.333 = 27139500 mg');
  });

  test('extend: appended, set entries never twice; delete: removed by value, absent ones ignored', () => {
    assert.deepEqual(r.value.flags, ['GROUP_BASH', 'CLIMBS']);
    assert.deepEqual(r.value.species, ['ZOMBIE', 'MAMMAL']);
    assert.equal(how(r, 'species'), 'extended +["ZOMBIE","MAMMAL"] from mon_zombie');
    assert.deepEqual(r.value.material, []);
    assert.match(how(r, 'material'), /^deleted −\["flesh","not_there"\] from mon_zombie$/);
  });

  test('looks_like: a copy-from child looks like its parent', () => {
    assert.equal(r.value.looks_like, 'mon_zombie');
  });
});

describe('chains, abstracts and broken chains', () => {
  const ws = workspace(mod({
    'monsters.json': [
      { type: 'MONSTER', id: 'mon_b', 'copy-from': 'mon_zombie', relative: { hp: 20 }, extend: { flags: ['A'] } },
      { type: 'MONSTER', id: 'mon_c', 'copy-from': 'mon_b', proportional: { hp: 2 }, extend: { flags: ['B'] }, delete: { flags: ['A'] } },
      { type: 'MONSTER', id: 'mon_abs_child', 'copy-from': 'mon_base_template', name: { str: 'from an abstract' } },
      { type: 'MONSTER', id: 'mon_loop_a', 'copy-from': 'mon_loop_b', hp: 5 },
      { type: 'MONSTER', id: 'mon_loop_b', 'copy-from': 'mon_loop_a', speed: 7 },
      { type: 'MONSTER', id: 'mon_orphan', 'copy-from': 'mon_nope', hp: 3, relative: { speed: 4 } },
    ],
  }));

  test('multi-level: each level applies onto the resolved parent; provenance keeps every step', () => {
    const c = resolved(ws, 'MONSTER', 'mon_c');
    assert.equal(c.value.hp, 200);
    assert.equal(how(c, 'hp'), 'proportional ×2 from mon_b');
    assert.deepEqual(c.origins.hp.steps.map((s) => `${s.op} ${s.by.id}`), ['set mon_zombie', 'relative mon_b', 'proportional mon_c']);
    assert.deepEqual(c.value.flags, ['B']);
    assert.deepEqual(c.lineage.map((l) => l.ref.id), ['mon_b', 'mon_zombie']);
    assert.equal(how(c, 'speed'), 'inherited from mon_zombie');
    // A monster keeps an inherited looks_like (monstergenerator.cpp sets it only when empty).
    assert.equal(c.value.looks_like, 'mon_zombie');
    assert.equal(how(c, 'looks_like'), 'inherited from mon_b (copy-from mon_zombie)');
  });

  test('an abstract parent is inherited from like any other', () => {
    const a = resolved(ws, 'MONSTER', 'mon_abs_child');
    assert.equal(a.value.description, 'abstract base');
    assert.equal(how(a, 'description'), 'inherited from mon_base_template');
    assert.ok(!('abstract' in a.value));
  });

  test('a cycle: resolved as far as possible, the problem stated', () => {
    const a = resolved(ws, 'MONSTER', 'mon_loop_a');
    assert.equal(a.value.hp, 5);
    assert.equal(a.value.speed, 7, 'mon_loop_b resolved from its own members');
    assert.ok(a.problems.some((p) => /cycle/.test(p)), a.problems.join('\n'));
  });

  test('a missing parent: own members only, the problem stated', () => {
    const o = resolved(ws, 'MONSTER', 'mon_orphan');
    assert.equal(o.value.hp, 3);
    assert.equal(o.value.speed, 4);
    assert.match(describeOrigin(o.origins.speed, o.record), /relative \+4 onto the default/);
    assert.ok(o.problems.some((p) => /copy-from "mon_nope": no monster/.test(p)), o.problems.join('\n'));
  });
});

describe('0.F edit-mode modify with add: / remove:', () => {
  const ws = workspace(mod({
    'monsters.json': [
      { type: 'MONSTER', id: 'mon_zombie', 'edit-mode': 'modify', hp: 90, 'add:flags': ['SEES'], 'remove:species': ['ZOMBIE'], relative: { speed: 5 } },
    ],
    'professions.json': [
      { type: 'profession', id: 'unemployed', 'edit-mode': 'modify', 'items.add:both': ['jeans', 'jeans'], 'add:traits': ['X'] },
    ],
  }));

  test('a modify applies onto the earlier definition of its id', () => {
    const z = resolved(ws, 'MONSTER', 'mon_zombie');
    assert.equal(z.value.hp, 90);
    assert.equal(how(z, 'hp'), 'own value');
    assert.equal(z.value.speed, 75);
    assert.equal(how(z, 'speed'), 'relative +5 from mon_zombie [dda]');
    assert.deepEqual(z.value.flags, ['SEES']);
    assert.deepEqual(z.value.species, []);
    assert.equal(how(z, 'species'), 'remove: −["ZOMBIE"] from mon_zombie [dda]');
    assert.equal(z.value.default_faction, 'zombie');
    assert.equal(z.lineage[0].via, 'modify');
    assert.ok(!('edit-mode' in z.value) && !('add:flags' in z.value));
  });

  test('nested add: members (items.add:both) edit the nested list', () => {
    const p = resolved(ws, 'profession', 'unemployed');
    assert.deepEqual(p.value.items, { both: ['jeans', 'jeans'] });
    assert.deepEqual(p.value.traits, ['X']);
    assert.equal(p.value.points, 0);
  });
});

describe('current game: a mod redefining a core id; damage, armor, items', () => {
  const core: FileTree = {
    ...CURRENT_CORE,
    'json/monsters_current.json': [
      { type: 'MONSTER', id: 'mon_armored', name: { str: 'armored' }, hp: 50, armor: { bash: 3, cut: 1 }, melee_damage: [{ damage_type: 'cut', amount: 2 }, { damage_type: 'bash', amount: 3 }], special_attacks: [['bite', 5], { id: 'grab', cooldown: 7 }] },
    ],
    'json/items_current.json': [
      { type: 'ITEM', id: 'ammo_a', name: { str: 'ammo' }, weight: '12 g', price: '2 USD 80 cent', qualities: [['CUT', 2], ['HAMMER', 1]], damage: { damage_type: 'bullet', amount: 39, armor_penetration: 2 }, flags: ['IRREPLACEABLE_CONSUMABLE'] },
    ],
  };
  const ws = workspace({
    ...mod({
      'monsters.json': [
        { type: 'MONSTER', id: 'mon_zombie', 'copy-from': 'mon_zombie', relative: { hp: 10 } },
        { type: 'MONSTER', id: 'mon_dog', name: { str: 'new dog' }, hp: 1 },
        {
          type: 'MONSTER', id: 'mon_armored_child', 'copy-from': 'mon_armored',
          relative: { armor: { bash: 2 }, melee_damage: { damage_type: 'cut', amount: 3 } },
          extend: { armor: { cut: 2 }, special_attacks: [['bite', 9]] }, delete: { special_attacks: ['grab'] },
        },
        { type: 'MONSTER', id: 'mon_all_damage', 'copy-from': 'mon_armored', relative: { melee_damage: 2 }, proportional: { armor: { bash: 0.5 } } },
      ],
      'items.json': [
        { type: 'ITEM', id: 'ammo_b', 'copy-from': 'ammo_a', relative: { weight: '3 g', qualities: [['CUT', -1]], damage: { damage_type: 'bullet', amount: -3, armor_penetration: 10 } }, proportional: { price: 0.7 }, delete: { flags: ['IRREPLACEABLE_CONSUMABLE'] } },
      ],
    }),
  }, core, { gameVersion: 'current' });

  test('a copy-from of its own id copies the core definition; the list names each in load order', () => {
    const z = resolved(ws, 'MONSTER', 'mon_zombie');
    assert.equal(z.value.hp, 90);
    assert.equal(how(z, 'hp'), 'relative +10 from mon_zombie [dda]', 'an override of the same id names the mod');
    assert.equal(z.lineage[0].ref.mod, 'dda');
    const defs = definitionsOfId(ws.project, 'MONSTER', 'mon_zombie', 'm');
    assert.deepEqual(defs.map((d) => `${d.ref.mod} ${d.role} ${d.inEffect}`), ['dda first false', 'm copies-earlier true']);
  });

  test('a later mod replaces a core id wholesale (no copy-from): nothing inherited', () => {
    const d = resolved(ws, 'MONSTER', 'mon_dog');
    assert.equal(d.value.hp, 1);
    assert.ok(!('speed' in d.value));
    const defs = definitionsOfId(ws.project, 'MONSTER', 'mon_dog', 'm');
    assert.deepEqual(defs.map((x) => `${x.ref.mod} ${x.role}`), ['dda first', 'm replaces']);
    assert.ok(defs[1].inEffect && defs[1].lastLoaded);
    // From core, the mod's definition is not visible, but it is what the game uses when the mod is loaded.
    const fromCore = definitionsOfId(ws.project, 'MONSTER', 'mon_dog', 'dda');
    assert.deepEqual(fromCore.map((x) => `${x.visible} ${x.inEffect} ${x.lastLoaded}`), ['true true false', 'false false true']);
  });

  test('nested relative and extend of an object (armor by damage type); damage units changed in place', () => {
    const c = resolved(ws, 'MONSTER', 'mon_armored_child');
    assert.deepEqual(c.value.armor, { bash: 5, cut: 3 });
    assert.deepEqual(c.value.melee_damage, [{ damage_type: 'cut', amount: 5 }, { damage_type: 'bash', amount: 3 }]);
    assert.deepEqual(c.value.special_attacks, [['bite', 9]], 'extend replaces the attack of the same id; delete removes by id');
    const all = resolved(ws, 'MONSTER', 'mon_all_damage');
    assert.deepEqual(all.value.melee_damage, [{ damage_type: 'cut', amount: 4 }, { damage_type: 'bash', amount: 5 }], 'a bare number applies to every unit');
    assert.deepEqual(all.value.armor, { bash: 1.5, cut: 1 });
  });

  test('items (kept as summaries by the index) resolve from their text: money, weight, qualities, damage', () => {
    const b = resolved(ws, 'item', 'ammo_b');
    assert.equal(b.value.weight, '15 g');
    assert.equal(b.value.price, '196 cent');
    assert.deepEqual(b.value.qualities, [['CUT', 1], ['HAMMER', 1]]);
    assert.deepEqual(b.value.damage, { damage_type: 'bullet', amount: 36, armor_penetration: 12 });
    assert.deepEqual(b.value.flags, []);
    assert.equal(b.value.looks_like, 'ammo_a');
    assert.equal(how(b, 'name'), 'inherited from ammo_a');
  });
});

test('0.F damage instances: a relative keeps only the damage types it names (assign_dmg_relative)', () => {
  const ws = workspace(mod({
    'ammo.json': [
      { type: 'AMMO', id: 'a1', name: 'a1', damage: [{ damage_type: 'bullet', amount: 10 }, { damage_type: 'cut', amount: 4 }] },
      { type: 'AMMO', id: 'a2', 'copy-from': 'a1', relative: { damage: { damage_type: 'bullet', amount: 2 } } },
      { type: 'AMMO', id: 'a3', 'copy-from': 'a1', proportional: { damage: { damage_type: 'bullet', amount: 0.5 } } },
    ],
  }));
  assert.deepEqual(resolved(ws, 'item', 'a2').value.damage, [{ damage_type: 'bullet', amount: 12 }]);
  assert.match(resolved(ws, 'item', 'a2').origins.damage.steps.at(-1)!.note!, /dropped/);
  assert.deepEqual(resolved(ws, 'item', 'a3').value.damage, [{ damage_type: 'bullet', amount: 5 }]);
});

describe('hover: resolved key fields with provenance; every definition of the id in load order', () => {
  const ws = workspace({
    ...mod({
      'a.json': [
        { type: 'MONSTER', id: 'mon_child', 'copy-from': 'mon_zombie', relative: { hp: 20 }, extend: { species: ['MAMMAL'] } },
        { type: 'MONSTER', id: 'mon_dog', 'copy-from': 'mon_dog', relative: { speed: -50 } },
      ],
    }),
    // Loads after m (mods that do not depend on each other load in id order), which cannot see it.
    ...mod({ 'b.json': [{ type: 'MONSTER', id: 'mon_dog', name: { str: 'z dog' }, hp: 3 }] }, 'z', ['dda']),
  }, CURRENT_CORE, { gameVersion: 'current' });
  const f = ws.file('m/a.json');
  const text = fs.readFileSync(f, 'utf8');

  test('computed and inherited values say where they came from; own values do not', () => {
    const md = hover(ws.project, f, text.indexOf('"mon_child"') + 2)!.markdown;
    assert.match(md, /\| hp \| `100` \(relative \+20 from mon_zombie\) \|/);
    assert.match(md, /\| species \| `\["ZOMBIE","MAMMAL"\]` \(extended \+\["MAMMAL"\] from mon_zombie\) \|/);
    assert.match(md, /\| speed \| `70` \|/);
  });

  test('the key facts first: name, type, mod and the copy-from chain before the description and the table; each source of inherited values named once, below it', () => {
    const md = hover(ws.project, f, text.indexOf('"mon_child"') + 2)!.markdown;
    const lines = md.split('\n').filter(Boolean);
    assert.match(lines[0], /^\*\*zombie\*\* — monster `mon_child`$/);
    assert.match(lines[1], /^`MONSTER` · mod `m` · /);
    assert.equal(lines[2], 'copy-from: `mon_child` ← `mon_zombie`');
    // The chain, two computed values and the one line of inherited ones (each field said "(from mon_zombie)" before: 8).
    assert.equal(md.match(/mon_zombie/g)!.length, 4, md);
    assert.match(md, /\n\nInherited: speed, volume, weight, default_faction, bodytype from `mon_zombie`\.$/);
  });

  test('the definitions of an id: roles, the one in effect here, and a later mod that is not a dependency', () => {
    const md = hover(ws.project, f, text.indexOf('"mon_dog"') + 2)!.markdown;
    assert.match(md, /Defined 3 times, in load order \(a later definition replaces an earlier one\):/);
    assert.match(md, /- mod `dda` json\/monsters\.json — first definition\n/);
    assert.match(md, /- mod `m` m\/a\.json — copy-from its own id: copies the one before and changes it · \*\*in effect here\*\*/);
    assert.match(md, /- mod `z` z\/b\.json — replaces the one before · \*\*in effect when its mod is loaded\*\* · not a dependency of this mod/);
    assert.match(md, /\| speed \| `100` \(relative -50 from mon_dog \[dda\]\) \|/);
  });
});
