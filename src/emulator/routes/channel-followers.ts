/**
 * Channel following (webhook type 2, spec "Webhook types"): following an
 * announcement channel into another channel makes a Channel Follower webhook
 * there, and a crossposted (published) message of the announcement channel
 * reaches every following channel through its webhook.
 *   POST /channels/{channel.id}/followers                       { webhook_channel_id }
 *   POST /channels/{channel.id}/messages/{message.id}/crosspost
 * Both take the bot token, as webhook management does.
 */
import { ChannelType, MessageFlag, WebhookType } from '../../wire/enums.js';
import { Permission } from '../../wire/permissions.js';
import { ApiErrors, problem } from '../../wire/problem.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { WebhookErrors } from '../../wire/webhook.js';
import { managesWebhooks, unauthorized } from '../http/auth.js';
import { formErrorResponse } from '../http/form-errors.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { own } from '../state/own.js';
import { errorResponse, findChannel } from '../state/webhook-access.js';
import { requireManage } from './webhook-manage.js';
import { serviceTimestamp } from '../models/webhook-shape.js';
import type { Channel, Guild, StoredMessage, StoredWebhook } from '../state/world.js';
import { noteWebhookMessage } from './webhook-messages.js';
import { capacityError, webhooksChanged } from './webhooks.js';

/** Channels a followed channel's messages can be posted into. */
const FOLLOWER_TARGET_TYPES: readonly number[] = [ChannelType.GUILD_TEXT, ChannelType.GUILD_ANNOUNCEMENT];

const MANAGE_MESSAGES = Permission.MANAGE_MESSAGES;
const ADMINISTRATOR = Permission.ADMINISTRATOR;

/** The announcement channel in the path, seen by the calling bot; or the refusal. */
function announcementChannel(
  req: EmulatorRequest,
  ctx: HandlerContext,
): { guild: Guild; channel: Channel } | EmulatorResponse {
  if (!managesWebhooks(req.auth)) return unauthorized();
  const found = findChannel(ctx.world, req.params.channelId ?? '');
  if (!found) return errorResponse(WebhookErrors.unknownChannel);
  if (!own(found.guild.apps, req.auth.application.id)) return errorResponse(WebhookErrors.missingAccess);
  if (found.channel.type !== ChannelType.GUILD_ANNOUNCEMENT) return errorResponse(WebhookErrors.wrongChannelType);
  return found;
}

const isRefusal = (v: object): v is EmulatorResponse => 'status' in v;

function followChannel(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  if (req.auth.kind !== 'bot') return unauthorized();
  const bot = req.auth.application;
  const source = announcementChannel(req, ctx);
  if (isRefusal(source)) return source;
  const body = isObject(req.body) ? req.body : {};
  const targetId = body.webhook_channel_id;
  if (typeof targetId !== 'string' || !isSnowflake(targetId)) {
    const api = targetId === undefined || targetId === null ? ApiErrors.required() : ApiErrors.snowflake(targetId);
    return formErrorResponse([
      problem('follow-channel', ['webhook_channel_id'], 'webhook_channel_id names the channel to post into.', api),
    ])!;
  }
  const target = findChannel(ctx.world, targetId);
  if (!target) return errorResponse(WebhookErrors.unknownChannel);
  const denied = requireManage(req, target.guild, target.channel.id);
  if (denied) return denied;
  if (!FOLLOWER_TARGET_TYPES.includes(target.channel.type)) return errorResponse(WebhookErrors.wrongChannelType);
  // Following the same channel into the same channel again is the same follow.
  const existing = Object.values(ctx.world.webhooks).find(
    (w) =>
      w.type === WebhookType.CHANNEL_FOLLOWER &&
      w.channel_id === target.channel.id &&
      w.source_channel?.id === source.channel.id,
  );
  if (existing) return { status: 200, body: { channel_id: source.channel.id, webhook_id: existing.id } };
  const full = capacityError(ctx, target.guild.id, target.channel.id);
  if (full) return full;
  const webhook: StoredWebhook = {
    id: ctx.nextId(),
    type: WebhookType.CHANNEL_FOLLOWER,
    guild_id: target.guild.id,
    channel_id: target.channel.id,
    // The service names it after the followed guild and keeps no token (facts §5.2).
    name: source.guild.name,
    avatar: null,
    application_id: null,
    creatorId: bot.botUserId,
    source_guild: { id: source.guild.id, name: source.guild.name, icon: null },
    source_channel: { id: source.channel.id, name: source.channel.name },
  };
  ctx.world.webhooks[webhook.id] = webhook;
  ctx.changed();
  webhooksChanged(ctx, webhook.guild_id, webhook.channel_id);
  return { status: 200, body: { channel_id: source.channel.id, webhook_id: webhook.id } };
}

