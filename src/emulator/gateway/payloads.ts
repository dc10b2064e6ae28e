/**
 * What the gateway tells a bot about the world: READY and GUILD_CREATE, built
 * from the emulator's world as pure functions (facts §9.3).
 */
import { channelKindFields } from '../../wire/channels.js';
import { DEFAULT_AUTO_ARCHIVE_MINUTES } from '../../wire/thread-fields.js';
import { ChannelType } from '../../wire/enums.js';
import { GATEWAY_VERSION, shardOf } from '../../wire/gateway.js';
import { snowflakeTimestamp } from '../../wire/snowflake.js';
import { isThreadType } from '../../wire/channels.js';
import type { Application, Channel, Guild, Role, World } from '../state/world.js';
import { botUser, guildCreateMembers } from './members.js';

/** The guilds a session sees: those the application is installed in, on the session's shard. */
export function guildsOf(world: World, applicationId: string, shard: [number, number]): Guild[] {
  return Object.values(world.guilds).filter(
    (g) => g.apps[applicationId] !== undefined && shardOf(g.id, shard[1]) === shard[0],
  );
}

export function readyPayload(args: {
  app: Application;
  guilds: Guild[];
  sessionId: string;
  resumeUrl: string;
  shard?: [number, number];
}) {
  return {
    v: GATEWAY_VERSION,
    user: botUser(args.app),
    guilds: args.guilds.map((g) => ({ id: g.id, unavailable: true })),
    session_id: args.sessionId,
    session_type: 'normal',
    resume_gateway_url: args.resumeUrl,
    shard: args.shard,
    // The application's gateway-intent flags, as GET /applications/@me reports them.
    application: { id: args.app.id, flags: args.app.profile?.flags ?? 0 },
    private_channels: [],
    presences: [],
    relationships: [],
    guild_join_requests: [],
    user_settings: {},
  };
}

export function channelPayload(c: Channel, position: number) {
  return {
    id: c.id,
    type: c.type,
    guild_id: c.guildId,
    name: c.name,
    position,
    flags: 0,
    nsfw: c.nsfw === true,
    parent_id: c.parentId ?? null,
    ...channelKindFields(c.type),
    ...(c.topic !== undefined ? { topic: c.topic } : {}),
    ...(c.rateLimitPerUser ? { rate_limit_per_user: c.rateLimitPerUser } : {}),
    ...(c.defaultAutoArchiveDuration ? { default_auto_archive_duration: c.defaultAutoArchiveDuration } : {}),
    permission_overwrites: (c.permissionOverwrites ?? []).map((o) => ({
      id: o.id,
      type: o.type,
      allow: o.allow,
      deny: o.deny,
    })),
    ...(c.availableTags
      ? {
          available_tags: c.availableTags.map((t) => ({
            id: t.id,
            name: t.name,
            moderated: false,
            emoji_id: null,
            emoji_name: null,
          })),
        }
      : {}),
  };
}

/** A thread as the service gives it; `ownerId` stands in for a seeded thread's unknown starter. */
export function threadPayload(c: Channel, ownerId: string) {
  const t = c.thread;
  return {
    id: c.id,
    type: c.type,
    guild_id: c.guildId,
    name: c.name,
    parent_id: c.parentId ?? null,
    owner_id: t?.ownerId ?? ownerId,
    flags: 0,
    last_message_id: null,
    rate_limit_per_user: c.rateLimitPerUser ?? 0,
    message_count: t?.messageCount ?? 0,
    total_message_sent: t?.messageCount ?? 0,
    member_count: Math.min(t?.members.length ?? 0, 50),
    ...(t?.appliedTags ? { applied_tags: t.appliedTags } : {}),
    thread_metadata: {
      archived: c.archived ?? false,
      auto_archive_duration: t?.autoArchiveDuration ?? DEFAULT_AUTO_ARCHIVE_MINUTES,
      archive_timestamp: t?.archiveTimestamp ?? snowflakeTimestamp(c.id).toISOString(),
      locked: t?.locked ?? false,
      ...(c.type === ChannelType.PRIVATE_THREAD ? { invitable: t?.invitable ?? true } : {}),
      create_timestamp: snowflakeTimestamp(c.id).toISOString(),
    },
  };
}

/** GUILD_CREATE for one guild as a session of the application's bot sees it: the members its intents show (./members.ts). */
export function guildCreatePayload(guild: Guild, app: Application, intents: number, largeThreshold: number) {
  const joinedAt = snowflakeTimestamp(guild.id).toISOString();
  // GUILD_CREATE lists threads under `threads`, not `channels`.
  const channels = guild.channels.filter((c) => !(isThreadType(c.type) && c.parentId !== undefined));
  const threads = guild.channels.filter((c) => isThreadType(c.type) && c.parentId !== undefined);
  const { members, member_count, large } = guildCreateMembers(guild, app, intents, largeThreshold);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId ?? guild.members[0]?.id ?? app.botUserId,
    unavailable: false,
    large,
    member_count,
    joined_at: joinedAt,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    system_channel_id: guild.systemChannelId ?? null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    preferred_locale: 'en-US',
    features: [],
    application_id: null,
    max_members: 25_000_000,
    premium_progress_bar_enabled: false,
    roles: guild.roles.map((r, index) => roleObject(r, index)),
    channels: channels.map((c, i) => channelPayload(c, i)),
    threads: threads.map((t) => threadPayload(t, app.botUserId)),
    members,
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    emojis: [],
    stickers: [],
  };
}

/** The role object (the Roles resource): position its own, else its index in the guild's list (older data files). */
export function roleObject(r: Role, index: number) {
  return {
    id: r.id,
    name: r.name,
    permissions: r.permissions ?? '0',
    position: r.position ?? index,
    color: r.color ?? 0,
    colors: { primary_color: r.color ?? 0, secondary_color: null, tertiary_color: null },
    hoist: r.hoist === true,
    managed: false,
    mentionable: r.mentionable === true,
    icon: null,
    unicode_emoji: null,
    flags: 0,
  };
}
