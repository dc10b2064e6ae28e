/**
 * Telling the bots of a channel that its pins changed, that messages went in
 * one bulk delete, or that a moderator cleared reactions (facts §7.1, §7.4;
 * API reference, Gateway Events): CHANNEL_PINS_UPDATE, MESSAGE_DELETE_BULK,
 * MESSAGE_REACTION_REMOVE_EMOJI and _REMOVE_ALL, each under its intent.
 */
import { Intent } from '../../wire/gateway.js';
import type { Obj } from '../../wire/rules/values.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import type { StoredMessage, World } from '../state/world.js';
import { audienceOf, channelAudience, emitAll, noteMessage } from './message-events.js';

const withGuild = (data: Obj, guildId: Snowflake | undefined): Obj =>
  guildId === undefined ? data : { ...data, guild_id: guildId };

/** CHANNEL_PINS_UPDATE, with the time of the newest pin left (null when none is). */
export function announcePins(
  events: EventBus,
  world: World,
  stored: StoredMessage,
  lastPinTimestamp: string | null,
): void {
  const audience = audienceOf(world, stored, { guild: Intent.GUILDS, dm: Intent.DIRECT_MESSAGES });
  const data = withGuild({ channel_id: stored.channel_id, last_pin_timestamp: lastPinTimestamp }, audience.guild?.id);
  emitAll(events, audience, 'CHANNEL_PINS_UPDATE', () => () => data);
  // The message's `pinned` changed: observers redraw it.
  noteMessage(events, stored, 'update');
}

/** MESSAGE_DELETE_BULK for the messages that went, and each one's removal for observers. */
export function announceBulkDelete(
  events: EventBus,
  world: World,
  channelId: Snowflake,
  deleted: readonly StoredMessage[],
): void {
  const intents = { guild: Intent.GUILD_MESSAGES, dm: Intent.DIRECT_MESSAGES };
  const audience = channelAudience(world, channelId, intents) ?? audienceOf(world, deleted[0]!, intents);
  const data = withGuild({ ids: deleted.map((m) => m.id), channel_id: channelId }, audience.guild?.id);
  emitAll(events, audience, 'MESSAGE_DELETE_BULK', () => () => data);
  for (const m of deleted) noteMessage(events, m, 'delete');
}

/** MESSAGE_REACTION_REMOVE_EMOJI when one emoji was cleared, MESSAGE_REACTION_REMOVE_ALL when all were. */
export function announceReactionsCleared(
  events: EventBus,
  world: World,
  stored: StoredMessage,
  emoji: string | undefined,
): void {
  const audience = audienceOf(world, stored, {
    guild: Intent.GUILD_MESSAGE_REACTIONS,
    dm: Intent.DIRECT_MESSAGE_REACTIONS,
  });
  const base = withGuild({ channel_id: stored.channel_id, message_id: stored.id }, audience.guild?.id);
  if (emoji === undefined) {
    emitAll(events, audience, 'MESSAGE_REACTION_REMOVE_ALL', () => () => base);
    return;
  }
  const [name, id] = emoji.split(':');
  const data = { ...base, emoji: { id: id ?? null, name } };
  emitAll(events, audience, 'MESSAGE_REACTION_REMOVE_EMOJI', () => () => data);
}
