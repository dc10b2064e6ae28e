/**
 * The bot's own reactions: PUT/DELETE /channels/{id}/messages/{id}/reactions/{emoji}/@me
 * (facts §5.2), dispatching MESSAGE_REACTION_ADD/REMOVE; who reacted with
 * an emoji: GET /channels/{id}/messages/{id}/reactions/{emoji}; and a
 * moderator's removal of others' reactions (MANAGE_MESSAGES): one user's
 * (…/{emoji}/{user}), one emoji's (…/{emoji}) or all (…/reactions).
 */
import {
  ChannelErrors,
  parseReactionEmoji,
  reactionKey,
  manageRefusal,
  memberPage,
  parseMemberPageQuery,
  REACTION_USERS_PAGE,
  reactRefusal,
  readOneRefusal,
  viewRefusal,
} from '../../wire/messages/index.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { botUser, plainUser } from '../gateway/members.js';
import type { Guild } from '../state/world.js';
import { problemsResponse } from '../state/webhook-access.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { announceReaction } from '../models/message-events.js';
import { knownUser } from '../models/dm.js';
import { addReaction, clearReactions, hasReaction, removeReaction } from '../models/message-reactions.js';
import { announceReactionsCleared } from '../models/message-moderation-events.js';
import { channelAccess, channelError, channelIdOf, messageChannelAccess } from './channel-access.js';
import { channelMessage } from './channel-messages.js';

function react(req: EmulatorRequest, ctx: HandlerContext, add: boolean): EmulatorResponse {
  const at = messageChannelAccess(req, ctx);
  if ('status' in at) return at;
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  const stored = channelMessage(ctx, channelIdOf(at), req.params.messageId);
  if (!stored) return channelError(ChannelErrors.unknownMessage);
  const emoji = parseReactionEmoji(req.params.emoji ?? '');
  // The world holds no custom emoji: a custom one is as unknown as a malformed one.
  if (!emoji || emoji.kind === 'custom') return channelError(ChannelErrors.unknownEmoji);
  const key = reactionKey(emoji);
  const userId = at.app.botUserId;
  if (!add) {
    if (removeReaction(stored, key, userId)) {
      ctx.changed();
      announceReaction(ctx.events, ctx.world, stored, userId, key, false);
    }
    return { status: 204 };
  }
  const denied = reactRefusal(at.perms, !hasReaction(stored, key));
  if (denied) return channelError(denied);
  const change = addReaction(stored, key, userId);
  if (change === 'full') return channelError(ChannelErrors.maxReactions);
  if (change === 'added') {
    ctx.changed();
    announceReaction(ctx.events, ctx.world, stored, userId, key, true);
  }
  return { status: 204 };
}

/** The users who reacted with the emoji, a page at a time (the members' query rules, with this route's bounds). */
function whoReacted(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = messageChannelAccess(req, ctx);
  if ('status' in at) return at;
  const denied = readOneRefusal(at.perms);
  if (denied) return channelError(denied);
  const stored = channelMessage(ctx, channelIdOf(at), req.params.messageId);
  if (!stored) return channelError(ChannelErrors.unknownMessage);
  const emoji = parseReactionEmoji(req.params.emoji ?? '');
  if (!emoji || emoji.kind === 'custom') return channelError(ChannelErrors.unknownEmoji);
  const query = parseMemberPageQuery((name) => req.query.get(name), REACTION_USERS_PAGE);
  if (Array.isArray(query)) return problemsResponse(query)!;
  const key = reactionKey(emoji);
  const ids = stored.reactions?.find((r) => r.emoji === key)?.userIds ?? [];
  const users = memberPage(
    ids.map((id) => ({ id })),
    query,
  ).map(({ id }) => userOf(ctx, at.guild, id));
  return { status: 200, body: users };
}

