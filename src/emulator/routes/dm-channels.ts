/**
 * POST /users/@me/channels { recipient_id }: the bot opens its DM with a user
 * (models/dm.ts), the same channel on every call. Bots are not sent
 * CHANNEL_CREATE for a DM (API v8 changelog), so nothing is dispatched.
 */
import { parseDmBody } from '../../wire/messages/dm.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { dmChannelObject, openDm } from '../models/dm.js';
import { problemsResponse } from '../state/webhook-access.js';
import { botOf, channelError } from './channel-access.js';
import { own } from '../state/own.js';

function createDm(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const caller = botOf(req);
  if ('status' in caller) return caller;
  // Through ctx.world, so a persisted world's journal sees the DM added to the application.
  const app = own(ctx.world.applications, caller.id)!;
  const body = parseDmBody(req.body);
  if (Array.isArray(body)) return problemsResponse(body)!;
  const opened = openDm(ctx.world, app, body.recipientId, () => ctx.nextId());
  if (!opened.ok) return channelError(opened.error);
  if (opened.created) ctx.changed();
  return { status: 200, body: dmChannelObject(ctx.world, opened.dm) };
}

export const dmChannelRoutes: Route[] = [
  { method: 'POST', pattern: '/users/@me/channels', auth: 'optional', bucket: 'default', handler: createDm },
];
