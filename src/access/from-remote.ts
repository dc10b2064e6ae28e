import type { RemoteScope } from '../remote/fetch-scope.js';
import { ChannelType, InteractionContext } from '../spec/enums.js';
import type { Snowflake } from '../spec/snowflake.js';
import type { PermissionEntry } from '../spec/state.js';
import type { Guild } from '../emulator/world.js';
import { commandLabel } from '../spec/access/matrix.js';
import type { CommandSubject, GuildAccess, GuildFacts } from '../spec/access/subjects.js';

const rowsOf = (p: { permissions: Array<{ id: string; type: number; permission: boolean }> }): PermissionEntry[] => p.permissions.map((e) => ({ id: e.id, type: e.type, permission: e.permission }));

/** The deployed commands of a guild (its own and the global ones) and their deployed rows. */
export function guildAccessFromRemote(applicationId: Snowflake, guildId: Snowflake, guild: RemoteScope, global: RemoteScope): GuildAccess {
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

const THREADS: readonly number[] = [ChannelType.ANNOUNCEMENT_THREAD, ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD];

/** What the emulator knows of a guild: roles with permissions, members with roles, channels with overwrites, the owner. */
export function guildFactsFromWorld(guild: Guild): GuildFacts {
  return {
    ...(guild.ownerId ? { ownerId: guild.ownerId } : {}),
    roles: new Map(guild.roles.map((r) => [r.id, { name: r.name, permissions: BigInt(r.permissions ?? '0') }])),
    members: new Map(guild.members.map((m) => [m.id, { name: m.username, roleIds: m.roles ?? [] }])),
    channels: new Map(
      guild.channels.map((c) => [
        c.id,
        {
          name: c.name,
          ...(c.parentId ? { parentId: c.parentId } : {}),
          thread: THREADS.includes(c.type),
          overwrites: (c.permissionOverwrites ?? []).map((o) => ({ id: o.id, type: o.type, allow: BigInt(o.allow), deny: BigInt(o.deny) })),
        },
      ]),
    ),
  };
}
