/**
 * Document highlight: the places of a file that show the same thing as the one under the cursor. For a character
 * of a map's `rows` (or a mapping key of the map), every cell of that character (queries/mapgenCell.ts).
 */
import type { WorkspaceView } from '../workspace/view';
import type { Target } from './symbol';
import { cellHighlights } from './mapgenCell';

export function highlights(project: WorkspaceView, filePath: string, offset: number): Target[] {
  return (cellHighlights(project, filePath, offset) ?? []).filter((t) => t.path === filePath);
}
