/**
 * The bot's own reactions: PUT/DELETE /channels/{id}/messages/{id}/reactions/{emoji}/@me
 * (facts §5.2), dispatching MESSAGE_REACTION_ADD/REMOVE; and who reacted with
 * an emoji: GET /channels/{id}/messages/{id}/reactions/{emoji}.
 */
import {
  ChannelErrors,
  parseReactionEmoji,
  reactionKey,
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
import { addReaction, hasReaction, removeReaction } from '../models/message-reactions.js';
import { channelAccess, channelError } from './channel-access.js';
import { channelMessage } from './channel-messages.js';

function react(req: EmulatorRequest, ctx: HandlerContext, add: boolean): EmulatorResponse {
  const at = channelAccess(req, ctx);
  if ('status' in at) return at;
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  const stored = channelMessage(ctx, at.channel.id, req.params.messageId);
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
  const at = channelAccess(req, ctx);
  if ('status' in at) return at;
  const denied = readOneRefusal(at.perms);
  if (denied) return channelError(denied);
  const stored = channelMessage(ctx, at.channel.id, req.params.messageId);
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

/** A reacting user as the service shows one: a member's user, or an application's bot user. */
function userOf(ctx: HandlerContext, guild: Guild, id: Snowflake): unknown {
  const member = guild.members.find((m) => m.id === id);
  if (member) return plainUser(member);
  const app = Object.values(ctx.world.applications).find((a) => a.botUserId === id);
  return app ? botUser(app) : plainUser({ id, username: 'unknown-user' });
}

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
];
