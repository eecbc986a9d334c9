/**
 * A unified diff of two texts by lines (`diff -u`'s format, 3 lines of context), for `migrate --dry-run`. Myers'
 * O((N+M)·D) algorithm: a migration changes few lines of long files, so D is small.
 */

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

export function unifiedDiff(before: string, after: string, oldName: string, newName: string, context = 3): string {
  if (before === after) return '';
  const a = splitLines(before), b = splitLines(after);
  const ops = diffLines(a, b);
  let out = `--- ${oldName}\n+++ ${newName}\n`;
  // Hunks: changes with up to `context` lines around them, joined when their contexts touch.
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i].kind === ' ') i++;
    if (i >= ops.length) break;
    let start = Math.max(0, i - context);
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end].kind !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].kind === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) { end = next; continue; }
      end = Math.min(ops.length, end + context);
      break;
    }
    let oldLine = 1, newLine = 1;
    for (let k = 0; k < start; k++) { if (ops[k].kind !== '+') oldLine++; if (ops[k].kind !== '-') newLine++; }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((o) => o.kind !== '+').length, newCount = hunk.filter((o) => o.kind !== '-').length;
    out += `@@ -${oldCount ? oldLine : oldLine - 1},${oldCount} +${newCount ? newLine : newLine - 1},${newCount} @@\n`;
    for (const o of hunk) out += `${o.kind}${o.line}\n`;
    i = end;
    start = end;
  }
  return out;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The shortest edit script from a to b, as kept, removed and added lines. */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length, m = b.length, max = n + m, offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) { x++; y++; }
      v[offset + k] = x;
      if (x >= n && y >= m) { found = true; break; }
    }
  }
  // Walk the trace back from the end.
  const ops: Op[] = [];
  let x = n, y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vd[offset + k - 1] < vd[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : vd[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: ' ', line: a[--x] }), y--;
    if (d > 0) {
      if (x === prevX) ops.push({ kind: '+', line: b[--y] });
      else ops.push({ kind: '-', line: a[--x] });
    }
  }
  while (x > 0 && y > 0) ops.push({ kind: ' ', line: a[--x] }), y--;
  return ops.reverse();
}
