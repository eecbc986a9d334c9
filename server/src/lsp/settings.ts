/**
 * The `cdda` settings section, as sent in initializationOptions, didChangeConfiguration or returned by
 * workspace/configuration. Tolerant: unknown or malformed entries are reported and ignored.
 */
import type { SeverityOverrides } from '../diagnostic';
import { SETTINGS_SECTION, type SeveritySetting } from '../../../shared/src/protocol';
import { VERSION_IDS, findVersion } from '../registry/versions';

export interface ServerSettings {
  /** Configured game folder ('' or undefined: auto-detect). */
  readonly gamePath: string | undefined;
  /** Configured game version ('' or undefined: detected from the game folder). */
  readonly gameVersion: string | undefined;
  readonly severity: SeverityOverrides;
}

export const DEFAULT_SETTINGS: ServerSettings = { gamePath: undefined, gameVersion: undefined, severity: {} };

const SEVERITIES: ReadonlySet<string> = new Set<SeveritySetting>(['error', 'warning', 'information', 'hint', 'off']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads settings from any of the shapes clients use: `{ gamePath, severity }`, `{ cdda: { ... } }` or flat
 * `{ "cdda.gamePath": ... }`. Problems are returned as messages for the log.
 */
export function parseSettings(raw: unknown, base: ServerSettings = DEFAULT_SETTINGS): { settings: ServerSettings; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(raw)) return { settings: base, problems: raw === undefined || raw === null ? [] : [`settings: expected an object, got ${typeof raw}`] };
  let section: Record<string, unknown> = raw;
  if (isObject(raw[SETTINGS_SECTION])) section = raw[SETTINGS_SECTION] as Record<string, unknown>;
  const get = (key: string): unknown => (key in section ? section[key] : raw[`${SETTINGS_SECTION}.${key}`]);
  let gamePath = base.gamePath;
  const g = get('gamePath');
  if (typeof g === 'string') gamePath = g.trim() === '' ? undefined : g.trim();
  else if (g !== undefined && g !== null) problems.push(`cdda.gamePath: expected a string, got ${JSON.stringify(g)}`);
  let gameVersion = base.gameVersion;
  const v = get('gameVersion');
  if (typeof v === 'string') {
    const name = v.trim();
    if (name === '' || name.toLowerCase() === 'auto') gameVersion = undefined;
    else if (findVersion(name)) gameVersion = name;
    else problems.push(`cdda.gameVersion: unknown version ${JSON.stringify(v)}; expected "auto" or one of ${VERSION_IDS.map((id) => `"${id}"`).join(', ')}`);
  } else if (v !== undefined && v !== null) problems.push(`cdda.gameVersion: expected a string, got ${JSON.stringify(v)}`);
  let severity = base.severity;
  const s = get('severity');
  if (isObject(s)) {
    const out: Record<string, SeveritySetting> = {};
    for (const [code, v] of Object.entries(s)) {
      if (typeof v === 'string' && SEVERITIES.has(v)) out[code] = v as SeveritySetting;
      else problems.push(`cdda.severity.${code}: expected one of error, warning, information, hint, off; got ${JSON.stringify(v)}`);
    }
    severity = out;
  } else if (s !== undefined && s !== null) problems.push(`cdda.severity: expected an object mapping codes to severities, got ${JSON.stringify(s)}`);
  return { settings: { gamePath, gameVersion, severity }, problems };
}

export function sameSeverity(a: SeverityOverrides, b: SeverityOverrides): boolean {
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
}
