import { MANAGE_COMMAND_PERMISSIONS_BITS, Permission } from '../permissions.js';
import { basePermissions, type GuildRoles, type MemberRoles } from './base-permissions.js';

export type ManageVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * May this user edit the guild's command permissions (spec "Endpoints" 5:
 * a user "who has permission to manage the guild and its roles")? The
 * owner, ADMINISTRATOR, or both MANAGE_GUILD and MANAGE_ROLES guild-wide.
 * `member` undefined: the user is not in the guild. Pure.
 */
export function mayManageCommandPermissions(
  guild: GuildRoles,
  userId: string,
  member: MemberRoles | undefined,
): ManageVerdict {
  if (guild.ownerId !== undefined && guild.ownerId === userId) return { allowed: true };
  if (!member) return { allowed: false, reason: `user ${userId} is not a member of guild ${guild.guildId}` };
  const held = basePermissions(guild, member);
  if (held & Permission.ADMINISTRATOR) return { allowed: true };
  if ((held & MANAGE_COMMAND_PERMISSIONS_BITS) === MANAGE_COMMAND_PERMISSIONS_BITS) return { allowed: true };
  return { allowed: false, reason: `user ${userId} lacks MANAGE_GUILD and MANAGE_ROLES in guild ${guild.guildId}` };
}
