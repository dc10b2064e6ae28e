/**
 * The shapes of GET /__emulator/view/channels/:id/messages, apart from the
 * store (channel-messages.ts) so the page (tsconfig.web.json, no Node types)
 * can import them.
 */
import type { Snowflake } from '../../wire/snowflake.js';
import type { Obj } from '../../wire/rules/values.js';

export interface ViewMessage {
  id: Snowflake;
  channelId: Snowflake;
  /** Who sent it: a webhook's execute, an application's answer to an interaction, its bot, or a member (MessageNote's source). */
  source: 'webhook' | 'interaction' | 'bot' | 'member';
  /** The message object as the service returns it (the last one seen, for a deleted message). */
  message: Obj;
  ephemeral: boolean;
  edited: boolean;
  deleted: boolean;
  /**
   * Interaction answers: what the interaction named, who used it (and so who alone sees an ephemeral one), and
   * the command the client heads the answer with ("used /command"); none for the answer to a component, or to a
   * form a component opened, which the client shows as a reply to the message used.
   */
  interaction?: { name: string; userId: Snowflake; username: string; applicationId: Snowflake; command?: string };
}

export interface ChannelMessagesPage {
  channelId: Snowflake;
  /** Oldest first. */
  messages: ViewMessage[];
  /** Older messages exist before the first one. */
  hasMore: boolean;
}
