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

/**
 * What queries and checks read of the mods: a snapshot, replaced (never changed) when the mods change, so it
 * also stands for them in a cache.
 */
export interface ModsView {
  get(id: string): ModInfo | undefined;
  /** The mod ids a definition in `modId` can see. */
  visibleFrom(modId: string | undefined): ReadonlySet<string>;
  /** Whether a mod the mod sees names an unknown dependency. */
  seesUnknownDependency(modId: string | undefined): boolean;
  /** The mods' dependency problems (unknown, cycles). */
  readonly problems: readonly DependencyProblem[];
}

export class ModGraph implements ModsView {
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

  /**
   * What a mod's definitions see of the graph: core or not, and the mods they see (those the graph has) in load
   * order. Definitions keep their memoized checks and copy-from lineages across a graph change that keeps their
   * mod's view (typing a dependency's name leaves it alone until the name is a known mod's).
   */
  viewOf(modId: string): string {
    const visible = [...this.visibleFrom(modId)].filter((id) => this.byId.has(id)).sort((a, b) => this.loadRank(a) - this.loadRank(b));
    return `${this.byId.has(CORE_MOD) ? 1 : 0}${visible.join('\u0000')}`;
  }

  /** Whether a mod the mod sees names an unknown dependency: only near misses of its definitions' unknown ids are reported then. */
  seesUnknownDependency(modId: string | undefined): boolean {
    const visible = this.visibleFrom(modId);
    return this.problems.some((p) => p.kind === 'unknown' && visible.has(p.mod.id));
  }

  /** Every mod in load order: which of two definitions no mod sees both of loads first. */
  loadOrder(): string {
    return this.orderKey ??= [...this.byId.keys()].sort((a, b) => this.loadRank(a) - this.loadRank(b)).join('\u0000');
  }

  /** The mods' ids with their folders (what decides which mod a file belongs to), in a stable order. */
  foldersKey(): string {
    return this.folders ??= [...this.byId.values()].map((m) => [m.id, m.modinfoFile, m.contentRoot, m.interaction?.base ?? '', m.interaction?.with ?? ''].join('\u0000')).sort().join('\u0001');
  }

  private orderKey: string | undefined;
  private folders: string | undefined;

  /** The dependency problems of one mod (reported on its modinfo.json), as text. */
  problemsOf(modId: string): string {
    return this.problems.filter((p) => p.mod.id === modId).map((p) => `${p.dependencyIndex}:${p.message}`).join('\u0000');
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
      // A mod's part for another mod and that mod's part for it load under the same condition (both mods active):
      // each sees the other's definitions (Defense_Mode's EOC for Aftershock spawns Aftershock's group for it).
      if (m.interaction) {
        const mirror = `${m.interaction.with}+${m.interaction.base}`;
        if (this.byId.get(mirror)?.interaction?.with === m.interaction.base) seen.add(mirror);
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
          this.problems.push({ mod: m, dependencyIndex: i, kind: 'unknown', message: `Unknown dependency "${d}": no mod with this id is in the workspace or the game data; until it is found, an id this mod names that is found nowhere is not reported (it may define it), only near misses of found ids` });
        } else if (d === m.id || this.visibleFrom(d).has(m.id)) {
          this.problems.push({ mod: m, dependencyIndex: i, kind: 'cycle', message: `Dependency cycle: "${m.id}" depends on "${d}", which depends back on "${m.id}"` });
        }
      });
    }
  }
}
