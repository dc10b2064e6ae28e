/**
 * Threads archived by inactivity on the emulator's clock (the Channel
 * resource's `auto_archive_duration`: a thread stops being active that many
 * minutes after its last activity). Last activity is its last message, or
 * when it was started or last unarchived (`archiveTimestamp`). A seeded
 * thread no one has used yet has no state and is left as seeded.
 */
import { idleArchiveAtMs } from '../../wire/thread-fields.js';
import type { EventBus } from '../gateway/events.js';
import type { Channel, Guild, World } from '../state/world.js';
import { announceChannel, isThread } from './channel-edits.js';
import { setArchived } from './threads.js';

/** When the thread is due to be archived (epoch ms), or undefined when it is archived already or has no state. */
export function idleArchiveDue(thread: Channel): number | undefined {
  const state = thread.thread;
  if (!state || thread.archived || !isThread(thread)) return undefined;
  const last = Math.max(Date.parse(state.archiveTimestamp), state.lastMessageAt ? Date.parse(state.lastMessageAt) : 0);
  return idleArchiveAtMs(last, state.autoArchiveDuration);
}

/** The active threads whose inactivity has run out by `nowMs`. */
export function idleThreads(world: World, nowMs: number): Array<{ guild: Guild; thread: Channel; dueMs: number }> {
  const out: Array<{ guild: Guild; thread: Channel; dueMs: number }> = [];
  for (const guild of Object.values(world.guilds))
    for (const thread of guild.channels) {
      const dueMs = idleArchiveDue(thread);
      if (dueMs !== undefined && dueMs <= nowMs) out.push({ guild, thread, dueMs });
    }
  return out;
}

/** Archives them (stamped when each ran out) and dispatches THREAD_UPDATE for each; how many. */
export function archiveIdleThreads(events: EventBus, world: World, nowMs: number): number {
  const due = idleThreads(world, nowMs);
  for (const { guild, thread, dueMs } of due) {
    setArchived(thread, true, new Date(dueMs).toISOString());
    announceChannel(events, world, guild, thread, 'THREAD_UPDATE');
  }
  return due.length;
}
