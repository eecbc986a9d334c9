/** Classes of diagnostics for the real-data tests: counted per class, each class justified there. */
import type { Diagnostic } from '../../server/src/diagnostic';

/** A class: the code, and what the message says (member, kind), without the particular ids and numbers. */
export function classOf(d: Diagnostic): string {
  const m = d.message;
  const member = /^"([^"]+)"/.exec(m)?.[1].replace(/\[\d+\]/g, '[]');
  switch (d.code) {
    case 'missing-field': {
      const top = /^(.+?) "[^"]*" is missing mandatory member "([^"]+)"/.exec(m);
      return top ? `missing-field: ${top[1]} without ${top[2]}` : `missing-field: ${member} without ${/member "([^"]+)"/.exec(m)?.[1]}`;
    }
    case 'unknown-id':
      // A kind learned from the data: what the id is instead, or that it names nothing (information, basis data).
      if (d.basis === 'data') return `unknown-id/data: ${member} -> ${/writes (.+?) ids here/.exec(m)?.[1]}${/" is (an? .+?);/.exec(m) ? ' (another kind)' : / template \(abstract\)/.test(m) ? ' (a template)' : ''}`;
      return `unknown-id: ${member} -> ${/unknown (.+?) "/.exec(m)?.[1]}`;
    case 'duplicate-id':
      return `duplicate-id: ${/^(.+?) "/.exec(m)?.[1]} ${/already defined (in mod|earlier in this file|in another file)/.exec(m)?.[1]}`;
    case 'mapgen-rows': {
      // What is wrong, without the character, its row and column.
      const what = /has no terrain, furniture/.test(m) ? 'a character with no mapping' : /is not in "terrain"/.test(m) ? 'a character not in terrain, no fill_ter'
        : /is a terrain only when/.test(m) ? 'a terrain in some palette choices only' : /^"rows" has/.test(m) ? 'the number of rows' : /^Row \d+ has/.test(m) ? 'the cells of a row'
          : /none of "fill_ter"/.test(m) ? 'no terrain at all' : /no character is mapped to a terrain/.test(m) ? 'rows with no terrain' : m.slice(0, 40);
      return `mapgen-rows/${d.severity}: ${what}${/"weight" is 0/.test(m) ? ' (weight 0)' : ''}`;
    }
    case 'unused-mapping':
      return `unused-mapping/${d.severity}`;
    default:
      return `${d.code}/${d.severity}: ${member ?? m.slice(0, 40)}`;
  }
}


/** The warnings and errors whose basis is the data alone (there should be none: see Basis), as `file: message`. */
export function warningsOnData(diagnostics: ReadonlyMap<string, readonly Diagnostic[]>): string[] {
  const out: string[] = [];
  for (const [file, list] of diagnostics) for (const d of list) if (d.basis === 'data' && (d.severity === 'error' || d.severity === 'warning')) out.push(`${file}: ${d.message}`);
  return out;
}
