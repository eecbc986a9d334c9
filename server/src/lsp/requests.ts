/**
 * What every request handler does first: refuse to serve before `initialize` (LSP: ServerNotInitialized) and
 * after `shutdown` (InvalidRequest), and check the parameters it reads, so that a malformed request is answered
 * InvalidParams naming what is wrong rather than InternalError from deep inside a feature.
 */
import { ErrorCodes, ResponseError, type Position, type Range } from 'vscode-languageserver/node';
import type { Session } from './session';

export function invalid(what: string): never {
  throw new ResponseError(ErrorCodes.InvalidParams, `Invalid params: ${what}`);
}

/**
 * LSP: a request before `initialize` fails with ServerNotInitialized (-32002); once `shutdown` was answered, every
 * request fails with InvalidRequest (only `exit` is expected).
 */
export function refuseUnlessServing(session: Session): void {
  if (!session.initializeReceived) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'The server is not initialized: the first request must be "initialize"');
  if (session.shutDown) throw new ResponseError(ErrorCodes.InvalidRequest, 'The server is shut down: after "shutdown" only the "exit" notification is accepted');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

/** The request's params as an object, once the server is known to be serving. */
export function requestParams(session: Session, params: unknown): Record<string, unknown> {
  refuseUnlessServing(session);
  if (!isObject(params)) invalid('expected an object');
  return params;
}

/** A member of the params that must be a string (`query`, `newName`, `command`). */
export function stringParam(params: Record<string, unknown>, name: string): string {
  const v = params[name];
  if (typeof v !== 'string') invalid(`"${name}" must be a string`);
  return v;
}

export function positionOf(v: unknown, name: string): Position {
  if (!isObject(v) || !isIndex(v.line) || !isIndex(v.character)) invalid(`"${name}" must be a position { line, character } of non-negative integers`);
  return { line: v.line, character: v.character };
}

export function rangeOf(v: unknown, name: string): Range {
  if (!isObject(v)) invalid(`"${name}" must be a range { start, end }`);
  return { start: positionOf(v.start, `${name}.start`), end: positionOf(v.end, `${name}.end`) };
}

/** `textDocument.uri` of a request about one document. */
export function documentParams(session: Session, params: unknown): { params: Record<string, unknown>; uri: string } {
  const p = requestParams(session, params);
  const doc = p.textDocument;
  if (!isObject(doc) || typeof doc.uri !== 'string') invalid('"textDocument.uri" must be a string');
  return { params: p, uri: doc.uri };
}

/** `textDocument.uri` and `position` of a request about one place of a document. */
export function positionParams(session: Session, params: unknown): { params: Record<string, unknown>; uri: string; position: Position } {
  const d = documentParams(session, params);
  return { ...d, position: positionOf(d.params.position, 'position') };
}
