/**
 * Part B of the interface: the webhook resource (create, list, get, edit,
 * delete, by id with MANAGE_WEBHOOKS or by id + token), plus the message and
 * compatibility routes from their own modules, as one list for the router.
 */
import { WebhookType } from '../../wire/enums.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import {
  normalizeWebhookName,
  splitImageData,
  validateWebhookCreateBody,
  validateWebhookEditBody,
  WebhookErrors,
} from '../../wire/webhook.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import {
  errorResponse,
  findChannel,
  isResponse,
  limitsOf,
  newWebhookToken,
  problemsResponse,
  webhookByToken,
} from '../state/webhook-access.js';
import { canManageWebhooks, requireManage } from './webhook-manage.js';
import { managesWebhooks, unauthorized } from '../http/auth.js';
import { own } from '../state/own.js';
import { imageHash, webhookObject } from '../models/webhook-shape.js';
import type { Guild, StoredWebhook } from '../state/world.js';
import { webhookCompatRoutes } from './webhook-compat.js';
import { webhookMessageRoutes } from './webhook-messages.js';

import { WEBHOOK_CHANNEL_TYPES } from '../../wire/channels.js';

/** Channels that can hold webhooks (a wire rule; re-exported for the routes that import it from here). */
export { WEBHOOK_CHANNEL_TYPES };
const WRONG_CHANNEL_TYPE: EmulatorResponse = errorResponse(WebhookErrors.wrongChannelType);

const ok = (body: unknown): EmulatorResponse => ({ status: 200, body });
const noContent = (): EmulatorResponse => ({ status: 204 });

function webhooksIn(ctx: HandlerContext, pick: (w: StoredWebhook) => boolean): StoredWebhook[] {
  return Object.values(ctx.world.webhooks)
    .filter(pick)
    .sort((a, b) => compareSnowflakes(a.id, b.id));
}

/** 30007 / 30058 when one more webhook would not fit in the channel or guild. */
export function capacityError(
  ctx: HandlerContext,
  guildId: string,
  channelId: string,
  ignoreId?: string,
): EmulatorResponse | undefined {
  const limits = limitsOf(ctx);
  const others = Object.values(ctx.world.webhooks).filter((w) => w.id !== ignoreId);
  if (others.filter((w) => w.channel_id === channelId).length >= limits.webhooks_per_channel) {
    return errorResponse(WebhookErrors.maxWebhooks(limits.webhooks_per_channel));
  }
  if (others.filter((w) => w.guild_id === guildId).length >= limits.webhooks_per_guild) {
    return errorResponse(WebhookErrors.maxGuildWebhooks(limits.webhooks_per_guild));
  }
  return undefined;
}

/** WEBHOOKS_UPDATE to every application in the webhook's guild (the GUILD_WEBHOOKS intent is checked by the gateway). */
export function webhooksChanged(ctx: HandlerContext, guildId: string | null, channelId: string | null): void {
  const guild = guildId ? own(ctx.world.guilds, guildId) : undefined;
  if (!guild || !channelId) return;
  for (const applicationId of Object.keys(guild.apps))
    ctx.events.emit({
      applicationId,
      name: 'WEBHOOKS_UPDATE',
      data: { guild_id: guild.id, channel_id: channelId },
      guildId: guild.id,
    });
}

function avatarOf(value: unknown): string | null {
  return typeof value === 'string' ? imageHash(value) : null;
}

/** A webhook's avatar set as image data: noted with its hash, so the web view can draw it (the world keeps only the hash). */
function noteAvatar(ctx: HandlerContext, value: unknown): void {
  const image = splitImageData(value);
  if (image)
    ctx.events.note({
      kind: 'image',
      hash: imageHash(value as string),
      contentType: image.contentType,
      data: Buffer.from(image.base64, 'base64'),
    });
}

// The X-Audit-Log-Reason header is accepted on create/edit/delete by id; the emulator keeps no audit log.

