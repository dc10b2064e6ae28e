import { CmdsyncError } from '../errors.js';
import type { Scope } from '../wire/scope.js';
import type { Snowflake } from '../wire/snowflake.js';
import {
  REQUEST_METHODS,
  type CommandRequest,
  type CommandRequestKind,
  type PlannedRequestKind,
  type WebhookRequest,
} from './model.js';

/**
 * The planned requests, each made from its kind: the method comes from the
 * kind (`REQUEST_METHODS`) and the route template is written here once.
 * Routes are for people reading a plan; apply goes by the kind.
 */

const commandsRoute = (scope: Scope): string =>
  scope.kind === 'global' ? '/applications/{app}/commands' : `/applications/{app}/guilds/${scope.guildId}/commands`;

const COMMAND_ROUTE: Record<CommandRequestKind, (scope: Scope) => string> = {
  'command-create': commandsRoute,
  'command-edit': (scope) => `${commandsRoute(scope)}/{id}`,
  'command-delete': (scope) => `${commandsRoute(scope)}/{id}`,
  'bulk-overwrite': commandsRoute,
  // Permission sets exist only in guilds; a global command's set is written in a guild too.
  permissions: (scope) => `${commandsRoute(scope)}/{id}/permissions`,
};

export function commandRequest(kind: CommandRequestKind, scope: Scope, addresses: readonly string[]): CommandRequest {
  // The method is the kind's (REQUEST_METHODS): the one pairing the union type cannot see through a variable kind.
  return { kind, method: REQUEST_METHODS[kind], route: COMMAND_ROUTE[kind](scope), addresses } as CommandRequest;
}

export function webhookCreateRequest(address: string, channelId: Snowflake): WebhookRequest {
  return { kind: 'webhook-create', method: 'POST', route: `/channels/${channelId}/webhooks`, addresses: [address] };
}

export function webhookRequest(
  kind: 'webhook-edit' | 'webhook-delete',
  address: string,
  id: Snowflake,
): WebhookRequest {
  return kind === 'webhook-edit'
    ? { kind, method: 'PATCH', route: '/webhooks/{id}', addresses: [address], id }
    : { kind, method: 'DELETE', route: '/webhooks/{id}', addresses: [address], id };
}

/**
 * A saved plan's request with its kind: plans before format 1.4 name none,
 * so it is told from the method and route they were written with (the one
 * place a route is read). A kind this version does not know, or one its
 * method contradicts, refuses the file before anything is sent.
 */
export function requestWithKind(
  req: { kind?: unknown; method?: unknown; route?: unknown },
  webhook: boolean,
  source: string,
): PlannedRequestKind {
  const what = `${String(req.method)} ${String(req.route)}`;
  if (req.kind === undefined) {
    const kind = olderKind(req.method, typeof req.route === 'string' ? req.route : '', webhook);
    if (kind) return kind;
    throw new CmdsyncError('PLAN_FILE_INVALID', `${source}: the request ${what} is not one cmdsync plans; plan again.`);
  }
  if (typeof req.kind !== 'string' || !Object.hasOwn(REQUEST_METHODS, req.kind))
    throw new CmdsyncError(
      'PLAN_FILE_INVALID',
      `${source}: the request ${what} is of a kind this cmdsync does not know (${JSON.stringify(req.kind)}); plan again with this version.`,
    );
  const kind = req.kind as PlannedRequestKind;
  if (kind.startsWith('webhook-') !== webhook || REQUEST_METHODS[kind] !== req.method)
    throw new CmdsyncError(
      'PLAN_FILE_INVALID',
      `${source}: the request ${what} is not a ${kind} request${webhook ? ' of webhooks' : ' of a scope'}; plan again.`,
    );
  return kind;
}

function olderKind(method: unknown, route: string, webhook: boolean): PlannedRequestKind | undefined {
  if (webhook)
    return method === 'POST'
      ? 'webhook-create'
      : method === 'PATCH'
        ? 'webhook-edit'
        : method === 'DELETE'
          ? 'webhook-delete'
          : undefined;
  if (method === 'PUT') return route.endsWith('/permissions') ? 'permissions' : 'bulk-overwrite';
  return method === 'POST'
    ? 'command-create'
    : method === 'PATCH'
      ? 'command-edit'
      : method === 'DELETE'
        ? 'command-delete'
        : undefined;
}
