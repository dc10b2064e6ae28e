/**
 * `POST /__emulator/authorize` (loopback, control token): installs an
 * application in a guild as the OAuth2 authorization screen would, with the
 * scopes the user approved: `bot` (which includes `applications.commands`,
 * spec "Authentication"), `applications.commands`, or both. An install
 * without either (older seeds' `commands_scope: false`) cannot add commands;
 * authorizing again replaces its scopes. With `webhook.incoming` among the
 * scopes the same route is the webhook consent and answers a code instead
 * (also served at `/__emulator/oauth2/authorize`, see `authorizeTarget`).
 *   body: { "scopes": ["bot"], "guildId"?, "applicationId"?, "permissions"? }
 */
import { GUILD_INSTALL_SCOPES } from '../../wire/installation.js';
import { DECIMAL_PERMISSIONS } from '../../wire/permissions.js';
import type { EmulatorResponse } from '../http/http-types.js';
import { own } from '../state/own.js';
import { DEFAULT_APP_PERMISSIONS, installOf } from '../state/seed.js';
import type { World } from '../state/world.js';
import { AUTHORIZE_PATH as WEBHOOK_AUTHORIZE_PATH, WEBHOOK_SCOPE } from './webhook-authorize.js';
import type { Obj } from '../../wire/rules/values.js';

/**
 * Where a request to this route goes: scopes including `webhook.incoming`
 * (`scopes` list or the authorize URL's space-separated `scope`) ask for the
 * webhook consent, which answers a code (routes/webhook-authorize.ts at this
 * path); anything else is an install.
 */
export function authorizeTarget(body: unknown): typeof AUTHORIZE_PATH | typeof WEBHOOK_AUTHORIZE_PATH {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return AUTHORIZE_PATH;
  const b = body as Obj;
  const scopes = Array.isArray(b.scopes) ? b.scopes : typeof b.scope === 'string' ? b.scope.split(/\s+/) : [];
  return scopes.includes(WEBHOOK_SCOPE) ? WEBHOOK_AUTHORIZE_PATH : AUTHORIZE_PATH;
}

export const AUTHORIZE_PATH = '/authorize' as const;

const bad = (message: string): EmulatorResponse => ({ status: 400, body: { message } });

/** The answer, and whether the world changed. */
export function authorizeControl(
  method: string,
  body: unknown,
  world: World,
  defaults: { applicationId: string; guildId: string },
): { response: EmulatorResponse; changed: boolean } {
  if (method !== 'POST') return { response: { status: 405, body: { message: 'Method not allowed' } }, changed: false };
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { response: bad('Send { "scopes": ["bot"], "guildId", "applicationId" }'), changed: false };
  const b = body as Obj;
  for (const k of ['guildId', 'applicationId', 'permissions'] as const)
    if (b[k] !== undefined && typeof b[k] !== 'string')
      return { response: bad(`${k} must be a string`), changed: false };
  const scopes = b.scopes;
  if (
    !Array.isArray(scopes) ||
    scopes.length === 0 ||
    scopes.some((s) => !GUILD_INSTALL_SCOPES.includes(s as string))
  ) {
    return { response: bad(`scopes must be a non-empty list of ${GUILD_INSTALL_SCOPES.join(', ')}`), changed: false };
  }
  const permissions = b.permissions as string | undefined;
  if (permissions !== undefined && !DECIMAL_PERMISSIONS.test(permissions))
    return { response: bad('permissions must be a decimal bit set'), changed: false };
  const appId = (b.applicationId as string | undefined) ?? defaults.applicationId;
  const guildId = (b.guildId as string | undefined) ?? defaults.guildId;
  if (!own(world.applications, appId))
    return { response: { status: 404, body: { message: `unknown application ${appId}` } }, changed: false };
  const guild = own(world.guilds, guildId);
  if (!guild) return { response: { status: 404, body: { message: `unknown guild ${guildId}` } }, changed: false };
  const install = installOf(
    [...new Set(scopes as string[])],
    permissions ?? own(guild.apps, appId)?.permissions ?? DEFAULT_APP_PERMISSIONS,
  );
  guild.apps[appId] = install;
  return {
    response: {
      status: 200,
      body: { application_id: appId, guild_id: guildId, scopes: install.scopes, commands: install.commandsScope },
    },
    changed: true,
  };
}
