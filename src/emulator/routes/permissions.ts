/**
 * Part A: guild application command permissions (v2). Reads take any
 * credential of the app; edits take only a user's bearer with
 * applications.commands.permissions.update. The batch PUT is disabled.
 */
import type { Limits } from '../../wire/limits.js';
import { isObject } from '../../wire/rules/values.js';
import { mayManageCommandPermissions } from '../../wire/access/manage.js';
import { validatePermissionEntries } from '../../wire/rules/permissions.js';
import { checkPermissionsRead, checkPermissionsWrite } from '../http/auth.js';
import { findCommand } from '../state/commands-model.js';
import { formErrorResponse } from '../http/form-errors.js';
import {
  apiError,
  type EmulatorRequest,
  type EmulatorResponse,
  type HandlerContext,
  type Route,
} from '../http/http-types.js';
import { own } from '../state/own.js';
import { shapePermissions } from '../models/shape.js';
import type { StoredPermissions } from '../state/world.js';
import { applicationOf, atPath, isResponse, resolveScope, unknownCommand } from './common.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

const BASE = '/applications/:applicationId/guilds/:guildId/commands';

const unknownPermissions = (): EmulatorResponse => apiError(ErrorAnswers.unknownCommandPermissions);

/**
 * The user behind the bearer must be able to manage the guild and its roles
 * (spec "Endpoints" 5): otherwise 403 50013 Missing Permissions (facts §1.3).
 */
function checkManager(req: EmulatorRequest, ctx: HandlerContext, guildId: string): EmulatorResponse | undefined {
  const guild = own(ctx.world.guilds, guildId);
  const userId = req.auth.kind === 'bearer' ? req.auth.userId : undefined;
  if (!guild || userId === undefined) return apiError(ErrorAnswers.missingPermissions);
  const roles = new Map(guild.roles.map((r) => [r.id, BigInt(r.permissions ?? '0')]));
  const member = guild.members.find((m) => m.id === userId);
  const verdict = mayManageCommandPermissions(
    { guildId, ...(guild.ownerId ? { ownerId: guild.ownerId } : {}), roles },
    userId,
    member ? { userId, roleIds: member.roles ?? [] } : undefined,
  );
  return verdict.allowed ? undefined : apiError(ErrorAnswers.missingPermissions);
}

function rowKey(guildId: string, targetId: string): string {
  return `${guildId}:${targetId}`;
}

/**
 * The command (global, or of this guild) or the application id (the app-wide
 * default row) a permissions path names.
 */
function checkTarget(
  req: EmulatorRequest,
  ctx: HandlerContext,
): { guildId: string; targetId: string } | EmulatorResponse {
  const app = applicationOf(req)!;
  const scope = resolveScope(req, ctx, app);
  if (isResponse(scope)) return scope;
  const guildId = req.params.guildId!;
  const targetId = req.params.commandId!;
  if (
    targetId !== app.id &&
    !findCommand(ctx.world, app.id, scope, targetId) &&
    !findCommand(ctx.world, app.id, { kind: 'global' }, targetId)
  ) {
    return unknownCommand();
  }
  return { guildId, targetId };
}

export function permissionRoutes(limits: Limits): Route[] {
  const listAll = (req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse => {
    const denied = checkPermissionsRead(req.auth);
    if (denied) return denied;
    const app = applicationOf(req)!;
    const scope = resolveScope(req, ctx, app);
    if (isResponse(scope)) return scope;
    // Only rows that exist: commands (or the app row) with overwrites in this guild.
    const rows = Object.values(ctx.world.permissions).filter(
      (p) => p.application_id === app.id && p.guild_id === req.params.guildId,
    );
    return { status: 200, body: rows.map(shapePermissions) };
  };

  const getOne = (req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse => {
    const denied = checkPermissionsRead(req.auth);
    if (denied) return denied;
    const t = checkTarget(req, ctx);
    if (isResponse(t)) return t;
    const row = own(ctx.world.permissions, rowKey(t.guildId, t.targetId));
    return row ? { status: 200, body: shapePermissions(row) } : unknownPermissions();
  };

  const put = (req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse => {
    const denied = checkPermissionsWrite(req.auth);
    if (denied) return denied;
    const t = checkTarget(req, ctx);
    if (isResponse(t)) return t;
    const notManager = checkManager(req, ctx, t.guildId);
    if (notManager) return notManager;
    const entries = isObject(req.body) ? req.body.permissions : undefined;
    const refused = formErrorResponse(atPath(['permissions'], validatePermissionEntries(entries, limits)));
    if (refused) return refused;
    const app = applicationOf(req)!;
    const row: StoredPermissions = {
      id: t.targetId,
      application_id: app.id,
      guild_id: t.guildId,
      permissions: (entries as Array<{ id: string; type: number; permission: boolean }>).map((e) => ({
        id: e.id,
        type: e.type,
        permission: e.permission,
      })),
    };
    // The PUT replaces the whole list; an empty list leaves no row (GET answers 10066 again).
    const key = rowKey(t.guildId, t.targetId);
    if (row.permissions.length === 0) delete ctx.world.permissions[key];
    else ctx.world.permissions[key] = row;
    ctx.changed();
    const body = shapePermissions(row);
    ctx.events.emit({
      applicationId: app.id,
      name: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE',
      data: body,
      guildId: t.guildId,
    });
    return { status: 200, body };
  };

  /** Batch edit was removed with permissions v2: the route answers as an unsupported method. */
  const batchDisabled = (): EmulatorResponse => apiError(ErrorAnswers.methodNotAllowed);

  return [
    { method: 'GET', pattern: `${BASE}/permissions`, auth: 'app', bucket: 'permissions.get', handler: listAll },
    {
      method: 'PUT',
      pattern: `${BASE}/permissions`,
      auth: 'optional',
      bucket: 'permissions.edit',
      handler: batchDisabled,
    },
    {
      method: 'GET',
      pattern: `${BASE}/:commandId/permissions`,
      auth: 'app',
      bucket: 'permissions.get',
      handler: getOne,
    },
    { method: 'PUT', pattern: `${BASE}/:commandId/permissions`, auth: 'app', bucket: 'permissions.edit', handler: put },
  ];
}
