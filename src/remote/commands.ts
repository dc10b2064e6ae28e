import type {
  APIApplicationCommand,
  APIApplicationCommandPermission,
  APIGuildApplicationCommandPermissions,
  RESTPatchAPIApplicationCommandJSONBody,
  RESTPostAPIApplicationCommandsJSONBody,
  RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { ErrorAnswers } from '../wire/error-answers.js';
import type { Scope } from '../wire/scope.js';
import type { Snowflake } from '../wire/snowflake.js';
import type { RestClient } from './http/client.js';
import { DiscordAPIError } from './errors.js';

/*
 * Part A of the interface: application commands and their guild permissions.
 * Every function takes the scope (global or one guild) so callers that work
 * per scope (plan, apply, pull) need no path knowledge.
 */

/** Options every call accepts. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** `/applications/{app}/commands` or `/applications/{app}/guilds/{guild}/commands`. */
export function commandsPath(applicationId: Snowflake, scope: Scope): string {
  const base = `/applications/${seg(applicationId)}`;
  return scope.kind === 'global' ? `${base}/commands` : `${base}/guilds/${seg(scope.guildId)}/commands`;
}

/**
 * Every command of a scope, with full localization dictionaries: without
 * `with_localizations=true` the service returns only the requester's locale
 * and every plan would show spurious diffs.
 */
export function listCommands(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  options: CallOptions & { withLocalizations?: boolean } = {},
): Promise<APIApplicationCommand[]> {
  return client.request({
    method: 'GET',
    path: commandsPath(applicationId, scope),
    query: { with_localizations: options.withLocalizations ?? true },
    signal: options.signal,
  });
}

export function getCommand(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  commandId: Snowflake,
  options: CallOptions = {},
): Promise<APIApplicationCommand> {
  return client.request({
    method: 'GET',
    path: `${commandsPath(applicationId, scope)}/${seg(commandId)}`,
    signal: options.signal,
  });
}

/**
 * Creates a command. The service treats this as an upsert by name and type:
 * `created` is true on 201 (a new command, counted toward the daily create
 * allowance) and false on 200 (an existing one was overwritten).
 */
export async function createCommand(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  body: RESTPostAPIApplicationCommandsJSONBody,
  options: CallOptions = {},
): Promise<{ command: APIApplicationCommand; created: boolean }> {
  const response = await client.send<APIApplicationCommand>({
    method: 'POST',
    path: commandsPath(applicationId, scope),
    body,
    signal: options.signal,
  });
  return { command: response.data, created: response.status === 201 };
}

/** PATCH: the fields given replace the existing ones entirely; `type` cannot change (that is a replace). */
export function editCommand(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  commandId: Snowflake,
  body: RESTPatchAPIApplicationCommandJSONBody,
  options: CallOptions = {},
): Promise<APIApplicationCommand> {
  return client.request({
    method: 'PATCH',
    path: `${commandsPath(applicationId, scope)}/${seg(commandId)}`,
    body,
    signal: options.signal,
  });
}

/** Deletes a command; its permissions in every guild go with it. */
export async function deleteCommand(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  commandId: Snowflake,
  options: CallOptions = {},
): Promise<void> {
  await client.request({
    method: 'DELETE',
    path: `${commandsPath(applicationId, scope)}/${seg(commandId)}`,
    signal: options.signal,
  });
}

/**
 * Replaces the scope's whole command list (all types). Entries with an `id`
 * keep that command (and its permissions). A 50035 error lists field paths
 * starting with the entry's index.
 */
export function bulkOverwriteCommands(
  client: RestClient,
  applicationId: Snowflake,
  scope: Scope,
  body:
    | RESTPutAPIApplicationCommandsJSONBody
    | Array<RESTPutAPIApplicationCommandsJSONBody[number] & { id?: Snowflake }>,
  options: CallOptions = {},
): Promise<APIApplicationCommand[]> {
  return client.request({ method: 'PUT', path: commandsPath(applicationId, scope), body, signal: options.signal });
}

/** Every permission set of the app in a guild: only commands (or the app-wide row) that have overwrites. */
export function listGuildCommandPermissions(
  client: RestClient,
  applicationId: Snowflake,
  guildId: Snowflake,
  options: CallOptions = {},
): Promise<APIGuildApplicationCommandPermissions[]> {
  return client.request({
    method: 'GET',
    path: `/applications/${seg(applicationId)}/guilds/${seg(guildId)}/commands/permissions`,
    signal: options.signal,
  });
}

/**
 * One command's permissions in a guild, or null when it has no overwrites
 * (the service answers 404 code 10066 for that, which is not an error to us).
 * Pass the application id as `commandId` for the app-wide default row.
 */
export async function getCommandPermissions(
  client: RestClient,
  applicationId: Snowflake,
  guildId: Snowflake,
  commandId: Snowflake,
  options: CallOptions = {},
): Promise<APIGuildApplicationCommandPermissions | null> {
  try {
    return await client.request({
      method: 'GET',
      path: `/applications/${seg(applicationId)}/guilds/${seg(guildId)}/commands/${seg(commandId)}/permissions`,
      signal: options.signal,
    });
  } catch (error) {
    // The service's "no overwrites for this command" answer.
    if (error instanceof DiscordAPIError && error.apiCode === ErrorAnswers.unknownCommandPermissions.code) return null;
    throw error;
  }
}

/**
 * Replaces one command's permission overwrites in a guild. Needs the user's
 * bearer token (`DISCORD_BEARER_TOKEN`); without one this throws
 * `BEARER_TOKEN_REQUIRED` before sending anything.
 */
export function setCommandPermissions(
  client: RestClient,
  applicationId: Snowflake,
  guildId: Snowflake,
  commandId: Snowflake,
  permissions: APIApplicationCommandPermission[],
  options: CallOptions = {},
): Promise<APIGuildApplicationCommandPermissions> {
  return client.request({
    method: 'PUT',
    path: `/applications/${seg(applicationId)}/guilds/${seg(guildId)}/commands/${seg(commandId)}/permissions`,
    body: { permissions },
    auth: 'user',
    signal: options.signal,
  });
}

/** A path segment; ids are digits, but encoding keeps a malformed one from changing the route. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}
