import type { RemoteScope } from './fetch-scope.js';
import { InteractionContext } from '../../wire/enums.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { PermissionEntry } from '../../wire/state.js';
import { commandLabel } from '../../wire/access/matrix.js';
import type { CommandSubject, GuildAccess } from '../../wire/access/subjects.js';

const rowsOf = (p: { permissions: Array<{ id: string; type: number; permission: boolean }> }): PermissionEntry[] =>
  p.permissions.map((e) => ({ id: e.id, type: e.type, permission: e.permission }));

/** The deployed commands of a guild (its own and the global ones) and their deployed rows. */
export function guildAccessFromRemote(
  applicationId: Snowflake,
  guildId: Snowflake,
  guild: RemoteScope,
  global: RemoteScope,
): GuildAccess {
  const sets = guild.permissions ?? [];
  const app = sets.find((p) => p.id === applicationId);
  const byCommand = new Map(sets.filter((p) => p.id !== applicationId).map((p) => [p.id, rowsOf(p)]));
  const globals = global.commands.filter((c) => !c.contexts || c.contexts.includes(InteractionContext.GUILD as never));
  const commands: CommandSubject[] = [...guild.commands, ...globals].map((c) => ({
    label: commandLabel(c.name, c.type),
    name: c.name,
    command: { type: c.type ?? 1, default_member_permissions: c.default_member_permissions ?? null },
    commandRows: byCommand.get(c.id) ?? [],
  }));
  return { guildId, appRows: app ? rowsOf(app) : [], commands };
}
