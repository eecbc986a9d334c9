/**
 * A content file's parse as the engine holds it, and that of a file that is valid JSON made from its value: apart
 * from syntax/parseFile.ts, which loads the tolerant parser, so that the read-ahead thread can outline a file's
 * records as the first thread would (see index/readAheadFile.ts).
 */
import type { DefinitionTextFindings } from './definitionText';
import { isPlainObject } from '../util/json';

export interface ParsedObject {
  /** The parsed object (members as written; for a broken object, what could be recovered). */
  readonly value: Record<string, unknown>;
  /** Position among the file's top-level values (objects or not): finds its region in the text. */
  readonly slot: number;
  /** The value is already what a record keeps of it: a summary, or the whole object (see records/record.ts recordsOf). */
  readonly reduced?: boolean;
  /**
   * With `reduced`, for a type whose records keep the whole object: the value is its summary, and the whole object
   * is read from the file's text when the record's value is first read (see records/record.ts).
   */
  readonly wholeInFile?: true;
}

export interface SyntaxProblem {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface ParsedFile {
  readonly objects: readonly ParsedObject[];
  /**
   * Set when the values were handed over (see compactParsed): the slot of each object, or 'identity' when
   * object i is top-level value i (the common case); `objects` is then empty.
   */
  readonly slots?: readonly number[] | 'identity';
  /** With `slots`: how many objects the file has. */
  readonly objectCount?: number;
  readonly problems: readonly SyntaxProblem[];
  /**
   * Slots of the values of the file's array that are not objects (`[ 1, { ... } ]`): no definition, reported
   * by checks/syntax.ts (their offsets are found only then, see regionAt).
   */
  readonly strays?: readonly number[];
  /** Offsets of the top-level values; found by a scan only when first needed (see objectRange). */
  regions?: Region[];
  /** The whole text is JSON (`JSON.parse` read it): one simpler scan finds the regions and `findings` (see regionAt). */
  readonly wellFormed?: boolean;
  /**
   * Found with the regions of a well-formed file: by slot, what each definition's text hides that has anything
   * (see syntax/definitionText.ts); undefined when not scanned that way.
   */
  findings?: ReadonlyMap<number, DefinitionTextFindings>;
}

/** A top-level value region found by the scanner: an object, or something that is not one. */
export interface Region {
  start: number;
  end: number;
  isObject: boolean;
}


/**
 * The parse of a file that is valid JSON, from its value (`JSON.parse` of its text): its top-level objects by
 * slot. Undefined when the value is neither an object nor an array (a syntax problem: see parseContentFile).
 * `reduced`: its objects are already what records keep of them; `wholesInFile`: the slots, ascending, of those whose
 * whole object is read from the file's text (see ParsedObject).
 */
export function parsedFromJson(whole: unknown, reduced = false, wholesInFile: readonly number[] = []): ParsedFile | undefined {
  let nextInFile = 0;
  // Called in the order of the slots.
  const object = (value: Record<string, unknown>, slot: number): ParsedObject => {
    if (!reduced) return { value, slot };
    if (wholesInFile[nextInFile] !== slot) return { value, slot, reduced };
    nextInFile++;
    return { value, slot, reduced, wholeInFile: true };
  };
  if (isPlainObject(whole)) return { objects: [object(whole, 0)], problems: [], wellFormed: true };
  if (!Array.isArray(whole)) return undefined;
  const objects: ParsedObject[] = [];
  let strays: number[] | undefined;
  for (let k = 0; k < whole.length; k++) {
    const v: unknown = whole[k];
    if (isPlainObject(v)) objects.push(object(v, k));
    else (strays ??= []).push(k);
  }
  return strays ? { objects, problems: [], strays, wellFormed: true } : { objects, problems: [], wellFormed: true };
}
