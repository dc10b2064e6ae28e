/**
 * Starting threads (issue 41 item 4): POST /channels/{id}/messages/{id}/threads
 * (from a message: the thread takes the message's id), POST
 * /channels/{id}/threads (without one: private by default, and private only
 * in a text channel), and in a forum or media channel a post, the thread with
 * its first message (the thread's id is the message's, facts discord-api §7),
 * its `applied_tags` checked against the channel's tags. THREAD_CREATE goes to
 * every bot in the guild (intent GUILDS); the forum post's MESSAGE_CREATE too.
 * Each create is kept in the audit log (THREAD_CREATE) with the request's reason.
 */
import { ChannelBits, ChannelEditErrors, holdsAll } from '../../wire/channel-fields.js';
import { parseAppliedTags, validateThreadBody } from '../../wire/thread-fields.js';
import { isForumLike } from '../../wire/channels.js';
import { AuditLogEvent, ChannelType, MessageFlag } from '../../wire/enums.js';
import { ChannelErrors, validateChannelMessageBody, viewRefusal } from '../../wire/messages/index.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { announceChannel, channelObject } from '../models/channel-edits.js';
import { auditRequest } from '../models/guild-events.js';
import { buildBotMessage, restMessage } from '../models/message.js';
import { announceMessage } from '../models/message-events.js';
import { startThread, threadMemberObject, type NewThread } from '../models/threads.js';
import { limitsOf, problemsResponse } from '../state/webhook-access.js';
import type { Channel } from '../state/world.js';
import { atPath } from './common.js';
import { channelAccess, channelError, type ChannelAccess } from './channel-access.js';
import { channelMessage } from './channel-messages.js';

/** The channel in the path, seen by the bot, as a thread's parent. */
function parentAccess(req: EmulatorRequest, ctx: HandlerContext): ChannelAccess | EmulatorResponse {
  const at = channelAccess(req, ctx);
  if ('status' in at) return at;
  const unseen = viewRefusal(at.perms);
  return unseen ? channelError(unseen) : at;
}

/** The thread as the create answers it: with the bot's own thread member object. */
function created(
  req: EmulatorRequest,
  ctx: HandlerContext,
  at: ChannelAccess,
  thread: Channel,
  extra: Obj = {},
): EmulatorResponse {
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: AuditLogEvent.THREAD_CREATE,
    userId: at.app.botUserId,
    targetId: thread.id,
  });
  ctx.changed();
  announceChannel(ctx.events, ctx.world, at.guild, thread, 'THREAD_CREATE', { newly_created: true });
  const member = thread.thread!.members.find((m) => m.id === at.app.botUserId);
  const body = { ...channelObject(at.guild, thread, at.app.botUserId), ...extra };
  return { status: 201, body: member ? { ...body, member: threadMemberObject(thread, member) } : body };
}

/** A new thread's fields; one that names no auto-archive duration gets its parent's default. */
function fields(b: Obj, at: ChannelAccess, id: string, type: number): NewThread {
  const autoArchive =
    typeof b.auto_archive_duration === 'number' ? b.auto_archive_duration : at.channel.defaultAutoArchiveDuration;
  return {
    id,
    name: String(b.name),
    type,
    ownerId: at.app.botUserId,
    ...(autoArchive !== undefined ? { autoArchiveDuration: autoArchive } : {}),
    ...(typeof b.rate_limit_per_user === 'number' ? { rateLimitPerUser: b.rate_limit_per_user } : {}),
    ...(typeof b.invitable === 'boolean' ? { invitable: b.invitable } : {}),
  };
}

const THREAD_PARENTS: readonly number[] = [ChannelType.GUILD_TEXT, ChannelType.GUILD_ANNOUNCEMENT];

function fromMessage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = parentAccess(req, ctx);
  if ('status' in at) return at;
  if (!THREAD_PARENTS.includes(at.channel.type)) return channelError(ChannelEditErrors.invalidThreadChannel);
  const refused = problemsResponse(validateThreadBody(req.body, { create: true }));
  if (refused) return refused;
  if (!holdsAll(at.perms, ChannelBits.CREATE_PUBLIC_THREADS)) return channelError(ChannelErrors.missingPermissions);
  const stored = channelMessage(ctx, at.channel.id, req.params.messageId);
  if (!stored) return channelError(ChannelErrors.unknownMessage);
  if (at.guild.channels.some((c) => c.id === stored.id)) return channelError(ChannelEditErrors.threadExists);
  const type =
    at.channel.type === ChannelType.GUILD_ANNOUNCEMENT ? ChannelType.ANNOUNCEMENT_THREAD : ChannelType.PUBLIC_THREAD;
  const b = req.body as Obj;
  const thread = startThread(at.guild, at.channel, fields(b, at, stored.id, type), new Date(ctx.now()).toISOString());
  // The starter message says it has a thread (discord.js's `hasThread` reads this flag).
  stored.message.flags = ((stored.message.flags as number | undefined) ?? 0) | MessageFlag.HAS_THREAD;
  return created(req, ctx, at, thread);
}

