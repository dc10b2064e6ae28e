import type { ApplicationTraits } from '../../wire/service-rules.js';
import type { CommandRecord } from '../../wire/defaults.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { Obj } from '../../wire/rules/values.js';

/**
 * Everything the emulator knows, as one JSON-serialisable value: the store
 * persists it whole. Route handlers read and change it through `Store`.
 */
export interface World {
  /** Bumped on every change; persisted so ids and versions stay monotonic across restarts. */
  serial: number;
  applications: Record<Snowflake, Application>;
  guilds: Record<Snowflake, Guild>;
  /** Every command of every application and scope, by id. */
  commands: Record<Snowflake, StoredCommand>;
  /** Command permission rows, by `${guildId}:${commandOrAppId}`. */
  permissions: Record<string, StoredPermissions>;
  webhooks: Record<Snowflake, StoredWebhook>;
  /** Every message of every channel (webhook posts, interaction answers, bot and member posts), by id. */
  messages: Record<Snowflake, StoredMessage>;
  /** Bearer tokens (client credentials and users'), by token. */
  bearers: Record<string, BearerGrant>;
  /** Command creates counted toward the daily allowance, by `${appId}:${scopeKey}`. */
  dailyCreates: Record<string, { day: string; count: number }>;
}

export interface Application {
  id: Snowflake;
  name: string;
  /** Secret: never logged. */
  botToken: string;
  /** Client-credentials secret, when the app has one. Secret. */
  clientSecret?: string;
  /** The bot user of the application (its id is the webhook creator for app webhooks). */
  botUserId: Snowflake;
  /** Apps with an Activity get the auto-created global entry point command. */
  embedded: boolean;
  /** The app's configured installation contexts; the default of `integration_types`. */
  integrationTypes: number[];
  /** Discovery enabled (listed in the App Directory): no age-restricted commands. */
  discoverable?: boolean;
  /** Ed25519 key pair, hex (emulator/interactions/keys.ts); the private half is secret. Absent only in data files older than interactions. */
  publicKey?: string;
  privateKey?: string;
  /** Where interactions are POSTed; without it they go out over the gateway. */
  interactionsEndpointUrl?: string;
  /** Fields of the application object set through PATCH /applications/@me; absent ones answer their defaults. */
  profile?: ApplicationProfile;
  /** The DM channels its bot has with users, in the order opened (absent: none; models/dm.ts). */
  dms?: DmChannel[];
}

/** A DM between an application's bot and one user: a channel in no guild (type 1), the same one on every open. */
export type DmChannel = { id: Snowflake; userId: Snowflake };

/** The editable fields of the application object the emulator keeps (wire names). */
export interface ApplicationProfile {
  description?: string;
  tags?: string[];
  role_connections_verification_url?: string | null;
  custom_install_url?: string | null;
  install_params?: { scopes: string[]; permissions: string } | null;
  /** The gateway-intent flags: the limited ones an owner sets through PATCH, and the approved ones only a seed gives. */
  flags?: number;
}

export interface Guild {
  id: Snowflake;
  name: string;
  channels: Channel[];
  /** The owner may use every command (facts §6.1). */
  ownerId?: Snowflake;
  /** Where the service posts join messages, and what bots read as the guild's `system_channel_id` (absent: none). */
  systemChannelId?: Snowflake;
  /**
   * `permissions`: a decimal bit set (absent: none). @everyone has the guild's id. `position`: its place in the
   * hierarchy (wire/hierarchy.ts; absent in older data files: its index). `color`, `hoist`, `mentionable`: as set.
   */
  roles: Role[];
  /** `roles`: the member's role ids, @everyone left out. `locale`: the user's language setting (a locale key). `ageVerified`: known to be 18 or older (age-restricted commands). `nick`, `joinedAt` (ISO time; absent: when the guild was made): as the member object says. */
  members: Array<{
    id: Snowflake;
    username: string;
    roles?: Snowflake[];
    locale?: string;
    ageVerified?: boolean;
    nick?: string;
    joinedAt?: string;
    /** A timeout's end (ISO time): until then the member keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY. */
    communicationDisabledUntil?: string;
  }>;
  /** Users banned here (absent: none), in the order banned; `reason` from the ban's X-Audit-Log-Reason. */
  bans?: GuildBan[];
  /** What bots did here, newest last (absent: nothing), as the audit log keeps it. */
  auditLog?: AuditEntry[];
  /**
   * Per application: the OAuth2 scopes it was authorised with here, whether
   * they let it add commands (`applications.commands`, or `bot` which
   * includes it: wire/installation.ts, set with the scopes), and its
   * permission bits.
   */
  apps: Record<Snowflake, GuildInstall>;
}

