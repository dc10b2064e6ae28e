import { ALL_PERMISSION_BITS, PERMISSION_BITS } from '../permissions.js';
import type { Snowflake } from '../snowflake.js';

/** A channel permission overwrite as the service stores it: type 0 a role, 1 a member. */
export interface ChannelOverwrite {
  id: Snowflake;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface GuildRoles {
  guildId: Snowflake;
  ownerId?: Snowflake;
  /** Every role's permissions, @everyone (the guild id) included. */
  roles: ReadonlyMap<Snowflake, bigint>;
}

export interface MemberRoles {
  userId: Snowflake;
  roleIds: readonly Snowflake[];
}

const ADMINISTRATOR = PERMISSION_BITS.ADMINISTRATOR;

/**
 * A member's guild-wide permissions: the owner and ADMINISTRATOR hold every
 * bit; otherwise the OR of @everyone's and the member's roles' permissions.
 */
export function basePermissions(guild: GuildRoles, member: MemberRoles): bigint {
  if (guild.ownerId !== undefined && guild.ownerId === member.userId) return ALL_PERMISSION_BITS;
  let bits = guild.roles.get(guild.guildId) ?? 0n;
  for (const id of member.roleIds) bits |= guild.roles.get(id) ?? 0n;
  return bits & ADMINISTRATOR ? ALL_PERMISSION_BITS : bits;
}

/**
 * The member's permissions in one channel (for a thread, pass its parent's
 * overwrites), in the documented order: @everyone's overwrite (deny, then
 * allow), the member's roles' overwrites together (all denies, then all
 * allows), then the member's own overwrite (deny, then allow).
 * ADMINISTRATOR is never overwritten.
 */
export function channelPermissions(
  base: bigint,
  guildId: Snowflake,
  member: MemberRoles,
  overwrites: readonly ChannelOverwrite[],
): bigint {
  if (base & ADMINISTRATOR) return ALL_PERMISSION_BITS;
  let bits = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guildId);
  if (everyone) bits = (bits & ~everyone.deny) | everyone.allow;
  const roles = new Set(member.roleIds);
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type !== 0 || o.id === guildId || !roles.has(o.id)) continue;
    allow |= o.allow;
    deny |= o.deny;
  }
  bits = (bits & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === member.userId);
  if (own) bits = (bits & ~own.deny) | own.allow;
  return bits;
}
