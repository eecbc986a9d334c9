/** Palettes naming palettes, for the tests of their resolution (engine, LSP, the soak's trust fixture). */

/**
 * Palettes `${prefix}0`..`${prefix}(depth-1)`, each naming the next three times (by name, in a distribution,
 * through a parameter's fallback): 3^depth paths, `depth` palettes. Palette i maps the letter i (A, B...) to a
 * terrain.
 */
export function paletteChain(depth: number, prefix = 'p', terrain = 't_floor'): Record<string, unknown>[] {
  return Array.from({ length: depth }, (_, i) => {
    const next = `${prefix}${i + 1}`;
    const palettes = i + 1 < depth ? [next, { distribution: [[next, 1]] }, { param: 'pick', fallback: next }] : [];
    return { type: 'palette', id: `${prefix}${i}`, palettes, terrain: { [String.fromCharCode(65 + (i % 26))]: terrain } };
  });
}