export interface Role {
  id: Snowflake;
  name: string;
  permissions?: string;
  position?: number;
  color?: number;
  hoist?: boolean;
  mentionable?: boolean;
}

export interface GuildBan {
  userId: Snowflake;
  username: string;
  reason: string | null;
}

/** One audit log entry: `actionType` an AuditLogEvent (wire/enums.ts), by `userId` on `targetId`. */
export interface AuditEntry {
  id: Snowflake;
  actionType: number;
  userId: Snowflake;
  targetId: Snowflake;
  reason?: string;
  /** What changed, by field, as the entry's `changes` would say (`new_value` only). */
  changes?: Record<string, unknown>;
}

export interface GuildInstall {
  commandsScope: boolean;
  permissions: string;
  /** Where the bot's managed role stands in the hierarchy; absent: above every role of the guild. */
  rolePosition?: number;
  /** Absent in data files written before installations carried scopes. */
  scopes?: string[];
}

export interface Channel {
  id: Snowflake;
  guildId: Snowflake;
  /** ChannelType value: 0 text, 5 announcement, 15 forum, 16 media, 11/12 threads… */
  type: number;
  name: string;
  /** Threads: their parent channel. */
  parentId?: Snowflake;
  archived?: boolean;
  /** Age-restricted: the only channels where an `nsfw` command may be used. */
  nsfw?: boolean;
  /** Forum and media channels: the tags a thread may carry. */
  availableTags?: Array<{ id: Snowflake; name: string }>;
  /** Type 0 a role, 1 a member; allow and deny as decimal bit sets. Threads use their parent's. */
  permissionOverwrites?: Array<{ id: Snowflake; type: 0 | 1; allow: string; deny: string }>;
  /** Text, announcement, forum and media channels: as set (absent: none). */
  topic?: string;
  /** Slowmode in seconds (absent: 0): a member without MANAGE_MESSAGES or MANAGE_CHANNELS writes once per window. */
  rateLimitPerUser?: number;
  /** Text, announcement and forum channels: the auto-archive minutes a new thread that names none gets (absent: the service's 1440). */
  defaultAutoArchiveDuration?: number;
  /** Threads (models/threads.ts): who started it, who is in it, and its metadata as PATCH sets it. */
  thread?: ThreadState;
}

/** A thread's own state; `archived` stays on the channel (older data files keep it there). */
export interface ThreadState {
  ownerId: Snowflake;
  /** The thread's members, in the order they joined (`joinedAt`: ISO time). */
  members: Array<{ id: Snowflake; joinedAt: string }>;
  locked: boolean;
  autoArchiveDuration: number;
  /** ISO time the archive state last changed (the service's `archive_timestamp`). */
  archiveTimestamp: string;
  /** Private threads: whether non-moderators may add others. */
  invitable?: boolean;
  /** Forum and media posts: ids of the parent's tags it carries. */
  appliedTags?: Snowflake[];
  /** Messages sent in it, as the service counts them (`message_count`). */
  messageCount: number;
  /** ISO time of its last message; with `archiveTimestamp`, its last activity (models/thread-archive.ts). */
  lastMessageAt?: string;
}

/** A command as stored: what the service keeps of a definition (wire/defaults), plus the ids it assigns. */
export interface StoredCommand extends CommandRecord {
  id: Snowflake;
  application_id: Snowflake;
  guild_id?: Snowflake;
  version: Snowflake;
}

export interface StoredPermissions {
  id: Snowflake;
  application_id: Snowflake;
  guild_id: Snowflake;
  permissions: Array<{ id: Snowflake; type: number; permission: boolean }>;
}

export interface StoredWebhook {
  id: Snowflake;
  /** 1 incoming, 2 channel follower, 3 application. */
  type: number;
  guild_id: Snowflake | null;
  channel_id: Snowflake | null;
  name: string | null;
  avatar: string | null;
  /** Secret: never logged. */
  token?: string;
  application_id: Snowflake | null;
  /** Creator user id (the bot user of the creating application). */
  creatorId: Snowflake;
  source_guild?: { id: Snowflake; name: string; icon: string | null };
  source_channel?: { id: Snowflake; name: string };
}

