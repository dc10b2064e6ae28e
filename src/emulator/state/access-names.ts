/**
 * `cmdsync access --emulator` takes names where it takes ids, as `invoke`
 * does (`--user bob` or `@bob`, `--channel general` or `#general`, `--role
 * Moderators`), looked up in the emulator's guild; an unknown or ambiguous
 * name is a problem listing the candidates (wire/interactions/names.ts).
 */
import type { Guild } from './world.js';
import { nameLookup, type NameMatch } from '../../wire/interactions/names.js';
import { isSnowflake } from '../../wire/snowflake.js';

export type AccessNameKind = 'user' | 'role' | 'channel';

const SIGIL: Record<AccessNameKind, string> = { user: '@', role: '@', channel: '#' };

export function accessNameResolver(guild: Guild): (kind: AccessNameKind, value: string) => NameMatch {
  const lookup = nameLookup({
    users: guild.members.map((m) => ({ id: m.id, name: m.username })),
    roles: guild.roles.map((r) => ({ id: r.id, name: r.name })),
    channels: guild.channels.map((c) => ({ id: c.id, name: c.name })),
    where: `in guild ${guild.name} (${guild.id})`,
  });
  return (kind, value) => {
    const text: string = value;
    if (isSnowflake(value)) return { id: value };
    const name = text.startsWith(SIGIL[kind]) && text.length > 1 ? text.slice(1) : text;
    return lookup(kind, name);
  };
}
