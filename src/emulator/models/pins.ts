/** A channel's pinned messages: pinning marks the stored message (its `pinned` and when), unpinning clears it. */
import type { Snowflake } from '../../wire/snowflake.js';
import type { StoredMessage, World } from '../state/world.js';

/** The channel's pinned messages, the most recently pinned first. */
export function pinsOf(world: World, channelId: Snowflake): StoredMessage[] {
  return Object.values(world.messages)
    .filter((m) => m.channel_id === channelId && m.pinnedAt !== undefined)
    .sort((a, b) => Date.parse(b.pinnedAt!) - Date.parse(a.pinnedAt!) || (b.id < a.id ? -1 : 1));
}

/** True when it was not pinned before. */
export function pin(stored: StoredMessage, at: string): boolean {
  if (stored.pinnedAt !== undefined) return false;
  stored.pinnedAt = at;
  stored.message.pinned = true;
  return true;
}

/** True when it was pinned. */
export function unpin(stored: StoredMessage): boolean {
  if (stored.pinnedAt === undefined) return false;
  delete stored.pinnedAt;
  stored.message.pinned = false;
  return true;
}
