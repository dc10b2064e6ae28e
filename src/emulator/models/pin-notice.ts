/**
 * The service's "pinned a message" notice (Message resource, message types:
 * CHANNEL_PINNED_MESSAGE, 6): posted in the channel by whoever pinned, empty
 * content, its `message_reference` pointing at the pinned message. Unpinning
 * posts nothing.
 */
import { MessageReferenceType, MessageType } from '../../wire/enums.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { Application, Guild, StoredMessage, World } from '../state/world.js';
import { buildBotMessage } from './message.js';

export interface PinNoticeInput {
  world: World;
  guild: Guild;
  pinned: StoredMessage;
  nowMs: number;
  nextId: () => Snowflake;
}

/** The notice the application's bot leaves when it pins `pinned`. */
export function buildPinNotice(input: PinNoticeInput, by: Application): StoredMessage {
  const { pinned, guild } = input;
  const stored = buildBotMessage(
    {
      world: input.world,
      guild,
      channelId: pinned.channel_id,
      body: { content: '' },
      files: [],
      nowMs: input.nowMs,
      nextId: input.nextId,
      mayMentionEveryone: false,
    },
    by,
  );
  stored.message.type = MessageType.CHANNEL_PINNED_MESSAGE;
  stored.message.message_reference = {
    type: MessageReferenceType.DEFAULT,
    channel_id: pinned.channel_id,
    message_id: pinned.id,
    guild_id: guild.id,
  };
  return stored;
}