/** Who sent a message: a webhook's execute, an application's answer to an interaction, its bot through REST, or a member. */
export type MessageSender = 'webhook' | 'interaction' | 'bot' | 'member';

export interface StoredMessage {
  id: Snowflake;
  /** Absent in data files older than channel messages: then `interaction` tells an answer from a webhook's message (models/message.ts senderOf). */
  sender?: MessageSender;
  /** The webhook it was sent through; an interaction answer's is the application's id (its webhook, type 3). Absent for bot and member posts. */
  webhookId?: Snowflake;
  /** The user who wrote it (bot and member posts): who may edit it, and whose own message a delete is. */
  authorId?: Snowflake;
  /** Bot posts: the application whose bot sent it. */
  applicationId?: Snowflake;
  /** Reactions, in the order first added: the emoji (`name`, or `name:id` for a custom one) and who reacted. */
  reactions?: Array<{ emoji: string; userIds: Snowflake[] }>;
  /** When it was pinned (ISO time); absent when not pinned. The message object's `pinned` says the same. */
  pinnedAt?: string;
  channel_id: Snowflake;
  /** The message object as the service returns it. */
  message: Obj;
  /** Stored file contents for attachments, base64, by attachment id. */
  files?: Record<Snowflake, { filename: string; size: number; contentType?: string }>;
  /**
   * An interaction answer (original or follow-up): the interaction it answers. `name` is what the
   * interaction named (a command's name, a component's or a form's custom_id); `command` is the
   * command the client heads the answer with ("used /command"): the command answered, or the one
   * that opened the form. A component's answer, or a form's opened by a component, has none: the
   * client shows it as a reply to the message used. Older versions kept no `command`.
   */
  interaction?: { id: Snowflake; name: string; userId: Snowflake; applicationId: Snowflake; command?: string };
}

export interface BearerGrant {
  /** The application the token was issued for. */
  applicationId: Snowflake;
  scopes: string[];
  /** A user's grant (authorization-code flow): may edit command permissions. */
  userId?: Snowflake;
  /** That user's language setting; when absent, the member's. */
  locale?: string;
  /** Epoch ms. */
  expiresAt: number;
}

/**
 * A seed file (YAML or JSON) describing the emulator's starting world. Every
 * field is optional; ids and secrets left out are generated.
 */
export interface Seed {
  applications?: Array<{
    id?: Snowflake;
    name?: string;
    bot_token?: string;
    client_secret?: string;
    embedded?: boolean;
    /** Discovery enabled: age-restricted commands are refused. */
    discoverable?: boolean;
    integration_types?: number[];
    /** Ed25519 key pair as 64 hex digits each; generated when left out. */
    public_key?: string;
    private_key?: string;
    interactions_endpoint_url?: string;
    /** The privileged gateway intents enabled, as the service names the flags (`GATEWAY_MESSAGE_CONTENT`, `GATEWAY_GUILD_MEMBERS_LIMITED`, …); none when left out. */
    flags?: string[];
  }>;
  guilds?: Array<{
    id?: Snowflake;
    name?: string;
    channels?: Array<{
      id?: Snowflake;
      type?: number;
      name?: string;
      parent_id?: Snowflake;
      archived?: boolean;
      nsfw?: boolean;
      available_tags?: Array<{ id?: Snowflake; name: string }>;
      /** Text, announcement, forum and media channels: the topic, as long as wire/channel-fields.ts allows. */
      topic?: string;
      /** Slowmode in seconds (to the limit in wire/channel-fields.ts): a member without MANAGE_MESSAGES or MANAGE_CHANNELS writes once per window. */
      rate_limit_per_user?: number;
      /** Text, announcement and forum channels: minutes (60, 1440, 4320, 10080) a new thread that names none gets. */
      default_auto_archive_duration?: number;
      /** `type`: role or member (or 0/1); `allow`/`deny`: permission names or a decimal bit set. */
      permission_overwrites?: Array<{
        id: Snowflake;
        type: 'role' | 'member' | 0 | 1;
        allow?: string | string[];
        deny?: string | string[];
      }>;
    }>;
    /** The member id of the owner. */
    owner_id?: Snowflake;
    /** The channel (a name or id of one of its channels) the guild's `system_channel_id` names. */
    system_channel?: string;
    /** `permissions`: names or a decimal bit set. A role named @everyone (or with the guild's id) sets @everyone's. */
    roles?: Array<{ id?: Snowflake; name: string; permissions?: string | string[]; position?: number }>;
    /** `roles`: role ids (or names of seeded roles); `locale`: the user's language setting (e.g. `fr`), the requester locale after the headers; `age_verified`: 18 or older (default false: age-restricted commands are refused). */
    members?: Array<{ id?: Snowflake; username: string; roles?: string[]; locale?: string; age_verified?: boolean }>;
    /** Webhooks a member made in a channel's settings (state/seed-webhooks.ts): `channel` and `user` by id or name; `token` pinned or made. */
    webhooks?: Array<{ id?: Snowflake; channel: string; name: string; user: string; token?: string }>;
    /**
     * Applications installed here; defaults to every application, authorised
     * with `bot` and `applications.commands`, with MANAGE_WEBHOOKS. `scopes`:
     * the OAuth2 scopes of the install (`bot` includes applications.commands);
     * `commands_scope: false` (older seeds) is an install without either.
     */
    apps?: Record<
      Snowflake,
      { scopes?: string[]; commands_scope?: boolean; permissions?: string | string[]; role_position?: number }
    >;
  }>;
  /** User bearer tokens allowed to edit command permissions. */
  /** `user_id: null` makes a client-credentials grant; `locale`: the user's (or owner's) language setting. */
  bearer_tokens?: Array<{
    token: string;
    application_id: Snowflake;
    scopes?: string[];
    user_id?: Snowflake | null;
    locale?: string;
  }>;
  /** The control routes' secret (`X-Cmdsync-Control`), pinned; `startEmulator({ controlToken })` wins over it. */
  control_token?: string;
  /** Overrides of the spec's limits (e.g. `{ user_commands: 15 }`); `startEmulator({ limits })` wins over them. */
  limits?: Partial<Record<string, number>>;
  /** Existing commands, as create bodies plus `application_id` and optional `guild_id`/`id`. */
  commands?: Array<Obj>;
}

