/**
 * Where an invocation happens and whether the service lets it through: the
 * guild and channel as the spec's facts, the member acting, and the
 * refusals the client and service apply before the application hears of it.
 * One module for the invoke path and the web view's command picker, so the
 * picker's lock and an actual invocation can never disagree.
 */
import { memberChannelPermissions, type ChannelFacts, type GuildFacts, type MemberFacts } from '../../spec/interactions/payload.js';
import { ageRefusal, permissionRefusal, placeRefusal, type Refusal } from '../../spec/interactions/refusal.js';
import type { Snowflake } from '../../spec/snowflake.js';
import { own } from '../own.js';
import type { Application, Guild, StoredCommand, World } from '../world.js';

export function guildFacts(g: Guild): GuildFacts {
  return {
    id: g.id,
    ...(g.ownerId ? { ownerId: g.ownerId } : {}),
    roles: g.roles.map((r) => ({ id: r.id, name: r.name, permissions: BigInt(r.permissions ?? '0') })),
    members: g.members.map((m) => ({ id: m.id, username: m.username, roleIds: m.roles ?? [] })),
    channels: g.channels.map((c) => channelFacts(g, c.id)!),
  };
}

export function channelFacts(g: Guild, id: string): ChannelFacts | undefined {
  const c = g.channels.find((x) => x.id === id);
  if (!c) return undefined;
  // Threads take their parent's overwrites (and its age restriction).
  const holder = c.parentId ? (g.channels.find((x) => x.id === c.parentId) ?? c) : c;
  const overwrites = (holder.permissionOverwrites ?? []).map((o) => ({ id: o.id, type: o.type, allow: BigInt(o.allow), deny: BigInt(o.deny) }));
  return { id: c.id, type: c.type, name: c.name, ...(c.parentId ? { parentId: c.parentId } : {}), nsfw: holder.nsfw === true, overwrites };
}

export function findGuildOfChannel(world: World, channelId: string): Guild | undefined {
  return Object.values(world.guilds).find((g) => g.channels.some((c) => c.id === channelId));
}

/** A guild channel with its guild, or a DM with the bot (no guild). */
export interface Place {
  guild?: Guild;
  facts?: GuildFacts;
  channel: ChannelFacts;
}

export interface PlaceRequest {
  guildId?: Snowflake;
  channelId?: Snowflake;
}

/** The place a request names, or what is wrong with it. Without a channel: the guild's first text channel. */
export function resolvePlace(world: World, req: PlaceRequest, defaultGuildId: Snowflake): Place | string {
  let guild: Guild | undefined;
  let channel: ChannelFacts;
  if (req.channelId) {
    guild = findGuildOfChannel(world, req.channelId);
    if (guild && req.guildId && guild.id !== req.guildId) return `channel ${req.channelId} is not in guild ${req.guildId}`;
    if (!guild && req.guildId) return `no channel ${req.channelId} in guild ${req.guildId}`;
    channel = guild ? channelFacts(guild, req.channelId)! : { id: req.channelId, type: 1, name: 'dm', overwrites: [] };
  } else {
    guild = own(world.guilds, req.guildId ?? defaultGuildId);
    if (!guild) return `unknown guild ${req.guildId}`;
    const first = guild.channels.find((c) => c.type === 0) ?? guild.channels[0];
    if (!first) return `guild ${guild.id} has no channel`;
    channel = channelFacts(guild, first.id)!;
  }
  return { ...(guild ? { guild, facts: guildFacts(guild) } : {}), channel };
}

/** The acting user: a member of the guild, or anyone in a DM; or what is wrong. */
export function resolveUser(place: Place, userId: Snowflake | undefined): MemberFacts | string {
  const id = userId ?? place.guild?.members[0]?.id;
  if (!id) return 'give the invoking user (--user)';
  const member = place.facts?.members.find((m) => m.id === id);
  if (place.facts && !member) return `user ${id} is not a member of guild ${place.facts.id}`;
  return member ?? { id, username: `user-${id.slice(-4)}`, roleIds: [] };
}

/**
 * The service's refusal of `command` for `user` at `place`, in the order the
 * client and then the service apply them. `beforePermissions` is the
 * invoke path's read-repair, which depends on what this user's client last
 * loaded (a picker shows the current version, so it has none).
 */
export function commandRefusal(world: World, app: Application, place: Place, command: StoredCommand, user: MemberFacts, beforePermissions?: () => Refusal | undefined): Refusal | undefined {
  const { guild, facts, channel } = place;
  const install = guild ? own(guild.apps, app.id) : undefined;
  const where = { ...(guild ? { guildId: guild.id } : {}), installed: install?.commandsScope === true, channelNsfw: channel.nsfw === true };
  return (
    placeRefusal(command, where) ??
    ageRefusal(command, where) ??
    beforePermissions?.() ??
    (guild && facts
      ? permissionRefusal({
          guildId: guild.id,
          command,
          commandRows: own(world.permissions, `${guild.id}:${command.id}`)?.permissions ?? [],
          appRows: own(world.permissions, `${guild.id}:${app.id}`)?.permissions ?? [],
          member: { userId: user.id, roleIds: user.roleIds, ...(guild.ownerId === user.id ? { owner: true } : {}) },
          permissions: memberChannelPermissions(facts, user, channel),
          channel: { id: channel.id, ...(channel.parentId ? { parentId: channel.parentId } : {}) },
        })
      : undefined)
  );
}
