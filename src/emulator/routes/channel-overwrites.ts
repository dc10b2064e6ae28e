/**
 * A channel's permission overwrites (issue 41 item 3): PUT and DELETE
 * /channels/{id}/permissions/{overwrite}. MANAGE_ROLES in the channel; a bot
 * allows or denies only what it holds there (wire/channel-fields.ts). The
 * overwrites feed the access model (interactions/place.ts channelFacts), so
 * who may see, say and invoke there follows at once. CHANNEL_UPDATE after.
 */
import {
  ChannelBits,
  ChannelEditErrors,
  holdsAll,
  overwriteGrantAllowed,
  parseOverwrite,
} from '../../wire/channel-fields.js';
import { ChannelErrors, viewRefusal } from '../../wire/messages/index.js';
import { AuditLogEvent } from '../../wire/enums.js';
import { auditRequest } from '../models/guild-events.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { announceChannel, isThread, removeOverwrite, setOverwrite } from '../models/channel-edits.js';
import { problemsResponse } from '../state/webhook-access.js';
import { channelAccess, channelError, type ChannelAccess } from './channel-access.js';

/** The channel, seen, not a thread (threads take their parent's), with MANAGE_ROLES there. */
function managed(req: EmulatorRequest, ctx: HandlerContext): ChannelAccess | EmulatorResponse {
  const at = channelAccess(req, ctx);
  if ('status' in at) return at;
  const unseen = viewRefusal(at.perms);
  if (unseen) return channelError(unseen);
  if (isThread(at.channel)) return channelError(ChannelEditErrors.invalidThreadChannel);
  if (!holdsAll(at.perms, ChannelBits.MANAGE_ROLES)) return channelError(ChannelErrors.missingPermissions);
  return at;
}

function put(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = managed(req, ctx);
  if ('status' in at) return at;
  const parsed = parseOverwrite(req.body, [], req.params.overwriteId);
  if (Array.isArray(parsed)) return problemsResponse(parsed)!;
  if (!overwriteGrantAllowed(at.perms, parsed)) return channelError(ChannelErrors.missingPermissions);
  const existed = (at.channel.permissionOverwrites ?? []).some((o) => o.id === parsed.id);
  setOverwrite(at.channel, parsed);
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: existed ? AuditLogEvent.CHANNEL_OVERWRITE_UPDATE : AuditLogEvent.CHANNEL_OVERWRITE_CREATE,
    userId: at.app.botUserId,
    targetId: at.channel.id,
  });
  ctx.changed();
  announceChannel(ctx.events, ctx.world, at.guild, at.channel, 'CHANNEL_UPDATE');
  return { status: 204 };
}

/** Removing an overwrite the channel does not have changes nothing ([UNC] the service's answer then; 204 as for one removed). */
function remove(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = managed(req, ctx);
  if ('status' in at) return at;
  if (removeOverwrite(at.channel, req.params.overwriteId ?? '')) {
    auditRequest(at.guild, ctx.nextId, req, {
      actionType: AuditLogEvent.CHANNEL_OVERWRITE_DELETE,
      userId: at.app.botUserId,
      targetId: at.channel.id,
    });
    ctx.changed();
    announceChannel(ctx.events, ctx.world, at.guild, at.channel, 'CHANNEL_UPDATE');
  }
  return { status: 204 };
}

const PATH = '/channels/:channelId/permissions/:overwriteId';

export const channelOverwriteRoutes: Route[] = [
  { method: 'PUT', pattern: PATH, auth: 'optional', bucket: 'default', handler: put },
  { method: 'DELETE', pattern: PATH, auth: 'optional', bucket: 'default', handler: remove },
];
