/**
 * The formatter (server/src/format/cddaFormat.ts, "Format Document") on the corpus's largest content file: the
 * time a modder waits after asking for it. Warm (three runs first), median of nine.
 */
import * as fs from 'fs';
import * as path from 'path';
import { formatCdda } from '../../server/src/format/cddaFormat';
import { contentFiles, ms, percentile, type BenchContext, type Reading } from './measure';

export function measureFormatting(ctx: BenchContext): Reading[] {
  const files = contentFiles(ctx.corpus.game).map((f) => ({ f, size: fs.statSync(f).size })).sort((a, b) => b.size - a.size);
  if (files.length === 0) throw new Error('bench: no content file to format');
  const file = files[0].f;
  const text = fs.readFileSync(file, 'utf8');
  for (let i = 0; i < 3; i++) formatCdda(text);
  const times: number[] = [];
  let unchanged = true;
  for (let i = 0; i < 9; i++) {
    const t0 = process.hrtime.bigint();
    const r = formatCdda(text);
    times.push(ms(t0));
    unchanged &&= r.ok && r.text === text;
  }
  return [{
    figure: 'format the largest content file, median', value: percentile(times, 50), unit: 'ms', target: 100,
    detail: `${path.relative(ctx.corpus.game, file)}, ${(text.length / 1000).toFixed(0)} KB${unchanged ? '' : ' (its text changed: not in the game\'s format)'}; min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
  }];
}
