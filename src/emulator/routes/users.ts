/**
 * GET /users/{id} (facts §5.2): any user the emulator knows, a bot user or a
 * guild member; 10013 otherwise. GET /users/@me/guilds: the guilds the
 * calling bot is in, as partial guilds (what `cmdsync` reads to take guild
 * names where ids go).
 */
import { basePermissions } from '../../wire/access/base-permissions.js';
import { ErrorAnswers } from '../../wire/error-answers.js';
import { ChannelErrors } from '../../wire/messages/errors.js';
import { compareSnowflakes, isSnowflake } from '../../wire/snowflake.js';
import { botUser, plainUser } from '../gateway/members.js';
import { apiError, type EmulatorRequest, type EmulatorResponse, type HandlerContext, type Route } from '../http/http-types.js';
import { botInGuild } from '../models/message-events.js';
import { own } from '../state/own.js';
import type { Application, Guild } from '../state/world.js';
import { botOf, channelError } from './channel-access.js';

function getUser(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const caller = botOf(req);
  if ('status' in caller) return caller;
  const id = req.params.userId;
  const app = Object.values(ctx.world.applications).find((a) => a.botUserId === id);
  if (app) {
    // Another user's object carries no account settings (`verified`, `mfa_enabled` are /users/@me's).
    const { verified: _v, mfa_enabled: _m, ...user } = botUser(app);
    return { status: 200, body: user };
  }
  for (const g of Object.values(ctx.world.guilds)) {
    const m = g.members.find((x) => x.id === id);
    if (m) return { status: 200, body: plainUser(m) };
  }
  return channelError(ChannelErrors.unknownUser);
}

/** The bot's guild-wide permissions: @everyone's and its managed role's (the install's bits). */
function botPermissions(guild: Guild, app: Application): bigint {
  const managed = `managed:${app.botUserId}`;
  const roles = new Map<string, bigint>(guild.roles.map((r) => [r.id, BigInt(r.permissions ?? '0')]));
  roles.set(managed, BigInt(own(guild.apps, app.id)?.permissions ?? '0'));
  return basePermissions({ guildId: guild.id, ...(guild.ownerId ? { ownerId: guild.ownerId } : {}), roles }, { userId: app.botUserId, roleIds: [managed] });
}

/** The documented query: `before`, `after` (guild ids), `limit` 1-200 (default 200), `with_counts`. */
function pageQuery(req: EmulatorRequest): { before?: string; after?: string; limit: number } | EmulatorResponse {
  const id = (name: string): string | undefined | null => {
    const v = req.query.get(name);
    if (v === null) return undefined;
    return isSnowflake(v) ? v : null;
  };
  const before = id('before');
  const after = id('after');
  const limitText = req.query.get('limit');
  const limit = limitText === null ? 200 : Number(limitText);
  if (before === null || after === null || !Number.isInteger(limit) || limit < 1 || limit > 200) return apiError(ErrorAnswers.invalidFormBody);
  return { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}), limit };
}

function getMyGuilds(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const app = botOf(req);
  if ('status' in app) return app;
  const q = pageQuery(req);
  if ('status' in q) return q;
  const counts = req.query.get('with_counts') === 'true';
  const guilds = Object.values(ctx.world.guilds)
    .filter((g) => botInGuild(g, app.id))
    .sort((a, b) => compareSnowflakes(a.id, b.id))
    .filter((g) => (q.after === undefined || compareSnowflakes(g.id, q.after) > 0) && (q.before === undefined || compareSnowflakes(g.id, q.before) < 0));
  // With only `before`, the page is the one just before it.
  const page = q.before !== undefined && q.after === undefined ? guilds.slice(-q.limit) : guilds.slice(0, q.limit);
  return {
    status: 200,
    body: page.map((g) => ({
      id: g.id,
      name: g.name,
      icon: null,
      banner: null,
      owner: g.ownerId === app.botUserId,
      permissions: botPermissions(g, app).toString(),
      features: [],
      ...(counts ? { approximate_member_count: g.members.length + 1, approximate_presence_count: 0 } : {}),
    })),
  };
}

export const userRoutes: Route[] = [
  { method: 'GET', pattern: '/users/@me/guilds', auth: 'app', bucket: 'default', handler: getMyGuilds },
  { method: 'GET', pattern: '/users/:userId', auth: 'optional', bucket: 'default', handler: getUser },
];
