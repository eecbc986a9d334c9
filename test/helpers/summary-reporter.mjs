// The test run as a contributor wants it (`npm test`: node --test --test-reporter=./test/helpers/summary-reporter.mjs):
// one character per test while it runs (. passed, s skipped, X failed), then each failure in full (its test, file
// and line, the error with its diff and stack, and what its file printed), the skipped tests grouped by their
// reason, and node's own summary lines (# tests, # pass, # fail...) with a closing "N passed, N failed, N skipped".
// node's TAP reporter printed every test with its timing and every line the tests print (3,378 lines).
// Plain JavaScript, so node loads it without the build; events: https://nodejs.org/api/test.html#custom-reporters
import { inspect } from 'node:util';
import path from 'node:path';

const WIDTH = 80;

export default async function* summaryReporter(source) {
  const failures = [];
  const skipped = new Map(); // reason -> test names
  const output = new Map(); // file -> what its tests printed
  const filesFailed = new Set();
  const open = []; // names of the tests started, by nesting: a failure's full name
  const summary = [];
  let column = 0;
  const mark = (c) => {
    const s = column >= WIDTH ? `\n${c}` : c;
    column = column >= WIDTH ? 1 : column + 1;
    return s;
  };
  for await (const { type, data } of source) {
    const rel = data.file ? path.relative(process.cwd(), data.file) : undefined;
    switch (type) {
      case 'test:start':
        open[data.nesting] = data.name;
        open.length = data.nesting + 1;
        break;
      case 'test:pass':
        if (data.skip !== undefined || data.todo !== undefined) {
          const reason = typeof (data.skip ?? data.todo) === 'string' ? (data.skip ?? data.todo) : '(no reason given)';
          skipped.set(reason, [...(skipped.get(reason) ?? []), `${rel}: ${data.name}`]);
          yield mark('s');
        } else if (data.details?.type !== 'suite') yield mark('.');
        break;
      case 'test:fail': {
        const error = data.details?.error;
        // A parent failing because a subtest did, or a file's wrapper after its tests failed: said by those.
        if (error?.failureType === 'subtestsFailed') break;
        if (data.name === data.file && filesFailed.has(data.file)) break;
        filesFailed.add(data.file);
        failures.push({ name: [...open.slice(0, data.nesting), data.name].join(' > '), where: rel && data.line ? `${rel}:${data.line}:${data.column}` : rel, error, file: data.file });
        yield mark('X');
        break;
      }
      case 'test:stdout':
      case 'test:stderr':
        if (data.file) output.set(data.file, (output.get(data.file) ?? '') + data.message);
        break;
      case 'test:diagnostic':
        // The run's own summary (tests, pass, fail...) comes last, at the top level and from no file.
        if (data.nesting === 0 && !data.file) summary.push(data.message);
        break;
    }
  }
  yield '\n';
  for (const [i, f] of failures.entries()) {
    yield `\n✖ ${i + 1}/${failures.length} ${f.name}${f.where ? `  (${f.where})` : ''}\n`;
    const cause = f.error?.cause ?? f.error;
    yield `${inspect(cause, { depth: 6, colors: false }).replace(/^/gm, '  ')}\n`;
  }
  for (const file of new Set(failures.map((f) => f.file))) {
    const printed = output.get(file);
    if (printed?.trim()) yield `\n--- what ${path.relative(process.cwd(), file)} printed:\n${printed.trimEnd()}\n`;
  }
  if (skipped.size) {
    yield `\nSkipped (each says why: usually real game data not given, see docs/testing.md):\n`;
    for (const [reason, names] of skipped) yield `  ${names.length} × ${reason}\n      ${names.slice(0, 3).join('\n      ')}${names.length > 3 ? `\n      ... and ${names.length - 3} more` : ''}\n`;
  }
  const count = (key) => Number(/\d+/.exec(summary.find((m) => m.startsWith(`${key} `)) ?? '')?.[0] ?? 0);
  yield '\n';
  for (const m of summary) yield `# ${m}\n`;
  yield `${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped\n`;
}
