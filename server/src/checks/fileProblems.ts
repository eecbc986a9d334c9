/**
 * `unreadable-file`, `invalid-modinfo`, `duplicate-mod`: what stops a whole file from loading, on that file; and
 * `skipped-link`, a warning: a link not followed (to nothing, or to a folder read already), on the link.
 */
import type { CheckContext } from './context';

export function checkFileProblems(ctx: CheckContext): void {
  const problem = ctx.project.fileProblem(ctx.file.path);
  if (problem) ctx.reportAt(0, 0, problem.code, problem.code === 'skipped-link' ? 'warning' : 'error', 'reader', problem.message);
}
