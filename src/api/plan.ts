/**
 * `planFromManifest()`: the plan of a manifest against the remote a client
 * reaches, for code that drives cmdsync. A thin entry over the workflow in
 * `src/sync/` (load → read the remote → plan), which the CLI and the GitHub
 * Action run too.
 */
import type { RestClient } from '../remote/http/client.js';
import { planSync, type PlanRequest, type PlanResult } from '../sync/plan.js';

export type { PlanResult } from '../sync/plan.js';
export { ManifestErrorsError } from '../sync/load.js';

export type PlanFromManifestRequest = Omit<PlanRequest, 'target'> & {
  client: RestClient;
  /** The application to plan for (the manifest's, or DISCORD_APPLICATION_ID). */
  applicationId: string;
  /** A user bearer token is available, so permission sets can be written. */
  canEditPermissions: boolean;
};

export function planFromManifest(req: PlanFromManifestRequest): Promise<PlanResult> {
  const { client, applicationId, canEditPermissions, ...rest } = req;
  return planSync({ ...rest, target: { client, applicationId, canEditPermissions } });
}
