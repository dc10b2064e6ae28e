import { loadValidManifest, planFromManifest, type PlanRequest, type PlanResult } from '../api/plan.js';
import { CmdsyncError } from '../errors.js';
import type { LoadedManifest } from '../manifest/load.js';
import type { Plan } from '../plan/model.js';
import type { SyncTarget } from './target.js';

/**
 * Plan's side of the workflow: what the target must be able to do for this
 * manifest, then load → read the remote → plan (api/plan.ts). A plan reads
 * only; it never writes.
 */

export type SyncPlanRequest = Omit<PlanRequest, 'client' | 'applicationId' | 'canEditPermissions'> & { target: SyncTarget };

/** Whether this plan reads (and so manages) the manifest's webhooks: declared, and the global part is in the run. */
function managesWebhooks(manifest: LoadedManifest, only: PlanRequest['only']): boolean {
  return manifest.webhooks.length > 0 && (!only || only.global === true);
}

/**
 * Webhooks are read and written with a bot token; the bearer token client
 * credentials give is refused there (401). Said before the first request,
 * by name, rather than as the service's bare 401.
 */
export function checkTargetFor(manifest: LoadedManifest, target: SyncTarget, only?: PlanRequest['only']): void {
  if (managesWebhooks(manifest, only) && target.client.appAuth === 'client-credentials') {
    throw new CmdsyncError(
      'WEBHOOKS_NEED_BOT_TOKEN',
      `${manifest.root.display} declares webhooks, and managing webhooks needs a bot token: set DISCORD_TOKEN (client credentials, DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, can manage commands only).`,
    );
  }
}

export async function planSync(req: SyncPlanRequest): Promise<PlanResult> {
  const { target, ...rest } = req;
  const loaded = req.loaded ?? loadValidManifest(req.manifestPath, req.cwd, req.env);
  checkTargetFor(loaded.manifest, target, req.only);
  return planFromManifest({ ...rest, loaded, client: target.client, applicationId: target.applicationId, canEditPermissions: target.canEditPermissions });
}

/** Why a plan cannot be applied as it is: its blocking findings, then the scopes it could not read (with why). Empty when it can. */
export function planBlockers(plan: Plan): string[] {
  return [...plan.errors.map((e) => e.message), ...plan.warnings.filter((w) => w.code === 'scope-skipped').map((w) => w.message)];
}
