/**
 * What a bot does to a guild's members as a moderator (issue 41, item 1):
 * ban and unban, kick, and the checks every act on a member shares: the
 * permission it needs, the guild owner untouchable, and the role hierarchy
 * (wire/hierarchy.ts) between the bot's managed role and the member's
 * highest role. Each change is dispatched (guild-events.ts) and kept in the
 * audit log with its reason. The route's transaction commits.
 */
import { AuditLogEvent } from '../../wire/enums.js';
import { highestPosition, mayActOn, rolePositions, type Ranked } from '../../wire/hierarchy.js';
import { ChannelErrors, type ChannelError } from '../../wire/messages/index.js';
import { Permission } from '../../wire/permissions.js';
import { snowflakeTimestamp, type Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { plainUser } from '../gateway/members.js';
import { own } from '../state/own.js';
import { findChannel, type Application, type Guild, type World } from '../state/world.js';
import { announceGuild, announceMemberRemove, audit, type GuildMember } from './guild-events.js';
import { announceMessage } from './message-events.js';

export interface ModEnv {
  now(): number;
  nextId(): Snowflake;
  events: EventBus;
}

/** The bot acting: its application, the guild, its guild-wide permissions, and the audit log reason it gave. */
export interface Moderator {
  world: World;
  app: Application;
  guild: Guild;
  perms: bigint;
  reason?: string;
}

/** The bot's place in the hierarchy: its managed role's position, by default above every role of the guild. */
export function botRank(guild: Guild, app: Application): Ranked {
  const placed = own(guild.apps, app.id)?.rolePosition;
  const top = placed ?? Math.max(0, ...rolePositions(guild.roles).values()) + 1;
  return { userId: app.botUserId, top };
}

export function memberRank(guild: Guild, m: GuildMember): Ranked {
  return { userId: m.id, top: highestPosition(rolePositions(guild.roles), m.roles ?? []) };
}

const holds = (perms: bigint, bit: bigint) => (perms & bit) === bit;

/** Why the bot may not act on member `m` with permission `need` (50013), or undefined. */
export function actRefusal(by: Moderator, m: GuildMember, need: bigint): ChannelError | undefined {
  if (!holds(by.perms, need)) return ChannelErrors.missingPermissions;
  const allowed = mayActOn(botRank(by.guild, by.app), memberRank(by.guild, m), by.guild.ownerId);
  return allowed ? undefined : ChannelErrors.missingPermissions;
}

/** A user the service knows: a member of any guild of the world (the emulator has no other users). */
function knownUser(world: World, userId: Snowflake): { id: Snowflake; username: string } | undefined {
  for (const g of Object.values(world.guilds)) {
    const m = g.members.find((x) => x.id === userId);
    if (m) return { id: m.id, username: m.username };
  }
  return undefined;
}

function removeMember(guild: Guild, m: GuildMember, env: ModEnv): void {
  guild.members.splice(guild.members.indexOf(m), 1);
  announceMemberRemove(env.events, guild, m);
}

/** Deletes the user's messages in the guild sent within the last `seconds` (each dispatched as MESSAGE_DELETE). */
function deleteRecentMessages(by: Moderator, userId: Snowflake, seconds: number, env: ModEnv): void {
  if (seconds <= 0) return;
  const since = env.now() - seconds * 1000;
  for (const stored of Object.values(by.world.messages)) {
    if (stored.authorId !== userId || snowflakeTimestamp(stored.id).getTime() < since) continue;
    if (findChannel(by.world, stored.channel_id)?.guild.id !== by.guild.id) continue;
    delete by.world.messages[stored.id];
    announceMessage(env.events, by.world, stored, 'delete');
  }
}

export type ModResult = { ok: true } | { ok: false; error: ChannelError };
const refused = (error: ChannelError): ModResult => ({ ok: false, error });
const BAN_MEMBERS = Permission.BAN_MEMBERS;
const KICK_MEMBERS = Permission.KICK_MEMBERS;

/** PUT /guilds/{id}/bans/{user}: bans a member (removing them) or any known user; a second ban changes nothing. */
export function banUser(by: Moderator, userId: Snowflake, deleteSeconds: number, env: ModEnv): ModResult {
  if (!holds(by.perms, BAN_MEMBERS)) return refused(ChannelErrors.missingPermissions);
  const member = by.guild.members.find((m) => m.id === userId);
  if (member) {
    const denied = actRefusal(by, member, BAN_MEMBERS);
    if (denied) return refused(denied);
  } else if (userId === by.guild.ownerId) return refused(ChannelErrors.missingPermissions);
  const user = member ?? knownUser(by.world, userId);
  if (!user) return refused(ChannelErrors.unknownUser);
  if (member) removeMember(by.guild, member, env);
  deleteRecentMessages(by, userId, deleteSeconds, env);
  if ((by.guild.bans ?? []).some((b) => b.userId === userId)) return { ok: true };
  (by.guild.bans ??= []).push({ userId, username: user.username, reason: by.reason ?? null });
  announceGuild(env.events, by.guild, 'GUILD_BAN_ADD', { user: plainUser(user) });
  audit(by.guild, env.nextId, {
    actionType: AuditLogEvent.MEMBER_BAN_ADD,
    userId: by.app.botUserId,
    targetId: userId,
    ...(by.reason ? { reason: by.reason } : {}),
  });
  return { ok: true };
}

/** DELETE /guilds/{id}/bans/{user}: lifts a ban (10026 when there is none). */
export function unbanUser(by: Moderator, userId: Snowflake, env: ModEnv): ModResult {
  if (!holds(by.perms, BAN_MEMBERS)) return refused(ChannelErrors.missingPermissions);
  const at = (by.guild.bans ?? []).findIndex((b) => b.userId === userId);
  if (at < 0) return refused(ChannelErrors.unknownBan);
  const [ban] = by.guild.bans!.splice(at, 1);
  announceGuild(env.events, by.guild, 'GUILD_BAN_REMOVE', { user: plainUser({ id: userId, username: ban!.username }) });
  audit(by.guild, env.nextId, {
    actionType: AuditLogEvent.MEMBER_BAN_REMOVE,
    userId: by.app.botUserId,
    targetId: userId,
    ...(by.reason ? { reason: by.reason } : {}),
  });
  return { ok: true };
}

/** DELETE /guilds/{id}/members/{user}: the member is removed (10007 when not one). */
export function kickMember(by: Moderator, userId: Snowflake, env: ModEnv): ModResult {
  const member = by.guild.members.find((m) => m.id === userId);
  if (!member)
    return holds(by.perms, KICK_MEMBERS)
      ? refused(ChannelErrors.unknownMember)
      : refused(ChannelErrors.missingPermissions);
  const denied = actRefusal(by, member, KICK_MEMBERS);
  if (denied) return refused(denied);
  removeMember(by.guild, member, env);
  audit(by.guild, env.nextId, {
    actionType: AuditLogEvent.MEMBER_KICK,
    userId: by.app.botUserId,
    targetId: userId,
    ...(by.reason ? { reason: by.reason } : {}),
  });
  return { ok: true };
}