/** The bot may publish its own messages; anyone else's needs MANAGE_MESSAGES (or ADMINISTRATOR). */
function mayPublish(guild: Guild, applicationId: string, botUserId: string, message: Obj): boolean {
  if (isObject(message.author) && message.author.id === botUserId) return true;
  try {
    return (BigInt(own(guild.apps, applicationId)?.permissions ?? '0') & (MANAGE_MESSAGES | ADMINISTRATOR)) !== 0n;
  } catch {
    return false;
  }
}

/** The copy a follower webhook posts: the content, embeds and attachments, pointing back at the original. */
function crosspostCopy(
  ctx: HandlerContext,
  follower: StoredWebhook,
  source: { guild: Guild; channel: Channel },
  original: Obj,
): StoredMessage {
  const id = ctx.nextId();
  const channelId = follower.channel_id!;
  const suppress = ((original.flags as number) ?? 0) & MessageFlag.SUPPRESS_EMBEDS;
  const message: Obj = {
    id,
    type: 0,
    channel_id: channelId,
    content: original.content ?? '',
    tts: false,
    timestamp: serviceTimestamp(ctx.now()),
    edited_timestamp: null,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: structuredClone(original.attachments ?? []),
    embeds: structuredClone(original.embeds ?? []),
    components: structuredClone(original.components ?? []),
    pinned: false,
    flags: MessageFlag.IS_CROSSPOST | suppress,
    webhook_id: follower.id,
    author: {
      id: follower.id,
      username: `${source.guild.name} #${source.channel.name}`,
      avatar: null,
      discriminator: '0000',
      bot: true,
      global_name: null,
    },
    message_reference: { type: 0, channel_id: source.channel.id, guild_id: source.guild.id, message_id: original.id },
  };
  return { id, webhookId: follower.id, channel_id: channelId, message };
}

function crosspost(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  if (req.auth.kind !== 'bot') return unauthorized();
  const app = req.auth.application;
  const source = announcementChannel(req, ctx);
  if (isRefusal(source)) return source;
  const stored = own(ctx.world.messages, req.params.messageId);
  if (!stored || stored.channel_id !== source.channel.id) return errorResponse(WebhookErrors.unknownMessage);
  if (!mayPublish(source.guild, app.id, app.botUserId, stored.message))
    return errorResponse(WebhookErrors.missingPermissions);
  const flags = (stored.message.flags as number) ?? 0;
  if (flags & MessageFlag.CROSSPOSTED) return errorResponse(WebhookErrors.alreadyCrossposted);
  stored.message.flags = flags | MessageFlag.CROSSPOSTED;
  const followers = Object.values(ctx.world.webhooks).filter(
    (w) =>
      w.type === WebhookType.CHANNEL_FOLLOWER &&
      w.source_channel?.id === source.channel.id &&
      w.channel_id &&
      findChannel(ctx.world, w.channel_id),
  );
  const copies = followers.map((f) => crosspostCopy(ctx, f, source, stored.message));
  for (const copy of copies) ctx.world.messages[copy.id] = copy;
  ctx.changed();
  noteWebhookMessage(ctx, stored, 'update');
  for (const copy of copies) noteWebhookMessage(ctx, copy, 'create');
  return { status: 200, body: stored.message };
}

export const channelFollowerRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/followers',
    auth: 'optional',
    bucket: 'default',
    handler: followChannel,
  },
  {
    method: 'POST',
    pattern: '/channels/:channelId/messages/:messageId/crosspost',
    auth: 'optional',
    bucket: 'default',
    handler: crosspost,
  },
];
