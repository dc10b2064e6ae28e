import { axes, cellFor } from '../access/matrix.js';
import type { CommandSubject, GuildAccess } from '../access/subjects.js';
import { PermissionEntryType } from '../enums.js';
import { isPermissionEntry } from './permissions.js';

/** Every principal but administrators is denied in every column; stops at the first one who is not. */
function allDenied(g: GuildAccess, s: CommandSubject): boolean {
  const { principals, columns } = axes(g, [s.commandRows, g.appRows]);
  return principals.slice(1).every((p) => columns.every((c) => cellFor(g, s, p, c).outcome === 'denied'));
}

/**
 * The rows leave the command to administrators (and the owner) alone: every
 * role, user and channel they name, and everyone else, is denied, where
 * without any rows someone could use it. Worth a warning: it is what a
 * misplaced `allow: false` does, and nobody else notices until they try.
 */
export function leavesAdministratorsOnly(g: GuildAccess, s: CommandSubject): boolean {
  // Rows only ever take access away through a false one (adding a true row never revokes: a property test holds it).
  if (!s.commandRows.some((r) => !r.permission) && !g.appRows.some((r) => !r.permission)) return false;
  return (
    allDenied({ ...g, facts: undefined }, s) &&
    !allDenied({ guildId: g.guildId, appRows: [], commands: [] }, { ...s, commandRows: [] })
  );
}

const TYPE_NAMES: Record<number, string> = {
  [PermissionEntryType.ROLE]: 'role',
  [PermissionEntryType.USER]: 'user',
  [PermissionEntryType.CHANNEL]: 'channel',
};

/**
 * Rows of two lists for the same target with different values: `index` in
 * `later`, `other` in `earlier`. (Within one list the service refuses a
 * second row for a target outright: permission-duplicate.) The lists are as
 * written: an entry that is not a row is validatePermissionEntries' finding,
 * passed over here.
 */
export function conflictingRows(
  earlier: readonly unknown[],
  later: readonly unknown[],
): Array<{ index: number; other: number; target: string; permission: boolean }> {
  const out: Array<{ index: number; other: number; target: string; permission: boolean }> = [];
  // The first earlier row per target and value, so each later row is one look-up (lists may be long when hostile).
  const first = new Map<string, number>();
  earlier.forEach((e, j) => {
    const key = isPermissionEntry(e) ? `${e.type}:${e.id}:${e.permission}` : undefined;
    if (key !== undefined && !first.has(key)) first.set(key, j);
  });
  later.forEach((row, index) => {
    if (!isPermissionEntry(row)) return;
    const other = first.get(`${row.type}:${row.id}:${!row.permission}`);
    if (other !== undefined)
      out.push({ index, other, target: `${TYPE_NAMES[row.type] ?? 'target'} ${row.id}`, permission: row.permission });
  });
  return out;
}
