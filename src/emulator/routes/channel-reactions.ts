/**
 * The bot's own reactions: PUT/DELETE /channels/{id}/messages/{id}/reactions/{emoji}/@me
 * (facts §5.2), dispatching MESSAGE_REACTION_ADD/REMOVE.
 */
import {
  ChannelErrors,
  parseReactionEmoji,
  reactionKey,
  reactRefusal,
  viewRefusal,
} from '../../wire/messages/index.js';
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

const OWN = '/channels/:channelId/messages/:messageId/reactions/:emoji/@me';

export const channelReactionRoutes: Route[] = [
  { method: 'PUT', pattern: OWN, auth: 'optional', bucket: 'default', handler: (req, ctx) => react(req, ctx, true) },
  {
    method: 'DELETE',
    pattern: OWN,
    auth: 'optional',
    bucket: 'default',
    handler: (req, ctx) => react(req, ctx, false),
  },
];
