/**
 * The one stored message, whoever sent it (components-messages-gateway facts
 * §6): who sent it and who wrote it, the author object per sender (§6.2), the
 * REST view with its reply and reactions, and the bot and member posts.
 * Webhook posts and interaction answers are built by webhook-message.ts's
 * shared builder, so every sender's message has the same fields.
 */
import { botUserObject } from '../../wire/bot-user.js';
import { MessageType } from '../../wire/enums.js';
import { createdFlags, CHANNEL_MESSAGE_FLAGS, type EditedMessage } from '../../wire/messages/body.js';
import { userObject } from '../../wire/interactions/payload.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { MultipartFile } from '../http/multipart.js';
import { own } from '../state/own.js';
import type { Application, Guild, MessageSender, StoredMessage, World } from '../state/world.js';
import { buildMessageObject } from './webhook-message.js';

/** Who sent it; data files older than channel messages hold only webhook posts and answers. */
export function senderOf(stored: StoredMessage): MessageSender {
  return stored.sender ?? (stored.interaction ? 'interaction' : 'webhook');
}

/** The user id the message is by: its author's (a webhook's is the webhook id, an answer's the bot user). */
export function authorIdOf(stored: StoredMessage): Snowflake | undefined {
  if (stored.authorId !== undefined) return stored.authorId;
  const author = stored.message.author;
  return isObject(author) && typeof author.id === 'string' ? author.id : undefined;
}

/** The application's bot user as a message author (the shape interaction answers carry). */
export function botAuthor(app: Application): Obj {
  return botUserObject({ id: app.botUserId, username: app.name });
}

/** A guild member as a message author: a human user, no `bot` key (§6.2). */
export function memberAuthor(member: Guild['members'][number]): Obj {
  return userObject({ id: member.id, username: member.username });
}

export interface PostInput {
  world: World;
  /** Absent in a DM. */
  guild: Guild | undefined;
  channelId: Snowflake;
  body: Obj;
  files: readonly MultipartFile[];
  nowMs: number;
  nextId: () => Snowflake;
  mayMentionEveryone: boolean;
  /** The message a reply answers, found in the same channel. */
  replyTo?: StoredMessage;
}

function post(input: PostInput, sender: 'bot' | 'member', author: Obj, authorId: Snowflake): StoredMessage {
  const id = input.nextId();
  const { message, files } = buildMessageObject({
    id,
    body: input.body,
    files: input.files,
    guild: input.guild,
    channelId: input.channelId,
    componentsRespected: true,
    nowMs: input.nowMs,
    nextId: input.nextId,
    allowedFlags: CHANNEL_MESSAGE_FLAGS,
    identity: { author },
    mayMentionEveryone: input.mayMentionEveryone,
  });
  message.flags = createdFlags(input.body.flags);
  if (typeof input.body.nonce === 'string' || typeof input.body.nonce === 'number') message.nonce = input.body.nonce;
  if (input.replyTo) {
    message.type = MessageType.REPLY;
    message.message_reference = {
      type: 0,
      channel_id: input.channelId,
      message_id: input.replyTo.id,
      ...(input.guild ? { guild_id: input.guild.id } : {}),
    };
  }
  return { id, sender, authorId, channel_id: input.channelId, message, files };
}

/** A message the application's bot posts through REST. */
export function buildBotMessage(input: PostInput, app: Application): StoredMessage {
  const stored = post(input, 'bot', botAuthor(app), app.botUserId);
  stored.applicationId = app.id;
  return stored;
}

/** A message a member says in a channel (the CLI's `say`, the view's composer). */
export function buildMemberMessage(input: PostInput, member: Guild['members'][number]): StoredMessage {
  return post(input, 'member', memberAuthor(member), member.id);
}

/** Reactions as the service shows them to `viewer` (`me`: the viewer reacted). */
function reactionsView(stored: StoredMessage, viewer: Snowflake | undefined): Obj[] {
  return (stored.reactions ?? []).map((r) => {
    const [name, id] = r.emoji.split(':');
    return {
      emoji: { id: id ?? null, name },
      count: r.userIds.length,
      count_details: { burst: 0, normal: r.userIds.length },
      burst_colors: [],
      me: viewer !== undefined && r.userIds.includes(viewer),
      me_burst: false,
      burst_me: false,
      burst_count: 0,
    };
  });
}

/** The message a reply answers, as it is now: undefined when not a reply, null once deleted. */
export function referencedOf(world: World, stored: StoredMessage): StoredMessage | null | undefined {
  const ref = stored.message.message_reference;
  if (!isObject(ref) || stored.message.type !== MessageType.REPLY) return undefined;
  return (typeof ref.message_id === 'string' ? own(world.messages, ref.message_id) : undefined) ?? null;
}

/**
 * The message as the REST routes and dispatches show it to `viewer`: the
 * stored object, plus the replied-to message (null once deleted) and the
 * reactions. The stored object is not changed.
 */
export function messageView(
  stored: StoredMessage,
  viewer: Snowflake | undefined,
  referenced: StoredMessage | null | undefined,
): Obj {
  const out: Obj = { ...stored.message };
  if ((stored.reactions ?? []).length > 0) out.reactions = reactionsView(stored, viewer);
  // A replied-to message carries no replied-to message of its own.
  if (referenced !== undefined) out.referenced_message = referenced ? messageView(referenced, viewer, undefined) : null;
  return out;
}

/** The REST view, looking the reply up in `world`. */
export function restMessage(world: World, stored: StoredMessage, viewer: Snowflake | undefined): Obj {
  return messageView(stored, viewer, referencedOf(world, stored));
}

/** What an edit of a stored channel message is judged against (`validateChannelEditBody`'s `previous`). */
export function editedFrom(stored: StoredMessage): EditedMessage {
  const m = stored.message;
  return {
    content: (m.content as string) ?? '',
    embeds: (m.embeds as unknown[]) ?? [],
    attachments: (m.attachments as unknown[]) ?? [],
    components: (m.components as unknown[]) ?? [],
    stickers: Array.isArray(m.sticker_items) && m.sticker_items.length > 0,
    poll: m.poll !== undefined && m.poll !== null,
    flags: typeof m.flags === 'number' ? m.flags : 0,
  };
}
