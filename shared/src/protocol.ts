/**
 * Names shared by the VS Code client (client/src) and the language server (server/src/lsp).
 * Constants only: this file is bundled into both sides and must not import anything.
 */

/** Settings section synchronised to the server (workspace/configuration, initializationOptions). */
export const SETTINGS_SECTION = 'cdda';

/** Setting keys, relative to SETTINGS_SECTION. */
export const Settings = {
  /** Base game data folder; '' = auto-detect (/usr/share/games/cataclysm-dda). */
  gamePath: 'gamePath',
  /** Map diagnostic code -> 'error' | 'warning' | 'information' | 'hint' | 'off'. */
  severity: 'severity',
  /** Game version whose format applies: 'auto' (detected from the game folder), 'current', '0.F'. */
  gameVersion: 'gameVersion',
  /** 'off' | 'messages' | 'verbose' (handled by vscode-languageclient itself). */
  traceServer: 'trace.server',
} as const;

export type SeveritySetting = 'error' | 'warning' | 'information' | 'hint' | 'off';

/** Shape of the `cdda` settings section as sent in initializationOptions / didChangeConfiguration. */
export interface CddaSettings {
  gamePath?: string;
  gameVersion?: string;
  severity?: Record<string, SeveritySetting>;
  trace?: { server?: 'off' | 'messages' | 'verbose' };
}

/** initializationOptions: the settings, and where the server may keep files of its own. */
export interface InitializationOptions extends CddaSettings {
  /**
   * A folder the server may write to (VS Code: the extension's global storage); the cache of the game's index
   * goes there. Without it: $XDG_CACHE_HOME/cdda-lint, else ~/.cache/cdda-lint.
   */
  storagePath?: string;
}

/** VS Code command ids contributed by the extension (client side). */
export const ClientCommands = {
  restartServer: 'cdda.restartServer',
  reindexWorkspace: 'cdda.reindexWorkspace',
  /** Opens the definition under the cursor as the game resolves it, in a read-only document (RESOLVED_DEFINITION_SCHEME). */
  showResolvedDefinition: 'cdda.showResolvedDefinition',
  /** Opens a live picture of the map generator under the cursor beside the editor (MAP_PREVIEW_REQUEST). */
  showMapPreview: 'cdda.showMapPreview',
  /** Brings the mod of the active file to the format of the game checked against, after a preview (MIGRATE_MOD_REQUEST). */
  migrateMod: 'cdda.migrateMod',
} as const;

/** workspace/executeCommand ids implemented by the server. */
export const ServerCommands = {
  /** Drop all cached state and index the workspace (and base game) again. No arguments. */
  reindex: 'cdda.reindex',
} as const;

/** Custom server -> client notification reporting indexing progress and problem counts. */
export const STATUS_NOTIFICATION = 'cdda/status';

export interface StatusParams {
  state: 'indexing' | 'ready';
  /** Files indexed so far (while indexing) or in all (when ready). */
  indexed?: number;
  /** Files to index in all, when known. */
  total?: number;
  /** Diagnostics of severity error across the workspace. */
  errors: number;
  /** Diagnostics of severity warning across the workspace. */
  warnings: number;
  /** The game version whose format is checked, e.g. "current (0.I / experimental)", and how it was chosen. */
  gameVersion?: string;
  /** The game folder checked against, and where it came from ("cdda.gamePath", "auto-detected"...). */
  game?: { path?: string; source: string };
  /** Why the game folder configured is not usable (then no game data is loaded: the server does not switch). */
  gameProblem?: string;
}

/**
 * Custom request: a definition as the game holds it after copy-from, relative, proportional, extend and delete
 * (and 0.F edit-mode), as JSON with `//` comments saying where each member's value came from, the copy-from
 * chain and every definition of the id in load order. Answers null when nothing is there.
 */
export const RESOLVED_DEFINITION_REQUEST = 'cdda/resolvedDefinition';

