/**
 * Who may manage webhooks: MANAGE_WEBHOOKS as the service computes it for the
 * calling bot, in the channel (its roles, @everyone and the channel's
 * overwrites) or, for the guild's list, guild-wide. A channel the bot cannot
 * see is 50001 before any other permission counts, as on every other channel
 * route; the install's bits alone (what this checked before) opened a channel
 * whose overwrites deny the bot and closed one whose overwrites grant it.
 */
import { Permission } from '../../wire/permissions.js';
import { WebhookErrors } from '../../wire/webhook.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EmulatorRequest, EmulatorResponse } from '../http/http-types.js';
import { own } from '../state/own.js';
import { errorResponse } from '../state/webhook-access.js';
import type { Guild } from '../state/world.js';
import { botChannelPermissions, botGuildPermissions } from './channel-access.js';

const MANAGE = Permission.MANAGE_WEBHOOKS;
const VIEW = Permission.VIEW_CHANNEL;

/** The calling bot's permissions where it would act: in `channelId`, or guild-wide; undefined for a caller that is no bot of this guild. */
function botPermissions(req: EmulatorRequest, guild: Guild, channelId: Snowflake | undefined): bigint | undefined {
  if (req.auth.kind !== 'bot' || !own(guild.apps, req.auth.application.id)) return undefined;
  const app = req.auth.application;
  return channelId === undefined ? botGuildPermissions(guild, app) : botChannelPermissions(guild, app, channelId);
}

/** The calling bot holds MANAGE_WEBHOOKS in the channel (or guild-wide without one): requireManage allows it. */
export function canManageWebhooks(req: EmulatorRequest, guild: Guild | undefined, channelId?: Snowflake): boolean {
  return requireManage(req, guild, channelId) === undefined;
}

/** 401 without a credential; 50001 for a bot not in the guild or a channel it cannot see; 50013 without the permission; undefined when allowed. */
export function requireManage(
  req: EmulatorRequest,
  guild: Guild | undefined,
  channelId?: Snowflake,
): EmulatorResponse | undefined {
  if (req.auth.kind === 'none') return errorResponse(WebhookErrors.unauthorized);
  const perms = guild ? botPermissions(req, guild, channelId) : undefined;
  if (req.auth.kind === 'bot' && guild && perms === undefined) return errorResponse(WebhookErrors.missingAccess);
  if (perms !== undefined && channelId !== undefined && (perms & VIEW) === 0n)
    return errorResponse(WebhookErrors.missingAccess);
  return perms !== undefined && (perms & MANAGE) !== 0n ? undefined : errorResponse(WebhookErrors.missingPermissions);
}
