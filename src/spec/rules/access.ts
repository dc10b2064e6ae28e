import { buildMatrix, type Cell } from '../access/matrix.js';
import type { CommandSubject, GuildAccess } from '../access/subjects.js';
import { PermissionEntryType } from '../enums.js';
import type { PermissionEntry } from '../state.js';

const allDenied = (cells: Cell[][]): boolean => cells.every((row) => row.every((c) => c.outcome === 'denied'));

/**
 * The rows leave the command to administrators (and the owner) alone: every
 * role, user and channel they name, and everyone else, is denied, where
 * without any rows someone could use it. Worth a warning: it is what a
 * misplaced `allow: false` does, and nobody else notices until they try.
 */
export function leavesAdministratorsOnly(g: GuildAccess, s: CommandSubject): boolean {
  if (s.commandRows.length === 0 && g.appRows.length === 0) return false;
  const withRows = buildMatrix({ ...g, facts: undefined }, s).cells.slice(1);
  const bare = buildMatrix({ guildId: g.guildId, appRows: [], commands: [] }, { ...s, commandRows: [] }).cells.slice(1);
  return allDenied(withRows) && !allDenied(bare);
}

const TYPE_NAMES: Record<number, string> = { [PermissionEntryType.ROLE]: 'role', [PermissionEntryType.USER]: 'user', [PermissionEntryType.CHANNEL]: 'channel' };

/**
 * Rows of two lists for the same target with different values: `[i, j]`,
 * the index in `later` and in `earlier`. (Within one list the service
 * refuses a second row for a target outright: permission-duplicate.)
 */
export function conflictingRows(earlier: readonly PermissionEntry[], later: readonly PermissionEntry[]): Array<{ index: number; other: number; target: string }> {
  const out: Array<{ index: number; other: number; target: string }> = [];
  later.forEach((row, index) => {
    const other = earlier.findIndex((e) => e.type === row.type && e.id === row.id && e.permission !== row.permission);
    if (other >= 0) out.push({ index, other, target: `${TYPE_NAMES[row.type] ?? 'target'} ${row.id}` });
  });
  return out;
}
