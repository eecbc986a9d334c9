/**
 * Long queries (find references, rename, symbols) as generators that yield between small steps: the engine
 * stays synchronous and free of any editor protocol, and a caller decides what happens at each pause. The
 * language server runs them in time slices, giving the event loop a turn (and honouring cancellation) between
 * slices (lsp/slices.ts); tests and the CLI run them to the end at once with `finish`.
 */

/** A computation that yields (nothing) at points where it may be paused or abandoned, and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs a computation to its end without pausing. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
