import type { LoadedManifest } from '../manifest/load.js';
import { desiredWebhooks } from '../manifest/desired.js';
import type { LockFile } from '../manifest/lock.js';
import { webhookChannelsToRead } from '../plan/webhooks.js';
import { fetchActualState, type SkippedScope } from '../remote/read/actual.js';
import { fetchActualWebhooks } from '../remote/read/actual-webhooks.js';
import { fetchApplication, type RemoteApplication } from '../remote/read/application.js';
import type { RestClient } from '../remote/http/client.js';
import { scopeKey } from '../wire/scope.js';
import type { State, WebhookSetState, WebhookState } from '../wire/state.js';
import { permissionGuilds } from './scopes.js';

/**
 * The workflow's second step: what the remote holds now, for the scopes the
 * run plans. GET requests only, each declared scope read once, the scopes,
 * the webhooks' channels and the application concurrently.
 */

/** Told how many scopes will be read, then as each is read or skipped (progress output). */
export interface ReadProgress {
  start(scopes: number): void;
  scopeDone(scopeKey: string, outcome: 'read' | 'skipped'): void;
}

export interface RemoteRead {
  actual: State;
  /** Declared guilds that could not be read, and why: left alone by the plan. */
  skipped: SkippedScope[];
  /** The manifest's webhooks and those found, when the run manages webhooks. */
  webhooks?: { desired: WebhookSetState; actual: WebhookState[] };
  application: RemoteApplication;
  /** GET requests spent. */
  reads: number;
}

export interface ReadRequest {
  client: RestClient;
  applicationId: string;
  manifest: LoadedManifest;
  desired: State;
  lock: LockFile;
  withWebhooks: boolean;
  progress?: ReadProgress;
}

export async function readRemote(req: ReadRequest): Promise<RemoteRead> {
  const { client, applicationId, desired, progress } = req;
  const scopes = desired.scopes.map((s) => s.scope);
  progress?.start(scopes.length);
  const [{ state: actual, reads, skipped }, hooks, application] = await Promise.all([
    fetchActualState(client, applicationId, scopes, permissionGuilds(desired), (scope, outcome) =>
      progress?.scopeDone(scopeKey(scope), outcome),
    ),
    req.withWebhooks ? readWebhooks(client, req.manifest, req.lock) : undefined,
    fetchApplication(client, applicationId),
  ]);
  return {
    actual,
    skipped,
    ...(hooks ? { webhooks: { desired: hooks.desired, actual: hooks.actual } } : {}),
    application,
    reads: reads + (hooks?.reads ?? 0) + application.reads,
  };
}

async function readWebhooks(client: RestClient, manifest: LoadedManifest, lock: LockFile) {
  const desired = desiredWebhooks(manifest);
  const { webhooks: actual, reads } = await fetchActualWebhooks(
    client,
    webhookChannelsToRead(desired, lock.intents ?? []),
    Object.keys(lock.webhooks),
  );
  return { desired, actual, reads };
}
