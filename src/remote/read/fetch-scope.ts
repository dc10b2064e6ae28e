import type { APIApplicationCommand, APIGuildApplicationCommandPermissions } from 'discord-api-types/v10';
import type { Scope } from '../../wire/scope.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { RestClient } from '../http/client.js';
import { listCommands, listGuildCommandPermissions, type CallOptions } from '../commands.js';

/** One scope as the service has it, raw (normalizing is the planner's job). */
export interface RemoteScope {
  scope: Scope;
  /** Fetched with full localization dictionaries. */
  commands: APIApplicationCommand[];
  /** Guild scopes only (when asked): every permission set that has overwrites. */
  permissions?: APIGuildApplicationCommandPermissions[];
}

/**
 * Reads a scope once: its commands and, for a guild, its permission sets, in
 * parallel (they are different buckets). Permission reads accept the bot or
 * client-credentials token, so no user bearer is needed here.
 */
export async function fetchRemoteScope(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  options: CallOptions & { permissions?: boolean } = {},
): Promise<RemoteScope> {
  const wantPermissions = scope.kind === 'guild' && (options.permissions ?? true);
  const [commands, permissions] = await Promise.all([
    listCommands(client, applicationId, scope, { signal: options.signal }),
    wantPermissions && scope.kind === 'guild'
      ? listGuildCommandPermissions(client, applicationId, scope.guildId, { signal: options.signal })
      : undefined,
  ]);
  return permissions === undefined ? { scope, commands } : { scope, commands, permissions };
}

/** Every scope at once: the client's queues and concurrency limit keep this within the service's limits. */
export function fetchRemoteScopes(
  client: RestClient,
  applicationId: Snowflake,
  scopes: readonly Scope[],
  options: CallOptions & { permissions?: boolean } = {},
): Promise<RemoteScope[]> {
  return Promise.all(scopes.map((scope) => fetchRemoteScope(client, applicationId, scope, options)));
}
