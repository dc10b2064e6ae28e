/**
 * The interaction object the service sends an application (facts §9, §9.1),
 * built from plain facts about the guild, channel, user and command. Pure.
 */
import { basePermissions, channelPermissions, type ChannelOverwrite } from '../access/base-permissions.js';
import { InteractionContext, IntegrationType } from '../enums.js';
import { timedOutPermissions } from '../guild/moderation.js';
import { snowflakeTimestamp } from '../snowflake.js';
import type { InteractionOption } from './options.js';
import type { Obj } from '../rules/values.js';

export const InteractionType = {
  PING: 1,
  APPLICATION_COMMAND: 2,
  MESSAGE_COMPONENT: 3,
  APPLICATION_COMMAND_AUTOCOMPLETE: 4,
  MODAL_SUBMIT: 5,
} as const;

/** The service's default upload size for a user without boosts (10 MiB). */
export const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;

export interface UserFacts {
  id: string;
  username: string;
}

export interface MemberFacts extends UserFacts {
  /** Without @everyone. */
  roleIds: string[];
  /** Known to be 18 or older: may use age-restricted commands. */
  ageVerified?: boolean;
  /** Timed out now (wire/guild/moderation.ts): keeps only what a timeout leaves; `timeoutUntil` its end. */
  timedOut?: boolean;
  timeoutUntil?: string;
}

export interface ChannelFacts {
  id: string;
  type: number;
  name: string;
  parentId?: string;
  nsfw?: boolean;
  /** A thread's are its parent's: give the parent's here. */
  overwrites: ChannelOverwrite[];
}

export interface GuildFacts {
  id: string;
  ownerId?: string;
  locale?: string;
  roles: Array<{ id: string; name: string; permissions: bigint }>;
  members: MemberFacts[];
  channels: ChannelFacts[];
}

export interface InvocationFacts {
  id: string;
  token: string;
  applicationId: string;
  /** The bot user and its installed permissions in the guild (its managed role). */
  bot: { userId: string; permissions: bigint };
  command: Obj & { id: string; name: string; type: number; guild_id?: string };
  autocomplete: boolean;
  options: InteractionOption[];
  /** User and message commands. */
  target?: { id: string; message?: Obj };
  mentions: { users: string[]; roles: string[]; channels: string[]; attachments: Obj[] };
  user: UserFacts;
  locale: string;
  /** Absent in a DM with the bot or a private channel. */
  guild?: GuildFacts;
  channel: ChannelFacts;
  /** GUILD, BOT_DM or PRIVATE_CHANNEL; default: GUILD in a guild, else BOT_DM. */
  context?: number;
  /** `authorizing_integration_owners`; default: the guild install ("0": the guild id, or "0" outside guilds). */
  owners?: Record<string, string>;
}

export function userObject(u: UserFacts): Obj {
  return {
    id: u.id,
    username: u.username,
    avatar: null,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
    global_name: null,
  };
}

function roleMap(g: GuildFacts): Map<string, bigint> {
  return new Map(g.roles.map((r) => [r.id, r.permissions]));
}

/** A member's permissions in a channel, overwrites applied (facts §9.1 `member.permissions`). */
export function memberChannelPermissions(
  g: GuildFacts,
  member: { id: string; roleIds: readonly string[]; timedOut?: boolean },
  channel: ChannelFacts,
): bigint {
  const who = { userId: member.id, roleIds: member.roleIds };
  const base = basePermissions({ guildId: g.id, ...(g.ownerId ? { ownerId: g.ownerId } : {}), roles: roleMap(g) }, who);
  const bits = channelPermissions(base, g.id, who, channel.overwrites);
  return member.timedOut ? timedOutPermissions(bits) : bits;
}

/** The bot's permissions in the channel: @everyone's, its managed role's (the install), then overwrites. */
export function appChannelPermissions(
  g: GuildFacts,
  bot: { userId: string; permissions: bigint },
  channel: ChannelFacts,
): bigint {
  const managed = `managed:${bot.userId}`;
  const roles = roleMap(g);
  roles.set(managed, bot.permissions);
  const who = { userId: bot.userId, roleIds: [managed] };
  return channelPermissions(basePermissions({ guildId: g.id, roles }, who), g.id, who, channel.overwrites);
}

function memberObject(g: GuildFacts, m: MemberFacts, channel: ChannelFacts | undefined, withUser: boolean): Obj {
  const out: Obj = {
    ...(withUser ? { user: userObject(m) } : {}),
    nick: null,
    avatar: null,
    banner: null,
    roles: [...m.roleIds],
    joined_at: snowflakeTimestamp(m.id).toISOString(),
    premium_since: null,
    ...(withUser ? { deaf: false, mute: false } : {}),
    flags: 0,
    pending: false,
    communication_disabled_until: m.timeoutUntil ?? null,
  };
  if (channel) out.permissions = memberChannelPermissions(g, m, channel).toString();
  return out;
}

function channelObject(c: ChannelFacts, guildId: string | undefined, permissions: bigint | undefined): Obj {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    ...(guildId ? { guild_id: guildId } : {}),
    ...(c.parentId ? { parent_id: c.parentId } : {}),
    nsfw: c.nsfw === true,
    ...(permissions !== undefined ? { permissions: permissions.toString() } : {}),
    flags: 0,
  };
}