function createWebhook(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  if (!managesWebhooks(req.auth)) return unauthorized();
  const found = findChannel(ctx.world, req.params.channelId ?? '');
  if (!found) return errorResponse(WebhookErrors.unknownChannel);
  const denied = requireManage(req, found.guild, found.channel.id);
  if (denied) return denied;
  if (!WEBHOOK_CHANNEL_TYPES.includes(found.channel.type)) return WRONG_CHANNEL_TYPE;
  const invalid = problemsResponse(validateWebhookCreateBody(req.body, limitsOf(ctx)));
  if (invalid) return invalid;
  const full = capacityError(ctx, found.guild.id, found.channel.id);
  if (full) return full;
  const body = req.body as Obj;
  const app = req.auth.application;
  const webhook: StoredWebhook = {
    id: ctx.nextId(),
    type: WebhookType.INCOMING,
    guild_id: found.guild.id,
    channel_id: found.channel.id,
    name: normalizeWebhookName(body.name as string),
    avatar: avatarOf(body.avatar),
    token: newWebhookToken(),
    application_id: app.id,
    creatorId: app.botUserId,
  };
  ctx.world.webhooks[webhook.id] = webhook;
  ctx.changed();
  noteAvatar(ctx, body.avatar);
  webhooksChanged(ctx, webhook.guild_id, webhook.channel_id);
  return ok(webhookObject(ctx.world, webhook, { withUser: true }));
}

function listChannelWebhooks(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  if (!managesWebhooks(req.auth)) return unauthorized();
  const found = findChannel(ctx.world, req.params.channelId ?? '');
  if (!found) return errorResponse(WebhookErrors.unknownChannel);
  const denied = requireManage(req, found.guild, found.channel.id);
  if (denied) return denied;
  return ok(
    webhooksIn(ctx, (w) => w.channel_id === found.channel.id).map((w) =>
      webhookObject(ctx.world, w, { withUser: true }),
    ),
  );
}

function listGuildWebhooks(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  if (!managesWebhooks(req.auth)) return unauthorized();
  const guild = own(ctx.world.guilds, req.params.guildId);
  if (!guild) return errorResponse(WebhookErrors.unknownGuild);
  const denied = requireManage(req, guild);
  if (denied) return denied;
  return ok(
    webhooksIn(ctx, (w) => w.guild_id === guild.id).map((w) => webhookObject(ctx.world, w, { withUser: true })),
  );
}

/** The webhook by id and its guild, after the credential check; the caller checks permission. */
function webhookById(
  req: EmulatorRequest,
  ctx: HandlerContext,
): { webhook: StoredWebhook; guild: Guild | undefined } | EmulatorResponse {
  if (!managesWebhooks(req.auth)) return unauthorized();
  const webhook = own(ctx.world.webhooks, req.params.webhookId);
  if (!webhook) return errorResponse(WebhookErrors.unknownWebhook);
  return { webhook, guild: webhook.guild_id ? own(ctx.world.guilds, webhook.guild_id) : undefined };
}

function getWebhook(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = webhookById(req, ctx);
  if (isResponse(found)) return found;
  const owner = req.auth.kind !== 'none' && found.webhook.application_id === req.auth.application.id;
  if (!owner && !canManageWebhooks(req, found.guild, found.webhook.channel_id ?? undefined))
    return errorResponse(WebhookErrors.missingPermissions);
  return ok(webhookObject(ctx.world, found.webhook, { withUser: true }));
}

function applyNameAndAvatar(ctx: HandlerContext, webhook: StoredWebhook, body: Obj): void {
  if (typeof body.name === 'string') webhook.name = normalizeWebhookName(body.name);
  if (body.avatar !== undefined) {
    webhook.avatar = avatarOf(body.avatar);
    noteAvatar(ctx, body.avatar);
  }
}

