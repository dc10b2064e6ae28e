/**
 * Pure changes to threads (issue 41 item 4): a thread started in a channel
 * (from a message, without one, or as a forum post), its members joining and
 * leaving, its archive state; and THREAD_MEMBERS_UPDATE, which a bot hears of
 * under GUILD_MEMBERS, or without it when the bot itself joined or left (the
 * Gateway Events reference). The caller checks and commits.
 */
import { DEFAULT_AUTO_ARCHIVE_MINUTES } from '../../wire/thread-fields.js';
import { ChannelType } from '../../wire/enums.js';
import { Intent } from '../../wire/gateway.js';
import type { Obj } from '../../wire/rules/values.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import type { Channel, Guild, ThreadState, World } from '../state/world.js';
import { botInGuild } from './message-events.js';

export interface NewThread {
  id: Snowflake;
  name: string;
  type: number;
  ownerId: Snowflake;
  autoArchiveDuration?: number;
  rateLimitPerUser?: number;
  invitable?: boolean;
  appliedTags?: Snowflake[];
}

/** A thread of `parent`, with its starter as its first member. */
export function startThread(guild: Guild, parent: Channel, t: NewThread, nowIso: string): Channel {
  const state: ThreadState = {
    ownerId: t.ownerId,
    members: [{ id: t.ownerId, joinedAt: nowIso }],
    locked: false,
    autoArchiveDuration: t.autoArchiveDuration ?? DEFAULT_AUTO_ARCHIVE_MINUTES,
    archiveTimestamp: nowIso,
    messageCount: 0,
    ...(t.type === ChannelType.PRIVATE_THREAD ? { invitable: t.invitable ?? true } : {}),
    ...(t.appliedTags ? { appliedTags: t.appliedTags } : {}),
  };
  const thread: Channel = {
    id: t.id,
    guildId: guild.id,
    type: t.type,
    name: t.name,
    parentId: parent.id,
    thread: state,
    ...(t.rateLimitPerUser ? { rateLimitPerUser: t.rateLimitPerUser } : {}),
  };
  guild.channels.push(thread);
  return thread;
}

export const isThreadMember = (thread: Channel, userId: Snowflake): boolean =>
  thread.thread?.members.some((m) => m.id === userId) ?? false;

/** Adds `userId`; whether they were not in it yet. A seeded thread gets its state on first use. */
export function joinThread(thread: Channel, userId: Snowflake, nowIso: string): boolean {
  const state = (thread.thread ??= {
    ownerId: userId,
    members: [],
    locked: false,
    autoArchiveDuration: DEFAULT_AUTO_ARCHIVE_MINUTES,
    archiveTimestamp: nowIso,
    messageCount: 0,
  });
  if (state.members.some((m) => m.id === userId)) return false;
  state.members.push({ id: userId, joinedAt: nowIso });
  return true;
}

/** Removes `userId`; whether they were in it. */
export function leaveThread(thread: Channel, userId: Snowflake): boolean {
  const state = thread.thread;
  if (!state?.members.some((m) => m.id === userId)) return false;
  state.members = state.members.filter((m) => m.id !== userId);
  return true;
}

/** A thread member object (`with_member` left out). */
export function threadMemberObject(thread: Channel, m: { id: Snowflake; joinedAt: string }): Obj {
  return { id: thread.id, user_id: m.id, join_timestamp: m.joinedAt, flags: 0 };
}

/** Archives or unarchives, stamping when; whether it changed. */
export function setArchived(thread: Channel, archived: boolean, nowIso: string): boolean {
  if ((thread.archived ?? false) === archived) return false;
  if (archived) thread.archived = true;
  else delete thread.archived;
  if (thread.thread) thread.thread.archiveTimestamp = nowIso;
  return true;
}

/** THREAD_MEMBERS_UPDATE for who joined (`added`) or left (`removed`), to every bot in the guild. */
export function announceThreadMembers(
  events: EventBus,
  world: World,
  guild: Guild,
  thread: Channel,
  change: { added: Snowflake[]; removed: Snowflake[] },
): void {
  const members = thread.thread?.members ?? [];
  const added = members.filter((m) => change.added.includes(m.id)).map((m) => threadMemberObject(thread, m));
  const data = {
    id: thread.id,
    guild_id: guild.id,
    member_count: Math.min(members.length, 50),
    ...(added.length > 0 ? { added_members: added } : {}),
    ...(change.removed.length > 0 ? { removed_member_ids: change.removed } : {}),
  };
  for (const applicationId of Object.keys(guild.apps)) {
    if (!botInGuild(guild, applicationId)) continue;
    const bot = world.applications[applicationId]?.botUserId;
    const aboutBot = bot !== undefined && (change.added.includes(bot) || change.removed.includes(bot));
    const intent = aboutBot ? Intent.GUILDS : Intent.GUILD_MEMBERS;
    events.emit({ applicationId, name: 'THREAD_MEMBERS_UPDATE', data, guildId: guild.id, intent });
  }
}
