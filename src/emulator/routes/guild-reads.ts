/**
 * What a bot reads of the guilds it is in (facts §5.2): GET /channels/{id},
 * /guilds/{id}, its channels, roles, one member and the member list, and the
 * list of those guilds (GET /users/@me/guilds). The
 * objects are the ones GUILD_CREATE carries (gateway/payloads.ts), so the
 * gateway and REST never disagree.
 */
import { isThreadType } from '../../wire/channels.js';
import { LARGE_THRESHOLD } from '../../wire/gateway.js';
import {
  ChannelErrors,
  GUILD_MEMBERS_APP_FLAGS,
  memberPage,
  parseMemberPageQuery,
  parseUserGuildsQuery,
  userGuildsPage,
  viewRefusal,
} from '../../wire/messages/index.js';
import { guildMembers } from '../gateway/members.js';
import { channelPayload, guildCreatePayload, threadPayload } from '../gateway/payloads.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { problemsResponse } from '../state/webhook-access.js';
import type { Application, Guild } from '../state/world.js';
import { botInGuild } from '../models/message-events.js';
import { botGuildPermissions, botOf, channelError, guildAccess, messageChannelAccess } from './channel-access.js';
import { dmChannelObject } from '../models/dm.js';
import type { Obj } from '../../wire/rules/values.js';

/** Keys of GUILD_CREATE that the guild object of GET /guilds/{id} does not carry. */
const GATEWAY_ONLY = [
  'channels',
  'threads',
  'members',
  'presences',
  'voice_states',
  'stage_instances',
  'guild_scheduled_events',
  'soundboard_sounds',
  'joined_at',
  'large',
  'member_count',
  'unavailable',
];

function channelObject(guild: Guild, app: Application, channelId: string) {
  const c = guild.channels.find((x) => x.id === channelId)!;
  if (isThreadType(c.type) && c.parentId !== undefined) return threadPayload(c, app.botUserId);
  const listed = guild.channels.filter((x) => !(isThreadType(x.type) && x.parentId !== undefined));
  return channelPayload(c, listed.indexOf(c));
}

function getChannel(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = messageChannelAccess(req, ctx);
  if ('status' in at) return at;
  if ('dm' in at) return { status: 200, body: dmChannelObject(ctx.world, at.dm) };
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  return { status: 200, body: channelObject(at.guild, at.app, at.channel.id) };
}

function getGuild(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const full = guildCreatePayload(at.guild, at.app, 0, LARGE_THRESHOLD.default) as Obj;
  // The whole guild's count: GUILD_CREATE's `members` list depends on a session's intents, its count does not.
  const members = full.member_count as number;
  for (const key of GATEWAY_ONLY) delete full[key];
  if (req.query.get('with_counts') === 'true') {
    full.approximate_member_count = members;
    full.approximate_presence_count = 0;
  }
  return { status: 200, body: full };
}

function getChannels(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  return { status: 200, body: guildCreatePayload(at.guild, at.app, 0, LARGE_THRESHOLD.default).channels };
}

function getRoles(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  return { status: 200, body: guildCreatePayload(at.guild, at.app, 0, LARGE_THRESHOLD.default).roles };
}

/** The guild's members as the service lists them: the seeded ones and the bot. */
function members(guild: Guild, app: Application) {
  return guildMembers(guild, app).map((object) => ({ id: object.user.id, object }));
}

function getMember(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const found = members(at.guild, at.app).find((m) => m.id === req.params.userId);
  return found ? { status: 200, body: found.object } : channelError(ChannelErrors.unknownMember);
}

function listMembers(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  // Listing members needs the privileged GUILD_MEMBERS intent enabled for the application.
  if (((at.app.profile?.flags ?? 0) & GUILD_MEMBERS_APP_FLAGS) === 0) return channelError(ChannelErrors.missingAccess);
  const q = parseMemberPageQuery((name) => req.query.get(name));
  if (Array.isArray(q)) return problemsResponse(q)!;
  return { status: 200, body: memberPage(members(at.guild, at.app), q).map((m) => m.object) };
}

/** GET /users/@me/guilds: the partial guild objects of the guilds the bot is in. A bearer is not a bot user: 401. */
function listBotGuilds(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const app = botOf(req);
  if ('status' in app) return app;
  const q = parseUserGuildsQuery((name) => req.query.get(name));
  if (Array.isArray(q)) return problemsResponse(q)!;
  const withCounts = req.query.get('with_counts') === 'true';
  const guilds = userGuildsPage(
    Object.values(ctx.world.guilds).filter((g) => botInGuild(g, app.id)),
    q,
  );
  return {
    status: 200,
    body: guilds.map((g) => ({
      id: g.id,
      name: g.name,
      icon: null,
      banner: null,
      owner: g.ownerId === app.botUserId,
      permissions: botGuildPermissions(g, app).toString(),
      features: [],
      ...(withCounts ? { approximate_member_count: guildMembers(g, app).length, approximate_presence_count: 0 } : {}),
    })),
  };
}

export const guildReadRoutes: Route[] = [
  { method: 'GET', pattern: '/users/@me/guilds', auth: 'optional', bucket: 'default', handler: listBotGuilds },
  { method: 'GET', pattern: '/channels/:channelId', auth: 'optional', bucket: 'default', handler: getChannel },
  { method: 'GET', pattern: '/guilds/:guildId', auth: 'optional', bucket: 'default', handler: getGuild },
  { method: 'GET', pattern: '/guilds/:guildId/channels', auth: 'optional', bucket: 'default', handler: getChannels },
  { method: 'GET', pattern: '/guilds/:guildId/roles', auth: 'optional', bucket: 'default', handler: getRoles },
  { method: 'GET', pattern: '/guilds/:guildId/members', auth: 'optional', bucket: 'default', handler: listMembers },
  {
    method: 'GET',
    pattern: '/guilds/:guildId/members/:userId',
    auth: 'optional',
    bucket: 'default',
    handler: getMember,
  },
];
