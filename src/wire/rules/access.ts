import { axes, cellFor, type Cell } from '../access/matrix.js';
import { decidingRow, indexRows, type RowIndex } from '../access/rows.js';
import type { CommandSubject, GuildAccess } from '../access/subjects.js';
import { PermissionEntryType } from '../enums.js';
import { isPermissionEntry } from './permissions.js';
import type { PermissionEntry } from '../state.js';
import { allChannelsId } from '../permissions.js';

/** The cell was denied by a channel row, before any member's own rows were read. */
const deniedByChannel = (cell: Cell) => cell.because.some((s) => s.kind === 'channel-row' && s.effect === 'deny');

/**
 * Every principal but administrators is denied in every column. Asked
 * without the guild's facts, every principal holds the same assumed
 * permissions in every channel, and the channel step (rows only) comes
 * before the member's: a cell is allowed exactly when its channel passes
 * and its principal passes the rest, the same in every channel. So one
 * channel that passes, asked of each principal, decides: principals plus
 * columns questions, not their product (n role rows and n channel rows were
 * n² cells of n-row scans each). test/wire/access/rules.test.ts holds it to
 * the whole matrix.
 */
function allDenied(guild: GuildAccess, s: CommandSubject, app: AppRows = appRowsOf(guild)): boolean {
  const g: GuildAccess = { ...guild, facts: undefined };
  const { principals, columns } = axes(g, [s.commandRows, appRowsFor(s, app)]);
  const people = principals.slice(1);
  const opts = { rows: { command: indexRows(s.commandRows), app: app.index } };
  const everyoneElse = people[people.length - 1];
  const open = columns.find((c) => !deniedByChannel(cellFor(g, s, everyoneElse, c, opts)));
  return open === undefined || people.every((p) => cellFor(g, s, p, open, opts).outcome === 'denied');
}

/**
 * The application's rows, indexed once per guild, and a stand-in for each
 * class of the targets they name. A role, user or channel that only the
 * application's rows name meets no row of the command's own but its
 * @everyone and all-channels rows, the same for all of them; so its answer
 * is its application row's kind and value, and the first such row of each
 * kind and value answers for the rest. A command's questions are then as
 * many as its own rows, not the application's (m commands with rows under
 * an application set of n rows were m·n questions).
 */
interface AppRows {
  index: RowIndex;
  /** Per kind and value, the targets' deciding rows in the order written, one per target. */
  classes: PermissionEntry[][];
}

function appRowsOf(g: GuildAccess): AppRows {
  const index = indexRows(g.appRows);
  const byClass = new Map<string, PermissionEntry[]>();
  const seen = new Set<string>();
  const special = new Set([
    `${PermissionEntryType.ROLE}:${g.guildId}`,
    `${PermissionEntryType.CHANNEL}:${allChannelsId(g.guildId)}`,
  ]);
  for (const row of g.appRows) {
    const target = `${row.type}:${row.id}`;
    // @everyone and all channels are no principal or column of their own: looked up by the index alone.
    if (seen.has(target) || special.has(target)) continue;
    seen.add(target);
    // The row that decides for the target (a role's first allowing row wins over its denying ones).
    const deciding = decidingRow(index, row) ?? row;
    const kind = `${row.type}:${deciding.permission}`;
    const list = byClass.get(kind);
    if (list) list.push(deciding);
    else byClass.set(kind, [deciding]);
  }
  return { index, classes: [...byClass.values()] };
}

/**
 * The application's rows a command's questions need: those for the targets
 * its own rows name (they answer differently), and of each class of the
 * rest one stand-in, the first target its own rows do not name.
 */
function appRowsFor(s: CommandSubject, app: AppRows): PermissionEntry[] {
  const named = new Set(s.commandRows.map((r) => `${r.type}:${r.id}`));
  const out: PermissionEntry[] = [];
  for (const row of s.commandRows) {
    const found = decidingRow(app.index, row);
    if (found) out.push(found);
  }
  for (const list of app.classes) {
    // At most as many steps as the command has rows, then one that is not named.
    const standIn = list.find((r) => !named.has(`${r.type}:${r.id}`));
    if (standIn) out.push(standIn);
  }
  return out;
}

/** As leavesAdministratorsOnly, with whether the application's rows deny anyone already known. */
function leftToAdministrators(g: GuildAccess, s: CommandSubject, appDenies: boolean, app?: AppRows): boolean {
  // Rows only ever take access away through a false one (adding a true row never revokes: a property test holds it).
  if (!appDenies && !s.commandRows.some((r) => !r.permission)) return false;
  return (
    allDenied(g, s, app) && !allDenied({ guildId: g.guildId, appRows: [], commands: [] }, { ...s, commandRows: [] })
  );
}

/**
 * The rows leave the command to administrators (and the owner) alone: every
 * role, user and channel they name, and everyone else, is denied, where
 * without any rows someone could use it. Worth a warning: it is what a
 * misplaced `allow: false` does, and nobody else notices until they try.
 */
export function leavesAdministratorsOnly(g: GuildAccess, s: CommandSubject): boolean {
  return leftToAdministrators(
    g,
    s,
    g.appRows.some((r) => !r.permission),
  );
}

/**
 * The guild's commands its rows leave to administrators only. The
 * application's rows are read once, not once per command, and commands
 * without rows of their own share one answer per type and default (all
 * that the access model reads of a command), so a long application-wide
 * set is not judged again for every command.
 */
export function commandsLeftToAdministrators(g: GuildAccess): Set<CommandSubject> {
  const appDenies = g.appRows.some((r) => !r.permission);
  const app = appRowsOf(g);
  const shared = new Map<string, boolean>();
  const out = new Set<CommandSubject>();
  for (const s of g.commands) {
    let left: boolean | undefined;
    if (s.commandRows.length > 0) left = leftToAdministrators(g, s, appDenies, app);
    else {
      const key = `${s.command.type ?? 1}:${s.command.default_member_permissions}:${s.command.name ?? ''}`;
      left = shared.get(key);
      if (left === undefined) {
        left = leftToAdministrators(g, s, appDenies, app);
        shared.set(key, left);
      }
    }
    if (left) out.add(s);
  }
  return out;
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
