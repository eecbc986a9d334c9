/**
 * The V8 settings the engine runs with: set by the entry points (the language server, the CLI, the bench's
 * measuring processes) before the engine's code runs hot. V8's flags are per process: worker threads share them.
 *
 * `--no-turbo-inlining`: the optimizing compiler does not inline callees into the hot functions. The engine's work
 * is short (a start, a check) over JSON values of thousands of shapes, where inlined code was mostly compiled, thrown
 * away on a value of a new shape, and compiled again: a cold check of the current game compiled 344 functions for
 * 2.1 s of compiler time (on a second core, which it then keeps from the check's other threads), 1.1 s without
 * inlining. Paired runs on 2 cores: the cold check 2.7 s -> 2.4 s of wall time (4.0 s -> 3.3 s of CPU), a server's
 * start to its first diagnostics 872 -> 795 ms (medians of 8); a third check in one process (everything hot)
 * within noise.
 *
 * `--interrupt-budget=300000` (V8 11.3, Node 20: 67,584; a function is looked at for optimizing once per budget of
 * bytecode run, and optimized after three such ticks): a function is optimized after running 4.4 times longer, so
 * the optimizing compiler takes fewer of the functions only warm during a start or a check. At a server's start
 * both cores are busy (the load's second thread reads half the files) and the compiler's thread takes CPU from
 * them: first diagnostics of an opened mod file 647 -> 611 ms (medians of 10), CPU -7%. The CLI went without it
 * while it cost a whole-game check 2% of wall time for 5% less CPU; since the checks grew (issue 34: 315 functions
 * compiled 567 times in a whole-game check, 1,346 ms of compiler CPU; 316 compilations, 542 ms with it), the CLI
 * takes it too. Alternating runs on 2 cores (one other process busy), the current game: the whole-game check 2.98-3.12
 * -> 2.78-2.84 s wall, 2.97-3.07 -> 2.74-2.82 s CPU; Magiclysm's check 1.59-1.69 -> 1.41-1.47 s CPU; the whole 0.F
 * game 2.14-2.28 -> 1.97-2.12 s CPU, wall within noise. Budgets of 150,000, 500,000 and 1,000,000 measured no
 * better than 300,000.
 */
import * as v8 from 'v8';

export const ENGINE_V8_FLAGS: readonly string[] = ['--no-turbo-inlining', '--interrupt-budget=300000'];

/** Sets the engine's V8 settings in this process (the server's, the CLI's and the bench's are the same). */
export function applyEngineFlags(): void {
  for (const flag of ENGINE_V8_FLAGS) v8.setFlagsFromString(flag);
}
