/**
 * Names looked up by their endings: `has(x)` when x ends one of them. The strings of a compiled program are
 * stored so (the linker keeps "name" inside "display_name"; scripts/gen-member-names.mjs).
 */
export class NameEndings {
  /** The names reversed, sorted: x ends a name when reversed x begins the first reversed name not below it. */
  private readonly reversed: string[];

  constructor(names: Iterable<string>) {
    this.reversed = Array.from(names, reverse).sort();
  }

  has(name: string): boolean {
    if (name === '') return false;
    const r = reverse(name);
    let lo = 0;
    let hi = this.reversed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.reversed[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.reversed.length && this.reversed[lo].startsWith(r);
  }
}

function reverse(s: string): string {
  let out = '';
  for (let i = s.length - 1; i >= 0; i--) out += s[i];
  return out;
}