function withoutMessage(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = parentAccess(req, ctx);
  if ('status' in at) return at;
  if (isForumLike(at.channel.type)) return forumPost(req, ctx, at);
  if (!THREAD_PARENTS.includes(at.channel.type)) return channelError(ChannelEditErrors.invalidThreadChannel);
  const refused = problemsResponse(validateThreadBody(req.body, { create: true }));
  if (refused) return refused;
  const b = req.body as Obj;
  // The service's default type here is a private thread; an announcement channel holds none.
  const type = typeof b.type === 'number' ? b.type : ChannelType.PRIVATE_THREAD;
  const allowed =
    type === ChannelType.PRIVATE_THREAD
      ? at.channel.type === ChannelType.GUILD_TEXT
      : type ===
        (at.channel.type === ChannelType.GUILD_TEXT ? ChannelType.PUBLIC_THREAD : ChannelType.ANNOUNCEMENT_THREAD);
  if (!allowed) return channelError(ChannelEditErrors.invalidThreadChannel);
  const needs =
    type === ChannelType.PRIVATE_THREAD ? ChannelBits.CREATE_PRIVATE_THREADS : ChannelBits.CREATE_PUBLIC_THREADS;
  if (!holdsAll(at.perms, needs)) return channelError(ChannelErrors.missingPermissions);
  const thread = startThread(
    at.guild,
    at.channel,
    fields(b, at, ctx.nextId(), type),
    new Date(ctx.now()).toISOString(),
  );
  return created(req, ctx, at, thread);
}

/** A forum or media post: SEND_MESSAGES in the channel, a name, a first message, tags of the channel's. */
function forumPost(req: EmulatorRequest, ctx: HandlerContext, at: ChannelAccess): EmulatorResponse {
  const b: Obj = isObject(req.body) ? req.body : {};
  const message = isObject(b.message) ? b.message : undefined;
  const tags = parseAppliedTags(
    b.applied_tags,
    (at.channel.availableTags ?? []).map((t) => t.id),
    limitsOf(ctx).applied_tags_max,
  );
  const refused =
    problemsResponse(validateThreadBody(req.body, { create: true })) ??
    problemsResponse(
      atPath(['message'], validateChannelMessageBody(message ?? {}, { limits: limitsOf(ctx), hasFiles: false })),
    ) ??
    (tags.ok ? undefined : problemsResponse(tags.problems));
  if (refused) return refused;
  if (!holdsAll(at.perms, ChannelBits.SEND_MESSAGES)) return channelError(ChannelErrors.missingPermissions);
  const id = ctx.nextId();
  const appliedTags = tags.ok ? tags.ids : [];
  const thread = startThread(
    at.guild,
    at.channel,
    { ...fields(b, at, id, ChannelType.PUBLIC_THREAD), ...(appliedTags.length > 0 ? { appliedTags } : {}) },
    new Date(ctx.now()).toISOString(),
  );
  const ids = [id];
  const stored = buildBotMessage(
    {
      world: ctx.world,
      guild: at.guild,
      channelId: id,
      body: message ?? {},
      files: req.files,
      nowMs: ctx.now(),
      // The first message has the thread's id.
      nextId: () => ids.shift() ?? ctx.nextId(),
      mayMentionEveryone: false,
      replyTo: undefined,
    },
    at.app,
  );
  ctx.world.messages[stored.id] = stored;
  thread.thread!.messageCount = 1;
  const answer = created(req, ctx, at, thread, { message: restMessage(ctx.world, stored, at.app.botUserId) });
  announceMessage(ctx.events, ctx.world, stored, 'create', { files: req.files });
  return answer;
}

export const threadRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/messages/:messageId/threads',
    auth: 'optional',
    bucket: 'default',
    handler: fromMessage,
  },
  {
    method: 'POST',
    pattern: '/channels/:channelId/threads',
    auth: 'optional',
    bucket: 'default',
    handler: withoutMessage,
  },
];
