/**
 * What a bot does to a guild's members (issue 41, items 1 and 2): kick
 * (DELETE /guilds/{id}/members/{user}), change (PATCH: nick, roles, a
 * timeout), give and take one role (PUT/DELETE …/roles/{role}), and search
 * (GET /guilds/{id}/members/search). GET one member and the list are
 * guild-reads.ts's. What each does is models/moderation.ts's and
 * models/member-edit.ts's.
 */
import { MEMBER_FIELDS_NOT_EMULATED, parseMemberChange } from '../../wire/guild/bodies.js';
import { matchesMemberSearch, parseMemberSearch } from '../../wire/guild/moderation.js';
import { isObject } from '../../wire/rules/values.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import { guildMembers } from '../gateway/members.js';
import { fieldsNotEmulated } from '../http/not-emulated.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { editMember, setMemberRole } from '../models/member-edit.js';
import { kickMember } from '../models/moderation.js';
import { problemsResponse } from '../state/webhook-access.js';
import { channelError, guildAccess, moderatorAccess } from './channel-access.js';

function kick(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  const result = kickMember(by, req.params.userId!, ctx);
  if (!result.ok) return channelError(result.error);
  ctx.changed();
  return { status: 204 };
}

function edit(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  const unkept = MEMBER_FIELDS_NOT_EMULATED.filter((k) => isObject(req.body) && req.body[k] !== undefined);
  if (unkept.length > 0) return fieldsNotEmulated(req.method, req.path, unkept);
  const change = parseMemberChange(req.body, ctx.now());
  if (Array.isArray(change)) return problemsResponse(change)!;
  const result = editMember(by, req.params.userId!, change, ctx);
  if (!result.ok) return channelError(result.error);
  ctx.changed();
  return { status: 200, body: result.member };
}

function setRole(give: boolean) {
  return (req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse => {
    const by = moderatorAccess(req, ctx);
    if ('status' in by) return by;
    const result = setMemberRole(by, req.params.userId!, req.params.roleId!, give, ctx);
    if (!result.ok) return channelError(result.error);
    ctx.changed();
    return { status: 204 };
  };
}

function search(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const q = parseMemberSearch((name) => req.query.get(name));
  if (Array.isArray(q)) return problemsResponse(q)!;
  const found = guildMembers(at.guild, at.app).filter((m) =>
    matchesMemberSearch({ username: m.user.username, ...(m.nick ? { nick: m.nick } : {}) }, q.query),
  );
  found.sort((a, b) => compareSnowflakes(a.user.id, b.user.id));
  return { status: 200, body: found.slice(0, q.limit) };
}

const MEMBER = '/guilds/:guildId/members/:userId';
const ROLE = `${MEMBER}/roles/:roleId`;
export const guildMemberRoutes: Route[] = [
  { method: 'GET', pattern: '/guilds/:guildId/members/search', auth: 'optional', bucket: 'default', handler: search },
  { method: 'DELETE', pattern: MEMBER, auth: 'optional', bucket: 'default', handler: kick },
  { method: 'PATCH', pattern: MEMBER, auth: 'optional', bucket: 'default', handler: edit },
  { method: 'PUT', pattern: ROLE, auth: 'optional', bucket: 'default', handler: setRole(true) },
  { method: 'DELETE', pattern: ROLE, auth: 'optional', bucket: 'default', handler: setRole(false) },
];
