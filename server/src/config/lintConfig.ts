/**
 * `cdda-lint.config.json`: the settings of a mod or a repository of mods, read by both the CLI and the
 * language server, so a modder's CI and editor agree. Found at or above the checked path (the nearest wins).
 *
 * {
 *   "gamePath": "../Cataclysm/data",          // the base game folder (relative to this file)
 *   "gameVersion": "current",                 // or "0.F", "auto"
 *   "severity": { "unit-style": "off" },      // per diagnostic code: error, warning, information, hint, off
 *   "dependencyPaths": ["../../other-mods"]   // mod folders, or folders of mods, that are not siblings
 * }
 */
import * as fs from 'fs';
import * as path from 'path';
import type * as jsonc from 'jsonc-parser';
import { jsoncParser } from '../util/jsonc';
import type { SeverityOverrides } from '../diagnostic';
import { findVersion, VERSION_IDS } from '../registry/versions';
import { CONFIG_FILE } from '../mods/discover';

export { CONFIG_FILE };

export interface LintConfig {
  readonly gamePath?: string;
  readonly gameVersion?: string;
  readonly severity?: SeverityOverrides;
  readonly dependencyPaths?: readonly string[];
}

export interface FoundConfig {
  readonly config: LintConfig;
  /** The file it came from, when one was found. */
  readonly file?: string;
  /** What was wrong with it (each entry ignored), for the CLI's stderr or the server's log. */
  readonly problems: readonly string[];
  /** The file could not be used at all (unreadable, not JSON, not an object). */
  readonly fatal?: boolean;
}

const SEVERITIES = new Set(['error', 'warning', 'information', 'hint', 'off']);

/** The nearest config file at or above `start` (a file or folder). */
export function findConfig(start: string): FoundConfig {
  let dir = path.resolve(start);
  try { if (!fs.statSync(dir).isDirectory()) dir = path.dirname(dir); } catch { dir = path.dirname(dir); }
  for (;;) {
    const candidate = path.join(dir, CONFIG_FILE);
    if (fs.existsSync(candidate)) return readConfig(candidate);
    const up = path.dirname(dir);
    if (up === dir) return { config: {}, problems: [] };
    dir = up;
  }
}

export function readConfig(file: string): FoundConfig {
  let text: string;
  try { text = fs.readFileSync(file, 'utf8'); } catch (err) { return { config: {}, file, fatal: true, problems: [`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? err})`] }; }
  const errors: jsonc.ParseError[] = [];
  const value: unknown = jsoncParser().parse(text, errors, { allowTrailingComma: true });
  const problems: string[] = errors.length ? [`${file}: not valid JSON (${jsoncParser().printParseErrorCode(errors[0].error)} at offset ${errors[0].offset})`] : [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { config: {}, file, fatal: true, problems: [...problems, `${file}: expected an object`] };
  if (errors.length) return { config: {}, file, fatal: true, problems };
  const o = value as Record<string, unknown>;
  const base = path.dirname(file);
  const config: { -readonly [K in keyof LintConfig]: LintConfig[K] } = {};
  for (const key of Object.keys(o)) if (!['gamePath', 'gameVersion', 'severity', 'dependencyPaths', '$schema'].includes(key) && !key.startsWith('//')) problems.push(`${file}: unknown setting "${key}" (known: gamePath, gameVersion, severity, dependencyPaths)`);
  if (typeof o.gamePath === 'string' && o.gamePath.trim() !== '') config.gamePath = path.resolve(base, o.gamePath);
  else if (o.gamePath !== undefined) problems.push(`${file}: "gamePath" must be a folder path`);
  if (typeof o.gameVersion === 'string' && (o.gameVersion.toLowerCase() === 'auto' || findVersion(o.gameVersion))) config.gameVersion = o.gameVersion.toLowerCase() === 'auto' ? undefined : o.gameVersion;
  else if (o.gameVersion !== undefined) problems.push(`${file}: "gameVersion" must be "auto" or one of ${VERSION_IDS.map((id) => `"${id}"`).join(', ')}`);
  if (o.severity !== undefined) {
    if (o.severity && typeof o.severity === 'object' && !Array.isArray(o.severity)) {
      const out: Record<string, string> = {};
      for (const [code, s] of Object.entries(o.severity as Record<string, unknown>)) {
        if (typeof s === 'string' && SEVERITIES.has(s)) out[code] = s;
        else problems.push(`${file}: severity of "${code}" must be one of error, warning, information, hint, off`);
      }
      config.severity = out as SeverityOverrides;
    } else problems.push(`${file}: "severity" must be an object of code -> severity`);
  }
  if (Array.isArray(o.dependencyPaths)) config.dependencyPaths = o.dependencyPaths.filter((p): p is string => typeof p === 'string').map((p) => path.resolve(base, p));
  else if (o.dependencyPaths !== undefined) problems.push(`${file}: "dependencyPaths" must be an array of folder paths`);
  return { config, file, problems };
}
