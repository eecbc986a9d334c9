/**
 * Walls drawn joined, as the game's ASCII view draws terrain with the AUTO_WALL_SYMBOL flag
 * (map::determine_wall_corner, 0.F and current): the line symbol joining the orthogonal neighbours whose terrain
 * is in a group the terrain connects to (get_known_connections); with one such neighbour, the straight line
 * through it; with none, the terrain's own symbol. A cell outside the map connects to nothing.
 */
import type { TerrainConnections } from '../registry/declaration';

/** What joining needs of a terrain's definition (as inherited). */
export interface Connecting {
  readonly autoWall: boolean;
  /** The groups the terrain is in. */
  readonly groups: readonly string[];
  /** The groups it connects to. */
  readonly connectsTo: readonly string[];
}

/** A terrain definition's Connecting, as the version reads its flags and members. */
export function connectingOf(value: Record<string, unknown>, rules: TerrainConnections): Connecting {
  const flags = Array.isArray(value.flags) ? value.flags.filter((f): f is string => typeof f === 'string') : [];
  const listed = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : []);
  const byFlags = [...new Set(flags.flatMap((f) => (Object.hasOwn(rules.flagGroups, f) ? [rules.flagGroups[f]] : [])))];
  const members = listed(value[rules.groupsMember]);
  const groups = rules.memberReplacesFlags && value[rules.groupsMember] !== undefined ? members : [...new Set([...byFlags, ...members])];
  const connectsTo = rules.groupsMember === rules.connectsMember ? groups : [...new Set([...byFlags, ...listed(value[rules.connectsMember])])];
  return { autoWall: flags.includes('AUTO_WALL_SYMBOL'), groups, connectsTo };
}

/**
 * The line symbol (`LINE_XOXO`: connected north, east, south, west) a terrain with AUTO_WALL_SYMBOL at
 * (row, column) is drawn with; undefined when it is drawn with its own symbol (no flag, or no neighbour joined).
 */
export function joinedWall(at: (row: number, column: number) => Connecting | undefined, row: number, column: number): string | undefined {
  const self = at(row, column);
  if (!self?.autoWall || self.connectsTo.length === 0) return undefined;
  const joins = (r: number, c: number): boolean => at(r, c)?.groups.some((g) => self.connectsTo.includes(g)) === true;
  let north = joins(row - 1, column), east = joins(row, column + 1), south = joins(row + 1, column), west = joins(row, column - 1);
  const count = +north + +east + +south + +west;
  if (count === 0) return undefined;
  // One neighbour: the straight line through it.
  if (count === 1) { if (north || south) north = south = true; else east = west = true; }
  const x = (b: boolean): string => (b ? 'X' : 'O');
  return `LINE_${x(north)}${x(east)}${x(south)}${x(west)}`;
}
