/**
 * A bot's guild channels (issue 41 item 3): POST /guilds/{id}/channels,
 * PATCH /guilds/{id}/channels (positions), PATCH and DELETE /channels/{id}.
 * MANAGE_CHANNELS is needed (in the parent category for a create under one,
 * in the channel for an edit); overwrites in a body need what the overwrite
 * route needs (./channel-overwrites.ts). Threads are edited and deleted in
 * ./threads-edit.ts. Every change is dispatched (models/channel-edits.ts).
 */
import {
  ChannelBits,
  holdsAll,
  overwriteGrantAllowed,
  parentProblems,
  validateChannelBody,
} from '../../wire/channel-fields.js';
import { appChannelPermissions } from '../../wire/interactions/payload.js';
import { ChannelErrors, viewRefusal } from '../../wire/messages/index.js';
import { ApiErrors, problem } from '../../wire/problem.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { guildFacts } from '../interactions/place.js';
import { AuditLogEvent } from '../../wire/enums.js';
import { defaultAutoArchiveProblems } from '../../wire/thread-fields.js';
import { auditRequest } from '../models/guild-events.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import {
  announceChannel,
  applyChannelEdit,
  bodyOverwrites,
  channelObject,
  createChannel,
  deleteChannel,
  isThread,
  listedChannels,
  reorderChannels,
} from '../models/channel-edits.js';
import { own } from '../state/own.js';
import { problemsResponse } from '../state/webhook-access.js';
import type { Application, Channel, Guild } from '../state/world.js';
import { botChannelPermissions, channelAccess, channelError, guildAccess } from './channel-access.js';
import { deleteThread, editThread } from './threads-edit.js';

/** The bot's guild-wide permissions (its roles, no channel's overwrites). */
function botGuildBits(guild: Guild, app: Application): bigint {
  let bits = 0n;
  try {
    bits = BigInt(own(guild.apps, app.id)?.permissions ?? '0');
  } catch {
    bits = 0n;
  }
  const anywhere = { id: guild.id, type: 0, name: '', overwrites: [] };
  return appChannelPermissions(guildFacts(guild), { userId: app.botUserId, permissions: bits }, anywhere);
}

/** Overwrites a body sets: MANAGE_ROLES where they land (`needsManageRoles`), and nothing granted the bot lacks. */
function overwritesRefusal(body: Obj, perms: bigint, needsManageRoles: boolean): EmulatorResponse | undefined {
  const overwrites = bodyOverwrites(body);
  if (!overwrites) return undefined;
  if (needsManageRoles && !holdsAll(perms, ChannelBits.MANAGE_ROLES))
    return channelError(ChannelErrors.missingPermissions);
  return overwrites.every((o) => overwriteGrantAllowed(perms, o))
    ? undefined
    : channelError(ChannelErrors.missingPermissions);
}

function parentRefusal(guild: Guild, body: Obj, childType: number): EmulatorResponse | undefined {
  const parent = typeof body.parent_id === 'string' ? guild.channels.find((c) => c.id === body.parent_id) : undefined;
  return problemsResponse(parentProblems(body.parent_id, parent?.type, childType));
}

function create(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const body: Obj = isObject(req.body) ? req.body : {};
  const type = typeof body.type === 'number' ? body.type : 0;
  const refused =
    problemsResponse(validateChannelBody(req.body, { create: true, channelType: type })) ??
    problemsResponse(defaultAutoArchiveProblems(req.body)) ??
    parentRefusal(at.guild, body, type);
  if (refused) return refused;
  const parentId = typeof body.parent_id === 'string' ? body.parent_id : undefined;
  const perms = parentId ? botChannelPermissions(at.guild, at.app, parentId) : botGuildBits(at.guild, at.app);
  if (!holdsAll(perms, ChannelBits.MANAGE_CHANNELS)) return channelError(ChannelErrors.missingPermissions);
  const overwrites = overwritesRefusal(body, perms, false);
  if (overwrites) return overwrites;
  const channel = createChannel(at.guild, ctx.nextId(), body, () => ctx.nextId());
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: AuditLogEvent.CHANNEL_CREATE,
    userId: at.app.botUserId,
    targetId: channel.id,
  });
  ctx.changed();
  announceChannel(ctx.events, ctx.world, at.guild, channel, 'CHANNEL_CREATE');
  return { status: 201, body: channelObject(at.guild, channel, at.app.botUserId) };
}