function editWebhook(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = webhookById(req, ctx);
  if (isResponse(found)) return found;
  const denied = requireManage(req, found.guild, found.webhook.channel_id ?? undefined);
  if (denied) return denied;
  const invalid = problemsResponse(validateWebhookEditBody(req.body, limitsOf(ctx), { byToken: false }));
  if (invalid) return invalid;
  const body = isObject(req.body) ? req.body : {};
  const { webhook } = found;
  const fromChannel = webhook.channel_id;
  if (typeof body.channel_id === 'string' && body.channel_id !== webhook.channel_id) {
    // Moving is only within the webhook's guild; any other channel is unknown from here.
    const target = findChannel(ctx.world, body.channel_id);
    if (!target || target.guild.id !== webhook.guild_id) return errorResponse(WebhookErrors.unknownChannel);
    const deniedThere = requireManage(req, target.guild, target.channel.id);
    if (deniedThere) return deniedThere;
    if (!WEBHOOK_CHANNEL_TYPES.includes(target.channel.type)) return WRONG_CHANNEL_TYPE;
    const full = capacityError(ctx, target.guild.id, target.channel.id, webhook.id);
    if (full) return full;
    webhook.channel_id = target.channel.id;
  }
  applyNameAndAvatar(ctx, webhook, body);
  ctx.changed();
  // A move changes both channels' webhook lists.
  if (fromChannel !== webhook.channel_id) webhooksChanged(ctx, webhook.guild_id, fromChannel);
  webhooksChanged(ctx, webhook.guild_id, webhook.channel_id);
  return ok(webhookObject(ctx.world, webhook, { withUser: true }));
}

function deleteWebhook(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = webhookById(req, ctx);
  if (isResponse(found)) return found;
  const denied = requireManage(req, found.guild, found.webhook.channel_id ?? undefined);
  if (denied) return denied;
  delete ctx.world.webhooks[found.webhook.id];
  ctx.changed();
  webhooksChanged(ctx, found.webhook.guild_id, found.webhook.channel_id);
  return noContent();
}

function getWebhookWithToken(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  return ok(webhookObject(ctx.world, webhook, { withUser: false }));
}

function editWebhookWithToken(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  const invalid = problemsResponse(validateWebhookEditBody(req.body, limitsOf(ctx), { byToken: true }));
  if (invalid) return invalid;
  // channel_id is ignored here (facts §13); the other fields still apply.
  applyNameAndAvatar(ctx, webhook, isObject(req.body) ? req.body : {});
  ctx.changed();
  webhooksChanged(ctx, webhook.guild_id, webhook.channel_id);
  return ok(webhookObject(ctx.world, webhook, { withUser: false }));
}

function deleteWebhookWithToken(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const webhook = webhookByToken(req, ctx);
  if (isResponse(webhook)) return webhook;
  delete ctx.world.webhooks[webhook.id];
  ctx.changed();
  webhooksChanged(ctx, webhook.guild_id, webhook.channel_id);
  return noContent();
}

const resourceRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/channels/:channelId/webhooks',
    auth: 'optional',
    bucket: 'webhooks',
    handler: createWebhook,
  },
  {
    method: 'GET',
    pattern: '/channels/:channelId/webhooks',
    auth: 'optional',
    bucket: 'webhooks',
    handler: listChannelWebhooks,
  },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/webhooks',
    auth: 'optional',
    bucket: 'webhooks',
    handler: listGuildWebhooks,
  },
  { method: 'GET', pattern: '/webhooks/:webhookId', auth: 'optional', bucket: 'webhooks', handler: getWebhook },
  { method: 'PATCH', pattern: '/webhooks/:webhookId', auth: 'optional', bucket: 'webhooks', handler: editWebhook },
  { method: 'DELETE', pattern: '/webhooks/:webhookId', auth: 'optional', bucket: 'webhooks', handler: deleteWebhook },
  {
    method: 'GET',
    pattern: '/webhooks/:webhookId/:webhookToken',
    auth: 'none',
    bucket: 'webhooks',
    handler: getWebhookWithToken,
  },
  {
    method: 'PATCH',
    pattern: '/webhooks/:webhookId/:webhookToken',
    auth: 'none',
    bucket: 'webhooks',
    handler: editWebhookWithToken,
  },
  {
    method: 'DELETE',
    pattern: '/webhooks/:webhookId/:webhookToken',
    auth: 'none',
    bucket: 'webhooks',
    handler: deleteWebhookWithToken,
  },
];

/** Every route of part B. Literal suffixes (`/slack`, `/github`, `/messages/…`) come before nothing they could shadow. */
export const webhookRoutes: Route[] = [...resourceRoutes, ...webhookMessageRoutes, ...webhookCompatRoutes];
