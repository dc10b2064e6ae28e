import type { Obj } from '../../wire/rules/values.js';
/**
 * What a session may read of a message (facts §7.3): without the
 * MESSAGE_CONTENT intent, or with it but the application's flag off, a
 * message arrives with `content`, `embeds`, `attachments` and `components`
 * empty and no `poll`, except in DMs, when it mentions the bot, and when the
 * bot sent it. Pure: the gateway applies it per session at send time.
 */

type Message = Obj;

export interface Reader {
  /** The application's bot user. */
  botUserId: string;
  /** The session identified with MESSAGE_CONTENT and the application has the flag. */
  readsContent: boolean;
}

const idOf = (v: unknown): unknown => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : undefined);

/** Whether `reader` sees this message's content whatever its intents: a DM (no guild), the bot's own, or one mentioning the bot. */
export function contentExempt(message: Message, botUserId: string): boolean {
  if (typeof message.guild_id !== 'string') return true;
  if (idOf(message.author) === botUserId) return true;
  return Array.isArray(message.mentions) && message.mentions.some((u) => idOf(u) === botUserId);
}

/**
 * The message as `reader` receives it: the same object when nothing is
 * hidden, else a copy with the content fields blank. A `referenced_message`
 * is a message of its own and is judged by the same rule (the docs are silent
 * on it, §9.7).
 */
export function visibleMessage(message: Message, reader: Reader): Message {
  if (reader.readsContent) return message;
  const referenced = message.referenced_message;
  const shownReference =
    typeof referenced === 'object' && referenced !== null ? visibleMessage(referenced as Message, reader) : referenced;
  const exempt = contentExempt(message, reader.botUserId);
  if (exempt && shownReference === referenced) return message;
  const out: Message = { ...message };
  if (shownReference !== referenced) out.referenced_message = shownReference;
  if (!exempt) {
    out.content = '';
    out.embeds = [];
    out.attachments = [];
    out.components = [];
    delete out.poll;
  }
  return out;
}
