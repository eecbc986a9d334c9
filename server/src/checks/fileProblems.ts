/** `unreadable-file`, `invalid-modinfo`, `duplicate-mod`: what stops a whole file from loading, on that file. */
import type { CheckContext } from './context';

export function checkFileProblems(ctx: CheckContext): void {
  const problem = ctx.project.fileProblem(ctx.file.path);
  if (problem) ctx.reportAt(0, 0, problem.code, 'error', 'reader', problem.message);
}
