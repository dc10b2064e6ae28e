/**
 * A guild's bans (issue 41, item 1): PUT, DELETE and GET
 * /guilds/{id}/bans/{user} and GET /guilds/{id}/bans, all needing
 * BAN_MEMBERS. What a ban does is models/moderation.ts's.
 */
import { banPage, parseBanBody, parseBanPageQuery } from '../../wire/guild/moderation.js';
import { ChannelErrors } from '../../wire/messages/index.js';
import { Permission } from '../../wire/permissions.js';
import { plainUser } from '../gateway/members.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { banUser, unbanUser, type ModResult } from '../models/moderation.js';
import type { GuildBan } from '../state/world.js';
import { problemsResponse } from '../state/webhook-access.js';
import { channelError, moderatorAccess } from './channel-access.js';

const BAN_MEMBERS = Permission.BAN_MEMBERS;
const banObject = (b: GuildBan) => ({ reason: b.reason, user: plainUser({ id: b.userId, username: b.username }) });

function done(result: ModResult, ctx: HandlerContext): EmulatorResponse {
  if (!result.ok) return channelError(result.error);
  ctx.changed();
  return { status: 204 };
}

function ban(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  const body = parseBanBody(req.body);
  if (Array.isArray(body)) return problemsResponse(body)!;
  return done(banUser(by, req.params.userId!, body.deleteSeconds, ctx), ctx);
}

function unban(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  return done(unbanUser(by, req.params.userId!, ctx), ctx);
}

function getBan(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  if ((by.perms & BAN_MEMBERS) === 0n) return channelError(ChannelErrors.missingPermissions);
  const found = (by.guild.bans ?? []).find((b) => b.userId === req.params.userId);
  return found ? { status: 200, body: banObject(found) } : channelError(ChannelErrors.unknownBan);
}

function listBans(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  if ((by.perms & BAN_MEMBERS) === 0n) return channelError(ChannelErrors.missingPermissions);
  const q = parseBanPageQuery((name) => req.query.get(name));
  if (Array.isArray(q)) return problemsResponse(q)!;
  return { status: 200, body: banPage(by.guild.bans ?? [], q).map(banObject) };
}

const BAN = '/guilds/:guildId/bans/:userId';
export const guildBanRoutes: Route[] = [
  { method: 'GET', pattern: '/guilds/:guildId/bans', auth: 'optional', bucket: 'default', handler: listBans },
  { method: 'GET', pattern: BAN, auth: 'optional', bucket: 'default', handler: getBan },
  { method: 'PUT', pattern: BAN, auth: 'optional', bucket: 'default', handler: ban },
  { method: 'DELETE', pattern: BAN, auth: 'optional', bucket: 'default', handler: unban },
];
