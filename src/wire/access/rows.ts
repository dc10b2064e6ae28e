import { PermissionEntryType } from '../enums.js';
import type { Snowflake } from '../snowflake.js';
import type { PermissionEntry } from '../state.js';

/**
 * One permission set's rows by target, so each question the access model
 * asks of them is a look-up, not a scan: a matrix asks one per principal and
 * channel, and a hostile set holds thousands of rows. Where a target has
 * several rows (the service refuses that; a manifest may still hold it), the
 * first in the list is the one found, as a scan in order would find it.
 */
export interface RowIndex {
  channel: ReadonlyMap<Snowflake, PermissionEntry>;
  user: ReadonlyMap<Snowflake, PermissionEntry>;
  /** Per role id: its first row, and its first allowing row, with their places in the list. */
  role: ReadonlyMap<Snowflake, RoleRows>;
}

interface Placed {
  at: number;
  row: PermissionEntry;
}

interface RoleRows {
  first: Placed;
  firstAllow?: Placed;
}

export function indexRows(rows: readonly PermissionEntry[]): RowIndex {
  const channel = new Map<Snowflake, PermissionEntry>();
  const user = new Map<Snowflake, PermissionEntry>();
  const role = new Map<Snowflake, RoleRows>();
  for (let at = 0; at < rows.length; at++) {
    const row = rows[at];
    if (row.type === PermissionEntryType.CHANNEL) {
      if (!channel.has(row.id)) channel.set(row.id, row);
    } else if (row.type === PermissionEntryType.USER) {
      if (!user.has(row.id)) user.set(row.id, row);
    } else if (row.type === PermissionEntryType.ROLE) {
      const known = role.get(row.id);
      if (!known)
        role.set(row.id, row.permission ? { first: { at, row }, firstAllow: { at, row } } : { first: { at, row } });
      else if (row.permission && !known.firstAllow) known.firstAllow = { at, row };
    }
  }
  return { channel, user, role };
}

/** The row of `index` that decides for `row`'s target alone: its first, and for a role its first allowing one (as roleRowFor). */
export function decidingRow(index: RowIndex, row: PermissionEntry): PermissionEntry | undefined {
  if (row.type === PermissionEntryType.CHANNEL) return index.channel.get(row.id);
  if (row.type === PermissionEntryType.USER) return index.user.get(row.id);
  const role = index.role.get(row.id);
  return role?.firstAllow?.row ?? role?.first.row;
}

/**
 * The row deciding for a member's roles (@everyone left out): any allow wins
 * over any deny, and among rows of the same value the first in the list.
 */
export function roleRowFor(
  index: RowIndex,
  roleIds: readonly Snowflake[],
  guildId: Snowflake,
): PermissionEntry | undefined {
  let allow: Placed | undefined;
  let any: Placed | undefined;
  for (const id of roleIds) {
    if (id === guildId) continue;
    const rows = index.role.get(id);
    if (!rows) continue;
    if (rows.firstAllow && (!allow || rows.firstAllow.at < allow.at)) allow = rows.firstAllow;
    if (!any || rows.first.at < any.at) any = rows.first;
  }
  return (allow ?? any)?.row;
}

/** The command's and the application's rows, each indexed once for the many questions asked of one subject. */
export interface IndexedRows {
  command: RowIndex;
  app: RowIndex;
}

export function indexBoth(commandRows: readonly PermissionEntry[], appRows: readonly PermissionEntry[]): IndexedRows {
  return { command: indexRows(commandRows), app: indexRows(appRows) };
}
