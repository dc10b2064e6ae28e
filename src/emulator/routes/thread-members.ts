/**
 * A thread's members (issue 41 item 4): PUT and DELETE
 * /channels/{id}/thread-members/@me and /{user}, GET the list and one. Joining
 * or adding needs the thread unarchived (50083); a private thread is joined
 * only by someone added or holding MANAGE_THREADS, and others are added there
 * by a member when it is invitable; removing another takes MANAGE_THREADS (or
 * starting the private thread). THREAD_MEMBERS_UPDATE after each change.
 */
import { ChannelBits, ChannelEditErrors, holdsAll } from '../../wire/channel-fields.js';
import { ChannelType } from '../../wire/enums.js';
import { ChannelErrors, viewRefusal } from '../../wire/messages/index.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { isThread } from '../models/channel-edits.js';
import {
  announceThreadMembers,
  isThreadMember,
  joinThread,
  leaveThread,
  threadMemberObject,
} from '../models/threads.js';
import { channelAccess, channelError, type ChannelAccess } from './channel-access.js';

/** The thread in the path, seen by the bot (50024 for a channel that is not a thread). */
function threadAccess(req: EmulatorRequest, ctx: HandlerContext): ChannelAccess | EmulatorResponse {
  const at = channelAccess(req, ctx);
  if ('status' in at) return at;
  const unseen = viewRefusal(at.perms);
  if (unseen) return channelError(unseen);
  return isThread(at.channel) ? at : channelError(ChannelEditErrors.invalidThreadChannel);
}

const isPrivate = (at: ChannelAccess) => at.channel.type === ChannelType.PRIVATE_THREAD;

function addRefusal(at: ChannelAccess, userId: string): EmulatorResponse | undefined {
  if (at.channel.archived) return channelError(ChannelEditErrors.threadArchived);
  if (!at.guild.members.some((m) => m.id === userId) && userId !== at.app.botUserId)
    return channelError(ChannelErrors.unknownMember);
  const moderator = holdsAll(at.perms, ChannelBits.MANAGE_THREADS);
  if (!holdsAll(at.perms, ChannelBits.SEND_MESSAGES_IN_THREADS)) return channelError(ChannelErrors.missingPermissions);
  if (!isPrivate(at) || moderator) return undefined;
  const self = userId === at.app.botUserId;
  const botIn = isThreadMember(at.channel, at.app.botUserId);
  // A private thread: the bot must be in it to add anyone, and others only when it is invitable.
  if (self ? !botIn : !botIn || at.channel.thread?.invitable === false)
    return channelError(ChannelErrors.missingPermissions);
  return undefined;
}

function add(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = threadAccess(req, ctx);
  if ('status' in at) return at;
  const userId = req.params.userId ?? at.app.botUserId;
  const refused = addRefusal(at, userId);
  if (refused) return refused;
  if (joinThread(at.channel, userId, new Date(ctx.now()).toISOString())) {
    ctx.changed();
    announceThreadMembers(ctx.events, ctx.world, at.guild, at.channel, { added: [userId], removed: [] });
  }
  return { status: 204 };
}

function remove(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = threadAccess(req, ctx);
  if ('status' in at) return at;
  const userId = req.params.userId ?? at.app.botUserId;
  if (at.channel.archived) return channelError(ChannelEditErrors.threadArchived);
  const starter = at.channel.thread?.ownerId === at.app.botUserId && isPrivate(at);
  if (userId !== at.app.botUserId && !starter && !holdsAll(at.perms, ChannelBits.MANAGE_THREADS))
    return channelError(ChannelErrors.missingPermissions);
  if (leaveThread(at.channel, userId)) {
    ctx.changed();
    announceThreadMembers(ctx.events, ctx.world, at.guild, at.channel, { added: [], removed: [userId] });
  }
  return { status: 204 };
}

function list(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = threadAccess(req, ctx);
  if ('status' in at) return at;
  return { status: 200, body: (at.channel.thread?.members ?? []).map((m) => threadMemberObject(at.channel, m)) };
}

function getOne(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = threadAccess(req, ctx);
  if ('status' in at) return at;
  const m = at.channel.thread?.members.find((x) => x.id === req.params.userId);
  return m ? { status: 200, body: threadMemberObject(at.channel, m) } : channelError(ChannelErrors.unknownMember);
}

const BASE = '/channels/:channelId/thread-members';

export const threadMemberRoutes: Route[] = [
  { method: 'GET', pattern: BASE, auth: 'optional', bucket: 'default', handler: list },
  { method: 'PUT', pattern: `${BASE}/@me`, auth: 'optional', bucket: 'default', handler: add },
  { method: 'DELETE', pattern: `${BASE}/@me`, auth: 'optional', bucket: 'default', handler: remove },
  { method: 'GET', pattern: `${BASE}/:userId`, auth: 'optional', bucket: 'default', handler: getOne },
  { method: 'PUT', pattern: `${BASE}/:userId`, auth: 'optional', bucket: 'default', handler: add },
  { method: 'DELETE', pattern: `${BASE}/:userId`, auth: 'optional', bucket: 'default', handler: remove },
];
