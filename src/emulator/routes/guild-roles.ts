/**
 * A guild's roles as a bot changes them (issue 41, item 2): POST
 * /guilds/{id}/roles, PATCH and DELETE /guilds/{id}/roles/{role}, and PATCH
 * /guilds/{id}/roles (positions). GET is guild-reads.ts's. What each does is
 * models/role-edit.ts's.
 */
import { ChannelErrors } from '../../wire/messages/index.js';
import { parseRoleFields, parseRolePositions } from '../../wire/guild/bodies.js';
import { roleObject } from '../gateway/payloads.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { createRole, deleteRole, editRole, moveRoles, type RoleResult } from '../models/role-edit.js';
import { problemsResponse } from '../state/webhook-access.js';
import { channelError, guildAccess, moderatorAccess } from './channel-access.js';

function done(result: RoleResult, ctx: HandlerContext): EmulatorResponse {
  if (!result.ok) return channelError(result.error);
  ctx.changed();
  return result.body === undefined ? { status: 204 } : { status: 200, body: result.body };
}

function create(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  const f = parseRoleFields(req.body);
  if (Array.isArray(f)) return problemsResponse(f)!;
  return done(createRole(by, f, ctx), ctx);
}

function edit(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  const f = parseRoleFields(req.body);
  if (Array.isArray(f)) return problemsResponse(f)!;
  return done(editRole(by, req.params.roleId!, f, ctx), ctx);
}

function remove(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  return done(deleteRole(by, req.params.roleId!, ctx), ctx);
}

function move(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const by = moderatorAccess(req, ctx);
  if ('status' in by) return by;
  const parsed = parseRolePositions(req.body);
  if (Array.isArray(parsed)) return problemsResponse(parsed)!;
  return done(moveRoles(by, parsed.moves, ctx), ctx);
}

/** GET /guilds/{id}/roles/{role}: one role (10011 when unknown). */
function getOne(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const i = at.guild.roles.findIndex((r) => r.id === req.params.roleId);
  return i < 0 ? channelError(ChannelErrors.unknownRole) : { status: 200, body: roleObject(at.guild.roles[i]!, i) };
}

const ROLE = '/guilds/:guildId/roles/:roleId';
export const guildRoleRoutes: Route[] = [
  { method: 'POST', pattern: '/guilds/:guildId/roles', auth: 'optional', bucket: 'default', handler: create },
  { method: 'PATCH', pattern: '/guilds/:guildId/roles', auth: 'optional', bucket: 'default', handler: move },
  { method: 'GET', pattern: ROLE, auth: 'optional', bucket: 'default', handler: getOne },
  { method: 'PATCH', pattern: ROLE, auth: 'optional', bucket: 'default', handler: edit },
  { method: 'DELETE', pattern: ROLE, auth: 'optional', bucket: 'default', handler: remove },
];
