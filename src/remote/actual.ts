import type { Scope } from '../spec/scope.js';
import type { ScopeState, State } from '../spec/state.js';
import type { RestClient } from './client.js';
import { fetchRemoteScopes, type RemoteScope } from './fetch-scope.js';

/** Raw service responses as actual state: the planner normalizes both sides alike. */
export function actualScope(remote: RemoteScope, applicationId: string): ScopeState {
  const out: ScopeState = {
    scope: remote.scope,
    commands: remote.commands.map((c) => ({ body: c as unknown as Record<string, unknown>, id: c.id, version: c.version })),
  };
  if (remote.permissions) {
    out.permissions = remote.permissions.map((p) => ({
      target: p.id === applicationId ? { kind: 'application' as const } : { kind: 'command' as const, id: p.id },
      entries: p.permissions.map((e) => ({ id: e.id, type: e.type, permission: e.permission })),
    }));
  }
  return out;
}

/**
 * Reads each scope once (commands with full localizations; a guild's
 * permissions only where `permissionGuilds` says they are managed), all
 * scopes concurrently within the client's rate limits.
 */
export async function fetchActualState(client: RestClient, applicationId: string, scopes: readonly Scope[], permissionGuilds: ReadonlySet<string>): Promise<{ state: State; reads: number }> {
  const withPerms = scopes.filter((s) => s.kind === 'guild' && permissionGuilds.has(s.guildId));
  const without = scopes.filter((s) => !withPerms.includes(s));
  const [a, b] = await Promise.all([
    fetchRemoteScopes(client, applicationId, withPerms, { permissions: true }),
    fetchRemoteScopes(client, applicationId, without, { permissions: false }),
  ]);
  const byScope = new Map([...a, ...b].map((r) => [r.scope, r]));
  return {
    state: { applicationId, scopes: scopes.map((s) => actualScope(byScope.get(s)!, applicationId)) },
    reads: scopes.length + withPerms.length,
  };
}
