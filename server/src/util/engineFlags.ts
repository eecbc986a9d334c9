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
 * The server adds `--interrupt-budget=300000` (V8 11.3, Node 20: 67,584; a function is looked at for optimizing
 * once per budget of bytecode run, and optimized after three such ticks): a function is optimized after running
 * 4.4 times longer, so the optimizing compiler takes fewer of the functions only warm during a start. At a
 * server's start both cores are busy (the load's second thread reads half the files) and the compiler's thread
 * takes CPU from them. Paired runs on 2 cores, the current game: first diagnostics of an opened mod file 647 ->
 * 611 ms (medians of 10), CPU -7%; keystrokes, completion and definition in the bench within noise. Not the CLI:
 * a whole-game check keeps one thread busy and its second core free for the compiler, and with the flag it took
 * 2.21 s against 2.17 (its checks, after loading, 497 against 467 ms; medians of 4), for 5% less CPU.
 */
import * as v8 from 'v8';

/** Who runs the engine: a language server (or a measure of one) or the CLI. */
export type EngineUse = 'server' | 'cli';

export const ENGINE_V8_FLAGS: Readonly<Record<EngineUse, readonly string[]>> = {
  server: ['--no-turbo-inlining', '--interrupt-budget=300000'],
  cli: ['--no-turbo-inlining'],
};

export function applyEngineFlags(use: EngineUse): void {
  for (const flag of ENGINE_V8_FLAGS[use]) v8.setFlagsFromString(flag);
}
