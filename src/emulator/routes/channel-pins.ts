/**
 * A channel's pins (API reference, Message resource): PUT/DELETE
 * /channels/{id}/messages/pins/{message} and GET /channels/{id}/messages/pins
 * (a page of `{ pinned_at, message }`), and the older paths discord.py still
 * calls, /channels/{id}/pins[/{message}] (GET answers a bare list). Pinning
 * needs PIN_MESSAGES; a channel holds at most 50 pins (30003). Each change
 * dispatches CHANNEL_PINS_UPDATE; a pin also posts the "pinned a message"
 * notice (type 6) with its MESSAGE_CREATE, as the service does.
 */
import {
  ChannelErrors,
  historyVisible,
  MAX_PINS_PER_CHANNEL,
  parsePinsPageQuery,
  pinRefusal,
  viewRefusal,
} from '../../wire/messages/index.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { restMessage } from '../models/message.js';
import { announceMessage } from '../models/message-events.js';
import { announcePins } from '../models/message-moderation-events.js';
import { buildPinNotice } from '../models/pin-notice.js';
import { pin, pinsOf, unpin } from '../models/pins.js';
import { serviceTimestamp } from '../models/webhook-shape.js';
import { problemsResponse } from '../state/webhook-access.js';
import { channelAccess, channelError } from './channel-access.js';
import { channelMessage } from './channel-messages.js';

function change(req: EmulatorRequest, ctx: HandlerContext, pinning: boolean): EmulatorResponse {
  const at = channelAccess(req, ctx, 'not-emulated');
  if ('status' in at) return at;
  const denied = pinRefusal(at.perms);
  if (denied) return channelError(denied);
  const stored = channelMessage(ctx, at.channel.id, req.params.messageId);
  if (!stored) return channelError(ChannelErrors.unknownMessage);
  if (pinning && stored.pinnedAt === undefined && pinsOf(ctx.world, at.channel.id).length >= MAX_PINS_PER_CHANNEL)
    return channelError(ChannelErrors.maxPins);
  const changed = pinning ? pin(stored, serviceTimestamp(ctx.now())) : unpin(stored);
  if (changed) {
    ctx.changed();
    announcePins(ctx.events, ctx.world, stored, pinsOf(ctx.world, at.channel.id)[0]?.pinnedAt ?? null);
    if (pinning) {
      const notice = buildPinNotice(
        { world: ctx.world, guild: at.guild, pinned: stored, nowMs: ctx.now(), nextId: () => ctx.nextId() },
        at.app,
      );
      ctx.world.messages[notice.id] = notice;
      announceMessage(ctx.events, ctx.world, notice, 'create');
    }
  }
  return { status: 204 };
}

/** The pins a page shows: none without READ_MESSAGE_HISTORY (as the message list). */
function visiblePins(req: EmulatorRequest, ctx: HandlerContext) {
  const at = channelAccess(req, ctx, 'not-emulated');
  if ('status' in at) return at;
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  return { at, pins: historyVisible(at.perms) ? pinsOf(ctx.world, at.channel.id) : [] };
}

function listPage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = visiblePins(req, ctx);
  if ('status' in found) return found;
  const q = parsePinsPageQuery((name) => req.query.get(name));
  if (Array.isArray(q)) return problemsResponse(q)!;
  const before = q.beforeMs;
  const older = before === undefined ? found.pins : found.pins.filter((m) => Date.parse(m.pinnedAt!) < before);
  const items = older.slice(0, q.limit).map((m) => ({
    pinned_at: m.pinnedAt,
    message: restMessage(ctx.world, m, found.at.app.botUserId),
  }));
  return { status: 200, body: { items, has_more: older.length > q.limit } };
}

function listAll(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = visiblePins(req, ctx);
  if ('status' in found) return found;
  return { status: 200, body: found.pins.map((m) => restMessage(ctx.world, m, found.at.app.botUserId)) };
}

const route = (method: Route['method'], pattern: string, handler: Route['handler']): Route => ({
  method,
  pattern,
  auth: 'optional',
  bucket: 'default',
  handler,
});

export const channelPinRoutes: Route[] = [
  route('GET', '/channels/:channelId/messages/pins', listPage),
  route('PUT', '/channels/:channelId/messages/pins/:messageId', (req, ctx) => change(req, ctx, true)),
  route('DELETE', '/channels/:channelId/messages/pins/:messageId', (req, ctx) => change(req, ctx, false)),
  route('GET', '/channels/:channelId/pins', listAll),
  route('PUT', '/channels/:channelId/pins/:messageId', (req, ctx) => change(req, ctx, true)),
  route('DELETE', '/channels/:channelId/pins/:messageId', (req, ctx) => change(req, ctx, false)),
];
