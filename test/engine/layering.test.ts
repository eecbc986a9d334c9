/**
 * The engine's modules import each other in one direction only (no import circles), and nothing below the
 * language server's edge (server/src/lsp/) imports LSP types. Read from the sources, as the compiler sees them.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.resolve(__dirname, '../../../server/src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The modules a source imports or re-exports from (relative specifiers only), as resolved file paths. */
function importsOf(file: string): { local: string[]; packages: string[] } {
  const text = fs.readFileSync(file, 'utf8');
  const local: string[] = [];
  const packages: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm)) {
    const spec = m[1];
    if (!spec.startsWith('.')) { packages.push(spec); continue; }
    const base = path.resolve(path.dirname(file), spec);
    const found = [`${base}.ts`, path.join(base, 'index.ts')].find((p) => fs.existsSync(p));
    if (found) local.push(found);
  }
  return { local, packages };
}

test('no import circles among the engine modules', () => {
  const files = sources(SRC);
  assert.ok(files.length > 50, `found the sources (${files.length})`);
  const graph = new Map(files.map((f) => [f, importsOf(f).local]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (f: string, stack: string[]): void => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      cycles.push([...stack.slice(stack.indexOf(f)), f].map((p) => path.relative(SRC, p)).join(' -> '));
      return;
    }
    state.set(f, 'open');
    for (const g of graph.get(f) ?? []) visit(g, [...stack, f]);
    state.set(f, 'done');
  };
  for (const f of files) visit(f, []);
  assert.deepEqual(cycles, []);
});

test('no LSP types below the language server edge (server/src/lsp/)', () => {
  const offenders = sources(SRC)
    .filter((f) => !path.relative(SRC, f).startsWith(`lsp${path.sep}`))
    .filter((f) => importsOf(f).packages.some((p) => p.startsWith('vscode-languageserver')))
    .map((f) => path.relative(SRC, f));
  assert.deepEqual(offenders, []);
});

test('queries and checks read the workspace through its read-only views, never its rooms or the facade', () => {
  const allowed = new Set([path.join(SRC, 'workspace', 'view.ts')]);
  const rooms = (f: string): boolean => f === path.join(SRC, 'project.ts') || (f.startsWith(path.join(SRC, 'workspace') + path.sep) && !allowed.has(f));
  const offenders = sources(SRC)
    .filter((f) => ['queries', 'checks'].includes(path.relative(SRC, f).split(path.sep)[0]))
    .flatMap((f) => importsOf(f).local.filter(rooms).map((g) => `${path.relative(SRC, f)} -> ${path.relative(SRC, g)}`));
  assert.deepEqual(offenders, []);
});

test('the workspace rooms below the facade do not import it', () => {
  const offenders = sources(path.join(SRC, 'workspace'))
    .filter((f) => importsOf(f).local.includes(path.join(SRC, 'project.ts')))
    .map((f) => path.relative(SRC, f));
  assert.deepEqual(offenders, []);
});
