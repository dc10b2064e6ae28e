/**
 * Who is asking and what they may do in a channel, for the channel-message
 * and read routes: the bot of the calling application, the channel and its
 * guild, and the bot's permissions there, computed by wire/access's
 * evaluator (the same one interactions' `app_permissions` use).
 */
import { basePermissions } from '../../wire/access/base-permissions.js';
import { privateThreadView } from '../../wire/thread-fields.js';
import { ChannelType } from '../../wire/enums.js';
import { appChannelPermissions } from '../../wire/interactions/payload.js';
import { ChannelErrors, type ChannelError } from '../../wire/messages/errors.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { apiError, type EmulatorRequest, type EmulatorResponse, type HandlerContext } from '../http/http-types.js';
import { channelFacts, guildFacts } from '../interactions/place.js';
import { botInGuild } from '../models/message-events.js';
import { auditReason } from '../models/guild-events.js';
import type { Moderator } from '../models/moderation.js';
import { isThreadMember } from '../models/threads.js';
import { own } from '../state/own.js';
import { findChannel, type Application, type Channel, type DmChannel, type Guild } from '../state/world.js';
import { findDm } from '../state/dm-channels.js';
import { DM_PERMISSIONS } from '../../wire/messages/dm.js';
import { notEmulated } from '../http/not-emulated.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

export function channelError(e: ChannelError): EmulatorResponse {
  return apiError(e);
}

/** These routes act as a bot user: a bearer (client credentials) is not one. */
export function botOf(req: EmulatorRequest): Application | EmulatorResponse {
  return req.auth.kind === 'bot' ? req.auth.application : apiError(ErrorAnswers.unauthorized);
}

/** The bot's permissions in a channel of a guild it is in: its install's bits as its managed role, then the overwrites. */
export function botChannelPermissions(guild: Guild, app: Application, channelId: Snowflake): bigint {
  const install = own(guild.apps, app.id);
  let bits = 0n;
  try {
    bits = BigInt(install?.permissions ?? '0');
  } catch {
    bits = 0n;
  }
  const channel = channelFacts(guild, channelId);
  return channel ? appChannelPermissions(guildFacts(guild), { userId: app.botUserId, permissions: bits }, channel) : 0n;
}

export interface ChannelAccess {
  app: Application;
  guild: Guild;
  channel: Channel;
  perms: bigint;
}

/** A DM of the calling bot (models/dm.ts): no guild; the DM's fixed permissions (wire/messages/dm.ts). */
export interface DmAccess {
  app: Application;
  guild: undefined;
  dm: DmChannel;
  perms: bigint;
}

/** A channel the message and reaction routes act in: a guild's, or one of the bot's DMs. */
export type MessageChannelAccess = ChannelAccess | DmAccess;

/** What a guild-only route answers for a DM: the service's 50003, or (a route the service has for DMs but the emulator does not) not emulated. */
export type OnDm = 'guild-only' | 'not-emulated';

/** The channel in the path as the calling bot sees it: 10003 when unknown, 50001 when its guild does not have the bot; a DM as `onDm` says. */
export function channelAccess(
  req: EmulatorRequest,
  ctx: HandlerContext,
  onDm: OnDm = 'guild-only',
): ChannelAccess | EmulatorResponse {
  const app = botOf(req);
  if ('status' in app) return app;
  const found = findChannel(ctx.world, req.params.channelId ?? '');
  if (!found) {
    const dm = findDm(ctx.world, req.params.channelId ?? '');
    if (!dm) return channelError(ChannelErrors.unknownChannel);
    if (dm.app.id !== app.id) return channelError(ChannelErrors.missingAccess);
    return onDm === 'guild-only' ? channelError(ChannelErrors.dmAction) : notEmulated(req.method, req.path);
  }
  if (!botInGuild(found.guild, app.id)) return channelError(ChannelErrors.missingAccess);
  const perms = botChannelPermissions(found.guild, app, found.channel.id);
  return {
    app,
    guild: found.guild,
    channel: found.channel,
    // A private thread is seen by its members and by MANAGE_THREADS.
    perms:
      found.channel.type === ChannelType.PRIVATE_THREAD
        ? privateThreadView(perms, isThreadMember(found.channel, app.botUserId))
        : perms,
  };
}

/** The channel in the path, a guild's or one of the calling bot's DMs (another bot's DM: 50001). */
export function messageChannelAccess(
  req: EmulatorRequest,
  ctx: HandlerContext,
): MessageChannelAccess | EmulatorResponse {
  const app = botOf(req);
  if ('status' in app) return app;
  const dm = findDm(ctx.world, req.params.channelId ?? '');
  if (!dm) return channelAccess(req, ctx);
  if (dm.app.id !== app.id) return channelError(ChannelErrors.missingAccess);
  return { app, guild: undefined, dm: dm.dm, perms: DM_PERMISSIONS };
}

/** The id of the channel a message route acts in. */
export const channelIdOf = (at: MessageChannelAccess): string => ('dm' in at ? at.dm.id : at.channel.id);

/** The guild in the path, with the calling bot in it (10004 otherwise: the service hides guilds the bot is not in). */
export function guildAccess(
  req: EmulatorRequest,
  ctx: HandlerContext,
): { app: Application; guild: Guild } | EmulatorResponse {
  const app = botOf(req);
  if ('status' in app) return app;
  const guild = own(ctx.world.guilds, req.params.guildId);
  if (!guild || !botInGuild(guild, app.id)) return channelError(ChannelErrors.unknownGuild);
  return { app, guild };
}

/** The bot's guild-wide permissions: @everyone's and its install's (its managed role); the owner's and ADMINISTRATOR's are every bit. */
export function botGuildPermissions(guild: Guild, app: Application): bigint {
  const managed = `managed:${app.botUserId}`;
  const roles = new Map(guild.roles.map((r) => [r.id, BigInt(r.permissions ?? '0')]));
  roles.set(managed, BigInt(own(guild.apps, app.id)?.permissions ?? '0'));
  return basePermissions(
    { guildId: guild.id, ...(guild.ownerId ? { ownerId: guild.ownerId } : {}), roles },
    { userId: app.botUserId, roleIds: [managed] },
  );
}

/** The guild in the path with the calling bot as a moderator: its guild-wide permissions and the request's audit log reason. */
export function moderatorAccess(req: EmulatorRequest, ctx: HandlerContext): Moderator | EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const reason = auditReason(req.headers['x-audit-log-reason']);
  return {
    world: ctx.world,
    app: at.app,
    guild: at.guild,
    perms: botGuildPermissions(at.guild, at.app),
    ...(reason ? { reason } : {}),
  };
}
