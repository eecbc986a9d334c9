/**
 * The mods known to a project and what each can see: itself, its dependencies (transitively) and the core
 * mod `dda`. Also a load order (dependencies first) used to decide which of two definitions came first.
 */
import type { ModInfo } from './modInfo';

export const CORE_MOD = 'dda';

export interface DependencyProblem {
  readonly mod: ModInfo;
  /** Index in `dependencies` of the offending entry. */
  readonly dependencyIndex: number;
  readonly kind: 'unknown' | 'cycle';
  readonly message: string;
}

export class ModGraph {
  private readonly byId = new Map<string, ModInfo>();
  private readonly visible = new Map<string, ReadonlySet<string>>();
  private readonly rank = new Map<string, number>();
  readonly problems: DependencyProblem[] = [];

  /** Later entries with the same id replace earlier ones (a workspace copy of a game mod wins). */
  constructor(mods: readonly ModInfo[]) {
    for (const m of mods) this.byId.set(m.id, m);
    this.computeVisibility();
    this.computeRanks();
    this.findProblems();
  }

  get mods(): IterableIterator<ModInfo> {
    return this.byId.values();
  }

  get(id: string): ModInfo | undefined {
    return this.byId.get(id);
  }

  /** The mod ids a definition in `modId` can see. Unknown mods see core only. */
  visibleFrom(modId: string | undefined): ReadonlySet<string> {
    if (modId === undefined) return new Set([CORE_MOD]);
    return this.visible.get(modId) ?? new Set([modId, CORE_MOD]);
  }

  /** Position in load order (dependencies before dependents; core first). */
  loadRank(modId: string | undefined): number {
    return modId === undefined ? -1 : this.rank.get(modId) ?? this.byId.size;
  }

  private computeVisibility(): void {
    for (const m of this.byId.values()) {
      const seen = new Set<string>([m.id, CORE_MOD]);
      const stack = [...m.dependencies];
      while (stack.length) {
        const d = stack.pop()!;
        if (seen.has(d)) continue;
        seen.add(d);
        const dep = this.byId.get(d);
        if (dep) stack.push(...dep.dependencies);
      }
      this.visible.set(m.id, seen);
    }
  }

  private computeRanks(): void {
    // Depth-first post-order over dependencies: a mod after everything it depends on. Cycles are cut.
    const state = new Map<string, 'visiting' | 'done'>();
    let next = 0;
    const visit = (id: string): void => {
      if (state.has(id)) return;
      state.set(id, 'visiting');
      const m = this.byId.get(id);
      if (m) for (const d of m.dependencies) visit(d);
      state.set(id, 'done');
      if (this.byId.has(id)) this.rank.set(id, next++);
    };
    visit(CORE_MOD);
    for (const id of [...this.byId.keys()].sort()) visit(id);
  }

  private findProblems(): void {
    for (const m of this.byId.values()) {
      m.dependencies.forEach((d, i) => {
        if (!this.byId.has(d)) {
          this.problems.push({ mod: m, dependencyIndex: i, kind: 'unknown', message: `Unknown dependency "${d}": no mod with this id is in the workspace or the game data` });
        } else if (d === m.id || this.visibleFrom(d).has(m.id)) {
          this.problems.push({ mod: m, dependencyIndex: i, kind: 'cycle', message: `Dependency cycle: "${m.id}" depends on "${d}", which depends back on "${m.id}"` });
        }
      });
    }
  }
}
