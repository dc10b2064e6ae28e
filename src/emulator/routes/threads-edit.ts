/**
 * Editing and deleting a thread through PATCH and DELETE /channels/{id}
 * (issue 41 item 4; ./guild-channels.ts hands threads here). MANAGE_THREADS
 * edits anything; the thread's starter only its name, archive state and
 * auto-archive duration (and a post's tags); locking and unarchiving a locked
 * thread take MANAGE_THREADS. An archived thread is edited only by
 * unarchiving it in the same request (50083 otherwise). THREAD_UPDATE after.
 * Edits and deletes are kept in the audit log (THREAD_UPDATE / THREAD_DELETE)
 * with the request's reason, as channel changes are.
 */
import { ChannelBits, ChannelEditErrors, holdsAll } from '../../wire/channel-fields.js';
import { parseAppliedTags, validateThreadBody } from '../../wire/thread-fields.js';
import { AuditLogEvent } from '../../wire/enums.js';
import { ChannelErrors } from '../../wire/messages/index.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext } from '../http/http-types.js';
import { announceChannel, channelObject, deleteChannel } from '../models/channel-edits.js';
import { auditRequest } from '../models/guild-events.js';
import { setArchived } from '../models/threads.js';
import { limitsOf, problemsResponse } from '../state/webhook-access.js';
import type { ChannelAccess } from './channel-access.js';
import { channelError } from './channel-access.js';

/** The fields a thread's starter may change without MANAGE_THREADS. */
const STARTER_FIELDS = new Set(['name', 'archived', 'auto_archive_duration', 'applied_tags']);

function editRefusal(at: ChannelAccess, b: Obj): EmulatorResponse | undefined {
  const moderator = holdsAll(at.perms, ChannelBits.MANAGE_THREADS);
  const starter = at.channel.thread?.ownerId === at.app.botUserId;
  const locked = at.channel.thread?.locked ?? false;
  if (at.channel.archived && b.archived !== false) return channelError(ChannelEditErrors.threadArchived);
  if (moderator) return undefined;
  const onlyStarterFields = Object.keys(b).every((k) => STARTER_FIELDS.has(k));
  if (!starter || !onlyStarterFields) return channelError(ChannelErrors.missingPermissions);
  if (locked && b.archived === false) return channelError(ChannelErrors.missingPermissions);
  return undefined;
}

export function editThread(req: EmulatorRequest, ctx: HandlerContext, at: ChannelAccess): EmulatorResponse {
  const b: Obj = isObject(req.body) ? req.body : {};
  const parent = at.guild.channels.find((c) => c.id === at.channel.parentId);
  const tags = parseAppliedTags(
    b.applied_tags,
    (parent?.availableTags ?? []).map((t) => t.id),
    limitsOf(ctx).applied_tags_max,
  );
  const refused =
    problemsResponse(validateThreadBody(req.body, { create: false })) ??
    (tags.ok ? undefined : problemsResponse(tags.problems)) ??
    editRefusal(at, b);
  if (refused) return refused;
  const thread = at.channel;
  const state = thread.thread;
  const nowIso = new Date(ctx.now()).toISOString();
  if (typeof b.name === 'string') thread.name = b.name;
  if (typeof b.rate_limit_per_user === 'number') {
    if (b.rate_limit_per_user > 0) thread.rateLimitPerUser = b.rate_limit_per_user;
    else delete thread.rateLimitPerUser;
  }
  if (state) {
    if (typeof b.locked === 'boolean') state.locked = b.locked;
    if (typeof b.auto_archive_duration === 'number') state.autoArchiveDuration = b.auto_archive_duration;
    if (typeof b.invitable === 'boolean') state.invitable = b.invitable;
    if (tags.ok && Array.isArray(b.applied_tags)) state.appliedTags = tags.ids;
  }
  if (typeof b.archived === 'boolean') setArchived(thread, b.archived, nowIso);
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: AuditLogEvent.THREAD_UPDATE,
    userId: at.app.botUserId,
    targetId: thread.id,
  });
  ctx.changed();
  announceChannel(ctx.events, ctx.world, at.guild, thread, 'THREAD_UPDATE');
  return { status: 200, body: channelObject(at.guild, thread, at.app.botUserId) };
}

/** DELETE a thread: MANAGE_THREADS; its messages go with it. */
export function deleteThread(req: EmulatorRequest, ctx: HandlerContext, at: ChannelAccess): EmulatorResponse {
  if (!holdsAll(at.perms, ChannelBits.MANAGE_THREADS)) return channelError(ChannelErrors.missingPermissions);
  const before = channelObject(at.guild, at.channel, at.app.botUserId);
  deleteChannel(ctx.world, at.guild, at.channel);
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: AuditLogEvent.THREAD_DELETE,
    userId: at.app.botUserId,
    targetId: at.channel.id,
  });
  ctx.changed();
  announceChannel(ctx.events, ctx.world, at.guild, at.channel, 'THREAD_DELETE');
  return { status: 200, body: before };
}
