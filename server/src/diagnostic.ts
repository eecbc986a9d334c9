/** The engine's diagnostics: plain data with offsets; converted to LSP or CLI output at the edge. */
import type { Fix, FixCertainty } from './schema/valueReports';
import type { Basis, Severity } from './basis';

export { BASIS_WORDS, capToBasis, type Basis, type Severity } from './basis';

export type SeverityOverrides = Readonly<Record<string, Severity | 'off'>>;

export interface RelatedLocation {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

/**
 * Repairs a code action can apply; `Fix` edits one value or key, `addMembers` inserts missing fields. Those
 * marked `certain` (see Fix) are applied unattended.
 */
export type DiagnosticFix =
  | Fix
  | ({ readonly kind: 'addMembers'; readonly members: readonly AddedMember[] }
  /** Change the definition's `type` (the diagnostic's range is its value) and add members (item subtypes). */
  | { readonly kind: 'retype'; readonly to: string; readonly members: readonly { readonly name: string; readonly value: unknown }[] }) & FixCertainty;

/**
 * A member a fix adds: a placeholder value that passes the checks (the modder edits it), and the values to choose
 * from when the member has a closed set.
 */
export interface AddedMember {
  readonly name: string;
  readonly value: unknown;
  readonly choices?: readonly string[];
  /**
   * The member is an id: the one the loaded definitions of the same type write most, when several write it
   * (`"default_faction": "zombie"`), stands in for the placeholder, which names nothing.
   */
  readonly usualId?: true;
}

export interface Diagnostic {
  readonly path: string;
  /** UTF-16 offsets into the file's text. */
  readonly start: number;
  readonly end: number;
  readonly severity: Severity;
  /** Stable code, e.g. `unknown-id`; see README for the list. */
  readonly code: string;
  readonly message: string;
  /** What the verdict rests on. */
  readonly basis: Basis;
  readonly related?: readonly RelatedLocation[];
  readonly fixes?: readonly DiagnosticFix[];
}
