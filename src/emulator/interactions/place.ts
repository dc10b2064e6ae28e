/**
 * Where an invocation happens and whether the service lets it through: the
 * guild and channel as the spec's facts, the member acting, and the
 * refusals the client and service apply before the application hears of it.
 * One module for the invoke path and the web view's command picker, so the
 * picker's lock and an actual invocation can never disagree.
 */
import {
  memberChannelPermissions,
  type ChannelFacts,
  type GuildFacts,
  type MemberFacts,
} from '../../wire/interactions/payload.js';
import {
  ageRefusal,
  channelHiddenRefusal,
  permissionRefusal,
  placeRefusal,
  type PlaceFacts,
  type Refusal,
} from '../../wire/interactions/refusal.js';
import { privateThreadView } from '../../wire/thread-fields.js';
import { isThreadType } from '../../wire/channels.js';
import { ChannelType, IntegrationType, InteractionContext } from '../../wire/enums.js';
import { authorizingOwners, type ContextValue } from '../../wire/installation.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { isTimedOut } from '../../wire/guild/moderation.js';
import { own } from '../state/own.js';
import type { Application, Guild, StoredCommand, World } from '../state/world.js';

/** The guild as wire facts; `nowMs` (the emulator's clock) tells who is timed out, none without it. */
export function guildFacts(g: Guild, nowMs?: number): GuildFacts {
  return {
    id: g.id,
    ...(g.ownerId ? { ownerId: g.ownerId } : {}),
    roles: g.roles.map((r) => ({ id: r.id, name: r.name, permissions: BigInt(r.permissions ?? '0') })),
    members: g.members.map((m) => ({
      id: m.id,
      username: m.username,
      roleIds: m.roles ?? [],
      ...(m.ageVerified ? { ageVerified: true } : {}),
      ...(m.communicationDisabledUntil ? { timeoutUntil: m.communicationDisabledUntil } : {}),
      ...(nowMs !== undefined && isTimedOut(m.communicationDisabledUntil, nowMs) ? { timedOut: true } : {}),
    })),
    channels: g.channels.map((c) => channelFacts(g, c.id)!),
  };
}

export function channelFacts(g: Guild, id: string): ChannelFacts | undefined {
  const c = g.channels.find((x) => x.id === id);
  if (!c) return undefined;
  // Threads take their parent's overwrites (and its age restriction); a channel in a category keeps its own.
  const holder = c.parentId && isThreadType(c.type) ? (g.channels.find((x) => x.id === c.parentId) ?? c) : c;
  const overwrites = (holder.permissionOverwrites ?? []).map((o) => ({
    id: o.id,
    type: o.type,
    allow: BigInt(o.allow),
    deny: BigInt(o.deny),
  }));
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    ...(c.parentId ? { parentId: c.parentId } : {}),
    nsfw: holder.nsfw === true,
    overwrites,
  };
}

export function findGuildOfChannel(world: World, channelId: string): Guild | undefined {
  return Object.values(world.guilds).find((g) => g.channels.some((c) => c.id === channelId));
}

/** A guild channel with its guild, a DM with the bot, or a private channel (group DM) the user installed the app for. */
export interface Place {
  guild?: Guild;
  facts?: GuildFacts;
  channel: ChannelFacts;
  context: ContextValue;
}

/** Where the user is: a guild channel (the default), a DM with the bot, or a private channel. */
export type PlaceKind = 'guild' | 'bot-dm' | 'private-channel';

export interface PlaceRequest {
  guildId?: Snowflake;
  channelId?: Snowflake;
  /** Absent: a guild channel, or a DM with the bot when the channel is in no guild. */
  context?: PlaceKind;
}

function outsideGuilds(world: World, req: PlaceRequest, kind: 'bot-dm' | 'private-channel'): Place | string {
  const what = kind === 'bot-dm' ? 'a DM with the bot' : 'a private channel';
  if (req.guildId) return `${what} is in no guild: leave out the guild`;
  if (!req.channelId) return `${what} needs a channel id`;
  const inGuild = findGuildOfChannel(world, req.channelId);
  if (inGuild) return `channel ${req.channelId} is in guild ${inGuild.id}, not ${what}`;
  return kind === 'bot-dm'
    ? {
        channel: { id: req.channelId, type: ChannelType.DM, name: 'dm', overwrites: [] },
        context: InteractionContext.BOT_DM,
      }
    : {
        channel: { id: req.channelId, type: ChannelType.GROUP_DM, name: 'private channel', overwrites: [] },
        context: InteractionContext.PRIVATE_CHANNEL,
      };
}

