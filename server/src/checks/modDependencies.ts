/** `unknown-dependency` and `dependency-cycle`, on the dependency entries of a modinfo.json. */
import type { CheckContext } from './context';

export function checkModDependencies(ctx: CheckContext): void {
  // Without the base game, its absence is said once (no-game-data, gameData.ts), not as an unknown "dda".
  const noGame = !ctx.project.mods.get('dda');
  const problems = ctx.project.mods.problems.filter((p) => p.mod.modinfoFile === ctx.file.path && !p.mod.interaction && !(noGame && p.mod.dependencies[p.dependencyIndex] === 'dda'));
  if (problems.length === 0) return;
  const record = ctx.file.records.find((r) => r.type === 'MOD_INFO' && r.ids.includes(problems[0].mod.id));
  if (!record) return;
  for (const p of problems) {
    ctx.report({
      record, path: ['dependencies', p.dependencyIndex],
      code: p.kind === 'unknown' ? 'unknown-dependency' : 'dependency-cycle', severity: 'error', basis: 'reader', message: p.message,
    });
  }
}