/** The credentials `startEmulator` hands back for its default application. Secrets: never logged. */
export interface EmulatorCredentials {
  applicationId: Snowflake;
  botToken: string;
  clientId: Snowflake;
  clientSecret: string;
  /** A user bearer token with applications.commands.permissions.update, for permission edits. */
  bearerToken: string;
  /** The default guild and its channels, for quick starts. */
  guildId: Snowflake;
  /** The application's Ed25519 public key (hex), for bots that take HTTP interactions. */
  publicKey: string;
}

/** What command rules check of an application (wire/service-rules.ts). */
export function traitsOf(app: Application): ApplicationTraits {
  return { embedded: app.embedded, integrationTypes: app.integrationTypes, discoverable: app.discoverable === true };
}

/**
 * Where each channel is: its guild and place in the guild's list, by id. A
 * cache kept beside the world under a symbol (never in its JSON), and only a
 * hint: every hit is checked against the world, and a miss or a stale hint
 * rebuilds it, so a channel added, removed or rolled back is never missed.
 * Without it every webhook request searched every guild's channels, and,
 * through the request's change tracker, read (and copied) every guild.
 */
const CHANNEL_INDEX = Symbol('channel index');
type ChannelIndex = Map<Snowflake, { guildId: Snowflake; position: number }>;

function channelAt(
  world: World,
  channelId: Snowflake,
  where: { guildId: Snowflake; position: number } | undefined,
): { guild: Guild; channel: Channel } | undefined {
  if (!where) return undefined;
  const guild = Object.hasOwn(world.guilds, where.guildId) ? world.guilds[where.guildId] : undefined;
  const channel = guild?.channels[where.position];
  return guild && channel?.id === channelId ? { guild, channel } : undefined;
}

export function findChannel(world: World, channelId: Snowflake): { guild: Guild; channel: Channel } | undefined {
  const holder = world as World & { [CHANNEL_INDEX]?: ChannelIndex };
  const hit = channelAt(world, channelId, holder[CHANNEL_INDEX]?.get(channelId));
  if (hit) return hit;
  const index: ChannelIndex = new Map();
  for (const [guildId, guild] of Object.entries(world.guilds))
    guild.channels.forEach((c, position) => {
      index.set(c.id, { guildId, position });
    });
  holder[CHANNEL_INDEX] = index;
  return channelAt(world, channelId, index.get(channelId));
}