function edit(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = channelAccess(req, ctx, 'not-emulated');
  if ('status' in at) return at;
  const unseen = viewRefusal(at.perms);
  if (unseen) return channelError(unseen);
  if (isThread(at.channel)) return editThread(req, ctx, at);
  const body: Obj = isObject(req.body) ? req.body : {};
  const refused =
    problemsResponse(validateChannelBody(req.body, { create: false, channelType: at.channel.type })) ??
    problemsResponse(defaultAutoArchiveProblems(req.body)) ??
    ('parent_id' in body ? parentRefusal(at.guild, body, at.channel.type) : undefined);
  if (refused) return refused;
  if (!holdsAll(at.perms, ChannelBits.MANAGE_CHANNELS)) return channelError(ChannelErrors.missingPermissions);
  const overwrites = overwritesRefusal(body, at.perms, true);
  if (overwrites) return overwrites;
  applyChannelEdit(at.channel, body, () => ctx.nextId());
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: AuditLogEvent.CHANNEL_UPDATE,
    userId: at.app.botUserId,
    targetId: at.channel.id,
  });
  ctx.changed();
  announceChannel(ctx.events, ctx.world, at.guild, at.channel, 'CHANNEL_UPDATE');
  return { status: 200, body: channelObject(at.guild, at.channel, at.app.botUserId) };
}

function remove(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = channelAccess(req, ctx, 'not-emulated');
  if ('status' in at) return at;
  const unseen = viewRefusal(at.perms);
  if (unseen) return channelError(unseen);
  if (isThread(at.channel)) return deleteThread(req, ctx, at);
  if (!holdsAll(at.perms, ChannelBits.MANAGE_CHANNELS)) return channelError(ChannelErrors.missingPermissions);
  // The answer is the channel as it was.
  const before = channelObject(at.guild, at.channel, at.app.botUserId);
  const threads = deleteChannel(ctx.world, at.guild, at.channel);
  auditRequest(at.guild, ctx.nextId, req, {
    actionType: AuditLogEvent.CHANNEL_DELETE,
    userId: at.app.botUserId,
    targetId: at.channel.id,
  });
  ctx.changed();
  for (const t of threads) announceChannel(ctx.events, ctx.world, at.guild, t, 'THREAD_DELETE');
  announceChannel(ctx.events, ctx.world, at.guild, at.channel, 'CHANNEL_DELETE', before);
  return { status: 200, body: before };
}

/** PATCH /guilds/{id}/channels: `[{ id, position }]`; every listed channel whose place changed is updated. */
function reorder(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const body = req.body;
  const moves = Array.isArray(body) ? body.filter(isObject) : [];
  const bad = !Array.isArray(body)
    ? [problem('channel-positions', [], 'A list of { id, position }.', ApiErrors.array())]
    : moves.flatMap((m, i) =>
        isSnowflake(m.id) && Number.isInteger(m.position)
          ? []
          : [problem('channel-positions', [i], 'Each entry is { id, position }.', ApiErrors.invalid('Invalid entry'))],
      );
  const refused = problemsResponse(bad);
  if (refused) return refused;
  if (!holdsAll(botGuildBits(at.guild, at.app), ChannelBits.MANAGE_CHANNELS))
    return channelError(ChannelErrors.missingPermissions);
  const before = new Map(listedChannels(at.guild).map((c, i) => [c.id, i]));
  reorderChannels(
    at.guild,
    moves.map((m) => ({ id: String(m.id), position: m.position as number })),
  );
  ctx.changed();
  listedChannels(at.guild).forEach((c: Channel, i) => {
    if (before.get(c.id) !== i) announceChannel(ctx.events, ctx.world, at.guild, c, 'CHANNEL_UPDATE');
  });
  return { status: 204 };
}

export const guildChannelRoutes: Route[] = [
  { method: 'POST', pattern: '/guilds/:guildId/channels', auth: 'optional', bucket: 'default', handler: create },
  { method: 'PATCH', pattern: '/guilds/:guildId/channels', auth: 'optional', bucket: 'default', handler: reorder },
  { method: 'PATCH', pattern: '/channels/:channelId', auth: 'optional', bucket: 'default', handler: edit },
  { method: 'DELETE', pattern: '/channels/:channelId', auth: 'optional', bucket: 'default', handler: remove },
];
