import { CmdsyncError } from '../errors.js';
import { massDeletions, type Plan } from '../plan/model.js';
import { checkPlanFreshness } from './freshness.js';
import type { SyncTarget } from './target.js';

/**
 * What must hold before apply's first write. Each check throws a typed
 * error, so the CLI and the Action say the same thing for the same refusal.
 */

/** A saved plan is applied only for its own application and only while the remote is as it was read (Terraform's stale-plan check). */
export async function checkSavedPlan(plan: Plan, target: SyncTarget): Promise<void> {
  if (target.applicationId !== plan.application_id) {
    throw new CmdsyncError(
      'PLAN_APPLICATION_MISMATCH',
      `The plan is for application ${plan.application_id}, but the credentials are for ${target.applicationId}.`,
    );
  }
  const stale = await checkPlanFreshness(plan, target.client);
  if (stale.length > 0) {
    throw new CmdsyncError(
      'PLAN_STALE',
      `Saved plan is stale: the remote changed since it was made (${stale.join(', ')}). Run cmdsync plan again.`,
    );
  }
}

/** Unattended (auto-approved or a saved plan), emptying a scope needs its own yes: a typo in an include can ask for it. */
export function checkMassDelete(plan: Plan, opts: { unattended: boolean; allowMassDelete: boolean }): void {
  const mass = massDeletions(plan.scopes);
  if (mass.length > 0 && !opts.allowMassDelete && opts.unattended) {
    const what = mass.map((m) => `${m.delete} of the ${m.remote} commands of ${m.scope}`).join(', ');
    throw new CmdsyncError(
      'MASS_DELETE_REFUSED',
      `Refusing to delete ${what} without approval. Check the manifest; if this is what you meant, run apply again with --allow-mass-delete.`,
    );
  }
}

/** How an apply is approved: already (auto-approved, or a saved plan, reviewed when it was made), or by a person asked now. */
export type Approval = 'given' | 'ask';

/** With nobody to ask (no terminal) and no approval given, apply refuses rather than guess. */
export function approvalOf(how: { savedPlan: boolean; autoApprove: boolean; canAsk: boolean }): Approval {
  if (how.savedPlan || how.autoApprove) return 'given';
  if (!how.canAsk) {
    throw new CmdsyncError(
      'APPROVAL_REQUIRED',
      'apply needs approval: run it in a terminal to answer the prompt, pass --auto-approve, or apply a saved plan (cmdsync plan --out plan.json; cmdsync apply plan.json).',
    );
  }
  return 'ask';
}