/** The users (and their members), roles and channels a set of ids names, shaped as `data.resolved` carries them; `invokerId`: whose permissions a channel carries. */
export function mentionedObjects(
  g: GuildFacts | undefined,
  channel: ChannelFacts,
  invokerId: string,
  ids: { users: readonly string[]; roles: readonly string[]; channels: readonly string[] },
): Obj {
  const users: Obj = {};
  const members: Obj = {};
  const roles: Obj = {};
  const channels: Obj = {};
  for (const id of ids.users) {
    const m = g?.members.find((x) => x.id === id);
    users[id] = userObject(m ?? { id, username: `user-${id.slice(-4)}` });
    if (g && m) members[id] = memberObject(g, m, channel, false);
  }
  for (const id of ids.roles) {
    const r = g?.roles.find((x) => x.id === id);
    if (r)
      roles[id] = {
        id,
        name: r.name,
        color: 0,
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position: r.id === g?.id ? 0 : 1,
        permissions: r.permissions.toString(),
        managed: false,
        mentionable: false,
        flags: 0,
      };
  }
  for (const id of ids.channels) {
    const c = g?.channels.find((x) => x.id === id);
    // A mentioned channel carries the invoking member's permissions there.
    const member = g?.members.find((m) => m.id === invokerId) ?? { id: invokerId, roleIds: [] };
    if (c && g) channels[id] = channelObject(c, undefined, memberChannelPermissions(g, member, c));
  }
  return { users, members, roles, channels };
}

/** Only the kinds that have entries (as the service sends `resolved`); undefined when none has. */
export function nonEmptyResolved(kinds: Obj): Obj | undefined {
  const out: Obj = {};
  for (const [k, v] of Object.entries(kinds)) if (Object.keys(v as Obj).length > 0) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `data.resolved` of a command. */
function resolvedData(f: InvocationFacts): Obj | undefined {
  const userIds = [...f.mentions.users, ...(f.command.type === 2 && f.target ? [f.target.id] : [])];
  const messages: Obj = {};
  const attachments: Obj = {};
  if (f.command.type === 3 && f.target?.message) messages[f.target.id] = f.target.message;
  for (const a of f.mentions.attachments) attachments[String(a.id)] = a;
  return nonEmptyResolved({
    ...mentionedObjects(f.guild, f.channel, f.user.id, { ...f.mentions, users: userIds }),
    messages,
    attachments,
  });
}

/** Who, where and for which application an interaction is: every field but `type` and `data`. */
export type EnvelopeFacts = Pick<
  InvocationFacts,
  'id' | 'token' | 'applicationId' | 'bot' | 'user' | 'locale' | 'guild' | 'channel' | 'context' | 'owners'
>;

/** The interaction's fields every type shares (facts §9.1): the member or user, the place, the permissions, the token. */
export function interactionEnvelope(f: EnvelopeFacts): Obj {
  const g = f.guild;
  const member = g ? (g.members.find((m) => m.id === f.user.id) ?? { ...f.user, roleIds: [] }) : undefined;
  const memberPerms = g && member ? memberChannelPermissions(g, member, f.channel) : undefined;
  const appPerms = g ? appChannelPermissions(g, f.bot, f.channel) : undefined;
  const context = f.context ?? (g ? InteractionContext.GUILD : InteractionContext.BOT_DM);
  // Delivered through the guild install in a guild; "0" stands for "no guild" in a DM with the bot.
  const owners = f.owners ?? { [String(IntegrationType.GUILD_INSTALL)]: g ? g.id : '0' };
  // A DM with the bot: every permission a DM allows, as the service reports it (no guild to compute from).
  const DM_APP_PERMISSIONS = '1125899906842623';
  return {
    app_permissions: appPerms !== undefined ? appPerms.toString() : DM_APP_PERMISSIONS,
    application_id: f.applicationId,
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
    authorizing_integration_owners: owners,
    channel: channelObject(f.channel, g?.id, memberPerms),
    channel_id: f.channel.id,
    context,
    entitlement_sku_ids: [],
    entitlements: [],
    ...(g
      ? {
          guild: { id: g.id, locale: g.locale ?? 'en-US', features: [] },
          guild_id: g.id,
          guild_locale: g.locale ?? 'en-US',
        }
      : {}),
    id: f.id,
    locale: f.locale,
    ...(g && member ? { member: memberObject(g, member, f.channel, true) } : { user: userObject(f.user) }),
    token: f.token,
    version: 1,
  };
}

/**
 * The whole interaction. `data.name` is the command's default name whatever
 * the user's locale (facts §9.1); `version` is always 1.
 */
export function buildInteraction(f: InvocationFacts): Obj {
  const data: Obj = { id: f.command.id, name: f.command.name, type: f.command.type };
  if (f.options.length > 0) data.options = f.options;
  const resolved = resolvedData(f);
  if (resolved) data.resolved = resolved;
  if (f.command.guild_id) data.guild_id = f.command.guild_id;
  if (f.target) data.target_id = f.target.id;
  return withTypeAndData(
    interactionEnvelope(f),
    f.autocomplete ? InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE : InteractionType.APPLICATION_COMMAND,
    data,
  );
}

/** The envelope with the interaction's `type` and `data`, its keys in the service's (alphabetical) order. */
export function withTypeAndData(envelope: Obj, type: number, data: Obj, extra: Obj = {}): Obj {
  const all: Obj = { ...envelope, ...extra, data, type };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k]]),
  );
}
