/** `json-syntax`: what the parser could not read. The rest of the file is still checked. */
import type { CheckContext } from './context';

export function checkSyntax(ctx: CheckContext): void {
  for (const p of ctx.file.parsed.problems) ctx.reportAt(p.start, p.end, 'json-syntax', 'error', p.message);
}
