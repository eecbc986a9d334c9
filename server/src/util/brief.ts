/**
 * A value as JSON text for a message, at most `max` characters (longer text is cut and ends with `...`). Only
 * what is shown is built: a huge or deeply nested value costs no more than a small one, and the recursion stops
 * with the budget (every level writes at least one character), so no nesting depth can overflow the stack.
 */
export function brief(value: unknown, max = 40): string {
  const budget = max + 1;
  let out = '';
  const write = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length; i++) {
        if (out.length > budget) return false;
        if (i > 0) out += ',';
        if (!write(v[i])) return false;
      }
      out += ']';
    } else if (typeof v === 'object' && v !== null) {
      out += '{';
      let first = true;
      for (const k in v) {
        if (out.length > budget) return false;
        if (!first) out += ',';
        first = false;
        out += `${JSON.stringify(k)}:`;
        if (!write((v as Record<string, unknown>)[k])) return false;
      }
      out += '}';
    } else {
      // Infinity: what JSON.parse makes of a number out of range (JSON.stringify would write null).
      out += typeof v === 'number' && !Number.isFinite(v) ? String(v) : JSON.stringify(v) ?? String(v);
    }
    return out.length <= budget;
  };
  write(value);
  return out.length > max ? `${out.slice(0, max - 3)}...` : out;
}
