/**
 * What a member does to messages besides posting one (issue 37, item 4):
 * reacts and takes a reaction back, edits and deletes their own message.
 * Checked as the service checks a user: the member is in the channel's guild
 * and holds what the action needs there; the bot is told under its intents
 * (MESSAGE_REACTION_ADD/REMOVE, MESSAGE_UPDATE/DELETE). The caller commits.
 */
import { ErrorAnswers } from '../../wire/error-answers.js';
import { memberChannelPermissions } from '../../wire/interactions/payload.js';
import type { Limits } from '../../wire/limits.js';
import {
  ChannelErrors,
  deleteRefusal,
  parseReactionEmoji,
  reactionKey,
  reactRefusal,
  validateChannelEditBody,
  viewRefusal,
  type ChannelError,
} from '../../wire/messages/index.js';
import type { Problem } from '../../wire/problem.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { channelFacts, guildFacts } from '../interactions/place.js';
import { findChannel, type StoredMessage, type World } from '../state/world.js';
import { authorIdOf, editedFrom } from './message.js';
import { announceMessage, announceReaction } from './message-events.js';
import { addReaction, hasReaction, removeReaction } from './message-reactions.js';
import { applyEdit } from './webhook-message.js';

export interface MemberActEnv {
  now(): number;
  nextId(): Snowflake;
  limits: Limits;
  events: EventBus;
}

export type MemberActResult =
  | { ok: true; stored: StoredMessage }
  | { ok: false; error: ChannelError; problems?: Problem[] };

interface MessageInReach {
  world: World;
  stored: StoredMessage;
  perms: bigint;
}

/** The message `messageId` in `channelId` as `userId` reaches it, or the service's refusal. */
function reach(
  world: World,
  channelId: Snowflake,
  messageId: Snowflake,
  userId: Snowflake,
): MessageInReach | ChannelError {
  const found = findChannel(world, channelId);
  if (!found) return ChannelErrors.unknownChannel;
  const member = found.guild.members.find((m) => m.id === userId);
  if (!member) return ChannelErrors.unknownMember;
  const perms = memberChannelPermissions(
    guildFacts(found.guild),
    { id: member.id, roleIds: member.roles ?? [] },
    channelFacts(found.guild, channelId)!,
  );
  const unseen = viewRefusal(perms);
  if (unseen) return unseen;
  const stored = world.messages[messageId];
  if (!stored || stored.channel_id !== channelId) return ChannelErrors.unknownMessage;
  return { world, stored, perms };
}

const refused = (error: ChannelError): MemberActResult => ({ ok: false, error });

/** A member adds (`add`) or takes back their reaction `emoji` (a unicode emoji) on a message. */
export function reactAsMember(
  world: World,
  at: { channelId: Snowflake; messageId: Snowflake; userId: Snowflake },
  emojiText: string,
  add: boolean,
  env: Pick<MemberActEnv, 'events'>,
): MemberActResult {
  const r = reach(world, at.channelId, at.messageId, at.userId);
  if ('code' in r) return refused(r);
  const emoji = parseReactionEmoji(emojiText);
  // The world holds no custom emoji: a custom one is as unknown as a malformed one.
  if (!emoji || emoji.kind === 'custom') return refused(ChannelErrors.unknownEmoji);
  const key = reactionKey(emoji);
  if (!add) {
    if (removeReaction(r.stored, key, at.userId)) announceReaction(env.events, world, r.stored, at.userId, key, false);
    return { ok: true, stored: r.stored };
  }
  const denied = reactRefusal(r.perms, !hasReaction(r.stored, key));
  if (denied) return refused(denied);
  const change = addReaction(r.stored, key, at.userId);
  if (change === 'full') return refused(ChannelErrors.maxReactions);
  if (change === 'added') announceReaction(env.events, world, r.stored, at.userId, key, true);
  return { ok: true, stored: r.stored };
}

/** A member edits the text of their own message. */
export function editAsMember(
  world: World,
  at: { channelId: Snowflake; messageId: Snowflake; userId: Snowflake },
  content: string,
  env: MemberActEnv,
): MemberActResult {
  const r = reach(world, at.channelId, at.messageId, at.userId);
  if ('code' in r) return refused(r);
  if (authorIdOf(r.stored) !== at.userId) return refused(ChannelErrors.otherAuthor);
  const previous = editedFrom(r.stored);
  const problems = validateChannelEditBody({ content }, { limits: env.limits, hasFiles: false, previous }).filter(
    (p) => p.api && p.severity === 'error',
  );
  if (problems.length > 0) {
    const empty = problems.find((p) => p.jsonCode === ChannelErrors.empty.code);
    return empty ? refused(ChannelErrors.empty) : { ok: false, error: ErrorAnswers.invalidFormBody, problems };
  }
  const found = findChannel(world, at.channelId);
  applyEdit({
    stored: r.stored,
    body: { content },
    files: [],
    guild: found?.guild,
    componentsRespected: true,
    nowMs: env.now(),
    nextId: env.nextId,
  });
  announceMessage(env.events, world, r.stored, 'update');
  return { ok: true, stored: r.stored };
}

/** A member deletes a message: their own, or another's with MANAGE_MESSAGES. */
export function deleteAsMember(
  world: World,
  at: { channelId: Snowflake; messageId: Snowflake; userId: Snowflake },
  env: Pick<MemberActEnv, 'events'>,
): MemberActResult {
  const r = reach(world, at.channelId, at.messageId, at.userId);
  if ('code' in r) return refused(r);
  const denied = deleteRefusal(r.perms, authorIdOf(r.stored) === at.userId);
  if (denied) return refused(denied);
  delete world.messages[r.stored.id];
  announceMessage(env.events, world, r.stored, 'delete');
  return { ok: true, stored: r.stored };
}
