import { ErrorAnswers } from '../../wire/error-answers.js';
import type { Scope } from '../../wire/scope.js';
import type { ScopeState, State } from '../../wire/state.js';
import type { RestClient } from '../http/client.js';
import { fetchRemoteScope, type RemoteScope } from './fetch-scope.js';
import { DiscordAPIError } from '../errors.js';
import type { Obj } from '../../wire/rules/values.js';

/** Raw service responses as actual state: the planner normalizes both sides alike. */
export function actualScope(remote: RemoteScope, applicationId: string): ScopeState {
  const out: ScopeState = {
    scope: remote.scope,
    commands: remote.commands.map((c) => ({
      // discord-api-types' APIApplicationCommand is an interface (no index signature); the planner reads bodies by key.
      body: c as unknown as Obj,
      id: c.id,
      version: c.version,
    })),
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
export async function fetchActualState(
  client: RestClient,
  applicationId: string,
  scopes: readonly Scope[],
  permissionGuilds: ReadonlySet<string>,
  /** Told as each scope is read or skipped, for progress output. */
  onScope?: (scope: Scope, outcome: 'read' | 'skipped') => void,
): Promise<{ state: State; reads: number; skipped: SkippedScope[] }> {
  const skipped: SkippedScope[] = [];
  const read = async (scope: Scope): Promise<ScopeState | undefined> => {
    try {
      const permissions = scope.kind === 'guild' && permissionGuilds.has(scope.guildId);
      const state = actualScope(await fetchRemoteScope(client, applicationId, scope, { permissions }), applicationId);
      onScope?.(scope, 'read');
      return state;
    } catch (err) {
      // One guild the app cannot reach must not stop the others (peers §4.9).
      const reason =
        scope.kind === 'guild' && err instanceof DiscordAPIError ? GUILD_UNREACHABLE[err.apiCode] : undefined;
      if (!reason) throw err;
      skipped.push({ scope, reason });
      onScope?.(scope, 'skipped');
      return undefined;
    }
  };
  const states = await Promise.all(scopes.map(read));
  return {
    state: { applicationId, scopes: states.filter((s): s is ScopeState => s !== undefined) },
    reads: scopes.length + scopes.filter((s) => s.kind === 'guild' && permissionGuilds.has(s.guildId)).length,
    skipped,
  };
}

/** A declared guild the plan could not read, and why. */
export interface SkippedScope {
  scope: Scope;
  reason: string;
}

const GUILD_UNREACHABLE: Readonly<Record<number, string>> = {
  [ErrorAnswers.missingAccess.code]:
    'the application lacks access there (is it in the guild, with the applications.commands scope?)',
  [ErrorAnswers.unknownGuild.code]: 'the service does not know this guild',
};
