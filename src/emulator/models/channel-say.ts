/**
 * What a channel's own state does to a message sent there, for every sender
 * that writes as a user (a member's say, a bot's REST post): slowmode (members
 * only; bots and holders of MANAGE_MESSAGES/MANAGE_CHANNELS are exempt, the
 * Channel resource's rate_limit_per_user), and a thread's archive state (a
 * locked archived thread refuses with 50083; an archived one is unarchived by
 * the message). `afterSay` records the message on the thread.
 */
import { ChannelEditErrors, slowmodeWait } from '../../wire/channel-fields.js';
import { threadSendOutcome } from '../../wire/thread-fields.js';
import type { ChannelError } from '../../wire/messages/index.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import type { Channel, Guild, World } from '../state/world.js';
import { announceChannel, isThread } from './channel-edits.js';
import { setArchived } from './threads.js';

/** When `userId` last wrote in the channel (epoch ms), or undefined. */
function lastSaid(world: World, channelId: Snowflake, userId: Snowflake): number | undefined {
  let last: number | undefined;
  for (const m of Object.values(world.messages)) {
    if (m.channel_id !== channelId || m.authorId !== userId) continue;
    const at = Date.parse(String(m.message.timestamp));
    if (last === undefined || at > last) last = at;
  }
  return last;
}

export type SayGate = { ok: true; unarchive: boolean } | { ok: false; error: ChannelError };

export function sayGate(
  world: World,
  channel: Channel,
  who: { userId: Snowflake; perms: bigint; bot: boolean },
  nowMs: number,
): SayGate {
  const seconds = channel.rateLimitPerUser ?? 0;
  if (!who.bot && seconds > 0 && slowmodeWait(who.perms, seconds, lastSaid(world, channel.id, who.userId), nowMs) > 0)
    return { ok: false, error: ChannelEditErrors.slowmode };
  if (!isThread(channel)) return { ok: true, unarchive: false };
  const outcome = threadSendOutcome(who.perms, {
    archived: channel.archived ?? false,
    locked: channel.thread?.locked ?? false,
  });
  if (outcome === 'refuse') return { ok: false, error: ChannelEditErrors.threadArchived };
  return { ok: true, unarchive: outcome === 'unarchive' };
}

/** After a message went in: a thread counts it, and one the message unarchived says so (THREAD_UPDATE). */
export function afterSay(
  events: EventBus | undefined,
  world: World,
  guild: Guild,
  channel: Channel,
  gate: SayGate,
  nowMs: number,
): void {
  if (!isThread(channel)) return;
  if (channel.thread) {
    channel.thread.messageCount += 1;
    channel.thread.lastMessageAt = new Date(nowMs).toISOString();
  }
  if (gate.ok && gate.unarchive && setArchived(channel, false, new Date(nowMs).toISOString()) && events)
    announceChannel(events, world, guild, channel, 'THREAD_UPDATE');
}
