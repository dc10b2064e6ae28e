import { webhookFingerprint } from '../plan/build.js';
import {
  APPLICATION_FINGERPRINT_KEY,
  applicationFingerprint,
  fingerprintOf,
  staleScopes,
} from '../plan/fingerprint.js';
import type { Plan } from '../plan/model.js';
import { fetchActualState } from '../remote/read/actual.js';
import { fetchActualWebhooks } from '../remote/read/actual-webhooks.js';
import { fetchApplication } from '../remote/read/application.js';
import type { RestClient } from '../remote/http/client.js';
import { scopeKey, type Scope } from '../wire/scope.js';

/** Re-reads the scopes a saved plan was computed against (and the application its commands were checked against); the keys of those that moved. */
export async function checkPlanFreshness(plan: Plan, client: RestClient): Promise<string[]> {
  const scopes: Scope[] = plan.scopes.map((s) => s.scope);
  const withPermissions = new Set(
    plan.scopes
      .filter((s) => plan.fingerprint[scopeKey(s.scope)]?.permissions !== undefined && s.scope.kind === 'guild')
      .map((s) => (s.scope as { guildId: string }).guildId),
  );
  const checkedApplication = plan.fingerprint[APPLICATION_FINGERPRINT_KEY] !== undefined;
  const [{ state }, hooks, application] = await Promise.all([
    fetchActualState(client, plan.application_id, scopes, withPermissions),
    plan.webhooks ? fetchActualWebhooks(client, plan.webhooks.channels, plan.webhooks.locked) : undefined,
    checkedApplication ? fetchApplication(client, plan.application_id) : undefined,
  ]);
  const now = fingerprintOf(state.scopes);
  if (hooks) now.webhooks = webhookFingerprint(hooks.webhooks);
  // Unreadable now but read then: stale, since the commands can no longer be checked against it.
  if (application?.traits) now[APPLICATION_FINGERPRINT_KEY] = applicationFingerprint(application.traits);
  return staleScopes(plan.fingerprint, now);
}