/** The URI scheme of the client's read-only resolved documents: `cdda-resolved:/<kind>/<id>.jsonc?<params>`. */
export const RESOLVED_DEFINITION_SCHEME = 'cdda-resolved';

/**
 * Either a place (`textDocument` + `position`: the definition there, or the one a reference there names, as the
 * file's mod sees it) or a definition by `kind` (index kind: `MONSTER`, `item`...) and `id`, seen from `mod`
 * (default: with every loaded mod, the last loaded definition).
 */
export interface ResolvedDefinitionParams {
  textDocument?: { uri: string };
  position?: { line: number; character: number };
  kind?: string;
  id?: string;
  mod?: string;
}

export interface ResolvedDefinitionResult {
  kind: string;
  id: string;
  /** The mod of the definition resolved. */
  mod?: string;
  /** "monster mon_zombie". */
  title: string;
  /** The document: JSON with `//` comments (language `jsonc`). */
  text: string;
  language: 'jsonc';
  /** What made the resolution incomplete or approximate (also in the text). */
  problems: string[];
}

/**
 * Custom request: the certain repairs of every file of a mod (`textDocument`: a file of it, or its folder), as
 * `cdda-lint migrate` makes them (one pass): a workspace edit for the client to apply after the user's review,
 * and what is left for a person, by root cause.
 */
export const MIGRATE_MOD_REQUEST = 'cdda/migrateMod';

export interface MigrateModParams {
  textDocument: { uri: string };
}

export interface MigrateModResult {
  /** A WorkspaceEdit (`changes` by URI); empty when nothing is to change. */
  edit: { changes: Record<string, { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]> };
  /** How many repairs the edit makes, in how many files. */
  repairs: number;
  files: number;
  /** Repairs that wait for the next run (their edits overlap ones made now). */
  deferred: number;
  /** What cannot be migrated: the uses of ids the game removed with nothing to replace them, by id. */
  removed: { title: string; count: number }[];
}

/**
 * Custom request: a picture of the map generator at a place (`textDocument` + `position`), as the game's ASCII view
 * draws it: per cell of `rows`, the symbol and colors (CSS) of its furniture, else its terrain, and markers for what
 * else the character places. Answers null when no map generator with rows is there.
 */
export const MAP_PREVIEW_REQUEST = 'cdda/mapPreview';

/**
 * Custom request: whether a document (`textDocument`) is a content file of a mod or of the game's data that the
 * server reads. The client sets the context key CONTENT_FILE_CONTEXT from it, which shows the map preview and
 * resolved definition commands on such files only (not on a web project's package.json).
 */
export const CONTENT_FILE_REQUEST = 'cdda/isContentFile';
export const CONTENT_FILE_CONTEXT = 'cdda.contentFile';

export interface MapPreviewParams {
  textDocument: { uri: string };
  position: { line: number; character: number };
}

export interface MapPreviewCell {
  key: string;
  symbol: string;
  fg?: string;
  bg?: string;
  terrain?: string;
  furniture?: string;
  markers: string[];
  /**
   * Regional placeholders among `terrain` and `furniture` (`t_region_groundcover_urban`): what the game's default
   * region places for each, most weighted first; the cell is drawn with `drawn`.
   */
  regional?: MapPreviewRegional[];
}

export interface MapPreviewRegional {
  placeholder: string;
  region: string;
  choices: { id: string; weight: number }[];
  /** The id the cell is drawn with: the most weighted choice, resolved again when it is a placeholder too. */
  drawn: string;
}

export interface MapPreviewResult {
  title: string;
  /** The map's position in its file (its `{`): the client asks again when the cursor leaves it. */
  start: { line: number; character: number };
  rows: MapPreviewCell[][];
  /** The side of an overmap terrain's part (24) for a grid; 0: none. */
  tile: number;
  cursor?: { row: number; column: number };
  /** What is not shown, when `rows` go beyond the map's size (the game reads no further). */
  note?: string;
}
