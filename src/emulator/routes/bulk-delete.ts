/**
 * POST /channels/{id}/messages/bulk-delete (API reference, Message resource):
 * a moderator's delete of 2 to 100 messages at once. MANAGE_MESSAGES; ids
 * older than two weeks refuse the whole request (50034); ids that name no
 * message of the channel count toward the bounds and are passed over.
 * Dispatches one MESSAGE_DELETE_BULK.
 */
import { manageRefusal, parseBulkDeleteBody, ChannelErrors, tooOldToBulkDelete } from '../../wire/messages/index.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { announceBulkDelete } from '../models/message-moderation-events.js';
import { problemsResponse } from '../state/webhook-access.js';
import type { StoredMessage } from '../state/world.js';
import { channelAccess, channelError } from './channel-access.js';
import { channelMessage } from './channel-messages.js';

function bulkDelete(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = channelAccess(req, ctx);
  if ('status' in at) return at;
  const denied = manageRefusal(at.perms);
  if (denied) return channelError(denied);
  const body = parseBulkDeleteBody(req.body);
  if (!body.ok) return problemsResponse(body.problems)!;
  const named = body.ids;
  if (named.some((id) => tooOldToBulkDelete(id, ctx.now()))) return channelError(ChannelErrors.bulkDeleteTooOld);
  const deleted = named
    .map((id) => channelMessage(ctx, at.channel.id, id))
    .filter((m): m is StoredMessage => m !== undefined);
  if (deleted.length === 0) return { status: 204 };
  for (const m of deleted) delete ctx.world.messages[m.id];
  ctx.changed();
  announceBulkDelete(ctx.events, ctx.world, at.channel.id, deleted);
  return { status: 204 };
}

export const bulkDeleteRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/messages/bulk-delete',
    auth: 'optional',
    bucket: 'default',
    handler: bulkDelete,
  },
];
