/** The value of a `"type"` member, read at the position just after `"type"` (sticky). */
const TYPE_VALUE = /\s*:\s*"([^"\\]*)"/y;

/** The one type of the files that can define no id (see definesNoId). */
export const DEFINES_NO_ID_TYPE = 'mapgen';

/**
 * True when a file's text can define no id: every `"type"` in it is "mapgen" and it names no update or
 * nested mapgen id (map generators write no effects on condition in place: see KindRegistry.inlineEocRoots). Checked on the raw text, without parsing (native substring search). Such files (map
 * generators for overmap terrains: a quarter of the game's bytes) are parsed only when first needed.
 */
export function definesNoId(text: string): boolean {
  const first = text.indexOf('"type"');
  TYPE_VALUE.lastIndex = first + 6;
  if (first < 0 || TYPE_VALUE.exec(text)?.[1] !== DEFINES_NO_ID_TYPE) return false; // most files: decided at once
  if (text.includes('"update_mapgen_id"') || text.includes('"nested_mapgen_id"')) return false;
  let any = false;
  for (let i = first; i >= 0; i = text.indexOf('"type"', i + 6)) {
    TYPE_VALUE.lastIndex = i + 6;
    const m = TYPE_VALUE.exec(text);
    if (!m) continue; // "type" as a value, not a member
    if (m[1] !== DEFINES_NO_ID_TYPE) return false;
    any = true;
  }
  return any;
}
