/**
 * Pure changes to a guild's channels (issue 41 item 3): a channel made from a
 * create body, an edit applied, an overwrite set or removed, a channel deleted
 * with its threads and their messages, and the CHANNEL_* / THREAD_* dispatches
 * that tell every bot in the guild (intent GUILDS). Bodies arrive already
 * checked by wire/channel-fields.ts; the caller commits.
 */
import { ChannelType } from '../../wire/enums.js';
import { Intent } from '../../wire/gateway.js';
import { isThreadType } from '../../wire/channels.js';
import type { OverwriteBody } from '../../wire/channel-fields.js';
import { parseOverwrite } from '../../wire/channel-fields.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { channelPayload, threadPayload } from '../gateway/payloads.js';
import type { Channel, Guild, World } from '../state/world.js';
import { botInGuild } from './message-events.js';

/** The channels a guild lists (threads are listed apart): a channel's `position` is its place here. */
export function listedChannels(guild: Guild): Channel[] {
  return guild.channels.filter((c) => !isThread(c));
}

/** A thread of a channel (as GUILD_CREATE lists them under `threads`). */
export const isThread = (c: Channel): boolean => isThreadType(c.type) && c.parentId !== undefined;

/** The channel object as REST and the gateway give it: a thread's, or a guild channel's with its position. */
export function channelObject(guild: Guild, channel: Channel, botUserId: Snowflake): Obj {
  if (isThread(channel)) return threadPayload(channel, botUserId);
  return channelPayload(channel, listedChannels(guild).indexOf(channel));
}

export type ChannelEventName =
  | 'CHANNEL_CREATE'
  | 'CHANNEL_UPDATE'
  | 'CHANNEL_DELETE'
  | 'THREAD_CREATE'
  | 'THREAD_UPDATE'
  | 'THREAD_DELETE';

/** A CHANNEL_* or THREAD_* dispatch to every bot in the guild, under GUILDS. */
export function announceChannel(
  events: EventBus,
  world: World,
  guild: Guild,
  channel: Channel,
  name: ChannelEventName,
  extra: Obj = {},
): void {
  for (const applicationId of Object.keys(guild.apps)) {
    if (!botInGuild(guild, applicationId)) continue;
    const botUserId = world.applications[applicationId]?.botUserId ?? applicationId;
    const data =
      name === 'THREAD_DELETE'
        ? { id: channel.id, guild_id: guild.id, parent_id: channel.parentId ?? null, type: channel.type }
        : { ...channelObject(guild, channel, botUserId), ...extra };
    events.emit({ applicationId, name, data, guildId: guild.id, intent: Intent.GUILDS });
  }
}

