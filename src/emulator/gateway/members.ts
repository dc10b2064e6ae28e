/**
 * A guild's members as the gateway gives them (facts §7.5): the member
 * objects, the ones GUILD_CREATE carries for a session's intents, and the
 * answer to REQUEST_GUILD_MEMBERS (op 8) as GUILD_MEMBERS_CHUNK payloads.
 * Pure; the gateway sends what these return.
 */
import { BOT_DISCRIMINATOR } from '../../wire/bot-user.js';
import { Intent } from '../../wire/gateway.js';
import { snowflakeTimestamp } from '../../wire/snowflake.js';
import type { Application, Guild } from '../state/world.js';

type GuildMember = Guild['members'][number];

export function botUser(app: Application) {
  return {
    id: app.botUserId,
    username: app.name,
    discriminator: BOT_DISCRIMINATOR,
    global_name: null,
    avatar: null,
    bot: true,
    system: false,
    flags: 0,
    verified: true,
    mfa_enabled: false,
  };
}

/** A member's user object (the emulator's members are people, not bots). */
export function plainUser(m: { id: string; username: string }) {
  return { id: m.id, username: m.username, discriminator: '0', global_name: null, avatar: null, bot: false, flags: 0 };
}

/** The member object of the Guild Member resource, with its user. */
export function memberObject(guild: Guild, m: GuildMember, user: { id: string; username: string } = plainUser(m)) {
  return { user, ...memberFields(guild, m) };
}

/** The member object without its user: what MESSAGE_CREATE's `member` and each mention's `member` carry (facts §7.4). */
export function memberFields(
  guild: Guild,
  m: Pick<GuildMember, 'roles' | 'nick' | 'joinedAt' | 'communicationDisabledUntil'>,
) {
  return {
    roles: [...(m.roles ?? [])],
    nick: m.nick ?? null,
    avatar: null,
    banner: null,
    joined_at: m.joinedAt ?? snowflakeTimestamp(guild.id).toISOString(),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: m.communicationDisabledUntil ?? null,
  };
}

/** Every member of the guild, the application's bot among them, as member objects. */
export function guildMembers(guild: Guild, app: Application) {
  const out = guild.members.map((m) => memberObject(guild, m, m.id === app.botUserId ? botUser(app) : plainUser(m)));
  if (!guild.members.some((m) => m.id === app.botUserId))
    out.push(memberObject(guild, { id: app.botUserId, username: app.name }, botUser(app)));
  return out;
}

/**
 * GUILD_CREATE's `members`, `member_count` and `large`: without GUILD_PRESENCES
 * only the bot (no one is in voice); with it everyone up to `largeThreshold`,
 * above it only those with a role or a nickname (no one is online). The count
 * is always the whole guild.
 */
export function guildCreateMembers(guild: Guild, app: Application, intents: number, largeThreshold: number) {
  const all = guildMembers(guild, app);
  const large = all.length > largeThreshold;
  let members = all.filter((m) => (m.user as { id: string }).id === app.botUserId);
  if (intents & Intent.GUILD_PRESENCES)
    members = large ? all.filter((m) => m.roles.length > 0 || m.nick !== null || members.includes(m)) : all;
  return { members, member_count: all.length, large };
}
