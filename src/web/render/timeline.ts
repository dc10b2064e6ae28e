/**
 * A channel's message list as the page holds it, pure: where a message goes
 * (snowflake order, compared as numbers), and a live stream entry turned
 * into the same shape the messages endpoint returns.
 */
import { MessageFlag } from '../../wire/enums.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import type { ViewMessage } from '../../emulator/view/channel-messages-types.js';
import type { Obj } from '../../wire/rules/values.js';

/** The index at which `id` goes in ascending `ids` (after any equal one). */
export function insertionIndex(ids: readonly string[], id: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareSnowflakes(ids[mid]!, id) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface MessageEntry {
  action: 'create' | 'update' | 'delete';
  channelId: string;
  messageId: string;
  source: ViewMessage['source'];
  interaction?: { id: string; name: string; userId: string; applicationId: string; command?: string };
  message?: Obj;
}

/** A stream entry as a view message; `username` names who invoked an interaction (the entry carries only the id). */
export function viewMessageOf(entry: MessageEntry, username: (userId: string) => string | undefined): ViewMessage {
  const message = entry.message ?? { id: entry.messageId, channel_id: entry.channelId };
  const flags = typeof message.flags === 'number' ? message.flags : 0;
  const meta = message.interaction_metadata as { user?: { username?: unknown } } | undefined;
  return {
    id: entry.messageId,
    channelId: entry.channelId,
    source: entry.source,
    message,
    ephemeral: (flags & MessageFlag.EPHEMERAL) !== 0,
    edited: typeof message.edited_timestamp === 'string' && message.edited_timestamp !== '',
    deleted: entry.action === 'delete',
    ...(entry.interaction
      ? {
          interaction: {
            name: entry.interaction.name,
            userId: entry.interaction.userId,
            username:
              typeof meta?.user?.username === 'string'
                ? meta.user.username
                : (username(entry.interaction.userId) ?? entry.interaction.userId),
            applicationId: entry.interaction.applicationId,
            command: entry.interaction.command,
          },
        }
      : {}),
  };
}
