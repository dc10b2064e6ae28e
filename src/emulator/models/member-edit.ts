/**
 * A bot changing a member (issue 41, items 1 and 2): the nickname
 * (MANAGE_NICKNAMES), the roles (MANAGE_ROLES, only roles below the bot's
 * highest), and a timeout (MODERATE_MEMBERS; never the owner nor an
 * administrator). Nickname and timeout need the bot above the member; every
 * role added or taken away must be below the bot. Dispatched as
 * GUILD_MEMBER_UPDATE and kept in the audit log. The route commits.
 */
import { AuditLogEvent } from '../../wire/enums.js';
import { MEMBER_CHANGE_NEEDS, type MemberChange } from '../../wire/guild/bodies.js';
import { mayManageRole, rolePositions } from '../../wire/hierarchy.js';
import { ChannelErrors, type ChannelError } from '../../wire/messages/index.js';
import { ALL_PERMISSION_BITS } from '../../wire/permissions.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { basePermissions } from '../../wire/access/base-permissions.js';
import type { Guild } from '../state/world.js';
import { announceMemberUpdate, audit, type GuildMember } from './guild-events.js';
import { actRefusal, botRank, type ModEnv, type Moderator } from './moderation.js';
import type { Obj } from '../../wire/rules/values.js';

export type EditResult = { ok: true; member: Obj } | { ok: false; error: ChannelError };
const refused = (error: ChannelError): EditResult => ({ ok: false, error });

/** Why the bot may not give or take away `roleId` (10011 unknown or @everyone, 50013 not below the bot), or undefined. */
export function roleRefusal(by: Moderator, roleId: Snowflake): ChannelError | undefined {
  if (roleId === by.guild.id || !by.guild.roles.some((r) => r.id === roleId)) return ChannelErrors.unknownRole;
  const position = rolePositions(by.guild.roles).get(roleId) ?? 0;
  return mayManageRole(botRank(by.guild, by.app), position, by.guild.ownerId)
    ? undefined
    : ChannelErrors.missingPermissions;
}

function isAdministrator(guild: Guild, m: GuildMember): boolean {
  const roles = new Map(guild.roles.map((r) => [r.id, BigInt(r.permissions ?? '0')]));
  const bits = basePermissions(
    { guildId: guild.id, ...(guild.ownerId ? { ownerId: guild.ownerId } : {}), roles },
    {
      userId: m.id,
      roleIds: m.roles ?? [],
    },
  );
  return bits === ALL_PERMISSION_BITS;
}

/** Why the bot may not make `change` to `m`, or undefined. */
function changeRefusal(by: Moderator, m: GuildMember, change: MemberChange): ChannelError | undefined {
  for (const key of ['nick', 'timeoutUntil'] as const) {
    if (change[key] === undefined) continue;
    const denied = actRefusal(by, m, MEMBER_CHANGE_NEEDS[key]);
    if (denied) return denied;
  }
  // The service never times out an administrator (or the owner, already refused above).
  if (typeof change.timeoutUntil === 'string' && isAdministrator(by.guild, m)) return ChannelErrors.missingPermissions;
  if (change.roles !== undefined) {
    if ((by.perms & MEMBER_CHANGE_NEEDS.roles) === 0n) return ChannelErrors.missingPermissions;
    const before = new Set(m.roles ?? []);
    const after = new Set(change.roles.filter((r) => r !== by.guild.id));
    const moved = [...after].filter((r) => !before.has(r)).concat([...before].filter((r) => !after.has(r)));
    for (const roleId of moved) {
      const denied = roleRefusal(by, roleId);
      if (denied) return denied;
    }
  }
  return undefined;
}

/** PATCH /guilds/{id}/members/{user}: applies `change` and answers the member object. */
export function editMember(by: Moderator, userId: Snowflake, change: MemberChange, env: ModEnv): EditResult {
  const m = by.guild.members.find((x) => x.id === userId);
  if (!m) return refused(ChannelErrors.unknownMember);
  const denied = changeRefusal(by, m, change);
  if (denied) return refused(denied);
  const changes: Record<string, unknown> = {};
  if (change.nick !== undefined) {
    if (change.nick === null) delete m.nick;
    else m.nick = change.nick;
    changes.nick = change.nick;
  }
  if (change.timeoutUntil !== undefined) {
    if (change.timeoutUntil === null) delete m.communicationDisabledUntil;
    else m.communicationDisabledUntil = change.timeoutUntil;
    changes.communication_disabled_until = change.timeoutUntil;
  }
  if (change.roles !== undefined) {
    m.roles = change.roles.filter((r) => r !== by.guild.id);
    changes.roles = [...m.roles];
  }
  const rolesOnly = Object.keys(changes).length === 1 && changes.roles !== undefined;
  audit(by.guild, env.nextId, {
    actionType: rolesOnly ? AuditLogEvent.MEMBER_ROLE_UPDATE : AuditLogEvent.MEMBER_UPDATE,
    userId: by.app.botUserId,
    targetId: userId,
    ...(by.reason ? { reason: by.reason } : {}),
    changes,
  });
  return { ok: true, member: announceMemberUpdate(env.events, by.guild, m) };
}

/** PUT (`give`) or DELETE /guilds/{id}/members/{user}/roles/{role}: one role; nothing dispatched when nothing changed. */
export function setMemberRole(
  by: Moderator,
  userId: Snowflake,
  roleId: Snowflake,
  give: boolean,
  env: ModEnv,
): EditResult {
  if ((by.perms & MEMBER_CHANGE_NEEDS.roles) === 0n) return refused(ChannelErrors.missingPermissions);
  const m = by.guild.members.find((x) => x.id === userId);
  if (!m) return refused(ChannelErrors.unknownMember);
  const denied = roleRefusal(by, roleId);
  if (denied) return refused(denied);
  const roles = m.roles ?? [];
  if (roles.includes(roleId) === give) return { ok: true, member: {} };
  m.roles = give ? [...roles, roleId] : roles.filter((r) => r !== roleId);
  audit(by.guild, env.nextId, {
    actionType: AuditLogEvent.MEMBER_ROLE_UPDATE,
    userId: by.app.botUserId,
    targetId: userId,
    ...(by.reason ? { reason: by.reason } : {}),
    changes: { [give ? '$add' : '$remove']: [roleId] },
  });
  return { ok: true, member: announceMemberUpdate(env.events, by.guild, m) };
}
