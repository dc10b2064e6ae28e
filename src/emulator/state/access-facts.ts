/** A guild of the world as wire/access's facts, for `cmdsync access --emulator` (the emulator owns its world's layout). */
import { isThreadType } from '../../wire/channels.js';
import type { GuildFacts } from '../../wire/access/subjects.js';
import type { Guild } from './world.js';

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
          thread: isThreadType(c.type),
          overwrites: (c.permissionOverwrites ?? []).map((o) => ({
            id: o.id,
            type: o.type,
            allow: BigInt(o.allow),
            deny: BigInt(o.deny),
          })),
        },
      ]),
    ),
  };
}
