import { createHash } from 'node:crypto';
import { scopeKey } from '../wire/scope.js';
import type { ApplicationTraits } from '../wire/service-rules.js';
import type { ScopeState } from '../wire/state.js';
import type { RemoteFingerprint } from './model.js';
import { normalizePermissions } from './normalize.js';

/**
 * What a saved plan was computed against: each remote command's id and
 * `version` (the service moves it on every substantive change) and a digest
 * of the permission sets. Apply refuses a plan whose fingerprint no longer
 * matches (Terraform's "Saved plan is stale").
 */
export function fingerprintOf(actual: readonly ScopeState[]): RemoteFingerprint {
  const out: RemoteFingerprint = {};
  for (const s of actual) {
    const commands = s.commands
      .map((c) => [c.id!, c.version] as [string, string | undefined])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const entry: RemoteFingerprint[string] = { commands };
    if (s.permissions) {
      const sets = s.permissions
        .map((p) => ({
          id: p.target.kind === 'application' ? '*' : String(p.target.id),
          entries: normalizePermissions(p.entries),
        }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      entry.permissions = createHash('sha256').update(JSON.stringify(sets)).digest('hex');
    }
    out[scopeKey(s.scope)] = entry;
  }
  return out;
}

/** The scopes whose remote state moved since the plan, by key; empty when none. */
export function staleScopes(planned: RemoteFingerprint, now: RemoteFingerprint): string[] {
  return Object.keys(planned).filter((k) => JSON.stringify(planned[k]) !== JSON.stringify(now[k]));
}

/** The fingerprint key of the application's settings: a scope key never takes this form. */
export const APPLICATION_FINGERPRINT_KEY = 'application';

/**
 * The application's settings a plan checked its commands against (EMBEDDED,
 * installation contexts, discovery): a saved plan is stale once they moved,
 * since a command that passed then may be refused half way through apply.
 */
export function applicationFingerprint(traits: ApplicationTraits): RemoteFingerprint[string] {
  const types = [...traits.integrationTypes].sort((a, b) => a - b).join(',');
  return {
    commands: [],
    application: `embedded=${traits.embedded};integration_types=${types};discoverable=${traits.discoverable}`,
  };
}