/** The overwrites of a checked body, or undefined when it names none. */
export function bodyOverwrites(body: Obj): OverwriteBody[] | undefined {
  if (!Array.isArray(body.permission_overwrites)) return undefined;
  return body.permission_overwrites.flatMap((o) => {
    const parsed = parseOverwrite(o, []);
    return Array.isArray(parsed) ? [] : [parsed];
  });
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Sets or clears an optional field: `null` or an empty value clears it. */
function setOptional<K extends 'topic' | 'rateLimitPerUser' | 'parentId'>(
  channel: Channel,
  key: K,
  value: Channel[K] | undefined,
): void {
  if (value === undefined) delete channel[key];
  else channel[key] = value;
}

/** A new channel in `guild` from a checked create body. A category's children named by parent_id take its overwrites when the body names none (the client's "synced"). */
export function createChannel(guild: Guild, id: Snowflake, body: Obj, nextId: () => Snowflake): Channel {
  const type = typeof body.type === 'number' ? body.type : ChannelType.GUILD_TEXT;
  const channel: Channel = { id, guildId: guild.id, type, name: String(body.name) };
  const parent = typeof body.parent_id === 'string' ? body.parent_id : undefined;
  if (parent) channel.parentId = parent;
  applyChannelEdit(channel, { ...body, parent_id: undefined }, nextId);
  const overwrites = bodyOverwrites(body);
  const category = parent ? guild.channels.find((c) => c.id === parent) : undefined;
  if (!overwrites && category?.permissionOverwrites)
    channel.permissionOverwrites = structuredClone(category.permissionOverwrites);
  guild.channels.push(channel);
  return channel;
}

/** Applies the guild-channel fields of a checked edit body. */
export function applyChannelEdit(channel: Channel, body: Obj, nextId: () => Snowflake): void {
  if (typeof body.name === 'string') channel.name = body.name;
  if ('topic' in body) setOptional(channel, 'topic', text(body.topic));
  if ('rate_limit_per_user' in body)
    setOptional(channel, 'rateLimitPerUser', (body.rate_limit_per_user as number | null) || undefined);
  if (typeof body.default_auto_archive_duration === 'number')
    channel.defaultAutoArchiveDuration = body.default_auto_archive_duration;
  if (typeof body.nsfw === 'boolean') {
    if (body.nsfw) channel.nsfw = true;
    else delete channel.nsfw;
  }
  if ('parent_id' in body && body.parent_id !== undefined) setOptional(channel, 'parentId', text(body.parent_id));
  const overwrites = bodyOverwrites(body);
  if (overwrites) channel.permissionOverwrites = overwrites;
  if (Array.isArray(body.available_tags)) {
    const kept = new Set((channel.availableTags ?? []).map((t) => t.id));
    // A tag named by a known id keeps it; a new one gets an id.
    channel.availableTags = body.available_tags.filter(isObject).map((t) => ({
      id: typeof t.id === 'string' && kept.has(t.id) ? t.id : nextId(),
      name: String(t.name),
    }));
  }
}

/** Sets the overwrite for its id (replacing one there). */
export function setOverwrite(channel: Channel, o: OverwriteBody): void {
  const rest = (channel.permissionOverwrites ?? []).filter((x) => x.id !== o.id);
  channel.permissionOverwrites = [...rest, { id: o.id, type: o.type, allow: o.allow, deny: o.deny }];
}

/** Removes the overwrite for `id`; whether there was one. */
export function removeOverwrite(channel: Channel, id: Snowflake): boolean {
  const before = channel.permissionOverwrites ?? [];
  const after = before.filter((x) => x.id !== id);
  if (after.length === before.length) return false;
  channel.permissionOverwrites = after;
  return true;
}

/**
 * Deletes a channel from its guild with its threads and every message in
 * either; a category's children stay, without a parent. The removed threads,
 * for their THREAD_DELETE.
 */
export function deleteChannel(world: World, guild: Guild, channel: Channel): Channel[] {
  const threads = guild.channels.filter((c) => isThread(c) && c.parentId === channel.id);
  const gone = new Set([channel.id, ...threads.map((t) => t.id)]);
  guild.channels = guild.channels.filter((c) => !gone.has(c.id));
  for (const c of guild.channels) if (c.parentId === channel.id) delete c.parentId;
  for (const [id, m] of Object.entries(world.messages)) if (gone.has(m.channel_id)) delete world.messages[id];
  return threads;
}

/** Moves listed channels to the positions a PATCH /guilds/{id}/channels names; threads keep their places after them. */
export function reorderChannels(guild: Guild, moves: ReadonlyArray<{ id: Snowflake; position: number }>): Channel[] {
  const listed = listedChannels(guild);
  const moved: Channel[] = [];
  for (const m of moves) {
    const at = listed.findIndex((c) => c.id === m.id);
    if (at < 0) continue;
    const [c] = listed.splice(at, 1);
    listed.splice(Math.max(0, Math.min(m.position, listed.length)), 0, c!);
    moved.push(c!);
  }
  guild.channels = [...listed, ...guild.channels.filter(isThread)];
  return moved;
}
