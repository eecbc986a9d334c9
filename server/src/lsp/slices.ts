/**
 * Long requests (find references, rename, symbols) run the engine's step-wise queries (util/steps.ts) in time
 * slices, each also bounded by a count of steps: between slices the event loop takes a turn (setImmediate), so
 * other messages are handled meanwhile, `$/cancelRequest` among them. A request cancelled by the client is
 * answered RequestCancelled (-32800); one whose project changed under it (an edit, a rebuild) is answered
 * ContentModified (-32801), as LSP provides.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';
import type { Project } from '../project';
import type { Steps } from '../util/steps';
import type { Session } from './session';

/** Work between two turns of the event loop: this long at most... */
export const SLICE_MS = 10;
/**
 * ...and this many steps at most: a request of n steps gives the loop at least n / SLICE_STEPS turns whatever the
 * machine's speed or load (a turn costs about a microsecond), which is what a test can count on.
 */
export const SLICE_STEPS = 500;

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled');
}

/**
 * Runs `steps` over `project` (the session's current one) to its end, in slices. Throws a ResponseError when
 * the request is cancelled or the project changes before the end.
 */
export async function runInSlices<T>(session: Session, project: Project, token: CancellationToken | undefined, steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  if (token?.isCancellationRequested) throw cancelled();
  const revision = project.revision;
  let sliceStart = Date.now(), stepsInSlice = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (++stepsInSlice < SLICE_STEPS && Date.now() - sliceStart < sliceMs) continue;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (token?.isCancellationRequested) { steps.return(undefined as T); throw cancelled(); }
    if (session.project !== project || project.revision !== revision) {
      steps.return(undefined as T);
      throw new ResponseError(LSPErrorCodes.ContentModified, 'The workspace changed while the request was under way; ask again');
    }
    sliceStart = Date.now();
    stepsInSlice = 0;
  }
}
