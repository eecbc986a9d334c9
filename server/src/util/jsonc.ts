/**
 * jsonc-parser (the tolerant parse, its syntax tree and scanner), required when first used: a check of
 * well-formed files never runs it, and its six modules are 2-3 ms of a start. Its types are imported as types
 * (`import type * as jsonc from 'jsonc-parser'`); a module using its const enums imports it plainly, which the
 * compiler leaves out of the output (the enums are inlined): no value of it is used.
 */
import type * as Jsonc from 'jsonc-parser';

let loaded: typeof Jsonc | undefined;

export function jsoncParser(): typeof Jsonc {
  return (loaded ??= require('jsonc-parser') as typeof Jsonc);
}
