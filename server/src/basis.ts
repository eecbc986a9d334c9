/**
 * What a check's verdict rests on, and what severity that earns: plain data on every diagnostic (diagnostic.ts),
 * set where the verdict is made. Its own module (with the severities): the schema's
 * tables and the diagnostics both name it.
 */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

/**
 * What a diagnostic's verdict rests on (README, *Diagnostic codes*):
 * - `reader`: the game's own reader: a member reading or hand-written table written from the loader function it
 *   cites, a hand-written check citing the game's code, the 0.F program's own member names;
 * - `spec`: the definition format spec of the 0.F era (its hand-written tables, its rules);
 * - `documentation`: the game's JSON documentation (doc/JSON), where neither of the above says more;
 * - `data`: the shape of the game's data alone: a value form the data never writes, a reference kind learned from
 *   where the data wrote ids, a member no definition uses. The data shows what is written, never all the game
 *   reads, so such a diagnostic is information at most (see capToBasis).
 */
export type Basis = 'reader' | 'spec' | 'documentation' | 'data';

/** The basis words hover and the CLI show ("the game's reader"). */
export const BASIS_WORDS: Readonly<Record<Basis, string>> = {
  reader: "the game's reader",
  spec: 'the definition format spec',
  documentation: "the game's documentation",
  data: "the game's data alone",
};

/**
 * The severity a verdict may have on its basis: one resting on the data alone is information at most (the rule
 * of the house: a check earns a warning or an error from the game's reader, its documentation or the spec).
 * Applied where a diagnostic is made, before any severity the user sets per code.
 */
export function capToBasis(severity: Severity, basis: Basis): Severity {
  return basis === 'data' && (severity === 'error' || severity === 'warning') ? 'information' : severity;
}
