/** A user's own reaction on a stored message: added once, removed once (facts §5.2). */
import { MAX_REACTIONS_PER_MESSAGE } from '../../wire/messages/errors.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { StoredMessage } from '../state/world.js';

export type ReactionChange = 'added' | 'unchanged' | 'full';

/** Whether anyone has reacted with `emoji` yet (the first needs ADD_REACTIONS). */
export function hasReaction(stored: StoredMessage, emoji: string): boolean {
  return (stored.reactions ?? []).some((r) => r.emoji === emoji);
}

export function addReaction(stored: StoredMessage, emoji: string, userId: Snowflake): ReactionChange {
  const list = (stored.reactions ??= []);
  const entry = list.find((r) => r.emoji === emoji);
  if (entry) {
    if (entry.userIds.includes(userId)) return 'unchanged';
    entry.userIds.push(userId);
    return 'added';
  }
  if (list.length >= MAX_REACTIONS_PER_MESSAGE) return 'full';
  list.push({ emoji, userIds: [userId] });
  return 'added';
}

/** True when the user had reacted with it. */
export function removeReaction(stored: StoredMessage, emoji: string, userId: Snowflake): boolean {
  const list = stored.reactions ?? [];
  const entry = list.find((r) => r.emoji === emoji);
  if (!entry?.userIds.includes(userId)) return false;
  entry.userIds = entry.userIds.filter((id) => id !== userId);
  if (entry.userIds.length === 0) stored.reactions = list.filter((r) => r !== entry);
  if (stored.reactions?.length === 0) delete stored.reactions;
  return true;
}

/** Everyone's reactions with `emoji`, or every reaction when none is named: true when there were any. */
export function clearReactions(stored: StoredMessage, emoji?: string): boolean {
  const list = stored.reactions ?? [];
  const kept = emoji === undefined ? [] : list.filter((r) => r.emoji !== emoji);
  if (kept.length === list.length) return false;
  if (kept.length === 0) delete stored.reactions;
  else stored.reactions = kept;
  return true;
}