/** A reacting user as the service shows one: a member's user (in a DM, the recipient's), or an application's bot user. */
function userOf(ctx: HandlerContext, guild: Guild | undefined, id: Snowflake): unknown {
  const member = guild ? guild.members.find((m) => m.id === id) : knownUser(ctx.world, id);
  if (member) return plainUser(member);
  const app = Object.values(ctx.world.applications).find((a) => a.botUserId === id);
  return app ? botUser(app) : plainUser({ id, username: 'unknown-user' });
}

/** The message in the path, for a moderator's removal: MANAGE_MESSAGES unless only the bot's own reaction goes. */
function moderated(req: EmulatorRequest, ctx: HandlerContext, ownOnly: boolean) {
  // Others' reactions in a DM are nobody's to remove (50003); the bot's own go as anywhere.
  const at = ownOnly ? messageChannelAccess(req, ctx) : channelAccess(req, ctx);
  if ('status' in at) return at;
  const denied = ownOnly ? viewRefusal(at.perms) : manageRefusal(at.perms);
  if (denied) return channelError(denied);
  const stored = channelMessage(ctx, channelIdOf(at), req.params.messageId);
  return stored ?? channelError(ChannelErrors.unknownMessage);
}

/** The emoji in the path as stored, or undefined when it is malformed or custom (the world holds none). */
function emojiKey(req: EmulatorRequest): string | undefined {
  const emoji = parseReactionEmoji(req.params.emoji ?? '');
  return emoji && emoji.kind !== 'custom' ? reactionKey(emoji) : undefined;
}

/** DELETE …/reactions/{emoji}/{user}: that user's reaction (MESSAGE_REACTION_REMOVE). */
function removeUsers(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const app = req.auth.kind === 'bot' ? req.auth.application : undefined;
  const userId = req.params.userId ?? '';
  const stored = moderated(req, ctx, userId === app?.botUserId);
  if ('status' in stored) return stored;
  const key = emojiKey(req);
  if (!key) return channelError(ChannelErrors.unknownEmoji);
  if (removeReaction(stored, key, userId)) {
    ctx.changed();
    announceReaction(ctx.events, ctx.world, stored, userId, key, false);
  }
  return { status: 204 };
}

/** DELETE …/reactions/{emoji} and …/reactions: everyone's, of one emoji or all (_REMOVE_EMOJI / _REMOVE_ALL). */
function clear(req: EmulatorRequest, ctx: HandlerContext, oneEmoji: boolean): EmulatorResponse {
  const stored = moderated(req, ctx, false);
  if ('status' in stored) return stored;
  const key = oneEmoji ? emojiKey(req) : undefined;
  if (oneEmoji && !key) return channelError(ChannelErrors.unknownEmoji);
  if (clearReactions(stored, key)) {
    ctx.changed();
    announceReactionsCleared(ctx.events, ctx.world, stored, key);
  }
  return { status: 204 };
}

const ALL = '/channels/:channelId/messages/:messageId/reactions';
const OWN = '/channels/:channelId/messages/:messageId/reactions/:emoji/@me';
const ANYONE = '/channels/:channelId/messages/:messageId/reactions/:emoji';

export const channelReactionRoutes: Route[] = [
  { method: 'GET', pattern: ANYONE, auth: 'optional', bucket: 'default', handler: whoReacted },
  { method: 'PUT', pattern: OWN, auth: 'optional', bucket: 'default', handler: (req, ctx) => react(req, ctx, true) },
  {
    method: 'DELETE',
    pattern: OWN,
    auth: 'optional',
    bucket: 'default',
    handler: (req, ctx) => react(req, ctx, false),
  },
  { method: 'DELETE', pattern: `${ANYONE}/:userId`, auth: 'optional', bucket: 'default', handler: removeUsers },
  {
    method: 'DELETE',
    pattern: ANYONE,
    auth: 'optional',
    bucket: 'default',
    handler: (req, ctx) => clear(req, ctx, true),
  },
  {
    method: 'DELETE',
    pattern: ALL,
    auth: 'optional',
    bucket: 'default',
    handler: (req, ctx) => clear(req, ctx, false),
  },
];
