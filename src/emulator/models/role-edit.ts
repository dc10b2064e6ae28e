/**
 * A bot creating, editing, moving and deleting roles (issue 41, item 2):
 * MANAGE_ROLES; only roles below its own highest; never granting a
 * permission it lacks itself (unless it holds every one). A new role goes
 * at the bottom, just above @everyone. Dispatched as GUILD_ROLE_CREATE /
 * _UPDATE / _DELETE (GUILDS) and kept in the audit log. The route commits.
 */
import { AuditLogEvent } from '../../wire/enums.js';
import type { RoleFields } from '../../wire/guild/bodies.js';
import { mayManageRole, rolePositions } from '../../wire/hierarchy.js';
import { ChannelErrors, type ChannelError } from '../../wire/messages/index.js';
import { ALL_PERMISSION_BITS, Permission } from '../../wire/permissions.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { roleObject } from '../gateway/payloads.js';
import type { Guild, Role } from '../state/world.js';
import { announceGuild, audit } from './guild-events.js';
import { botRank, type ModEnv, type Moderator } from './moderation.js';
import type { Obj } from '../../wire/rules/values.js';

export type RoleResult = { ok: true; body?: unknown } | { ok: false; error: ChannelError };
const refused = (error: ChannelError): RoleResult => ({ ok: false, error });
const MANAGE_ROLES = Permission.MANAGE_ROLES;

/** Gives every role its position, so a change to one never shifts another's implicit index. */
function fixPositions(guild: Guild): Map<Snowflake, number> {
  const positions = rolePositions(guild.roles);
  for (const r of guild.roles) r.position = positions.get(r.id) ?? 0;
  return positions;
}

export function roleView(guild: Guild, r: Role): Obj {
  return roleObject(r, guild.roles.indexOf(r));
}

function grantRefusal(by: Moderator, f: RoleFields): ChannelError | undefined {
  if ((by.perms & MANAGE_ROLES) === 0n) return ChannelErrors.missingPermissions;
  if (f.permissions === undefined || by.perms === ALL_PERMISSION_BITS) return undefined;
  return (BigInt(f.permissions) & ~by.perms) === 0n ? undefined : ChannelErrors.missingPermissions;
}

function apply(r: Role, f: RoleFields): void {
  if (f.name !== undefined) r.name = f.name;
  if (f.permissions !== undefined) r.permissions = f.permissions;
  if (f.color !== undefined) r.color = f.color;
  if (f.hoist !== undefined) r.hoist = f.hoist;
  if (f.mentionable !== undefined) r.mentionable = f.mentionable;
}

const auditOf = (by: Moderator, actionType: number, targetId: Snowflake, changes?: Obj) => ({
  actionType,
  userId: by.app.botUserId,
  targetId,
  ...(by.reason ? { reason: by.reason } : {}),
  ...(changes ? { changes } : {}),
});

/** POST /guilds/{id}/roles. */
export function createRole(by: Moderator, f: RoleFields, env: ModEnv): RoleResult {
  const denied = grantRefusal(by, f);
  if (denied) return refused(denied);
  fixPositions(by.guild);
  for (const r of by.guild.roles)
    if (r.id !== by.guild.id && (r.position ?? 0) >= 1) r.position = (r.position ?? 0) + 1;
  const install = by.guild.apps[by.app.id];
  if (install?.rolePosition !== undefined) install.rolePosition += 1;
  const role: Role = { id: env.nextId(), name: 'new role', permissions: '0', position: 1 };
  apply(role, f);
  by.guild.roles.push(role);
  const body = roleView(by.guild, role);
  announceGuild(env.events, by.guild, 'GUILD_ROLE_CREATE', { role: body });
  audit(by.guild, env.nextId, auditOf(by, AuditLogEvent.ROLE_CREATE, role.id, { ...f }));
  return { ok: true, body };
}

function managedRole(by: Moderator, roleId: Snowflake): Role | ChannelError {
  if ((by.perms & MANAGE_ROLES) === 0n) return ChannelErrors.missingPermissions;
  const role = by.guild.roles.find((r) => r.id === roleId);
  if (!role) return ChannelErrors.unknownRole;
  const position = rolePositions(by.guild.roles).get(roleId) ?? 0;
  return mayManageRole(botRank(by.guild, by.app), position, by.guild.ownerId) ? role : ChannelErrors.missingPermissions;
}

/** PATCH /guilds/{id}/roles/{role}. */
export function editRole(by: Moderator, roleId: Snowflake, f: RoleFields, env: ModEnv): RoleResult {
  const role = managedRole(by, roleId);
  if ('code' in role) return refused(role);
  const denied = grantRefusal(by, f);
  if (denied) return refused(denied);
  apply(role, f);
  const body = roleView(by.guild, role);
  announceGuild(env.events, by.guild, 'GUILD_ROLE_UPDATE', { role: body });
  audit(by.guild, env.nextId, auditOf(by, AuditLogEvent.ROLE_UPDATE, role.id, { ...f }));
  return { ok: true, body };
}

/** DELETE /guilds/{id}/roles/{role}: members lose it. @everyone cannot be deleted ([UNC] the code: 50013 here). */
export function deleteRole(by: Moderator, roleId: Snowflake, env: ModEnv): RoleResult {
  const role = managedRole(by, roleId);
  if ('code' in role) return refused(role);
  if (role.id === by.guild.id) return refused(ChannelErrors.missingPermissions);
  fixPositions(by.guild);
  by.guild.roles.splice(by.guild.roles.indexOf(role), 1);
  for (const m of by.guild.members) if (m.roles?.includes(roleId)) m.roles = m.roles.filter((r) => r !== roleId);
  announceGuild(env.events, by.guild, 'GUILD_ROLE_DELETE', { role_id: roleId });
  audit(by.guild, env.nextId, auditOf(by, AuditLogEvent.ROLE_DELETE, roleId));
  return { ok: true };
}

/** PATCH /guilds/{id}/roles: new positions; every role moved must be below the bot, before and after. */
export function moveRoles(by: Moderator, moves: Array<{ id: Snowflake; position: number }>, env: ModEnv): RoleResult {
  const rank = botRank(by.guild, by.app);
  for (const m of moves) {
    const role = managedRole(by, m.id);
    if ('code' in role) return refused(role);
    if (role.id === by.guild.id || !mayManageRole(rank, m.position, by.guild.ownerId) || m.position < 1)
      return refused(ChannelErrors.missingPermissions);
  }
  fixPositions(by.guild);
  for (const m of moves) {
    const role = by.guild.roles.find((r) => r.id === m.id)!;
    if (role.position === m.position) continue;
    role.position = m.position;
    announceGuild(env.events, by.guild, 'GUILD_ROLE_UPDATE', { role: roleView(by.guild, role) });
    audit(by.guild, env.nextId, auditOf(by, AuditLogEvent.ROLE_UPDATE, role.id, { position: m.position }));
  }
  const body = [...by.guild.roles]
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((r) => roleView(by.guild, r));
  return { ok: true, body };
}