/** The place a request names, or what is wrong with it. Without a channel: the guild's first text channel. */
export function resolvePlace(
  world: World,
  req: PlaceRequest,
  defaultGuildId: Snowflake,
  nowMs?: number,
): Place | string {
  if (req.context === 'bot-dm' || req.context === 'private-channel') return outsideGuilds(world, req, req.context);
  let guild: Guild | undefined;
  let channel: ChannelFacts;
  if (req.channelId) {
    guild = findGuildOfChannel(world, req.channelId);
    if (guild && req.guildId && guild.id !== req.guildId)
      return `channel ${req.channelId} is not in guild ${req.guildId}`;
    if (!guild && req.guildId) return `no channel ${req.channelId} in guild ${req.guildId}`;
    channel = guild
      ? channelFacts(guild, req.channelId)!
      : { id: req.channelId, type: ChannelType.DM, name: 'dm', overwrites: [] };
  } else {
    guild = own(world.guilds, req.guildId ?? defaultGuildId);
    if (!guild) return `unknown guild ${req.guildId}`;
    const first = guild.channels.find((c) => c.type === ChannelType.GUILD_TEXT) ?? guild.channels[0];
    if (!first) return `guild ${guild.id} has no channel`;
    channel = channelFacts(guild, first.id)!;
  }
  return {
    ...(guild ? { guild, facts: guildFacts(guild, nowMs) } : {}),
    channel,
    context: guild ? InteractionContext.GUILD : InteractionContext.BOT_DM,
  };
}

/** The acting user: a member of the guild, or anyone outside guilds (known by a membership elsewhere when they have one); or what is wrong. */
export function resolveUser(place: Place, userId: Snowflake | undefined, world?: World): MemberFacts | string {
  const id = userId ?? place.guild?.members[0]?.id;
  if (!id) return 'give the invoking user (--user)';
  const member = place.facts?.members.find((m) => m.id === id);
  if (place.facts && !member) return `user ${id} is not a member of guild ${place.facts.id}`;
  if (member) return member;
  const known = world
    ? Object.values(world.guilds)
        .flatMap((g) => g.members)
        .find((m) => m.id === id)
    : undefined;
  return {
    id,
    username: known?.username ?? `user-${id.slice(-4)}`,
    roleIds: [],
    ...(known?.ageVerified ? { ageVerified: true } : {}),
  };
}

/** What the refusal rules and the payload need to know of the place, the app's installations and the user. */
export function placeFacts(app: Application, place: Place, user: MemberFacts): PlaceFacts {
  const install = place.guild ? own(place.guild.apps, app.id) : undefined;
  return {
    context: place.context,
    guildId: place.guild?.id,
    guildInstalled: install?.commandsScope === true,
    // The emulator takes every user to have installed an app that supports user installs.
    userInstalled: app.integrationTypes.includes(IntegrationType.USER_INSTALL),
    userId: user.id,
    channelNsfw: place.channel.nsfw === true,
    ageVerified: user.ageVerified === true,
  };
}

/** The member's permissions in the channel; a private thread is seen only by its members and MANAGE_THREADS. */
function memberPermsHere(guild: Guild, facts: GuildFacts, user: MemberFacts, channel: ChannelFacts): bigint {
  const perms = memberChannelPermissions(facts, user, channel);
  if (channel.type !== ChannelType.PRIVATE_THREAD) return perms;
  const members = guild.channels.find((c) => c.id === channel.id)?.thread?.members ?? [];
  return privateThreadView(
    perms,
    members.some((m) => m.id === user.id),
  );
}

/**
 * The service's refusal of `command` for `user` at `place`, in the order the
 * client and then the service apply them. `beforePermissions` is the
 * invoke path's read-repair, which depends on what this user's client last
 * loaded (a picker shows the current version, so it has none).
 */
export function commandRefusal(
  world: World,
  app: Application,
  place: Place,
  command: StoredCommand,
  user: MemberFacts,
  beforePermissions?: () => Refusal | undefined,
): Refusal | undefined {
  const { guild, facts, channel } = place;
  const where = placeFacts(app, place, user);
  // The guild's permission rows govern what reaches the member through the guild's install.
  const throughGuild =
    authorizingOwners(command, where)[String(IntegrationType.GUILD_INSTALL)] !== undefined &&
    place.context === InteractionContext.GUILD;
  const perms = guild && facts ? memberPermsHere(guild, facts, user, channel) : 0n;
  return (
    placeRefusal(command, where) ??
    ageRefusal(command, where) ??
    beforePermissions?.() ??
    (guild && facts && throughGuild
      ? timedOutReason(
          user,
          permissionRefusal({
            guildId: guild.id,
            command,
            commandRows: own(world.permissions, `${guild.id}:${command.id}`)?.permissions ?? [],
            appRows: own(world.permissions, `${guild.id}:${app.id}`)?.permissions ?? [],
            member: { userId: user.id, roleIds: user.roleIds, ...(guild.ownerId === user.id ? { owner: true } : {}) },
            permissions: perms,
            channel: { id: channel.id, ...(channel.parentId ? { parentId: channel.parentId } : {}) },
          }),
        )
      : undefined) ??
    // The access model's reasons first (as before); a member it lets through may still not see the channel.
    (guild && facts ? channelHiddenRefusal(perms) : undefined)
  );
}

/** A timed-out member's refusal says so: the permissions it lacks are the ones the timeout took. */
function timedOutReason(user: MemberFacts, refusal: Refusal | undefined): Refusal | undefined {
  return refusal && user.timedOut
    ? { ...refusal, reason: `${user.username} is timed out until ${user.timeoutUntil}: ${refusal.reason}` }
    : refusal;
}
